"""R-ACT-6 as the console offers it: the boxes that may ask for insurance now (`insurance_askers`) are known
without looking at any box's cards, so a screen that offers insurance to each of them tells nothing of a
face-down hand; the amount is the engine's to check when it is named."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from roundkit import snapshot
from test_engine_properties import PRESETS, command_for

from controller.engine import (
    ActionKind,
    Insure,
    Phase,
    PlaceStakes,
    RoundState,
    can,
    do,
    insurance_askers,
    legal_commands,
    new_round,
)
from drivers.cards import PACK


def with_other_cards(state: RoundState, rng: random.Random) -> RoundState:
    """The same round with every box's cards swapped for others (as many, in the same places)."""
    other = snapshot(state)
    pack = list(PACK)
    rng.shuffle(pack)
    for box in other.boxes.values():
        box.cards = [pack.pop() for _ in box.cards]
    return other


def check_offer(state: RoundState, rng: random.Random) -> None:
    askers = insurance_askers(state)
    assert askers == insurance_askers(with_other_cards(state, rng)), "the offer must not depend on the cards"
    legal = {a.box for a in legal_commands(state) if a.kind == ActionKind.INSURE}
    assert legal <= set(askers), "a box whose hand may insure is always offered insurance"
    for number in askers:
        action = next((a for a in legal_commands(state) if a.kind == ActionKind.INSURE and a.box == number), None)
        if action is not None and action.minimum is not None:
            assert can(state, Insure(number, action.minimum))
        assert not can(state, Insure(number, 10**9))  # an amount out of range is refused, never cut down
    for number in set(state.boxes) - set(askers):
        assert not any(can(state, Insure(number, amount)) for amount in (1, 100, 1000))


@settings(max_examples=60, deadline=None)
@given(rules_name=st.sampled_from([n for n, r in PRESETS.items() if r.insurance.enabled]),
       seed=st.integers(0, 2**32 - 1))
def test_r_act_6_the_boxes_offered_insurance_do_not_depend_on_their_cards(rules_name: str, seed: int) -> None:
    rng = random.Random(seed)
    rules = PRESETS[rules_name]
    state = new_round(rules)
    for number in rng.sample(range(1, rules.table.boxes + 1), rng.randint(1, rules.table.boxes)):
        do(state, PlaceStakes(number, rng.choice([10, 100])))
    shoe = list(PACK)
    rng.shuffle(shoe)
    for _ in range(300):
        if state.phase is Phase.CLOSED:
            break
        check_offer(state, rng)
        actions = [a for a in legal_commands(state) if a.kind not in ("void_round", "correct_card", "dismiss_card")]
        do(state, command_for(rng.choice(actions), state, shoe, rng))
