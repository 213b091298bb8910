"""`rptable floor init`: the floor's schema and its least-privilege PostgreSQL roles, made by the database's owner.

Three login roles, each given to one kind of program:

- `rptable_table` (the tables: `--replica`, `--jackpot`): appends its events, rounds and settlements, reads the
  staff and records the PINs tried at it; it cannot change the staff.
- `rptable_pit` (`rptable pit`, `audit --db`): reads, values the players' decisions, records
  the PINs tried at it.
- `rptable_admin` (`rptable users --db`, `jackpot reseed`, `floor approve-key`): reads, and appends the signed
  changes to the staff and what an admin approves.

A floor module plugs in by defining `GRANTS` (role "table", "pit" or "admin" -> table -> privileges) beside its
DDL (`DDL`, or `SCHEMA`): `floor_modules` finds every module of controller.floor that does. Every role reads every
table a module names; nobody but the owner holds UPDATE or DELETE beyond what `GRANTS` says, and the ledgers'
append-only triggers refuse those even to the owner. It turns on the floor's settings a floor set up by it keeps
on (controller.floor.settings.AT_INIT). Running it again changes nothing but what is missing.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlsplit, urlunsplit

if TYPE_CHECKING:
    import psycopg

KINDS = ("table", "pit", "admin")
ROLE_NAMES = {"table": "rptable_table", "pit": "rptable_pit", "admin": "rptable_admin"}
GRANTS_LINE = re.compile(r"^GRANTS\b", re.MULTILINE)
UNSIGNED_STAFF = "floor_staff_unsigned"  # where an earlier rptable's staff rows are set aside


class FloorInitError(Exception):
    """`floor init` cannot be done by this database user; the message says why and what to do."""


@dataclass(frozen=True)
class FloorModule:
    """A module that keeps tables in the floor database: its DDL and what each role may do with its tables."""

    name: str
    ddl: str
    grants: dict[str, dict[str, tuple[str, ...]]]

    @property
    def tables(self) -> list[str]:
        return sorted({table for by_table in self.grants.values() for table in by_table})


@dataclass
class InitReport:
    """What `floor init` made and found: each role, whether it was made now, and its password when it was."""

    database: str
    roles: dict[str, tuple[str, bool, str]] = field(default_factory=dict)  # kind -> (role, made now, password)
    tables: list[str] = field(default_factory=list)
    set_aside: int = 0  # an earlier rptable's staff accounts moved to UNSIGNED_STAFF
    settings: dict[str, bool] = field(default_factory=dict)  # the floor's settings floor init keeps (on or off)

    def url_for(self, owner_url: str, kind: str) -> str:
        """The URL a program of this kind is given: the owner's, with the role and its password (a placeholder
        when the role was there before)."""
        role, _made, password = self.roles[kind]
        parts = urlsplit(owner_url)
        host = parts.netloc.rpartition("@")[2]
        secret = quote(password, safe="") if password else "PASSWORD"
        return urlunsplit(parts._replace(netloc=f"{role}:{secret}@{host}"))

    def to_dict(self, owner_url: str) -> dict[str, Any]:
        return {"database": self.database, "tables": self.tables, "set_aside_staff": self.set_aside,
                "settings": self.settings,
                "roles": {kind: {"role": role, "made": made, "url": self.url_for(owner_url, kind)}
                          for kind, (role, made, _password) in self.roles.items()}}


def floor_modules() -> list[FloorModule]:
    """Every module of controller.floor that keeps tables in the floor database (it assigns `GRANTS` at its top
    level: only those are imported), the floor's own schema first."""
    import controller.floor

    found = []
    for info in sorted(pkgutil.iter_modules(controller.floor.__path__), key=lambda i: (i.name != "schema", i.name)):
        source = Path(controller.floor.__path__[0]) / f"{info.name}.py"
        if not source.is_file() or not GRANTS_LINE.search(source.read_text(encoding="utf-8")):
            continue
        module = importlib.import_module(f"controller.floor.{info.name}")
        grants = getattr(module, "GRANTS", None)
        if isinstance(grants, dict):
            ddl = getattr(module, "DDL", None) or getattr(module, "SCHEMA", "")
            found.append(FloorModule(module.__name__, str(ddl), grants))
    return found


