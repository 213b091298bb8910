"""The casino-wide replica: each table's journal copied into PostgreSQL, idempotently, catching up after an
outage, and refusing a history that differs from what it already holds (docs/journal.md, "The journal").

The replica is the chain's anchor off the table: an event rewritten in the table's journal (even with every
later hash recomputed) no longer matches the copy, and events removed from the journal's end are still in it.
It reads the journal read-only, never writes to it, and copies only what `audit verify` accepts and what
continues its own chain:

- the journal is verified as `audit verify` does it (the whole file, the chain, every payment replayed; a
  follower keeps the check running over what is appended: controller.table.audit.verify.RunningVerify), and
  nothing from its first bad event on is copied: the replica refuses what verify refuses;

- rows are keyed on (table, seq) and inserted with ON CONFLICT DO NOTHING, a batch per transaction, so a copy
  cut off anywhere (a kill, the database going away) resumes from the replica's last seq, and copying twice
  adds nothing;
- before copying, the replica's last event must still be in the journal, unchanged (else: tamper evidence);
- each new row must link to the one before it (seq, predecessor hash, its own hash) or nothing from it on is
  copied; a row already in the replica with another hash is tamper evidence, named with its seq;
- `check` compares every column of every replicated row with the journal: an edit that kept the stored hash
  (so that only `audit verify` would see it) is named too.

A row is kept as the journal keeps it (controller.table.journal.row_codec): its payload packed, its hash as 32
bytes, no predecessor's hash (it is the hash of the row before, seq - 1, which the database holds: a row
without its predecessor is refused). Readers get the row as the chain knows it (`KEPT_IN_ORDER`,
`KEPT_ALONE`). A replica written before (payload and hashes as text, the predecessor's hash stored) is
copied once into this layout when a program of this version first connects (`PUT_ASIDE_OLD_LAYOUT`,
`COPY_OLD_LAYOUT`); its old payloads stay unpacked, as UTF-8.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any

from controller.table.journal import Journal
from controller.table.journal.chain import ChainWalk
from controller.table.journal.row_codec import hash_text, pack_payload, unpacked_in_order
from controller.table.journal.rows import GENESIS_HASH

if TYPE_CHECKING:
    import psycopg

    from controller.table.audit.verify import RunningVerify

BATCH = 5_000  # rows per transaction: a cut-off copy loses at most one batch of work, never a row
COLUMNS = ("seq", "at", "round_id", "kind", "version", "actor", "payload", "prev_hash", "hash")

# The copy of the events: the fixed-width columns first and the rest after, so that no byte of a row is padding
# (PostgreSQL aligns a bigint to 8 bytes), and an index key packed full (events arrive in key order).
SCHEMA = """
CREATE TABLE IF NOT EXISTS rptable_events (
    seq      bigint           NOT NULL,
    at       double precision NOT NULL,
    version  smallint         NOT NULL,
    table_id text             NOT NULL,
    round_id text,
    kind     text             NOT NULL,
    actor    text,
    payload  bytea            NOT NULL,  -- the journal's payload text, packed (row_codec.pack_payload)
    hash     bytea            NOT NULL,  -- 32 bytes; the predecessor's is the hash of seq - 1
    PRIMARY KEY (table_id, seq) WITH (fillfactor = 100)
);
"""

# A replica made by an earlier version keeps its rows in another layout (each row also kept the time it arrived;
# before that, its payload and hashes were text and it kept its predecessor's hash). Its rows are copied once
# into the table above, when a program of this version first connects, under the schema's lock: the old table is
# put aside without its indexes (the floor makes its own again, on the new table), and dropped once copied. A
# payload text becomes its UTF-8 bytes, which row_codec reads as they are.
PUT_ASIDE_OLD_LAYOUT = """
DO $$
DECLARE
    old_index regclass;
BEGIN
    IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
               AND table_name = 'rptable_events' AND column_name = 'replicated_at') THEN
        ALTER TABLE rptable_events RENAME TO rptable_events_old_layout;
        ALTER TABLE rptable_events_old_layout DROP CONSTRAINT rptable_events_pkey;
        FOR old_index IN SELECT indexrelid::regclass FROM pg_index
                         WHERE indrelid = 'rptable_events_old_layout'::regclass LOOP
            EXECUTE format('DROP INDEX %s', old_index);
        END LOOP;
    END IF;
