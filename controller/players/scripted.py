"""Playing a scripted round (`rptable round`): stakes, a shoe order and decisions in; the settlement out.

A script is the JSON object of docs/rules.md "Scripted rounds". The runner drives the engine exactly as a
table would: stakes, the deal from the shoe, each decision in turn with its draws from the shoe, then the
dealer's reveal, the boxes' choice to buy the dealer a game, his draw and the settlement. It never decides a
rule itself: an illegal step is the engine's IllegalCommand (or a card fault), reported with its clause.

`step` in an error counts the script's decisions: 0 = the stakes and the deal (before any decision),
N = the N-th entry of `decisions` (1-based, including the cards it draws from the shoe),
len(decisions) + 1 = what follows the last decision (the dealer's reveal, closing the buying, his draw).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from controller.core.rules import HouseRules, RulesError
from controller.engine import (
    BOX_DECISIONS,
    ActionKind,
    BuyChoice,
    CardDealt,
    CloseBets,
    CloseBuying,
    Command,
    IllegalCommand,
    Phase,
    PlaceStakes,
    RevealDealer,
    RoundState,
    build_command,
    describe_next_card,
    do,
    new_round,
    next_card_target,
)
from controller.engine.strength import hand_value
from drivers.cards import Card, CardError, format_cards, parse_card


class ScriptError(Exception):
    """The script breaks a rule (or is malformed) at `step`."""

    def __init__(self, message: str, clause: str | None, step: int) -> None:
        super().__init__(message)
        self.message = message
        self.clause = clause
        self.step = step


def run_script(
    script: Any,
    name: str,
    load_rules: Callable[[str], HouseRules],
    rules: HouseRules | None = None,
) -> dict[str, Any]:
    """The contract's result object for one script: its settlement, or `{script, error, clause, step}`."""
    try:
        state = play_script(script, load_rules, rules)
    except ScriptError as err:
        return {"script": name, "error": err.message, "clause": err.clause, "step": err.step}
    return {"script": name, **settlement_report(state)}


def play_script(script: Any, load_rules: Callable[[str], HouseRules], rules: HouseRules | None) -> RoundState:
    if not isinstance(script, dict):
        raise ScriptError("A round script is a JSON object with boxes, shoe and decisions.", None, 0)
    if rules is None:
        rules_name = script.get("rules")
        if not isinstance(rules_name, str):
            raise ScriptError(
                "The script names no rules: give \"rules\": NAME or --rules NAME|FILE.", None, 0
            )
        try:
            rules = load_rules(rules_name)
        except RulesError as err:
            raise ScriptError(str(err), None, 0) from err
    boxes = _list(script, "boxes", "R-BET-1")
    shoe = _Shoe(_list(script, "shoe", "R-DEAL-1"))
    decisions = _list(script, "decisions", "R-TABLE-1", required=False)
    state = new_round(rules)
    for number, entry in enumerate(boxes, start=1):
        _run(state, _stakes_command(entry, number), 0)
    if not state.order:
        raise ScriptError("No box has an ante: a round needs at least one box.", "R-BET-1", 0)
    _run(state, CloseBets(), 0)
    _draw_expected_cards(state, shoe, 0)
    for step, decision in enumerate(decisions, start=1):
        box, command = _decision(decision, step)
        if command.action in (ActionKind.BUY_GAME, ActionKind.TAKE_ANTE) and state.phase is Phase.REVEAL:
            _run(state, RevealDealer(), step)
        if command.action is ActionKind.TAKE_ANTE and _ante_taken_anyway(state, box):
            continue
        _run(state, command, step)
        _draw_expected_cards(state, shoe, step)
    end = len(decisions) + 1
    if state.phase is Phase.DECISIONS:
        raise ScriptError(
            f"The script ends but box {state.turn} has not acted: it must fold or bet.", "R-TABLE-1", end
        )
    if state.phase is Phase.REVEAL:
        _run(state, RevealDealer(), end)
    if state.phase is Phase.BUYING:
        _run(state, CloseBuying(), end)  # a box that said neither takes the ante
    _draw_expected_cards(state, shoe, end)
    assert state.phase is Phase.CLOSED, state.phase
    return state


def _ante_taken_anyway(state: RoundState, number: int) -> bool:
    """Declining to buy the dealer a game when the box has no such choice (the dealer qualified, the box is
    insured where only uninsured boxes may buy, or buying is over) changes nothing: not an error."""
    box = state.boxes.get(number)
    if box is None or box.folded or box.bet == 0 or box.blind or not state.revealed:
        return False
    if state.dealer_qualified:
        return True
    if state.phase is Phase.BUYING and number in state.buyers and not box.buy_choice:
        return False
    return state.phase in (Phase.BUYING, Phase.DEALER_DRAW, Phase.CLOSED) and box.buy_choice is not BuyChoice.BUY


def _run(state: RoundState, command: Command, step: int) -> None:
    try:
        do(state, command)
    except IllegalCommand as err:
        raise ScriptError(err.reason, err.clause, step) from err
    if state.fault is not None:
        raise ScriptError(state.fault.text, state.fault.clause, step)


def _draw_expected_cards(state: RoundState, shoe: _Shoe, step: int) -> None:
    while next_card_target(state) is not None:
        where = describe_next_card(state)
        _run(state, CardDealt(shoe.next(where, step)), step)


