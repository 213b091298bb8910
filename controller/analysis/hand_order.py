"""Every 5-card hand in poker order, for numpy: a hand's pattern key and the strength of each pattern (R-HAND-1).

A 5-card hand is paid and compared by its *pattern*: its multiset of ranks, and whether it is a flush. The key of a
pattern is the colex rank of its rank multiset times two, plus one for a flush; `value_order()` gives each key its
strength (0 for the weakest no-game hand up to 7,461 for a royal flush, equal hands equal) and category, worked out
once by the rules' own evaluator (controller.core.hands).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from controller.core.hands import HandValue, best_five
from drivers.cards import PACK

RANKS = 13
# Per-rank weights such that every multiset of five ranks (each at most four times) has its own sum, found by a
# greedy search (each weight the smallest that keeps every sum distinct); the largest sum is 360,918.
RANK_WEIGHT = np.array([0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415], dtype=np.int32)
KEYS = comb(RANKS + 4, 5) * 2  # every pattern key is below this

I64 = npt.NDArray[np.int64]


def colex(ranks: tuple[int, ...]) -> int:
    """The colex rank of a sorted rank multiset (rank indices 0..12): its row in the pattern tables."""
    return sum(comb(r + i, i + 1) for i, r in enumerate(ranks))


def five_rank_multisets() -> list[tuple[int, ...]]:
    """Every multiset of five rank indices (0..12) that one pack can deal (no rank five times)."""
    return [m for m in combinations_with_replacement(range(RANKS), 5) if max(m.count(r) for r in m) <= 4]


def _multiset_colex_table() -> npt.NDArray[np.int32]:
    table = np.full(int(RANK_WEIGHT[-1]) * 4 + int(RANK_WEIGHT[-2]) + 1, -1, dtype=np.int32)
    weights = RANK_WEIGHT.tolist()  # plain ints: summing numpy scalars one by one is slow at import
    for multiset in five_rank_multisets():
        weight = sum(weights[r] for r in multiset)
        assert table[weight] == -1, "the rank weights must give every multiset its own sum"
        table[weight] = colex(multiset)
    return table


MULTISET_COLEX = _multiset_colex_table()
RANKS_OF_COLEX = {colex(m): m for m in five_rank_multisets()}  # colex rank -> the multiset of rank indices


def hand_keys(hands: npt.NDArray[np.int8]) -> I64:
    """Each 5-card row's pattern key: colex rank of its rank multiset * 2 + flush.

    The rank multiset is found without sorting: a sum of per-rank weights chosen so that no two 5-card
    multisets share a sum (a perfect hash, table MULTISET_COLEX), then one lookup gives its colex rank.
    """
    ranks = [hands[:, i] >> 2 for i in range(5)]
    suits = [hands[:, i] & 3 for i in range(5)]
    weight = RANK_WEIGHT[ranks[0]]
    for r in ranks[1:]:
        weight = weight + RANK_WEIGHT[r]
    flush = suits[0] == suits[1]
    for s in suits[2:]:
        flush &= suits[0] == s
    keys: I64 = MULTISET_COLEX[weight] * 2 + flush
    return keys


@dataclass(frozen=True)
class ValueOrder:
    """Per pattern key: its strength (a total order of 5-card hands; -1 for a key no hand has) and category; and
    the strength of each hand value, for hands of six cards played as their best five (R-HAND-2)."""

    strength: npt.NDArray[np.int32]
    category: npt.NDArray[np.int8]
    of_value: dict[HandValue, int]

    def strength_of(self, value: HandValue) -> int:
        return self.of_value[value]


@cache
def value_order() -> ValueOrder:
    values: dict[int, HandValue] = {}
    for indices in five_rank_multisets():
        for flush in (False, True):
            if flush and len(set(indices)) < 5:
                continue
            cards = [PACK[r * 4 + (3 if flush else i % 4)] for i, r in enumerate(indices)]
            values[colex(indices) * 2 + flush] = best_five(cards)[0]
    order = {v: i for i, v in enumerate(sorted(set(values.values())))}
    strength = np.full(KEYS, -1, dtype=np.int32)
    category = np.zeros(KEYS, dtype=np.int8)
    for key, value in values.items():
        strength[key], category[key] = order[value], int(value.category)
    return ValueOrder(strength, category, order)
