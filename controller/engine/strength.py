"""Fast hand strength for the engine: a hand's value depends only on its pattern (ranks, flush ranks), so it
is computed once per pattern and remembered (the payout search in controller.payouts works the same way)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from controller.cards import PACK, Card
from controller.hands import HandValue, best_five
from controller.payouts import Pattern, Payout, PayTable, canonical_hand, payout_of_pattern


@lru_cache(maxsize=200_000)
def _value_of_pattern(pattern: Pattern) -> HandValue:
    cards = [PACK[(rank - 2) * 4 + suit] for rank, suit in canonical_hand(pattern)]
    return best_five(cards)[0]


def hand_payout(cards: Sequence[Card], table: PayTable) -> Payout:
    """`controller.payouts.analyse_payout` through the engine's faster pattern."""
    return payout_of_pattern(quick_pattern(cards), table)


def hand_value_and_payout(cards: Sequence[Card], table: PayTable) -> tuple[HandValue, Payout]:
    return _evaluation(quick_pattern(cards), table)


@lru_cache(maxsize=200_000)
def _evaluation(pattern: Pattern, table: PayTable) -> tuple[HandValue, Payout]:
    return _value_of_pattern(pattern), payout_of_pattern(pattern, table)


def hand_value(cards: Sequence[Card]) -> HandValue:
    """The best 5-card value of 5 or 6 cards (R-HAND-2), equal to `best_five(cards)[0]`."""
    return _value_of_pattern(quick_pattern(cards))


def quick_pattern(cards: Sequence[Card]) -> Pattern:
    """`controller.payouts.hand_pattern`, faster for the 5 or 6 cards of a hand (the engine's hot path)."""
    suits = [c.suit for c in cards]
    ranks = tuple(sorted([c.rank for c in cards]))
    kinds = set(suits)
    if len(kinds) <= len(cards) - 4:  # five of one suit are possible only then
        for suit in kinds:
            if suits.count(suit) >= 5:
                return ranks, tuple(sorted([c.rank for c in cards if c.suit == suit]))
    return ranks, ()
