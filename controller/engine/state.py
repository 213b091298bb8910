"""The round's state and the one way it changes: `apply(state, event)`. Replaying a round's events on a fresh
state rebuilds it exactly (`replay`). The state is a mutable aggregate updated in place for speed; nothing
but `apply` writes to it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from controller.core.cards import Card
from controller.core.rules import BuyGameRules, HouseRules
from controller.engine.events import (
    DEALER,
    AnteTaken,
    BetPlaced,
    BetsClosed,
    BonusSettled,
    BoxSettled,
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
from controller.engine.strength import hand_value

DEAL_PASSES = 5  # R-DEAL-1


class Phase(StrEnum):
    BETTING = "betting"
    DEALING = "dealing"
    DECISIONS = "decisions"
    REVEAL = "reveal"  # every box has acted; the dealer is to show his hand
    BUYING = "buying"  # R-BUY-1: boxes choose to buy the dealer a game or take the ante
    DEALER_DRAW = "dealer_draw"
    CLOSED = "closed"


# Plain names for the phases: `Phase.DEALING` costs a descriptor call (~0.25 us in CPython 3.11) and the
# hot paths test the phase several times per card.
BETTING, DEALING, DECISIONS, REVEAL, BUYING, DEALER_DRAW, CLOSED = Phase

# The bit of each card in a mask of cards, by card index (rank-major, as Card.index): looked up, as
# `1 << index` makes a new int object for every card above the ninth.
CARD_BITS: tuple[int, ...] = tuple(1 << index for index in range(52))


def card_index(card: Card) -> int:
    """Card.index without the property call: the card's flag in `RoundState.seen` and `.live`."""
    return (card.rank - 2) * 4 + card.suit


def card_bit(card: Card) -> int:
    return CARD_BITS[(card.rank - 2) * 4 + card.suit]


def cards_mask(cards: Iterable[Card]) -> int:
    """The mask of these cards: masks rather than sets or `in`, as a Card's hash and equality are Python
    calls."""
    mask = 0
    for card in cards:
        mask |= CARD_BITS[(card.rank - 2) * 4 + card.suit]
    return mask


@dataclass(slots=True)
class BoxState:
    box: int
    ante: int
    bonus: int
    blind: bool
    player: str
    bet: int = 0
    cards: list[Card] = field(default_factory=list)
    folded: bool = False
    draw_paid: int = 0
    exchanges: int = 0
    cards_exchanged: int = 0
    last_exchange_size: int = 0
    bought_sixth: bool = False
    pending_cards: int = 0
    insurance: int = 0
    bonus_result: int = 0
    buy_choice: str = ""  # "", "buy" or "ante" (R-BUY-1)
    buy_paid: int = 0
    settlement: BoxSettled | None = None

    @property
    def acted(self) -> bool:
        return self.folded or self.bet > 0

    @property
    def drew(self) -> bool:
        return self.bought_sixth or self.exchanges > 0

    @property
    def wagered(self) -> int:
        """Everything the box put on the layout this round: ante, bet, draw payments, insurance, bonus and the
        payment for buying the dealer a game (the shift report's drop, the analysis's total wagered)."""
        return self.ante + self.bet + self.draw_paid + self.insurance + self.bonus + self.buy_paid


@dataclass(slots=True)
class RoundState:
    rules: HouseRules
    phase: Phase = BETTING
    boxes: dict[int, BoxState] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)  # boxes in play, ascending (R-TABLE-1)
    dealer: list[Card] = field(default_factory=list)
    deal_plan: tuple[int, ...] = ()  # where each card of the deal goes (R-DEAL-1)
    deal_index: int = 0
    turn: int = 0  # the open box acting now (0 = none)
    insurance_window: int = 0  # a box that has just bet and may still insure (R-ACT-6)
    # One flag per card index (bytes, not an int mask: setting a flag then allocates nothing).
    seen: bytearray = field(default_factory=lambda: bytearray(52))  # cards out of the stock this round
    live: bytearray = field(default_factory=lambda: bytearray(52))  # cards in a hand now
    discards: list[Card] = field(default_factory=list)
    revealed: bool = False
    dealer_qualified: bool = False
    dealer_pending: int = 0
    dealer_draws: list[Card] = field(default_factory=list)
    dealer_discards: list[Card] = field(default_factory=list)
    free_redraws: int = 0
    fault: CardFault | None = None
    voided: bool = False
    house_net: int = 0
    events_applied: int = 0

    @property
    def stock_size(self) -> int:
        return 52 - self.seen.count(1)

    def in_stock(self, card: Card) -> bool:
        return not self.seen[card_index(card)]

    def is_live(self, card: Card) -> bool:
        return bool(self.live[card_index(card)])

    def holder_of(self, card: Card) -> str:
        """Who holds a live card, in words ("box 3", "the dealer")."""
        if card in self.dealer:
            return "the dealer"
        for box in self.boxes.values():
            if card in box.cards and not box.folded:
                return f"box {box.box}"
        return "the discards"


