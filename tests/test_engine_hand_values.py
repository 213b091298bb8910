"""The engine's hand values and legal actions are plain values: a hand valued for the first time is its best
five (R-HAND-2), and a legal action compares by what it says."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.core.hands import best_five
from controller.engine import LegalAction, strength
from drivers.cards import PACK, parse_card


def test_legal_actions_compare_as_values_of_their_own_kind_only() -> None:
    insure = LegalAction("insure", 2, 10, 40)
    assert insure == LegalAction("insure", 2, minimum=10, maximum=40) and insure.price is None
    assert insure != ("insure", 2, 10, 40, None) and len({insure, LegalAction("insure", 2, 10, 40)}) == 1
    assert repr(LegalAction("fold", 1)) == "LegalAction(kind='fold', box=1, minimum=None, maximum=None, price=None)"


@settings(max_examples=300, deadline=None)
@given(st.integers(5, 7).flatmap(lambda n: st.lists(st.sampled_from(PACK), min_size=n, max_size=n, unique=True)))
def test_r_hand_2_a_hand_valued_for_the_first_time_is_its_best_five(cards: list) -> None:
    """On a cache miss the engine values the cards themselves: the value best_five gives, for 5, 6 or 7 cards."""
    strength._VALUES.pop(strength.pattern_key(cards), None)
    assert strength.hand_value(cards) == best_five(cards)[0]
    assert strength.hand_value(cards) == best_five(cards)[0]  # and the remembered one


def test_r_hand_2_a_hand_of_four_cards_has_no_value() -> None:
    with pytest.raises(ValueError, match="5 or 6 cards"):
        strength.hand_value([parse_card(c) for c in ("AS", "KS", "QS", "JS")])
