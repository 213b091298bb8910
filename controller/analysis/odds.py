"""Exhaustive hand odds: over every 5- or 6-card hand of the pack, how often each best-hand category and each
paid multiplier occurs.

Every hand is enumerated (numpy, in chunks). A hand is reduced to its *pattern* (controller.core.payouts): the
colex rank of its rank multiset plus a bitmask of which of its (rank-sorted) cards make a 5-card flush. The
hands are counted per pattern with `bincount`; then each distinct pattern, a few thousand of them, is
evaluated once by the rules themselves (hands.py, payouts.py). Nothing is precomputed or shipped: the answer
is derived from the rules on every run.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from controller.analysis.parallel import run_in_two_processes
from controller.core.hands import HandCategory
from controller.core.payouts import RUSSIAN_PAYS, PayTable, payout_of_pattern

IntArray = npt.NDArray[np.int64]
RANKS = 13
_FLUSH_BITS = 64  # one bit per card position of a 6-card hand


@dataclass(frozen=True)
class OddsTable:
    cards: int
    hands: int
    categories: dict[HandCategory, int]
    multipliers: dict[int, int]


def hand_odds(cards: int, table: PayTable = RUSSIAN_PAYS) -> OddsTable:
    """Count every best-hand category and paid multiplier over all C(52, cards) hands (cards = 5 or 6)."""
    if cards not in (5, 6):
        raise ValueError(f"odds are counted for 5 or 6 cards, not {cards}")
    pattern_counts = count_patterns(cards)
    keys = np.flatnonzero(pattern_counts).tolist()
    # The distinct patterns are evaluated by the rules on both cores: half here, half in a forked child.
    halves = [(keys[0::2], pattern_counts), (keys[1::2], pattern_counts)]
    parts = run_in_two_processes(lambda part: _tally(part[0], part[1], cards, table), halves)
    categories = dict.fromkeys(HandCategory, 0)
    multipliers: dict[int, int] = {}
    for part_categories, part_multipliers in parts:
        for category, n in part_categories.items():
            categories[category] += n
        for multiplier, n in part_multipliers.items():
            multipliers[multiplier] = multipliers.get(multiplier, 0) + n
    return OddsTable(cards, comb(52, cards), categories, dict(sorted(multipliers.items())))


def _tally(keys: list[int], pattern_counts: IntArray, cards: int,
           table: PayTable) -> tuple[dict[HandCategory, int], dict[int, int]]:
    multisets = rank_multisets(cards)
    categories: dict[HandCategory, int] = {}
    multipliers: dict[int, int] = {}
    for key in keys:
        n = int(pattern_counts[key])
        index, flush_mask = divmod(key, _FLUSH_BITS)
        ranks = multisets[index]
        flush = tuple(ranks[i] for i in range(cards) if flush_mask >> i & 1)
        payout = payout_of_pattern((ranks, flush), table)
        categories[payout.best] = categories.get(payout.best, 0) + n
        multipliers[payout.multiplier] = multipliers.get(payout.multiplier, 0) + n
    return categories, multipliers


def count_patterns(cards: int) -> IntArray:
    """How many hands of `cards` cards have each pattern key: multiset colex rank * 64 + flush mask.

    Card index = rank_index * 4 + suit and every hand's cards ascend, so its ranks are sorted; sorted rank
    indices r_0 <= r_1 <= ... map to the strictly increasing r_i + i, whose colex rank numbers the multiset.
    The flush mask has bit i set when card i belongs to a suit holding five or more of the hand's cards.

    Hands are enumerated as two lowest cards (a, b) followed by a tail from the (cards-2)-combinations of
    the pack above b. Both parts of the key are sums over positions, so each tail's share is computed once.
    """
    tails = combinations_array(52, cards - 2)
    tail_colex = np.zeros(len(tails), dtype=np.int32)
    tail_suits = np.zeros(len(tails), dtype=np.int32)
    for j in range(cards - 2):
        tail_colex += _COLEX[j + 2][tails[:, j] >> 2]
        tail_suits += (tails[:, j] & 3).astype(np.int32) << (2 * (j + 2))
    tail_starts = np.searchsorted(tails[:, 0], np.arange(53))
    flush_of_suits = _flush_mask_table(cards)

    keys = np.empty(comb(52, cards), dtype=np.int32)
    filled = 0
    for a in range(52):
        for b in range(a + 1, 52 - (cards - 2)):
            tail = slice(int(tail_starts[b + 1]), len(tails))
            n = tail.stop - tail.start
            head_colex = int(_COLEX[0][a >> 2] + _COLEX[1][b >> 2])
            head_suits = (a & 3) | (b & 3) << 2
            out = keys[filled : filled + n]
            np.add(tail_suits[tail], head_suits, out=out)
            out[:] = flush_of_suits[out]
            out += (tail_colex[tail] + head_colex) * _FLUSH_BITS
            filled += n
    multisets = comb(RANKS + cards - 1, cards)
    return np.bincount(keys, minlength=multisets * _FLUSH_BITS).astype(np.int64)


def _flush_mask_table(cards: int) -> npt.NDArray[np.int32]:
    """For every assignment of suits to the hand's positions (base 4, position 0 lowest): the flush mask."""
    table = np.zeros(4**cards, dtype=np.int32)
    for code in range(4**cards):
        suits = [code >> (2 * i) & 3 for i in range(cards)]
        for suit in set(suits):
            if suits.count(suit) >= 5:
                table[code] = sum(1 << i for i, s in enumerate(suits) if s == suit)
    return table


def rank_multisets(cards: int) -> list[tuple[int, ...]]:
    """Every multiset of `cards` ranks (2..14, ascending), listed at its colex rank."""
    out: list[tuple[int, ...]] = [()] * comb(RANKS + cards - 1, cards)
    for indices in combinations_with_replacement(range(RANKS), cards):
        out[sum(comb(r + i, i + 1) for i, r in enumerate(indices))] = tuple(r + 2 for r in indices)
    return out


def combinations_array(n: int, k: int) -> npt.NDArray[np.int8]:
    """All k-combinations of range(n) as rows, in lexicographic order (vectorised, no Python loop per row)."""
    combos = np.arange(n, dtype=np.int8).reshape(-1, 1)
    for _ in range(k - 1):
        last = combos[:, -1].astype(np.int64)
        room = n - 1 - last  # how many larger elements each row can take next
        rows = np.repeat(np.arange(len(combos)), room)
        # within each row's run, the offsets 1, 2, ..., room
        run_starts = np.repeat(np.cumsum(room) - room, room)
        offsets = np.arange(len(rows)) - run_starts + 1
        combos = np.column_stack([combos[rows], (last[rows] + offsets).astype(np.int8)])
    return combos


# _COLEX[i][r] = C(r + i, i + 1): the colex weight of rank index r at sorted position i.
_COLEX = [np.array([comb(r + i, i + 1) for r in range(RANKS)], dtype=np.int32) for i in range(6)]