def new_round(rules: HouseRules) -> RoundState:
    return RoundState(rules)


def replay(rules: HouseRules, events: Iterable[Event]) -> RoundState:
    """Rebuild a round from its events: equal to the live state that produced them."""
    state = RoundState(rules)
    for event in events:
        apply(state, event)
    return state


def apply(state: RoundState, event: Event) -> None:
    APPLIERS[type(event)](state, event)
    state.events_applied += 1


def dealer_qualifies(state: RoundState) -> bool:
    return hand_value(state.dealer).category >= state.rules.dealer_qualifies_with


def may_buy_game(rules: BuyGameRules, box: BoxState) -> bool:
    """R-BUY-1: whether the house rules let a box with this insurance buy the dealer a game."""
    return rules.enabled and (rules.who == "any" or box.insurance == 0)


def buy_candidates(state: RoundState) -> list[int]:
    """R-BUY-1: boxes that may buy the dealer a game once he has not qualified."""
    rules = state.rules.buy_game
    return [b.box for b in state.boxes.values() if b.bet > 0 and not b.folded and not b.blind
            and may_buy_game(rules, b)]


# ------------------------------------------------------------------------------------------ appliers


def _stakes_placed(state: RoundState, e: StakesPlaced) -> None:
    box, ante, bet, bonus, blind, player = e  # one unpacking, not six field look-ups
    state.boxes[box] = BoxState(box, ante, bonus, blind, player, bet)  # positional: no keyword dict to build
    order = state.order
    if not order or order[-1] < box:  # boxes are mostly placed in order: `order` stays sorted(state.boxes)
        order.append(box)
    else:
        state.order = sorted(state.boxes)


def _stakes_withdrawn(state: RoundState, e: StakesWithdrawn) -> None:
    del state.boxes[e.box]
    state.order = sorted(state.boxes)


def _bets_closed(state: RoundState, e: BetsClosed) -> None:
    state.phase = DEALING
    state.deal_plan = (*e.boxes, DEALER) * DEAL_PASSES
    state.deal_index = 0


def _card_placed(state: RoundState, e: CardPlaced) -> None:
    card = e.card
    put_card(state, card, card_index(card), e.to)


def put_card(state: RoundState, card: Card, index: int, to: int) -> None:
    """What a CardPlaced of `card` (whose index is `index`) to `to` changes. Public because the machine's
    routine-card path, which knows all three already, applies its CardPlaced through it directly."""
    state.seen[index] = state.live[index] = 1
    if to == DEALER:
        state.dealer.append(card)
    else:
        box = state.boxes[to]
        box.cards.append(card)
        if box.pending_cards:
            box.pending_cards -= 1
    if state.phase is DEALING:
        dealt = state.deal_index = state.deal_index + 1
        if dealt == len(state.deal_plan):
            state.phase = DECISIONS
            _advance_turn(state)


def _bonus_settled(state: RoundState, e: BonusSettled) -> None:
    state.boxes[e.box].bonus_result = e.result


def _close_window_unless(state: RoundState, box: int) -> None:
    if state.insurance_window != box:
        state.insurance_window = 0


def _folded(state: RoundState, e: Folded) -> None:
    _close_window_unless(state, 0)
    box = state.boxes[e.box]
    box.folded = True
    live = state.live
    for card in box.cards:
        live[card_index(card)] = 0
    state.discards += box.cards
    _advance_turn(state)


def _bet_placed(state: RoundState, e: BetPlaced) -> None:
    box = state.boxes[e.box]
    box.bet = e.amount
    state.insurance_window = e.box if box.insurance == 0 else 0
    _advance_turn(state)


def _sixth_card_bought(state: RoundState, e: SixthCardBought) -> None:
    _close_window_unless(state, e.box)
    box = state.boxes[e.box]
    box.bought_sixth = True
    box.draw_paid += e.price
    box.pending_cards = 1


def _cards_exchanged(state: RoundState, e: CardsExchanged) -> None:
    _close_window_unless(state, e.box)
    box = state.boxes[e.box]
    discarded = cards_mask(e.discards)
    # The cards kept, in their order (list.remove would compare Cards by a Python call each).
    box.cards[:] = [card for card in box.cards if not discarded & CARD_BITS[(card.rank - 2) * 4 + card.suit]]
    for card in e.discards:
        state.live[card_index(card)] = 0
    state.discards += e.discards
    box.draw_paid += e.price
    box.exchanges += 1
    box.cards_exchanged += len(e.discards)
    box.last_exchange_size = len(e.discards)
    box.pending_cards = len(e.discards)


def _insurance_placed(state: RoundState, e: InsurancePlaced) -> None:
    state.boxes[e.box].insurance = e.amount
    state.insurance_window = 0


def _discards_reshuffled(state: RoundState, e: DiscardsReshuffled) -> None:
    for card in e.cards:
        state.seen[card_index(card)] = 0
    state.discards = []


def _dealer_revealed(state: RoundState, e: DealerRevealed) -> None:
    state.insurance_window = 0
    state.revealed = True
    state.dealer_qualified = e.qualified
    if not e.qualified and buy_candidates(state):
        state.phase = BUYING


