"""R-ACT-7: a draw the stock cannot serve. The house reshuffles the discards into a new stock (never a live
card), or refuses the draw."""

from __future__ import annotations

from controller.core.rules import StockRunsOut
from controller.engine.commands.base import EventLog, IllegalCommand
from controller.engine.events import DiscardsReshuffled
from controller.engine.state import RoundState


def ensure_stock(state: RoundState, count: int) -> None:
    """Refuse a draw of `count` cards that the stock, and the discards where the house reshuffles them, cannot
    serve."""
    available = state.stock_size
    reshuffles = _reshuffles(state)
    if reshuffles:
        available += len(state.discards)
    if available < count:
        if reshuffles:
            reason = f"Only {available} card(s) are left in the stock and discards; this draw needs {count}."
        else:
            reason = (f"Only {available} card(s) are left in the stock; this draw needs {count}, and this table "
                      "does not reshuffle the discards (the deck is exhausted).")
        raise IllegalCommand(reason, "R-ACT-7")


def reshuffle_if_short(state: RoundState, count: int, log: EventLog) -> None:
    """Before a draw of `count` cards: when the stock cannot serve it, the discards become a new stock."""
    if state.stock_size < count and state.discards and _reshuffles(state):
        log.emit(DiscardsReshuffled(tuple(state.discards)))


def _reshuffles(state: RoundState) -> bool:
    return state.rules.draw.when_stock_runs_out == StockRunsOut.RESHUFFLE_DISCARDS