def init_floor(connection: psycopg.Connection[tuple[Any, ...]], *, new_passwords: bool = False) -> InitReport:
    """Make the schema of every floor module, the three roles and their grants (see the module's docstring)."""
    from psycopg import errors, sql

    from controller.floor.database import ensure_schema
    from controller.floor.settings import set_at_init

    modules = floor_modules()
    database = str(connection.execute("SELECT current_database()").fetchone()[0])  # type: ignore[index]
    report = InitReport(database)
    try:
        ensure_schema(connection)  # the events and the floor's own tables, at this program's version
        with connection.transaction():
            connection.execute("SELECT pg_advisory_xact_lock(hashtext('rptable floor init'))")
            report.set_aside = _set_aside_unsigned_staff(connection)
            for module in modules:
                if module.name != "controller.floor.schema":
                    connection.execute(module.ddl)
            report.settings = set_at_init(connection)  # a floor set up here refuses tables without approved keys
            for kind in KINDS:
                report.roles[kind] = _role(connection, ROLE_NAMES[kind], new_passwords)
            connection.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(
                sql.Identifier(database), sql.SQL(", ").join(sql.Identifier(r) for r in ROLE_NAMES.values())))
            # nobody makes tables, functions or triggers here but the owner (PostgreSQL 15 and later do so already)
            connection.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
            tables = sorted({t for module in modules for t in module.tables})
            for kind in KINDS:
                role = sql.Identifier(ROLE_NAMES[kind])
                connection.execute(sql.SQL("REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {}").format(role))
                connection.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(role))
                connection.execute(sql.SQL("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {}").format(role))
                connection.execute(sql.SQL("GRANT SELECT ON floor_schema TO {}").format(role))
                for table in tables:
                    connection.execute(sql.SQL("GRANT SELECT ON {} TO {}").format(sql.Identifier(table), role))
                for module in modules:
                    for table, privileges in module.grants.get(kind, {}).items():
                        connection.execute(sql.SQL("GRANT {} ON {} TO {}").format(
                            sql.SQL(", ").join(sql.SQL(p) for p in privileges if p.isalpha()),
                            sql.Identifier(table), role))
            report.tables = tables
        connection.commit()  # the transaction above is a savepoint of the one the first query opened
    except errors.InsufficientPrivilege as err:
        raise FloorInitError(
            f"This database user may not set up the floor ({err.diag.message_primary}): run `rptable floor init` "
            "with the URL of the database's owner, a user who may also create roles (CREATEROLE), such as the "
            "postgres superuser.") from err
    return report


def _role(connection: psycopg.Connection[tuple[Any, ...]], name: str, new_password: bool) -> tuple[str, bool, str]:
    """The login role `name`, made with a fresh password if it is not there (or given one when asked)."""
    from psycopg import sql

    there = connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone() is not None
    password = secrets.token_urlsafe(18) if not there or new_password else ""
    if not there:
        connection.execute(sql.SQL("CREATE ROLE {} LOGIN NOINHERIT PASSWORD {}").format(
            sql.Identifier(name), sql.Literal(password)))
    elif password:
        connection.execute(sql.SQL("ALTER ROLE {} PASSWORD {}").format(sql.Identifier(name), sql.Literal(password)))
    return name, not there, password


def _set_aside_unsigned_staff(connection: psycopg.Connection[tuple[Any, ...]]) -> int:
    """An earlier rptable's `floor_staff` (rows anyone with the URL could edit), renamed out of the way, kept for
    the record: how many accounts it held (0 when there was none)."""
    found = connection.execute("SELECT relkind FROM pg_class WHERE oid = to_regclass('floor_staff')").fetchone()
    if found is None or found[0] != "r":
        return 0
    held = connection.execute("SELECT count(*) FROM floor_staff").fetchone()
    aside, n = UNSIGNED_STAFF, 1
    while connection.execute("SELECT to_regclass(%s) IS NOT NULL", (aside,)).fetchone() == (True,):
        n += 1
        aside = f"{UNSIGNED_STAFF}_{n}"
    connection.execute(f"ALTER TABLE floor_staff RENAME TO {aside}")
    return int(held[0]) if held else 0
