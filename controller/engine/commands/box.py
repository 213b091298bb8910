"""A box's decisions on its hand (R-TABLE-1, R-ACT-1..6): fold, bet, buy a 6th card, exchange cards, insure.
Open boxes decide in order; a draw's cards come from the shoe before the box decides again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Self

from controller.core.rules import RepeatSingle
from controller.engine.commands.base import (
    ActionArgs,
    ActionKind,
    BoxCommand,
    Command,
    EventLog,
    IllegalCommand,
    LegalAction,
    allows,
    box_in_play,
    offered,
    registered,
    require_open,
)
from controller.engine.commands.stock import ensure_stock, reshuffle_if_short
from controller.engine.events import BetPlaced, CardsExchanged, Folded, InsurancePlaced, SixthCardBought
from controller.engine.queries import (
    bet_amount,
    exchange_most_cards,
    exchange_price,
    insurance_range,
    insurance_taken,
    sixth_card_price,
)
from controller.engine.state import BoxState, Phase, RoundState
from drivers.cards import Card


@registered
@dataclass(frozen=True, slots=True)
class Fold(BoxCommand):
    """R-ACT-1: the house keeps the ante (and any draw payment already made)."""

    action: ClassVar[ActionKind] = ActionKind.FOLD
    box: int

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        return offered(state, cls(box), box)

    def verify(self, state: RoundState) -> None:
        _refuse_if_insured(acting_box(state, self.box, "fold"), "fold")

    def execute(self, state: RoundState, log: EventLog) -> None:
        log.emit(Folded(self.box))


@registered
@dataclass(frozen=True, slots=True)
class Bet(BoxCommand):
    """R-ACT-2: twice the ante on the cards held."""

    action: ClassVar[ActionKind] = ActionKind.BET
    box: int

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        return offered(state, cls(box), box, price=bet_amount(state.boxes[box].ante))

    def verify(self, state: RoundState) -> None:
        acting_box(state, self.box, "bet")

    def execute(self, state: RoundState, log: EventLog) -> None:
        log.emit(BetPlaced(self.box, bet_amount(state.boxes[self.box].ante)))


@registered
@dataclass(frozen=True, slots=True)
class BuySixth(BoxCommand):
    """R-ACT-3: pay 1 ante for the next card; then bet or fold."""

    action: ClassVar[ActionKind] = ActionKind.BUY
    box: int

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        return offered(state, cls(box), box, price=sixth_card_price(state.boxes[box]))

    def verify(self, state: RoundState) -> None:
        box = acting_box(state, self.box, "buy a 6th card")
        if not state.rules.draw.buy_sixth:
            raise IllegalCommand("This table does not sell a 6th card.", "R-ACT-3")
        if box.drew:
            raise IllegalCommand(f"Box {self.box} has already drawn: one draw per box (buy or exchange).", "R-ACT-4")
        _refuse_if_insured(box, "buy a card")
        ensure_stock(state, 1)

    def execute(self, state: RoundState, log: EventLog) -> None:
        reshuffle_if_short(state, 1, log)
        log.emit(SixthCardBought(self.box, sixth_card_price(state.boxes[self.box])))


@registered
@dataclass(frozen=True, slots=True)
class Exchange(Command):
    """R-ACT-4 / R-ACT-5: discard these cards for as many new ones (a repeat is one card again)."""

    action: ClassVar[ActionKind] = ActionKind.EXCHANGE
    box: int
    discards: tuple[Card, ...]

    @classmethod
    def from_action(cls, args: ActionArgs) -> Self:
        return cls(args.numbered_box, args.discards)

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        """From one card to the most the box may exchange now, priced for one."""
        hand = state.boxes[box]
        if not hand.cards or not allows(state, cls(box, (hand.cards[0],))):
            return None
        return LegalAction(cls.action, box, 1, exchange_most_cards(state, hand), exchange_price(state, hand, 1))

    def verify(self, state: RoundState) -> None:
        box = acting_box(state, self.box, "exchange")
        draw = state.rules.draw
        if draw.exchange_max_cards == 0:
            raise IllegalCommand("This table has no exchange of cards.", "R-ACT-4")
        count = len(self.discards)
        if count == 0:
            raise IllegalCommand(f"Name the cards box {self.box} discards (1-{draw.exchange_max_cards}).", "R-ACT-4")
        if len(set(self.discards)) != count:
            raise IllegalCommand(f"A card is named twice among box {self.box}'s discards.", "R-ACT-4")
        held = set(box.cards)
        missing = next((card for card in self.discards if card not in held), None)
        if missing is not None:
            raise IllegalCommand(
                f"{missing.code} is not in box {self.box}'s hand ({' '.join(x.code for x in box.cards)}).", "R-ACT-4"
            )
        if box.drew:
            repeat_allowed = (draw.repeat_single != RepeatSingle.NONE and not box.bought_sixth
                              and box.last_exchange_size == 1)
            if not repeat_allowed:
                raise IllegalCommand(f"Box {self.box} has already drawn: one draw per box (buy or exchange).",
                                     "R-ACT-4")
            if count != 1:
                raise IllegalCommand(f"A repeated exchange is of exactly one card; box {self.box} named {count}.",
                                     "R-ACT-5")
        elif count > draw.exchange_max_cards:
            raise IllegalCommand(f"Box {self.box} may exchange 1 to {draw.exchange_max_cards} cards, not {count}.",
                                 "R-ACT-4")
        cap = draw.max_cards_exchanged_per_box
        if cap and box.cards_exchanged + count > cap:
            raise IllegalCommand(
                f"This table caps exchanges at {cap} card(s) per box; box {self.box} has exchanged "
                f"{box.cards_exchanged}.",
                "R-ACT-7",
            )
        _refuse_if_insured(box, "exchange")
        ensure_stock(state, count)

    def execute(self, state: RoundState, log: EventLog) -> None:
        price = exchange_price(state, state.boxes[self.box], len(self.discards))
        reshuffle_if_short(state, len(self.discards), log)
        log.emit(CardsExchanged(self.box, tuple(self.discards), price))


@registered
@dataclass(frozen=True, slots=True)
class Insure(Command):
    """R-ACT-6: insurance against the dealer not qualifying, with the bet (just before it or just after)."""

    action: ClassVar[ActionKind] = ActionKind.INSURE
    box: int
    amount: int

    @classmethod
    def from_action(cls, args: ActionArgs) -> Self:
        return cls(args.numbered_box, args.need(args.amount, "an amount"))

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        """The range of chips the box's bet allows (not its hand: R-ACT-8)."""
        limits = insurance_range(state, state.boxes[box])
        if limits is None or not allows(state, cls(box, limits[0])):
            return None
        return LegalAction(cls.action, box, *limits)

    def verify(self, state: RoundState) -> None:
        self._verify_amount(state, insuring_box(state, self.box))

    def _verify_amount(self, state: RoundState, box: BoxState) -> None:
        # R-ACT-8: only what any hand at this bet allows is checked here, so that a refusal tells nothing of a
        # face-down hand; the hand's own limits are applied at the showdown.
        low, high = insurance_taken(state.rules, box)
        if high < low:
            raise IllegalCommand(
                f"Box {self.box} cannot insure: the table's maximum payout of {state.rules.table.max_payout} "
                f"chips caps what its hand can win, so insurance could be at most {high} chips, less than the "
                f"least insurance of {low}.",
                "R-SETTLE-1",
            )
        if not low <= self.amount <= high:
            raise IllegalCommand(
                f"Insurance on box {self.box} must be from {low} to {high} chips, not {self.amount}.", "R-ACT-8"
            )

    def execute(self, state: RoundState, log: EventLog) -> None:
        log.emit(InsurancePlaced(self.box, self.amount))


