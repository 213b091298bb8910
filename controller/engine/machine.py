"""The round machine: `do` verifies a command, turns it into events and applies them, returning them.

Verification (controller.engine.verifiers) raises IllegalCommand with a reason and a clause, changing
nothing. Cards from the shoe are never refused: a card the round cannot take becomes a CardFault event
that stops the round until a pit boss corrects the card, dismisses the read or voids the round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.core.cards import PACK, Card
from controller.core.hands import HandValue
from controller.engine.commands import (
    Bet,
    BuyGame,
    BuySixth,
    CardDealt,
    CloseBets,
    CloseBuying,
    Command,
    CorrectCard,
    DismissCard,
    Exchange,
    Fold,
    Insure,
    PlaceStakes,
    RevealDealer,
    TakeAnte,
    VoidRound,
    WithdrawStakes,
)
from controller.engine.events import (
    DEALER,
    AnteTaken,
    BetPlaced,
    BetsClosed,
    BonusSettled,
    BuyingClosed,
    CardFault,
    CardPlaced,
    CardsExchanged,
    DealerCardReplaced,
    DealerDrawEnded,
    DealerRevealed,
    DiscardsReshuffled,
    Event,
    FaultResolved,
    Folded,
    GameBought,
    InsurancePlaced,
    RoundClosed,
    RoundVoided,
    SixthCardBought,
    StakesPlaced,
    StakesWithdrawn,
)
from controller.engine.queries import (
    describe_next_card,
    exchange_price,
    highest_card,
    next_card_target,
)
from controller.engine.settlement import settle_box, settle_void
from controller.engine.state import (
    APPLIERS,
    BETTING,
    BUYING,
    DEALER_DRAW,
    DEALING,
    DECISIONS,
    REVEAL,
    RoundState,
    buy_candidates,
    put_card,
)
from controller.engine.strength import hand_value
from controller.engine.verifiers import VERIFIERS, IllegalCommand

Events = list[Event]  # the events a command has yielded so far


def do(state: RoundState, command: Command) -> tuple[Event, ...]:
    """Verify the command, then apply the events it yields to `state` and return them."""
    kind = type(command)
    if kind is CardDealt and state.fault is None:
        # The hot path: a good card for a box or the dealer in mid-deal or mid-draw, whose events are one
        # CardPlaced (made once per place and card: _ROUTINE_EVENTS). Anything else (no card read, the last
        # card of the deal, the dealer's draw, a card not in the stock) takes the general path below, which
        # gives the same events for these cards. A routine card is always face down: the one face-up card,
        # the dealer's fifth, is the last of the deal.
        card: Card | None = command.card  # type: ignore[attr-defined]
        phase = state.phase
        if phase is DEALING:
            target = state.deal_plan[state.deal_index] if state.deal_index + 1 < len(state.deal_plan) else -1
        elif phase is DECISIONS and state.turn and state.boxes[state.turn].pending_cards:
            target = state.turn
        else:
            target = -1
        if target >= 0 and card is not None:
            index = (card.rank - 2) * 4 + card.suit  # card_index(card), inline
            if not state.seen[index]:
                placed = _ROUTINE_EVENTS[target][index]
                put_card(state, PACK[index], index, target)  # applies placed[0], whose card is PACK[index]
                state.events_applied += 1
                return placed
    verifier = VERIFIERS.get(kind)
    if verifier is None:
        raise IllegalCommand(f"{kind.__name__} is not a round command.", "R-TABLE-1")
    verifier(state, command)
    events: Events = []
    _EXECUTORS[kind](state, command, events)
    return tuple(events)


def _emit(state: RoundState, events: Events, event: Event) -> None:
    """Apply one event the command yields and keep it for the answer. With the routine card's put_card (the
    CardPlaced applier's own body), this is the only way the machine changes the state."""
    APPLIERS[type(event)](state, event)
    state.events_applied += 1
    events.append(event)


def _x_place_stakes(state: RoundState, c: PlaceStakes, events: Events) -> None:
    _emit(state, events, StakesPlaced.make(c.box, c.ante, 2 * c.ante if c.blind else 0, c.bonus, c.blind, c.player))


def _x_withdraw_stakes(state: RoundState, c: WithdrawStakes, events: Events) -> None:
    _emit(state, events, StakesWithdrawn.make(c.box))


def _x_close_bets(state: RoundState, c: CloseBets, events: Events) -> None:
    _emit(state, events, BetsClosed.make(tuple(state.order)))


