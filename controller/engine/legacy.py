"""Journals written before an event recorded a decision of the house rules: replaying such an event makes the
decision again, with the machine's own ruling on the state it is applied to, and applies the event as it is
written now. So `replay` of an old journal equals the state the round had."""

from __future__ import annotations

from controller.engine.events import DealerCardReplaced, DealerCardReplacedV1, DealerRevealed, DealerRevealedV1
from controller.engine.rulings import boxes_allowed_to_buy, dealer_replaces_again
from controller.engine.state import RoundState


def dealer_revealed(state: RoundState, old: DealerRevealedV1) -> DealerRevealed:
    """R-BUY-1: version 1 did not name the boxes that may buy the dealer a game."""
    return DealerRevealed(old.best, old.qualified, boxes_allowed_to_buy(state, old.qualified))


def dealer_card_replaced(state: RoundState, old: DealerCardReplacedV1) -> DealerCardReplaced:
    """R-BUY-3: version 1 did not say whether the dealer replaces his highest card again."""
    again = dealer_replaces_again(state, old.discarded, old.card, old.free)
    return DealerCardReplaced(old.discarded, old.card, old.free, again)
