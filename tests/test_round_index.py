"""A table that lives for months: the round index (controller.table.journal.round_index) lets a question about a
few rounds read those rounds alone. Each round read alone is the round the whole fold makes, to the chip; a
journal written before the index gets it built on first open, and journaled; a kill leaves the events and the
index together; an index row changed is named by `audit verify`."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kills import kill_after_commits, simulate_command
from tables import one_quick
from test_journals_from_main import DATA, JOURNALS, as_that_version_answered, audit, unpack

from controller.opening.simulate import simulate
from controller.table.audit.round_book import RoundBook
from controller.table.audit.verify import verify_journal_file
from controller.table.controller import TableController
from controller.table.history import TableHistory, round_steps
from controller.table.journal import Journal
from controller.table.journal.round_index import IndexBuilder, IndexRows, index_events
from controller.table.rule_files import load_preset
from ui.cli import main
from ui.cli.audit import EXIT_UNSIGNED

pytestmark = pytest.mark.usefixtures("pit_boss_login")


def upgraded(name: str, folder: Path) -> Path:
    """A journal written before the index, opened once by a table (which builds the index and journals it)."""
    path = unpack(name, folder)
    table = TableController(Journal(path))
    table.journal.close()
    return path


@pytest.fixture(scope="module")
def upgraded_journal(tmp_path_factory: pytest.TempPathFactory):
    """`upgraded_journal(name)`: the journal `name` upgraded, made once for the module's stories, which only read
    it."""
    made: dict[str, Path] = {}

    def one(name: str) -> Path:
        if name not in made:
            made[name] = upgraded(name, tmp_path_factory.mktemp("upgraded"))
        return made[name]
    return one


def whole_fold(path: Path) -> TableHistory:
    with Journal(path, readonly=True) as journal:
        return TableHistory.read(journal.entries())


# Both stories of the journals from main read classic-bought-games in the default run, the journal with the most in
# it (bought games, an adjustment, a void, a rules change, a clock fault); the nightly run (`make test-slow`) the
# others too: the same stories under other rules.
@pytest.mark.parametrize("name", one_quick(JOURNALS, "classic-bought-games"))
def test_round_index_each_round_read_alone_is_the_round_the_whole_fold_makes(upgraded_journal, name: str) -> None:
    path = upgraded_journal(name)
    history = whole_fold(path)
    with Journal(path, readonly=True) as journal:
        assert journal.indexed
        book = RoundBook.of_journal(journal)
        assert book.count() == len(history.rounds)
        for record in history.rounds:
            alone = book.find(record.round_id)
            assert alone is not None
            assert (alone.summary(), alone.dealt_by, alone.confirmed, alone.jackpot_paid, alone.showings) == \
                (record.summary(), record.dealt_by, record.confirmed, record.jackpot_paid, record.showings)
            assert [s.entry.seq for s in book.steps(alone)] == [s.entry.seq for s in round_steps(journal, record)]
        assert [r.round_id for r in book.latest(3)] == [r.round_id for r in history.rounds[-3:]]
        assert [r.round_id for r in book.rounds()] == [r.round_id for r in history.rounds]


@pytest.mark.parametrize("name", one_quick(JOURNALS, "classic-bought-games"))
def test_round_index_journal_from_main_built_on_first_open_journaled_and_audited_as_before(
        tmp_path: Path, upgraded_journal, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = unpack(name, tmp_path)
    with Journal(before, readonly=True) as journal:
        assert not journal.indexed  # a reader never changes the file: it folds the journal whole instead
        last_before = journal.last_seq
    path = upgraded_journal(name)
    with Journal(path, readonly=True) as journal:
        upgrade = [e for e in journal.entries() if e.kind == "table.journal_upgraded"]
        rounds = journal.round_count()
    assert len(upgrade) == 1
    assert upgrade[0].payload == {"what": "round index", "rounds": rounds, "through": last_before}
    for action in ("rounds", "recall", "show-2"):
        words = ["show", "2"] if action == "show-2" else [action]
        answer = json.loads(audit(capsys, *words, "--journal", str(path), "--json"))
        assert as_that_version_answered(answer) == json.loads((DATA / f"{name}.{action}.json").read_text()), action
    capsys.readouterr()  # whole, and unsealed (opened by a table without a key): verify's exit says so
    assert main(["audit", "verify", "--journal", str(path), "--json"]) == EXIT_UNSIGNED
    assert json.loads(capsys.readouterr().out)["ok"]


def test_round_index_a_page_of_rounds_and_the_page_before_it(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "T1.journal"
    simulate(load_preset("four-seat"), 30, 3, boxes=1, journal_path=path)  # pages of rounds: one box a round will do
    last = json.loads(audit(capsys, "rounds", "--journal", str(path), "--limit", "10", "--json"))
    assert [r["number"] for r in last] == list(range(21, 31))
    page = json.loads(audit(capsys, "rounds", "--journal", str(path), "--limit", "10", "--before", "T1-000021",
                            "--json"))
    assert [r["number"] for r in page] == list(range(11, 21))
    words = audit(capsys, "rounds", "--journal", str(path), "--limit", "10")
    assert "--before T1-000021" in words  # how to reach the page before
    every = json.loads(audit(capsys, "rounds", "--journal", str(path), "--json"))
    assert every[20:] == last and every[10:20] == page


def test_round_index_a_kill_leaves_the_events_and_the_index_together(tmp_path: Path) -> None:
    path = tmp_path / "T1.journal"
    kill_after_commits(simulate_command(path, 400, 17, "command"), 300)
    report = verify_journal_file(str(path))  # the chain, every payment, and the index against the events
    assert report.ok, report.reason
    with Journal(path, readonly=True) as journal:
        assert journal.round_count() == report.rounds


@pytest.fixture(scope="module")
def session(simulated_journal) -> Path:
    return simulated_journal(40, 9)


@pytest.mark.parametrize("edit", [
    "UPDATE rounds SET rules_seq = 0 WHERE round_id = 'T1-000020'",
    "DELETE FROM rounds WHERE round_id = 'T1-000033'",
    "INSERT INTO rounds VALUES ('T1', 5, 'T1-000999', 999, 0, 1, 0)",
    "UPDATE rounds SET opened_seq = opened_seq + 1 WHERE round_id = 'T1-000002'",
    "INSERT INTO round_links VALUES ('T1', 'T1-000003', 400)",
])
def test_round_index_verify_names_an_index_row_changed(session: Path, tmp_path: Path, edit: str) -> None:
    path = tmp_path / "T1.journal"
    shutil.copy(session, path)
    shutil.copy(f"{session}.head", f"{path}.head")
    assert verify_journal_file(str(path)).ok
    db = sqlite3.connect(path)
    db.execute(edit)
    db.commit()
    db.close()
    report = verify_journal_file(str(path))
    assert not report.ok and "round index" in report.reason and "changed" in report.reason
    assert report.intact == report.events  # the events themselves are whole: a salvage keeps them all


@pytest.fixture(scope="module")
def indexed_at_once(session: Path) -> tuple[list, IndexRows]:
    """The session's events as the index reads them, and the index built from them all at once."""
    db = sqlite3.connect(f"file:{session}?mode=ro", uri=True)
    events = list(index_events(db, "T1"))
    db.close()
    return events, IndexBuilder().rows(events)


