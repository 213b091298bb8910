"""R-HAND-2 / R-HAND-3 in the engine: its remembered hand values and payouts, found by an integer pattern key,
are those of the rule code (best_five, analyse_payout) for every hand, and equal keys mean equal patterns."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.core.hands import best_five
from controller.core.payouts import RUSSIAN_PAYS, analyse_payout, hand_pattern
from controller.core.rules import SEED_001_BONUS_PAYS
from controller.engine.strength import hand_payout, hand_value, hand_value_and_payout, pattern_key
from drivers.cards import PACK

hands = st.integers(5, 6).flatmap(lambda n: st.lists(st.sampled_from(PACK), min_size=n, max_size=n, unique=True))
# Flushes are rare among random hands: draw some from one suit on purpose. (The examples are drawn afresh at every
# run: a few hundred each time add up to many thousands of hands between two releases.)
suited = st.tuples(st.integers(0, 3), st.integers(5, 6)).flatmap(
    lambda s: st.lists(st.sampled_from([c for c in PACK if c.suit == s[0]]), min_size=5, max_size=5, unique=True)
    .flatmap(lambda five: st.just(five) if s[1] == 5 else st.sampled_from([c for c in PACK if c not in five])
             .map(lambda sixth: [*five, sixth])))


@settings(max_examples=200, deadline=None)
@given(st.one_of(hands, suited))
def test_r_hand_2_engine_value_and_payout_equal_the_rule_code(cards):
    assert hand_value(cards) == best_five(cards)[0]
    assert hand_payout(cards, RUSSIAN_PAYS) == analyse_payout(cards, RUSSIAN_PAYS)
    assert hand_value_and_payout(cards, SEED_001_BONUS_PAYS) == (best_five(cards)[0],
                                                                 analyse_payout(cards, SEED_001_BONUS_PAYS))


@settings(max_examples=150, deadline=None)
@given(st.one_of(hands, suited), st.one_of(hands, suited))
def test_equal_pattern_keys_mean_equal_patterns(a, b):
    assert (pattern_key(a) == pattern_key(b)) == (hand_pattern(a) == hand_pattern(b))


@settings(max_examples=150, deadline=None)
@given(st.one_of(hands, suited), st.permutations(range(4)), st.randoms())
def test_a_hand_with_its_suits_renamed_and_its_cards_reordered_has_the_same_key(cards, suits, rng):
    renamed = [PACK[(c.rank - 2) * 4 + suits[c.suit]] for c in cards]
    rng.shuffle(renamed)
    assert hand_pattern(renamed) == hand_pattern(cards)
    assert pattern_key(renamed) == pattern_key(cards)