class _Shoe:
    """The script's shoe: card texts in the order they leave it; `??` is a card the reader could not read."""

    def __init__(self, texts: list[Any]) -> None:
        self.texts = texts
        self.position = 0

    def next(self, where: str | None, step: int) -> Card | None:
        if self.position >= len(self.texts):
            raise ScriptError(
                f"The shoe ran out after {len(self.texts)} cards; the round still needs a card ({where}).",
                "R-DEAL-1",
                step,
            )
        text = self.texts[self.position]
        self.position += 1
        if text == "??":
            return None
        if not isinstance(text, str):
            raise ScriptError(f"shoe[{self.position - 1}] is {text!r}, not a card.", "R-CARD-1", step)
        try:
            return parse_card(text)
        except CardError as err:
            raise ScriptError(f"shoe[{self.position - 1}]: {err}", "R-CARD-1", step) from err


def _list(script: dict[str, Any], key: str, clause: str, required: bool = True) -> list[Any]:
    value = script.get(key, None if required else [])
    if not isinstance(value, list):
        raise ScriptError(f"The script's \"{key}\" must be a list.", clause, 0)
    return value


def _int(entry: dict[str, Any], key: str, default: int | None, clause: str, where: str, step: int) -> int:
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScriptError(f"{where}: \"{key}\" must be a whole number of chips, not {value!r}.", clause, step)
    return value


def _stakes_command(entry: Any, index: int) -> PlaceStakes:
    where = f"boxes[{index - 1}]"
    if not isinstance(entry, dict):
        raise ScriptError(f"{where} must be an object with box and ante.", "R-BET-1", 0)
    blind = entry.get("blind", False)
    player = entry.get("player", "")
    if not isinstance(blind, bool):
        raise ScriptError(f"{where}: \"blind\" must be true or false.", "R-TABLE-2", 0)
    return PlaceStakes(
        box=_int(entry, "box", None, "R-TABLE-1", where, 0),
        ante=_int(entry, "ante", None, "R-BET-1", where, 0),
        bonus=_int(entry, "bonus", 0, "R-BET-1", where, 0),
        blind=blind,
        player=str(player) if player is not None else "",
    )


def _decision(decision: Any, step: int) -> tuple[int, Command]:
    """The box a script's decision names, and the command it stands for."""
    where = f"decisions[{step - 1}]"
    if not isinstance(decision, dict):
        raise ScriptError(f"{where} must be an object with box and action.", "R-TABLE-1", step)
    action = decision.get("action")
    if action not in BOX_DECISIONS:
        known = ", ".join(BOX_DECISIONS)
        raise ScriptError(f"{where}: action {action!r} is not one of {known}.", "R-TABLE-1", step)
    box = _int(decision, "box", None, "R-TABLE-1", where, step)
    discards: tuple[Card, ...] = ()
    amount = None
    if action == ActionKind.EXCHANGE:
        discard = decision.get("discard")
        if not isinstance(discard, list) or not all(isinstance(t, str) for t in discard):
            raise ScriptError(f"{where}: an exchange needs \"discard\": a list of cards.", "R-ACT-4", step)
        try:
            discards = tuple(parse_card(t) for t in discard)
        except CardError as err:
            raise ScriptError(f"{where}: {err}", "R-CARD-1", step) from err
    elif action == ActionKind.INSURE:
        amount = _int(decision, "amount", None, "R-ACT-6", where, step)
    return box, build_command(action, box, discards=discards, amount=amount)


def settlement_report(state: RoundState) -> dict[str, Any]:
    """The settled round in the contract's JSON shape (plus a few extra keys)."""
    boxes = []
    for number in state.order:
        box = state.boxes[number]
        s = box.settlement
        assert s is not None
        boxes.append({
            "box": number,
            "cards": format_cards(box.cards),
            "best": s.best.name,
            "paid": [c.name for c in s.paid],
            "multiplier": s.multiplier,
            "outcome": s.outcome,
            "lines": {"ante": s.ante, "bet": s.bet, "draw": s.draw, "insurance": s.insurance,
                      "bonus": s.bonus, "buy_game": s.buy_game},
            "net": s.net,
            "stakes": {"ante": box.ante, "bet": box.bet, "bonus": box.bonus, "insurance": box.insurance,
                       "draw_paid": box.draw_paid, "blind": box.blind},
        })
    dealer_value = hand_value(state.dealer) if len(state.dealer) == 5 else None
    return {
        "rules": state.rules.name,
        "boxes": boxes,
        "dealer": {
            "cards": format_cards(state.dealer),
            "best": dealer_value.category.name if dealer_value else None,
            "qualified": bool(dealer_value and dealer_value.category >= state.rules.dealer_qualifies_with),
            "qualified_at_reveal": state.dealer_qualified,
            "draws": format_cards(state.dealer_draws),
            "replaced": format_cards(state.dealer_discards),
        },
        "house_net": state.house_net,
        "voided": state.voided,
    }


def read_json_lines(lines: Iterator[str]) -> Iterator[tuple[str, Any | None, str | None]]:
    """(name, script or None, error or None) for each non-blank line of stdin; scripts named `stdin:LINE`."""
    for number, line in enumerate(lines, start=1):
        if line.strip():
            yield f"stdin:{number}", *script_from_json(line, line=number)


def script_from_json(text: str, *, line: int | None = None) -> tuple[Any | None, str | None]:
    """(script, None), or (None, why the text is no script): a whole file's text, or stdin's `line`."""
    import json

    try:
        return json.loads(text), None
    except json.JSONDecodeError as err:
        if line is None:
            return None, f"not JSON: {err.msg} (line {err.lineno}, column {err.colno})"
        return None, f"line {line} is not JSON: {err.msg} (column {err.colno})"
    except (ValueError, RecursionError) as err:
        return None, f"{'' if line is None else f'line {line} '}cannot be read: {json_refusal(err)}"


def json_refusal(err: ValueError | RecursionError) -> str:
    """Why text that is JSON still cannot be read as a script: nested too deeply, or a number too long."""
    if isinstance(err, RecursionError):
        return "its JSON is nested too deeply"
    return "a number in it has more digits than any amount or card count (at most 4,300)"
