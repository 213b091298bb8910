"""docs/security.md "Staff accounts": the accounts store's anchor lies off the table's data folder. Root pins the
store (its key and its first admin) in a file the table only reads, and the table's journal records the store it
logs people in with: a store deleted and bootstrapped anew, re-signed with a new key, rewritten with its own key or
cut at its end is refused, and `users list` of it prints nothing as if it were valid."""

import base64
import json
import sqlite3
from pathlib import Path

import pytest
from cli_kit import rptable_said
from tables import acknowledged

from controller.engine import IllegalCommand
from controller.table.audit.verify import verify_journal_file
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.rule_files import load_preset
from controller.table.security.accounts_pin import PIN_ENV
from controller.table.security.signing import SigningKey, table_key
from controller.table.security.users import UserStore, _signed_text, account_hash

ROOT, VERA, ANNA = "pin-4821", "vera-7314", "anna-5531"


@pytest.fixture
def pin(tmp_path, monkeypatch):
    path = tmp_path / "etc" / "accounts.pin"
    monkeypatch.setenv(PIN_ENV, str(path))
    return path


def staffed(users: Path) -> None:
    assert rptable_said("users", "--users", str(users), "bootstrap", "root", stdin=f"{ROOT}\n")[0] == 0
    for name, role, secret in (("vera", "pit_boss", VERA), ("anna", "dealer", ANNA)):
        status, _, err = rptable_said("users", "--users", str(users), "add", name, "--role", role,
                                      "--admin", "root", stdin=f"{ROOT}\n{secret}\n")
        assert status == 0, err


def without_guards(users: Path) -> sqlite3.Connection:
    """What a person with the file and sqlite3 can do: drop the guards, then change rows."""
    db = sqlite3.connect(users)
    db.executescript("DROP TRIGGER IF EXISTS account_events_no_update; "
                     "DROP TRIGGER IF EXISTS account_events_no_delete;")
    return db


