"""Stakes before the deal (R-BET-1, R-TABLE-2): a box's ante, bonus and blind bet, taking them back, and
closing the bets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Self

from controller.engine.commands.base import (
    ActionArgs,
    ActionKind,
    BoxCommand,
    Command,
    EventLog,
    IllegalCommand,
    LegalAction,
    offered,
    registered,
    require_open,
    require_phase,
)
from controller.engine.events import BetsClosed, StakesPlaced, StakesWithdrawn
from controller.engine.queries import bet_amount
from controller.engine.state import Phase, RoundState


@registered
@dataclass(frozen=True, slots=True)
class PlaceStakes(Command):
    """R-BET-1 / R-TABLE-2: a box's ante, optional bonus, and whether it plays blind (bet placed now)."""

    action: ClassVar[ActionKind] = ActionKind.PLACE_STAKES
    box: int
    ante: int
    bonus: int = 0
    blind: bool = False
    player: str = ""  # who plays the box; boxes of one player must be adjacent (R-TABLE-2)

    @classmethod
    def from_action(cls, args: ActionArgs) -> Self:
        return cls(args.numbered_box, args.need(args.amount, "an ante (amount)"))

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        table = state.rules.table
        return offered(state, cls(box, table.ante_min), box, table.ante_min, table.ante_max)

    def verify(self, state: RoundState) -> None:
        if state.fault is not None or state.phase is not Phase.BETTING:
            require_open(state)
            raise IllegalCommand(f"Bets are closed: box {self.box}'s stakes had to be placed before the deal.",
                                 "R-BET-1")
        rules = state.rules
        table = rules.table
        if not 1 <= self.box <= table.boxes:
            raise IllegalCommand(f"There is no box {self.box}: this table has boxes 1-{table.boxes}.", "R-TABLE-1")
        if self.box in state.boxes:
            raise IllegalCommand(f"Box {self.box} already has its stakes; withdraw them first to change them.",
                                 "R-BET-1")
        if self.ante == 0 and rules.bonus.instead_of_ante:
            if not self.bonus:
                raise IllegalCommand(
                    f"Box {self.box} has neither an ante nor a bonus: place an ante ({table.ante_min}-"
                    f"{table.ante_max}), or a bonus bet instead of it.", "R-BET-1")
            if self.blind:
                raise IllegalCommand(f"Box {self.box} holds a bonus bet only: it has no bet to play blind.",
                                     "R-TABLE-2")
        elif not table.ante_min <= self.ante <= table.ante_max:
            instead = (" (this table takes no bonus bet instead of the ante)"
                       if self.ante == 0 and self.bonus and rules.bonus.enabled else "")
            raise IllegalCommand(
                f"An ante of {self.ante} on box {self.box} is outside the table's limits "
                f"({table.ante_min}-{table.ante_max}){instead}.",
                "R-BET-1",
            )
        if self.bonus:
            if not rules.bonus.enabled:
                raise IllegalCommand(f"This table has no bonus bet (box {self.box}).", "R-BONUS-1")
            if not rules.bonus.min <= self.bonus <= rules.bonus.max:
                raise IllegalCommand(
                    f"A bonus of {self.bonus} on box {self.box} is outside its limits "
                    f"({rules.bonus.min}-{rules.bonus.max}).",
                    "R-BET-1",
                )
        if self.blind and not table.blind_boxes:
            raise IllegalCommand(f"This table has no blind boxes (box {self.box}).", "R-TABLE-2")
        if self.player:
            self._verify_player_boxes(state)

    def _verify_player_boxes(self, state: RoundState) -> None:
        """R-TABLE-2: one player's boxes are adjacent; past the open-box allowance they play blind."""
        mine = [b for b in state.boxes.values() if b.player == self.player]
        numbers = sorted([b.box for b in mine] + [self.box])
        if numbers[-1] - numbers[0] + 1 != len(numbers):
            raise IllegalCommand(
                f"Player {self.player}'s boxes must be adjacent: box {self.box} is not next to boxes "
                f"{', '.join(str(b.box) for b in mine)}.",
                "R-TABLE-2",
            )
        # A box holding a bonus only takes no decision: it is not one of the player's open boxes.
        open_boxes = sum(1 for b in mine if not (b.blind or b.bonus_only)) + (0 if self.blind or not self.ante else 1)
        allowance = state.rules.table.open_boxes_per_player
        if open_boxes > allowance:
            if not state.rules.table.blind_boxes:
                raise IllegalCommand(
                    f"Player {self.player} already plays {allowance} box(es), the most one player may play at "
                    f"this table (it has no blind boxes): box {self.box} is refused.",
                    "R-TABLE-2",
                )
            raise IllegalCommand(
                f"Player {self.player} already plays {allowance} open box(es); box {self.box} must play blind.",
                "R-TABLE-2",
            )

    def execute(self, state: RoundState, log: EventLog) -> None:
        bet = bet_amount(self.ante) if self.blind else 0  # R-TABLE-2: a blind box bets before the deal
        log.emit(StakesPlaced(self.box, self.ante, bet, self.bonus, self.blind, self.player))


@registered
@dataclass(frozen=True, slots=True)
class WithdrawStakes(BoxCommand):
    action: ClassVar[ActionKind] = ActionKind.WITHDRAW_STAKES
    box: int

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        return offered(state, cls(box), box)

    def verify(self, state: RoundState) -> None:
        require_phase(state, Phase.BETTING, "Bets are closed: stakes cannot be taken back once the deal has begun.",
                      "R-BET-1")
        if self.box not in state.boxes:
            raise IllegalCommand(f"Box {self.box} has no stakes to withdraw.", "R-BET-1")

    def execute(self, state: RoundState, log: EventLog) -> None:
        log.emit(StakesWithdrawn(self.box))


@registered
@dataclass(frozen=True, slots=True)
class CloseBets(Command):
    """No more bets; the deal starts. The first card from the shoe closes the bets too."""

    action: ClassVar[ActionKind] = ActionKind.CLOSE_BETS

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        return offered(state, cls())

    def verify(self, state: RoundState) -> None:
        require_phase(state, Phase.BETTING, "Bets are already closed.", "R-DEAL-1")
        if not state.order:
            raise IllegalCommand("No box has an ante: place stakes before dealing.", "R-BET-1")

    def execute(self, state: RoundState, log: EventLog) -> None:
        close_bets(state, log)


def close_bets(state: RoundState, log: EventLog) -> None:
    """R-DEAL-1: the deal goes to the boxes with stakes, in order."""
    log.emit(BetsClosed(tuple(state.order)))
