"""What a table's history makes of its events, as the floor's rows: the table now, each round and each box of
it, each named player's decision, the house rules played. The table's reporter folds every event it reports
into one TableHistory (controller.table.history: the one fold) and writes these rows beside the events.

Rows are written again, whole, whenever an event changes them (a round's adjustment long after it closed, say),
and keyed, so that writing them twice changes nothing. The summary keeps the table's present only (a table
reports for months): a round an event changes after the next one opened is read back from the journal
(`rows(lookup)`), and a reporter starts from the journal's last checkpoint (`resume`), not from event 1.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from controller.core.rules import HouseRules
from controller.engine import Event, IllegalCommand, Phase, RoundState, expected_next, turn_actions
from controller.floor.decisions import (
    BUYING_WORDS,
    DECISION_EVENTS,
    BoxLine,
    Move,
    Valuation,
    value_buying,
)
from controller.measured.house_edges import HouseEdge, measured_edges
from controller.players.basic import NoBasicTable, decide_box
from controller.table.audit.shift_report import build_report
from controller.table.history import TableHistory, event_of
from controller.table.journal import JournalEntry
from controller.table.round_record import RoundRecord
from controller.table.table_events import Checkpoint, RoundOpened

# A round of the table by id, read back from its journal (controller.table.audit.round_book.RoundBook.find).
RoundLookup = Callable[[str], "RoundRecord | None"]

ROUND_COLUMNS = ("table_id", "round_id", "number", "opened_at", "closed_at", "voided", "rules_name", "rules_digest",
                 "dealer", "boxes", "drop", "house_win", "theoretical", "has_edge", "faults", "adjustments")
BOX_COLUMNS = ("table_id", "round_id", "box", "player", "opened_at", "closed_at", "ante", "bonus", "wagered", "net",
               "theoretical", "voided", "rules_digest")
DECISION_COLUMNS = ("table_id", "seq", "round_id", "box", "player", "at", "rules_digest", "situation", "decision",
                    "basic", "cost", "cost_se")


@dataclass
class FloorRows:
    """The rows one stretch of events changed."""

    state: dict[str, Any]
    rounds: list[tuple[Any, ...]] = field(default_factory=list)
    boxes: list[tuple[Any, ...]] = field(default_factory=list)
    decisions: list[tuple[Any, ...]] = field(default_factory=list)
    rules: list[tuple[str, str, str]] = field(default_factory=list)  # digest, name, the rules as JSON


class TableSummary:
    """One table's history as its reporter keeps it, and the floor rows each new event changes."""

    def __init__(self, table_id: str, edges: dict[str, HouseEdge] | None = None) -> None:
        self.table_id = table_id
        self.history = TableHistory(every_round=False)
        self.edges = measured_edges() if edges is None else edges
        self.seq = 0
        self._lines: dict[int, BoxLine] = {}  # the boxes of the round in play: what each did so far
        self._card_fault_at = 0.0
        self._touched: dict[str, None] = {}
        self._finished = FloorRows({})  # the rows of rounds changed and since left behind by the next round
        self._decisions: list[tuple[Any, ...]] = []
        self._rules: dict[str, HouseRules] = {}
        self._rules_sent: set[str] = set()

    @classmethod
    def resume(cls, table_id: str, checkpoint: JournalEntry, edges: dict[str, HouseEdge] | None = None
               ) -> TableSummary:
        """The summary of a table from its checkpoint on (the rows of the rounds before it are in the database)."""
        summary = cls(table_id, edges)
        kept = Checkpoint.from_payload(checkpoint.payload)
        summary.history = TableHistory.resume(kept.present, checkpoint.at)
        summary.seq = checkpoint.seq
        return summary

    def fold(self, entry: JournalEntry, *, emit: bool = True) -> None:
        """Fold the next event; with `emit`, remember the rows it changes (`rows`)."""
        history = self.history
        if entry.kind in DECISION_EVENTS:
            self._decision(entry, emit)
        opened = history.round_id
        if emit and entry.kind == RoundOpened.KIND:
            self._finish(opened)
        history.fold(entry)
        if history.round_id != opened:
            self._lines = {}
        if entry.kind == "CardFault":
            self._card_fault_at = entry.at
        if history.rules is not None:
            self._rules.setdefault(history.rules_digest, history.rules)
        if emit:
            named = entry.payload.get("round_id")  # an adjustment of an earlier round, say
            for round_id in (entry.round_id, named if isinstance(named, str) else None):
                if round_id is not None:
                    self._touched[round_id] = None
        self.seq = entry.seq

    def rows(self, lookup: RoundLookup | None = None) -> FloorRows:
        """The rows changed since they were last `written`, and the table as it stands; a round changed that is
        no longer the table's present is read back with `lookup`."""
        rows = FloorRows(self.state(), list(self._finished.rounds), list(self._finished.boxes))
        for round_id in self._touched:
            record = self.history.record(round_id)
            if record is None and lookup is not None:
                record = lookup(round_id)
            if record is not None:
                self._add_round(rows, record)
        rows.decisions = list(self._decisions)
        rows.rules = [(digest, rules.name, json.dumps(rules.to_mapping())) for digest, rules in self._rules.items()
                      if digest not in self._rules_sent]
        return rows

    def _finish(self, round_id: str | None) -> None:
        """The round in play is left behind as the next one opens: its rows now, while the history holds it (a
        later event that changes it has it read back, `rows`), so that a long stretch of events folded at once
        keeps only the rows, not a round record each."""
        record = self.history.record(round_id) if round_id is not None and round_id in self._touched else None
        if record is not None:
            self._add_round(self._finished, record)
            del self._touched[record.round_id]

    def _add_round(self, rows: FloorRows, record: RoundRecord) -> None:
        rows.rounds.append(self._round_row(record))
        rows.boxes += self._box_rows(record)

    def written(self, rows: FloorRows) -> None:
        """`rows` are in the database: they need not be written again (until an event changes them)."""
        self._touched = {}
        self._finished = FloorRows({})
        self._decisions = self._decisions[len(rows.decisions):]
        self._rules_sent.update(digest for digest, _, _ in rows.rules)

    def state(self) -> dict[str, Any]:
        """The table now, for the pit: its round and step, dealer, rules, open faults, last event."""
        history = self.history
        state = history.round_state
        in_play = state is not None and state.phase is not Phase.CLOSED
        faults = [{"id": f.fault_id, "code": f.code, "text": f.text, "source": f.source, "at": f.at}
                  for f in history.faults.values()]
        if state is not None and in_play and state.fault is not None:
            faults.append({"id": history.round_id, "code": f"CARD_{state.fault.kind.upper()}",
                           "text": state.fault.text, "source": "round", "at": self._card_fault_at})
        return {
            "round": history.round_number, "round_id": history.round_id, "in_play": in_play,
            "phase": str(state.phase) if in_play and state is not None else "idle",
            "step": expected_next(state).text if in_play and state is not None else "",
            "dealer": history.dealer or "", "rules": history.rules.name if history.rules else "",
            "rules_digest": history.rules_digest, "faults": faults, "last_event_at": history.last_at,
            "seq": self.seq,
            # SHOE/1-A: whether the shoe proved its key, so the floor sees a plain shoe (which proves nothing)
            "shoe_authenticated": history.shoe.authenticated if history.shoe is not None else None,
            "shoe_key": history.shoe.key_id if history.shoe is not None else "",
        }

    # -- rows ---------------------------------------------------------------------------------------------
    def _round_row(self, record: RoundRecord) -> tuple[Any, ...]:
        report = build_report(self.table_id, [record], self.edges)
        total = report.total
        return (self.table_id, record.round_id, record.number, record.opened_at, record.closed_at, record.voided,
                record.rules.name, record.rules_digest, record.dealt_by or "", len(record.boxes), total.drop,
                total.win, total.theoretical, not report.rules_without_edge, record.faults,
                len(record.adjustments))

    def _box_rows(self, record: RoundRecord) -> list[tuple[Any, ...]]:
        if not record.complete:
            return []
        assert record.closed_at is not None
        report = build_report(self.table_id, [record], self.edges)
        players = record.players
        rows = []
        for box in record.boxes:
            tally = report.by_box[box.box]
            rows.append((self.table_id, record.round_id, box.box, players.get(box.box, ""), record.opened_at,
                         record.closed_at, box.ante, box.bonus, box.wagered, record.net(box), tally.theoretical,
                         record.voided, record.rules_digest))
        return rows

    def _decision(self, entry: JournalEntry, emit: bool) -> None:
        """A player's decision, seen just before it is folded: the situation it was made in, what basic would
        have done, and its cost where that is known at once (basic's own choice; buying the dealer a game)."""
        history, state = self.history, self.history.round_state
        if state is None or entry.round_id != history.round_id or history.rules is None:
            return
        try:
            event = event_of(entry)
        except (KeyError, ValueError, TypeError):
            return  # the fold that follows names the damaged event
        box_number = getattr(event, "box", None)
        if not isinstance(event, Event) or not isinstance(box_number, int) or box_number not in state.boxes:
            return
        box = state.boxes[box_number]
        move = Move.of(event)
        line = self._lines.setdefault(box_number, BoxLine(tuple(box.cards)))
        situation = line.situation(state, box_number)
        valuation: Valuation | None = None
        if move.word in BUYING_WORDS:
            valuation, best = value_buying(history.rules, state, box_number, move)
            basic_label = best.label
        else:
            best_move = _basic_choice(state, box_number)
            basic_label = best_move.label if best_move is not None else ""
            if best_move is not None and best_move.same_choice(move):
                valuation = Valuation(0.0, 0.0)
        line.made(move, state, box_number)
        if emit and box.player:
            self._decisions.append((
                self.table_id, entry.seq, entry.round_id, box_number, box.player, entry.at, history.rules_digest,
                json.dumps(situation.to_dict()), move.label, basic_label,
                None if valuation is None else valuation.cost, None if valuation is None else valuation.se))


def _basic_choice(state: RoundState, box_number: int) -> Move | None:
    """What basic would do for the box now (None: not the box's turn, or no basic table for these rules)."""
    if state.phase is not Phase.DECISIONS or state.turn != box_number:
        return None
    try:
        return Move.of_command(decide_box(state, box_number, turn_actions(state)))
    except (NoBasicTable, IllegalCommand):
        return None
