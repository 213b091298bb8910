"""Where a round stands moves along one declared graph of phases (R-DEAL-1 to R-SETTLE-1): the graph is checked
when it is declared, a move it does not allow is refused, and it is what the engine does: every change of phase
in random rounds is one of its moves, and every one of its moves happens."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_properties import PRESETS, command_for, play_random_round

from controller.engine import ActionKind, Phase, PlaceStakes, RoundState, apply, do, legal_commands, new_round, replay
from controller.engine.events import BetsClosed, StakesPlaced
from controller.engine.state import PHASE_MOVES, check_phase_graph
from drivers.cards import PACK

EDGES = {(before, after) for before, afters in PHASE_MOVES.items() for after in afters}


def moves_of(rules, events) -> list[tuple[Phase, Phase]]:
    """Replay `events`, recording every change of phase one event at a time; each event's changes must chain
    from the phase before it to the phase after it (so none is made behind `move_to`'s back)."""
    state = new_round(rules)
    seen: list[tuple[Phase, Phase]] = []
    real_move = RoundState.move_to
    with pytest.MonkeyPatch.context() as patch:
        def recording(self: RoundState, phase: Phase) -> None:
            moves.append((self.phase, phase))
            real_move(self, phase)
        patch.setattr(RoundState, "move_to", recording)
        for event in events:
            before = state.phase
            moves: list[tuple[Phase, Phase]] = []
            apply(state, event)
            chain = [before] + [after for _, after in moves]
            assert [b for b, _ in moves] == chain[:-1], (event, moves)
            assert chain[-1] is state.phase, (event, moves)
            seen += moves
    return seen


def test_a_move_the_phase_graph_does_not_allow_is_refused_naming_both_phases():
    state = new_round(PRESETS["classic"])
    with pytest.raises(ValueError, match="from betting to reveal"):
        state.move_to(Phase.REVEAL)
    assert state.phase is Phase.BETTING
    state.move_to(Phase.CLOSED)
    with pytest.raises(ValueError, match="from closed to betting; from closed it moves to nowhere"):
        state.move_to(Phase.BETTING)


def test_a_journal_that_closes_the_bets_twice_cannot_be_replayed():
    """R-DEAL-1: the bets close once; a second BetsClosed (an edited journal) is refused, not dealt again."""
    events = [StakesPlaced(1, 10, 0, 0, False, ""), BetsClosed((1,)), BetsClosed((1,))]
    with pytest.raises(ValueError, match="from dealing to dealing"):
        replay(PRESETS["classic"], events)


@pytest.mark.parametrize(("change", "complaint"), [
    (lambda g: g.pop(Phase.REVEAL), "not of every phase"),
    (lambda g: g.update({Phase.DECISIONS: frozenset({Phase.CLOSED})}), "No round comes to buying, dealer_draw, reveal"),
    (lambda g: g.update({Phase.DEALER_DRAW: frozenset({Phase.DEALER_DRAW})}), "in dealer_draw can never close"),
    (lambda g: g.update({Phase.CLOSED: frozenset({Phase.BETTING})}), "A closed round moves no more"),
])
def test_a_phase_graph_with_a_hole_is_refused_when_it_is_checked(change, complaint):
    check_phase_graph(PHASE_MOVES)
    graph = dict(PHASE_MOVES)
    change(graph)
    with pytest.raises(ValueError, match=complaint):
        check_phase_graph(graph)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_name=st.sampled_from(list(PRESETS)), seed=st.integers(0, 2**32 - 1))
def test_every_change_of_phase_in_a_random_round_is_a_move_of_the_graph(rules_name, seed):
    _, events = play_random_round(rules_name, random.Random(seed))
    moves = moves_of(PRESETS[rules_name], events)
    assert set(moves) <= EDGES
    assert [after for _, after in moves][-1:] == [Phase.CLOSED]


def play_until_voided(rules_name: str, rng: random.Random, void_chance: float) -> list:
    """A round of random legal commands in which the pit boss voids the round now and then, in any phase."""
    rules = PRESETS[rules_name]
    state = new_round(rules)
    events: list = []
    for number in rng.sample(range(1, rules.table.boxes + 1), rng.randint(1, rules.table.boxes)):
        events += do(state, PlaceStakes(number, rng.choice([10, 25])))
    shoe = list(PACK)
    rng.shuffle(shoe)
    while state.phase is not Phase.CLOSED:
        actions = legal_commands(state)
        voids = [a for a in actions if a.kind is ActionKind.VOID_ROUND]
        others = [a for a in actions if a.kind is not ActionKind.VOID_ROUND]
        action = voids[0] if voids and (rng.random() < void_chance or not others) else rng.choice(others)
        events += do(state, command_for(action, state, shoe, rng))
    return events


def test_every_move_of_the_graph_is_one_the_engine_makes():
    """The graph declares no move the engine never makes: random rounds of every preset, some voided in each
    phase, make every one of its moves."""
    rng = random.Random("every move")
    seen: set[tuple[Phase, Phase]] = set()
    for _ in range(60):
        for rules_name in PRESETS:
            seen |= set(moves_of(PRESETS[rules_name], play_until_voided(rules_name, rng, rng.choice([0, 0.05, 0.3]))))
        if seen == EDGES:
            break
    assert seen == EDGES, sorted(EDGES - seen)
