"""docs/game-math.md published figures: exhaustive counts of every 5- and 6-card hand."""

import functools
import random
from math import comb

import numpy as np
import pytest

from controller.analysis import odds as odds_module
from controller.analysis.odds import hand_odds, rank_multisets
from controller.core.hands import HandCategory as C
from controller.core.payouts import hand_pattern
from drivers.cards import PACK

PUBLISHED_5 = {C.ROYAL_FLUSH: 4, C.STRAIGHT_FLUSH: 36, C.FOUR_OF_A_KIND: 624, C.FULL_HOUSE: 3744,
               C.FLUSH: 5108, C.STRAIGHT: 10200, C.THREE_OF_A_KIND: 54912, C.TWO_PAIR: 123552,
               C.ONE_PAIR: 1098240, C.ACE_KING: 167280, C.NO_GAME: 1135260}

# Best five of six (Bill Butler's table; Wizard of Odds' six-card tables agree): high card 6,612,900 is
# split by R-HAND-1 into ace-king and no game.
PUBLISHED_6 = {C.ROYAL_FLUSH: 188, C.STRAIGHT_FLUSH: 1656, C.FOUR_OF_A_KIND: 14664, C.FULL_HOUSE: 165984,
               C.FLUSH: 205792, C.STRAIGHT: 361620, C.THREE_OF_A_KIND: 732160, C.TWO_PAIR: 2532816,
               C.ONE_PAIR: 9730740}


@pytest.fixture(scope="module", autouse=True)
def counted_patterns():
    """Every hand of 5 and 6 cards enumerated once for the module's stories, which only read the counts: the odds
    (hand_odds counts them through this) and the check of the patterns' keys."""
    counted = functools.cache(odds_module.count_patterns)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(odds_module, "count_patterns", counted)
        yield counted


five_card_odds = functools.cache(lambda: hand_odds(5))  # three stories read the same table


def test_published_5_card_counts():
    odds = five_card_odds()
    assert odds.hands == 2_598_960
    assert odds.categories == PUBLISHED_5
    assert sum(odds.multipliers.values()) == odds.hands


def test_r_dealer_1_dealer_qualifies_with_probability_0_563187():
    odds = five_card_odds()
    qualifying = sum(n for c, n in odds.categories.items() if c >= C.ACE_KING)
    assert qualifying == 1_463_700
    assert round(qualifying / odds.hands, 6) == 0.563187


def test_r_hand_3_5_card_multipliers():
    # 5 cards hold two combinations only as X + ace-king: pair+AK 2, two pair+AK 3, trips+AK 4, quads+AK 21.
    m = five_card_odds().multipliers
    assert m[21] == 8  # four kings + ace, four aces + king: 2 x 4
    assert m[0] == PUBLISHED_5[C.NO_GAME]
    assert set(m) == {0, 1, 2, 3, 4, 5, 7, 20, 21, 50, 100}


def test_published_6_card_best_of_six_counts():
    odds = hand_odds(6)
    assert odds.hands == comb(52, 6)
    for category, n in PUBLISHED_6.items():
        assert odds.categories[category] == n, category.name
    assert odds.categories[C.ACE_KING] + odds.categories[C.NO_GAME] == 6_612_900
    assert sum(odds.multipliers.values()) == odds.hands
    # the largest totals: royal + straight flush (4 suits), and seed 000's pairs
    assert odds.multipliers[150] == 4 and max(odds.multipliers) == 150


@pytest.mark.parametrize("cards", [5, 6])
def test_vectorised_patterns_equal_the_hands_own_patterns(counted_patterns, cards):
    # The numpy keys must name the very pattern the rules see for a hand; check on random hands.
    counts = counted_patterns(cards)
    multisets = rank_multisets(cards)
    seen = set()
    for key in np.flatnonzero(counts).tolist():
        index, mask = divmod(key, 64)
        ranks = multisets[index]
        seen.add((ranks, tuple(ranks[i] for i in range(cards) if mask >> i & 1)))
    rng = random.Random(cards)
    for _ in range(3000):
        assert hand_pattern(rng.sample(PACK, cards)) in seen
