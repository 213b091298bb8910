"""Every damaged journal caught, nothing silently lost (docs/journal.md "The journal": "an event is durable before
it is shown"; "`audit verify` finds any edit, deletion or reordering"). A failing machine's damage, byte by
byte: verify and recovery read the whole file, give one answer on any number of cores, never write on a
journal that does not verify, and `audit salvage` keeps what is intact."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_kit import rptable, rptable_said
from damage import change_table_id, copy_alone, row_offset, settled, stored_rows
from env_kit import with_test_env
from forgery import raw_rows, rewrite
from kills import kill_after_commits, simulate_command
from tables import acknowledged

from controller.engine import PlaceStakes
from controller.opening.salvage import salvage
from controller.opening.simulate import simulate
from controller.table.audit.verify import verify_journal_file
from controller.table.controller import TableController
from controller.table.journal import Journal, JournalDamaged, JournalError, NewEvent
from controller.table.journal.head import JournalBusy, head_path, read_head
from controller.table.qa.autoplay import QA_PIT_BOSS
from controller.table.rule_files import load_preset
from ui.cli.audit import EXIT_UNSIGNED

# Exports and reports need a pit boss's login: given through the environment, as a script gives it.
pytestmark = pytest.mark.usefixtures("pit_boss_login")

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'hardware-sim'}"}


@pytest.fixture(scope="module")
def session(simulated_journal) -> Path:
    """310 rounds of a simulated table (18,860 events), closed cleanly: the issue's journal."""
    return settled(simulated_journal(310, 5))


@pytest.fixture(scope="module")
def short_session(simulated_journal) -> Path:
    """12 rounds of a simulated table, closed cleanly: for the stories whose claim is not about the journal's size
    (each command run on it is a process of its own, reading the whole file)."""
    return settled(simulated_journal(12, 5))


@pytest.fixture
def table_id_changed(session: Path, tmp_path: Path) -> Path:
    """The issue's damage: one byte, the table id of event 9,000's row."""
    path = copy_alone(session, tmp_path / "T1.journal")
    change_table_id(path, 9000)
    return path


def last_checkpoint(path: Path) -> int:
    with Journal(path, readonly=True) as journal:
        checkpoint = journal.last_checkpoint()
    assert checkpoint is not None
    return checkpoint.seq


@pytest.fixture
def tail_changed(session: Path, tmp_path: Path) -> tuple[Path, int]:
    """The same damage after the journal's last checkpoint, where the table's present is read from: the
    journal and the event changed."""
    path = tmp_path / "T1.journal"
    for seq in range(last_checkpoint(session) + 200, last_checkpoint(session) + 400):
        copy_alone(session, path)
        change_table_id(path, seq)  # the first copy of a row's key in the file may be a b-tree's divider
        if any(row[1] == "T3" for row in stored_rows(path)):
            return path, seq
    raise AssertionError("no row after the last checkpoint was found in the file")


def test_verify_whole_file_a_changed_table_id_byte_is_named_on_any_number_of_cores(table_id_changed: Path) -> None:
    answers = [verify_journal_file(str(table_id_changed), cores=cores, parallel_from=1000).to_dict()
               for cores in (1, 2, 4)]
    assert answers[0] == answers[1] == answers[2]
    assert not answers[0]["ok"] and answers[0]["first_bad_event"] == 9000 and answers[0]["intact"] == 8999
    assert "table 'T3'" in answers[0]["reason"]


