"""The dealer's part (R-DEALER-1, R-BUY-1..4, R-SETTLE-*): he shows his hand; when it does not qualify, boxes
may buy him a game (he replaces his highest card, again while the rules say so) or take the ante; then every
box is settled and the round closes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from controller.core.hands import HandValue
from controller.core.rules import BuyGameWho
from controller.engine.commands.base import (
    ActionKind,
    BoxCommand,
    Command,
    EventLog,
    IllegalCommand,
    LegalAction,
    box_in_play,
    offered,
    registered,
    require_open,
    require_phase,
)
from controller.engine.commands.stock import ensure_stock, reshuffle_if_short
from controller.engine.events import (
    AnteTaken,
    BuyingClosed,
    DealerCardReplaced,
    DealerDrawEnded,
    DealerRevealed,
    GameBought,
    RoundClosed,
)
from controller.engine.queries import buy_game_price, highest_card
from controller.engine.rulings import boxes_allowed_to_buy, dealer_replaces_again
from controller.engine.settlement import settle_box
from controller.engine.state import BoxState, BuyChoice, Phase, RoundState, dealer_qualifies
from controller.engine.strength import hand_value
from drivers.cards import Card


@registered
@dataclass(frozen=True, slots=True)
class RevealDealer(Command):
    """Every box has acted: the dealer shows his hand."""

    action: ClassVar[ActionKind] = ActionKind.REVEAL

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        return offered(state, cls())

    def verify(self, state: RoundState) -> None:
        require_open(state)
        if state.phase is Phase.REVEAL:
            return
        if state.phase is Phase.DECISIONS:
            raise IllegalCommand(
                f"Box {state.turn} has not finished acting; the dealer shows his hand after every box.", "R-TABLE-1"
            )
        if state.phase in (Phase.BETTING, Phase.DEALING):
            raise IllegalCommand("The deal is not complete.", "R-DEAL-1")
        raise IllegalCommand("The dealer's hand is already shown.", "R-DEALER-1")

    def execute(self, state: RoundState, log: EventLog) -> None:
        dealer = hand_value(state.dealer)
        qualified = dealer_qualifies(state)
        log.emit(DealerRevealed(dealer.category, qualified, boxes_allowed_to_buy(state, qualified)))
        if state.phase is not Phase.BUYING:
            _finish(state, log, dealer)


@registered
@dataclass(frozen=True, slots=True)
class BuyGame(BoxCommand):
    """R-BUY-1: the box pays for the dealer to replace his highest card."""

    action: ClassVar[ActionKind] = ActionKind.BUY_GAME
    box: int

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        return offered(state, cls(box), box, price=buy_game_price(state.boxes[box]))

    def verify(self, state: RoundState) -> None:
        _buying_box(state, self.box)
        ensure_stock(state, 1)

    def execute(self, state: RoundState, log: EventLog) -> None:
        log.emit(GameBought(self.box, buy_game_price(state.boxes[self.box])))
        _close_buying_if_all_chose(state, log)


@registered
@dataclass(frozen=True, slots=True)
class TakeAnte(BoxCommand):
    """R-BUY-1: the box declines to buy the dealer a game and takes the ante win."""

    action: ClassVar[ActionKind] = ActionKind.TAKE_ANTE
    box: int

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        return offered(state, cls(box), box)

    def verify(self, state: RoundState) -> None:
        _buying_box(state, self.box)

    def execute(self, state: RoundState, log: EventLog) -> None:
        log.emit(AnteTaken(self.box))
        _close_buying_if_all_chose(state, log)


@registered
@dataclass(frozen=True, slots=True)
class CloseBuying(Command):
    """The dealer closes buying the game: boxes that said nothing take the ante (R-BUY-2)."""

    action: ClassVar[ActionKind] = ActionKind.CLOSE_BUYING

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        return offered(state, cls())

    def verify(self, state: RoundState) -> None:
        require_phase(state, Phase.BUYING, "No box is choosing whether to buy the dealer a game now.", "R-BUY-2")

    def execute(self, state: RoundState, log: EventLog) -> None:
        _close_buying(state, log)


def _buying_box(state: RoundState, number: int) -> BoxState:
    """The box `number` if it may choose now between buying the dealer a game and taking the ante."""
    if state.revealed and state.dealer_qualified:
        raise IllegalCommand("The dealer qualified: there is no game to buy and no ante to take instead.", "R-BUY-1")
    if state.fault is not None:
        require_open(state)
    rules = state.rules.buy_game
    if not rules.enabled:
        raise IllegalCommand("This table does not let a box buy the dealer a game.", "R-BUY-1")
    box = box_in_play(state, number)
    if box.blind:
        raise IllegalCommand(f"Box {number} plays blind: it cannot buy the dealer a game.", "R-TABLE-2")
    if box.folded or box.bet == 0:
        raise IllegalCommand(f"Box {number} has no bet: only a box that bet may buy the dealer a game.", "R-BUY-1")
    if box.insurance and rules.who == BuyGameWho.UNINSURED:
        raise IllegalCommand(f"Box {number} is insured: only uninsured boxes may buy the dealer a game.", "R-BUY-1")
    if state.phase is Phase.CLOSED:
        raise IllegalCommand("The round is closed: buying the dealer a game is over.", "R-BUY-1")
    if state.phase is not Phase.BUYING:
        raise IllegalCommand(
            "Buying the dealer a game comes only after he shows a hand that does not qualify.", "R-BUY-1"
        )
    if box.buy_choice:
        raise IllegalCommand(f"Box {number} has already chosen (took the ante or bought the game).", "R-BUY-1")
    return box


def _close_buying_if_all_chose(state: RoundState, log: EventLog) -> None:
    if all(state.boxes[number].buy_choice for number in state.buyers):
        _close_buying(state, log)


def _close_buying(state: RoundState, log: EventLog) -> None:
    log.emit(BuyingClosed())
    # R-BUY-2: boxes that did not buy are settled before the dealer draws.
    dealer = hand_value(state.dealer)
    _settle_boxes(state, log, dealer, skip_buyers=True)
    if state.phase is Phase.DEALER_DRAW:
        continue_dealer_draw(state, log)
    else:
        _finish(state, log, dealer)


def replace_dealer_card(state: RoundState, card: Card, log: EventLog) -> None:
    """R-BUY-1, R-BUY-3: the card from the shoe replaces the dealer's highest card."""
    highest = highest_card(state.dealer)
    free = bool(state.dealer_draws)  # a repeat of the replacement
    again = dealer_replaces_again(state, highest, card, free)
    log.emit(DealerCardReplaced(highest, card, free, again))
    continue_dealer_draw(state, log)


