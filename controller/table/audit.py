"""What a pit boss audits: the rounds in a journal, each replayed; verification of the chain and of every
payment; the last-10 recall; exports and the shift report's figures.

Everything here reads the journal only (read-only), so it works on a copy, on a live table's file while play
goes on, and while a fault is open.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from controller.engine import RoundState, apply, event_from_dict, new_round
from controller.engine.events import EVENT_TYPES, BoxSettled, RoundClosed
from controller.engine.settlement import settle_box, settle_void
from controller.engine.state import dealer_qualifies
from controller.engine.strength import hand_value
from controller.rules import HouseRules, rules_digest, rules_from_mapping
from controller.table.accounting import box_wagered
from controller.table.chain import verify_chain
from controller.table.journal import JournalEntry


@dataclass
class RoundRecord:
    """One round as the journal tells it."""

    round_id: str
    number: int
    rules: str
    opened_at: float
    closed_at: float | None = None
    complete: bool = False
    voided: bool = False
    house_net: int = 0
    wagered: int = 0
    boxes: list[dict[str, Any]] = field(default_factory=list)
    dealer: list[str] = field(default_factory=list)
    dealer_best: str = ""
    dealer_qualified: bool | None = None
    faults: int = 0
    adjustments: list[dict[str, Any]] = field(default_factory=list)
    entries: list[JournalEntry] = field(default_factory=list)
    rules_digest: str = ""  # which rules exactly (controller.rules.rules_digest): ties a round to its house edge

    @property
    def largest_payout(self) -> int:
        return max((b["net"] for b in self.boxes), default=0)

    def summary(self) -> dict[str, Any]:
        """The recall/export form: plain JSON values."""
        return {"round": self.round_id, "number": self.number, "complete": self.complete, "voided": self.voided,
                "rules": self.rules, "opened_at": self.opened_at, "closed_at": self.closed_at,
                "house_net": self.house_net, "wagered": self.wagered, "boxes": self.boxes,
                "dealer": {"cards": self.dealer, "best": self.dealer_best, "qualified": self.dealer_qualified},
                "faults": self.faults, "adjustments": self.adjustments}


def read_rounds(entries: Iterable[JournalEntry], *, keep_entries: bool = False) -> list[RoundRecord]:
    """Every round in play order, replayed from its events."""
    rounds: list[RoundRecord] = []
    rules: HouseRules | None = None
    digest = ""
    state: RoundState | None = None
    current: RoundRecord | None = None
    for entry in entries:
        kind = entry.kind
        if kind == "table.rules":
            rules = rules_from_mapping(entry.payload["rules"], "journal")
            digest = rules_digest(rules)
        elif kind == "table.round_opened" and rules is not None:
            state = new_round(rules)
            current = RoundRecord(entry.payload["round_id"], int(entry.payload["number"]), rules.name, entry.at,
                                  rules_digest=digest)
            rounds.append(current)
        elif kind == "table.adjustment":
            target = next((r for r in reversed(rounds) if r.round_id == entry.payload["round_id"]), None)
            if target is not None:
                target.adjustments.append(dict(entry.payload))
        if current is None or entry.round_id != current.round_id:
            continue
        if keep_entries:
            current.entries.append(entry)
        if kind == "table.fault" or kind == "CardFault":
            current.faults += 1
        if kind in EVENT_TYPES and state is not None:
            event = event_from_dict(entry.payload)
            apply(state, event)
            if isinstance(event, BoxSettled):
                current.boxes.append(_box_line(state, event))
            elif isinstance(event, RoundClosed):
                current.complete, current.closed_at = True, entry.at
                current.voided, current.house_net = state.voided, event.house_net
                current.dealer = [c.code for c in state.dealer]
                current.dealer_best = hand_value(state.dealer).category.name if len(state.dealer) == 5 else ""
                current.dealer_qualified = state.dealer_qualified if not state.voided else None
                current.wagered = sum(b["wagered"] for b in current.boxes)
    return rounds


def _box_line(state: RoundState, e: BoxSettled) -> dict[str, Any]:
    box = state.boxes[e.box]
    wagered = 0 if state.voided else box_wagered(box)  # a voided round's stakes all went back
    return {"box": e.box, "cards": [c.code for c in box.cards], "best": e.best.name,
            "paid": [c.name for c in e.paid], "multiplier": e.multiplier, "outcome": e.outcome,
            "lines": {"ante": e.ante, "bet": e.bet, "draw": e.draw, "insurance": e.insurance, "bonus": e.bonus,
                      "buy_game": e.buy_game},
            "stakes": {"ante": box.ante, "bonus": box.bonus}, "net": e.net, "wagered": wagered}


def recall(entries: Iterable[JournalEntry], count: int = 10) -> list[RoundRecord]:
    """The last `count` rounds, oldest first: what a pit boss recalls at the table after a dispute."""
    return read_rounds(entries)[-count:]


@dataclass(frozen=True)
class VerifyReport:
    ok: bool
    events: int
    rounds: int
    first_bad_event: int | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "events": self.events, "rounds": self.rounds,
                "first_bad_event": self.first_bad_event, "reason": self.reason}


def verify_journal(entries: list[JournalEntry]) -> VerifyReport:
    """The hash chain, then a full replay that recomputes every payment from the cards, the decisions and the
    journaled house rules, and checks each round's house net. The first bad event is named."""
    chain = verify_chain(entries)
    if not chain.ok:
        return VerifyReport(False, chain.events, 0, chain.first_bad_event, chain.reason)
    return verify_replay(entries)


