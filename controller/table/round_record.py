"""A round as the table's journal tells it: who dealt it, each box's result, the dealer's hand, which payments
the dealer confirmed, and what pit bosses did about it afterwards; the figures every audit view shows
(controller.table.history makes them).

One definition of the money, used by the round list, `audit show`, recall, export, the shift report and the
console: a box's net is its settlement plus every pit-boss adjustment of it (+ = the player's gain), and the
round's house net is what the house kept after every payment and adjustment. A box's payment is confirmed when
the dealer's last confirmation of it covers that net; what it does not cover (an adjustment made since) is
still to pay.

The jackpot's chips are the jackpot's own line, apart from the box's net and the round's house net: its stakes
(in at the table) and what the table paid out of it (fixed awards, and hits a pit boss confirmed), by box; a
voided round's go back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from controller.core.hands import HandCategory, best_five
from controller.core.rules import HouseRules
from controller.engine import BoxState, RoundState
from controller.engine.events import BoxSettled, Event
from controller.table.journal import JournalEntry
from controller.table.table_events import PaymentAdjusted, PaymentConfirmed, ShowdownSeen, TableEvent
from drivers.cards import Card

LINES = ("ante", "bet", "draw", "insurance", "bonus", "buy_game")  # a settlement's lines, in the order shown


@dataclass(frozen=True, slots=True)
class BoxResult:
    """One box's settlement, with the cards it ended with and what it staked."""

    settlement: BoxSettled
    cards: tuple[Card, ...]
    ante: int
    bonus: int
    wagered: int  # everything it put on the layout; 0 in a voided round, whose stakes all went back

    @property
    def box(self) -> int:
        return self.settlement.box


@dataclass(frozen=True, slots=True)
class Confirmation:
    """The dealer's confirmation that a box's payment was made, when, and the one it followed (a confirmation
    of the same box before a later adjustment), which an undone confirmation brings back."""

    event: PaymentConfirmed
    at: float
    earlier: Confirmation | None = None

    @property
    def amount(self) -> int:
        """The box's whole payment as confirmed, adjustments included (+ paid, - collected)."""
        return self.event.amount

    @property
    def actor(self) -> str:
        return self.event.actor


@dataclass(frozen=True, slots=True)
class Step:
    """One journal entry of a round, with the event it holds: what `audit show` and the replay step through
    (controller.table.history.round_steps reads them)."""

    entry: JournalEntry
    event: TableEvent | Event


