"""Hand strength for the engine and the players: a hand's value and payout depend only on its pattern (its ranks,
and the ranks of a flush), so each is worked out once per pattern by the rule code and remembered under a
small integer key. A table, a strategy and an analysis ask about the same few thousand patterns all the time."""

from __future__ import annotations

from collections.abc import Sequence

from controller.core.hands import HandValue, best_five
from controller.core.payouts import Payout, PayTable, analyse_payout
from drivers.cards import Card

# Every value and payout worked out so far, by pattern key. A key stands for one pattern, so there are at most
# as many as there are patterns of 5, 6 or 7 cards (some 10^5): the caches are bounded without eviction.
_VALUES: dict[int, HandValue] = {}
_PAYOUTS: dict[PayTable, dict[int, Payout]] = {}

_RANK_BITS = 3  # at most 4 cards of a rank: 3 bits a rank never carry into the next
_SUIT_BITS = 4  # at most 7 cards of a suit in a hand: 4 bits a suit never carry
_FLUSH_SHIFT = 48  # above the 15 ranks' 3 bits


def pattern_key(cards: Sequence[Card]) -> int:
    """An integer naming the hand's pattern (controller.core.payouts.Pattern): how many cards of each rank (three
    bits a rank), and, when five or more share a suit, which ranks those are (from bit 48). Equal keys mean
    equal patterns, so equal values and payouts."""
    ranks = suits = 0
    for card in cards:
        ranks += 1 << _RANK_BITS * card.rank
        suits += 1 << _SUIT_BITS * card.suit
    # Adding 3 to a suit's count sets the top bit of its 4 bits when it counts 5 or more.
    five_of_a_suit = (suits + 0x3333) & 0x8888
    if not five_of_a_suit:
        return ranks
    suit = five_of_a_suit.bit_length() // _SUIT_BITS - 1  # a hand of at most 9 cards has one such suit
    flush_ranks = 0
    for card in cards:
        if card.suit == suit:
            flush_ranks |= 1 << card.rank
    return ranks | flush_ranks << _FLUSH_SHIFT


def hand_value(cards: Sequence[Card]) -> HandValue:
    """The best 5-card value of 5 or 6 cards (R-HAND-2): `best_five(cards)[0]`."""
    return _value(pattern_key(cards), cards)


def hand_payout(cards: Sequence[Card], table: PayTable) -> Payout:
    """What the cards are paid under `table` (R-HAND-3): `analyse_payout(cards, table)`."""
    return _payout(pattern_key(cards), cards, table)


def hand_value_and_payout(cards: Sequence[Card], table: PayTable) -> tuple[HandValue, Payout]:
    """Both, from one pattern key (settlement and the strategies need both for a hand)."""
    key = pattern_key(cards)
    return _value(key, cards), _payout(key, cards, table)


def _value(key: int, cards: Sequence[Card]) -> HandValue:
    value = _VALUES.get(key)
    if value is None:
        value = _VALUES[key] = best_five(cards)[0]
    return value


def _payout(key: int, cards: Sequence[Card], table: PayTable) -> Payout:
    payouts = _PAYOUTS.get(table)
    if payouts is None:
        payouts = _PAYOUTS[table] = {}
    payout = payouts.get(key)
    if payout is None:
        payout = payouts[key] = analyse_payout(cards, table)
    return payout
