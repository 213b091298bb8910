"""Opening a table (controller/opening/table_session.py): the console and simulated sessions open a table one way,
from a TableConfig. The card source opens first, so a table that cannot start leaves no journal; whatever was
opened closes, last first, however the session ends; and a seeded session journals the same events as the table
assembled by hand did."""

from __future__ import annotations

from pathlib import Path

import pytest

from controller.opening.simulate import NotASimulation, acknowledged_for_qa, simulate
from controller.opening.table_session import CardSourceUnavailable, TableConfig, open_table
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.pump import CardPump
from controller.table.qa.autoplay import EVERYONE_SIMPLE, play_rounds
from controller.table.rule_files import load_preset
from drivers.base import CardSource, SourceError, open_source

CLASSIC = load_preset("classic")
SHOE = "sim://?seed=3&rate=0&clock=virtual"


def test_open_table_a_card_source_that_cannot_open_leaves_no_journal(tmp_path: Path) -> None:
    """The source opens before the journal: a shoe URL that names no source is refused as the callers catch it
    (a SourceError), and the table's folder stays empty."""
    with pytest.raises(CardSourceUnavailable, match="names no known card source") as refused:
        open_table(TableConfig(tmp_path / "T1.journal", "nowhere://shoe", rules=CLASSIC))
    assert isinstance(refused.value, SourceError)
    assert list(tmp_path.iterdir()) == []


def test_open_table_a_simulated_session_whose_shoe_cannot_open_leaves_no_journal(tmp_path: Path) -> None:
    """`rptable simulate --faults` with a fault the shoe does not know: refused before any journal is made (the
    session opened its journal first, and left it behind, open)."""
    with pytest.raises(SourceError, match="'nonsense' is not a fault"):
        simulate(CLASSIC, 1, 1, journal_path=tmp_path / "T1.journal", faults="nonsense")
    assert list(tmp_path.iterdir()) == []


def test_open_table_closing_closes_the_journal_and_the_source_last_first(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    closed = record_closes(monkeypatch)
    path = tmp_path / "T1.journal"
    with open_table(TableConfig(path, SHOE, rules=CLASSIC)) as session:
        assert session.controller.rules == CLASSIC and session.journal.path == path
        assert (session.showdown, session.reporter, session.jackpot) == (None, None, None)
        source = session.source
    assert closed == ["journal", "source"]
    with pytest.raises(SourceError, match="is closed"):
        source.recv(timeout=0)
    session.close()  # again: nothing more
    assert closed == ["journal", "source"]
    Journal(path).close()  # the writer's lock is free again


def test_open_table_a_table_that_fails_as_it_opens_closes_what_it_opened(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure after the journal opened (here the caller's own check of the table, as simulate claims its
    journal) raises as it was raised, with the journal and the source closed, last first."""
    closed = record_closes(monkeypatch)

    def refuse(_table: TableController) -> None:
        raise NotASimulation("not this journal")
    with pytest.raises(NotASimulation, match="not this journal"):
        open_table(TableConfig(tmp_path / "T1.journal", SHOE, rules=CLASSIC), prepare=refuse)
    assert closed == ["journal", "source"]


def test_open_table_a_jackpot_link_on_rules_without_a_jackpot_is_refused_before_anything_opens(
        tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"have no \[jackpot\] section"):
        open_table(TableConfig(tmp_path / "T1.journal", "nowhere://shoe", rules=CLASSIC,
                               jackpot="postgresql://nowhere/floor"))
    assert list(tmp_path.iterdir()) == []


def test_open_table_a_new_journal_without_rules_takes_the_default_rules(tmp_path: Path) -> None:
    with open_table(TableConfig(tmp_path / "T1.journal", SHOE)) as session:
        assert session.controller.rules == CLASSIC


def test_open_table_a_seeded_session_journals_the_same_events_as_the_table_assembled_by_hand(tmp_path: Path) -> None:
    """simulate() opens its table through open_table; the same seed journals, event for event, what the table
    assembled by hand (journal, shoe, controller, the session's claim and the QA admin's acknowledgement)
    journals. Seals sign the hash chain, which covers the times, so only their place is compared."""
    rules, rounds, seed = load_preset("four-seat"), 12, 3
    opened = tmp_path / "opened.journal"
    simulate(rules, rounds, seed, boxes=4, journal_path=opened)
    by_hand = tmp_path / "by-hand.journal"
    with Journal(by_hand) as journal, open_source(f"sim://?seed={seed}&rate=0&clock=virtual") as source:
        table = TableController(journal, rules, commit_per="round", rounds_per_commit=10)
        table.mark_session("simulation", seed=seed)
        acknowledged_for_qa(table)
        play_rounds(table, CardPump(source, table, pack_seed=seed), rounds, boxes=4, ante=10,
                    seating=EVERYONE_SIMPLE)
        table.sync()
    assert events_of(opened) == events_of(by_hand)
    assert len(events_of(opened)) > 400


def events_of(path: Path) -> list[tuple[object, ...]]:
    with Journal(path, readonly=True) as journal:
        return [(e.seq, e.round_id, e.kind, e.actor, None if e.kind == "table.signature" else e.payload)
                for e in journal.entries()]


def record_closes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The order in which journals and card sources close."""
    closed: list[str] = []
    journal_close, source_close = Journal.close, CardSource.close

    def closing_journal(self: Journal) -> None:
        closed.append("journal")
        journal_close(self)

    def closing_source(self: CardSource) -> None:
        closed.append("source")
        source_close(self)
    monkeypatch.setattr(Journal, "close", closing_journal)
    monkeypatch.setattr(CardSource, "close", closing_source)
    return closed


@pytest.mark.parametrize("command", [
    ("rules", "acknowledge", "--admin", "admin", "--reason", "measured by the floor"),
    ("table", "accept-accounts", "--pit-boss", "boss", "--reason", "new staff file"),
    ("jackpot", "confirm", "--db", "postgresql:///nowhere?host=/tmp/none", "--round", "R1", "--box", "1",
     "--pit-boss", "boss"),
], ids=["rules acknowledge", "table accept-accounts", "jackpot confirm"])
def test_open_table_at_desk_a_one_off_command_for_a_journal_that_is_not_there_makes_nothing(
        tmp_path: Path, own_data_folder: Path, command: tuple[str, ...]) -> None:
    """A pit boss's command for a table away from its shoe opens the table at the desk; given a journal that is not
    there it says so and makes nothing: no journal, and no accounts file or signing key for a table that does not
    exist (the key was made before the journal was looked for)."""
    from cli_kit import rptable

    before = sorted(own_data_folder.rglob("*"))
    done = rptable(*command, "--journal", str(tmp_path / "T9.journal"), "--table", "T9", stdin="1234\n")
    assert done.returncode != 0
    assert sorted(own_data_folder.rglob("*")) == before and not (tmp_path / "T9.journal").exists(), done.stderr


def test_open_table_at_desk_a_journal_that_holds_no_table_is_refused_and_nothing_is_journaled(tmp_path: Path) -> None:
    """An empty journal is no table: the desk refuses it before a controller would journal default rules."""
    from controller.opening.table_session import NoTableYet, open_table_at_desk

    Journal(tmp_path / "T1.journal").close()
    with pytest.raises(NoTableYet, match="holds no table yet"):
        open_table_at_desk(tmp_path / "T1.journal", "T1", key=None)
    with Journal(tmp_path / "T1.journal") as journal:
        assert journal.last_seq == 0
