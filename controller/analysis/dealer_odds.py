"""Exact counts of the dealer's hands against a player's (R-DEAL-1, R-DEALER-1, R-HAND-2): given his up card and
the cards he cannot hold, how many of his possible four hidden cards leave him without a game, and how many make a
qualifying hand below, level with or above the player's.

Counting, not dealing: the hidden cards are counted by their rank multiset (1,820 multisets of four ranks; the
ways to pick each from the cards left of every rank is a product of binomials), then the hands of five cards of
the up card's suit are moved from their plain value to their flush value (715 sets of four ranks). All of it is
numpy over many questions at once.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from controller.analysis.hand_order import MULTISET_COLEX, RANK_WEIGHT, RANKS, value_order
from controller.core.hands import HandCategory

HIDDEN = 4  # the dealer's face-down cards (R-DEAL-1)
OUTCOMES = ("no_qualify", "win", "tie", "lose")  # columns of `DealerOdds.count`: the player's side of each

I64 = npt.NDArray[np.int64]

# Every multiset of four ranks: its distinct ranks and how many of each (padded with rank 0 taken 0 times).
_MULTISETS = list(combinations_with_replacement(range(RANKS), HIDDEN))
_M_RANK = np.zeros((len(_MULTISETS), HIDDEN), dtype=np.int64)
_M_TIMES = np.zeros((len(_MULTISETS), HIDDEN), dtype=np.int64)
for _i, _m in enumerate(_MULTISETS):
    for _j, _r in enumerate(sorted(set(_m))):
        _M_RANK[_i, _j], _M_TIMES[_i, _j] = _r, _m.count(_r)
# Every set of four distinct ranks, as a bitmask: the hidden cards that could all share the up card's suit.
_SETS = list(combinations(range(RANKS), HIDDEN))
_SET_MASK = np.array([sum(1 << r for r in s) for s in _SETS], dtype=np.int64)
# C(n, k) for n, k in 0..4: the ways to take k of the n cards of a rank that are left. Small integers: the ways to
# take a multiset of four hidden cards, a product of four of them, are at most 4^4 = 256, and numpy gathers and
# multiplies int16 faster than wider types.
_BINOMIAL16 = np.array([[comb(n, k) for k in range(HIDDEN + 1)] for n in range(HIDDEN + 1)], dtype=np.int16)
# For each multiset and each of its (up to four) distinct ranks: where its binomial is in a row of ways_of.
_TAKE = [_M_RANK[:, j] * (HIDDEN + 1) + _M_TIMES[:, j] for j in range(HIDDEN)]


@cache
def _dealer_strengths() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """By up rank: the strength of the dealer's hand for each multiset of hidden ranks (not a flush); and for
    each set of four hidden ranks, its strength as a flush and as a plain hand (-1 where the set holds the up
    rank: no such flush exists). Each hand's pattern key is found by hand_order's perfect hash of its ranks."""
    strength = value_order().strength
    multisets, sets = np.array(_MULTISETS, dtype=np.int64), np.array(_SETS, dtype=np.int64)
    plain = np.zeros((RANKS, len(_MULTISETS)), dtype=np.int32)
    flush = np.full((RANKS, len(_SETS)), -1, dtype=np.int32)
    unflushed = np.full((RANKS, len(_SETS)), -1, dtype=np.int32)
    for up in range(RANKS):
        possible = (multisets != up).any(axis=1)  # not five of the up card's rank
        weight = np.where(possible, RANK_WEIGHT[multisets].sum(axis=1) + RANK_WEIGHT[up], 0)
        plain[up] = np.where(possible, strength[MULTISET_COLEX[weight] * 2], 0)
        free = (sets != up).all(axis=1)
        key = MULTISET_COLEX[RANK_WEIGHT[sets[free]].sum(axis=1) + RANK_WEIGHT[up]] * 2
        flush[up, free], unflushed[up, free] = strength[key + 1], strength[key]
    return plain, flush, unflushed


@cache
def _plain_order() -> npt.NDArray[np.int64]:
    """By up rank: the multisets of hidden ranks in order of the plain hand they make."""
    order: npt.NDArray[np.int64] = np.argsort(_dealer_strengths()[0], axis=1, kind="stable")
    return order


class DealerOdds:
    """Counts of the dealer's completions for a table whose dealer qualifies with `qualifies_with`."""

    def __init__(self, qualifies_with: HandCategory) -> None:
        order = value_order()
        self.qualifies_with = qualifies_with
        # The weakest strength that qualifies (R-DEALER-1): strengths follow categories.
        self.qualify = int(order.strength[order.category >= int(qualifies_with)].min())

    def count(self, out_ranks: I64, up: I64, out_of_suit: I64, player: I64) -> I64:
        """For each row: the dealer's up card `up` (a card index); `out_ranks[r]`, how many cards of rank r he
        cannot hold besides his up card (the player's, discards, ...); `out_of_suit`, the bitmask of those ranks
        that are of the up card's suit; `player`, the strength of the player's hand. Returns, per row, how many
        sets of four hidden cards leave him without a game, below the player, level, and above (OUTCOMES)."""
        up_rank = up >> 2
        thresholds = np.stack([np.full_like(player, self.qualify), player, player + 1], axis=1)
        left = HIDDEN - out_ranks
        left[np.arange(len(up)), up_rank] -= 1
        below = self.plain_below(left, up_rank, thresholds) + self.flush_shift_below(
            out_of_suit | (1 << up_rank), up_rank, thresholds)
        return self.outcomes(below, player, _hidden_sets(left))

    def outcomes(self, below: I64, player: I64, total: I64) -> I64:
        """From the counts below the qualifier, below the player and up to the player (columns of `below`): the
        OUTCOMES columns."""
        no_qualify, under, up_to = below[:, 0], below[:, 1], below[:, 2]
        win = np.maximum(under - no_qualify, 0)
        tie = np.where(player >= self.qualify, up_to - under, 0)
        out: I64 = np.stack([no_qualify, win, tie, total - no_qualify - win - tie], axis=1)
        return out

    @staticmethod
    def plain_below(left: I64, up_rank: I64, thresholds: I64) -> I64:
        """Per row and threshold: the sets of hidden cards whose hand, counted as if no flush, is below it.
        `left[r]`: cards of rank r he may still hold. (Rows are taken by up rank: the multisets in order of the
        hand they make, so a count below a threshold is one running total.)"""
        plain = _dealer_strengths()[0]
        # ways[r * 5 + k]: the ways to take k of the cards of rank r that are left, per row.
        ways_of = _BINOMIAL16[np.clip(left, 0, HIDDEN)].reshape(len(left), -1)
        out = np.zeros(thresholds.shape, dtype=np.int64)
        for rank in np.unique(up_rank).tolist():
            rows = np.flatnonzero(up_rank == rank)
            order = _plain_order()[rank]
            mine = ways_of[rows]
            ways = mine[:, _TAKE[0][order]] * mine[:, _TAKE[1][order]]
            for j in range(2, HIDDEN):
                ways *= mine[:, _TAKE[j][order]]
            running = np.zeros((len(rows), len(order) + 1), dtype=np.int32)  # at most C(47, 4): int32 holds it
            np.cumsum(ways, axis=1, dtype=np.int32, out=running[:, 1:])
            position = np.searchsorted(plain[rank][order], thresholds[rows], side="left")
            out[rows] = np.take_along_axis(running, position, axis=1)
        return out

    @staticmethod
    def flush_shift_below(out_of_suit: I64, up_rank: I64, thresholds: I64) -> I64:
        """Per row and threshold: how the hands of five cards of the up card's suit change the count below it,
        moved from their plain strength to their flush strength. `out_of_suit` includes the up rank itself.
        (Rows are taken by up rank and counted once for each set of ranks out of the suit: the sets of four ranks
        free of them in order of the hand they make, as a flush and as a plain hand, so a count below a threshold
        is one running total.)"""
        out = np.zeros(thresholds.shape, dtype=np.int64)
        for rank in np.unique(up_rank).tolist():
            rows = np.flatnonzero(up_rank == rank)
            masks, which = np.unique(out_of_suit[rows], return_inverse=True)
            free = (_SET_MASK[None, :] & masks[:, None]) == 0
            for sign, (order, in_order) in zip((1, -1), _flush_orders()[rank], strict=True):
                running = np.zeros((len(masks), len(order) + 1), dtype=np.int32)
                np.cumsum(free[:, order], axis=1, out=running[:, 1:])
                position = np.searchsorted(in_order, thresholds[rows], side="left")
                out[rows] += sign * running[which.reshape(-1, 1), position]
        return out


@cache
def _flush_orders() -> list[tuple[tuple[I64, npt.NDArray[np.int32]], ...]]:
    """By up rank: the sets of four ranks in order of their hand as a flush, and as a plain hand, with those
    strengths in that order."""
    _, flush, unflushed = _dealer_strengths()
    orders = []
    for rank in range(RANKS):
        pair = []
        for strengths in (flush[rank], unflushed[rank]):
            order: I64 = np.argsort(strengths, kind="stable")
            pair.append((order, strengths[order]))
        orders.append(tuple(pair))
    return orders


def _hidden_sets(left: I64) -> I64:
    """Sets of four hidden cards among the cards left: C(sum of left, 4)."""
    n = left.sum(axis=1)
    total: I64 = n * (n - 1) * (n - 2) * (n - 3) // 24
    return total


def completions(out_count: int) -> int:
    """The dealer's possible hidden cards when `out_count` cards besides his up card are out of his reach."""
    return comb(52 - 1 - out_count, HIDDEN)
