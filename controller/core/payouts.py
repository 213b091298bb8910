"""What a player's cards are paid (R-HAND-3, R-HAND-4): the combinations in the hand and the total multiplier.

R-HAND-3 read literally: a *combination* is a set of cards forming ace-king (2 cards), a pair (2), three of a
kind (3), two pair or four of a kind (4), or a straight, flush, full house, straight flush or royal flush (5).
Two combinations are both paid when each holds at least one card that the other does not use; at most two
are paid, and the player gets the best total. A pay table may instead pay one combination only (Caribbean
Stud). The search below enumerates every combination as a set of cards and every pair of them, so no list of
allowed pairs is hard-coded; seed 000's 21 examples are tests of it, not inputs to it.

The answer depends only on the hand's *pattern*: its multiset of ranks and, when five or more cards share a
suit, which ranks those are. The search runs once per pattern on a canonical hand and is remembered, which
makes a warm analysis a dictionary look-up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from controller.core.hands import HandCategory, straight_high
from drivers.cards import ACE, KING, Card

Category = HandCategory


@dataclass(frozen=True, slots=True)
class PayTable:
    """Multipliers of the bet by combination (to 1), and whether a second combination is paid."""

    pays: tuple[int, ...]  # indexed by HandCategory
    two_combinations: bool = True

    @classmethod
    def from_mapping(cls, pays: Mapping[HandCategory, int], two_combinations: bool = True) -> PayTable:
        return cls(tuple(int(pays.get(c, 0)) for c in HandCategory), two_combinations)

    def pay(self, category: HandCategory) -> int:
        return self.pays[category]


# Seed 000's table (every Russian preset's default).
RUSSIAN_PAYS = PayTable.from_mapping(
    {
        Category.ACE_KING: 1,
        Category.ONE_PAIR: 1,
        Category.TWO_PAIR: 2,
        Category.THREE_OF_A_KIND: 3,
        Category.STRAIGHT: 4,
        Category.FLUSH: 5,
        Category.FULL_HOUSE: 7,
        Category.FOUR_OF_A_KIND: 20,
        Category.STRAIGHT_FLUSH: 50,
        Category.ROYAL_FLUSH: 100,
    }
)


class Payout(NamedTuple):
    """The hand's best category, the combinations paid (best first) and their total multiplier of the bet."""

    best: HandCategory
    paid: tuple[HandCategory, ...]
    multiplier: int

# A hand's pattern: its ranks in ascending order, and the ascending ranks of the cards of a suit that holds
# five or more of them (empty when there is none). Two hands with one pattern are paid alike.
Pattern = tuple[tuple[int, ...], tuple[int, ...]]


def hand_pattern(cards: Sequence[Card]) -> Pattern:
    ranks = tuple(sorted(c.rank for c in cards))
    if len(cards) >= 5:
        suit_counts = [0, 0, 0, 0]
        for c in cards:
            suit_counts[c.suit] += 1
        for suit, n in enumerate(suit_counts):
            if n >= 5:
                return ranks, tuple(sorted(c.rank for c in cards if c.suit == suit))
    return ranks, ()


def analyse_payout(cards: Sequence[Card], table: PayTable = RUSSIAN_PAYS) -> Payout:
    """The combinations paid for these cards (5 or 6) and the total multiplier: R-HAND-3 under `table`."""
    return payout_of_pattern(hand_pattern(cards), table)


@lru_cache(maxsize=200_000)
def payout_of_pattern(pattern: Pattern, table: PayTable) -> Payout:
    return _best_payout(canonical_hand(pattern), table)


def canonical_hand(pattern: Pattern) -> list[tuple[int, int]]:
    """A hand of (rank, suit) with the given pattern. The flush ranks take suit 3; the other cards take the
    remaining suits in turn, so copies of a rank differ in suit and no second flush can appear."""
    ranks, flush_ranks = pattern
    rest = list(ranks)
    for r in flush_ranks:
        rest.remove(r)
    free_suits = (0, 1, 2) if flush_ranks else (0, 1, 2, 3)
    hand = [(r, 3) for r in flush_ranks]
    hand += [(r, free_suits[i % len(free_suits)]) for i, r in enumerate(rest)]
    return hand


