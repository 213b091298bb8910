"""Every deal a box can see: its five cards and the dealer's up card (2,598,960 x 47 of them), grouped into the
few that play alike, each with how many deals it stands for and the exact counts of the dealer's hidden cards
against it (controller.analysis.dealer_odds).

Two deals play alike when their hands have the same ranks, the same flush or not, the same ranks in the up card's
suit, the same four-card flush or not, and the up cards the same rank: a strategy sees the same hand class, the
hand is paid the same, and the dealer's hidden cards fall the same way. By the symmetry of suits the up card is
taken as a club, each group standing for four times its deals. About 1.3 million groups; built on both cores in a
few seconds and kept for the process.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from controller.analysis.dealer_odds import HIDDEN, DealerOdds
from controller.analysis.hand_order import KEYS, RANKS, hand_keys, value_order
from controller.analysis.odds import combinations_array
from controller.analysis.parallel import run_in_two_processes
from controller.core.hands import HandCategory

DEALS = comb(52, 5) * 47  # a box's five cards and the dealer's up card
UP_SUITS = 4  # each group's up card is a club; the other three suits deal alike

I64 = npt.NDArray[np.int64]


@dataclass(frozen=True)
class FirstHands:
    """One row per group: a hand and up card that stand for it, the deals it stands for, the hand's pattern key
    and strength (controller.analysis.hand_order), and the dealer's completions by outcome (dealer_odds.OUTCOMES)
    out of `completions` each."""

    cards: npt.NDArray[np.int8]  # (groups, 5) card indices
    up: npt.NDArray[np.int8]
    deals: I64
    pattern: I64
    strength: npt.NDArray[np.int32]
    counts: I64  # (groups, 4)
    key: I64  # what makes the group (group_keys), ascending
    completions: int = comb(52 - 6, HIDDEN)

    def __len__(self) -> int:
        return len(self.up)

    def group_of(self, hands: npt.NDArray[np.int8], up: npt.NDArray[np.int8]) -> I64:
        """The group of each deal: five cards a row of `hands`, the up card the same row of `up`."""
        found: I64 = np.searchsorted(self.key, group_keys(hands, up))
        return found


def group_keys(hands: npt.NDArray[np.int8], up: npt.NDArray[np.int8]) -> I64:
    """What makes a deal's group, as one number: the up card's rank, the hand's pattern key, the ranks it holds in
    the up card's suit, and whether it holds four cards of one suit."""
    ranks, suits = (hands >> 2).astype(np.int64), (hands & 3).astype(np.int64)
    up_suit = (up & 3).astype(np.int64)[:, None]
    of_up_suit = ((suits == up_suit).astype(np.int64) << ranks).sum(axis=1)
    four_suited = (np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1) == 4).any(axis=1)
    key: I64 = (((up.astype(np.int64) >> 2) * KEYS + hand_keys(hands)) << RANKS | of_up_suit) * 2 + four_suited
    return key


@cache
def first_hands(qualifies_with: HandCategory) -> FirstHands:
    """Every group of first deals, for a dealer who qualifies with `qualifies_with`."""
    halves = run_in_two_processes(lambda ranks: _groups(ranks, qualifies_with),
                                  [list(range(0, RANKS, 2)), list(range(1, RANKS, 2))])
    parts = sorted((part for half in halves for part in half), key=lambda part: int(part[6][0]))
    cards, up, deals, pattern, strength, counts, key = (np.concatenate([p[i] for p in parts]) for i in range(7))
    return FirstHands(cards, up, deals, pattern, strength, counts, key)


def _groups(up_ranks: list[int], qualifies_with: HandCategory) -> list[tuple[npt.NDArray[Any], ...]]:
    odds = DealerOdds(qualifies_with)
    order = value_order()
    positions = combinations_array(51, 5)
    out: list[tuple[npt.NDArray[Any], ...]] = []
    for up_rank in up_ranks:
        up = up_rank * 4  # the club of its rank
        others = np.array([c for c in range(52) if c != up], dtype=np.int8)
        hands = others[positions]
        key, first, deals = np.unique(group_keys(hands, np.full(len(hands), up, dtype=np.int8)), return_index=True,
                                      return_counts=True)
        cards = hands[first]
        pattern = hand_keys(cards)
        of_up_suit = ((cards & 3 == 0).astype(np.int64) << (cards >> 2).astype(np.int64)).sum(axis=1)
        strength = order.strength[pattern].astype(np.int64)
        # Plain counts depend on the hand's ranks and strength only: once per pattern.
        patterns, which = np.unique(pattern, return_inverse=True)
        example = cards[np.unique(which, return_index=True)[1]]
        left = HIDDEN - np.stack([((example >> 2) == r).sum(axis=1) for r in range(RANKS)], axis=1).astype(np.int64)
        left[:, up_rank] -= 1
        thresholds = np.stack([np.full(len(patterns), odds.qualify), order.strength[patterns],
                               order.strength[patterns] + 1], axis=1).astype(np.int64)
        plain = odds.plain_below(left, np.full(len(patterns), up_rank), thresholds)[which]
        rows = np.full(len(cards), up_rank)
        shift = np.concatenate([
            odds.flush_shift_below(of_up_suit[part] | (1 << up_rank), rows[part],
                                   np.stack([np.full(len(rows[part]), odds.qualify), strength[part],
                                             strength[part] + 1], axis=1))
            for part in np.array_split(np.arange(len(rows)), max(1, len(rows) // 20_000))])
        counts = odds.outcomes(plain + shift, strength, np.full(len(rows), comb(52 - 6, HIDDEN)))
        out.append((cards, np.full(len(cards), up, dtype=np.int8), deals.astype(np.int64) * UP_SUITS, pattern,
                    strength.astype(np.int32), counts, key))
    return out
