"""Fast hand strength for the engine: a hand's value depends only on its pattern (ranks, flush ranks), so it
is computed once per pattern and remembered (the payout search in controller.payouts works the same way)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from controller.cards import PACK, Card
from controller.hands import HandValue, best_five
from controller.payouts import Pattern, canonical_hand, hand_pattern


@lru_cache(maxsize=200_000)
def _value_of_pattern(pattern: Pattern) -> HandValue:
    cards = [PACK[(rank - 2) * 4 + suit] for rank, suit in canonical_hand(pattern)]
    return best_five(cards)[0]


def hand_value(cards: Sequence[Card]) -> HandValue:
    """The best 5-card value of 5 or 6 cards (R-HAND-2), equal to `best_five(cards)[0]`."""
    return _value_of_pattern(hand_pattern(cards))
