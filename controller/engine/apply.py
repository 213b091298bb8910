"""The one way a round's state changes: `apply(state, event)`, one small applier per type of event. An applier
only carries out what its event records (the decisions of the house rules are on the event), so replaying a
round's events on a fresh state rebuilds it exactly (`replay`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from controller.core.rules import HouseRules
from controller.engine import legacy
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
    DealerCardReplacedV1,
    DealerDrawEnded,
    DealerRevealed,
    DealerRevealedV1,
    DiscardsReshuffled,
    Event,
    FaultResolved,
    Folded,
    GameBought,
    InsurancePlaced,
    JackpotSettled,
    JackpotStaked,
    JackpotVoided,
    RoundClosed,
    RoundVoided,
    SixthCardBought,
    StakesPlaced,
    StakesWithdrawn,
)
from controller.engine.state import DEAL_PASSES, BoxState, BuyChoice, Phase, RoundState

E = TypeVar("E", bound=Event)
Applier = Callable[[RoundState, E], None]

# The applier of each type of event, filled in below by `@applies(EventType)`.
_APPLIERS: dict[type[Event], Applier[Any]] = {}


def applies(kind: type[E]) -> Callable[[Applier[E]], Applier[E]]:
    """Register the decorated function as the applier of events of type `kind`."""
    def register(applier: Applier[E]) -> Applier[E]:
        _APPLIERS[kind] = applier
        return applier
    return register


def apply(state: RoundState, event: Event) -> None:
    """Change `state` as `event` says happened."""
    applier = _APPLIERS.get(type(event))
    if applier is None:
        raise TypeError(f"{type(event).__name__} is not an event of a round")
    applier(state, event)
    state.events_applied += 1


def replay(rules: HouseRules, events: Iterable[Event]) -> RoundState:
    """Rebuild a round from its events: equal to the live state that produced them."""
    state = RoundState(rules)
    for event in events:
        apply(state, event)
    return state


# ------------------------------------------------------------------------------------------- stakes


@applies(StakesPlaced)
def _stakes_placed(state: RoundState, e: StakesPlaced) -> None:
    state.boxes[e.box] = BoxState(e.box, e.ante, e.bonus, e.blind, e.player, bet=e.bet)
    state.order = sorted(state.boxes)


@applies(StakesWithdrawn)
def _stakes_withdrawn(state: RoundState, e: StakesWithdrawn) -> None:
    del state.boxes[e.box]
    state.order = sorted(state.boxes)


@applies(BetsClosed)
def _bets_closed(state: RoundState, e: BetsClosed) -> None:
    state.move_to(Phase.DEALING)
    state.deal_plan = (*e.boxes, DEALER) * DEAL_PASSES
    state.deal_index = 0


# --------------------------------------------------------------------------------------------- cards


@applies(CardPlaced)
def _card_placed(state: RoundState, e: CardPlaced) -> None:
    state.seen.add(e.card)
    state.live.add(e.card)
    if e.to == DEALER:
        state.dealer.append(e.card)
    else:
        box = state.boxes[e.to]
        box.cards.append(e.card)
        if state.phase is Phase.DEALING:
            box.first_five.append(e.card)
        if box.pending_cards:
            box.pending_cards -= 1
    if state.phase is Phase.DEALING:
        state.deal_index += 1
        if state.deal_index == len(state.deal_plan):
            state.move_to(Phase.DECISIONS)
            _reveal_when_every_box_has_acted(state)


@applies(BonusSettled)
def _bonus_settled(state: RoundState, e: BonusSettled) -> None:
    state.boxes[e.box].bonus_result = e.result


@applies(JackpotStaked)
def _jackpot_staked(state: RoundState, e: JackpotStaked) -> None:
    state.boxes[e.box].jackpot = e.stake


@applies(JackpotSettled)
def _jackpot_settled(state: RoundState, e: JackpotSettled) -> None:
    """The jackpot's result is kept with the box (a void takes it back); the round goes on as is."""
    state.boxes[e.box].jackpot_settled = e


@applies(JackpotVoided)
def _jackpot_voided(state: RoundState, e: JackpotVoided) -> None:
    state.boxes[e.box].jackpot_settled = None


@applies(DiscardsReshuffled)
def _discards_reshuffled(state: RoundState, e: DiscardsReshuffled) -> None:
    state.seen.difference_update(e.cards)
    state.discards = []


# ---------------------------------------------------------------------------------- a box's decisions


@applies(Folded)
def _folded(state: RoundState, e: Folded) -> None:
    _close_insurance_window_unless(state, 0)
    box = state.boxes[e.box]
    box.folded = True
    state.live.difference_update(box.cards)
    state.discards += box.cards
    _reveal_when_every_box_has_acted(state)


@applies(BetPlaced)
def _bet_placed(state: RoundState, e: BetPlaced) -> None:
    box = state.boxes[e.box]
    box.bet = e.amount
    state.insurance_window = e.box if box.insurance == 0 else 0  # R-ACT-6: it may insure just after its bet
    _reveal_when_every_box_has_acted(state)