END $$;
"""
COPY_OLD_LAYOUT = """
DO $$
DECLARE
    payload_and_hash text := 'payload, hash';  -- as kept; text rows (with their predecessor's hash) converted
BEGIN
    IF to_regclass('rptable_events_old_layout') IS NOT NULL THEN
        IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
                   AND table_name = 'rptable_events_old_layout' AND column_name = 'prev_hash') THEN
            payload_and_hash := 'convert_to(payload, ''UTF8''), decode(hash, ''hex'')';
        END IF;
        EXECUTE 'INSERT INTO rptable_events SELECT seq, at, version, table_id, round_id, kind, actor, '
                || payload_and_hash || ' FROM rptable_events_old_layout ORDER BY table_id, seq';
        DROP TABLE rptable_events_old_layout;
    END IF;
END $$;
"""
SCHEMA = PUT_ASIDE_OLD_LAYOUT + SCHEMA + COPY_OLD_LAYOUT
# Whoever runs SCHEMA holds this lock for its transaction (a replica alone, or a floor), so that two programs
# meeting an old layout at once do not both put it aside.
SCHEMA_LOCK = "SELECT pg_advisory_xact_lock(hashtext('rptable_events schema'))"

# The kept columns as a journal's row (controller.table.journal.rows.COLUMNS), for row_codec.unpacked_in_order:
# rows read one after another, each one's predecessor the row read before it.
KEPT_IN_ORDER = "seq, table_id, at, round_id, kind, version, actor, payload, '' AS prev_hash, hash"
# The same for rows read on their own (a filter picks them): each one's predecessor looked up (row_codec.unpacked).
KEPT_ALONE = ("seq, table_id, at, round_id, kind, version, actor, payload, "
              f"CASE WHEN seq = 1 THEN '\\x{GENESIS_HASH}'::bytea ELSE (SELECT p.hash FROM rptable_events p "
              "WHERE p.table_id = rptable_events.table_id AND p.seq = rptable_events.seq - 1) END, hash")


def append_only(table: str, refusal: str, *, rows: bool = True, emptied: str | None = None) -> str:
    """The SQL that makes `table` refuse every UPDATE, DELETE and TRUNCATE with `refusal`, whoever connects (its
    owner too: only turning the triggers off, which takes the owner or a superuser and leaves the chains and
    signatures to find it, gets past them). Every table uses the one function, `rptable_append_only`, with its
    own words as the trigger's argument. A table whose rows change under rules of its own (`rows=False`: its own
    trigger says which changes it takes) is only kept from being emptied; `emptied` words a TRUNCATE's refusal
    apart from a row's."""
    refusal = refusal.replace("'", "''")  # a quote in the words stays in the words
    emptied = refusal if emptied is None else emptied.replace("'", "''")
    each_row = f"""DROP TRIGGER IF EXISTS {table}_append_only ON {table};
CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table}
    FOR EACH ROW EXECUTE FUNCTION rptable_append_only('{refusal}');
""" if rows else ""
    return f"""
DO $do$ BEGIN
    IF to_regprocedure('rptable_append_only()') IS NULL THEN
        CREATE FUNCTION rptable_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN
            RAISE EXCEPTION '%', TG_ARGV[0] USING HINT = 'Append-only: ' || TG_TABLE_NAME || ' keeps its rows.';
        END $fn$;
    END IF;
END $do$;
{each_row}DROP TRIGGER IF EXISTS {table}_not_truncated ON {table};
CREATE TRIGGER {table}_not_truncated BEFORE TRUNCATE ON {table}
    FOR EACH STATEMENT EXECUTE FUNCTION rptable_append_only('{emptied}');
DROP FUNCTION IF EXISTS {table}_append_only();
"""


