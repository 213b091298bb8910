"""Money words shared by the table, the audit and the analysis, defined once."""

from __future__ import annotations

from controller.engine import BoxState


def box_wagered(box: BoxState) -> int:
    """Everything a box put on the layout in a round: ante, bet, draw payments, insurance, bonus and the
    payment for buying the dealer a game (the shift report's drop, the analysis's total wagered)."""
    return box.ante + box.bet + box.draw_paid + box.insurance + box.bonus + box.buy_paid
