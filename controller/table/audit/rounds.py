"""What a pit boss audits: the rounds in a journal, each replayed; verification of the chain and of every
payment; the last-10 recall; exports and the shift report's figures.

Everything here reads the journal only (read-only), so it works on a copy, on a live table's file while play
goes on, and while a fault is open.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from controller.core.rules import HouseRules, rules_digest, rules_from_mapping
from controller.engine import RoundState, apply, event_from_dict, new_round
from controller.engine.events import EVENT_TYPES, BoxSettled, RoundClosed
from controller.engine.strength import hand_value
from controller.table.audit.verify import VerifyReport, verify_journal, verify_journal_file
from controller.table.journal import JournalEntry

__all__ = ["RoundRecord", "VerifyReport", "read_rounds", "recall", "verify_journal", "verify_journal_file"]


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
    rules_digest: str = ""  # which rules exactly (controller.core.rules.rules_digest): ties a round to its house edge

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
    wagered = 0 if state.voided else box.wagered  # a voided round's stakes all went back
    return {"box": e.box, "cards": [c.code for c in box.cards], "best": e.best.name,
            "paid": [c.name for c in e.paid], "multiplier": e.multiplier, "outcome": e.outcome,
            "lines": {"ante": e.ante, "bet": e.bet, "draw": e.draw, "insurance": e.insurance, "bonus": e.bonus,
                      "buy_game": e.buy_game},
            "stakes": {"ante": box.ante, "bonus": box.bonus}, "net": e.net, "wagered": wagered}


def recall(entries: Iterable[JournalEntry], count: int = 10) -> list[RoundRecord]:
    """The last `count` rounds, oldest first: what a pit boss recalls at the table after a dispute."""
    return read_rounds(entries)[-count:]
