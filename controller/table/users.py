"""Staff accounts and roles: who may deal, who may override (pit boss), who manages accounts (admin).

Secrets (a PIN or a password) are stored only as scrypt keys with a per-user salt; they are never stored,
logged or shown in plain text. Three wrong secrets in a row lock an account for five minutes. Every change to
the accounts is written to an append-only log with who did it and when.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

MAX_FAILURES = 3
LOCKOUT_SECONDS = 5 * 60
MIN_SECRET_LENGTH = 4
# scrypt cost: ~50 ms per check here; slow enough to make guessing a stolen file expensive.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1


class Role(Enum):
    DEALER = "dealer"
    PIT_BOSS = "pit_boss"
    ADMIN = "admin"

    @property
    def rank(self) -> int:
        return {"dealer": 0, "pit_boss": 1, "admin": 2}[self.value]

    @property
    def words(self) -> str:
        """The role as a person says it: "pit boss"."""
        return self.value.replace("_", " ")


class AuthError(Exception):
    """Login refused or not allowed; the message is for the person at the console. `why` says which refusal it
    is, for a console that words it in its own language: "wrong" (name or secret), "locked" (too many wrong
    secrets; `minutes` left), "locked_now" (this wrong secret locked it), "disabled", "role" (right secret, but
    the account's `role` is not enough for `need`), or "" (anything else: the message says it)."""

    def __init__(self, message: str, why: str = "", *, name: str = "", minutes: int = 0,
                 role: Role | None = None, need: Role | None = None) -> None:
        super().__init__(message)
        self.why, self.name, self.minutes, self.role, self.need = why, name, minutes, role, need


class AccountsFileError(Exception):
    """The accounts file cannot be used (a folder, another program's file, a table's journal, a bad path)."""


@dataclass(frozen=True, slots=True)
class User:
    name: str
    role: Role
    disabled: bool = False

    def may(self, role: Role) -> bool:
        """An admin may do what a pit boss may, who may do what a dealer may."""
        return not self.disabled and self.role.rank >= role.rank

    @property
    def label(self) -> str:
        """How the journal names this person: role and name."""
        return f"{self.role.value}:{self.name}"


def name_in(label: str) -> str:
    """The person's name in a journal label (`dealer:anna` -> `anna`); a label without a role as it is."""
    return label.partition(":")[2] or label


_SCHEMA = """
CREATE TABLE IF NOT EXISTS users (
    name TEXT PRIMARY KEY, role TEXT NOT NULL, salt BLOB NOT NULL, key BLOB NOT NULL,
    n INTEGER NOT NULL, r INTEGER NOT NULL, p INTEGER NOT NULL,
    disabled INTEGER NOT NULL DEFAULT 0, failures INTEGER NOT NULL DEFAULT 0, locked_until REAL NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS user_log (
    at REAL NOT NULL, actor TEXT, action TEXT NOT NULL, name TEXT NOT NULL, detail TEXT NOT NULL DEFAULT ''
);
CREATE TRIGGER IF NOT EXISTS user_log_no_update BEFORE UPDATE ON user_log
    BEGIN SELECT RAISE(ABORT, 'the account log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS user_log_no_delete BEFORE DELETE ON user_log
    BEGIN SELECT RAISE(ABORT, 'the account log is append-only'); END;
"""


class UserStore:
    """The accounts of one casino (or one table), in a small SQLite file."""

    def __init__(self, path: str | os.PathLike[str], clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self.clock = clock
        try:
            if self.path.is_dir():
                raise AccountsFileError(f"{self.path} is a folder: give the accounts file (e.g. {self.path}/users.db).")
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, check_same_thread=False)
        except OSError as err:
            raise AccountsFileError(f"The accounts file {self.path} cannot be opened: {err.strerror or err}.") from err
        except ValueError as err:  # a path no file can have (a NUL in it)
            raise AccountsFileError(f"{str(self.path)!r} is not a usable path: {err}.") from err
        except sqlite3.Error as err:
            raise AccountsFileError(f"The accounts file {self.path} cannot be opened: {err}.") from err
        try:
            others = _foreign_tables(self._db)
            if others:
                raise AccountsFileError(
                    f"{self.path} is not an accounts file: it holds {', '.join(others[:4])}"
                    f"{' (a table journal)' if 'events' in others else ''}. Give the accounts file (--users).")
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as err:
            self._db.close()
            raise AccountsFileError(f"{self.path} cannot be used as the accounts file: {err}.") from err
        except BaseException:
            self._db.close()
            raise

    def close(self) -> None:
        self._db.close()

    def is_empty(self) -> bool:
        return int(self._db.execute("SELECT COUNT(*) FROM users").fetchone()[0]) == 0

    def add(self, name: str, role: Role, secret: str, *, by: User | None) -> User:
        """Create an account. Only an admin may, except for the very first account (which must be an admin)."""
        name = usable_account(name, secret)
        if self.is_empty():
            if role is not Role.ADMIN:
                raise AuthError("The first account must be an admin (--role admin); it then adds the others.")
        elif by is None or not by.may(Role.ADMIN):
            raise AuthError("Only an admin may add accounts.")
        if self._row(name) is not None:
            raise AuthError(f"There is already an account named '{name}'.")
        salt = os.urandom(16)
        key = _derive(secret, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
        with self._db:
            self._db.execute("INSERT INTO users (name, role, salt, key, n, r, p) VALUES (?, ?, ?, ?, ?, ?, ?)",
                             (name, role.value, salt, key, SCRYPT_N, SCRYPT_R, SCRYPT_P))
            self._log(by, "add", name, role.value)
        return User(name, role)

    def disable(self, name: str, *, by: User) -> None:
        if not by.may(Role.ADMIN):
            raise AuthError("Only an admin may disable accounts.")
        if self._row(name) is None:
            raise AuthError(f"There is no account named '{name}'.")
        with self._db:
            self._db.execute("UPDATE users SET disabled = 1 WHERE name = ?", (name,))
            self._log(by, "disable", name)

    def accounts(self) -> list[User]:
        rows = self._db.execute("SELECT name, role, disabled FROM users ORDER BY name").fetchall()
        return [User(name, Role(role), bool(disabled)) for name, role, disabled in rows]

    def authenticate(self, name: str, secret: str, *, need: Role = Role.DEALER) -> User:
        """The user, if the secret is right, the account usable and its role enough for `need`.

        The attempt is counted before the secret is checked, under the database's write lock, so guesses
        made in parallel all count; a right secret then clears the count. Every refusal costs one scrypt, so
        its timing does not tell which names exist."""
        now = self.clock()
        self._db.execute("BEGIN IMMEDIATE")
        try:
            row = self._row(name)
            if row is not None and row[8] <= now:
                failures = row[7] + 1
                lock = now + LOCKOUT_SECONDS if failures >= MAX_FAILURES else 0.0
                self._db.execute("UPDATE users SET failures = ?, locked_until = ? WHERE name = ?",
                                 (0 if lock else failures, lock, name))
                self._log(None, "locked" if lock else "login_attempt", name)
            self._db.commit()
        except BaseException:
            self._db.rollback()
            raise
        if row is None:
            _derive(secret, b"0" * 16, SCRYPT_N, SCRYPT_R, SCRYPT_P)
            raise AuthError("Name or PIN is wrong.", "wrong", name=name)
        role, salt, key, n, r, p, disabled, _, locked_until = row
        right = hmac.compare_digest(_derive(secret, salt, n, r, p), key)
        if locked_until > now:
            minutes = max(1, round((locked_until - now) / 60))
            raise AuthError(f"Too many wrong PINs: '{name}' is locked for about {minutes} more minute(s). Wait "
                            "and try again, or ask another pit boss or an admin.", "locked", name=name,
                            minutes=minutes)
        if not right:
            locked_now = self._row(name)
            if locked_now is not None and locked_now[8] > now:
                minutes = LOCKOUT_SECONDS // 60
                raise AuthError(f"Name or PIN is wrong. '{name}' is now locked for {minutes} minutes: wait, or "
                                "ask another pit boss or an admin.", "locked_now", name=name, minutes=minutes)
            raise AuthError("Name or PIN is wrong.", "wrong", name=name)
        with self._db:
            self._db.execute("UPDATE users SET failures = 0, locked_until = 0 WHERE name = ?", (name,))
            self._log(None, "login", name)
        return admitted(name, role, bool(disabled), need)

    def log(self) -> list[tuple[float, str | None, str, str, str]]:
        return self._db.execute("SELECT at, actor, action, name, detail FROM user_log ORDER BY rowid").fetchall()

    def _row(self, name: str) -> tuple[str, bytes, bytes, int, int, int, int, int, float] | None:
        row = self._db.execute(
            "SELECT role, salt, key, n, r, p, disabled, failures, locked_until FROM users WHERE name = ?",
            (name,)).fetchone()
        return None if row is None else (row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8])

    def _log(self, by: User | None, action: str, name: str, detail: str = "") -> None:
        self._db.execute("INSERT INTO user_log VALUES (?, ?, ?, ?, ?)",
                         (self.clock(), by.label if by else None, action, name, detail))


def _foreign_tables(db: sqlite3.Connection) -> list[str]:
    """The tables of the file that are not the accounts' own (an accounts file is never written into another
    program's database, nor into a table's journal)."""
    names = [str(r[0]) for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return [n for n in names if n not in ("users", "user_log") and not n.startswith("sqlite_")]


def admitted(name: str, role: str, disabled: bool, need: Role) -> User:
    """The user a right PIN lets in; AuthError when the account is disabled or its role is not enough."""
    if disabled:
        raise AuthError(f"The account '{name}' is disabled. An admin can tell you why.", "disabled", name=name)
    user = User(name, Role(role))
    if not user.may(need):
        raise AuthError(f"'{name}' is a {user.role.words}: a {need.words} is needed for this. Ask a "
                        f"{need.words} to log in.", "role", name=name, role=user.role, need=need)
    return user


def usable_account(name: str, secret: str) -> str:
    """The name a new account is stored under, or AuthError when it or its secret cannot be used."""
    name = name.strip()
    if not name or len(name) > 40 or not name.replace("_", "").replace("-", "").replace(".", "").isalnum():
        raise AuthError(f"'{name}' is not a usable name: 1-40 letters, digits, '.', '-' or '_'.")
    if len(secret) < MIN_SECRET_LENGTH:
        raise AuthError(f"A PIN or password needs at least {MIN_SECRET_LENGTH} characters.")
    return name


def _derive(secret: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(secret.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=32)