@settings(max_examples=30, deadline=None)
@given(cuts=st.lists(st.integers(min_value=1, max_value=2_500), max_size=12))
def test_round_index_commits_of_any_size_index_the_same_rounds(indexed_at_once: tuple[list, IndexRows],
                                                              cuts: list[int]) -> None:
    """The index a writer builds commit by commit is the one built from the whole journal at once."""
    events, whole = indexed_at_once
    builder, rounds, links, start = IndexBuilder(), [], [], 0
    for cut in sorted({*cuts, len(events)}):
        part = builder.rows(events[start:cut])
        rounds += part.rounds
        links += part.links
        start = cut
    assert (rounds, links) == (whole.rounds, whole.links)


def test_long_lived_the_jackpot_entries_are_found_through_their_own_index_made_on_a_writers_open(tmp_path):
    from controller.table.jackpot_hits import JACKPOT_KINDS
    from controller.table.journal import NewEvent

    path = tmp_path / "T1.journal"
    kinds = ["CardPlaced", "JackpotSettled", "table.fault", "table.jackpot_rejected", "BoxSettled",
             "table.jackpot_paid", "JackpotVoided", "table.payment_confirmed"]
    with Journal(path) as journal:
        journal.append([NewEvent(kind, {"n": n}, float(n), "T1-000001") for n, kind in enumerate(kinds * 5)])
    with sqlite3.connect(path) as db:  # a journal from before the index
        db.execute("DROP INDEX events_jackpot")
    with Journal(path, readonly=True) as journal:  # a reader finds them all the same, by a scan
        assert [e.kind for e in journal.jackpot_entries(12)] == [k for k in (kinds * 5)[12:] if k in JACKPOT_KINDS]
    Journal(path).close()  # a writer's open makes the index
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT 1 FROM sqlite_master WHERE name = 'events_jackpot'").fetchone()
    with Journal(path, readonly=True) as journal:
        assert [e.seq for e in journal.jackpot_entries(12)] == \
            [e.seq for e in journal.entries(12) if e.kind in JACKPOT_KINDS]
