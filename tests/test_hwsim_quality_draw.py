"""The simulated shoe's reader quality (80-100 per card) is drawn as `random.randrange(21)` draws it, so a seed
gives the same qualities, and so the same journals, as it always has."""

from __future__ import annotations

import random

from hwsim.shoe import ShoeConfig, ShoeModel
from hypothesis import given
from hypothesis import strategies as st

from controller.core.cards import PACK


@given(st.integers(0, 2**32))
def test_hwsim_quality_draws_are_those_of_randrange_21(seed: int) -> None:
    model = ShoeModel([], now=0.0, rng=random.Random(seed))
    reference = random.Random(seed)
    assert [model._quality_draw() for _ in range(200)] == [reference.randrange(21) for _ in range(200)]


def test_hwsim_dealt_cards_carry_qualities_80_to_100_from_the_seeded_draws() -> None:
    model = ShoeModel(PACK, now=0.0, config=ShoeConfig(rate=0), rng=random.Random("quality-5"))
    model.deal(52)
    model.poll(0.0)
    reference = random.Random("quality-5")
    assert [d.quality for d in model.truth] == [80 + reference.randrange(21) for _ in range(52)]
