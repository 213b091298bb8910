"""What every command is: a frozen record of what the table asks, which checks itself against the rules
(`verify`) and, once allowed, yields the events that carry it out (`execute`); it says too how it is built from
an action (`from_action`) and how the guide offers it (`offer`). Also the words of the console, the scripts and
the strategies for commands (`ActionKind`), and the registry of the one class each word stands for: a command
class enters itself where it is defined (`@registered`); `build_command` makes the command a word stands for;
the package checks, when it is imported, that every word has its class (`check_complete`)."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, Self, TypeVar

from controller.engine.apply import apply
from controller.engine.events import Event
from controller.engine.state import BoxState, Phase, RoundState
from drivers.cards import Card

T = TypeVar("T")
C = TypeVar("C", bound="type[Command]")


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
    """Base of every command. A subclass is a frozen dataclass, entered in the registry where it is defined
    (`@registered`), that names its `action` word and keeps its rules: `verify` reads the state and raises
    IllegalCommand (changing nothing); `execute` is called only on a verified command and changes the state only
    through the events it emits (mypy refuses a command class that lacks either); `from_action` builds it from
    what an action names; `offer` describes its legal action for the guide."""

    __slots__ = ()
    action: ClassVar[ActionKind]

    @abstractmethod
    def verify(self, state: RoundState) -> None: ...

    @abstractmethod
    def execute(self, state: RoundState, log: EventLog) -> None: ...

    @classmethod
    def from_action(cls, args: ActionArgs) -> Self:
        """The command an action names (`build_command`); ValueError saying what the action is missing. A
        command that names something (a box, an amount, a card) builds itself from `args`; this one, of a
        command that names nothing, is the command as it is."""
        return cls()

    @classmethod
    def offer(cls, state: RoundState, box: int) -> LegalAction | None:
        """This command's legal action now, for `box` (0: the table's command), with its ranges and price;
        None when it is not legal now, or (by default) when the guide does not offer it."""
        return None


class BoxCommand(Command):
    """A command for one box that names nothing else: it is built from the action's box."""

    __slots__ = ()
    box: int

    if TYPE_CHECKING:
        def __init__(self, box: int) -> None: ...

    @classmethod
    def from_action(cls, args: ActionArgs) -> Self:
        return cls(args.numbered_box)


# ------------------------------------------------------------------- the registry: one class per word

# The command class of each action word, entered by `@registered` where the class is defined.
COMMANDS: dict[ActionKind, type[Command]] = {}


def registered(cls: C) -> C:
    """Enter the command class `cls` as the one its action word (`cls.action`) stands for."""
    other = COMMANDS.get(cls.action)
    if other is not None and (other.__module__, other.__qualname__) != (cls.__module__, cls.__qualname__):
        raise TypeError(f"The action word '{cls.action}' stands for two commands: {other.__name__} and "
                        f"{cls.__name__}.")
    COMMANDS[cls.action] = cls
    return cls


def check_complete() -> None:
    """Every action word has its command class (TypeError naming the words that have none)."""
    missing = [str(word) for word in ActionKind if word not in COMMANDS]
    if missing:
        raise TypeError(f"No command class is registered for the action word(s): {', '.join(missing)}.")


@dataclass(frozen=True, slots=True)
class ActionArgs:
    """What an action names beside its word: each command class takes what it needs (`from_action`)."""

    word: ActionKind
    box: int | None = None
    discards: tuple[Card, ...] = ()
    amount: int | None = None
    card: Card | None = None
    actor: str = ""
    reason: str = ""

    def need(self, value: T | None, what: str) -> T:
        """`value`, which this action must name; else ValueError saying what is missing."""
        if value is None:
            raise ValueError(f"The action '{self.word}' needs {what}.")
        return value

    @property
    def numbered_box(self) -> int:
        """The box the action is for (ValueError when it names none)."""
        return self.need(self.box, "a box")


def build_command(kind: ActionKind | str, box: int | None = None, *, discards: Sequence[Card] = (),
                  amount: int | None = None, card: Card | None = None, actor: str = "", reason: str = "") -> Command:
    """The command the action word `kind` stands for, for `box` where it is a box's action. An exchange names
    its `discards`; insurance its `amount` in chips, and stakes their ante as `amount`; a card from the shoe and
    a pit boss's corrected card are `card` (None: a card the shoe could not read); a pit boss's override names
    its `actor` and `reason`. An unknown word, or a missing box or amount, raises ValueError saying which."""
    word = ActionKind(kind)
    args = ActionArgs(word, box, tuple(discards), amount, card, actor, reason)
    return COMMANDS[word].from_action(args)


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One kind of command that is legal now; amounts and card counts as inclusive ranges."""

    kind: ActionKind
    box: int | None = None
    minimum: int | None = None  # insure: chips; exchange: cards; place_stakes: ante
    maximum: int | None = None
    price: int | None = None  # bet, buy, buy_game, exchange: what it costs (an exchange: of the fewest cards)

    def command(self, *, discards: Sequence[Card] = (), amount: int | None = None, card: Card | None = None,
                actor: str = "", reason: str = "") -> Command:
        """This action's command (`build_command` says what each kind needs)."""
        return build_command(self.kind, self.box, discards=discards, amount=amount, card=card, actor=actor,
                             reason=reason)


# --------------------------------------------------------------------------- what commands check


def allows(state: RoundState, command: Command) -> bool:
    """Whether `command` passes its rules now (what `can` answers, for a command the engine made itself)."""
    try:
        command.verify(state)
    except IllegalCommand:
        return False
    return True


def offered(state: RoundState, command: Command, box: int | None = None, minimum: int | None = None,
            maximum: int | None = None, price: int | None = None) -> LegalAction | None:
    """`command`'s legal action, for `box`, with these ranges and price, when its rules allow it now; else None."""
    if not allows(state, command):
        return None
    return LegalAction(command.action, box, minimum, maximum, price)


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
