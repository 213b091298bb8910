"""Signed history: each table's Ed25519 key seals every closed round, fault, override and table event, so that
`audit verify` (and the replica) catch a forged append or a rewritten and re-hashed journal with the table's
public key and no replica; overrides are checked against the accounts that existed then; a void or a large
adjustment needs a second pit boss; what the table creates is owner-only."""

from __future__ import annotations

import base64
import json
import shutil
import sqlite3
import stat
from pathlib import Path

import pytest
from forgery import raw_rows, rehash, rewrite
from jackpot_kit import ROYAL_FOR_BOX_1, deal_round, jackpot_rules
from tables import acknowledged
from test_journals_from_main import JOURNALS, unpack

from controller.engine import CloseBets, IllegalCommand, PlaceStakes
from controller.opening.simulate import simulate
from controller.table.audit.verify import VerifyWith, verify_journal_file
from controller.table.controller import TableController
from controller.table.journal import Journal, round_index
from controller.table.journal.rows import entry_hash, payload_to_json
from controller.table.rule_files import load_preset
from controller.table.security.signing import PublicKey, SigningKey, seal_message, table_key, table_key_path
from controller.table.security.users import Role, User, UserStore
from ui.cli import main
from ui.cli.audit import EXIT_END_UNWITNESSED, EXIT_NOT_CONFIRMED, EXIT_OTHER_KEY, EXIT_UNSIGNED

VERA, BORIS = "246813", "432187"


class Clock:
    def __init__(self):
        self.now = 1_750_000_000.0

    def __call__(self):
        self.now += 1.0
        return self.now


def signed_session(tmp_path: Path, rounds: int = 12) -> Path:
    path = tmp_path / "T1.journal"
    simulate(load_preset("classic"), rounds, 5, journal_path=path, key=table_key("T1"), faults="jam@20")
    return path


@pytest.fixture(scope="module")
def _signed_sessions(tmp_path_factory) -> tuple[dict[int, Path], Path]:
    """The signed sessions the stories read and change, played once for the module in a data folder of their own:
    each journal by its rounds, and the table's key that sealed them."""
    folder = tmp_path_factory.mktemp("signed-sessions")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RPTABLE_DATA_DIR", str(folder / "data"))
        played = {}
        for rounds in (12, 3):
            (folder / str(rounds)).mkdir()
            played[rounds] = signed_session(folder / str(rounds), rounds)
        return played, table_key_path("T1")


@pytest.fixture
def signed_copy(_signed_sessions, tmp_path):
    """signed_session(tmp_path, rounds) as a copy of the module's: the journal (its head file with it) in the
    story's folder, and the key that sealed it as the table's key in the story's data folder."""
    played, key = _signed_sessions

    def copy(rounds: int = 12) -> Path:
        mine = table_key_path("T1")
        assert not mine.exists(), "the story's table already has a key of its own: play its session instead"
        mine.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        shutil.copy2(key, mine)
        for file in played[rounds].parent.glob("T1.journal*"):
            shutil.copy2(file, tmp_path / file.name)
        return tmp_path / "T1.journal"

    return copy


def forged(path: Path) -> Path:
    """The forger also removes the head file, which would name the rewrite by itself."""
    Path(f"{path}.head").unlink(missing_ok=True)
    return path


def reindexed(path: Path) -> Path:
    """The forger rebuilds the round index beside the events he left, as the program would have written it."""
    db = sqlite3.connect(path)
    with db:
        for table in ("rounds", "round_links", "checkpoints"):
            db.execute(f"DELETE FROM {table}")
        round_index.build(db, "T1")
    db.close()
    return path


def verify(path: Path, *, given: bool = False, staff=None):
    key = table_key("T1").public if table_key_path("T1").exists() else None
    return verify_journal_file(str(path), "T1", cores=1, key=VerifyWith(key, "given" if given else "table", staff))


def verify_cli(capsys, path: Path, *extra: str) -> tuple[int, dict]:
    capsys.readouterr()
    status = main(["audit", "verify", "--journal", str(path), "--json", *extra])
    return status, json.loads(capsys.readouterr().out)


