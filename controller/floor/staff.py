"""Staff accounts for the whole floor: kept in the floor's PostgreSQL, cached on each table, with the interface
of the table's own store (controller.table.users.UserStore: add, disable, accounts, authenticate, log).

The database decides whenever it answers: a PIN is checked against its account there, and the attempt is
counted there under the row's lock, so three wrong PINs lock the account on every table at once. Each answer
refreshes the table's cache (a small SQLite file beside the journal). When the database cannot be reached,
the cache decides, so a pit boss can still log in to resolve a fault; its wrong PINs count and lock there,
and are handed to the database when it is back. The cache never grants what the database has revoked once
the table is back online: every login asks the database first, and the cache is replaced by what it says.
Accounts are changed only in the database.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import sqlite3
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from controller.floor.database import FloorError, connect, psycopg_module
from controller.paths import data_dir
from controller.table.users import (
    LOCKOUT_SECONDS,
    MAX_FAILURES,
    SCRYPT_N,
    SCRYPT_P,
    SCRYPT_R,
    AuthError,
    Role,
    User,
    UserStore,
    _derive,
    admitted,
    usable_account,
)

if TYPE_CHECKING:
    import psycopg

ACCOUNT = "role, salt, key, n, r, p, disabled, failures, locked_until"
_CACHE = """
CREATE TABLE IF NOT EXISTS staff (
    name TEXT PRIMARY KEY, role TEXT NOT NULL, salt BLOB NOT NULL, key BLOB NOT NULL,
    n INTEGER NOT NULL, r INTEGER NOT NULL, p INTEGER NOT NULL,
    disabled INTEGER NOT NULL DEFAULT 0, failures INTEGER NOT NULL DEFAULT 0, locked_until REAL NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS offline_attempts (at REAL NOT NULL, name TEXT NOT NULL, granted INTEGER NOT NULL);
"""
Account = tuple[str, bytes, bytes, int, int, int, bool, int, float]


class FloorUserStore:
    """The floor's accounts, as a table uses them (see the module's docstring)."""

    def __init__(self, url: str, cache_path: str | os.PathLike[str], *, table_id: str = "",
                 clock: Callable[[], float] = time.time) -> None:
        self.url = url
        self.table_id = table_id
        self.clock = clock
        self.cache_path = Path(cache_path)
        self.cache_path.parent.mkdir(parents=True, exist_ok=True)
        self._cache = sqlite3.connect(self.cache_path, check_same_thread=False, isolation_level=None)
        self._cache.execute("PRAGMA journal_mode=WAL")
        self._cache.executescript(_CACHE)
        self._db: psycopg.Connection[tuple[Any, ...]] | None = None
        self.offline_reason = ""  # why the database could not be asked last time ("" when it answered)

    def close(self) -> None:
        self._cache.close()
        if self._db is not None:
            self._db.close()

    # -- the interface of UserStore -----------------------------------------------------------------------
    def is_empty(self) -> bool:
        row = self._ask(lambda db: db.execute("SELECT count(*) FROM floor_staff").fetchone())
        if row is None:
            return bool(self._cache.execute("SELECT count(*) FROM staff").fetchone()[0] == 0)
        return int(row[0]) == 0

    def bootstrap(self, name: str, secret: str) -> User:
        """The floor's first admin; refused once the floor has an account (`add` checks it again under its lock)."""
        if not self.is_empty():
            raise AuthError("The floor's accounts are set up already: an admin adds accounts (rptable users --db URL "
                            "add NAME --role ROLE --admin ADMIN).")
        return self.add(name, Role.ADMIN, secret, by=None)

    def add(self, name: str, role: Role, secret: str, *, by: User | None) -> User:
        """Create an account (in the database only). The first must be an admin's; then only an admin adds."""
        name = usable_account(name, secret)
        salt = os.urandom(16)
        key = _derive(secret, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)

        def insert(db: psycopg.Connection[tuple[Any, ...]]) -> None:
            with db.transaction():
                db.execute("LOCK TABLE floor_staff IN SHARE ROW EXCLUSIVE MODE")  # the first admin is one
                count = db.execute("SELECT count(*) FROM floor_staff").fetchone()
                if count is not None and count[0] == 0:
                    if role is not Role.ADMIN:
                        raise AuthError("The first account must be an admin (--role admin); it then adds the others.")
                elif by is None or not by.may(Role.ADMIN):
                    raise AuthError("Only an admin may add accounts.")
                if db.execute("SELECT 1 FROM floor_staff WHERE name = %s", (name,)).fetchone() is not None:
                    raise AuthError(f"There is already an account named '{name}'.")
                db.execute("INSERT INTO floor_staff (name, role, salt, key, n, r, p) VALUES (%s, %s, %s, %s, %s, "
                           "%s, %s)", (name, role.value, salt, key, SCRYPT_N, SCRYPT_R, SCRYPT_P))
                self._log(db, by, "add", name, role.value)
        self._must(insert)
        self.sync()
        return User(name, role)

    def disable(self, name: str, *, by: User) -> None:
        if not by.may(Role.ADMIN):
            raise AuthError("Only an admin may disable accounts.")

        def update(db: psycopg.Connection[tuple[Any, ...]]) -> None:
            with db.transaction():
                done = db.execute("UPDATE floor_staff SET disabled = true WHERE name = %s", (name,))
                if done.rowcount == 0:
                    raise AuthError(f"There is no account named '{name}'.")
                self._log(db, by, "disable", name)
        self._must(update)
        self.sync()

    def accounts(self) -> list[User]:
        rows = self._ask(lambda db: db.execute("SELECT name, role, disabled FROM floor_staff ORDER BY name").fetchall())
        if rows is None:
            rows = self._cache.execute("SELECT name, role, disabled FROM staff ORDER BY name").fetchall()
        return [User(name, Role(role), bool(disabled)) for name, role, disabled in rows]

    def authenticate(self, name: str, secret: str, *, need: Role = Role.DEALER) -> User:
        """The user, if the PIN is right, the account usable and its role enough for `need`: the database's
        answer when it can be asked, else the cache's."""
        now = self.clock()
        counted = self._ask(lambda db: self._count_attempt(db, name, now))
        if counted is None:
            return self._offline(name, secret, need, now)
        found, row = counted
        if row is None:
            _derive(secret, b"0" * 16, SCRYPT_N, SCRYPT_R, SCRYPT_P)  # a refusal costs what a check does
            self._forget(name)
            raise AuthError("Name or PIN is wrong.", "wrong", name=name)
        right = _right(secret, row)
        was_locked = found[8] > now
        if right and not was_locked:
            self._ask(lambda db: self._logged_in(db, name))
            row = (*row[:7], 0, 0.0)
        self._remember(name, row)
        return _verdict(name, row, right, need, now, was_locked=was_locked)

    def log(self) -> list[tuple[float, str | None, str, str, str]]:
        rows = self._must(lambda db: db.execute(
            "SELECT at, actor, action, name, detail FROM floor_staff_log ORDER BY at").fetchall())
        return [(float(a), actor, action, name, detail) for a, actor, action, name, detail in rows]

    # -- the cache ----------------------------------------------------------------------------------------
    def sync(self) -> bool:
        """Hand the database the PINs tried while it was away, and replace the cache with its accounts.
        False when it cannot be reached."""
        def pull(db: psycopg.Connection[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
            for at, name, granted in self._cache.execute("SELECT at, name, granted FROM offline_attempts").fetchall():
                if granted:
                    with db.transaction():
                        self._log(db, None, "login_offline", name, at=at)
                else:
                    self._count_attempt(db, name, at, action="failed_offline")
            self._cache.execute("DELETE FROM offline_attempts")
            return db.execute(f"SELECT name, {ACCOUNT} FROM floor_staff").fetchall()
        rows = self._ask(pull)
        if rows is None:
            return False
        self._cache.execute("BEGIN")
        self._cache.execute("DELETE FROM staff")
        self._cache.executemany("INSERT INTO staff VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                [(r[0], r[1], bytes(r[2]), bytes(r[3]), r[4], r[5], r[6], int(r[7]), r[8], r[9])
                                 for r in rows])
        self._cache.execute("COMMIT")
        return True

    def _remember(self, name: str, row: Account) -> None:
        self._cache.execute("INSERT OR REPLACE INTO staff VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (name, row[0], bytes(row[1]), bytes(row[2]), row[3], row[4], row[5], int(row[6]), row[7],
                             row[8]))

    def _forget(self, name: str) -> None:
        self._cache.execute("DELETE FROM staff WHERE name = ?", (name,))

    def _offline(self, name: str, secret: str, need: Role, now: float) -> User:
        """The cache's answer, counted in the cache as the database would count it, and kept for it."""
        self._cache.execute("BEGIN IMMEDIATE")
        found = self._cache.execute(f"SELECT {ACCOUNT} FROM staff WHERE name = ?", (name,)).fetchone()
        if found is not None and found[8] <= now:
            failures = found[7] + 1
            lock = now + LOCKOUT_SECONDS if failures >= MAX_FAILURES else 0.0
            self._cache.execute("UPDATE staff SET failures = ?, locked_until = ? WHERE name = ?",
                                (0 if lock else failures, lock, name))
        self._cache.execute("COMMIT")
        if found is None:
            _derive(secret, b"0" * 16, SCRYPT_N, SCRYPT_R, SCRYPT_P)
            raise AuthError("Name or PIN is wrong. (The floor database cannot be reached: only accounts this table "
                            "has seen can log in until it is back.)")
        row = self._cache.execute(f"SELECT {ACCOUNT} FROM staff WHERE name = ?", (name,)).fetchone()
        right = _right(secret, row)
        was_locked = found[8] > now
        if right and not was_locked:
            self._cache.execute("UPDATE staff SET failures = 0, locked_until = 0 WHERE name = ?", (name,))
            row = (*row[:7], 0, 0.0)
        self._cache.execute("INSERT INTO offline_attempts VALUES (?, ?, ?)", (now, name, int(right and not was_locked)))
        return _verdict(name, row, right, need, now, was_locked=was_locked)

    # -- the database -------------------------------------------------------------------------------------
    def _count_attempt(self, db: psycopg.Connection[tuple[Any, ...]], name: str, now: float, *,
                       action: str = "login_attempt") -> tuple[Account, Account | None]:
        """Count the attempt under the row's lock before the PIN is checked (guesses made at once on several
        tables all count); the account as found and as left."""
        with db.transaction():
            found = db.execute(f"SELECT {ACCOUNT} FROM floor_staff WHERE name = %s FOR UPDATE", (name,)).fetchone()
            if found is None:
                return (("", b"", b"", 0, 0, 0, False, 0, 0.0), None)
            row: Account = (found[0], bytes(found[1]), bytes(found[2]), found[3], found[4], found[5], found[6],
                            found[7], found[8])
            if row[8] <= now:
                failures = row[7] + 1
                lock = now + LOCKOUT_SECONDS if failures >= MAX_FAILURES else 0.0
                db.execute("UPDATE floor_staff SET failures = %s, locked_until = %s WHERE name = %s",
                           (0 if lock else failures, lock, name))
                self._log(db, None, "locked" if lock else action, name, at=now)
                return row, (*row[:7], 0 if lock else failures, lock)
            return row, row

    def _logged_in(self, db: psycopg.Connection[tuple[Any, ...]], name: str) -> None:
        with db.transaction():
            db.execute("UPDATE floor_staff SET failures = 0, locked_until = 0 WHERE name = %s", (name,))
            self._log(db, None, "login", name)

    def _log(self, db: psycopg.Connection[tuple[Any, ...]], by: User | None, action: str, name: str,
             detail: str = "", *, at: float | None = None) -> None:
        db.execute("INSERT INTO floor_staff_log (at, actor, action, name, detail, table_id) VALUES (%s, %s, %s, %s, "
                   "%s, %s)", (self.clock() if at is None else at, by.label if by else None, action, name, detail,
                               self.table_id))

    def _ask(self, question: Callable[[psycopg.Connection[tuple[Any, ...]]], Any]) -> Any:
        """The database's answer, or None when it cannot be reached (the reason is kept)."""
        psycopg = psycopg_module()
        try:
            if self._db is None or self._db.closed:
                self._db = connect(self.url)
            answer = question(self._db)
            self._db.rollback()
            self.offline_reason = ""
            return answer
        except (FloorError, psycopg.OperationalError) as err:
            self.offline_reason = str(err)
            if self._db is not None:
                with suppress(Exception):
                    self._db.close()
            self._db = None
            return None

    def _must(self, question: Callable[[psycopg.Connection[tuple[Any, ...]]], Any]) -> Any:
        answer = self._ask(question)
        if answer is None and self.offline_reason:
            raise AuthError(f"Accounts are changed and listed only in the floor database, which cannot be reached "
                            f"now: {self.offline_reason}")
        return answer


