"""The `simple` player strategy that `rptable simulate` and QA sessions use: plain, documented, legal.

For an open box, on its five cards:
- a pair or better: bet (and, holding three of a kind or better where insurance is offered, insure for the
  smallest amount allowed);
- ace-king: exchange the three other cards where exchanging is offered, then bet on anything ace-king or
  better, else fold; where there is no exchange, bet;
- four cards of one suit: exchange the fifth where exchanging is offered, then as above;
- anything else: fold.
When the dealer does not qualify, a box holding three of a kind or better buys him a game where it may (it
has most to win if he then qualifies); every other box takes the ante.
It is a fixed, readable policy for exercising the table, not an optimal one (see `rptable analyze`).
"""

from __future__ import annotations

from collections.abc import Callable

from controller.core.hands import HandCategory
from controller.engine import (
    Bet,
    BuyGame,
    CloseBuying,
    Command,
    Exchange,
    Fold,
    IllegalCommand,
    Insure,
    LegalAction,
    Phase,
    RevealDealer,
    RoundState,
    TakeAnte,
    legal_commands,
    next_card_target,
    turn_actions,
)
from controller.engine.strength import hand_value

# Plain names for the categories the strategy compares with: a member looked up on its enum is a Python call.
ACE_KING, ONE_PAIR, THREE_OF_A_KIND = HandCategory.ACE_KING, HandCategory.ONE_PAIR, HandCategory.THREE_OF_A_KIND


def decide_box(state: RoundState, box_number: int, legal: tuple[LegalAction, ...]) -> Command:
    """The simple strategy's next command for an open box whose turn it is."""
    box = state.boxes[box_number]
    kinds = {action.kind: action for action in legal if action.box == box_number}
    category = hand_value(box.cards).category
    insure = kinds.get("insure")
    if insure is not None and insure.minimum is not None and category >= THREE_OF_A_KIND:
        return Insure(box_number, insure.minimum)
    exchange = kinds.get("exchange")
    if exchange is None or box.drew:
        return Bet(box_number) if category >= ACE_KING and "bet" in kinds else Fold(box_number)
    if category >= ONE_PAIR:
        return Bet(box_number)
    most = exchange.maximum or 1
    if category == ACE_KING and most >= 3:
        keep = {max(box.cards, key=lambda c: c.rank)}
        keep.add(next(c for c in box.cards if c.rank == 13))
        return Exchange(box_number, tuple(c for c in box.cards if c not in keep))
    suits = [c.suit for c in box.cards]
    off_suit = [c for c in box.cards if suits.count(c.suit) == 1]
    if len(off_suit) == 1 and max(suits.count(s) for s in set(suits)) == 4:
        return Exchange(box_number, (off_suit[0],))
    if category == ACE_KING and "bet" in kinds:
        return Bet(box_number)
    return Fold(box_number)


def decide_buy(state: RoundState, box_number: int, legal: tuple[LegalAction, ...]) -> Command:
    """Buy the dealer a game with three of a kind or better, where allowed; otherwise take the ante."""
    may_buy = any(a.kind == "buy_game" and a.box == box_number for a in legal)
    strong = hand_value(state.boxes[box_number].cards).category >= THREE_OF_A_KIND
    return BuyGame(box_number) if may_buy and strong else TakeAnte(box_number)


def next_action(state: RoundState) -> Command | None:
    """What the table does next under this strategy: a player's or the dealer's command, or None when the
    next thing due is a card from the shoe. The round must be dealt (bets closed) and free of faults."""
    return next_action_of(state, decide_box, decide_buy)


BoxDecider = Callable[[RoundState, int, tuple[LegalAction, ...]], Command]


def next_action_of(state: RoundState, box_decider: BoxDecider, buy_decider: BoxDecider) -> Command | None:
    """The table's next command under a strategy given by its two deciders (a box's turn; buying the dealer a
    game), the dealer's steps being the same for every strategy; None when a card from the shoe is due."""
    if next_card_target(state) is not None:
        return None
    if state.phase is Phase.DECISIONS and state.turn:
        # The box's own choices are all its decision needs (what legal_commands lists for it, found cheaper).
        return box_decider(state, state.turn, turn_actions(state))
    legal = legal_commands(state)
    kinds = {a.kind for a in legal}
    if "reveal" in kinds:
        return RevealDealer()
    if state.phase is Phase.BUYING:
        waiting = [a.box for a in legal if a.kind in ("buy_game", "take_ante") and a.box is not None]
        return buy_decider(state, waiting[0], legal) if waiting else CloseBuying()
    raise IllegalCommand(f"nothing to do in phase {state.phase} ({', '.join(sorted(kinds))})", "R-TABLE-1")