def stamped(table: str, *, by: str, at: str) -> str:
    """The SQL that stamps each row inserted into `table` with the database user who wrote it (column `by`) and
    the database's own time (column `at`), whatever the row says: what a client writes there is not believed."""
    return f"""
CREATE OR REPLACE FUNCTION {table}_stamped() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.{by} := session_user;
    NEW.{at} := now();
    RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS {table}_stamped ON {table};
CREATE TRIGGER {table}_stamped BEFORE INSERT ON {table}
    FOR EACH ROW EXECUTE FUNCTION {table}_stamped();
"""


SCHEMA += append_only("rptable_events", "the replica is append-only: journal events cannot be changed or deleted")


class ReplicaError(Exception):
    """The replica cannot be reached or written; the message says what to check. Retrying later is safe."""


class Divergence(Exception):
    """The journal and the replica disagree: tamper evidence. `seq` is the first event where they differ."""

    def __init__(self, seq: int, reason: str) -> None:
        super().__init__(reason)
        self.seq = seq


@dataclass(frozen=True)
class ReplicationReport:
    table: str
    journal_head: int  # the journal's last seq
    replica_head_before: int
    replica_head: int
    copied: int
    ok: bool = True
    divergent_seq: int | None = None
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"table": self.table, "journal_head": self.journal_head,
                "replica_head_before": self.replica_head_before, "replica_head": self.replica_head,
                "copied": self.copied, "ok": self.ok, "divergent_seq": self.divergent_seq, "reason": self.reason}


def connect(url: str) -> psycopg.Connection[tuple[Any, ...]]:
    """A connection to the replica database, its schema in place."""
    try:
        import psycopg
    except ImportError as err:
        raise ReplicaError("Replication needs the Python package psycopg (v3): install rptable with the "
                           "`replica` extra (pip install 'rptable[replica]').") from err
    try:
        connection = psycopg.connect(url, connect_timeout=10)
    except (psycopg.Error, ValueError) as err:  # ValueError: a URL psycopg cannot parse
        raise ReplicaError(f"The replica database {redact(url)} cannot be used: {one_line(err)}. Check that it is "
                           "running and reachable and that the user may create tables; replication resumes "
                           "where it stopped.") from err
    try:
        with connection.transaction():
            # A floor set up by `rptable floor init` gives the tables a role that appends events and makes no
            # tables: the owner's schema is taken as it is.
            theirs = connection.execute("SELECT tableowner <> current_user FROM pg_tables WHERE tablename = "
                                        "'rptable_events' AND schemaname = current_schema()").fetchone()
            if theirs is None or not theirs[0]:
                # Replicas of several tables may start at once: one creates the schema, the others wait for it.
                connection.execute(SCHEMA_LOCK)
                connection.execute(SCHEMA)
        return connection
    except psycopg.Error as err:
        with contextlib.suppress(psycopg.Error):
            connection.close()
        raise ReplicaError(f"The replica database {redact(url)} cannot be used: {one_line(err)}. Check that it is "
                           "running and reachable and that the user may create tables; replication resumes "
                           "where it stopped.") from err