def resigned(users: Path, key: SigningKey, edit=lambda rows: rows) -> None:
    """The store's events, edited, re-hashed and re-signed with `key`; its head file written to match."""
    db = without_guards(users)
    rows = edit([list(r) for r in db.execute("SELECT seq, at, actor, action, name, detail FROM account_events "
                                             "ORDER BY seq")])
    db.execute("DELETE FROM account_events")
    prev = "0" * 64
    for seq, at, actor, action, name, detail in rows:
        digest = account_hash(seq, at, actor, action, name, detail, prev)
        sig = base64.b64encode(key.sign(_signed_text(digest))).decode()
        db.execute("INSERT INTO account_events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (seq, at, actor, action, name, detail, prev, digest, sig))
        prev = digest
    db.commit()
    db.close()
    Path(f"{users}.head").write_text(json.dumps({"seq": len(rows), "hash": prev}))


def test_accounts_pin_a_store_deleted_and_bootstrapped_anew_makes_nobody_admin(tmp_path, pin):
    users = tmp_path / "data" / "users.db"
    staffed(users)
    status, _, err = rptable_said("users", "--users", str(users), "anchor", "--out", str(pin))
    assert status == 0 and "pinned" in err
    for path in users.parent.glob("users.db*"):
        path.unlink()
    status, out, err = rptable_said("users", "--users", str(users), "bootstrap", "evil",
                                    stdin="evil-4821\n")
    assert status == 1 and "pinned" in err and "are gone" in err and out == ""
    status, out, err = rptable_said("users", "--users", str(users), "list")
    assert status == 1 and out == "" and "tampered" in err


def test_accounts_pin_a_store_re_signed_with_a_new_key_is_tampered(tmp_path, pin):
    users = tmp_path / "data" / "users.db"
    staffed(users)
    assert rptable_said("users", "--users", str(users), "anchor", "--out", str(pin))[0] == 0
    Path(f"{users}.key").unlink()
    forger = SigningKey.load_or_create(Path(f"{users}.key"))  # a key of the forger's own, in the store's place
    resigned(users, forger)
    status, out, err = rptable_said("users", "--users", str(users), "list")
    assert status == 1 and out == "" and "not the one pinned" in err


def test_accounts_head_events_cut_from_the_end_with_the_head_file_deleted_are_found(tmp_path):
    users = tmp_path / "data" / "users.db"
    staffed(users)
    db = without_guards(users)
    db.execute("DELETE FROM account_events WHERE name = 'anna'")  # the last account added, cut off the end
    db.commit()
    db.close()
    Path(f"{users}.head").unlink()
    status, out, err = rptable_said("users", "--users", str(users), "list")
    assert status == 1 and out == "" and "head file users.db.head is missing" in err


def test_accounts_seen_a_store_rewritten_with_its_own_key_is_refused_by_the_journal_that_saw_it(
        tmp_path):
    users = tmp_path / "data" / "users.db"
    staffed(users)
    store = UserStore(users)
    journal = Journal(tmp_path / "T1.journal")
    table = acknowledged(TableController(journal, load_preset("classic"), key=table_key("T1"), accounts=store))
    table.staff.sign_in(store.authenticate("anna", ANNA))
    journal.close()
    store.close()

    def anna_made_admin(rows):
        return [[*r[:5], r[5].replace('"role":"dealer"', '"role":"admin"')] for r in rows]

    resigned(users, SigningKey.load(Path(f"{users}.key")), anna_made_admin)  # with the store's own key
    store = UserStore(users)
    assert store.tampered is None  # the store alone cannot tell
    journal = Journal(tmp_path / "T1.journal")
    table = TableController(journal, key=table_key("T1"), accounts=store)
    fault = next(f for f in table.faults.values() if f.code == "ACCOUNTS")
    assert "no longer hold" in fault.text and "events were cut from their end or rewritten" in fault.text
    with pytest.raises(IllegalCommand):
        table.staff.sign_in(store.authenticate("vera", VERA))
    journal.close()
    store.close()


def test_accounts_seen_a_fresh_store_is_refused_until_a_pit_boss_accepts_it_journaled(tmp_path):
    users = tmp_path / "data" / "users.db"
    staffed(users)
    store = UserStore(users)
    path = tmp_path / "T1.journal"
    journal = Journal(path)
    table = acknowledged(TableController(journal, load_preset("classic"), key=table_key("T1"), accounts=store))
    table.staff.sign_in(store.authenticate("anna", ANNA))
    journal.close()
    store.close()
    for file in users.parent.glob("users.db*"):
        file.unlink()
    staffed(users)  # the same names, a new store: a new key and a new first admin
    store = UserStore(users)
    journal = Journal(path)
    table = TableController(journal, key=table_key("T1"), accounts=store)
    fault = next(f for f in table.faults.values() if f.code == "ACCOUNTS")
    assert "not those this table's journal has seen" in fault.text and "made anew" in fault.text
    with pytest.raises(IllegalCommand):
        table.staff.sign_in(store.authenticate("vera", VERA))
    with pytest.raises(IllegalCommand):
        table.staff.accept_accounts(store.authenticate("anna", ANNA), "a dealer cannot")
    journal.close()
    store.close()
    status, out, err = rptable_said("table", "accept-accounts", "--journal", str(path), "--users",
                                    str(users), "--pit-boss", "vera", "--reason", "the machine was set up again",
                                    stdin=f"{VERA}\n")
    assert status == 0, err
    assert "accepted by vera" in out
    store = UserStore(users)
    journal = Journal(path)
    table = TableController(journal, key=table_key("T1"), accounts=store)
    assert not any(f.code == "ACCOUNTS" for f in table.faults.values())
    table.staff.sign_in(store.authenticate("vera", VERA))  # a handover from anna: the new accounts are the table's
    accepted = [e for e in journal.entries() if e.kind == "table.accounts_seen" and e.payload.get("accepted_by")]
    assert [e.payload["accepted_by"] for e in accepted] == ["pit_boss:vera"]
    journal.close()
    store.close()
    assert verify_journal_file(str(path), "T1", cores=1).ok



def test_accounts_seen_a_checkpoint_written_before_tables_saw_their_accounts_is_still_the_table(tmp_path,
                                                                                               monkeypatch):
    """A journal's checkpoints written by an earlier rptable hold no "accounts": its table is the one its events
    make, as before (the checkpoint keeps the accounts only once the table has seen them)."""
    from forgery import raw_rows, rewrite

    from controller.opening.simulate import simulate
    from controller.table import controller
    from controller.table.journal.rows import entry_hash, payload_to_json
    from controller.table.security.signing import seal_message

    path = tmp_path / "T1.journal"
    key = table_key("T1")
    # A checkpoint every 5 rounds instead of the table's 50: what is told is a checkpoint's content, not when it
    # comes, and 7 rounds cost a tenth of 55.
    monkeypatch.setattr(controller, "CHECKPOINT_EVERY", 5)
    simulate(load_preset("classic"), 7, 3, journal_path=path, key=key)
    assert any(r[4] == "table.checkpoint" for r in raw_rows(path))

    out = []  # each checkpoint as an earlier rptable wrote it, the chain rehashed and resealed with the table's key
    for r in raw_rows(path):
        payload = json.loads(r[7])
        prev = out[-1][9] if out else "0" * 64
        if r[4] == "table.checkpoint":
            payload["present"].pop("accounts", None)
        if r[4] == "table.signature":
            payload.update(head=prev, sig=base64.b64encode(key.sign(seal_message("T1", r[0] - 1, prev))).decode())
        text = payload_to_json(payload)
        out.append([*r[:7], text, prev, entry_hash(*r[:7], text, prev)])
    rewrite(path, out)
    Path(f"{path}.head").unlink()
    report = verify_journal_file(str(path), "T1", cores=1)
    assert report.ok, report.reason
