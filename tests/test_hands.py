"""R-HAND-1 and R-HAND-2: categories, their order, best five of six, comparing two hands."""

import pytest

from controller.core.hands import HandCategory as C
from controller.core.hands import best_five, compare_hands, evaluate_five
from drivers.cards import parse_cards


def hand(text):
    return parse_cards(text.split())


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("AS KS QS JS TS", C.ROYAL_FLUSH),
        ("9H 8H 7H 6H 5H", C.STRAIGHT_FLUSH),
        ("5D 4D 3D 2D AD", C.STRAIGHT_FLUSH),
        ("7C 7D 7H 7S 2C", C.FOUR_OF_A_KIND),
        ("7C 7D 7H 2S 2C", C.FULL_HOUSE),
        ("AS 9S 7S 4S 2S", C.FLUSH),
        ("AS KD QC JH TS", C.STRAIGHT),
        ("5S 4D 3C 2H AS", C.STRAIGHT),
        ("7C 7D 7H KS 2C", C.THREE_OF_A_KIND),
        ("7C 7D KH KS 2C", C.TWO_PAIR),
        ("7C 7D KH QS 2C", C.ONE_PAIR),
        ("AC KD 9H 6S 2C", C.ACE_KING),
        ("AC QD 9H 6S 2C", C.NO_GAME),
        ("KC QD 9H 6S 2C", C.NO_GAME),
    ],
)
def test_r_hand_1_categories(cards, category):
    assert evaluate_five(hand(cards)).category == category


def test_r_hand_1_wrap_around_is_not_a_straight():
    assert evaluate_five(hand("QS KD AC 2H 3S")).category == C.ACE_KING


def test_r_hand_1_ace_king_needs_no_pair_no_straight_no_flush():
    assert evaluate_five(hand("AS KS 9S 6S 2S")).category == C.FLUSH
    assert evaluate_five(hand("AS KD AC 6S 2S")).category == C.ONE_PAIR
    assert evaluate_five(hand("AS KD QC JH TS")).category == C.STRAIGHT


def test_r_hand_1_categories_rank_low_to_high():
    ladder = ["KC QD 9H 6S 2C", "AC KD 9H 6S 2C", "2C 2D 9H 6S 3C", "2C 2D 3H 3S 4C", "2C 2D 2H 6S 3C",
              "5S 4D 3C 2H AS", "7S 5S 4S 3S 2S", "2C 2D 2H 3S 3C", "2C 2D 2H 2S 3C", "5D 4D 3D 2D AD",
              "AS KS QS JS TS"]
    values = [evaluate_five(hand(h)) for h in ladder]
    assert values == sorted(values)
    assert [v.category for v in values] == list(C)


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        ("AC KD 9H 6S 3C", "AC KD 9H 6S 2C"),  # the last kicker decides
        ("AC KD 2H 3S 4C", "AC QD JH 9S 8C"),  # any ace-king beats ace-queen high
        ("6S 5D 4C 3H 2S", "5S 4D 3C 2H AS"),  # the wheel is the lowest straight
        ("8C 8D 3H 3S 2C", "7C 7D 6H 6S AC"),  # the high pair of two pair first
        ("2C 2D 2H 3S 3C", "AC AD KH KS QC"),
        ("TC TD 4H 4S 9C", "TH TS 4C 4D 8C"),
    ],
)
def test_r_hand_2_kickers_decide_within_a_category(stronger, weaker):
    assert compare_hands(hand(stronger), hand(weaker)) == 1
    assert compare_hands(hand(weaker), hand(stronger)) == -1


def test_r_hand_2_equal_hands_tie_whatever_the_suits():
    assert compare_hands(hand("AC KD 9H 6S 2C"), hand("AH KS 9C 6D 2H")) == 0


def test_r_hand_2_six_cards_play_as_their_best_five():
    value, five = best_five(hand("5C 5H 5D AS AD KS"))
    assert value.category == C.FULL_HOUSE
    assert sorted(c.code for c in five) == ["5C", "5D", "5H", "AD", "AS"]


def test_r_hand_2_seed_000_two_pair_twice_loses_to_trips():
    # Dealer 7-7-7-9-4; player Q-Q-8-8-5-5: two pair < three of a kind, whatever 4:1 would pay.
    assert compare_hands(hand("QH QC 8S 8D 5C 5H"), hand("7C 7D 7S 9H 4C")) == -1


def test_r_hand_2_seed_000_the_sixth_card_does_not_help_a_tie():
    # Dealer 9-8-7-6-5; player 9-8-7-6-5-4: the best five are equal.
    assert compare_hands(hand("9C 8D 7H 6S 5C 4H"), hand("9S 8C 7H 6D 5S")) == 0


def test_r_hand_2_best_cards_read_high_group_first_and_the_wheel_from_five():
    assert [c.code for c in best_five(hand("3C KD 3H KS 9C"))[1]] == ["KS", "KD", "3H", "3C", "9C"]
    assert [c.code for c in best_five(hand("AS 2D 3C 4H 5S"))[1]] == ["5S", "4H", "3C", "2D", "AS"]
