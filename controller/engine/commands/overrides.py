"""A pit boss's overrides of a round (docs/journal.md "Faults"): correct a card read badly, dismiss a read that
was not a card in play, or void the round. Each is journaled with who and why."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Self

from controller.engine.commands.base import (
    ActionArgs,
    ActionKind,
    Command,
    EventLog,
    IllegalCommand,
    LegalAction,
    allows,
    offered,
    registered,
)
from controller.engine.commands.deal import place_card
from controller.engine.events import CardFault, FaultResolved, JackpotVoided, RoundClosed, RoundVoided
from controller.engine.queries import next_card_target
from controller.engine.settlement import settle_void
from controller.engine.state import Phase, RoundState
from drivers.cards import PACK, Card


class Override(Command):
    """A pit boss's override that names only who made it and why: offered to the table, not to a box."""

    __slots__ = ()
    actor: str
    reason: str

    if TYPE_CHECKING:
        def __init__(self, actor: str, reason: str) -> None: ...

    @classmethod
    def from_action(cls, args: ActionArgs) -> Self:
        return cls(args.actor, args.reason)

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        return offered(state, cls("", ""))


@registered
@dataclass(frozen=True, slots=True)
class CorrectCard(Command):
    """Pit boss: the right card replaces the card read badly (duplicate, unreadable, not in the stock)."""

    action: ClassVar[ActionKind] = ActionKind.CORRECT_CARD
    card: Card
    actor: str
    reason: str

    @classmethod
    def from_action(cls, args: ActionArgs) -> Self:
        return cls(args.need(args.card, "the right card"), args.actor, args.reason)

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        """Offered while some card of the stock could be the right one."""
        a_stock_card = next((card for card in PACK if state.in_stock(card)), None)
        if a_stock_card is None or not allows(state, cls(a_stock_card, "", "")):
            return None
        return LegalAction(cls.action)

    def verify(self, state: RoundState) -> None:
        fault = _require_fault(state)
        if fault.kind == "unexpected":
            raise IllegalCommand(
                "No card was expected, so there is nothing to correct: dismiss the read or void the round.",
                "R-DEAL-1",
            )
        if state.is_live(self.card):
            raise IllegalCommand(
                f"{self.card.code} is already in play ({state.holder_of(self.card)}); it cannot be the card.",
                "R-CARD-1",
            )
        if not state.in_stock(self.card):
            raise IllegalCommand(
                f"{self.card.code} was already played and discarded this round; it cannot be the card.", "R-CARD-1"
            )

    def execute(self, state: RoundState, log: EventLog) -> None:
        log.emit(FaultResolved("corrected", self.card, self.actor, self.reason))
        target = next_card_target(state)
        assert target is not None  # the fault stopped a card that was due, and it is due still
        place_card(state, self.card, target, log)


@registered
@dataclass(frozen=True, slots=True)
class DismissCard(Override):
    """Pit boss: the faulted read was not a card in play (a burn card, a stray read); nothing is placed."""

    action: ClassVar[ActionKind] = ActionKind.DISMISS_CARD
    actor: str
    reason: str

    def verify(self, state: RoundState) -> None:
        _require_fault(state)

    def execute(self, state: RoundState, log: EventLog) -> None:
        log.emit(FaultResolved("dismissed", None, self.actor, self.reason))


@registered
@dataclass(frozen=True, slots=True)
class VoidRound(Override):
    """Pit boss: void the round; every stake is returned."""

    action: ClassVar[ActionKind] = ActionKind.VOID_ROUND
    actor: str
    reason: str

    def verify(self, state: RoundState) -> None:
        if state.phase is Phase.CLOSED:
            raise IllegalCommand("The round is already closed and settled; it cannot be voided.", "R-SETTLE-1")

    def execute(self, state: RoundState, log: EventLog) -> None:
        log.emit(RoundVoided(self.actor, self.reason))
        for number in state.order:
            box = state.boxes[number]
            settled = box.jackpot_settled
            if settled is not None:  # R-JACKPOT-2: settled on the deal, taken back with the round
                log.emit(JackpotVoided(number, settled.stake, settled.contribution, settled.share_pct,
                                       settled.fixed))
            log.emit(settle_void(box))
        log.emit(RoundClosed(0))


def _require_fault(state: RoundState) -> CardFault:
    if state.phase is Phase.CLOSED:
        raise IllegalCommand("The round is closed.", "R-SETTLE-1")
    if state.fault is None:
        raise IllegalCommand("There is no card fault to resolve.", "R-CARD-1")
    return state.fault