@dataclass
class RoundRecord:
    """One round, from its opening to its close, and the adjustments and confirmations made of it since."""

    round_id: str
    number: int
    rules: HouseRules
    rules_digest: str  # which rules exactly (controller.core.rules.rules_digest): ties a round to its house edge
    opened_at: float
    dealt_by: str | None = None  # the dealer signed in when it opened
    closed_at: float | None = None
    voided: bool = False
    settled_house_net: int = 0  # the engine's house net at the close, before any adjustment
    boxes: list[BoxResult] = field(default_factory=list)  # in the order they were settled
    dealer: tuple[Card, ...] = ()  # the dealer's final hand, once the round closed
    dealer_best: HandCategory | None = None
    dealer_qualified: bool | None = None  # None when voided or not closed
    faults: int = 0  # card faults and table faults while it was in play
    adjustments: list[PaymentAdjusted] = field(default_factory=list)
    confirmed: dict[int, Confirmation] = field(default_factory=dict)  # box -> its payment's last confirmation
    showdown: ShowdownSeen | None = None  # the camera's last reading of the layout at showdown, if one is there
    showings: int = 0  # how often the camera read the layout at this round's showdown
    jackpot_stakes: dict[int, int] = field(default_factory=dict)  # box -> its jackpot stake, settled and kept
    jackpot_paid: dict[int, int] = field(default_factory=dict)  # box -> what the table paid it from the jackpot
    players: dict[int, str] = field(default_factory=dict)  # box -> the player named at it, once the round closed
    # The round as it stands while it is in play (the history's own state of it, replayed so far): the boxes and
    # wagers so far come from it until the close settles them. None once it closed.
    in_play: RoundState | None = field(default=None, compare=False, repr=False)

    def jackpot_net(self, box: int) -> int:
        """The house's side of a box's jackpot: its stake in, less what was paid to it (+ = the house's)."""
        return self.jackpot_stakes.get(box, 0) - self.jackpot_paid.get(box, 0)

    @property
    def jackpot_in(self) -> int:
        return sum(self.jackpot_stakes.values())

    @property
    def jackpot_out(self) -> int:
        return sum(self.jackpot_paid.values())

    @property
    def complete(self) -> bool:
        return self.closed_at is not None

    def adjustment(self, box: int) -> int:
        """The sum of the pit bosses' adjustments of this box (+ = to the player)."""
        return sum(a.amount for a in self.adjustments if a.box == box)

    def net(self, result: BoxResult) -> int:
        """The box's result for the player: its settlement and every adjustment of it."""
        return result.settlement.net + self.adjustment(result.box)

    def outstanding(self, result: BoxResult) -> int:
        """What is still to pay (+) or collect (-) on this box: its net less what the dealer confirmed."""
        confirmed = self.confirmed.get(result.box)
        return self.net(result) - (confirmed.amount if confirmed is not None else 0)

    def is_confirmed(self, result: BoxResult) -> bool:
        """The dealer confirmed this box's payment, and no adjustment has changed it since."""
        confirmed = self.confirmed.get(result.box)
        return confirmed is not None and confirmed.amount == self.net(result)

    @property
    def fully_confirmed(self) -> bool:
        """The round closed and every box's payment is confirmed: the next round may start."""
        return self.complete and all(self.is_confirmed(b) for b in self.boxes)

    def payment(self, result: BoxResult) -> dict[str, Any]:
        """A box's payment as plain JSON values: the amount due (+ paid, - collected) and who confirmed it, when."""
        confirmed = self.confirmed.get(result.box)
        return {"amount": self.net(result), "confirmed": self.is_confirmed(result),
                "confirmed_amount": confirmed.amount if confirmed is not None else None,
                "confirmed_by": confirmed.actor if confirmed is not None else None,
                "confirmed_at": confirmed.at if confirmed is not None else None}

    @property
    def house_net(self) -> int:
        """What the house kept: the settled house net less every adjustment."""
        return self.settled_house_net - sum(a.amount for a in self.adjustments)

    @property
    def wagered(self) -> int:
        """Everything the boxes put on the layout: as settled once the round closed (0 when voided), and so far
        while it is in play."""
        if self.complete:
            return sum(b.wagered for b in self.boxes)
        return sum(b.wagered for b in self._staked())

    @property
    def box_count(self) -> int:
        """The boxes that played: those settled once the round closed, and those staked so far while in play."""
        return len(self.boxes) if self.complete else len(self._staked())

    def _staked(self) -> list[BoxState]:
        return [b for b in self.in_play.boxes.values() if b.wagered] if self.in_play is not None else []

    @property
    def largest_payout(self) -> int:
        return max((self.net(b) for b in self.boxes), default=0)

    def close(self, state: RoundState, at: float) -> None:
        """The round closed: what the dealer ended with, and the house's settled net."""
        self.closed_at, self.voided, self.settled_house_net = at, state.voided, state.house_net
        self.in_play = None
        self.dealer = tuple(state.dealer)
        self.players = {number: box.player for number, box in state.boxes.items() if box.player}
        self.dealer_best = best_five(state.dealer)[0].category if len(state.dealer) == 5 else None
        self.dealer_qualified = None if state.voided else state.dealer_qualified

    def box_line(self, result: BoxResult) -> dict[str, Any]:
        """A box's result as plain JSON values (recall, export, show)."""
        s = result.settlement
        return {"box": s.box, "cards": [c.code for c in result.cards], "best": s.best.name,
                "paid": [c.name for c in s.paid], "multiplier": s.multiplier, "outcome": s.outcome,
                "lines": {name: getattr(s, name) for name in LINES},
                "stakes": {"ante": result.ante, "bonus": result.bonus}, "net": self.net(result),
                "wagered": result.wagered}

    def summary(self) -> dict[str, Any]:
        """The recall/export form: plain JSON values."""
        return {"round": self.round_id, "number": self.number, "complete": self.complete, "voided": self.voided,
                "rules": self.rules.name, "opened_at": self.opened_at, "closed_at": self.closed_at,
                "house_net": self.house_net, "wagered": self.wagered, "box_count": self.box_count,
                "boxes": [self.box_line(b) for b in self.boxes],
                "dealer": {"cards": [c.code for c in self.dealer],
                           "best": self.dealer_best.name if self.dealer_best is not None else "",
                           "qualified": self.dealer_qualified},
                "faults": self.faults,
                "adjustments": [{"actor": a.actor, "amount": a.amount, "box": a.box, "reason": a.reason,
                                 "round_id": a.round_id} for a in self.adjustments]}
