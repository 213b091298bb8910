"""Fast hand strength for the engine: a hand's value and payout depend only on its pattern (ranks, flush
ranks), so each is computed once per pattern and remembered under a small integer key."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from controller.core.cards import Card
from controller.core.hands import HandValue, best_five, evaluate_five
from controller.core.payouts import Pattern, Payout, PayTable, payout_of_pattern

# Every value and payout computed so far, by pattern key. A key stands for one pattern, so there are at most
# as many as there are patterns of 5, 6 or 7 cards (some 10^5): the caches are bounded without eviction.
_VALUES: dict[int, HandValue] = {}
_PAYOUTS_BY_TABLE: dict[PayTable, dict[int, Payout]] = {}
# The pay table asked about last and its payouts: hashing a PayTable (a dataclass) costs more than the
# look-up it guards, and a table asks about one pay table all the time. One tuple, so threads see a pair.
_last_payouts: tuple[PayTable | None, dict[int, Payout]] = (None, {})
# A card's share of the key, by rank and by suit: looked up, because shifting makes a new int every time.
_RANK_UNIT = tuple(1 << 3 * rank for rank in range(15))  # at most 4 cards a rank: 3 bits never carry
_SUIT_UNIT = (1, 1 << 4, 1 << 8, 1 << 12)  # at most 7 cards a suit here: 4 bits never carry


def pattern_key(cards: Sequence[Card]) -> int:
    """An integer naming the hand's pattern (controller.core.payouts.Pattern): how many cards of each rank (three
    bits a rank), and, when five or more share a suit, which ranks those are (from bit 48). Equal keys mean
    equal patterns, so equal values and payouts."""
    ranks = suits = 0
    for card in cards:
        ranks += _RANK_UNIT[card.rank]
        suits += _SUIT_UNIT[card.suit]
    five_of_a_suit = (suits + 0x3333) & 0x8888  # bit 3 of a suit's nibble is set when it counts 5 or more
    if not five_of_a_suit:
        return ranks
    suit = five_of_a_suit.bit_length() // 4 - 1  # a hand of at most 9 cards has one such suit
    flush_ranks = 0
    for card in cards:
        if card.suit == suit:
            flush_ranks |= 1 << card.rank
    return ranks | flush_ranks << 48


def hand_value(cards: Sequence[Card]) -> HandValue:
    """The best 5-card value of 5 or 6 cards (R-HAND-2), equal to `best_five(cards)[0]`."""
    key = pattern_key(cards)
    value = _VALUES.get(key)
    if value is None:
        value = _VALUES[key] = _value_of_cards(cards)
    return value


def hand_payout(cards: Sequence[Card], table: PayTable) -> Payout:
    """`controller.core.payouts.analyse_payout` through the engine's faster pattern."""
    key = pattern_key(cards)
    payouts = _payouts_for(table)
    payout = payouts.get(key)
    if payout is None:
        payout = payouts[key] = payout_of_pattern(quick_pattern(cards), table)
    return payout


def hand_value_and_payout(cards: Sequence[Card], table: PayTable) -> tuple[HandValue, Payout]:
    """Both at once, from one pattern key (settlement needs both for every box)."""
    key = pattern_key(cards)
    value = _VALUES.get(key)
    if value is None:
        value = _VALUES[key] = _value_of_cards(cards)
    payouts = _payouts_for(table)
    payout = payouts.get(key)
    if payout is None:
        payout = payouts[key] = payout_of_pattern(quick_pattern(cards), table)
    return value, payout


def _payouts_for(table: PayTable) -> dict[int, Payout]:
    global _last_payouts
    last_table, payouts = _last_payouts
    if last_table is not table:
        payouts = _PAYOUTS_BY_TABLE.setdefault(table, {})
        _last_payouts = (table, payouts)
    return payouts


def _value_of_cards(cards: Sequence[Card]) -> HandValue:
    """`best_five(cards)[0]` without choosing the cards to show: the best value of any five of them. Equal
    values are equal tuples, so which five reach it does not matter."""
    if len(cards) == 5:
        return evaluate_five(cards)
    if len(cards) not in (6, 7):
        return best_five(cards)[0]  # which refuses the hand, saying why
    return max(evaluate_five(five) for five in combinations(cards, 5))


def quick_pattern(cards: Sequence[Card]) -> Pattern:
    """`controller.core.payouts.hand_pattern`, faster for the 5 or 6 cards of a hand."""
    suits = [c.suit for c in cards]
    ranks = tuple(sorted([c.rank for c in cards]))
    kinds = set(suits)
    if len(kinds) <= len(cards) - 4:  # five of one suit are possible only then
        for suit in kinds:
            if suits.count(suit) >= 5:
                return ranks, tuple(sorted([c.rank for c in cards if c.suit == suit]))
    return ranks, ()
