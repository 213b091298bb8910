"""The floor's settings: named switches, on or off, that every program on the floor reads the same (`floor_setting`).

A setting is a row of `floor_settings` (its name, `on` or `off`, what set it and, stamped by the database, the
database user who wrote it and when); the latest row of a name is its value, and a name without a row is off.
The rows are append-only and only the admins' role (and the owner) may add one, so a table's role cannot turn a
setting off. `rptable floor init` turns on what a floor set up by it keeps on (`AT_INIT`), once: a floor made
without `floor init` (a database the programs made their tables in as they first connected) keeps every
setting off, and so the behaviour of before.

- `tables_need_approved_key`: the floor copies nothing from, and the jackpot meter takes no stake from, a table
  without a key an admin approved (controller.floor.table_keys): a journal made elsewhere under a new table's id
  cannot claim the id before the genuine table, nor play the jackpot.
- `shoes_must_authenticate`: a table whose shoe proves no SHOE/1-A key (plain SHOE/1, which a wire on the shoe's
  cable can imitate) stops with a fault a pit boss must resolve; the table reads it as it starts and journals it
  (table.shoe_policy), so it holds while the floor cannot be reached. Off unless an admin turns it on (`rptable
  floor set`): a floor whose shoes are all plain would otherwise stop every table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from controller.floor.replica import append_only, stamped

if TYPE_CHECKING:
    import psycopg

SETTINGS = "floor_settings"
TABLES_NEED_APPROVED_KEY = "tables_need_approved_key"
SHOES_MUST_AUTHENTICATE = "shoes_must_authenticate"
KNOWN = {  # every setting, and what it does when on
    TABLES_NEED_APPROVED_KEY: "the floor takes nothing from a table without an approved key",
    SHOES_MUST_AUTHENTICATE: "a shoe that proves no key stops its table with a fault a pit boss resolves",
}
AT_INIT = {TABLES_NEED_APPROVED_KEY: "on"}  # what `rptable floor init` turns on, where nothing set it before
DDL = f"""
CREATE TABLE IF NOT EXISTS {SETTINGS} (
    setting    bigserial PRIMARY KEY,
    name       text NOT NULL,
    value      text NOT NULL CHECK (value IN ('on', 'off')),
    set_by     text NOT NULL,                -- the command (and the admin) that set it
    written_by text NOT NULL DEFAULT '',     -- the database user who wrote the row (stamped)
    at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS {SETTINGS}_of_name ON {SETTINGS} (name, setting);
"""
DDL += stamped(SETTINGS, by="written_by", at="at")
DDL += append_only(SETTINGS, "a floor setting is kept as it was set: a change is a new row, written by an admin")
# What `rptable floor init` grants: only an admin's tool sets a setting; every role reads them.
GRANTS = {"admin": {SETTINGS: ("SELECT", "INSERT")}}


def floor_setting(connection: psycopg.Connection[tuple[Any, ...]], name: str) -> bool:
    """Whether the setting `name` is on for this floor (off where it was never set, or the floor keeps no
    settings: one made without `rptable floor init`)."""
    with connection.transaction():  # a read of its own: no transaction is left open on the caller's connection
        made = connection.execute("SELECT to_regclass(%s) IS NOT NULL", (SETTINGS,)).fetchone()
        if made is None or not made[0]:
            return False
        row = connection.execute(f"SELECT value FROM {SETTINGS} WHERE name = %s ORDER BY setting DESC LIMIT 1",
                                 (name,)).fetchone()
    return row is not None and row[0] == "on"


def floor_setting_of(url: str, name: str) -> bool:
    """`floor_setting` on a connection of its own (FloorError when the floor cannot be reached)."""
    from controller.floor.database import connect

    connection = connect(url)
    try:
        return floor_setting(connection, name)
    finally:
        connection.close()


def settings_now(connection: psycopg.Connection[tuple[Any, ...]]) -> dict[str, bool]:
    """Every setting the program knows, on or off as the floor holds it now."""
    return {name: floor_setting(connection, name) for name in KNOWN}


def set_setting(connection: psycopg.Connection[tuple[Any, ...]], name: str, on: bool, set_by: str) -> None:
    """An admin's change of a setting (a new row: the old ones stay, for the record)."""
    if name not in KNOWN:
        raise ValueError(f"there is no floor setting {name!r}: the settings are {', '.join(sorted(KNOWN))}")
    with connection.transaction():
        made = connection.execute("SELECT to_regclass(%s) IS NOT NULL", (SETTINGS,)).fetchone()
        if made is None or not made[0]:
            raise ValueError("this floor keeps no settings yet: its database's owner runs `rptable floor init` "
                             "first")
        connection.execute(f"INSERT INTO {SETTINGS} (name, value, set_by) VALUES (%s, %s, %s)",
                           (name, "on" if on else "off", set_by))


def set_at_init(connection: psycopg.Connection[tuple[Any, ...]]) -> dict[str, bool]:
    """`rptable floor init`'s settings: each of `AT_INIT` set where nothing set it before (a setting an admin
    changed stays as the admin left it). Every setting `floor init` knows, as it stands now."""
    for name, value in AT_INIT.items():
        connection.execute(f"INSERT INTO {SETTINGS} (name, value, set_by) SELECT %s, %s, 'rptable floor init' "
                           f"WHERE NOT EXISTS (SELECT 1 FROM {SETTINGS} WHERE name = %s)", (name, value, name))
    return {name: floor_setting(connection, name) for name in AT_INIT}


def no_approved_key(table_id: str) -> str:
    """Why the floor takes nothing from a table without an approved key, and what makes it take it."""
    return (f"table {table_id} has no approved key on the floor, and this floor takes nothing from a table without "
            f"one (setting {TABLES_NEED_APPROVED_KEY}, turned on by rptable floor init): on the table's machine run "
            f"`rptable floor register-key --table {table_id} --db URL`, then an admin runs `rptable floor approve-key "
            f"{table_id} --admin NAME --db URL`")
