"""The simulated shoe's reader quality (80-100 per card) is drawn from the shoe's own seeded random numbers, so a
seed gives the same qualities, and so the same journals, every time."""

from __future__ import annotations

import random

from hwsim.shoe import ShoeConfig, ShoeModel

from drivers.cards import PACK


def test_hwsim_dealt_cards_carry_qualities_80_to_100_from_the_seeded_draws() -> None:
    model = ShoeModel(PACK, now=0.0, config=ShoeConfig(rate=0), rng=random.Random("quality-5"))
    model.deal(52)
    model.poll(0.0)
    reference = random.Random("quality-5")
    assert [d.quality for d in model.truth] == [80 + reference.randrange(21) for _ in range(52)]