def _x_card_dealt(state: RoundState, c: CardDealt, events: Events) -> None:
    card = c.card
    target = next_card_target(state)
    if target is None:
        shown = card.code if card is not None else "??"
        _emit(state, events, CardFault.make("unexpected", card, "R-DEAL-1",
                       f"Card {shown} came from the shoe when no card was expected ({_phase_words(state)}). "
                       "Stop dealing; a pit boss must check the shoe."))
        return
    if card is None:
        _emit(state, events, CardFault.make("unreadable", None, "R-CARD-1",
                       f"The shoe could not read a card ({describe_next_card(state)}). "
                       "Stop dealing; a pit boss must identify it."))
        return
    if not state.in_stock(card):  # live or discarded
        _emit(state, events, _card_fault(state, card, describe_next_card(state) or ""))
        return
    _place_card(state, card, target, events)


# The events of routine cards by place and card index, made once. An event is an immutable value, so one
# instance serves every round that places that card there, and the most frequent event costs two list
# look-ups. The places are the dealer and boxes 1-10, the most boxes controller.core.rules lets a table have.
ROUTINE_PLACES = 11
_ROUTINE_EVENTS: list[list[tuple[CardPlaced]]] = [
    [(CardPlaced(card, place, False),) for card in PACK] for place in range(ROUTINE_PLACES)
]


def _face_up(state: RoundState, target: int) -> bool:
    """R-DEAL-1: the dealer's fifth card is dealt face up, every other card face down."""
    return target == DEALER and len(state.dealer) == 4


def _card_fault(state: RoundState, card: Card, where: str) -> CardFault:
    if state.is_live(card):
        return CardFault.make("duplicate", card, "R-CARD-1",
                         f"Card {card.code} read twice this round ({state.holder_of(card)} holds it; "
                         f"now {where}). "
                         "Stop dealing; a pit boss must check the shoe.")
    return CardFault.make("not_in_stock", card, "R-CARD-1",
                     f"Card {card.code} was already played and discarded this round, so it cannot "
                     f"come from the stock ({where}). Stop dealing; a pit boss must check the shoe.")


def _place_card(state: RoundState, card: Card, target: int, events: Events) -> None:
    """Put an accepted card where it is due (`target`, from next_card_target)."""
    phase = state.phase
    if phase is BETTING:
        _emit(state, events, BetsClosed.make(tuple(state.order)))
        phase = DEALING
    elif phase is DEALER_DRAW:
        free = bool(state.dealer_draws)  # a repeat of the replacement (R-BUY-3)
        _emit(state, events, DealerCardReplaced.make(highest_card(state.dealer), card, free))
        _continue_dealer_draw(state, events)
        return
    _emit(state, events, CardPlaced.make(card, target, _face_up(state, target)))
    if phase is DEALING and state.phase is not DEALING:
        _settle_bonuses(state, events)


def _settle_bonuses(state: RoundState, events: Events) -> None:
    """R-BONUS-1: every bonus on the box's first five cards, right after the deal."""
    pays = state.rules.bonus.pays
    for number in state.order:
        box = state.boxes[number]
        if box.bonus:
            category = hand_value(box.cards).category
            multiplier = pays.pay(category)
            result = box.bonus * multiplier if multiplier else -box.bonus
            _emit(state, events, BonusSettled.make(number, category, multiplier, result))


def _reshuffle_if_short(state: RoundState, count: int, events: Events) -> None:
    """R-ACT-7: when the stock cannot serve a draw, the discards become a new stock (never a live card)."""
    reshuffles = state.rules.draw.when_stock_runs_out == "reshuffle_discards"
    if state.stock_size < count and state.discards and reshuffles:
        _emit(state, events, DiscardsReshuffled.make(tuple(state.discards)))


def _x_fold(state: RoundState, c: Fold, events: Events) -> None:
    _emit(state, events, Folded.make(c.box))


def _x_bet(state: RoundState, c: Bet, events: Events) -> None:
    _emit(state, events, BetPlaced.make(c.box, 2 * state.boxes[c.box].ante))


def _x_buy_sixth(state: RoundState, c: BuySixth, events: Events) -> None:
    box = state.boxes[c.box]
    _reshuffle_if_short(state, 1, events)
    _emit(state, events, SixthCardBought.make(c.box, box.ante))


def _x_exchange(state: RoundState, c: Exchange, events: Events) -> None:
    box = state.boxes[c.box]
    price = exchange_price(state, box, len(c.discards))
    _reshuffle_if_short(state, len(c.discards), events)
    _emit(state, events, CardsExchanged.make(c.box, tuple(c.discards), price))


def _x_insure(state: RoundState, c: Insure, events: Events) -> None:
    _emit(state, events, InsurancePlaced.make(c.box, c.amount))


def _x_reveal(state: RoundState, c: RevealDealer, events: Events) -> None:
    dealer = hand_value(state.dealer)
    _emit(state, events, DealerRevealed.make(dealer.category, dealer.category >= state.rules.dealer_qualifies_with))
    if state.phase is not BUYING:
        _finish(state, events, dealer)


