"""Who sits at a simulated table: named players, each on a strategy (`simple`, `basic`, or `expert`, a skilled
player who values every choice open to him as the ratings do and takes the best), for `rptable simulate
--player` and the tests of the ratings.

The expert sees what any player sees (his cards, the dealer's up card, his own draws) and no more; he plays
better than `basic` because he weighs each hand on its own, where `basic` plays a class of hands alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from controller.engine import Command, LegalAction, RoundState
from controller.floor.decisions import BoxLine, candidate_moves, value_moves
from controller.players import basic, simple
from controller.table.qa.autoplay import Seating

STRATEGIES = ("simple", "basic", "expert")
EXPERT_SAMPLES = 120  # lines per choice he weighs


class SeatError(ValueError):
    """A --player that cannot be seated; the message says what to give."""


@dataclass(frozen=True)
class Seat:
    box: int
    name: str
    strategy: str = "simple"

    @classmethod
    def parse(cls, text: str) -> Seat:
        """`BOX=NAME` or `BOX=NAME:STRATEGY`, e.g. `3=Ivanov:expert`."""
        box_text, _, rest = text.partition("=")
        name, _, strategy = rest.partition(":")
        strategy = strategy or "simple"
        if not box_text.strip().isdigit() or not 1 <= int(box_text) <= 7:
            raise SeatError(f"--player {text!r}: give BOX=NAME[:STRATEGY] with a box 1-7, e.g. 3=Ivanov:expert")
        if not name.strip() or len(name) > 40:
            raise SeatError(f"--player {text!r}: the player needs a name (1-40 characters)")
        if strategy not in STRATEGIES:
            raise SeatError(f"--player {text!r}: the strategy is one of {', '.join(STRATEGIES)}")
        return cls(int(box_text), name.strip(), strategy)


class ExpertPlayer:
    """Values each choice open to his box with the same lines the ratings play, and takes the best; buys the
    dealer a game as basic does (that value is exact already)."""

    def __init__(self, seed: int, samples: int = EXPERT_SAMPLES) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self._round: RoundState | None = None
        self._lines: dict[int, BoxLine] = {}

    def decide_box(self, state: RoundState, box_number: int, legal: tuple[LegalAction, ...]) -> Command:
        if state is not self._round:
            self._round, self._lines = state, {}
        line = self._lines.setdefault(box_number, BoxLine(tuple(state.boxes[box_number].cards)))
        situation = line.situation(state, box_number)
        moves = candidate_moves(state, box_number)
        values = value_moves(state.rules, situation, moves, samples=self.samples, rng=self.rng)
        best = moves[max(range(len(moves)), key=values.__getitem__)]
        line.made(best, state, box_number)
        return best.command(box_number)


def seating(seats: Mapping[int, Seat], *, seed: int, pit_boss_walk: Callable[[], None] | None = None) -> Seating:
    """The table's moves with each seated box on its strategy (the others on `simple`), and the names."""
    experts = {box: ExpertPlayer(seed * 100 + box) for box, seat in seats.items() if seat.strategy == "expert"}

    def decide_box(state: RoundState, box: int, legal: tuple[LegalAction, ...]) -> Command:
        strategy = seats[box].strategy if box in seats else "simple"
        if strategy == "expert":
            return experts[box].decide_box(state, box, legal)
        if strategy == "basic":
            return basic.decide_box(state, box, legal)
        return simple.decide_box(state, box, legal)

    def decide_buy(state: RoundState, box: int, legal: tuple[LegalAction, ...]) -> Command:
        if box in seats and seats[box].strategy != "simple":
            return basic.decide_buy(state, box, legal)
        return simple.decide_buy(state, box, legal)

    def next_action(state: RoundState) -> Command | None:
        return simple.next_action_of(state, decide_box, decide_buy)

    return Seating(next_action, {box: seat.name for box, seat in seats.items()}, pit_boss_walk)
