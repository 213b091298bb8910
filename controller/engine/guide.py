"""What the table should do next, and what it may do now: the console asks these, never a rule of its own.
An action is listed when the engine would accept its command; each command's class describes its legal action,
with the ranges and prices of the engine's own queries (`Command.offer`). The guide says only which boxes are
asked about, and in what order."""

from __future__ import annotations

from dataclasses import dataclass

from controller.engine.actions import TURN_DECISIONS
from controller.engine.commands.base import COMMANDS, ActionKind, IllegalCommand, LegalAction
from controller.engine.commands.box import insuring_box
from controller.engine.queries import describe_next_card, insurance_range
from controller.engine.state import Phase, RoundState

# The dealer's close of the buying, then the pit boss's overrides, in the order the console lists them.
CLOSING_COMMANDS = (ActionKind.CLOSE_BUYING, ActionKind.CORRECT_CARD, ActionKind.DISMISS_CARD, ActionKind.VOID_ROUND)


@dataclass(frozen=True, slots=True)
class Expectation:
    """Whose move it is and what is expected, in short words for the dealer's screen."""

    actor: str  # "players", "shoe", "box", "dealer", "pit_boss" or "nobody"
    box: int | None
    text: str


def expected_next(state: RoundState) -> Expectation:
    if state.fault is not None:
        return Expectation("pit_boss", None, state.fault.text)
    phase = state.phase
    if phase is Phase.CLOSED:
        verdict = "voided, every stake returned" if state.voided else f"house net {state.house_net:+d}"
        return Expectation("nobody", None, f"round closed ({verdict})")
    card = describe_next_card(state)
    if phase is Phase.BETTING:
        if not state.order:
            return Expectation("players", None, "place antes")
        return Expectation("shoe", state.order[0], f"place antes, or deal: {card}")
    if card is not None:
        if phase is Phase.DEALER_DRAW:
            return Expectation("dealer", None, card)
        target = state.deal_plan[state.deal_index] if phase is Phase.DEALING else state.turn
        return Expectation("shoe", target or None, card)
    if phase is Phase.DECISIONS:
        return Expectation("box", state.turn, f"box {state.turn}: {_choices(state)}")
    if phase is Phase.REVEAL:
        late = f" (box {state.insurance_window} may still insure)" if _late_insurance(state) else ""
        return Expectation("dealer", None, "dealer: show your hand" + late)
    waiting = [str(n) for n in state.buyers if not state.boxes[n].buy_choice]
    return Expectation("box", int(waiting[0]) if waiting else None,
                       f"box {', '.join(waiting)}: buy the dealer a game or take the ante")


def _choices(state: RoundState) -> str:
    words = [str(action.kind) for action in turn_actions(state)]
    if not words:
        return "wait"
    return ", ".join(words[:-1]) + (" or " if len(words) > 1 else "") + words[-1]


def _late_insurance(state: RoundState) -> bool:
    window = state.boxes.get(state.insurance_window)
    return window is not None and insurance_range(state, window) is not None


def legal_commands(state: RoundState) -> tuple[LegalAction, ...]:
    """Every kind of command that is legal now (the console enables exactly these)."""
    if state.phase is Phase.CLOSED:
        return ()
    out: list[LegalAction] = []
    if state.phase is Phase.BETTING:
        for number in range(1, state.rules.table.boxes + 1):
            out += _offered(state, number, ActionKind.PLACE_STAKES)
        for number in state.order:
            out += _offered(state, number, ActionKind.WITHDRAW_STAKES)
        out += _offered(state, 0, ActionKind.CLOSE_BETS)
    out += _offered(state, 0, ActionKind.CARD)
    if state.phase is Phase.DECISIONS and state.turn:
        out += _offered(state, state.turn, *TURN_DECISIONS)
    if state.insurance_window and state.insurance_window != state.turn:
        out += _offered(state, state.insurance_window, ActionKind.INSURE)
    out += _offered(state, 0, ActionKind.REVEAL)
    for number in state.buyers:
        out += _offered(state, number, ActionKind.BUY_GAME, ActionKind.TAKE_ANTE)
    out += _offered(state, 0, *CLOSING_COMMANDS)
    return tuple(out)


def turn_actions(state: RoundState) -> tuple[LegalAction, ...]:
    """What `legal_commands` lists for the box whose turn it is, without working out the rest of the table's:
    a player's strategy asks this for every decision (the same kinds, the same ranges)."""
    number = state.turn
    if state.phase is not Phase.DECISIONS or not number or state.fault is not None:
        return tuple(a for a in legal_commands(state) if number and a.box == number)
    return tuple(_offered(state, number, *TURN_DECISIONS))


def _offered(state: RoundState, box: int, *words: ActionKind) -> list[LegalAction]:
    """The legal actions of the commands `words` for `box` (0: the table's), as each command's class offers it."""
    out = []
    for word in words:
        action = COMMANDS[word].offer(state, box)
        if action is not None:
            out.append(action)
    return out


def insurance_askers(state: RoundState) -> tuple[int, ...]:
    """R-ACT-6: the boxes that may ask for insurance now, whatever their cards hold: the box that has just bet
    (its insurance window) first, then the box whose turn it is. A screen offers insurance to each of these
    alike, so that offering it tells nothing of a face-down hand; the amount is checked when it is named."""
    out = []
    for number in dict.fromkeys((state.insurance_window, state.turn)):
        if not number:
            continue
        try:
            insuring_box(state, number)
        except IllegalCommand:
            continue
        out.append(number)
    return tuple(out)
