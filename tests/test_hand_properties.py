"""Invariants of hand evaluation and payout analysis (Hypothesis)."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.core.hands import best_five, evaluate_five
from controller.core.payouts import RUSSIAN_PAYS, _best_payout, analyse_payout
from drivers.cards import PACK, Card

hands5 = st.lists(st.sampled_from(PACK), min_size=5, max_size=5, unique=True)
hands6 = st.lists(st.sampled_from(PACK), min_size=6, max_size=6, unique=True)
hands = st.one_of(hands5, hands6)
suit_permutations = st.permutations(range(4))
# Each invariant draws EXAMPLES hands in the default run; its `_nightly` twin (marked slow, `make test-slow`) draws
# NIGHTLY of them through the same assertions.
EXAMPLES = 100
NIGHTLY = 400


def permute_suits(cards, perm):
    return [PACK[(c.rank - 2) * 4 + perm[c.suit]] for c in cards]


@settings(max_examples=EXAMPLES)
@given(hands, suit_permutations, st.randoms())
def test_r_card_1_suits_have_no_order_and_card_order_does_not_matter(cards, perm, rnd):
    shuffled = permute_suits(cards, perm)
    rnd.shuffle(shuffled)
    assert best_five(shuffled)[0] == best_five(cards)[0]
    assert analyse_payout(shuffled) == analyse_payout(cards)


@pytest.mark.slow  # test_r_card_1_suits_have_no_order_and_card_order_does_not_matter on NIGHTLY hands
@settings(max_examples=NIGHTLY)
@given(hands, suit_permutations, st.randoms())
def test_r_card_1_suits_have_no_order_and_card_order_does_not_matter_nightly(cards, perm, rnd):
    test_r_card_1_suits_have_no_order_and_card_order_does_not_matter.hypothesis.inner_test(cards, perm, rnd)


@settings(max_examples=EXAMPLES)
@given(hands6)
def test_r_hand_2_best_of_six_beats_or_equals_every_five(cards):
    best = best_five(cards)[0]
    assert all(best >= evaluate_five(five) for five in combinations(cards, 5))


@pytest.mark.slow  # test_r_hand_2_best_of_six_beats_or_equals_every_five on NIGHTLY hands
@settings(max_examples=NIGHTLY)
@given(hands6)
def test_r_hand_2_best_of_six_beats_or_equals_every_five_nightly(cards):
    test_r_hand_2_best_of_six_beats_or_equals_every_five.hypothesis.inner_test(cards)


@settings(max_examples=EXAMPLES)
@given(hands)
def test_r_hand_3_multiplier_is_at_least_the_pay_of_the_best_category(cards):
    payout = analyse_payout(cards)
    assert payout.best == best_five(cards)[0].category
    assert payout.multiplier >= RUSSIAN_PAYS.pay(payout.best)
    assert len(payout.paid) <= 2
    assert payout.multiplier == sum(RUSSIAN_PAYS.pay(c) for c in payout.paid)


@pytest.mark.slow  # test_r_hand_3_multiplier_is_at_least_the_pay_of_the_best_category on NIGHTLY hands
@settings(max_examples=NIGHTLY)
@given(hands)
def test_r_hand_3_multiplier_is_at_least_the_pay_of_the_best_category_nightly(cards):
    test_r_hand_3_multiplier_is_at_least_the_pay_of_the_best_category.hypothesis.inner_test(cards)


@settings(max_examples=EXAMPLES)
@given(hands)
def test_r_hand_3_a_hands_pattern_pays_as_the_hand_itself(cards: list[Card]):
    # The memo answers from a canonical hand with the same pattern; searching the real cards must agree.
    direct = _best_payout([(c.rank, c.suit) for c in cards], RUSSIAN_PAYS)
    assert analyse_payout(cards) == direct


@pytest.mark.slow  # test_r_hand_3_a_hands_pattern_pays_as_the_hand_itself on NIGHTLY hands
@settings(max_examples=NIGHTLY)
@given(hands)
def test_r_hand_3_a_hands_pattern_pays_as_the_hand_itself_nightly(cards: list[Card]):
    test_r_hand_3_a_hands_pattern_pays_as_the_hand_itself.hypothesis.inner_test(cards)