def _game_bought(state: RoundState, e: GameBought) -> None:
    box = state.boxes[e.box]
    box.buy_choice = "buy"
    box.buy_paid = e.price


def _ante_taken(state: RoundState, e: AnteTaken) -> None:
    state.boxes[e.box].buy_choice = "ante"


def _buying_closed(state: RoundState, e: BuyingClosed) -> None:
    for box in state.boxes.values():
        if box.buy_choice == "" and box.bet > 0 and not box.folded:
            box.buy_choice = "ante"
    if any(b.buy_choice == "buy" for b in state.boxes.values()):
        state.phase = DEALER_DRAW
        state.dealer_pending = 1


def _dealer_card_replaced(state: RoundState, e: DealerCardReplaced) -> None:
    state.dealer.remove(e.discarded)
    state.dealer.append(e.card)
    state.live[card_index(e.discarded)] = 0
    state.discards.append(e.discarded)
    state.dealer_discards.append(e.discarded)
    index = card_index(e.card)
    state.seen[index] = state.live[index] = 1
    state.dealer_draws.append(e.card)
    if e.free:
        state.free_redraws += 1
    state.dealer_pending = 1 if _dealer_redraws_again(state, e) else 0


def _dealer_redraws_again(state: RoundState, e: DealerCardReplaced) -> bool:
    """R-BUY-3: whether the dealer's replacement is repeated free."""
    if dealer_qualifies(state):
        return False
    rules = state.rules.buy_game
    if rules.redraw == "while_unchanged":
        unchanged = e.card.rank == e.discarded.rank  # same rank and (not qualifying) no flush made
        return unchanged and (rules.max_free_redraws == 0 or state.free_redraws < rules.max_free_redraws)
    if rules.redraw == "until_qualifies":
        return True
    if rules.redraw == "until_qualifies_single_box":
        return len(state.order) == 1
    return False


def _dealer_draw_ended(state: RoundState, e: DealerDrawEnded) -> None:
    state.dealer_pending = 0


def _box_settled(state: RoundState, e: BoxSettled) -> None:
    state.boxes[e.box].settlement = e


def _round_closed(state: RoundState, e: RoundClosed) -> None:
    state.phase = CLOSED
    state.house_net = e.house_net
    state.turn = 0


def _card_fault(state: RoundState, e: CardFault) -> None:
    state.fault = e


def _fault_resolved(state: RoundState, e: FaultResolved) -> None:
    state.fault = None


def _round_voided(state: RoundState, e: RoundVoided) -> None:
    state.voided = True
    state.fault = None


def _advance_turn(state: RoundState) -> None:
    """R-TABLE-1: the next open box, in order, that has not yet bet or folded; else the dealer's reveal."""
    boxes, order = state.boxes, state.order
    # Boxes act in order, so none before the box whose turn it was is still to act: look from there on.
    for number in order[order.index(state.turn) + 1:] if state.turn else order:
        box = boxes[number]
        if not (box.blind or box.folded or box.bet):  # box.acted, inline: this runs after every decision
            state.turn = number
            return
    state.turn = 0
    state.phase = REVEAL


# The applier of each event type (`do` calls them directly: one call less per event on the hot path).
APPLIERS: dict[type[Event], Callable[[RoundState, Event], None]] = {
    StakesPlaced: _stakes_placed,  # type: ignore[dict-item]
    StakesWithdrawn: _stakes_withdrawn,  # type: ignore[dict-item]
    BetsClosed: _bets_closed,  # type: ignore[dict-item]
    CardPlaced: _card_placed,  # type: ignore[dict-item]
    BonusSettled: _bonus_settled,  # type: ignore[dict-item]
    Folded: _folded,  # type: ignore[dict-item]
    BetPlaced: _bet_placed,  # type: ignore[dict-item]
    SixthCardBought: _sixth_card_bought,  # type: ignore[dict-item]
    CardsExchanged: _cards_exchanged,  # type: ignore[dict-item]
    InsurancePlaced: _insurance_placed,  # type: ignore[dict-item]
    DiscardsReshuffled: _discards_reshuffled,  # type: ignore[dict-item]
    DealerRevealed: _dealer_revealed,  # type: ignore[dict-item]
    GameBought: _game_bought,  # type: ignore[dict-item]
    AnteTaken: _ante_taken,  # type: ignore[dict-item]
    BuyingClosed: _buying_closed,  # type: ignore[dict-item]
    DealerCardReplaced: _dealer_card_replaced,  # type: ignore[dict-item]
    DealerDrawEnded: _dealer_draw_ended,  # type: ignore[dict-item]
    BoxSettled: _box_settled,  # type: ignore[dict-item]
    RoundClosed: _round_closed,  # type: ignore[dict-item]
    CardFault: _card_fault,  # type: ignore[dict-item]
    FaultResolved: _fault_resolved,  # type: ignore[dict-item]
    RoundVoided: _round_voided,  # type: ignore[dict-item]
}
