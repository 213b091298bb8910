"""The jackpot bet in the house rules and the engine (R-JACKPOT-1/2): a rules file without it plays as before;
a box's stake is settled on its first five cards, journaled, replayed and verified; the exact return."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.analysis.jackpot import jackpot_return
from controller.core.hands import HandCategory
from controller.core.jackpot_rules import JackpotRules
from controller.core.rules import RulesError, rules_digest, rules_from_mapping
from controller.engine import CardDealt, CloseBets, IllegalCommand, PlaceJackpotStake, PlaceStakes, do, new_round
from controller.engine.events import JackpotSettled, event_from_payload
from controller.table.rule_files import load_preset
from drivers.cards import PACK, parse_card

JACKPOT = {"stake": 10, "contribution_pct": 20, "reseed": 100000,
           "pays": {"ROYAL_FLUSH": "100%", "STRAIGHT_FLUSH": "10%", "FOUR_OF_A_KIND": 5000, "FULL_HOUSE": 1500,
                    "FLUSH": 500}}
PRESETS = ["classic", "online", "progressive", "four-seat", "russian-club", "caribbean-stud"]


def jackpot_rules(preset="classic", **section):
    mapping = load_preset(preset).to_mapping()
    mapping["jackpot"] = {**JACKPOT, **section}
    return rules_from_mapping(mapping, "house.toml")


@pytest.mark.parametrize("preset", PRESETS)
def test_r_jackpot_1_rules_without_the_section_are_unchanged(preset):
    rules = load_preset(preset)
    assert rules.jackpot is None and "jackpot" not in rules.to_mapping()
    assert rules_digest(rules_from_mapping(rules.to_mapping())) == rules_digest(rules)


def test_r_jackpot_1_the_section_round_trips_and_changes_no_play():
    rules = jackpot_rules()
    assert rules_from_mapping(rules.to_mapping()) == rules
    assert rules.jackpot.contribution == 2
    assert rules_digest(rules, play_only=True) == rules_digest(load_preset("classic"), play_only=True)


@pytest.mark.parametrize(("section", "field"), [
    ({"stake": 3}, "jackpot.contribution_pct"),
    ({"pays": {"ROYAL": "100%"}}, "jackpot.pays.ROYAL"),
    ({"pays": {"FLUSH": "150%"}}, "jackpot.pays.FLUSH"),
    ({"pays": {"FLUSH": True}}, "jackpot.pays.FLUSH"),
    ({"reseed": -1}, "jackpot.reseed"),
    ({"colour": "red"}, "jackpot.colour"),
])
def test_r_jackpot_1_a_bad_section_is_refused_with_its_field(section, field):
    with pytest.raises(RulesError, match=f"field {field}"):
        jackpot_rules(**section)


def deal(rules, boxes, shoe, jackpot_boxes):
    state = new_round(rules)
    events = []
    for box in boxes:
        events += do(state, PlaceStakes(box, 10))
        if box in jackpot_boxes:
            events += do(state, PlaceJackpotStake(box))
    events += do(state, CloseBets())
    for code in shoe[: 5 * (len(boxes) + 1)]:
        events += do(state, CardDealt(parse_card(code)))
    return state, events


ROYAL_DEAL = "AS 2C 3D KS 4D 5D QS 6C 7D JS 8H 9D TS 9C JD".split()  # box 1 royal, box 2 junk, dealer


def test_r_jackpot_2_settled_on_the_first_five_cards_right_after_the_deal():
    _, events = deal(jackpot_rules(), [1, 2], ROYAL_DEAL, {1, 2})
    settled = [e for e in events if isinstance(e, JackpotSettled)]
    assert [(e.box, e.best, e.share_pct, e.fixed, e.contribution) for e in settled] == [
        (1, HandCategory.ROYAL_FLUSH, 100, 0, 2), (2, HandCategory.NO_GAME, 0, 0, 2)]
    assert all(event_from_payload(e.payload()) == e for e in events)


def test_r_jackpot_1_stake_needs_the_section_an_ante_and_open_bets():
    state = new_round(load_preset("classic"))
    do(state, PlaceStakes(1, 10))
    with pytest.raises(IllegalCommand, match="no jackpot bet"):
        do(state, PlaceJackpotStake(1))
    state = new_round(jackpot_rules())
    with pytest.raises(IllegalCommand, match="has no ante"):
        do(state, PlaceJackpotStake(2))
    do(state, PlaceStakes(1, 10))
    do(state, PlaceJackpotStake(1))
    with pytest.raises(IllegalCommand, match="already"):
        do(state, PlaceJackpotStake(1))
    do(state, CloseBets())
    do(state, CardDealt(parse_card("AS")))
    with pytest.raises(IllegalCommand, match="closed"):
        do(state, PlaceJackpotStake(1))


@settings(max_examples=30, deadline=None)
@given(st.permutations(PACK), st.sets(st.integers(1, 6)))
def test_r_jackpot_2_every_staked_box_is_settled_once_without_staking_none_is(pack, staked):
    shoe = [card.code for card in pack]
    _, events = deal(jackpot_rules(), [1, 2, 3, 4, 5, 6], shoe, staked)
    assert sorted(e.box for e in events if isinstance(e, JackpotSettled)) == sorted(staked)


def test_r_jackpot_4_exact_return_and_break_even_meter():
    rules = JackpotRules()
    exact = jackpot_return(rules)
    assert exact.hands == 2_598_960
    royal, sf, quads, full, flush = 4, 36, 624, 3744, 5108
    fixed = Fraction(quads * 5000 + full * 1500 + flush * 500, 2_598_960 * 10)
    per_chip = Fraction(royal * 100 + sf * 10, 100 * 2_598_960 * 10)
    assert (exact.fixed_return, exact.per_meter_chip) == (fixed, per_chip)
    assert exact.at(exact.break_even_meter) == pytest.approx(1.0)
    assert round(exact.break_even_meter) == 1_934_158
