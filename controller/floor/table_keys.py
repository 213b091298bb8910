"""Each table's public signing key, registered with the floor once and approved by an admin of the floor's staff:
what the floor confirms a journal's seals against, where the table's own disk cannot reach.

A table sends its public key with a proof that it holds the private key (`register`: a request row); an admin
approves it (`approve`: an approval row naming the request, the admin and when). Both tables are append-only in
the database itself, so a key is never edited: a new key (a table's machine replaced, a key lost) is a new
request and a new approval, and the table's key is the one its latest approval names. The reporter, the replica,
`audit verify --db` and the jackpot's audit check seals with that key (`approved_key`): a journal resealed with a
key made elsewhere, or with a key file put in the table's place, is refused there.

`DDL` and `ensure` are what `rptable floor init` runs; every function here runs `ensure` first too, so a floor
made before works as it is.
"""

from __future__ import annotations

import base64
import binascii
import socket
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from controller.floor.replica import append_only
from controller.table.security.signing import PublicKey, SigningKey

if TYPE_CHECKING:
    import psycopg

REQUESTS = "floor_table_key_requests"
APPROVALS = "floor_table_key_approvals"
DDL = f"""
CREATE TABLE IF NOT EXISTS {REQUESTS} (
    request    bigserial PRIMARY KEY,
    table_id   text NOT NULL,
    public_key text NOT NULL,               -- the raw Ed25519 key, base64
    key_id     text NOT NULL,
    proof      text NOT NULL,               -- the key's own signature of the request (registration_message)
    host       text NOT NULL DEFAULT '',
    at         timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS {APPROVALS} (
    approval    bigserial PRIMARY KEY,
    request     bigint NOT NULL REFERENCES {REQUESTS},
    table_id    text NOT NULL,
    public_key  text NOT NULL,
    key_id      text NOT NULL,
    approved_by text NOT NULL,              -- an admin of the floor's staff
    at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS {APPROVALS}_of_table ON {APPROVALS} (table_id, approval);
CREATE OR REPLACE FUNCTION floor_table_keys_not_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the tables'' keys are kept: % cannot be emptied', TG_TABLE_NAME;
END $$;
DROP TRIGGER IF EXISTS {REQUESTS}_not_emptied ON {REQUESTS};
CREATE TRIGGER {REQUESTS}_not_emptied BEFORE TRUNCATE ON {REQUESTS}
    FOR EACH STATEMENT EXECUTE FUNCTION floor_table_keys_not_emptied();
DROP TRIGGER IF EXISTS {APPROVALS}_not_emptied ON {APPROVALS};
CREATE TRIGGER {APPROVALS}_not_emptied BEFORE TRUNCATE ON {APPROVALS}
    FOR EACH STATEMENT EXECUTE FUNCTION floor_table_keys_not_emptied();
"""
DDL += append_only(REQUESTS, "a table key request is kept as it was made: it cannot be changed or deleted")
DDL += append_only(APPROVALS, "a table key approval is kept as it was made: a new key is a new approval")
# What `rptable floor init` grants: a table's role inserts requests (and reads approvals); an admin's tool inserts
# approvals; nobody updates or deletes (the triggers refuse it whoever connects).
GRANTS = {"table": {REQUESTS: ("SELECT", "INSERT"), APPROVALS: ("SELECT",)},
          "admin": {REQUESTS: ("SELECT",), APPROVALS: ("SELECT", "INSERT")}}
_LOCK = "SELECT pg_advisory_xact_lock(hashtext('rptable table keys schema'))"


class TableKeyRefused(Exception):
    """A registration or an approval the floor refuses; the message says why and what to do."""


def registration_message(table_id: str, public: PublicKey) -> bytes:
    """What a table signs with its private key to register it: only the key's holder can ask for it."""
    return f"rptable-table-key/1\x1f{table_id}\x1f{public.text()}".encode()


@dataclass(frozen=True)
class KeyRecord:
    """A request, with its approval when it has one."""

    request: int
    table_id: str
    key_id: str
    public_key: str
    host: str
    requested_at: float
    approval: int | None = None
    approved_by: str = ""
    approved_at: float | None = None

    @property
    def public(self) -> PublicKey:
        return PublicKey(base64.b64decode(self.public_key))

    def to_dict(self) -> dict[str, Any]:
        return {"request": self.request, "table": self.table_id, "key_id": self.key_id, "host": self.host,
                "requested_at": _when(self.requested_at), "approval": self.approval,
                "approved_by": self.approved_by or None,
                "approved_at": _when(self.approved_at) if self.approved_at is not None else None}


def ensure(connection: psycopg.Connection[tuple[Any, ...]]) -> None:
    """The two tables and their triggers, made once (tables starting together take turns)."""
    with connection.transaction():
        if _made(connection):
            return
        connection.execute(_LOCK)
        connection.execute(DDL)


def _made(connection: psycopg.Connection[tuple[Any, ...]]) -> bool:
    """Whether the floor holds the tables' keys at all (a read that takes no lock, and makes nothing: a replica
    that is not a floor, or a role that may not create tables, reads no key)."""
    made = connection.execute("SELECT to_regclass(%s) IS NOT NULL AND to_regclass(%s) IS NOT NULL",
                              (REQUESTS, APPROVALS)).fetchone()
    return made is not None and bool(made[0])


