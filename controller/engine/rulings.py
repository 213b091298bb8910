"""The house rules' decisions that events record: the machine makes each one as it plays and writes it on the
event, so applying an event never reads the rules. Replaying a journal written before an event recorded its
decision makes the decision again here (controller.engine.legacy)."""

from __future__ import annotations

from controller.core.rules import BuyGameRules, BuyGameWho, DealerRedraw
from controller.engine.state import BoxState, RoundState
from controller.engine.strength import hand_value
from drivers.cards import Card


def may_buy_game(rules: BuyGameRules, box: BoxState) -> bool:
    """R-BUY-1: whether the house rules let a box with this insurance buy the dealer a game."""
    return rules.enabled and (rules.who == BuyGameWho.ANY or box.insurance == 0)


def boxes_allowed_to_buy(state: RoundState, dealer_qualified: bool) -> tuple[int, ...]:
    """R-BUY-1: the boxes that may buy the dealer a game as he shows his hand: none when it qualifies; else open
    boxes that bet, insured or not as the rules say."""
    if dealer_qualified:
        return ()
    rules = state.rules.buy_game
    return tuple(box.box for box in state.boxes.values()
                 if box.bet > 0 and not box.folded and not box.blind and may_buy_game(rules, box))


def dealer_replaces_again(state: RoundState, discarded: Card, card: Card, free: bool) -> bool:
    """R-BUY-3: whether the dealer, who has just replaced `discarded` with `card` (free: as a repeat), replaces
    his highest card once more. Asked of the state before the replacement is applied."""
    hand = [c for c in state.dealer if c != discarded] + [card]
    if hand_value(hand).category >= state.rules.dealer_qualifies_with:  # R-DEALER-1
        return False
    rules = state.rules.buy_game
    if rules.redraw == DealerRedraw.WHILE_UNCHANGED:
        unchanged = card.rank == discarded.rank  # same rank and, as he does not qualify, no flush made
        free_so_far = state.free_redraws + free
        return unchanged and (rules.max_free_redraws == 0 or free_so_far < rules.max_free_redraws)
    if rules.redraw == DealerRedraw.UNTIL_QUALIFIES:
        return True
    if rules.redraw == DealerRedraw.UNTIL_QUALIFIES_SINGLE_BOX:
        return len(state.order) == 1
    return False
