"""Cards from the shoe (R-DEAL-1, R-CARD-1): each goes where the round expects the next card, or, when the round
cannot take it, becomes a card fault that stops the round until a pit boss resolves it. A card from the shoe
is never refused: the card is in the dealer's hand either way, and the journal must say what happened to it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Self

from controller.engine.commands.base import (
    ActionArgs,
    ActionKind,
    Command,
    EventLog,
    IllegalCommand,
    LegalAction,
    registered,
)
from controller.engine.commands.dealer import replace_dealer_card
from controller.engine.commands.jackpot import settle_jackpots
from controller.engine.commands.stakes import close_bets
from controller.engine.events import DEALER, DEALER_UP_CARD, BonusSettled, CardFault, CardPlaced
from controller.engine.queries import describe_next_card, next_card_target
from controller.engine.state import Phase, RoundState
from controller.engine.strength import hand_value
from drivers.cards import Card


@registered
@dataclass(frozen=True, slots=True)
class CardDealt(Command):
    """A card from the card source; None = the reader could not read it (`??`)."""

    action: ClassVar[ActionKind] = ActionKind.CARD
    card: Card | None

    @classmethod
    def from_action(cls, args: ActionArgs) -> Self:
        return cls(args.card)

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        """Offered while a card is due (a card that is not due is taken all the same, as a card fault)."""
        return LegalAction(cls.action) if next_card_target(state) is not None else None

    def verify(self, state: RoundState) -> None:
        if state.phase is Phase.CLOSED:
            raise IllegalCommand("The round is closed: a card now belongs to the next round, after its bets.",
                                 "R-DEAL-1")
        if state.fault is not None:
            raise IllegalCommand(
                f"The round is stopped: {state.fault.text} No card is taken until a pit boss resolves it.",
                state.fault.clause,
            )

    def execute(self, state: RoundState, log: EventLog) -> None:
        card = self.card
        target = next_card_target(state)
        if target is None:
            shown = card.code if card is not None else "??"
            log.emit(CardFault("unexpected", card, "R-DEAL-1",
                               f"Card {shown} came from the shoe when no card was expected ({_phase_words(state)}). "
                               "Stop dealing; a pit boss must check the shoe."))
        elif card is None:
            log.emit(CardFault("unreadable", None, "R-CARD-1",
                               f"The shoe could not read a card ({describe_next_card(state)}). "
                               "Stop dealing; a pit boss must identify it."))
        elif not state.in_stock(card):  # live or discarded
            log.emit(_card_not_in_stock(state, card, describe_next_card(state) or ""))
        else:
            place_card(state, card, target, log)


def place_card(state: RoundState, card: Card, target: int, log: EventLog) -> None:
    """Put an accepted card where it is due (`target`, from next_card_target)."""
    if state.phase is Phase.BETTING:
        close_bets(state, log)
    elif state.phase is Phase.DEALER_DRAW:
        replace_dealer_card(state, card, log)
        return
    dealing = state.phase is Phase.DEALING
    face_up = target == DEALER and len(state.dealer) == DEALER_UP_CARD  # R-DEAL-1: only the dealer's fifth card
    log.emit(CardPlaced(card, target, face_up))
    if dealing and state.phase is not Phase.DEALING:
        _settle_bonuses(state, log)
        settle_jackpots(state, log)


def _settle_bonuses(state: RoundState, log: EventLog) -> None:
    """R-BONUS-1: every bonus on the box's first five cards, right after the deal."""
    pays = state.rules.bonus.pays
    for number in state.order:
        box = state.boxes[number]
        if box.bonus:
            category = hand_value(box.cards).category
            multiplier = pays.pay(category)
            result = box.bonus * multiplier if multiplier else -box.bonus
            log.emit(BonusSettled(number, category, multiplier, result))


def _card_not_in_stock(state: RoundState, card: Card, where: str) -> CardFault:
    if state.is_live(card):
        return CardFault("duplicate", card, "R-CARD-1",
                         f"Card {card.code} read twice this round ({state.holder_of(card)} holds it; now {where}). "
                         "Stop dealing; a pit boss must check the shoe.")
    return CardFault("not_in_stock", card, "R-CARD-1",
                     f"Card {card.code} was already played and discarded this round, so it cannot "
                     f"come from the stock ({where}). Stop dealing; a pit boss must check the shoe.")


def _phase_words(state: RoundState) -> str:
    if state.phase is Phase.BETTING:
        return "bets are open and no box has an ante"
    if state.phase is Phase.DECISIONS:
        return f"box {state.turn} is to decide"
    return {
        Phase.REVEAL: "the dealer is to show his hand",
        Phase.BUYING: "boxes are choosing whether to buy the dealer a game",
        Phase.DEALER_DRAW: "the dealer's draw is over",
    }.get(state.phase, state.phase.value)
