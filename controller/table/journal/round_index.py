"""The journal's round index: where each round's events are, so that a question about a few rounds reads those
rounds and nothing else, however long the table has played.

For each round opened: its id, number and when, the event that opened it, and the two table events a reading
of the round alone needs besides its own (the house rules in force and the last dealer sign-in or sign-out
before it). And for each event journaled under another round (or none) that names a round in its payload (a
payment adjusted after the round closed, say), a link from that round to it. A round's record is then the fold
of its context, its own events (the `round_id` column) and its links, in seq order (`round_seqs`).

The index is written by the journal in the same transaction as the events it indexes, so a kill leaves both or
neither. It is derived from the events alone (`IndexBuilder` reads nothing else), so it is built again from
them where it is missing (a journal written before the index) and `audit verify` rebuilds it and compares: an
index row changed, added or removed is named. It is a map, never evidence: every reader reads the events it
points at and the hash chain stays the only record.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any

from controller.table.journal.row_codec import payload_text

# The table events whose kinds the index knows (controller.table.table_events names the same kinds).
ROUND_OPENED = "table.round_opened"
RULES_SET = "table.rules"
DEALER_KINDS = frozenset({"table.dealer_signed_in", "table.dealer_signed_out"})
CHECKPOINT = "table.checkpoint"
TABLE_KINDS = "table."  # the table's events (the engine's are a round's own, and name no other round)

SCHEMA = """
CREATE TABLE rounds (
    table_id   TEXT    NOT NULL,
    opened_seq INTEGER NOT NULL,  -- the round's table.round_opened
    round_id   TEXT    NOT NULL,
    number     INTEGER NOT NULL,
    opened_at  REAL    NOT NULL,
    rules_seq  INTEGER NOT NULL,  -- the house rules in force when it opened (0: none recorded)
    dealer_seq INTEGER NOT NULL,  -- the last dealer sign-in or sign-out before it (0: none)
    PRIMARY KEY (table_id, opened_seq)
) WITHOUT ROWID;
CREATE INDEX rounds_by_id ON rounds (table_id, round_id);
CREATE INDEX rounds_by_time ON rounds (table_id, opened_at);
CREATE TABLE round_links (
    table_id TEXT    NOT NULL,
    round_id TEXT    NOT NULL,
    seq      INTEGER NOT NULL,  -- an event journaled elsewhere that names the round
    PRIMARY KEY (table_id, round_id, seq)
) WITHOUT ROWID;
CREATE TABLE checkpoints (
    table_id TEXT    NOT NULL,
    seq      INTEGER NOT NULL,  -- a table.checkpoint: the table's present kept between two rounds
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
"""

ROUND_COLUMNS = "opened_seq, round_id, number, opened_at, rules_seq, dealer_seq"


@dataclass(frozen=True, slots=True)
class IndexedRound:
    """A round as the index knows it: where it opened and which table events give its context."""

    opened_seq: int
    round_id: str
    number: int
    opened_at: float
    rules_seq: int
    dealer_seq: int

    def row(self, table_id: str) -> tuple[Any, ...]:
        return table_id, self.opened_seq, self.round_id, self.number, self.opened_at, self.rules_seq, self.dealer_seq


@dataclass
class IndexRows:
    """What one commit adds to the index."""

    rounds: list[IndexedRound]
    links: list[tuple[str, int]]  # (round named, seq of the event naming it)
    checkpoints: list[int]


class IndexBuilder:
    """Reads events in seq order and says what the index gains from each: the one definition of the index, used
    by the writer as it appends, to build the index of an older journal, and by `audit verify` to check it."""

    __slots__ = ("dealer_seq", "rules_seq")

    def __init__(self, rules_seq: int = 0, dealer_seq: int = 0) -> None:
        self.rules_seq = rules_seq
        self.dealer_seq = dealer_seq

    def rows(self, events: Iterable[tuple[int, float, str | None, str, Any]]) -> IndexRows:
        """The index rows of (seq, at, round_id, kind, payload) events, in seq order; a payload is its dict or
        its stored JSON text (parsed only where it may name a round)."""
        found = IndexRows([], [], [])
        for seq, at, round_id, kind, payload in events:
            if not kind.startswith(TABLE_KINDS):
                continue  # a round's own event: found by its round_id column
            if kind == RULES_SET:
                self.rules_seq = seq
            elif kind in DEALER_KINDS:
                self.dealer_seq = seq
            elif kind == CHECKPOINT:
                found.checkpoints.append(seq)
            named = _named_round(payload)
            if kind == ROUND_OPENED and round_id is not None:
                number = _number(payload)
                found.rounds.append(IndexedRound(seq, round_id, number, float(at), self.rules_seq, self.dealer_seq))
            elif named is not None and named != round_id:
                found.links.append((named, seq))
        return found


def _decoded(payload: Any) -> dict[str, Any] | None:
    if isinstance(payload, dict):
        return payload
    if isinstance(payload, str) and ('"round_id"' in payload or '"number"' in payload):
        try:
            value = json.loads(payload)
        except (TypeError, ValueError, RecursionError):
            return None
        return value if isinstance(value, dict) else None
    return None


def _named_round(payload: Any) -> str | None:
    """The round an event's payload names (its `round_id`), if it names one."""
    data = _decoded(payload)
    named = data.get("round_id") if data is not None else None
    return named if isinstance(named, str) else None


def _number(payload: Any) -> int:
    data = _decoded(payload)
    number = data.get("number") if data is not None else None
    return number if type(number) is int else 0


def write_rows(db: sqlite3.Connection, table_id: str, found: IndexRows) -> None:
    """Insert what a commit adds to the index (inside the commit's transaction)."""
    if found.rounds:
        db.executemany(f"INSERT INTO rounds (table_id, {ROUND_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       [r.row(table_id) for r in found.rounds])
    if found.links:
        db.executemany("INSERT OR IGNORE INTO round_links (table_id, round_id, seq) VALUES (?, ?, ?)",
                       [(table_id, named, seq) for named, seq in found.links])
    if found.checkpoints:
        db.executemany("INSERT INTO checkpoints (table_id, seq) VALUES (?, ?)",
                       [(table_id, seq) for seq in found.checkpoints])


def has_index(db: sqlite3.Connection) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rounds'").fetchone() is not None


def index_events(db: sqlite3.Connection, table_id: str, after: int = 0) -> Iterator[tuple[Any, ...]]:
    """(seq, at, round_id, kind, payload text) of the table's own events after `after`, in order: what the
    index is made of (a round's engine events are found by their round_id column)."""
    for seq, at, round_id, kind, payload in db.execute(
            "SELECT seq, at, round_id, kind, payload FROM events WHERE table_id = ? AND seq > ? AND kind LIKE "
            "'table.%' ORDER BY seq", (table_id, after)):
        yield seq, at, round_id, kind, payload_text(payload)


def builder_at_end(db: sqlite3.Connection, table_id: str) -> IndexBuilder:
    """The builder as it stands after the journal's last event: the context of the last round indexed, then the
    events after its opening (a short walk: the events of one round and what came after it)."""
    last = db.execute(f"SELECT {ROUND_COLUMNS} FROM rounds WHERE table_id = ? ORDER BY opened_seq DESC LIMIT 1",
                      (table_id,)).fetchone()
    builder = IndexBuilder(last[4], last[5]) if last is not None else IndexBuilder()
    after = last[0] if last is not None else 0
    for seq, _, _, kind, _ in db.execute("SELECT seq, at, round_id, kind, '' FROM events WHERE table_id = ? AND "
                                         "seq > ? ORDER BY seq", (table_id, after)):
        if kind == RULES_SET:
            builder.rules_seq = seq
        elif kind in DEALER_KINDS:
            builder.dealer_seq = seq
    return builder


def build(db: sqlite3.Connection, table_id: str, batch: int = 20_000) -> int:
    """Fill an empty index from the journal's events (inside the caller's transaction); the rounds indexed."""
    builder = IndexBuilder()
    rounds = 0
    events = index_events(db, table_id)
    while True:
        chunk = list(islice(events, batch))
        if not chunk:
            return rounds
        found = builder.rows(chunk)
        write_rows(db, table_id, found)
        rounds += len(found.rounds)


# -- reading ---------------------------------------------------------------------------------------------------
def indexed_round(row: tuple[Any, ...]) -> IndexedRound:
    opened_seq, round_id, number, opened_at, rules_seq, dealer_seq = row
    return IndexedRound(int(opened_seq), str(round_id), int(number), float(opened_at), int(rules_seq),
                        int(dealer_seq))


def page_query(table: str, table_id: str, mark: str = "?", *, last: int | None = None, first: int | None = None,
               before: int | None = None, after: int | None = None, since: float | None = None,
               until: float | None = None) -> tuple[str, list[object], bool]:
    """The query for the rounds in play order that opened after the event `after` and before the event `before`,
    between the times `since` and `until` (seconds); of those, the last `last` or the first `first` (all when
    neither): its SQL (over `table`, with `mark` for a parameter: the journal's and the floor's copy of the index
    answer alike), its parameters, and whether its rows come newest first."""
    where, params = ["table_id = " + mark], [table_id]  # type: list[str], list[object]
    for column, bound, value in (("opened_seq", "<", before), ("opened_seq", ">", after),
                                 ("opened_at", ">=", since), ("opened_at", "<", until)):
        if value is not None:
            where.append(f"{column} {bound} {mark}")
            params.append(value)
    newest_first = last is not None
    sql = f"SELECT {ROUND_COLUMNS} FROM {table} WHERE {' AND '.join(where)} ORDER BY opened_seq " + \
        ("DESC" if newest_first else "ASC")
    if last is not None or first is not None:
        sql += f" LIMIT {int(last if last is not None else first or 0)}"
    return sql, params, newest_first


def rounds_page(db: sqlite3.Connection, table_id: str, **bounds: Any) -> list[IndexedRound]:
    """The rounds in play order within `bounds` (page_query)."""
    sql, params, newest_first = page_query("rounds", table_id, **bounds)
    found = [indexed_round(row) for row in db.execute(sql, params)]
    return found[::-1] if newest_first else found


def round_by_id(db: sqlite3.Connection, table_id: str, round_id: str) -> IndexedRound | None:
    row = db.execute(f"SELECT {ROUND_COLUMNS} FROM rounds WHERE table_id = ? AND round_id = ? "
                     "ORDER BY opened_seq DESC LIMIT 1", (table_id, round_id)).fetchone()
    return None if row is None else indexed_round(row)


def last_checkpoint(db: sqlite3.Connection, table_id: str, before: int | None = None) -> int | None:
    """The seq of the last checkpoint (before the event `before`, when given), if there is one."""
    row = db.execute("SELECT max(seq) FROM checkpoints WHERE table_id = ? AND seq < ?",
                     (table_id, before if before is not None else 2 ** 62)).fetchone()
    return None if row is None or row[0] is None else int(row[0])


def rows_between(db: sqlite3.Connection, table_id: str, after: int, through: int) -> IndexRows:
    """The index's rows of the events after `after` up to `through` (rounds by their opening, links by the event
    that names the round): what a copy of the events in that stretch takes with it."""
    rounds = [indexed_round(row) for row in db.execute(
        f"SELECT {ROUND_COLUMNS} FROM rounds WHERE table_id = ? AND opened_seq > ? AND opened_seq <= ? "
        "ORDER BY opened_seq", (table_id, after, through))]
    links = [(str(r[0]), int(r[1])) for r in db.execute(
        "SELECT round_id, seq FROM round_links WHERE table_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
        (table_id, after, through))]
    return IndexRows(rounds, links, [])


def round_count(db: sqlite3.Connection, table_id: str) -> int:
    return int(db.execute("SELECT count(*) FROM rounds WHERE table_id = ?", (table_id,)).fetchone()[0])


def round_seqs(db: sqlite3.Connection, table_id: str, indexed: IndexedRound) -> list[int]:
    """Every event a reading of the round needs, in seq order: its context, its own events and its links."""
    own = [r[0] for r in db.execute("SELECT seq FROM events WHERE table_id = ? AND round_id = ? AND seq >= ?",
                                    (table_id, indexed.round_id, indexed.opened_seq))]
    links = [r[0] for r in db.execute("SELECT seq FROM round_links WHERE table_id = ? AND round_id = ? AND seq > ?",
                                      (table_id, indexed.round_id, indexed.opened_seq))]
    context = [seq for seq in (indexed.rules_seq, indexed.dealer_seq) if seq]
    return sorted({*context, *own, *links})


# -- checking -------------------------------------------------------------------------------------------------
def index_problem(db: sqlite3.Connection, table_id: str, batch: int = 20_000) -> str:
    """What differs between the stored index and the one the events make ("" when none): a round row changed,
    added or removed, or a link. The events are read once, in order, in batches; memory stays flat."""
    builder = IndexBuilder()
    stored = db.execute(f"SELECT {ROUND_COLUMNS} FROM rounds WHERE table_id = ? ORDER BY opened_seq", (table_id,))
    links: set[tuple[str, int]] = set()
    checkpoints: set[int] = set()
    events = index_events(db, table_id)
    while True:
        chunk = list(islice(events, batch))
        if not chunk:
            break
        found = builder.rows(chunk)
        links.update(found.links)
        checkpoints.update(found.checkpoints)
        for expected in found.rounds:
            row = stored.fetchone()
            have = indexed_round(row) if row is not None else None
            if have != expected:
                return _differs(expected, have)
    extra = stored.fetchone()
    if extra is not None:
        extra_round = indexed_round(extra)
        return (f"the round index lists round {extra_round.round_id} at event {extra_round.opened_seq}, which opens "
                "no round: the index was changed")
    stored_links = {(str(r[0]), int(r[1])) for r in db.execute("SELECT round_id, seq FROM round_links WHERE "
                                                             "table_id = ?", (table_id,))}
    if stored_links != links:
        round_id, seq = min(stored_links ^ links, key=lambda link: link[1])
        return (f"the round index's link from round {round_id} to event {seq} is not what the events make: the index "
                "was changed")
    stored_checkpoints = {int(r[0]) for r in db.execute("SELECT seq FROM checkpoints WHERE table_id = ?", (table_id,))}
    if stored_checkpoints != checkpoints:
        seq = min(stored_checkpoints ^ checkpoints)
        return f"the journal's index of checkpoints names event {seq} wrongly: the index was changed"
    return ""


def _differs(expected: IndexedRound, have: IndexedRound | None) -> str:
    if have is None:
        return (f"the round index lacks round {expected.round_id} (opened at event {expected.opened_seq}): the index "
                "was changed")
    fields = [name for name in IndexedRound.__slots__ if getattr(have, name) != getattr(expected, name)]
    return (f"the round index's row for round {expected.round_id} (opened at event {expected.opened_seq}) differs "
            f"from what the events make in {', '.join(fields)}: the index was changed")
