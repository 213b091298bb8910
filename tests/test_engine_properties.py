"""Invariants over random legal play, for every preset: chips are conserved, replay equals the live state,
every listed legal command is accepted, an illegal command changes nothing, events survive JSON."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from roundkit import snapshot

from controller.engine import (
    ActionKind,
    CardDealt,
    IllegalCommand,
    Phase,
    PlaceStakes,
    RoundState,
    apply,
    build_command,
    can,
    do,
    event_from_payload,
    expected_next,
    legal_commands,
    new_round,
    replay,
)
from controller.engine.events import OLDER_FORMS
from controller.table.rule_files import load_preset, preset_names
from drivers.cards import PACK, Card

PRESETS = {name: load_preset(name) for name in preset_names()}


def check_closed_round(state: RoundState) -> None:
    """R-SETTLE-*: every box settled; lines add up to its net; the house wins what the players lose;
    no box loses more than it staked."""
    assert state.phase is Phase.CLOSED
    total = 0
    for box in state.boxes.values():
        s = box.settlement
        assert s is not None
        assert s.net == s.ante + s.bet + s.draw + s.insurance + s.bonus + s.buy_game
        staked = box.ante + box.bet + box.bonus + box.insurance + box.draw_paid + box.buy_paid
        assert staked + s.net >= 0, (box, s)  # what comes back to the player is never negative
        if state.voided:
            assert s.net == 0
        else:
            assert s.draw == -box.draw_paid  # R-SETTLE-1: draw payments are never returned
        total += s.net
    assert state.house_net == -total


def next_stock_card(state: RoundState, shoe: list[Card], rng: random.Random) -> Card:
    while shoe:
        card = shoe.pop()
        if state.in_stock(card):
            return card
    stock = [c for c in PACK if state.in_stock(c)]
    return rng.choice(stock)


def command_for(action, state: RoundState, shoe: list[Card], rng: random.Random):
    """The command of a legal action, with details drawn at random within its ranges."""
    kind = action.kind
    if kind in (ActionKind.CARD, ActionKind.CORRECT_CARD):
        return action.command(card=next_stock_card(state, shoe, rng), actor="pit boss 7", reason="misread")
    if kind == ActionKind.EXCHANGE:
        count = rng.randint(action.minimum, action.maximum)
        return action.command(discards=rng.sample(state.boxes[action.box].cards, count))
    if kind == ActionKind.INSURE:
        return action.command(amount=rng.randint(action.minimum, action.maximum))
    if kind == ActionKind.PLACE_STAKES:
        return action.command(amount=rng.randint(action.minimum, min(action.maximum, 200)))
    return action.command(actor="pit boss 7", reason="table dispute")


# Any command but a card from the shoe and voiding the round (both are legal nearly always).
PROBES = [kind for kind in ActionKind if kind not in (ActionKind.CARD, ActionKind.VOID_ROUND)]


def random_illegal_probe(state: RoundState, rng: random.Random):
    """Any command at all, with arbitrary arguments: most are illegal at any given moment."""
    kind = rng.choice(PROBES)
    card = rng.choice(PACK)
    amount = rng.choice([0, 1, 100, 10**6]) if kind == ActionKind.PLACE_STAKES else rng.randint(0, 5000)
    return build_command(kind, rng.randint(0, 8), discards=(card,), amount=amount, card=card, actor="pb",
                         reason="x")


def as_version_1(event):
    """The event as a journal written before version 2 holds it (without the decision it records)."""
    older = OLDER_FORMS.get((event.KIND, 1)) if event.VERSION == 2 else None
    if older is None:
        return event
    return older(**{field.name: getattr(event, field.name) for field in dataclasses.fields(older)})


def play_random_round(rules_name: str, rng: random.Random, faults: bool = True) -> tuple[RoundState, list]:
    rules = PRESETS[rules_name]
    state = new_round(rules)
    events: list = []
    boxes = rng.sample(range(1, rules.table.boxes + 1), rng.randint(1, rules.table.boxes))
    for number in boxes:
        blind = rules.table.blind_boxes and rng.random() < 0.15
        bonus = rng.choice([0, 5]) if rules.bonus.enabled else 0
        events += do(state, PlaceStakes(number, rng.choice([1, 10, 25, 100]), bonus, blind))
    shoe = list(PACK)
    rng.shuffle(shoe)
    for _ in range(400):
        if state.phase is Phase.CLOSED:
            break
        if faults and state.fault is None and rng.random() < 0.03 and state.phase is not Phase.BETTING:
            live = [c for c in PACK if state.is_live(c)]
            bad = rng.choice([None, *live[:3]])
            events += do(state, CardDealt(bad))
            continue
        actions = [a for a in legal_commands(state) if a.kind != "void_round" or rng.random() < 0.01]
        if state.fault is None and state.phase is not Phase.BETTING:
            actions = [a for a in actions if a.kind != "void_round"] or actions
            if rng.random() < 0.005:
                actions = [a for a in legal_commands(state) if a.kind == "void_round"]
        assert actions, expected_next(state)
        probe = random_illegal_probe(state, rng)
        if rng.random() < 0.25 and not can(state, probe):
            before = snapshot(state)
            with pytest.raises(IllegalCommand) as refused:
                do(state, probe)
            assert refused.value.clause.startswith("R-") and refused.value.reason
            assert state == before  # an illegal command changes nothing
        action = rng.choice(actions)
        command = command_for(action, state, shoe, rng)
        events += do(state, command)  # every command listed as legal is accepted
        expected_next(state)
    return state, events


@pytest.mark.parametrize("rules_name", list(PRESETS))
def test_random_legal_rounds_conserve_chips_and_replay_exactly(rules_name):
    rng = random.Random(rules_name)
    for _ in range(40):  # a sample each run; the nightly soak plays 3,000 per preset
        state, events = play_random_round(rules_name, rng)
        check_closed_round(state)
        assert replay(PRESETS[rules_name], events) == state
        wire = [json.loads(json.dumps(e.payload())) for e in events]
        assert [event_from_payload(d) for d in wire] == events
        # R-BUY-1, R-BUY-3: replayed from version-1 events, the house rules' decisions are made again alike.
        assert replay(PRESETS[rules_name], [as_version_1(e) for e in events]) == state


@pytest.mark.slow
@pytest.mark.parametrize("rules_name", list(PRESETS))
def test_thousands_of_random_rounds_per_preset(rules_name):
    rng = random.Random(f"soak-{rules_name}")
    for _ in range(3000):
        state, events = play_random_round(rules_name, rng)
        check_closed_round(state)
        assert replay(PRESETS[rules_name], events) == state


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_name=st.sampled_from(list(PRESETS)), seed=st.integers(0, 2**32 - 1))
def test_hypothesis_rounds_keep_every_invariant(rules_name, seed):
    state, events = play_random_round(rules_name, random.Random(seed))
    check_closed_round(state)
    assert replay(PRESETS[rules_name], events) == state
    # Replaying any prefix gives a state that accepts the rest of the events unchanged.
    cut = random.Random(seed).randint(0, len(events))
    partial = replay(PRESETS[rules_name], events[:cut])
    for event in events[cut:]:
        apply(partial, event)
    assert partial == state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_hypothesis_chooses_every_step_of_a_round(data):
    """Hypothesis picks the preset, the boxes, every legal action and every card (so a failure shrinks to
    the shortest story); the round must close with chips conserved and replay to the same state."""
    rules_name = data.draw(st.sampled_from(list(PRESETS)), label="rules")
    rules = PRESETS[rules_name]
    state = new_round(rules)
    events: list = []
    boxes = data.draw(st.sets(st.integers(1, rules.table.boxes), min_size=1, max_size=rules.table.boxes))
    for number in sorted(boxes):
        ante = data.draw(st.integers(rules.table.ante_min, 500), label=f"ante {number}")
        events += do(state, PlaceStakes(number, ante))
    rng = random.Random(data.draw(st.integers(0, 2**16), label="sub-choices"))
    for _ in range(300):
        if state.phase is Phase.CLOSED:
            break
        actions = [a for a in legal_commands(state) if a.kind not in ("void_round", "place_stakes", "withdraw_stakes")]
        action = data.draw(st.sampled_from(actions))
        if action.kind == "card":
            stock = [c for c in PACK if state.in_stock(c)]
            command = CardDealt(data.draw(st.sampled_from(stock)))
        else:
            command = command_for(action, state, [], rng)
        events += do(state, command)
    check_closed_round(state)
    assert replay(rules, events) == state