def continue_dealer_draw(state: RoundState, log: EventLog) -> None:
    """Wait for the dealer's next card if he draws again (R-BUY-3) and one can come; else settle the boxes that
    bought his game."""
    if state.dealer_pending:
        reshuffle_if_short(state, 1, log)
        if state.stock_size >= 1:
            return
    dealer = hand_value(state.dealer)
    log.emit(DealerDrawEnded(dealer.category, dealer_qualifies(state)))
    _finish(state, log, dealer)


def _settle_boxes(state: RoundState, log: EventLog, dealer: HandValue, skip_buyers: bool) -> None:
    """Settle, in box order, every box not yet settled (but those that bought the dealer a game when
    `skip_buyers`), on the dealer's hand now (`dealer`)."""
    qualified_now = dealer_qualifies(state)
    for number in state.order:
        box = state.boxes[number]
        if box.settlement is None and not (skip_buyers and box.buy_choice is BuyChoice.BUY):
            log.emit(settle_box(state.rules, box, dealer, state.dealer_qualified, qualified_now))


def _finish(state: RoundState, log: EventLog, dealer: HandValue) -> None:
    """Settle every box not yet settled on the dealer's final hand (`dealer`), then close the round with the
    house's net."""
    _settle_boxes(state, log, dealer, skip_buyers=False)
    house_net = 0
    for number in state.order:
        settlement = state.boxes[number].settlement
        assert settlement is not None
        house_net -= settlement.net
    log.emit(RoundClosed(house_net))
