"""Poker hand categories and strength (R-HAND-1, R-HAND-2): evaluate 5 cards, best 5 of 6, compare."""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations
from typing import NamedTuple

from drivers.cards import ACE, KING, Card


class HandCategory(IntEnum):
    """R-HAND-1, low to high. The names are the JSON names of the command-line contract."""

    NO_GAME = 0
    ACE_KING = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10

    @property
    def words(self) -> str:
        """ONE_PAIR -> "one pair": the category in an English sentence (the console has its own, translated)."""
        return self.name.replace("_", " ").lower()


class HandValue(NamedTuple):
    """Category and tiebreak ranks; tuples compare as normal 5-card poker ranks do (R-HAND-2)."""

    category: HandCategory
    tiebreak: tuple[int, ...]


def straight_high(distinct_ranks_desc: Sequence[int]) -> int:
    """The top rank of a straight made of exactly these 5 distinct ranks (5 for the wheel), else 0."""
    if len(distinct_ranks_desc) != 5:
        return 0
    if distinct_ranks_desc[0] - distinct_ranks_desc[4] == 4:
        return distinct_ranks_desc[0]
    if tuple(distinct_ranks_desc) == (ACE, 5, 4, 3, 2):  # A-2-3-4-5; Q-K-A-2-3 never wraps
        return 5
    return 0


def evaluate_five(cards: Sequence[Card]) -> HandValue:
    """The category and tiebreak of exactly five cards."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    # Group by (count, rank), biggest group first: this order is also the tiebreak order.
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    by_group = tuple(r for r, _ in groups)
    shape = tuple(n for _, n in groups)
    flush = len({c.suit for c in cards}) == 1
    high = straight_high(by_group) if len(groups) == 5 else 0
    if high and flush:
        category = HandCategory.ROYAL_FLUSH if high == ACE else HandCategory.STRAIGHT_FLUSH
        return HandValue(category, (high,))
    if shape == (4, 1):
        return HandValue(HandCategory.FOUR_OF_A_KIND, by_group)
    if shape == (3, 2):
        return HandValue(HandCategory.FULL_HOUSE, by_group)
    if flush:
        return HandValue(HandCategory.FLUSH, by_group)
    if high:
        return HandValue(HandCategory.STRAIGHT, (high,))
    if shape == (3, 1, 1):
        return HandValue(HandCategory.THREE_OF_A_KIND, by_group)
    if shape == (2, 2, 1):
        return HandValue(HandCategory.TWO_PAIR, by_group)
    if shape == (2, 1, 1, 1):
        return HandValue(HandCategory.ONE_PAIR, by_group)
    if by_group[0] == ACE and by_group[1] == KING:
        return HandValue(HandCategory.ACE_KING, by_group)
    return HandValue(HandCategory.NO_GAME, by_group)


def best_five(cards: Sequence[Card]) -> tuple[HandValue, tuple[Card, ...]]:
    """The best 5-card hand within 5 to 7 cards, and the cards that make it (R-HAND-2)."""
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"a hand has 5 or 6 cards (7 at most for analysis), not {len(cards)}")
    best: tuple[HandValue, tuple[Card, ...]] | None = None
    for five in combinations(cards, 5):
        value = evaluate_five(five)
        if best is None or value > best[0]:
            best = (value, five)
    assert best is not None
    value, chosen = best
    # Show the cards the way a dealer reads them: the deciding groups first, high to low.
    order = {rank: i for i, rank in enumerate(value.tiebreak)}
    shown = tuple(sorted(chosen, key=lambda c: (order.get(c.rank, 99), -c.rank, -c.suit)))
    if value.category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH) and value.tiebreak == (5,):
        shown = tuple(sorted(chosen, key=lambda c: (c.rank % ACE), reverse=True))  # 5-4-3-2-A
    return value, shown


def compare_hands(a: Sequence[Card], b: Sequence[Card]) -> int:
    """+1 if hand a beats hand b, -1 if it loses, 0 for a tie; each is played as its best five."""
    va, vb = best_five(a)[0], best_five(b)[0]
    return (va > vb) - (va < vb)
