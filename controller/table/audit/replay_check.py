"""The replay half of `audit verify`: each event folded into the table's history after checking it against the
table's rules, and every payment recomputed from the cards, the decisions and the house rules in force.

The table's rules: a round's events only inside that round, and no play while a table fault is open (but a
pit boss's); the house rules changed, a fault resolved, a round voided or a card fault overridden, a payment
adjusted or a confirmation undone only by a pit boss with a reason (a fault that clears itself may be resolved
by its device); a fault resolved only while it is open.
"""

from __future__ import annotations

from typing import Any

from controller.engine import RoundState, event_from_dict
from controller.engine.commands.jackpot import jackpot_settlement
from controller.engine.events import (
    EVENT_TYPES,
    BoxSettled,
    Event,
    FaultResolved,
    JackpotSettled,
    RoundClosed,
    RoundVoided,
)
from controller.engine.settlement import settle_box, settle_void
from controller.engine.state import dealer_qualifies
from controller.engine.strength import hand_value
from controller.table.history import UNREADABLE, HistoryError, TableHistory
from controller.table.table_events import (
    TABLE_EVENT_TYPES,
    ConfirmationUndone,
    JackpotPaid,
    PaymentAdjusted,
    RoundOpened,
    RulesSet,
    TableEvent,
    TableFaultResolved,
    table_event_from,
)

OVERRIDE_ROLES = ("pit_boss:", "admin:")


class ReplayCheck:
    """Feed it a journal's events in order; each answers why it breaks the replay or the table's rules ("" when
    it does not). It starts from a history of the table as it stood before the first event fed (a journal is
    checked in stretches: see controller.table.audit.verify).

    Whether an adjustment names a box settled before it is left to the join of the stretches, because the box
    may have been settled in an earlier one: `settled` and `adjustments` record what that needs.
    """

    def __init__(self, history: TableHistory | None = None, rounds_before: int = 0,
                 wanted: frozenset[tuple[str, int]] | None = None) -> None:
        self.history = history or TableHistory(every_round=False)
        self.rounds = rounds_before  # rounds opened so far, in the whole journal (counted by the caller)
        self.wanted = wanted  # the (round, box) pairs adjustments name; None: record every settled box
        self.settled: dict[tuple[str, int], int] = {}  # (round, box) -> seq of its BoxSettled
        self.adjustments: list[tuple[int, str, int, int]] = []  # (seq, round, box, rounds opened by then)

    def feed(self, seq: int, at: float, round_id: str | None, kind: str, actor: str | None,
             payload: dict[str, Any]) -> str:
        """Why this event breaks the replay or the table's rules, or "" when it does not (`rounds` counts the
        rounds opened: the caller counts each opening as it reads it, readable or not)."""
        try:
            if kind in TABLE_EVENT_TYPES:
                return self._table_event(seq, at, round_id, table_event_from(kind, payload))
            if kind in EVENT_TYPES:
                return self._round_event(seq, at, round_id, actor, event_from_dict(payload))
            return ""
        except (*UNREADABLE, HistoryError) as err:
            return f"it cannot be replayed: {type(err).__name__}: {err}"

    def _table_event(self, seq: int, at: float, round_id: str | None, event: TableEvent) -> str:
        problem = self._table_rule_broken(event)
        if problem:
            return problem
        if isinstance(event, PaymentAdjusted):
            self.adjustments.append((seq, event.round_id, event.box, self.rounds))
        self.history.fold_event(event, at, round_id)
        return ""

    def _table_rule_broken(self, event: TableEvent) -> str:
        history = self.history
        match event:
            case RoundOpened() if history.rules is None:
                return "a round opens before any house rules are recorded"
            case RulesSet() if history.rules is not None and not _override_ok(event.actor, event.reason):
                return "the house rules were changed without a pit boss and a reason"
            case TableFaultResolved():
                fault = history.faults.get(event.fault_id)
                if fault is None:
                    return f"it resolves fault {event.fault_id}, which is not open"
                by_device = fault.clears_itself and event.actor.startswith("source:")
                if not by_device and not _override_ok(event.actor, event.reason):
                    return "a fault was resolved without a pit boss and a reason"
            case PaymentAdjusted() if not _override_ok(event.actor, event.reason):
                return "a payment was adjusted without a pit boss and a reason"
            case JackpotPaid() if not event.actor.startswith(OVERRIDE_ROLES):
                return "a jackpot was paid without a pit boss's confirmation"
            case ConfirmationUndone() if not _override_ok(event.actor, event.reason):
                return "a payment's confirmation was undone without a pit boss and a reason"
        return ""

    def _round_event(self, seq: int, at: float, round_id: str | None, actor: str | None, event: Event) -> str:
        if isinstance(event, FaultResolved | RoundVoided) and not _override_ok(event.actor, event.reason):
            return "a card fault or a round was overridden without a pit boss and a reason"
        history = self.history
        state = history.round_state
        if state is None or round_id != history.round_id:
            return "a round event outside its round"
        if history.faults and not (actor or "").startswith(OVERRIDE_ROLES):
            return "play went on while a table fault was open"
        if isinstance(event, BoxSettled | RoundClosed | JackpotSettled):
            problem = _recompute(state, event)
            if problem:
                return problem
        history.fold_event(event, at, round_id)
        if isinstance(event, BoxSettled) and round_id is not None:
            pair = (round_id, event.box)
            if self.wanted is None or pair in self.wanted:
                self.settled[pair] = seq
        return ""


def _override_ok(actor: str, reason: str) -> bool:
    return actor.startswith(OVERRIDE_ROLES) and bool(reason.strip())


def _recompute(state: RoundState, event: BoxSettled | RoundClosed | JackpotSettled) -> str:
    """Why the journaled settlement differs from the one the cards, decisions and house rules make, or ""."""
    if isinstance(event, JackpotSettled):
        box = state.boxes.get(event.box)
        if box is None or not box.jackpot or state.rules.jackpot is None:
            return f"it settles a jackpot stake on box {event.box}, which has none"
        if jackpot_settlement(state.rules.jackpot, box) != event:
            return f"box {event.box}'s jackpot stake was settled otherwise than its first five cards and the rules say"
        return ""
    if isinstance(event, BoxSettled):
        box = state.boxes.get(event.box)
        if box is None:
            return f"it settles box {event.box}, which is not in the round"
        if event.outcome == "void":
            expected = settle_void(box)
        else:
            expected = settle_box(state.rules, box, hand_value(state.dealer), state.dealer_qualified,
                                  dealer_qualifies(state))
        if expected != event:
            return (f"box {event.box} was paid {event.net:+d} ({event.outcome}), but its cards, decisions and "
                    f"the house rules pay {expected.net:+d} ({expected.outcome})")
    else:
        nets = sum(b.settlement.net for b in state.boxes.values() if b.settlement is not None)
        if event.house_net != -nets:
            return f"the round closes with house net {event.house_net:+d}, but its boxes add up to {-nets:+d}"
    return ""