def _x_buy_game(state: RoundState, c: BuyGame, events: Events) -> None:
    _emit(state, events, GameBought.make(c.box, state.boxes[c.box].ante))
    _close_buying_if_all_chose(state, events)


def _x_take_ante(state: RoundState, c: TakeAnte, events: Events) -> None:
    _emit(state, events, AnteTaken.make(c.box))
    _close_buying_if_all_chose(state, events)


def _close_buying_if_all_chose(state: RoundState, events: Events) -> None:
    for number in buy_candidates(state):
        if not state.boxes[number].buy_choice:
            return
    _close_buying(state, events)


def _x_close_buying(state: RoundState, c: CloseBuying, events: Events) -> None:
    _close_buying(state, events)


def _close_buying(state: RoundState, events: Events) -> None:
    _emit(state, events, BuyingClosed.make())
    # R-BUY-2: boxes that did not buy are settled before the dealer draws.
    dealer = hand_value(state.dealer)
    _settle_boxes(state, events, dealer, skip_buyers=True)
    if state.phase is DEALER_DRAW:
        _continue_dealer_draw(state, events)
    else:
        _finish(state, events, dealer)


def _continue_dealer_draw(state: RoundState, events: Events) -> None:
    """Wait for the dealer's next card if he draws again (R-BUY-3) and one can come; else settle buyers."""
    if state.dealer_pending:
        _reshuffle_if_short(state, 1, events)
        if state.stock_size >= 1:
            return
    dealer = hand_value(state.dealer)
    qualifies = dealer.category >= state.rules.dealer_qualifies_with  # dealer_qualifies(state), known here
    _emit(state, events, DealerDrawEnded.make(dealer.category, qualifies))
    _finish(state, events, dealer)


def _settle_boxes(state: RoundState, events: Events, dealer: HandValue, skip_buyers: bool) -> None:
    """Settle, in box order, every box not yet settled (but those that bought the dealer a game when
    `skip_buyers`), on the dealer's hand now (`dealer`)."""
    rules = state.rules
    qualified_now = dealer.category >= rules.dealer_qualifies_with
    boxes = state.boxes
    for number in state.order:
        box = boxes[number]
        if box.settlement is None and not (skip_buyers and box.buy_choice == "buy"):
            _emit(state, events, settle_box(rules, box, dealer, state.dealer_qualified, qualified_now))


def _finish(state: RoundState, events: Events, dealer: HandValue) -> None:
    """Settle every box not yet settled on the dealer's final hand (`dealer`), then close the round with the
    house's net."""
    _settle_boxes(state, events, dealer, skip_buyers=False)
    house_net = 0
    for number in state.order:
        settlement = state.boxes[number].settlement
        assert settlement is not None
        house_net -= settlement.net
    _emit(state, events, RoundClosed.make(house_net))


def _x_correct_card(state: RoundState, c: CorrectCard, events: Events) -> None:
    _emit(state, events, FaultResolved.make("corrected", c.card, c.actor, c.reason))
    target = next_card_target(state)
    assert target is not None
    _place_card(state, c.card, target, events)


def _x_dismiss_card(state: RoundState, c: DismissCard, events: Events) -> None:
    _emit(state, events, FaultResolved.make("dismissed", None, c.actor, c.reason))


def _x_void_round(state: RoundState, c: VoidRound, events: Events) -> None:
    _emit(state, events, RoundVoided.make(c.actor, c.reason))
    for number in state.order:
        _emit(state, events, settle_void(state.boxes[number]))
    _emit(state, events, RoundClosed.make(0))


def _phase_words(state: RoundState) -> str:
    if state.phase is BETTING:
        return "bets are open and no box has an ante"
    if state.phase is DECISIONS:
        return f"box {state.turn} is to decide"
    return {
        REVEAL: "the dealer is to show his hand",
        BUYING: "boxes are choosing whether to buy the dealer a game",
        DEALER_DRAW: "the dealer's draw is over",
    }.get(state.phase, state.phase.value)


_EXECUTORS: dict[type[Command], Callable[[RoundState, Any, Events], None]] = {
    PlaceStakes: _x_place_stakes,
    WithdrawStakes: _x_withdraw_stakes,
    CloseBets: _x_close_bets,
    CardDealt: _x_card_dealt,
    Fold: _x_fold,
    Bet: _x_bet,
    BuySixth: _x_buy_sixth,
    Exchange: _x_exchange,
    Insure: _x_insure,
    RevealDealer: _x_reveal,
    BuyGame: _x_buy_game,
    TakeAnte: _x_take_ante,
    CloseBuying: _x_close_buying,
    CorrectCard: _x_correct_card,
    DismissCard: _x_dismiss_card,
    VoidRound: _x_void_round,
}

