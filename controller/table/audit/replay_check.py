"""The replay half of `audit verify`: each event folded into the table's history after checking it against the
table's rules, and every payment recomputed from the cards, the decisions and the house rules in force.

The table's rules: a round's events only inside that round, and no play while a table fault is open (but a
pit boss's); the house rules changed, a fault resolved, a round voided or a card fault overridden, a payment
adjusted or a confirmation undone only by a pit boss with a reason (a fault that clears itself may be resolved
by its device); a fault resolved only while it is open; a void or an adjustment above the table's two-person
limit only right after a second pit boss approved it. Given the staff accounts (`Staff`), a pit boss is an
account that held that role, enabled, at the moment it acted, not merely a name that says so.
"""

from __future__ import annotations

import json
from typing import Any

from controller.engine import RoundState, event_from_payload
from controller.engine.commands.jackpot import jackpot_settlement
from controller.engine.events import (
    EVENT_TYPES,
    BoxSettled,
    Event,
    FaultResolved,
    JackpotSettled,
    JackpotVoided,
    RoundClosed,
    RoundVoided,
)
from controller.engine.settlement import settle_box, settle_void
from controller.engine.state import dealer_qualifies
from controller.engine.strength import hand_value
from controller.table.history import UNREADABLE, HistoryError, TableHistory, void_amount
from controller.table.journal.rows import payload_to_json
from controller.table.security.users import Role, holds_in, name_in
from controller.table.table_events import (
    TABLE_EVENT_TYPES,
    Checkpoint,
    ConfirmationUndone,
    JackpotPaid,
    JackpotRejected,
    PaymentAdjusted,
    RoundOpened,
    RulesSet,
    SecondPerson,
    TableEvent,
    TableFaultResolved,
    TwoPersonLimit,
    table_event_from,
)

OVERRIDE_ROLES = ("pit_boss:", "admin:")
# Each account's (time, role, disabled) from each change on (controller.table.security.users.UserStore.timelines).
Staff = dict[str, list[tuple[float, Role, bool]]]


