"""R-HAND-3 and R-HAND-4: which combinations are paid, and the total multiplier.

The 21 two-combination examples of seed 000 (John McLeod's Russian Poker page), each with its total payout.
"""

import pytest

from controller.core.hands import HandCategory as C
from controller.core.payouts import RUSSIAN_PAYS, PayTable, analyse_payout
from drivers.cards import parse_cards

SEED_000_TWO_COMBINATIONS = [
    ("royal_flush_and_straight_flush", "AC KC QC JC TC 9C", (C.ROYAL_FLUSH, C.STRAIGHT_FLUSH), 150),
    ("royal_flush_and_flush", "AH KH QH JH TH 7H", (C.ROYAL_FLUSH, C.FLUSH), 105),
    ("royal_flush_and_straight", "AS KS QS JS TS KD", (C.ROYAL_FLUSH, C.STRAIGHT), 104),
    ("straight_flush_twice", "TD 9D 8D 7D 6D 5D", (C.STRAIGHT_FLUSH, C.STRAIGHT_FLUSH), 100),
    ("straight_flush_and_flush", "QC 7C 6C 5C 4C 3C", (C.STRAIGHT_FLUSH, C.FLUSH), 55),
    ("straight_flush_and_straight", "JH TH 9H 8H 7H 6S", (C.STRAIGHT_FLUSH, C.STRAIGHT), 54),
    ("straight_flush_and_ace_king", "5S 4S 3S 2S AS KD", (C.STRAIGHT_FLUSH, C.ACE_KING), 51),
    ("four_of_a_kind_and_full_house", "6C 6D 6H 6S JH JS", (C.FOUR_OF_A_KIND, C.FULL_HOUSE), 27),
    ("four_of_a_kind_and_ace_king", "KC KD KH KS AD", (C.FOUR_OF_A_KIND, C.ACE_KING), 21),
    ("full_house_twice", "8C 8H 8S 3D 3H 3S", (C.FULL_HOUSE, C.FULL_HOUSE), 14),
    ("full_house_and_ace_king", "7H 7S 7C KD KH AS", (C.FULL_HOUSE, C.ACE_KING), 8),
    ("flush_twice", "KD QD 9D 7D 6D 3D", (C.FLUSH, C.FLUSH), 10),
    ("flush_and_straight", "JC 9C 7C 6C 5C 8H", (C.FLUSH, C.STRAIGHT), 9),
    ("flush_and_one_pair", "AH TH 8H 7H 2H 7S", (C.FLUSH, C.ONE_PAIR), 6),
    ("flush_and_ace_king", "KS JS 8S 5S 3S AD", (C.FLUSH, C.ACE_KING), 6),
    ("straight_twice", "8C 7D 6S 5C 4D 5H", (C.STRAIGHT, C.STRAIGHT), 8),
    ("straight_and_ace_king", "5C 4S 3C 2D AH KS", (C.STRAIGHT, C.ACE_KING), 5),
    ("three_of_a_kind_and_ace_king", "9D 9H 9C AD KS", (C.THREE_OF_A_KIND, C.ACE_KING), 4),
    ("two_pair_twice", "QC QH 6S 6D 3H 3S", (C.TWO_PAIR, C.TWO_PAIR), 4),
    ("two_pair_and_ace_king", "AC AD JH JS KC", (C.TWO_PAIR, C.ACE_KING), 3),
    ("one_pair_and_ace_king", "AD KS 5C 5D TH", (C.ONE_PAIR, C.ACE_KING), 2),
]


@pytest.mark.parametrize(
    ("cards", "paid", "total"),
    [case[1:] for case in SEED_000_TWO_COMBINATIONS],
    ids=[case[0] for case in SEED_000_TWO_COMBINATIONS],
)
def test_r_hand_3_two_combinations_sum(cards, paid, total):
    payout = analyse_payout(parse_cards(cards.split()))
    assert payout.paid == paid
    assert payout.multiplier == total


def test_r_hand_3_ace_king_without_a_card_of_its_own_is_not_paid():
    payout = analyse_payout(parse_cards("AS AD KS KD 4C".split()))
    assert payout.paid == (C.TWO_PAIR,) and payout.multiplier == 2


def test_r_hand_3_kickers_are_ignored_so_five_cards_can_hold_two_combinations():
    assert analyse_payout(parse_cards("AS KD 5C 5D TH".split())).multiplier == 2


def test_r_hand_3_at_most_two_combinations_are_paid():
    # Three pairs could be read as three combinations; two two-pairs (4) is the most paid.
    payout = analyse_payout(parse_cards("AS AD KS KD QC QH".split()))
    assert len(payout.paid) == 2 and payout.multiplier == 4


def test_r_hand_3_single_combinations_pay_the_table():
    cases = {"AS KS QS JS TS": 100, "9H 8H 7H 6H 5H": 50, "7C 7D 7H 7S 2C": 20, "7C 7D 7H 2S 2C": 7,
             "AS 9S 7S 4S 2S": 5, "AS KD QC JH TS": 4, "7C 7D 7H QS 2C": 3, "7C 7D KH KS 2C": 2,
             "7C 7D KH QS 2C": 1, "AC KD 9H 6S 2C": 1, "AC QD 9H 6S 2C": 0}
    for cards, multiplier in cases.items():
        assert analyse_payout(parse_cards(cards.split())).multiplier == multiplier, cards


def test_r_hand_4_second_combination_paid_even_below_the_dealer():
    # Seed 000: dealer 7-7-7-9-4, player 5-5-5-A-A-K: paid full house + ace-king (8:1). The ace-king alone
    # would lose to the dealer's trips; only the best hand is compared, the second is paid anyway.
    payout = analyse_payout(parse_cards("5D 5C 5H AS AD KS".split()))
    assert payout.paid == (C.FULL_HOUSE, C.ACE_KING) and payout.multiplier == 8


def test_r_hand_3_a_one_combination_table_pays_the_best_only():
    caribbean = PayTable(RUSSIAN_PAYS.pays, two_combinations=False)
    payout = analyse_payout(parse_cards("7H 7S 7C KD KH AS".split()), caribbean)
    assert payout.paid == (C.FULL_HOUSE,) and payout.multiplier == 7
