"""What the yellow line tells the dealer to do next, and what a second press of an armed money action will do:
the engine's expectation in the dealer's words (how many drawn cards are still due, whose choice it is)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from controller.engine import ActionKind, Phase, RoundState, expected_next
from controller.table.pump import GateReopened
from ui.format import amount
from ui.payments import Payment, payment_text


def _tr(text: str) -> str:
    return QCoreApplication.translate("ConsoleWindow", text)


def next_action_text(state: RoundState | None, *, table_locked: bool, payments: list[Payment],
                     paid: set[int]) -> str:
    """The next thing to do at the table, in a few words."""
    if table_locked:
        return _tr("STOP: table fault — call a pit boss")
    if state is None:
        return _tr("Place antes, then close bets")
    if state.fault is not None:
        return _tr("STOP: card fault — call a pit boss")
    phase = state.phase
    if phase is Phase.BETTING:
        return _tr("Place antes, then close bets") if not state.order else _tr(
            "Place more antes, or close bets and deal")
    if phase is Phase.CLOSED:
        for payment in payments:
            if payment.box not in paid:
                return payment_text(payment)
        return _tr("Round over: next round")
    e = expected_next(state)
    if e.actor == "shoe":
        if phase is Phase.DEALING:
            return _tr("Deal to box {0}").format(e.box) if e.box else _tr("Deal to the dealer")
        due = state.boxes[e.box].pending_cards if e.box in state.boxes else 1
        if due > 1:
            return _tr("Deal box {0} its drawn cards: {1} to go").format(e.box, due)
        return _tr("Deal box {0} its drawn card").format(e.box)
    if e.actor == "dealer":
        return _tr("Deal the dealer's new card") if phase is Phase.DEALER_DRAW else _tr("Reveal the dealer's hand")
    if e.actor == "box" and e.box:
        if phase is Phase.BUYING:
            return _tr("Box {0}: buy the dealer a game or take the ante").format(e.box)
        return _tr("Box {0}: player decides").format(e.box)
    return e.text


def armed_prompt(kind: str, box: int, price: int, cards: int, key: str) -> str:
    """What the second press of an armed money action will do, and how to give it."""
    if kind == ActionKind.FOLD:
        what = _tr("Fold box {0}?").format(box)
    elif kind == ActionKind.BUY:
        what = _tr("Buy box {0} a 6th card for {1}?").format(box, amount(price))
    elif kind == ActionKind.EXCHANGE:
        what = _tr("Exchange {0} card(s) of box {1} for {2}?").format(cards, box, amount(price))
    else:
        what = _tr("Box {0} buys the dealer a game for {1}?").format(box, amount(price))
    return what + " " + _tr("Press {0} again or Enter; Esc cancels.").format(key)


def gate_text(reopened: GateReopened) -> str:
    """What re-arming the shoe's gate after a resolved fault came to."""
    if reopened.reached_shoe:
        return _tr("Fault resolved: the shoe's gate is open again.")
    return _tr("Fault resolved: the shoe's gate opens again as soon as the shoe is back online.")
