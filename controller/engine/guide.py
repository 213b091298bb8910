"""What the table should do next, and what it may do now: the console asks these, never a rule of its own.
An action is listed when the engine would accept its command (`can`); its ranges and prices are the engine's
own queries."""

from __future__ import annotations

from dataclasses import dataclass

from controller.engine.actions import LegalAction
from controller.engine.commands.base import ActionKind, IllegalCommand
from controller.engine.commands.box import Bet, BuySixth, Exchange, Fold, Insure, insuring_box
from controller.engine.commands.dealer import BuyGame, CloseBuying, RevealDealer, TakeAnte
from controller.engine.commands.overrides import CorrectCard, DismissCard, VoidRound
from controller.engine.commands.stakes import CloseBets, PlaceStakes, WithdrawStakes
from controller.engine.machine import can
from controller.engine.queries import (
    bet_amount,
    buy_game_price,
    describe_next_card,
    exchange_most_cards,
    exchange_price,
    insurance_range,
    next_card_target,
    sixth_card_price,
)
from controller.engine.state import Phase, RoundState
from drivers.cards import PACK


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
        out += _stakes_actions(state)
    if next_card_target(state) is not None:
        out.append(LegalAction(ActionKind.CARD))
    if state.phase is Phase.DECISIONS and state.turn:
        out += _box_actions(state, state.turn)
    if state.insurance_window and state.insurance_window != state.turn:
        out += _insurance_action(state, state.insurance_window)
    if can(state, RevealDealer()):
        out.append(LegalAction(ActionKind.REVEAL))
    out += _buying_actions(state)
    out += _pit_boss_actions(state)
    return tuple(out)


def turn_actions(state: RoundState) -> tuple[LegalAction, ...]:
    """What `legal_commands` lists for the box whose turn it is, without working out the rest of the table's:
    a player's strategy asks this for every decision (the same kinds, the same ranges)."""
    number = state.turn
    if state.phase is not Phase.DECISIONS or not number or state.fault is not None:
        return tuple(a for a in legal_commands(state) if number and a.box == number)
    return tuple(_box_actions(state, number))


def _stakes_actions(state: RoundState) -> list[LegalAction]:
    table = state.rules.table
    out = [LegalAction(ActionKind.PLACE_STAKES, number, table.ante_min, table.ante_max)
           for number in range(1, table.boxes + 1) if can(state, PlaceStakes(number, table.ante_min))]
    out += [LegalAction(ActionKind.WITHDRAW_STAKES, number) for number in state.order
            if can(state, WithdrawStakes(number))]
    if can(state, CloseBets()):
        out.append(LegalAction(ActionKind.CLOSE_BETS))
    return out


def _box_actions(state: RoundState, number: int) -> list[LegalAction]:
    box = state.boxes[number]
    out: list[LegalAction] = []
    if can(state, Fold(number)):
        out.append(LegalAction(ActionKind.FOLD, number))
    if can(state, Bet(number)):
        out.append(LegalAction(ActionKind.BET, number, price=bet_amount(box.ante)))
    if can(state, BuySixth(number)):
        out.append(LegalAction(ActionKind.BUY, number, price=sixth_card_price(box)))
    if box.cards and can(state, Exchange(number, (box.cards[0],))):
        most = exchange_most_cards(state, box)
        out.append(LegalAction(ActionKind.EXCHANGE, number, 1, most, exchange_price(state, box, 1)))
    out += _insurance_action(state, number)
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


def _insurance_action(state: RoundState, number: int) -> list[LegalAction]:
    box = state.boxes[number]
    limits = insurance_range(state, box)
    if limits is None or not can(state, Insure(number, limits[0])):
        return []
    return [LegalAction(ActionKind.INSURE, number, *limits)]


def _buying_actions(state: RoundState) -> list[LegalAction]:
    out: list[LegalAction] = []
    for number in state.buyers:
        if can(state, BuyGame(number)):
            out.append(LegalAction(ActionKind.BUY_GAME, number, price=buy_game_price(state.boxes[number])))
        if can(state, TakeAnte(number)):
            out.append(LegalAction(ActionKind.TAKE_ANTE, number))
    if can(state, CloseBuying()):
        out.append(LegalAction(ActionKind.CLOSE_BUYING))
    return out


def _pit_boss_actions(state: RoundState) -> list[LegalAction]:
    out: list[LegalAction] = []
    a_stock_card = next((card for card in PACK if state.in_stock(card)), None)
    if a_stock_card is not None and can(state, CorrectCard(a_stock_card, "", "")):
        out.append(LegalAction(ActionKind.CORRECT_CARD))
    if can(state, DismissCard("", "")):
        out.append(LegalAction(ActionKind.DISMISS_CARD))
    if can(state, VoidRound("", "")):
        out.append(LegalAction(ActionKind.VOID_ROUND))
    return out
