"""A table that lives for months keeps its present in its journal every 50 rounds (a checkpoint,
controller.table.table_events.Checkpoint): recovery starts from the last one. The present kept and the events
after it make the table the whole fold makes, wherever the checkpoint falls; a checkpoint is checked, never
trusted (`audit verify` names one that differs from the events before it, even with the chain recomputed);
and a kill while one is written loses nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_kit import rptable
from forgery import rehash
from hypothesis import given, settings
from hypothesis import strategies as st
from kills import kill_after_commits, simulate_command
from test_journals_from_main import JOURNALS, unpack

from controller.opening.simulate import simulate
from controller.table.audit.verify import verify_journal_file
from controller.table.controller import CHECKPOINT_EVERY, TableController
from controller.table.history import TableHistory
from controller.table.journal import Journal, JournalEntry, payload_to_json
from controller.table.rule_files import load_preset


def entries_of(path: Path) -> list[JournalEntry]:
    with Journal(path, readonly=True) as journal:
        return list(journal.entries())


@pytest.fixture(scope="module")
def old_journals(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[list[JournalEntry], tuple[Any, ...]]]:
    """The journals from main before the redesign (faults, a rules change, adjustments, a void, a clock fault),
    each with the table its whole fold makes (`the_table`): made once, and compared with every resumed fold."""
    folder = tmp_path_factory.mktemp("old")
    journals = [entries_of(unpack(name, folder)) for name in JOURNALS]
    return [(entries, the_table(TableHistory.read(entries, every_round=False))) for entries in journals]


def as_kept(history: TableHistory) -> dict:
    """The present as a checkpoint keeps it in the journal: JSON values."""
    return json.loads(payload_to_json(history.present()))


def the_table(history: TableHistory) -> tuple[Any, ...]:
    """What a fold makes of the table: its present as kept, the round in play, its last time and its last round."""
    assert history.current is not None
    return as_kept(history), history.round_state, history.last_at, history.current.summary()


@settings(max_examples=30, deadline=None)  # cuts drawn afresh at every run
@given(which=st.integers(min_value=0, max_value=len(JOURNALS) - 1), where=st.floats(min_value=0, max_value=1))
def test_checkpoint_the_present_kept_and_the_events_after_it_make_the_whole_folds_table(
        old_journals: list[tuple[list[JournalEntry], tuple[Any, ...]]], which: int, where: float) -> None:
    entries, whole = old_journals[which]
    openings = [i for i, e in enumerate(entries) if e.kind == "table.round_opened"]
    cut = openings[min(int(where * len(openings)), len(openings) - 1)]  # a checkpoint is kept before a round opens
    before = TableHistory.read(entries[:cut], every_round=False)
    resumed = TableHistory.resume(as_kept(before), entries[cut - 1].at)
    for entry in entries[cut:]:
        resumed.fold(entry)
    assert the_table(resumed) == whole


def test_checkpoint_recovery_starts_from_the_last_one_and_is_the_table_the_whole_journal_makes(
        tmp_path: Path) -> None:
    path = tmp_path / "T1.journal"
    # One box a round: the checkpoints come every 50 rounds however many boxes play, at half the cost.
    simulate(load_preset("four-seat"), 2 * CHECKPOINT_EVERY + 7, 5, boxes=1, journal_path=path)
    entries = entries_of(path)
    kept = [e for e in entries if e.kind == "table.checkpoint"]
    assert [e.payload["round"] for e in kept] == [CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY]
    assert all(entries[entries.index(e) + 1].kind == "table.round_opened" for e in kept)
    with Journal(path) as journal:
        assert journal.last_checkpoint() == kept[-1]
        table = TableController(journal)
        assert as_kept(table.history) == as_kept(TableHistory.read(entries, every_round=False))
        assert table.round_number == 2 * CHECKPOINT_EVERY + 7


def test_checkpoint_edited_with_its_chain_recomputed_is_named_by_verify(tmp_path: Path) -> None:
    path = tmp_path / "T1.journal"
    simulate(load_preset("four-seat"), CHECKPOINT_EVERY + 3, 6, boxes=1, journal_path=path)  # one box: cheaper

    def fewer_faults(rows: list[list]) -> list[list]:
        for row in rows:
            if row[4] == "table.checkpoint":
                payload = json.loads(row[7])
                payload["present"]["faults_raised"] += 1  # the next fault would reuse an id
                row[7] = payload_to_json(payload)
        return rows

    rehash(path, fewer_faults)
    Path(f"{path}.head").unlink()  # the forger also removes the writer's witness
    report = verify_journal_file(str(path))
    assert not report.ok and "checkpoint" in report.reason and "faults_raised" in report.reason


def test_checkpoint_a_kill_while_one_is_written_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "T1.journal"
    # commits of 10 rounds, 50 is one; killed after the sixth, with rounds left to play whatever the kill's delay
    shown = kill_after_commits(simulate_command(path, 120, 21, "round"), 6)
    report = verify_journal_file(str(path))
    assert report.ok, report.reason
    assert report.events >= shown
    again = rptable("simulate", "--rules", "classic", "--rounds", "120", "--seed", "21", "--journal", str(path),
                    "--commit", "round")  # the same session, resumed (in the test's process)
    assert again.returncode == 0 and "resumed after round" in again.stdout, again.stderr
    with Journal(path, readonly=True) as journal:
        assert journal.last_checkpoint() is not None  # the session went past round 50 after the kill, or before
    assert verify_journal_file(str(path)).ok