def _best_payout(hand: list[tuple[int, int]], table: PayTable) -> Payout:
    by_category = _combinations(hand)
    # The best 5-card hand is itself a combination, and every combination lies in a 5-card hand of at least
    # its category: so the hand's category is the highest combination found.
    best_category = max(by_category, default=Category.NO_GAME)
    for claim in _claims_by_value(table, frozenset(by_category)):
        if len(claim) == 1:
            return Payout(best_category, claim, table.pay(claim[0]))
        first, second = by_category[claim[0]], by_category[claim[1]]
        if any(a & ~b and b & ~a for a in first for b in second):
            return Payout(best_category, claim, table.pay(claim[0]) + table.pay(claim[1]))
    return Payout(best_category, (), 0)


@lru_cache(maxsize=4096)
def _claims_by_value(
    table: PayTable, present: frozenset[HandCategory]
) -> tuple[tuple[HandCategory, ...], ...]:
    """Every claim a hand holding these categories can make under the table (one paid combination, or two
    when the table pays two), best first: highest total; on equal totals the higher categories, so A-A-K-K-x
    is paid as two pair, not as pair + pair. A two-combination claim still has to be checked on the cards:
    each combination must hold a card the other does not use (`a & ~b`)."""
    paid = [c for c in HandCategory if table.pay(c) > 0 and c in present]
    claims: list[tuple[HandCategory, ...]] = [(c,) for c in paid]
    if table.two_combinations:
        claims += [(a, b) for a in paid for b in paid if b <= a]
    return tuple(sorted(claims, key=lambda cl: (sum(table.pay(c) for c in cl), cl), reverse=True))


def _combinations(hand: list[tuple[int, int]]) -> dict[HandCategory, list[int]]:
    """Every combination in the hand, by category, each as the bitmask of the cards it uses."""
    by_rank: dict[int, list[int]] = {}
    for i, (rank, _) in enumerate(hand):
        by_rank.setdefault(rank, []).append(1 << i)
    found: dict[HandCategory, list[int]] = {}
    pairs: dict[int, list[int]] = {}
    trips: dict[int, list[int]] = {}
    for rank, bits in by_rank.items():
        if len(bits) < 2:
            continue
        pairs[rank] = [a | b for a, b in combinations(bits, 2)]
        found.setdefault(Category.ONE_PAIR, []).extend(pairs[rank])
        if len(bits) >= 3:
            trips[rank] = [a | b | c for a, b, c in combinations(bits, 3)]
            found.setdefault(Category.THREE_OF_A_KIND, []).extend(trips[rank])
        if len(bits) == 4:
            found.setdefault(Category.FOUR_OF_A_KIND, []).append(bits[0] | bits[1] | bits[2] | bits[3])
    if ACE in by_rank and KING in by_rank:
        found[Category.ACE_KING] = [a | k for a in by_rank[ACE] for k in by_rank[KING]]
    for r1, r2 in combinations(pairs, 2):  # only ranks held twice or more make two pair or a full house
        found.setdefault(Category.TWO_PAIR, []).extend(p | q for p in pairs[r1] for q in pairs[r2])
        full = [t | p for t in trips.get(r1, ()) for p in pairs[r2]]
        full += [t | p for t in trips.get(r2, ()) for p in pairs[r1]]
        if full:
            found.setdefault(Category.FULL_HOUSE, []).extend(full)
    # Straights and flushes need five cards; look at 5-card subsets only when the hand can hold one.
    rank_bits = 0
    for rank in by_rank:
        rank_bits |= 1 << rank
    suit_counts = [0, 0, 0, 0]
    for _, suit in hand:
        suit_counts[suit] += 1
    if _holds_straight(rank_bits) or max(suit_counts) >= 5:
        for five in combinations(range(len(hand)), 5):
            category = _five_card_category([hand[i] for i in five])
            if category is not None:
                found.setdefault(category, []).append(sum(1 << i for i in five))
    return found


def _holds_straight(rank_bits: int) -> bool:
    """Whether ranks (bit r set for rank r, 2..14) hold five in a row; the ace also counts low (bit 1)."""
    bits = rank_bits | (rank_bits >> ACE & 1) << 1
    return bool(bits & bits >> 1 & bits >> 2 & bits >> 3 & bits >> 4)


def _five_card_category(five: list[tuple[int, int]]) -> HandCategory | None:
    """Straight, flush, straight flush or royal flush made by all five cards; None otherwise."""
    flush = len({s for _, s in five}) == 1
    high = straight_high(sorted({r for r, _ in five}, reverse=True))
    if high and flush:
        return Category.ROYAL_FLUSH if high == ACE else Category.STRAIGHT_FLUSH
    if flush:
        return Category.FLUSH
    if high:
        return Category.STRAIGHT
    return None