def insuring_box(state: RoundState, number: int) -> BoxState:
    """R-ACT-6: the box `number` if it may ask for insurance now (its turn, or just after its bet), whatever its
    cards hold: what they allow is checked against the amount asked. Else why not."""
    require_open(state)
    if not state.rules.insurance.enabled:
        raise IllegalCommand("This table has no insurance.", "R-ACT-6")
    box = box_in_play(state, number)
    if box.blind:
        raise IllegalCommand(f"Box {number} plays blind: no insurance.", "R-TABLE-2")
    if box.insurance:
        raise IllegalCommand(f"Box {number} is already insured.", "R-ACT-6")
    just_bet = state.insurance_window == number and state.phase in (Phase.DECISIONS, Phase.REVEAL)
    if box.folded:
        raise IllegalCommand(f"Box {number} has folded; it cannot insure.", "R-ACT-6")
    if not just_bet:
        if box.acted:
            raise IllegalCommand(
                f"Box {number} can no longer insure: insurance is placed with the bet, before the next box acts.",
                "R-ACT-6",
            )
        acting_box(state, number, "insure")
    return box


def acting_box(state: RoundState, number: int, action: str) -> BoxState:
    """The box `number` if it is the one to act now, with no card pending (R-TABLE-1); else why not."""
    require_open(state)
    box = box_in_play(state, number)
    if state.phase in (Phase.BETTING, Phase.DEALING):
        raise IllegalCommand(f"Box {number} cannot {action} yet: the deal is not complete.", "R-DEAL-1")
    if box.bonus_only:
        raise IllegalCommand(f"Box {number} holds a bonus bet only (no ante): it takes no decision.", "R-BET-1")
    if box.blind:
        raise IllegalCommand(f"Box {number} plays blind: no fold, draw or insurance.", "R-TABLE-2")
    if box.acted:
        done = "folded" if box.folded else "bet"
        raise IllegalCommand(f"Box {number} has already {done}; it cannot {action}.", "R-TABLE-1")
    if state.phase is not Phase.DECISIONS or state.turn != number:
        raise IllegalCommand(
            f"It is box {state.turn}'s turn, not box {number}'s: boxes act in order 1, 2, 3 ….", "R-TABLE-1"
        )
    if box.pending_cards:
        raise IllegalCommand(
            f"Box {number} is waiting for {box.pending_cards} card(s) from the shoe before it can {action}.",
            "R-ACT-4" if box.exchanges else "R-ACT-3",
        )
    return box


def _refuse_if_insured(box: BoxState, action: str) -> None:
    if box.insurance:
        raise IllegalCommand(
            f"Box {box.box} has insured: insurance goes with the bet, so it cannot {action} now; it must bet.",
            "R-ACT-6",
        )