def test_signed_history_a_session_is_sealed_and_verifies_with_the_tables_key(tmp_path, signed_copy, capsys):
    path = signed_copy()
    pem = tmp_path / "T1.pem"
    assert main(["table", "pubkey", "--out", str(pem)]) == 0
    status, report = verify_cli(capsys, path, "--pubkey", str(pem))
    assert status == 0 and report["ok"] and report["signed"] and report["seals"] >= 2
    assert report["key_id"] == PublicKey.from_file(pem).key_id and report["key"] == "given"
    kinds = [row[4] for row in raw_rows(path)]
    assert kinds[-1] == "table.signature"  # the last commit ends with its seal


def test_signed_history_a_forged_resolution_appended_is_caught_with_no_replica(tmp_path, signed_copy, capsys):
    """With sqlite3 and hashlib alone: a fault resolved by `pit_boss:nobody`, appended with its hash right."""
    path = signed_copy()
    journal = Journal(path)
    TableController(journal, key=table_key("T1")).raise_fault("E04", "Jam in the shoe.", "sim://")
    journal.close()
    rows = raw_rows(path)
    fault = [json.loads(r[7])["fault_id"] for r in rows if r[4] == "table.fault"][-1]
    seq, prev, at = rows[-1][0] + 1, rows[-1][9], rows[-1][2] + 1
    payload = payload_to_json({"fault_id": fault, "actor": "pit_boss:nobody", "reason": "ok"})
    digest = entry_hash(seq, "T1", at, None, "table.fault_resolved", 1, "pit_boss:nobody", payload, prev)
    rewrite(path, [*rows, [seq, "T1", at, None, "table.fault_resolved", 1, "pit_boss:nobody", payload, prev, digest]])
    forged(path)
    for extra in ((), ("--pubkey", str(_pem(tmp_path)))):
        status, report = verify_cli(capsys, path, *extra)
        assert status == 1 and report["first_bad_event"] == seq and "never sealed" in report["reason"], report


def test_signed_history_a_rewritten_payment_with_every_hash_redone_is_caught(tmp_path, capsys):
    """An adjustment's amount changed and the chain re-hashed: the payments replay alone cannot see it (the
    adjustment is the pit boss's word), the seal after it can."""
    path = tmp_path / "T1.journal"
    journal = Journal(path)
    controller = acknowledged(TableController(journal, load_preset("classic"), clock=Clock(), key=table_key("T1")))
    for box in (1, 2):
        controller.submit(PlaceStakes(box, 10))
    controller.submit(CloseBets())
    controller.overrides.void_round(User("boris", Role.PIT_BOSS), "dispute")
    controller.overrides.adjust_payment(controller.round_id, 1, 40, User("boris", Role.PIT_BOSS), "short paid")
    journal.close()

    def raise_it(rows):
        return [[*r[:7], r[7].replace('"amount":40', '"amount":4000'), r[8]] if r[4] == "table.adjustment" else r
                for r in rows]

    rehash(path, raise_it)
    forged(path)
    status, report = verify_cli(capsys, path)
    adjusted = next(r[0] for r in raw_rows(path) if r[4] == "table.adjustment")
    assert status == 1 and report["first_bad_event"] == adjusted + 1
    assert "rewritten and the chain re-hashed" in report["reason"]


def test_signed_history_a_forger_resealing_with_his_own_key_is_caught_by_the_tables_key(tmp_path, signed_copy,
                                                                                      capsys):
    path = signed_copy()
    forger = SigningKey.generate()

    def reseal(rows):
        out = []
        for r in rows:
            if r[4] == "table.signature":
                seal = json.loads(r[7])
                head = out[-1]
                sig = forger.sign(seal_message("T1", head[0], head[9]))
                seal.update(key=forger.public.key_id, head=head[9], public=forger.public.text(),
                            sig=base64.b64encode(sig).decode())
                r = [*r[:7], payload_to_json(seal)]
            digest = entry_hash(*r[:8], out[-1][9] if out else "0" * 64)
            out.append([*r[:8], out[-1][9] if out else "0" * 64, digest])
        return out

    rewrite(path, reseal([r[:8] for r in raw_rows(path)]))
    forged(path)
    status, report = verify_cli(capsys, path, "--pubkey", str(_pem(tmp_path)))
    assert status == EXIT_OTHER_KEY and "not the table's key" in report["reason"]
    assert report["verdict"] == "OTHER_KEY" and report["other_key"] == forger.public.key_id
    table_key_path("T1").unlink()  # elsewhere, with no key: the journal's own seals agree, but are unconfirmed
    status, report = verify_cli(capsys, path)
    assert status == EXIT_NOT_CONFIRMED and report["signed"] and report["key"] == "journal"
    assert report["ok"] and report["verdict"] == "NOT_CONFIRMED"
    capsys.readouterr()
    assert main(["audit", "verify", "--journal", str(path)]) == EXIT_NOT_CONFIRMED
    assert "NOT CONFIRMED" in capsys.readouterr().out


