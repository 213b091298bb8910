"""Monte Carlo of whole rounds through the rules engine itself, for strategies that draw, insure or buy the
dealer a game: slower than the vectorised path, but every rule of the preset applies exactly as at a table.

One box against the dealer per round (every box has the same expectation; see vectorised.py). Cards come
from a shuffled pack; when the engine reshuffles the discards (R-ACT-7) the stock is shuffled again.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from controller.analysis.vectorised import Totals
from controller.core.rules import HouseRules
from controller.engine import CardDealt, CloseBets, Command, Phase, PlaceStakes, RoundState, do, new_round
from controller.players import basic as basic_strategy
from controller.players import simple as strategy
from drivers.cards import PACK, Card

Strategy = Callable[[RoundState], Command | None]
STRATEGY_MOVES: dict[str, Strategy] = {"simple": strategy.next_action, "basic": basic_strategy.next_action}
DRAWING_STRATEGIES = tuple(STRATEGY_MOVES)


def play_heads_up(rules: HouseRules, rng: random.Random, ante: int = 1,
                  next_action: Strategy = strategy.next_action, shoe: list[Card] | None = None) -> RoundState:
    """One complete round, one box against the dealer, the box following `next_action` (the `simple`
    strategy unless told). Cards come from `shoe` (its last card first) when given, else a shuffled pack."""
    state = new_round(rules)
    do(state, PlaceStakes(1, ante, player="P1"))
    do(state, CloseBets())
    if shoe is None:
        shoe = list(PACK)
        rng.shuffle(shoe)
    while state.phase is not Phase.CLOSED:
        action = next_action(state)
        if action is not None:
            do(state, action)
            continue
        if state.stock_size > len(shoe):  # the engine reshuffled the discards into a new stock
            shoe = [c for c in PACK if state.in_stock(c)]
            rng.shuffle(shoe)
        do(state, CardDealt(shoe.pop()))
    return state


def simulate_engine_batch(rules: HouseRules, strategy: str, rounds: int, seed: int) -> Totals:
    """`rounds` heads-up rounds through the engine; results in antes (an ante of 10 chips, so that
    insurance and draw amounts keep their proportions)."""
    if strategy not in DRAWING_STRATEGIES:
        raise ValueError(f"'{strategy}' is not an engine strategy: {', '.join(DRAWING_STRATEGIES)}")
    ante = 10
    rng = random.Random(seed)
    moves = STRATEGY_MOVES[strategy]
    totals = Totals(outcomes={}, paid={})
    assert totals.outcomes is not None and totals.paid is not None
    for _ in range(rounds):
        state = play_heads_up(rules, rng, ante, moves)
        box = state.boxes[1]
        settled = box.settlement
        assert settled is not None
        result = settled.net / ante
        totals.rounds += 1
        totals.result_sum += result
        totals.result_sq += result * result
        totals.wager_sum += box.wagered / ante
        totals.raised += box.bet > 0
        totals.outcomes[settled.outcome] = totals.outcomes.get(settled.outcome, 0) + 1
        if settled.outcome == "win":
            totals.paid[settled.multiplier] = totals.paid.get(settled.multiplier, 0) + 1
    return totals