def replicate(journal: Journal, connection: psycopg.Connection[tuple[Any, ...]], *, batch: int = BATCH,
              on_batch: Callable[[int], None] | None = None, verified: RunningVerify | None = None,
              limit: int | None = None) -> ReplicationReport:
    """Copy the journal's new events that verify into the replica (`verified`: the check kept running by a
    follower; by default the journal is verified whole now), at most `limit` of them this call. A divergence
    or a journal that does not verify is reported, not raised; a database that fails mid-way raises
    ReplicaError (what was committed stays, and the next call resumes from it)."""
    import psycopg

    # The verifier folds the journal with the rules engine: imported here, where a copy is made, not by every
    # command that only reads or writes the floor's own tables (the schema below is theirs too).
    from controller.table.audit.verify import RunningVerify

    table = journal.table_id
    verdict = (verified or RunningVerify(table)).advance(journal)
    journal_head = verdict.events if verdict.ok else journal.last_seq
    try:
        head_seq, head_hash = replica_head(connection, table)
    except psycopg.Error as err:
        raise ReplicaError(f"The replica cannot be read: {one_line(err)}.") from err
    start = head_seq
    try:
        _check_head(journal, connection, head_seq, head_hash)
        walk = ChainWalk(head_seq + 1, head_hash)
        end = verdict.intact if limit is None else min(verdict.intact, head_seq + limit)
        rows = journal.raw_rows(head_seq + 1, end + 1)
        while True:
            chunk = list(islice(rows, batch))
            if not chunk:
                break
            good, broken = _linked(walk, chunk)
            if good:
                _insert(connection, table, good)
                head_seq = int(good[-1][0])
                if on_batch is not None:
                    on_batch(head_seq)
            if broken is not None:
                raise broken
    except Divergence as found:
        return ReplicationReport(table, journal_head, start, head_seq, head_seq - start, False, found.seq,
                                 str(found))
    except psycopg.Error as err:
        raise ReplicaError(f"The replica stopped accepting events after seq {head_seq}: {one_line(err)}. "
                           "Nothing is lost: run replicate again when it is back.") from err
    if not verdict.ok and head_seq == verdict.intact:
        where = verdict.first_bad_event if verdict.first_bad_event is not None else verdict.intact + 1
        return ReplicationReport(table, journal_head, start, head_seq, head_seq - start, False, where,
                                 f"The journal does not verify: {verdict.reason}. Nothing from event {where} on was "
                                 "copied. Keep the journal as it is and call the pit boss (rptable audit verify; "
                                 "rptable audit salvage).")
    return ReplicationReport(table, journal_head, start, head_seq, head_seq - start)


def check(journal: Journal, connection: psycopg.Connection[tuple[Any, ...]]) -> ReplicationReport:
    """Compare every replicated event, column by column, with the journal (and the journal must still hold
    every one of them). The first difference is reported with its seq."""
    import psycopg

    table = journal.table_id
    try:
        head_seq, _ = replica_head(connection, table)
        journal_rows = journal.raw_rows(1, head_seq + 1)
        with connection.cursor(name="rptable_check") as cursor:  # server-side: the replica may be big
            cursor.execute(f"SELECT {KEPT_IN_ORDER} FROM rptable_events WHERE table_id = %s ORDER BY seq",
                           (table,))
            for copied in unpacked_in_order(cursor, GENESIS_HASH):
                mine = next(journal_rows, None)
                seq = int(copied[0])
                if mine is None or int(mine[0]) != seq:
                    missing = seq if mine is None or int(mine[0]) > seq else int(mine[0])
                    return ReplicationReport(table, journal.last_seq, head_seq, head_seq, 0, False, missing,
                                             _missing_text(missing, journal.last_seq))
                differing = [name for name, a, b in zip(COLUMNS, _columns(mine), _columns(copied), strict=True)
                             if a != b]
                if differing:
                    return ReplicationReport(table, journal.last_seq, head_seq, head_seq, 0, False, seq,
                                             _changed_text(seq, differing))
    except psycopg.Error as err:
        raise ReplicaError(f"The replica cannot be read: {one_line(err)}.") from err
    finally:
        with contextlib.suppress(psycopg.Error):  # a connection lost mid-way: the error above says so
            connection.rollback()
    return ReplicationReport(table, journal.last_seq, head_seq, head_seq, 0)


def replica_head(connection: psycopg.Connection[tuple[Any, ...]], table: str) -> tuple[int, str]:
    row = connection.execute("SELECT seq, hash FROM rptable_events WHERE table_id = %s ORDER BY seq DESC LIMIT 1",
                             (table,)).fetchone()
    connection.rollback()  # end the read's transaction: no snapshot held between calls
    return (0, GENESIS_HASH) if row is None else (int(row[0]), hash_text(row[1]))


def _check_head(journal: Journal, connection: psycopg.Connection[tuple[Any, ...]], head_seq: int,
                head_hash: str) -> None:
    """The replica's last event must still be in the journal, with the same hash: the journal's history up to
    there is then the one already copied (each hash covers every event before it)."""
    if head_seq == 0:
        return
    mine = next(journal.raw_rows(head_seq, head_seq + 1), None)
    if mine is None:
        raise Divergence(head_seq, _missing_text(head_seq, journal.last_seq))
    if mine[9] != head_hash:
        first = _first_differing_hash(journal, connection, head_seq)
        raise Divergence(first, _changed_text(first, ["hash"]))