def verify_journal_file(path: str, table_id: str = "T1") -> VerifyReport:
    """`verify_journal` for a file, on both cores: a forked child checks the hash chain on the raw rows while
    this process replays every round. The earlier of the two findings is the first bad event."""
    import multiprocessing

    from controller.table.journal import Journal, JournalError, chain_report_of_file

    context = multiprocessing.get_context("fork")
    with context.Pool(1) as pool:
        pending = pool.apply_async(chain_report_of_file, (path, table_id))
        with Journal(path, table_id, readonly=True) as journal:
            events = journal.last_seq
            try:
                replayed = verify_replay(list(journal.entries()))
            except JournalError as err:  # a row that is not even readable: damaged or edited
                replayed = VerifyReport(False, events, 0, err.seq, str(err))
        chain = pending.get()
    if not chain.ok and (replayed.ok or (chain.first_bad_event or 0) <= (replayed.first_bad_event or 0)):
        return VerifyReport(False, chain.events, 0, chain.first_bad_event, chain.reason)
    return replayed


OVERRIDE_ROLES = ("pit_boss:", "admin:")


def verify_replay(entries: list[JournalEntry]) -> VerifyReport:
    """Replay every round, paying every box again and checking each round's house net; and check that the
    journal keeps the table's own rules: overrides by a pit boss with a reason, adjustments to settled boxes,
    no play while a table fault is open (only a pit boss's overrides)."""
    rules: HouseRules | None = None
    state: RoundState | None = None
    rounds = 0
    open_faults: dict[str, bool] = {}  # fault id -> clears itself
    settled: set[tuple[str, int]] = set()
    round_id: str | None = None
    for entry in entries:
        try:
            problem = _check_table_rules(entry, rules is None, open_faults, settled)
            if problem:
                return _bad(entries, entry, problem)
            if entry.kind == "table.rules":
                rules = rules_from_mapping(entry.payload["rules"], "journal")
            elif entry.kind == "table.round_opened":
                if rules is None:
                    return _bad(entries, entry, "a round opens before any house rules are recorded")
                state, rounds, round_id = new_round(rules), rounds + 1, entry.payload["round_id"]
            elif entry.kind in EVENT_TYPES:
                if state is None or entry.round_id != round_id:
                    return _bad(entries, entry, "a round event outside its round")
                if open_faults and not (entry.actor or "").startswith(OVERRIDE_ROLES):
                    return _bad(entries, entry, "play went on while a table fault was open")
                event = event_from_dict(entry.payload)
                problem = _recompute(state, event)
                if problem:
                    return _bad(entries, entry, problem)
                apply(state, event)
                if isinstance(event, BoxSettled) and round_id is not None:
                    settled.add((round_id, event.box))
        except (KeyError, ValueError, TypeError, AttributeError, IndexError, AssertionError) as err:
            return _bad(entries, entry, f"it cannot be replayed: {type(err).__name__}: {err}")
    return VerifyReport(True, len(entries), rounds, None, "")


def _check_table_rules(entry: JournalEntry, first_rules: bool, open_faults: dict[str, bool],
                       settled: set[tuple[str, int]]) -> str:
    """What the controller enforces on table events, checked again on the record."""
    p = entry.payload
    kind = entry.kind
    if kind == "table.fault":
        open_faults[p["fault_id"]] = bool(p.get("clears_itself"))
    elif kind == "table.fault_resolved":
        clears_itself = open_faults.pop(p["fault_id"], None)
        if clears_itself is None:
            return f"it resolves fault {p['fault_id']}, which is not open"
        by_device = clears_itself and str(p.get("actor", "")).startswith("source:")
        if not by_device and not _override_ok(p):
            return "a fault was resolved without a pit boss and a reason"
    elif kind == "table.adjustment":
        if not _override_ok(p):
            return "a payment was adjusted without a pit boss and a reason"
        if (p["round_id"], p["box"]) not in settled:
            return f"it adjusts box {p['box']} of round {p['round_id']}, which was never settled"
    elif kind == "table.rules" and not first_rules and not _override_ok(p):
        return "the house rules were changed without a pit boss and a reason"
    elif kind in ("FaultResolved", "RoundVoided") and not _override_ok(p):
        return "a card fault or a round was overridden without a pit boss and a reason"
    return ""


def _override_ok(payload: dict[str, Any]) -> bool:
    return str(payload.get("actor", "")).startswith(OVERRIDE_ROLES) and bool(str(payload.get("reason", "")).strip())


def _recompute(state: RoundState, event: Any) -> str:
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
    elif isinstance(event, RoundClosed):
        nets = sum(b.settlement.net for b in state.boxes.values() if b.settlement is not None)
        if event.house_net != -nets:
            return f"the round closes with house net {event.house_net:+d}, but its boxes add up to {-nets:+d}"
    return ""


def _bad(entries: list[JournalEntry], entry: JournalEntry, why: str) -> VerifyReport:
    rounds = sum(1 for e in entries if e.kind == "table.round_opened" and e.seq <= entry.seq)
    return VerifyReport(False, len(entries), rounds, entry.seq, f"event {entry.seq} ({entry.kind}): {why}")
