"""A table's id on the floor belongs to one journal: the hash of that journal's first event. What a table sends
the floor (its events to the reporter, its jackpot settlements to the meter) is taken only from the journal its id
is bound to; a second journal under the same id (two tables configured alike, or a journal made to pass for
another) is refused, in the same words wherever it is met."""

from __future__ import annotations

import socket
from dataclasses import dataclass
from pathlib import Path

from controller.table.journal import Journal


class BoundToAnotherJournal(Exception):
    """A table id the floor holds for another journal; the message says so and what to do."""


@dataclass(frozen=True)
class JournalIdentity:
    """A journal as the floor binds a table id to it: the hash of its first event, and where it is (for the
    words of a refusal only: the hash is what binds)."""

    first_hash: str
    path: str = ""
    host: str = ""


def first_hash(journal: Journal) -> str:
    """The hash of the journal's first event (the journal must hold one)."""
    return str(next(journal.raw_rows(1, 2))[9])


def identity_of(journal: Journal, path: str | Path) -> JournalIdentity:
    return JournalIdentity(first_hash(journal), str(Path(path).resolve()), socket.gethostname())


def require_bound_to(table_id: str, bound: JournalIdentity, mine: str | None) -> None:
    """BoundToAnotherJournal unless `mine` (the hash of the first event of the journal at hand; None for a journal
    that holds no event yet, a new one) is the journal the table id is bound to."""
    if mine != bound.first_hash:
        raise BoundToAnotherJournal(
            f"the table id {table_id} is already bound to another journal ({bound.path} on {bound.host}): two "
            "tables are configured with the same id. Give this table its own id (--table), or give it the journal "
            "that id belongs to. This table plays on; its events stay in its journal.")
