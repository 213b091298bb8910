"""Connections to the floor's PostgreSQL: its schema put in place once, and every failure said in words a
person can act on (the database down, a wrong or revoked password, a missing database, no psycopg)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from controller.floor.replica import SCHEMA as EVENTS_SCHEMA
from controller.floor.replica import SCHEMA_LOCK as EVENTS_SCHEMA_LOCK
from controller.floor.replica import one_line, redact
from controller.floor.schema import SCHEMA

if TYPE_CHECKING:
    import psycopg
    from psycopg_pool import ConnectionPool

SCHEMA_VERSION = 5  # 2: the tables' round indexes; 3: events kept packed; 4: no padding (controller.floor.replica);
# 5: the staff as signed changes and PINs tried (controller.floor.staff)
CONNECT_TIMEOUT = 5  # seconds: a table's reporter retries; a person at the pit wants an answer soon


class FloorError(Exception):
    """The floor database cannot be used now; the message says what happened and what to do."""


def psycopg_module() -> Any:
    try:
        import psycopg
    except ImportError as err:
        raise FloorError("The floor database needs the Python package psycopg (v3): install rptable with the "
                         "`replica` extra (pip install 'rptable[replica]').") from err
    return psycopg


def connect(url: str, *, autocommit: bool = False) -> psycopg.Connection[tuple[Any, ...]]:
    """A connection to the floor database, its schema in place."""
    pg = psycopg_module()
    try:
        connection: psycopg.Connection[tuple[Any, ...]] = pg.connect(
            url, connect_timeout=CONNECT_TIMEOUT, autocommit=autocommit)
    except pg.Error as err:
        raise FloorError(explain(err, url)) from err
    try:
        ensure_schema(connection)
    except pg.Error as err:
        connection.close()
        raise FloorError(explain(err, url)) from err
    return connection


def open_pool(url: str, *, size: int = 4) -> ConnectionPool[Any]:
    """A small pool of connections for a process that asks from several threads (the pit). The first
    connection is made here, so that a wrong URL or password is said at once."""
    try:
        from psycopg_pool import ConnectionPool
    except ImportError as err:
        raise FloorError("The pit needs the Python package psycopg_pool: install rptable with the `replica` "
                         "extra (pip install 'rptable[replica]').") from err
    connect(url).close()  # the schema in place, and any trouble said in words
    pool: ConnectionPool[Any] = ConnectionPool(url, min_size=1, max_size=size, open=True,
                                               kwargs={"connect_timeout": CONNECT_TIMEOUT},
                                               check=ConnectionPool.check_connection, name="rptable-floor")
    return pool


def ensure_schema(connection: psycopg.Connection[tuple[Any, ...]]) -> None:
    """Create the replica's and the floor's tables once. Tables start together: an advisory lock lets one of
    them create the schema while the others wait, and a version row lets every later start skip it (changing
    a trigger locks the events table against every table's writes)."""
    with connection.transaction():
        if _schema_version(connection) == SCHEMA_VERSION:
            return
        # Even CREATE TABLE IF NOT EXISTS collides when two tables run it at once: take the lock first.
        connection.execute("SELECT pg_advisory_xact_lock(hashtext('rptable floor schema'))")
        connection.execute("CREATE TABLE IF NOT EXISTS floor_schema (version integer NOT NULL)")
        row = connection.execute("SELECT max(version) FROM floor_schema").fetchone()
        if row is not None and row[0] == SCHEMA_VERSION:
            return
        connection.execute(EVENTS_SCHEMA_LOCK)  # a replica alone may be putting its schema in place
        connection.execute(EVENTS_SCHEMA)
        connection.execute(SCHEMA)
        connection.execute("DELETE FROM floor_schema")
        connection.execute("INSERT INTO floor_schema VALUES (%s)", (SCHEMA_VERSION,))


def _schema_version(connection: psycopg.Connection[tuple[Any, ...]]) -> int | None:
    """The floor schema's version in the database, None before it is made (a read that takes no lock)."""
    exists = connection.execute("SELECT to_regclass('floor_schema') IS NOT NULL").fetchone()
    if exists is None or not exists[0]:
        return None
    row = connection.execute("SELECT max(version) FROM floor_schema").fetchone()
    return None if row is None else row[0]


def explain(err: BaseException, url: str) -> str:
    """What a psycopg error means for the person who must fix it."""
    text = one_line(err)
    lowered = text.lower()
    where = redact(url)
    if "password authentication failed" in lowered or "no password supplied" in lowered:
        return (f"The floor database {where} refused the password ({text}). Check the password in the URL, or "
                "ask the database administrator whether it was changed or revoked.")
    if "does not exist" in lowered and "database" in lowered:
        return f"The floor database {where} does not exist ({text}). Check the URL's database name."
    if "permission denied" in lowered or "must be owner" in lowered:
        return (f"The floor database {where} refused this user ({text}). The user needs to create tables and "
                "write rows there: ask the database administrator.")
    if "connection refused" in lowered or "timeout" in lowered or "could not connect" in lowered or \
            "no such file" in lowered or "server closed" in lowered or "terminating connection" in lowered:
        return f"The floor database {where} cannot be reached ({text}). Check that it is running and reachable."
    return f"The floor database {where} cannot be used ({text})."