def test_signed_history_seals_stripped_are_refused_when_the_tables_key_is_given(tmp_path, signed_copy, capsys):
    path = signed_copy()
    pem = _pem(tmp_path)

    def strip(rows):
        kept = [r for r in rows if r[4] != "table.signature"]
        return [[i + 1, *r[1:]] for i, r in enumerate(kept)]

    rehash(path, strip)
    forged(reindexed(path))
    status, report = verify_cli(capsys, path, "--pubkey", str(pem))
    assert status == 1 and "holds no seal" in report["reason"]
    table_key_path("T1").unlink()  # elsewhere, with no key: nothing proves who wrote it, and the exit says so
    status, report = verify_cli(capsys, path)
    assert status == EXIT_UNSIGNED and report["ok"] and not report["signed"] and report["verdict"] == "UNSIGNED"


def test_signed_history_a_tail_cut_at_a_seal_with_its_head_file_removed_is_not_passed_as_whole(tmp_path, signed_copy,
                                                                                               capsys):
    """Every event after a seal removed, and the head file that names the last one: each event left is whole
    and sealed, but nothing beside the journal vouches for where it ends."""
    path = signed_copy()
    rows = raw_rows(path)
    seals = [i for i, r in enumerate(rows) if r[4] == "table.signature"]
    cut = rows[:seals[-2] + 1]
    assert len(cut) < len(rows)
    rewrite(path, cut)
    reindexed(path)
    status, report = verify_cli(capsys, path)
    assert status == 1 and "head file" in report["reason"]  # with its head file the cut shows by itself
    forged(path)
    status, report = verify_cli(capsys, path)
    assert status == EXIT_END_UNWITNESSED and report["ok"] and report["verdict"] == "END_UNWITNESSED"
    capsys.readouterr()
    assert main(["audit", "verify", "--journal", str(path)]) == EXIT_END_UNWITNESSED
    assert "END UNWITNESSED: there is no head file (T1.journal.head)" in capsys.readouterr().out


@pytest.mark.parametrize("name", JOURNALS)
def test_signed_history_journals_from_before_signing_are_said_unsigned(tmp_path, name, capsys):
    path = unpack(name, tmp_path)
    status, report = verify_cli(capsys, path)
    assert status == EXIT_UNSIGNED and report["ok"] and report["signed"] is False and report["seals"] == 0
    capsys.readouterr()
    assert main(["audit", "verify", "--journal", str(path)]) == EXIT_UNSIGNED
    assert "UNSIGNED: " in capsys.readouterr().out


def test_signed_history_an_old_journal_played_on_is_sealed_from_then_on(tmp_path, capsys):
    path = unpack(JOURNALS[0], tmp_path)
    simulate_on = Journal(path, "T1")
    TableController(simulate_on, key=table_key("T1")).raise_fault("E04", "Jam.", "sim://")
    simulate_on.close()
    status, report = verify_cli(capsys, path, "--pubkey", str(_pem(tmp_path)))
    assert status == 0 and report["signed"] and report["seals"] == 2  # the journal's upgrade (its round index
    # built, journaled as it was opened) and the fault: each commit sealed


def test_overrides_a_made_up_pit_boss_is_refused_by_the_table(tmp_path):
    accounts = _staff(tmp_path)
    journal = Journal(tmp_path / "T1.journal")
    controller = acknowledged(TableController(journal, load_preset("classic"), clock=Clock(), accounts=accounts))
    controller.raise_fault("E04", "Jam.", "sim://")
    with pytest.raises(IllegalCommand, match="no enabled pit boss's account"):
        controller.overrides.resolve_fault("F1", User("nobody", Role.PIT_BOSS), "cleared")
    controller.overrides.resolve_fault("F1", accounts.authenticate("vera", VERA, need=Role.PIT_BOSS), "cleared")
    journal.close()