class ReplayCheck:
    """Feed it a journal's events in order; each answers why it breaks the replay or the table's rules ("" when
    it does not). It starts from a history of the table as it stood before the first event fed (a journal is
    checked in stretches: see controller.table.audit.verify).

    Whether an adjustment names a box settled before it is left to the join of the stretches, because the box
    may have been settled in an earlier one: `settled` and `adjustments` record what that needs.
    """

    def __init__(self, history: TableHistory | None = None, rounds_before: int = 0,
                 wanted: frozenset[tuple[str, int]] | None = None, *, staff: Staff | None = None) -> None:
        self.history = history or TableHistory(every_round=False)
        self.staff = staff
        self._approval: SecondPerson | None = None  # the event just fed, when it was a second pit boss's approval
        self.rounds = rounds_before  # rounds opened so far, in the whole journal (counted by the caller)
        self.wanted = wanted  # the (round, box) pairs adjustments name; None: record every settled box
        self.settled: dict[tuple[str, int], int] = {}  # (round, box) -> seq of its BoxSettled
        self.adjustments: list[tuple[int, str, int, int]] = []  # (seq, round, box, rounds opened by then)

    def feed(self, seq: int, at: float, round_id: str | None, kind: str, actor: str | None,
             payload: dict[str, Any]) -> str:
        """Why this event breaks the replay or the table's rules, or "" when it does not (`rounds` counts the
        rounds opened: the caller counts each opening as it reads it, readable or not)."""
        approval, self._approval = self._approval, None
        try:
            if kind in TABLE_EVENT_TYPES:
                return self._table_event(seq, at, round_id, table_event_from(kind, payload), approval)
            if kind in EVENT_TYPES:
                return self._round_event(seq, at, round_id, actor, event_from_payload(payload), approval)
            return ""
        except (*UNREADABLE, HistoryError) as err:
            return f"it cannot be replayed: {type(err).__name__}: {err}"

    def _table_event(self, seq: int, at: float, round_id: str | None, event: TableEvent,
                     approval: SecondPerson | None) -> str:
        problem = self._table_rule_broken(event, at)
        if not problem and isinstance(event, PaymentAdjusted):
            problem = self._two_people(event.amount, event.actor, "adjustment", approval)
        if problem:
            return problem
        if isinstance(event, SecondPerson):
            self._approval = event
        if isinstance(event, PaymentAdjusted):
            self.adjustments.append((seq, event.round_id, event.box, self.rounds))
        self.history.fold_event(event, at, round_id)
        return ""

    def _table_rule_broken(self, event: TableEvent, at: float) -> str:
        history = self.history
        match event:
            case RoundOpened() if history.rules is None:
                return "a round opens before any house rules are recorded"
            case RulesSet() if history.rules is not None and not self._override_ok(event.actor, event.reason, at):
                return "the house rules were changed without a pit boss and a reason" + self._who(event.actor)
            case TableFaultResolved():
                fault = history.faults.get(event.fault_id)
                if fault is None:
                    return f"it resolves fault {event.fault_id}, which is not open"
                by_device = fault.clears_itself and event.actor.startswith("source:")
                if not by_device and not self._override_ok(event.actor, event.reason, at):
                    return "a fault was resolved without a pit boss and a reason" + self._who(event.actor)
            case PaymentAdjusted() if not self._override_ok(event.actor, event.reason, at):
                return "a payment was adjusted without a pit boss and a reason" + self._who(event.actor)
            case JackpotPaid() if not self._override_ok(event.actor, "confirmed", at):
                return "a jackpot was paid without a pit boss's confirmation" + self._who(event.actor)
            case JackpotRejected() if not self._override_ok(event.actor, event.reason, at):
                return "a jackpot hit was rejected without a pit boss and a reason" + self._who(event.actor)
            case ConfirmationUndone() if not self._override_ok(event.actor, event.reason, at):
                return "a payment's confirmation was undone without a pit boss and a reason" + self._who(event.actor)
            case TwoPersonLimit() if not self._override_ok(event.actor, event.reason, at):
                return "the two-person limit was set without a pit boss and a reason" + self._who(event.actor)
            case SecondPerson() if not self._override_ok(event.actor, "approved", at) or \
                    name_in(event.actor) == name_in(event.first):
                return "an override was approved by someone other than a second pit boss" + self._who(event.actor)
            case Checkpoint():
                return checkpoint_differs(event, history)
        return ""

    def _two_people(self, amount: int, actor: str, what: str, approval: SecondPerson | None) -> str:
        """Why an override of `amount` lacks the second pit boss the table's limit asks for, or ""."""
        limit = self.history.two_person_above
        if not limit or abs(amount) <= limit:
            return ""
        if approval is None or approval.what != what or approval.first != actor or abs(approval.amount) != abs(amount):
            return (f"a {what} of {abs(amount):,} (above the table's limit of {limit:,}) was made without a second "
                    "pit boss's approval")
        return ""

    def _override_ok(self, actor: str, reason: str, at: float) -> bool:
        if not (actor.startswith(OVERRIDE_ROLES) and bool(reason.strip())):
            return False
        return self.staff is None or holds_in(self.staff.get(name_in(actor), []), Role.PIT_BOSS, at)

    def _who(self, actor: str) -> str:
        """What the staff accounts say of the actor, when they were given and do not vouch for them."""
        if self.staff is None or not actor.startswith(OVERRIDE_ROLES):
            return ""
        return f" ({actor} had no enabled pit boss's account at that moment)"

    def _round_event(self, seq: int, at: float, round_id: str | None, actor: str | None, event: Event,
                     approval: SecondPerson | None) -> str:
        if isinstance(event, FaultResolved | RoundVoided) and not self._override_ok(event.actor, event.reason, at):
            return "a card fault or a round was overridden without a pit boss and a reason" + self._who(event.actor)
        history = self.history
        if isinstance(event, RoundVoided) and history.round_state is not None:
            problem = self._two_people(void_amount(history.round_state), event.actor, "void", approval)
            if problem:
                return problem
        state = history.round_state
        if state is None or round_id != history.round_id:
            return "a round event outside its round"
        if history.faults and not (actor or "").startswith(OVERRIDE_ROLES):
            return "play went on while a table fault was open"
        if isinstance(event, BoxSettled | RoundClosed | JackpotSettled | JackpotVoided):
            problem = _recompute(state, event)
            if problem:
                return problem
        history.fold_event(event, at, round_id)
        if isinstance(event, BoxSettled) and round_id is not None:
            pair = (round_id, event.box)
            if self.wanted is None or pair in self.wanted:
                self.settled[pair] = seq
        return ""


def checkpoint_differs(checkpoint: Checkpoint, history: TableHistory) -> str:
    """Why a checkpoint is not the table its events before it make, or "" (the present compared as the journal
    holds it: JSON values)."""
    made = json.loads(payload_to_json(history.present()))
    if checkpoint.round != history.last_number:
        return f"the checkpoint is said to follow round {checkpoint.round}, but the last round opened is " \
               f"{history.last_number}"
    if checkpoint.present != made:
        differing = sorted(key for key in made.keys() | checkpoint.present.keys()
                           if made.get(key) != checkpoint.present.get(key))
        return f"the checkpoint is not the table its events make (it differs in {', '.join(differing)})"
    return ""


def _recompute(state: RoundState, event: BoxSettled | RoundClosed | JackpotSettled | JackpotVoided) -> str:
    """Why the journaled settlement differs from the one the cards, decisions and house rules make, or ""."""
    if isinstance(event, JackpotVoided):
        box = state.boxes.get(event.box)
        settled = box.jackpot_settled if box is not None else None
        if not state.voided or settled is None:
            return f"it takes back box {event.box}'s jackpot settlement, but no voided round holds one"
        if (settled.stake, settled.contribution, settled.share_pct, settled.fixed) != \
                (event.stake, event.contribution, event.share_pct, event.fixed):
            return f"it takes back box {event.box}'s jackpot settlement otherwise than it was settled"
        return ""
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