@applies(SixthCardBought)
def _sixth_card_bought(state: RoundState, e: SixthCardBought) -> None:
    _close_insurance_window_unless(state, e.box)
    box = state.boxes[e.box]
    box.bought_sixth = True
    box.draw_paid += e.price
    box.pending_cards = 1


@applies(CardsExchanged)
def _cards_exchanged(state: RoundState, e: CardsExchanged) -> None:
    _close_insurance_window_unless(state, e.box)
    box = state.boxes[e.box]
    discarded = set(e.discards)
    box.cards[:] = [card for card in box.cards if card not in discarded]
    state.live.difference_update(e.discards)
    state.discards += e.discards
    box.draw_paid += e.price
    box.exchanges += 1
    box.cards_exchanged += len(e.discards)
    box.last_exchange_size = len(e.discards)
    box.pending_cards = len(e.discards)


@applies(InsurancePlaced)
def _insurance_placed(state: RoundState, e: InsurancePlaced) -> None:
    state.boxes[e.box].insurance = e.amount
    state.insurance_window = 0


def _close_insurance_window_unless(state: RoundState, box: int) -> None:
    """R-ACT-6: a box that has just bet may insure until another box acts."""
    if state.insurance_window != box:
        state.insurance_window = 0


def _reveal_when_every_box_has_acted(state: RoundState) -> None:
    """The decisions end when no box is left to act (whose turn it is, R-TABLE-1, is RoundState.turn's)."""
    if state.turn == 0:
        state.move_to(Phase.REVEAL)


# ------------------------------------------------------------------------------------------- the dealer


@applies(DealerRevealed)
def _dealer_revealed(state: RoundState, e: DealerRevealed) -> None:
    state.insurance_window = 0
    state.revealed = True
    state.dealer_qualified = e.qualified
    state.buyers = e.buyers
    if e.buyers:
        state.move_to(Phase.BUYING)


@applies(GameBought)
def _game_bought(state: RoundState, e: GameBought) -> None:
    box = state.boxes[e.box]
    box.buy_choice = BuyChoice.BUY
    box.buy_paid = e.price


@applies(AnteTaken)
def _ante_taken(state: RoundState, e: AnteTaken) -> None:
    state.boxes[e.box].buy_choice = BuyChoice.ANTE


@applies(BuyingClosed)
def _buying_closed(state: RoundState, e: BuyingClosed) -> None:
    for box in state.boxes.values():
        if box.buy_choice is BuyChoice.UNDECIDED and box.bet > 0 and not box.folded:
            box.buy_choice = BuyChoice.ANTE
    if any(box.buy_choice is BuyChoice.BUY for box in state.boxes.values()):
        state.move_to(Phase.DEALER_DRAW)
        state.dealer_pending = 1


@applies(DealerCardReplaced)
def _dealer_card_replaced(state: RoundState, e: DealerCardReplaced) -> None:
    state.dealer.remove(e.discarded)
    state.dealer.append(e.card)
    state.live.discard(e.discarded)
    state.discards.append(e.discarded)
    state.dealer_discards.append(e.discarded)
    state.seen.add(e.card)
    state.live.add(e.card)
    state.dealer_draws.append(e.card)
    if e.free:
        state.free_redraws += 1
    state.dealer_pending = 1 if e.again else 0


@applies(DealerDrawEnded)
def _dealer_draw_ended(state: RoundState, e: DealerDrawEnded) -> None:
    state.dealer_pending = 0


# --------------------------------------------------------------------------------------- settlement


@applies(BoxSettled)
def _box_settled(state: RoundState, e: BoxSettled) -> None:
    state.boxes[e.box].settlement = e


@applies(RoundClosed)
def _round_closed(state: RoundState, e: RoundClosed) -> None:
    state.move_to(Phase.CLOSED)
    state.house_net = e.house_net


# ----------------------------------------------------------------------------------- faults and overrides


@applies(CardFault)
def _card_fault(state: RoundState, e: CardFault) -> None:
    state.fault = e


@applies(FaultResolved)
def _fault_resolved(state: RoundState, e: FaultResolved) -> None:
    state.fault = None


@applies(RoundVoided)
def _round_voided(state: RoundState, e: RoundVoided) -> None:
    state.voided = True
    state.fault = None


# ------------------------------------------------------------------- events as older journals hold them


@applies(DealerRevealedV1)
def _dealer_revealed_v1(state: RoundState, e: DealerRevealedV1) -> None:
    _dealer_revealed(state, legacy.dealer_revealed(state, e))


@applies(DealerCardReplacedV1)
def _dealer_card_replaced_v1(state: RoundState, e: DealerCardReplacedV1) -> None:
    _dealer_card_replaced(state, legacy.dealer_card_replaced(state, e))