def _first_differing_hash(journal: Journal, connection: psycopg.Connection[tuple[Any, ...]], head_seq: int) -> int:
    """The lowest seq whose hash (or presence) differs between the journal and the replica: the event rewritten."""
    import psycopg

    journal_rows = journal.raw_rows(1, head_seq + 1)
    try:
        with connection.cursor(name="rptable_find") as cursor:
            cursor.execute("SELECT seq, hash FROM rptable_events WHERE table_id = %s ORDER BY seq", (journal.table_id,))
            for seq, digest in cursor:
                mine = next(journal_rows, None)
                if mine is None or mine[0] != seq or mine[9] != hash_text(digest):
                    return int(seq) if mine is None or mine[0] >= seq else int(mine[0])
    finally:
        with contextlib.suppress(psycopg.Error):
            connection.rollback()
    return head_seq


def _linked(walk: ChainWalk, chunk: Sequence[tuple[Any, ...]]) -> tuple[list[tuple[Any, ...]], Divergence | None]:
    """The rows that continue the chain, and the reason the first one that does not, if any."""
    for index, row in enumerate(chunk):
        problem = walk.step(*row)
        if problem:
            return list(chunk[:index]), Divergence(int(row[0]), f"The journal is broken at event {row[0]}: "
                                                   f"{problem}. Nothing from it on was copied; run `rptable "
                                                   "audit verify` and call the pit boss.")
    return list(chunk), None


def _insert(connection: psycopg.Connection[tuple[Any, ...]], table: str, rows: list[tuple[Any, ...]]) -> None:
    """One transaction: insert what is new, and make sure what was already there is the same event."""
    with connection.transaction(), connection.cursor() as cursor:
        cursor.execute("CREATE TEMP TABLE IF NOT EXISTS incoming (LIKE rptable_events INCLUDING DEFAULTS) "
                       "ON COMMIT DELETE ROWS")
        with cursor.copy("COPY incoming (table_id, seq, at, round_id, kind, version, actor, payload, hash) "
                         "FROM STDIN") as copy:
            for seq, _table, at, round_id, kind, version, actor, payload, _prev, digest in rows:
                copy.write_row((table, seq, at, round_id, kind, version, actor, pack_payload(payload),
                                bytes.fromhex(digest)))
        cursor.execute("INSERT INTO rptable_events SELECT * FROM incoming ORDER BY seq ON CONFLICT DO NOTHING")
        cursor.execute("SELECT i.seq FROM incoming i JOIN rptable_events e ON e.table_id = i.table_id AND "
                       "e.seq = i.seq WHERE e.hash <> i.hash ORDER BY i.seq LIMIT 1")
        clash = cursor.fetchone()
        if clash is not None:
            raise Divergence(int(clash[0]), _changed_text(int(clash[0]), ["hash"]))


def _columns(row: Sequence[Any]) -> tuple[Any, ...]:
    """A row as the chain knows it, without its table id: what `check` compares."""
    seq, _table, at, round_id, kind, version, actor, payload, prev_hash, digest = row
    return seq, at, round_id, kind, version, actor, payload, prev_hash, digest


def _missing_text(seq: int, journal_last: int) -> str:
    return (f"Event {seq} is in the replica but no longer in the table's journal (which ends at {journal_last}): "
            "events were removed from the journal. Keep both as they are and call the pit boss.")


def _changed_text(seq: int, columns: Sequence[str]) -> str:
    return (f"Event {seq} in the table's journal differs from the replica's copy ({', '.join(columns)}): the "
            "journal was changed after the event was replicated. Keep both as they are and call the pit boss.")


def redact(url: str) -> str:
    """The URL without its password, for messages."""
    return re.sub(r"(://[^:/@]+):[^@/]*@", r"\1:***@", url)


def one_line(err: BaseException) -> str:
    return " ".join(str(err).split()) or type(err).__name__
