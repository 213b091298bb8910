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
from controller.engine import ActionKind, Command, IllegalCommand, LegalAction, Phase, RoundState, build_command
from controller.engine.guide import legal_commands, turn_actions
from controller.engine.queries import next_card_target
from controller.engine.strength import hand_value

Actions = dict[ActionKind, LegalAction]  # a box's legal actions by kind


def box_actions(legal: tuple[LegalAction, ...], box: int) -> Actions:
    """The legal actions of one box, by kind."""
    return {action.kind: action for action in legal if action.box == box}


def decide_box(state: RoundState, box_number: int, legal: tuple[LegalAction, ...]) -> Command:
    """The simple strategy's next command for an open box whose turn it is."""
    box = state.boxes[box_number]
    actions = box_actions(legal, box_number)
    category = hand_value(box.cards).category
    insure = actions.get(ActionKind.INSURE)
    if insure is not None and insure.minimum is not None and category >= HandCategory.THREE_OF_A_KIND:
        return insure.command(amount=insure.minimum)
    exchange = actions.get(ActionKind.EXCHANGE)
    if exchange is None or box.drew:
        return bet_or_fold(actions, box_number, bet=category >= HandCategory.ACE_KING)
    if category >= HandCategory.ONE_PAIR:
        return build_command(ActionKind.BET, box_number)
    most = exchange.maximum or 1
    if category == HandCategory.ACE_KING and most >= 3:
        keep = {max(box.cards, key=lambda c: c.rank)}
        keep.add(next(c for c in box.cards if c.rank == 13))
        return exchange.command(discards=[c for c in box.cards if c not in keep])
    suits = [c.suit for c in box.cards]
    off_suit = [c for c in box.cards if suits.count(c.suit) == 1]
    if len(off_suit) == 1 and max(suits.count(s) for s in set(suits)) == 4:
        return exchange.command(discards=off_suit)
    return bet_or_fold(actions, box_number, bet=category == HandCategory.ACE_KING)


def bet_or_fold(actions: Actions, box_number: int, *, bet: bool) -> Command:
    """Bet when the strategy would and the box may; else fold."""
    kind = ActionKind.BET if bet and ActionKind.BET in actions else ActionKind.FOLD
    return build_command(kind, box_number)


def decide_buy(state: RoundState, box_number: int, legal: tuple[LegalAction, ...]) -> Command:
    """Buy the dealer a game with three of a kind or better, where allowed; otherwise take the ante."""
    may_buy = ActionKind.BUY_GAME in box_actions(legal, box_number)
    strong = hand_value(state.boxes[box_number].cards).category >= HandCategory.THREE_OF_A_KIND
    return build_command(ActionKind.BUY_GAME if may_buy and strong else ActionKind.TAKE_ANTE, box_number)


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
    if ActionKind.REVEAL in kinds:
        return build_command(ActionKind.REVEAL)
    if state.phase is Phase.BUYING:
        choosing = [a.box for a in legal if a.kind in (ActionKind.BUY_GAME, ActionKind.TAKE_ANTE) and a.box]
        return buy_decider(state, choosing[0], legal) if choosing else build_command(ActionKind.CLOSE_BUYING)
    raise IllegalCommand(f"nothing to do in phase {state.phase} ({', '.join(sorted(kinds))})", "R-TABLE-1")