def _right(secret: str, row: Any) -> bool:
    """The secret checked at the cost the program fixes, whatever cost the row says (it could be lowered)."""
    _role, salt, key = row[:3]
    return hmac.compare_digest(_derive(secret, bytes(salt), SCRYPT_N, SCRYPT_R, SCRYPT_P), bytes(key))


def _verdict(name: str, row: Any, right: bool, need: Role, now: float, *, was_locked: bool) -> User:
    """The table's own store's answers: `row` is the account after the attempt was counted."""
    role, disabled, locked_until = row[0], row[6], row[8]
    if was_locked:
        minutes = max(1, round((locked_until - now) / 60))
        raise AuthError(f"Too many wrong PINs: '{name}' is locked for about {minutes} more minute(s).", "locked",
                        name=name, minutes=minutes)
    if not right:  # `why` lets a console say it in its own language
        if locked_until > now:
            raise AuthError(f"Name or PIN is wrong. '{name}' is now locked for 5 minutes.", "locked_now", name=name,
                            minutes=5)
        raise AuthError("Name or PIN is wrong.", "wrong", name=name)
    return admitted(name, role, bool(disabled), need)


def is_floor_url(where: str) -> bool:
    """A PostgreSQL URL names the floor's accounts; anything else is a table's own accounts file."""
    return where.startswith(("postgresql://", "postgres://"))


def open_accounts(where: str, *, table_id: str = "") -> UserStore | FloorUserStore:
    """The staff accounts a table uses: the floor's (cached beside the table's data) when `where` is the floor's
    database URL, else the accounts file at `where`."""
    if not is_floor_url(where):
        return UserStore(where)
    digest = hashlib.sha256(where.encode()).hexdigest()[:12]
    return FloorUserStore(where, data_dir() / "staff-cache" / f"{digest}.db", table_id=table_id)