def test_r_jackpot_3_a_made_up_pit_boss_cannot_confirm_a_jackpot_hit(tmp_path):
    accounts = _staff(tmp_path)
    journal = Journal(tmp_path / "T1.journal")
    controller = acknowledged(TableController(journal, jackpot_rules(), clock=Clock(), accounts=accounts))
    round_id = deal_round(controller, ROYAL_FOR_BOX_1)
    with pytest.raises(IllegalCommand, match="may not confirm a jackpot"):
        controller.jackpot.record_paid(round_id, 1, 1, 100_000, User("nobody", Role.PIT_BOSS))
    vera = accounts.authenticate("vera", VERA, need=Role.PIT_BOSS)
    assert controller.jackpot.record_paid(round_id, 1, 1, 100_000, vera)
    journal.close()


def test_overrides_verify_checks_the_account_held_the_role_at_that_moment(tmp_path, capsys):
    accounts = _staff(tmp_path)
    journal = Journal(tmp_path / "T1.journal")
    # No accounts: an API caller.
    controller = acknowledged(TableController(journal, load_preset("classic"), clock=Clock()))
    controller.raise_fault("E04", "Jam.", "sim://")
    controller.overrides.resolve_fault("F1", User("nobody", Role.PIT_BOSS), "cleared")
    journal.close()
    accounts.close()
    users = str(tmp_path / "users.db")
    status, report = verify_cli(capsys, tmp_path / "T1.journal", "--staff", "--users", users)
    assert status == 1 and "pit_boss:nobody had no enabled pit boss's account" in report["reason"]
    status, report = verify_cli(capsys, tmp_path / "T1.journal")  # the prefix alone would pass it (unsealed)
    assert status == EXIT_UNSIGNED and report["ok"]


def test_two_people_a_void_above_the_tables_limit_needs_a_second_pit_boss(tmp_path, capsys):
    accounts = _staff(tmp_path)
    vera = accounts.authenticate("vera", VERA, need=Role.PIT_BOSS)
    boris = accounts.authenticate("boris", BORIS, need=Role.PIT_BOSS)
    journal = Journal(tmp_path / "T1.journal")
    controller = acknowledged(TableController(journal, load_preset("classic"), clock=Clock(), accounts=accounts))
    controller.overrides.set_two_person_limit(100, vera, "house policy")
    for box in (1, 2, 3):
        controller.submit(PlaceStakes(box, 50))
    controller.submit(CloseBets())
    with pytest.raises(IllegalCommand, match="a second pit boss must approve"):
        controller.overrides.void_round(vera, "dispute")
    with pytest.raises(IllegalCommand, match="another person"):
        controller.overrides.void_round(vera, "dispute", second=vera)
    controller.overrides.void_round(vera, "dispute", second=boris)
    controller.overrides.adjust_payment(controller.round_id, 1, 50, vera, "small")  # below the limit: one is enough
    journal.close()
    status, report = verify_cli(capsys, tmp_path / "T1.journal")  # whole, and unsealed (no table key given)
    assert status == EXIT_UNSIGNED and report["ok"]
    rehash(tmp_path / "T1.journal", lambda rows: [[i + 1, *r[1:]] for i, r in enumerate(
        r for r in rows if r[4] != "table.second_person")])
    forged(tmp_path / "T1.journal")
    status, report = verify_cli(capsys, tmp_path / "T1.journal")
    assert status == 1 and "without a second pit boss's approval" in report["reason"]


def test_closed_files_every_file_the_table_creates_is_owner_only(tmp_path, own_data_folder):
    path = signed_session(tmp_path)
    _staff(tmp_path).close()
    created = [p for p in [*tmp_path.rglob("*"), *own_data_folder.rglob("*")] if p.exists()]
    modes = {str(p): oct(stat.S_IMODE(p.stat().st_mode)) for p in created}
    assert any(name.endswith("T1.key") for name in modes) and any(name.endswith(".head") for name in modes)
    assert str(path) in modes and any(name.endswith("users.db.key") for name in modes)
    for name, mode in modes.items():
        assert int(mode, 8) & 0o077 == 0, f"{name} is {mode}"


def test_closed_files_an_existing_wider_file_is_reported(tmp_path, capsys):
    path = tmp_path / "T1.journal"
    signed_session(tmp_path, rounds=2)
    path.chmod(0o644)
    capsys.readouterr()
    assert main(["simulate", "--rules", "classic", "--rounds", "3", "--seed", "5", "--journal", str(path)]) == 0
    assert "is open to its group and others (mode 0644)" in capsys.readouterr().err


