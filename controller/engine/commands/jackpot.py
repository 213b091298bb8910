"""The jackpot bet (R-JACKPOT-1/2): a box's fixed jackpot stake, placed with its ante, and its settlement on
the box's first five cards right after the deal.

Whether the meter can take jackpot bets now (it is reachable, no hit is pending) is the table's to know, not
the round's: the table offers this command only while the meter takes them (controller.floor.jackpot_link).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from controller.core.jackpot_rules import JackpotRules
from controller.engine.commands.base import (
    ActionKind,
    BoxCommand,
    EventLog,
    IllegalCommand,
    registered,
    require_open,
)
from controller.engine.events import JackpotSettled, JackpotStaked
from controller.engine.state import BoxState, Phase, RoundState
from controller.engine.strength import hand_value


@registered
@dataclass(frozen=True, slots=True)
class PlaceJackpotStake(BoxCommand):
    """R-JACKPOT-1: the table's fixed jackpot stake on a box that has its ante. The guide does not offer it:
    the table does, while the meter takes jackpot bets."""

    action: ClassVar[ActionKind] = ActionKind.PLACE_JACKPOT
    box: int

    def verify(self, state: RoundState) -> None:
        require_open(state)
        jackpot = state.rules.jackpot
        if jackpot is None:
            raise IllegalCommand(f"This table has no jackpot bet (box {self.box}).", "R-JACKPOT-1")
        if state.phase is not Phase.BETTING:
            raise IllegalCommand(f"Bets are closed: box {self.box}'s jackpot stake had to be placed before the deal.",
                                 "R-JACKPOT-1")
        box = state.boxes.get(self.box)
        if box is None:
            raise IllegalCommand(f"Box {self.box} has no ante: the jackpot stake is placed with the box's ante.",
                                 "R-JACKPOT-1")
        if box.jackpot:
            raise IllegalCommand(f"Box {self.box} has its jackpot stake already.", "R-JACKPOT-1")

    def execute(self, state: RoundState, log: EventLog) -> None:
        assert state.rules.jackpot is not None  # verified
        log.emit(JackpotStaked(self.box, state.rules.jackpot.stake))


def settle_jackpots(state: RoundState, log: EventLog) -> None:
    """R-JACKPOT-2: every jackpot stake on the box's first five cards, right after the deal."""
    jackpot = state.rules.jackpot
    if jackpot is None:
        return
    for number in state.order:
        box = state.boxes[number]
        if box.jackpot:
            log.emit(jackpot_settlement(jackpot, box))


def jackpot_settlement(jackpot: JackpotRules, box: BoxState) -> JackpotSettled:
    """The box's jackpot stake settled on its first five cards (what `audit verify` recomputes too)."""
    category = hand_value(box.cards[:5]).category
    award = jackpot.award(category)
    share, fixed = (award.share_pct, award.fixed) if award is not None else (0, 0)
    contribution = box.jackpot * jackpot.contribution_pct // 100
    return JackpotSettled(box.box, category, box.jackpot, contribution, share, fixed)
