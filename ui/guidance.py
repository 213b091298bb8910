"""What the yellow line tells the dealer to do next, and what a second press of an armed money action will do:
the engine's expectation in the dealer's words (how many drawn cards are still due, whose choice it is)."""

from __future__ import annotations

from controller.engine import ActionKind, Phase, RoundState, expected_next
from controller.table.pump import GateReopened
from ui.format import amount
from ui.i18n import translate
from ui.payments import Payment, first_unconfirmed, payment_text
from ui.sentences import reworded


def next_action_text(state: RoundState | None, *, table_locked: bool, payments: list[Payment]) -> str:
    """The next thing to do at the table, in a few words."""
    if table_locked:
        return translate("ConsoleWindow", "STOP: table fault — call a pit boss")
    if state is None:
        return translate("ConsoleWindow", "Place antes, then close bets")
    if state.fault is not None:
        return translate("ConsoleWindow", "STOP: card fault — call a pit boss")
    phase = state.phase
    if phase is Phase.BETTING:
        if not state.order:
            return translate("ConsoleWindow", "Place antes, then close bets")
        return translate("ConsoleWindow", "Place more antes, or close bets and deal")
    if phase is Phase.CLOSED:
        unpaid = first_unconfirmed(payments)
        if unpaid is not None:
            return payment_text(unpaid)
        return translate("ConsoleWindow", "Round over: next round")
    e = expected_next(state)
    if e.actor == "shoe":
        if phase is Phase.DEALING and e.box:
            return translate("ConsoleWindow", "Deal to box {0}").format(e.box)
        if phase is Phase.DEALING:
            return translate("ConsoleWindow", "Deal to the dealer")
        due = state.boxes[e.box].pending_cards if e.box in state.boxes else 1
        if due > 1:
            return translate("ConsoleWindow", "Deal box {0} its drawn cards: {1} to go").format(e.box, due)
        return translate("ConsoleWindow", "Deal box {0} its drawn card").format(e.box)
    if e.actor == "dealer" and phase is Phase.DEALER_DRAW:
        return translate("ConsoleWindow", "Deal the dealer's new card")
    if e.actor == "dealer":
        return translate("ConsoleWindow", "Reveal the dealer's hand")
    if e.actor == "box" and e.box:
        if phase is Phase.BUYING:
            return translate("ConsoleWindow", "Box {0}: buy the dealer a game or take the ante").format(e.box)
        return translate("ConsoleWindow", "Box {0}: player decides").format(e.box)
    return reworded(e.text)


def armed_question(kind: str, box: int, price: int, cards: int) -> str:
    """What the second press of an armed money action will do, as a question."""
    if kind == ActionKind.FOLD:
        return translate("ConsoleWindow", "Fold box {0}?").format(box)
    if kind == ActionKind.BET:
        return translate("ConsoleWindow", "Box {0} bets {1}?").format(box, amount(price))
    if kind == ActionKind.BUY:
        return translate("ConsoleWindow", "Buy box {0} a 6th card for {1}?").format(box, amount(price))
    if kind == ActionKind.EXCHANGE:
        return translate("ConsoleWindow", "Exchange %n card(s) of box {0} for {1}?", None, cards).format(box,
                                                                                                   amount(price))
    if kind == ActionKind.TAKE_ANTE:
        return translate("ConsoleWindow", "Box {0} takes the ante?").format(box)
    if kind == ActionKind.INSURE:
        return translate("ConsoleWindow", "Insure box {0} for {1}?").format(box, amount(price))
    return translate("ConsoleWindow", "Box {0} buys the dealer a game for {1}?").format(box, amount(price))


def second_press(key: str) -> str:
    """How to give the second press."""
    return translate("ConsoleWindow", "Press {0} again or Enter; Esc cancels.").format(key)


def gate_text(reopened: GateReopened) -> str:
    """What re-arming the shoe's gate after a resolved fault came to."""
    if reopened.reached_shoe:
        return translate("ConsoleWindow", "Fault resolved: the shoe's gate is open again.")
    return translate("ConsoleWindow", "Fault resolved: the shoe's gate opens again as soon as the shoe is back online.")