def test_closed_files_exports_and_reports_need_a_pit_boss_login(tmp_path, signed_copy, capsys, monkeypatch):
    path = signed_copy(3)
    _staff(tmp_path).close()
    users = ["--users", str(tmp_path / "users.db")]
    out = tmp_path / "shift.csv"
    assert main(["audit", "export", "--journal", str(path), "--format", "csv", "--out", str(out), *users]) == 1
    assert "needs a pit boss's login" in capsys.readouterr().err and not out.exists()
    monkeypatch.setenv("RPTABLE_PIN", "999999")
    assert main(["audit", "export", "--journal", str(path), "--out", str(out), "--login", "vera", *users]) == 1
    monkeypatch.setenv("RPTABLE_PIN", VERA)
    assert main(["audit", "export", "--journal", str(path), "--out", str(out), "--login", "vera", *users]) == 0
    monkeypatch.setenv("RPTABLE_LOGIN", "vera")
    assert main(["audit", "report", "--journal", str(path), "--out", str(tmp_path / "r"), *users]) == 0
    assert out.exists() and (tmp_path / "r" / "report.csv").exists()


def _pem(tmp_path: Path) -> Path:
    pem = tmp_path / "T1.pem"
    pem.write_text(table_key("T1").public.pem())
    return pem


def _staff(tmp_path: Path) -> UserStore:
    store = UserStore(tmp_path / "users.db")
    root = store.bootstrap("root", "991357")
    store.add("vera", Role.PIT_BOSS, VERA, by=root)
    store.add("boris", Role.PIT_BOSS, BORIS, by=root)
    return store


def test_closed_files_the_accounts_files_are_sqlite_with_no_other_table(tmp_path):
    _staff(tmp_path).close()
    db = sqlite3.connect(tmp_path / "users.db")
    assert [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")] == ["account_events"]
    db.close()


def _cut_after_a_seal_with_a_head_naming_the_new_end(path: Path, head: dict) -> None:
    """The forger cuts every event after a seal and writes a head file that names the new end."""
    rows = raw_rows(path)
    seals = [i for i, r in enumerate(rows) if r[4] == "table.signature"]
    cut = rows[:seals[-2] + 1]
    rewrite(path, cut)
    reindexed(path)
    record = {"format": "rptable-journal-head/1", "table": "T1", "seq": cut[-1][0], "hash": cut[-1][9], **head}
    Path(f"{path}.head").write_bytes(json.dumps(record).encode().ljust(1023) + b"\n" + b"\x00" * 3072)


def test_signed_history_the_head_file_is_signed_a_cut_behind_a_head_written_by_hand_is_not_proven(tmp_path, signed_copy,
                                                                                                  capsys):
    path = signed_copy()
    Journal(path, "T1").close()  # opened for writing again and closed with no commit, no key given to it
    status, report = verify_cli(capsys, path)
    assert status == 0 and report["verdict"] == "OK"  # the writer's own head, signed with the table's key, kept
    _cut_after_a_seal_with_a_head_naming_the_new_end(path, {})
    status, report = verify_cli(capsys, path)
    assert status == EXIT_END_UNWITNESSED and report["verdict"] == "END_UNWITNESSED"
    capsys.readouterr()
    assert main(["audit", "verify", "--journal", str(path)]) == EXIT_END_UNWITNESSED
    assert "its head file (T1.journal.head) is not signed by the table's key" in capsys.readouterr().out


def test_signed_history_a_head_file_signed_by_another_key_is_refused(tmp_path, signed_copy, capsys):
    path = signed_copy()
    forger = SigningKey.generate()
    rows = raw_rows(path)
    seals = [i for i, r in enumerate(rows) if r[4] == "table.signature"]
    last = rows[seals[-2]]
    from controller.table.journal.head import head_message

    sig = base64.b64encode(forger.sign(head_message("T1", last[0], last[9]))).decode()
    _cut_after_a_seal_with_a_head_naming_the_new_end(path, {"key": forger.public.text(), "sig": sig})
    status, report = verify_cli(capsys, path)
    assert status == 1 and "not the table's key" in report["reason"] and "head file" in report["reason"]

