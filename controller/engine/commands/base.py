"""What every command is: a frozen record of what the table asks, which checks itself against the rules
(`verify`) and, once allowed, yields the events that carry it out (`execute`). Also the words of the console,
the scripts and the strategies for commands (`ActionKind`)."""

from __future__ import annotations

from abc import abstractmethod
from enum import StrEnum
from typing import ClassVar

from controller.engine.apply import apply
from controller.engine.events import Event
from controller.engine.state import BoxState, Phase, RoundState


class ActionKind(StrEnum):
    """The word for each kind of command: `rptable round` scripts, the console's buttons and the legal actions
    use these."""

    PLACE_STAKES = "place_stakes"
    WITHDRAW_STAKES = "withdraw_stakes"
    PLACE_JACKPOT = "place_jackpot"
    CLOSE_BETS = "close_bets"
    CARD = "card"
    FOLD = "fold"
    BET = "bet"
    BUY = "buy"  # a 6th card
    EXCHANGE = "exchange"
    INSURE = "insure"
    REVEAL = "reveal"
    BUY_GAME = "buy_game"
    TAKE_ANTE = "take_ante"
    CLOSE_BUYING = "close_buying"
    CORRECT_CARD = "correct_card"
    DISMISS_CARD = "dismiss_card"
    VOID_ROUND = "void_round"


class IllegalCommand(Exception):
    """A command the rules do not allow now. `reason` is for the dealer; `clause` names the rule."""

    def __init__(self, reason: str, clause: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.clause = clause


class EventLog:
    """The events a command yields, each applied to the round as it is made: a command's later steps see what
    its earlier events changed."""

    __slots__ = ("events", "state")

    def __init__(self, state: RoundState) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        apply(self.state, event)
        self.events.append(event)


class Command:
    """Base of every command. A subclass is a frozen dataclass that names its `action` and keeps its rules:
    `verify` reads the state and raises IllegalCommand (changing nothing); `execute` is called only on a
    verified command and changes the state only through the events it emits (mypy refuses a command class that
    lacks either)."""

    __slots__ = ()
    action: ClassVar[ActionKind]

    @abstractmethod
    def verify(self, state: RoundState) -> None: ...

    @abstractmethod
    def execute(self, state: RoundState, log: EventLog) -> None: ...


def require_phase(state: RoundState, phase: Phase, reason: str, clause: str) -> None:
    """The round takes commands and stands in `phase`; else IllegalCommand(reason, clause)."""
    require_open(state)
    if state.phase is not phase:
        raise IllegalCommand(reason, clause)


def box_in_play(state: RoundState, number: int) -> BoxState:
    """The box `number` of this round; else why not (R-TABLE-1)."""
    box = state.boxes.get(number)
    if box is None:
        raise IllegalCommand(f"Box {number} is not in play this round.", "R-TABLE-1")
    return box


def require_open(state: RoundState) -> None:
    """The round takes commands: it is not closed, and no card fault stops it."""
    if state.phase is Phase.CLOSED:
        raise IllegalCommand("The round is closed; start a new round.", "R-SETTLE-1")
    if state.fault is not None:
        raise IllegalCommand(
            f"The round is stopped: {state.fault.text} Only a pit boss can go on (correct the card, dismiss "
            "the read, or void the round).",
            state.fault.clause,
        )