def test_verify_whole_file_the_command_exits_1_naming_the_event(table_id_changed: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = rptable_said("audit", "--journal", str(table_id_changed), "verify", "--json")
    report = json.loads(out)
    assert code == 1 and report["ok"] is False and report["first_bad_event"] == 9000


def test_recovery_refuses_a_damaged_journal_and_leaves_it_byte_for_byte(tail_changed: tuple[Path, int]) -> None:
    path, seq = tail_changed
    before = path.read_bytes()
    with pytest.raises(JournalDamaged, match=rf"event {seq}.*audit salvage") as refused:
        Journal(path)
    assert refused.value.damage.intact == seq - 1
    assert path.read_bytes() == before  # never written on, not even a checkpoint
    assert not head_path(path).exists()  # and nothing left beside it that says otherwise


def test_recovery_simulate_does_not_resume_a_damaged_journal_from_a_guess(tail_changed: tuple[Path, int]) -> None:
    path, _ = tail_changed
    before = path.read_bytes()
    out = rptable("simulate", "--rules", "classic", "--rounds", "320", "--seed", "5", "--journal", str(path))
    assert out.returncode == 1 and "damaged" in out.stderr and "Traceback" not in out.stderr
    assert path.read_bytes() == before  # no round written a second time


def test_recovery_an_event_changed_before_the_last_checkpoint_is_audit_verifys_to_name(session: Path,
                                                                                      tmp_path: Path) -> None:
    """The table's present is its last checkpoint and the events after it, checked whole at every start; the
    events before it were checked as they were written, and one changed there since (its hash no longer
    matches) is named by `audit verify`, the pit boss's check of the whole file, not by every start."""
    path = copy_alone(session, tmp_path / "T1.journal")
    shutil.copy(f"{session}.head", f"{path}.head")
    assert last_checkpoint(path) > 9000
    rows = raw_rows(path)
    rows[8999][7] = rows[8999][7].replace('"v":1', '"v":1 ')  # event 9000's payload, one byte more
    rewrite(path, rows)
    table = TableController(Journal(path))
    assert table.round_number == 310 and table.locked_reason is None
    table.journal.close()
    report = verify_journal_file(str(path))
    assert not report.ok and report.first_bad_event == 9000


def test_audit_views_of_a_damaged_journal_show_the_intact_part_and_say_so(table_id_changed: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = rptable_said("audit", "--journal", str(table_id_changed), "rounds", "--json")
    assert code == 1 and "WARNING: the journal is damaged" in err and "event 9000" in err
    assert len(json.loads(out)) == 148  # the rounds of events 1-8,999, and it says these are all it shows


def test_audit_salvage_keeps_the_intact_events_and_records_the_damage(table_id_changed: Path, tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    before = table_id_changed.read_bytes()
    target = tmp_path / "T1.salvaged.journal"
    code, out, _ = rptable_said("audit", "--journal", str(table_id_changed), "salvage", "--out", str(target))
    assert code == 0 and "events 1-8,999" in out and "JOURNAL" in out
    assert table_id_changed.read_bytes() == before  # read-only on the original
    with Journal(target, readonly=True) as journal:
        entries = list(journal.entries())
    assert [e.seq for e in entries] == list(range(1, 9002))  # the intact events, the fault and the table's seal
    assert entries[-1].kind == "table.signature"
    original = {row[0]: row for row in stored_rows(table_id_changed) if row[0] < 9000}
    assert all((e.hash, e.payload_json) == (original[e.seq][9], original[e.seq][7]) for e in entries[:-2])
    fault = entries[-2]
    assert fault.kind == "table.fault" and fault.payload["code"] == "JOURNAL" and "9000" in fault.payload["text"]
    assert verify_journal_file(str(target)).ok
    table = TableController(Journal(target))
    assert table.locked_reason is not None and "salvaged" in table.locked_reason  # a pit boss must clear it
    table.overrides.resolve_fault(fault.payload["fault_id"], QA_PIT_BOSS, "shoe and layout checked after the salvage")
    assert table.locked_reason is None
    table.journal.close()


def test_audit_salvage_replace_moves_the_damaged_files_aside_unchanged(table_id_changed: Path) -> None:
    before = table_id_changed.read_bytes()
    report = salvage(table_id_changed, replace=True)
    assert report.moved_to is not None and report.salvaged == str(table_id_changed)
    moved = Path(report.moved_to) / table_id_changed.name
    assert moved.read_bytes() == before
    assert verify_journal_file(str(table_id_changed)).ok  # the table's own name now holds the salvaged journal


def unreadable_page(path: Path, at: int) -> None:
    with open(path, "r+b") as raw:
        raw.seek(at // 4096 * 4096)
        raw.write(b"\xde\xad" * 2048)


def test_verify_whole_file_an_unreadable_page_is_damage_not_a_traceback(session: Path, tmp_path: Path) -> None:
    path = copy_alone(session, tmp_path / "T1.journal")
    unreadable_page(path, path.stat().st_size // 2)
    report = verify_journal_file(str(path), cores=1)
    assert not report.ok and report.intact < 18_860


def test_recovery_an_unreadable_page_after_the_last_checkpoint_is_damage_not_a_traceback(session: Path,
                                                                                         tmp_path: Path) -> None:
    path = copy_alone(session, tmp_path / "T1.journal")
    unreadable_page(path, row_offset(path.read_bytes(), 18_800))  # the page of one of the last rounds' events
    assert not verify_journal_file(str(path), cores=1).ok
    with pytest.raises(JournalError):
        Journal(path)


# -- a -wal lost after a kill -----------------------------------------------------------------------------
def killed_session(journal: Path, commits: int) -> int:
    """A simulated table committing every command, killed with SIGKILL after `commits` commits: the last seq
    it had shown."""
    return int(kill_after_commits(simulate_command(journal, 2000, 3, "command"), commits))


def half_the_valid_frames(wal: Path) -> int:
    """Where to cut a -wal so that it keeps the first half of the frames SQLite would still read from it: those
    after its header that carry its salt (a -wal is reused from its start after each checkpoint, so the frames of
    an earlier use may follow)."""
    data = wal.read_bytes()
    page_size, salt = int.from_bytes(data[8:12], "big"), data[16:24]
    frame, at, valid = 24 + page_size, 32, 0
    while at + frame <= len(data) and data[at + 8:at + 16] == salt:
        at, valid = at + frame, valid + 1
    return 32 + frame * (valid // 2)


@pytest.fixture(scope="module")
def killed_after_1500_commits(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A table killed after 1,500 commits, long enough for SQLite to have moved earlier commits into the file: its
    folder as the kill left it (the journal, its -wal, -shm and head file) and the last seq it had shown. Each
    story loses the -wal of a copy of its own."""
    folder = tmp_path_factory.mktemp("killed")
    return folder, killed_session(folder / "T1.journal", 1500)


@pytest.mark.parametrize("loss", ["deleted", "cut"])
def test_recovery_a_wal_lost_after_a_kill_is_never_silent(killed_after_1500_commits: tuple[Path, int],
                                                          tmp_path: Path, loss: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    killed, shown = killed_after_1500_commits
    for left in killed.iterdir():  # copied as the kill left them, no process holding them: a power cut's image
        shutil.copyfile(left, tmp_path / left.name)
    journal = tmp_path / "T1.journal"
    wal = Path(f"{journal}-wal")
    assert wal.stat().st_size > 0  # the events of the last commits are in it
    if loss == "deleted":
        wal.unlink()
    else:
        with open(wal, "r+b") as file:
            file.truncate(half_the_valid_frames(wal))
    with Journal(journal, readonly=True) as reader:
        left = reader.last_seq
    assert left < shown  # events shown to the table are gone from the file...
    report = verify_journal_file(str(journal))
    assert not report.ok and report.first_bad_event == left + 1  # ...and it says so, up to the last one committed
    # (a commit may end with the table's seal after the events shown so far: the head file names it)
    committed = int(re.search(r"head file records event (\d+)", report.reason).group(1))
    assert shown <= committed <= shown + 2
    with pytest.raises(JournalDamaged, match="were committed"):
        Journal(journal)
    code, out, _ = rptable_said("audit", "--journal", str(journal), "salvage", "--out", str(tmp_path / "kept.journal"))
    assert code == 0 and f"events 1-{left:,}" in out


def test_recovery_a_wal_lost_with_every_event_in_it_is_never_silent(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    journal = tmp_path / "T1.journal"
    shown = killed_session(journal, 5)  # so early that even the journal's tables were only in its -wal
    Path(f"{journal}-wal").unlink()
    report = verify_journal_file(str(journal))
    # The table may commit once more between its last "committed" line read here and the kill.
    lost = re.search(r"events 1-(\d+) were committed", report.reason)
    assert not report.ok and report.first_bad_event == 1 and lost is not None and int(lost.group(1)) >= shown
    for action in (["recall"], ["rounds", "--limit", "3"], ["show", "1"]):  # the audit's readers say it too
        code, _, err = rptable_said("audit", "--journal", str(journal), *action)
        assert code == 1 and "is damaged: events 1-" in err and "not an rptable journal" not in err, err
    with pytest.raises(JournalDamaged, match="were committed"):
        Journal(journal)


# -- one writer ---------------------------------------------------------------------------------------------
def test_one_writer_a_second_journal_in_the_same_program_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "T1.journal"
    with Journal(path) as first:
        first.append([NewEvent("table.note", {"n": 1}, 1.0)])
        with pytest.raises(JournalBusy, match=rf"open in process {os.getpid()} \("):
            Journal(path)
        with Journal(path, readonly=True) as reader:  # readers are never refused
            assert reader.last_seq == 1


def test_one_writer_deleting_the_head_file_does_not_let_a_second_writer_in(tmp_path: Path) -> None:
    """The lock is on the journal file itself: a head file deleted, or replaced by an empty
    one, leaves the first writer's lock where it was, and the second is told the first one's pid."""
    path = tmp_path / "T1.journal"
    with Journal(path) as first:
        first.append([NewEvent("table.note", {"n": 1}, 1.0)])
        head_path(path).unlink()
        with pytest.raises(JournalBusy, match=rf"open in process {os.getpid()}\b"):
            Journal(path)
        head_path(path).write_bytes(b"")
        with pytest.raises(JournalBusy, match=rf"open in process {os.getpid()}\b"):
            Journal(path)
        first.append([NewEvent("table.note", {"n": 2}, 2.0)])  # the first writes on, alone
    with Journal(path, readonly=True) as reader:
        assert [e.payload["n"] for e in reader.entries()] == [1, 2]


def test_one_writer_a_head_file_deleted_or_replaced_while_the_journal_is_written_is_made_again(tmp_path: Path) -> None:
    path = tmp_path / "T1.journal"
    with Journal(path) as writer:
        writer.append([NewEvent("table.note", {"n": 1}, 1.0)])
        head_path(path).unlink()
        writer.append([NewEvent("table.note", {"n": 2}, 2.0)])
        assert read_head(path) is not None and read_head(path).seq == 2
        forged = '{"format": "rptable-journal-head/1", "table": "T1", "seq": 1, "hash": "x"}' + " " * 9000
        head_path(path).write_text(forged)  # written over in place
        writer.append([NewEvent("table.note", {"n": 3}, 3.0)])
        assert read_head(path).seq == 3 and head_path(path).stat().st_size == 4096
        (tmp_path / "forged").write_text(forged)
        (tmp_path / "forged").replace(head_path(path))  # another file put in its place
        writer.append([NewEvent("table.note", {"n": 4}, 4.0)])
        assert read_head(path).seq == 4 and head_path(path).stat().st_size == 4096
    assert verify_journal_file(str(path)).ok


def test_one_writer_a_second_simulate_is_refused_even_with_the_head_file_deleted(tmp_path: Path) -> None:
    journal = tmp_path / "T1.journal"
    first = subprocess.Popen([sys.executable, "-m", "ui.cli", "simulate", "--rules", "classic", "--rounds",
                              "100000", "--seed", "4", "--journal", str(journal), "--commit", "command",
                              "--progress"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=with_test_env(ENV), cwd=ROOT,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert first.stdout is not None and first.stdout.readline().startswith("committed")
        head_path(journal).unlink()
        second = rptable("simulate", "--rules", "classic", "--rounds", "2", "--seed", "4", "--journal",
                         str(journal))
        assert second.returncode == 1 and f"open in process {first.pid}" in second.stderr, second.stderr
        assert "simulate" in second.stderr and "Traceback" not in second.stderr
    finally:
        first.send_signal(signal.SIGINT)
        _, said = first.communicate(timeout=60)
    assert first.returncode == 130 and "UNIQUE" not in said, said  # the first never met the second's events
    report = verify_journal_file(str(journal))
    assert report.ok, report.reason


def test_one_writer_a_second_simulate_is_refused_naming_the_first(tmp_path: Path) -> None:
    journal = tmp_path / "T1.journal"
    first = subprocess.Popen([sys.executable, "-m", "ui.cli", "simulate", "--rules", "classic", "--rounds",
                              "100000", "--seed", "4", "--journal", str(journal), "--commit", "command",
                              "--progress"], stdout=subprocess.PIPE, text=True, env=with_test_env(ENV), cwd=ROOT,
                             # Ctrl-C reaches it even where the tests run in a background job, whose commands a
                             # shell starts with SIGINT ignored (Python then never installs its handler).
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert first.stdout is not None and first.stdout.readline().startswith("committed")
        second = rptable("simulate", "--rules", "classic", "--rounds", "100000", "--seed", "4", "--journal",
                         str(journal))
        assert second.returncode == 1 and f"open in process {first.pid}" in second.stderr
        assert "simulate" in second.stderr and "UNIQUE" not in second.stderr and "Traceback" not in second.stderr
    finally:
        first.send_signal(signal.SIGINT)
        first.wait(timeout=60)
    assert verify_journal_file(str(journal)).ok


def test_one_writer_a_second_console_is_refused_with_a_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "T1.journal"
    with Journal(path) as held:
        TableController(held, load_preset("classic"))
        code, _, err = rptable_said("console", "--journal", str(path), "--shoe", "sim://?rate=0")
    assert code == 1 and "is open in process" in err and "Traceback" not in err


# -- read-only media ----------------------------------------------------------------------------------------
def read_only(folder: Path) -> list[str] | None:
    """A command prefix that runs its command with `folder` on a read-only medium: as root, a read-only bind
    mount in a mount namespace of its own (root writes through any permission); else the folder's write
    permission taken away. None when neither can be had here."""
    if os.geteuid() != 0:
        os.chmod(folder, 0o555)
        return []
    script = f'mount --bind "{folder}" "{folder}" && mount -o remount,ro,bind "{folder}" "{folder}" && exec "$@"'
    probe = subprocess.run(["unshare", "-m", "sh", "-c", script, "sh", "true"], capture_output=True)
    return ["unshare", "-m", "sh", "-c", script, "sh"] if probe.returncode == 0 else None


@pytest.mark.program_pin_cost  # its staff are read by processes of their own
def test_read_only_media_every_audit_command_reads_the_journal(short_session: Path, tmp_path: Path) -> None:
    medium = tmp_path / "medium"
    medium.mkdir()
    journal = copy_alone(short_session, medium / "T1.journal")
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    prefix = read_only(medium)
    if prefix is None:
        pytest.skip("no way to make a folder read-only here")
    actions = (["verify", "--json"], ["rounds", "--json"], ["recall", "--json"], ["show", "2", "--json"],
               ["export", "--out", str(out_dir / "export.json")], ["report", "--out", str(out_dir)])
    try:
        # One process on the medium runs every action in turn (each opens the journal itself): a process each
        # proved no more than that each command reads it there.
        done = subprocess.run([*prefix, sys.executable, "-c", EVERY_ACTION, str(journal),
                               *(json.dumps(args) for args in actions)], capture_output=True, text=True,
                              env=with_test_env({**ENV, "PYTHONPATH": f"{ENV['PYTHONPATH']}{os.pathsep}{TESTS}"}),
                              cwd=ROOT, timeout=120)
        assert done.returncode == 0, done.stderr
        answers = [json.loads(line) for line in done.stdout.splitlines()]
        assert len(answers) == len(actions), done.stdout
        for args, (code, out, err) in zip(actions, answers, strict=True):
            # verify: whole, and unsealed (the session was written without the table's key), which it says
            assert code == (EXIT_UNSIGNED if args[0] == "verify" else 0), (args, err)
            if args[0] == "verify":
                assert json.loads(out)["ok"]
        assert sorted(p.name for p in medium.iterdir()) == ["T1.journal"]  # nothing written beside it
    finally:
        os.chmod(medium, 0o755)


TESTS = Path(__file__).resolve().parent
# `rptable audit --journal J ACTION...` for each action given (as JSON), one after another in this one process:
# a line each of [exit status, output, error].
EVERY_ACTION = """
import json, sys
from cli_kit import rptable
for action in sys.argv[2:]:
    done = rptable("audit", "--journal", sys.argv[1], *json.loads(action), env=None, cwd=None)
    print(json.dumps([done.returncode, done.stdout, done.stderr]))
"""


# -- a storage failure's reason ---------------------------------------------------------------------------
def test_storage_a_full_drive_still_leaves_the_faults_reason_for_the_restart(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "T1.journal"
    table = acknowledged(TableController(Journal(path), load_preset("classic")))
    table.submit(PlaceStakes(1, 10))
    pages = table.journal._db.execute("PRAGMA page_count").fetchone()[0]
    table.journal._db.execute(f"PRAGMA max_page_count = {pages}")  # the journal cannot grow...

    def no_room(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("builtins.open", no_room)  # ...and no new file can be written either
    monkeypatch.setattr(Path, "write_text", no_room)
    with pytest.raises(Exception, match="could not be written"):
        for i in range(300):
            table.raise_fault(f"E{i}", "reader noise " * 400, "sim://")
    monkeypatch.undo()
    table.journal.close()
    again = TableController(Journal(path))
    storage = [f for f in again.faults.values() if f.code == "STORAGE"]
    assert storage and "disk is full" in storage[0].text  # the reason itself, not an empty one
    again.journal.close()


def test_storage_a_head_file_beside_the_journal_is_all_the_writer_adds(tmp_path: Path) -> None:
    path = tmp_path / "T1.journal"
    simulate(load_preset("classic"), 2, 1, journal_path=path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["T1.journal", "T1.journal.head"]
    db = sqlite3.connect(path)
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    assert tables == ["events", "rounds", "round_links", "checkpoints"]  # the events, and their index
    db.close()


def test_one_writer_users_never_writes_account_tables_into_a_journal(session: Path, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    journal = copy_alone(session, tmp_path / "T1.journal")
    before = journal.read_bytes()
    code, _, err = rptable_said("users", "--users", str(journal), "list")
    assert code == 1 and "journal" in err
    time.sleep(0.01)
    assert journal.read_bytes() == before


def test_read_only_media_a_wal_that_cannot_be_read_there_is_said_not_skipped(
        killed_after_1500_commits: tuple[Path, int], tmp_path: Path) -> None:
    medium = tmp_path / "medium"
    medium.mkdir()
    killed, _ = killed_after_1500_commits
    for left in killed.iterdir():  # the journal as the kill left it: its last events are in its -wal
        if not left.name.endswith("-shm"):  # copied without SQLite's index of the -wal
            shutil.copyfile(left, medium / left.name)
    journal = medium / "T1.journal"
    assert Path(f"{journal}-wal").stat().st_size > 0
    prefix = read_only(medium)
    if prefix is None:
        pytest.skip("no way to make a folder read-only here")
    try:
        done = subprocess.run([*prefix, sys.executable, "-m", "ui.cli", "audit", "--journal", str(journal),
                               "verify"], capture_output=True, text=True, env=with_test_env(ENV), cwd=ROOT, timeout=120)
    finally:
        os.chmod(medium, 0o755)
    assert done.returncode == 1 and "-wal" in done.stderr and "writable folder" in done.stderr


@pytest.mark.parametrize("head_file", ["kept", "deleted"])
def test_recovery_events_appended_behind_the_tables_back_must_verify(tmp_path: Path, head_file: str) -> None:
    # A forger appends an adjustment that no pit boss made, hashed by the rule so that the chain is whole. Its
    # writer never recorded it: the table verifies it before it plays on, and stays stopped.
    from forgery import rehash

    from controller.table.table_events import PaymentAdjusted

    path = tmp_path / "T1.journal"
    simulate(load_preset("classic"), 3, 2, journal_path=path)
    forged = PaymentAdjusted("T1-000002", 1, 500, "dealer:mallory", "")

    def append_forged(rows: list[list[object]]) -> list[list[object]]:
        last = rows[-1]
        return [*rows, [int(str(last[0])) + 1, "T1", last[2], None, forged.KIND, 1, forged.actor,
                        json.dumps(forged.payload(), sort_keys=True, separators=(",", ":")), ""]]

    rehash(path, append_forged)
    if head_file == "deleted":
        head_path(path).unlink()
    before = path.read_bytes()
    journal = Journal(path)  # the chain is whole...
    with pytest.raises(JournalDamaged, match="adjusted without a pit boss"):
        TableController(journal)  # ...but the table does not play on from a forged tail
    journal.close()
    assert path.read_bytes() == before
