"""Helpers for round tests: build a shoe in R-DEAL-1 order, play a script through the engine, copy a round."""

from __future__ import annotations

import copy
from typing import Any

from controller.core.rules import HouseRules
from controller.engine import RoundState
from controller.players.scripted import run_script
from controller.table.rule_files import load_preset, load_rules
from drivers.cards import PACK


def snapshot(state: RoundState) -> RoundState:
    """A deep copy of the round to play on or compare with, sharing its house rules and cards: both are frozen all
    the way down (dataclasses of numbers, enums and tuples), so nothing can change them, and copying them was most
    of a deep copy's cost."""
    return copy.deepcopy(state, {id(state.rules): state.rules, **{id(card): card for card in PACK}})


def deal_order(hands: dict[int, list[str]], dealer: list[str], draws: list[str] = ()) -> list[str]:
    """The shoe for these hands: one card at a time, box 1 first, the dealer last, five passes; then draws."""
    shoe = []
    for i in range(5):
        shoe += [hands[box][i] for box in sorted(hands)]
        shoe.append(dealer[i])
    return shoe + list(draws)


def play(rules: str | HouseRules, hands: dict[int, list[str]], dealer: list[str], decisions: list[dict[str, Any]],
         draws: list[str] = (), antes: dict[int, int] | None = None, **box_extras: dict[int, Any]) -> dict:
    """Run a script under a preset's name or rules of the test's own; `box_extras` maps a box key (bonus, blind,
    player) to {box: value}."""
    boxes = []
    for box in sorted(hands):
        entry: dict[str, Any] = {"box": box, "ante": (antes or {}).get(box, 100)}
        for key, per_box in box_extras.items():
            if box in per_box:
                entry[key] = per_box[box]
        boxes.append(entry)
    shoe = deal_order(hands, dealer, draws)
    if isinstance(rules, HouseRules):
        script = {"boxes": boxes, "shoe": shoe, "decisions": decisions}
        return run_script(script, "test", load_rules, rules)
    script = {"rules": rules, "boxes": boxes, "shoe": shoe, "decisions": decisions}
    return run_script(script, "test", load_rules)


def box_result(result: dict, box: int) -> dict:
    assert "error" not in result, result
    return next(b for b in result["boxes"] if b["box"] == box)


def bet(box: int) -> dict[str, Any]:
    return {"box": box, "action": "bet"}


def fold(box: int) -> dict[str, Any]:
    return {"box": box, "action": "fold"}


def buy(box: int) -> dict[str, Any]:
    return {"box": box, "action": "buy"}


def exchange(box: int, *cards: str) -> dict[str, Any]:
    return {"box": box, "action": "exchange", "discard": list(cards)}


def insure(box: int, amount: int) -> dict[str, Any]:
    return {"box": box, "action": "insure", "amount": amount}


def buy_game(box: int) -> dict[str, Any]:
    return {"box": box, "action": "buy_game"}


def take_ante(box: int) -> dict[str, Any]:
    return {"box": box, "action": "take_ante"}


__all__ = [
    "bet",
    "box_result",
    "buy",
    "buy_game",
    "deal_order",
    "exchange",
    "fold",
    "insure",
    "load_preset",
    "play",
    "take_ante",
]
