"""The round machine, as a table drives it (verify / can / do): `verify` says why a command is not allowed now,
`can` answers yes or no, `do` carries the command out and returns the events it made."""

from __future__ import annotations

from controller.engine.commands.base import Command, EventLog, IllegalCommand, allows
from controller.engine.events import Event
from controller.engine.state import RoundState


def verify(state: RoundState, command: Command) -> None:
    """Raise IllegalCommand, with the reason and the clause it breaks, if `command` is not allowed now; change
    nothing."""
    if not isinstance(command, Command):
        raise IllegalCommand(f"{type(command).__name__} is not a round command.", "R-TABLE-1")
    command.verify(state)


def can(state: RoundState, command: Command) -> bool:
    """Whether `verify` would accept the command now."""
    return isinstance(command, Command) and allows(state, command)


def do(state: RoundState, command: Command) -> tuple[Event, ...]:
    """Verify the command (IllegalCommand changes nothing), then apply the events it yields to `state` and
    return them. Cards from the shoe are never refused while the round takes cards: a card the round cannot
    take becomes a CardFault event that stops the round until a pit boss resolves it."""
    verify(state, command)
    log = EventLog(state)
    command.execute(state, log)
    return tuple(log.events)