def register(connection: psycopg.Connection[tuple[Any, ...]], table_id: str, key: SigningKey) -> KeyRecord:
    """Ask the floor to take `key` as the table's (a request an admin approves); the request already made for the
    same key, if any, instead of a second."""
    ensure(connection)
    public = key.public
    proof = base64.b64encode(key.sign(registration_message(table_id, public))).decode()
    with connection.transaction():
        connection.execute(_LOCK)
        mine = _records(connection, table_id, public.text())
        if mine:
            return mine[-1]
        connection.execute(f"INSERT INTO {REQUESTS} (table_id, public_key, key_id, proof, host) "
                           "VALUES (%s, %s, %s, %s, %s)",
                           (table_id, public.text(), public.key_id, proof, socket.gethostname()))
        return _records(connection, table_id, public.text())[-1]


def approve(connection: psycopg.Connection[tuple[Any, ...]], table_id: str, admin: str,
            key_id: str | None = None) -> tuple[KeyRecord, KeyRecord | None]:
    """An admin's approval of the table's latest request (or of the request for `key_id`), `admin` the name the
    floor's staff accounts have just authenticated as an admin (controller.floor.staff): the record approved
    and the key it replaces (None for the table's first). TableKeyRefused when there is nothing to approve, or
    the request's proof does not verify."""
    ensure(connection)
    with connection.transaction():
        connection.execute(_LOCK)
        records = _records(connection, table_id)
        if not records:
            raise TableKeyRefused(f"table {table_id} has asked for no key: run `rptable floor register-key --table "
                                  f"{table_id} --db URL` on the table's machine first.")
        wanted = [r for r in records if key_id is None or r.key_id == key_id]
        if not wanted:
            known = ", ".join(sorted({r.key_id for r in records}))
            raise TableKeyRefused(f"table {table_id} has asked for no key {key_id} (its requests: {known}).")
        record = max(wanted, key=lambda r: r.request)
        current = current_record(connection, table_id)
        if current is not None and current.key_id == record.key_id:
            raise TableKeyRefused(f"key {record.key_id} is table {table_id}'s approved key already (approved by "
                                  f"{current.approved_by}, {_when(current.approved_at)}); nothing changed.")
        row = connection.execute(f"SELECT proof FROM {REQUESTS} WHERE request = %s", (record.request,)).fetchone()
        if row is None or not _proven(table_id, record.public, str(row[0])):
            raise TableKeyRefused(f"request #{record.request} of table {table_id} is not signed by the key it asks "
                                  "for: it was not made by the table. Nothing was approved.")
        connection.execute(f"INSERT INTO {APPROVALS} (request, table_id, public_key, key_id, approved_by) "
                           "VALUES (%s, %s, %s, %s, %s)",
                           (record.request, table_id, record.public_key, record.key_id, admin))
    approved = current_record(connection, table_id)
    assert approved is not None
    return approved, current


def current_record(connection: psycopg.Connection[tuple[Any, ...]], table_id: str) -> KeyRecord | None:
    """The table's approved key as its latest approval names it, or None when none was approved."""
    with connection.transaction():  # a read of its own: no transaction is left open on the caller's connection
        if not _made(connection):
            return None
        row = connection.execute(
            f"SELECT r.request, r.table_id, r.key_id, r.public_key, r.host, extract(epoch from r.at)::float8, "
            f"a.approval, a.approved_by, extract(epoch from a.at)::float8 FROM {APPROVALS} a "
            f"JOIN {REQUESTS} r ON r.request = a.request WHERE a.table_id = %s ORDER BY a.approval DESC LIMIT 1",
            (table_id,)).fetchone()
    return None if row is None else KeyRecord(*row)


def approved_key(connection: psycopg.Connection[tuple[Any, ...]], table_id: str) -> PublicKey | None:
    """The key the floor confirms the table's seals against (None: the table has no approved key yet)."""
    record = current_record(connection, table_id)
    return None if record is None else record.public


def approved_key_of(url: str, table_id: str) -> PublicKey | None:
    """`approved_key` on a connection of its own (FloorError when the floor cannot be reached)."""
    from controller.floor.database import connect

    connection = connect(url)
    try:
        return approved_key(connection, table_id)
    finally:
        connection.close()


def history(connection: psycopg.Connection[tuple[Any, ...]], table_id: str | None = None) -> list[KeyRecord]:
    """Every request (of one table, or of all), oldest first, each with its approval if it has one."""
    with connection.transaction():
        return _records(connection, table_id) if _made(connection) else []


def _records(connection: psycopg.Connection[tuple[Any, ...]], table_id: str | None,
             public_key: str | None = None) -> list[KeyRecord]:
    rows = connection.execute(
        f"SELECT r.request, r.table_id, r.key_id, r.public_key, r.host, extract(epoch from r.at)::float8, "
        f"a.approval, a.approved_by, extract(epoch from a.at)::float8 FROM {REQUESTS} r "
        f"LEFT JOIN {APPROVALS} a ON a.request = r.request "
        "WHERE (%s::text IS NULL OR r.table_id = %s) AND (%s::text IS NULL OR r.public_key = %s) "
        "ORDER BY r.request, a.approval", (table_id, table_id, public_key, public_key)).fetchall()
    return [KeyRecord(*row) for row in rows]


def _proven(table_id: str, public: PublicKey, proof: str) -> bool:
    try:
        signature = base64.b64decode(proof, validate=True)
    except (ValueError, binascii.Error):
        return False
    return public.verifies(signature, registration_message(table_id, public))


def _when(epoch: float | None) -> str:
    if epoch is None:
        return ""
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
