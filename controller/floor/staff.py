"""Staff accounts for the whole floor: kept in the floor's PostgreSQL, cached on each table, with the interface
of the table's own store (controller.table.security.users.UserStore: add, disable, unlock, accounts, authenticate, log).

The accounts are not rows to edit. Each change (an account added, disabled, re-enabled, unlocked) is a row of
`floor_staff_changes`, chained by SHA-256 to the change before it and signed with the floor's staff key: an
Ed25519 key kept on the admin's machine (`keys/floor-staff.key` in the data folder, or the file
RPTABLE_FLOOR_STAFF_KEY names), never in the database. Every table checks every change against the public half
pinned on it (`keys/floor-staff.pub`, or the file RPTABLE_FLOOR_STAFF_PUBKEY names, e.g. a root-owned
/etc/rptable/floor-staff.pub), so whoever holds a database URL, the owner's included, cannot make a dealer a pit
boss or add an admin: a change not signed by that key, a changed one or one removed from the chain makes the
floor's accounts tampered (FloorStaffTampered), and nobody logs in through them until the database is restored.
A table also keeps the last change it saw, so a chain cut short behind it shows.

Every PIN tried is a row of `floor_staff_attempts` (name, outcome, the table's time; the database stamps the
user who wrote it and its own time), and an account's lockout is what those rows make it (`lock_state`): three
wrong PINs within 5 minutes lock it for 5 minutes on every table. Rows are only added, an attempt made while the
account is locked changes nothing, and a login clears no wrong PIN before it, so no row anyone writes lifts a
lockout or dodges one: it ends with time or an admin's signed unlock. The rows the tables' role wrote lock the
account at the tables only, so whoever holds a table's URL can keep a name out of the tables (the log shows the
rows, with the table each names) but not out of the pit or the admin's commands that would unlock it.
Attempts on one account take turns (an advisory lock), so guesses made at once on several tables all count.

Each answer refreshes the table's cache (a small SQLite file beside the journal). When the database cannot be
reached, the cache decides, so a pit boss can still log in to resolve a fault; its wrong PINs count and lock
there, and are handed to the database when it is back. The cache never grants what the database has revoked once
the table is back online: every login asks the database first, and the cache is replaced by what it says.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from controller.floor.database import FloorError, connect, psycopg_module
from controller.floor.roles import ROLE_NAMES
from controller.floor.url import is_floor_url
from controller.table.security.signing import PublicKey, SigningKey, SigningKeyError
from controller.table.security.users import (
    LOCKOUT_SECONDS,
    MAX_FAILURES,
    SCRYPT_N,
    SCRYPT_P,
    SCRYPT_R,
    AccountsTampered,
    AuthError,
    Role,
    User,
    UserStore,
    _derive,
    _public_detail,
    _secret_detail,
    account_hash,
    admitted,
    usable_account,
)
from drivers.paths import data_dir

if TYPE_CHECKING:
    import psycopg

STAFF_KEY_ENV = "RPTABLE_FLOOR_STAFF_KEY"
STAFF_PUBKEY_ENV = "RPTABLE_FLOOR_STAFF_PUBKEY"
CLOCK_SKEW = 60.0  # seconds a table's clock may run ahead of another's: an attempt dated later is not counted yet
TABLES_ROLE = ROLE_NAMES["table"]
FAILURE_WINDOW = float(LOCKOUT_SECONDS)  # how long a wrong PIN counts towards a lockout (a login does not clear it)
_CHANGES_LOCK = "SELECT pg_advisory_xact_lock(hashtext('rptable floor staff changes'))"
_CHANGE_COLUMNS = "seq, at, actor, action, name, detail, prev_hash, hash, key_id, sig, written_by"
ACCOUNT = "role, salt, key, n, r, p, disabled, failures, locked_until"
_CACHE = """
CREATE TABLE IF NOT EXISTS staff (
    name TEXT PRIMARY KEY, role TEXT NOT NULL, salt BLOB NOT NULL, key BLOB NOT NULL,
    n INTEGER NOT NULL, r INTEGER NOT NULL, p INTEGER NOT NULL,
    disabled INTEGER NOT NULL DEFAULT 0, failures INTEGER NOT NULL DEFAULT 0, locked_until REAL NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS offline_attempts (at REAL NOT NULL, name TEXT NOT NULL, granted INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS chain_seen (first_hash TEXT NOT NULL, seq INTEGER NOT NULL, hash TEXT NOT NULL);
"""
Account = tuple[str, bytes, bytes, int, int, int, bool, int, float]
GENESIS = "0" * 64


class FloorStaffTampered(AccountsTampered):
    """The floor's staff changes were written, changed or removed behind the admins' backs: nobody logs in
    through them until the database is restored."""

    def __init__(self, problem: str) -> None:
        AuthError.__init__(self, f"The floor's staff accounts were tampered with: {problem}. Nobody logs in "
                           "through the floor until its database is restored from a backup; the rows name the "
                           "database user who wrote them.", "tampered")
        self.problem = problem


def staff_key_path() -> Path:
    """The floor's private staff key, on the admin's machine: what signs every change to the floor's staff."""
    return Path(os.environ.get(STAFF_KEY_ENV) or data_dir() / "keys" / "floor-staff.key")


def pinned_key_path() -> Path:
    """The public half of the floor's staff key as this machine pins it (a table only reads it)."""
    return Path(os.environ.get(STAFF_PUBKEY_ENV) or data_dir() / "keys" / "floor-staff.pub")


def pinned_key() -> PublicKey | None:
    """The staff key this machine checks the floor's staff against: the pinned file's, else (on the admin's
    machine) the private key's own; None when neither is here."""
    pinned = pinned_key_path()
    try:
        if pinned.exists():
            return PublicKey.from_file(pinned)
        private = staff_key_path()
        return SigningKey.load(private).public if private.exists() else None
    except SigningKeyError as err:
        raise AuthError(f"The floor's staff key pinned on this machine cannot be used: {err}") from err


def change_text(digest: str) -> bytes:
    """What the floor's staff key signs for a change (other than what a table's own accounts store signs)."""
    return f"rptable-floor-staff/1\x1f{digest}".encode()


@dataclass
class StaffAccount:
    """An account as the floor's signed changes leave it."""

    name: str
    role: Role
    salt: bytes
    key: bytes
    disabled: bool = False
    unlocked_at: float = 0.0  # an admin's last unlock: attempts before it no longer count


def lock_state(attempts: Iterable[tuple[float, str]], *, since: float, now: float) -> tuple[int, float, list[str]]:
    """The wrong PINs counted and the lockout's end at `now`, from the attempts on one account (time, outcome) in
    the order they were made; with each attempt's word for the log ("login_attempt", "locked", ...; "" for one made
    after `now`). An attempt made while the account was locked, or before an admin's unlock, changes nothing.

    A login does not clear the wrong PINs before it: a wrong PIN counts for FAILURE_WINDOW seconds whatever
    follows. A login row is only the table's word that the PIN was right, and anyone holding a table's URL can
    write one; if it cleared the count, a guesser writing one between guesses would never be locked out."""
    failed_at: list[float] = []
    locked_until, words = 0.0, []
    for at, outcome in attempts:
        if at > now + CLOCK_SKEW:
            words.append("")
            continue
        if at <= since or locked_until > at:
            words.append("while_locked" if at > since else "before_unlock")
            continue
        failed_at = [earlier for earlier in failed_at if earlier > at - FAILURE_WINDOW]
        if outcome in ("failed", "failed_offline"):
            failed_at.append(at)
            if len(failed_at) >= MAX_FAILURES:
                failed_at, locked_until = [], at + LOCKOUT_SECONDS
                words.append("locked")
            else:
                words.append("login_attempt" if outcome == "failed" else outcome)
        else:  # a login, on line or offline: kept for the log; it clears nothing
            words.append(outcome)
    failures = len([earlier for earlier in failed_at if earlier > now - FAILURE_WINDOW])
    return failures, locked_until, words


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
        self._known: tuple[PublicKey | None, list[str]] = (None, [])  # changes whose signatures were checked

    def close(self) -> None:
        self._cache.close()
        if self._db is not None:
            self._db.close()

    # -- the interface of UserStore -----------------------------------------------------------------------
    def is_empty(self) -> bool:
        row = self._ask(lambda db: db.execute("SELECT count(*) FROM floor_staff_changes").fetchone())
        if row is None:  # the floor cannot be reached: it keeps the staff, the cache only those this table has seen,
            return False  # so a table never offers to make a first admin of its own in their place
        if int(row[0]) == 0:
            self._ask(_no_unsigned_staff)
        return int(row[0]) == 0

    def bootstrap(self, name: str, secret: str) -> User:
        """The floor's first admin; refused once the floor has an account (`add` checks it again under its lock)."""
        if not self.is_empty():
            raise AuthError("The floor's accounts are set up already: an admin adds accounts (rptable users --db URL "
                            "add NAME --role ROLE --admin ADMIN).")
        return self.add(name, Role.ADMIN, secret, by=None)

    def add(self, name: str, role: Role, secret: str, *, by: User | None) -> User:
        """Create an account (in the database only, signed with the floor's staff key). The first must be an
        admin's, and makes the staff key on this machine if there is none; then only an admin adds."""
        name = usable_account(name, secret)
        detail = {"role": role.value, **_secret_detail(secret)}

        def insert(db: psycopg.Connection[tuple[Any, ...]]) -> None:
            with db.transaction():
                db.execute(_CHANGES_LOCK)
                chain = self._chain(db)
                if not chain.accounts:
                    if role is not Role.ADMIN:
                        raise AuthError("The first account must be an admin (--role admin); it then adds the others.")
                    key = _first_staff_key()
                    detail["bootstrap"] = True
                else:
                    chain.need_admin(by, "add accounts")
                    key = _staff_key(chain.public)
                if name in chain.accounts:
                    raise AuthError(f"There is already an account named '{name}'.")
                self._append(db, chain, key, by, "add", name, detail)
        self._must(insert)
        self.sync()
        return User(name, role)

    def disable(self, name: str, *, by: User) -> None:
        self._change(by, "disable", name, "disable accounts")

    def enable(self, name: str, *, by: User) -> None:
        self._change(by, "enable", name, "enable accounts")

    def unlock(self, name: str, *, by: User) -> None:
        """Lift a lockout (an admin, after checking who was trying): the attempts before it no longer count."""
        self._change(by, "unlock", name, "lift lockouts")

    def accounts(self) -> list[User]:
        chain = self._ask(self._chain)
        if chain is None:
            rows = self._cache.execute("SELECT name, role, disabled FROM staff ORDER BY name").fetchall()
            return [User(name, Role(role), bool(disabled)) for name, role, disabled in rows]
        return [User(a.name, a.role, a.disabled) for _, a in sorted(chain.accounts.items())]

    def authenticate(self, name: str, secret: str, *, need: Role = Role.DEALER) -> User:
        """The user, if the PIN is right, the account usable and its role enough for `need`: the database's
        answer when it can be asked, else the cache's."""
        now = self.clock()
        answer = self._ask(lambda db: self._attempt(db, name, secret, now))
        if answer is None:
            return self._offline(name, secret, need, now)
        row, right, was_locked = answer
        if row is None:
            self._forget(name)
            raise AuthError("Name or PIN is wrong.", "wrong", name=name)
        self._remember(name, row)
        return _verdict(name, row, right, need, now, was_locked=was_locked)

    def log(self) -> list[tuple[float, str | None, str, str, str]]:
        """Every change and every PIN tried, in time order: (time, who did it, action, account, detail)."""
        def read(db: psycopg.Connection[tuple[Any, ...]]) -> list[tuple[float, str | None, str, str, str]]:
            chain = self._chain(db)
            entries = [(float(c[1]), c[2], str(c[3]), str(c[4]), _public_detail(c[5])) for c in chain.rows]
            attempts = db.execute("SELECT name, at, outcome, table_id FROM floor_staff_attempts "
                                  "ORDER BY name, at, attempt").fetchall()
            now = self.clock()
            for account_name in {row[0] for row in attempts}:
                mine = [row for row in attempts if row[0] == account_name]
                account = chain.accounts.get(account_name)
                since = account.unlocked_at if account is not None else 0.0
                _, _, words = lock_state([(float(r[1]), str(r[2])) for r in mine], since=since, now=now)
                for (_, at, outcome, table_id), word in zip(mine, words, strict=True):
                    where = f"table {table_id}" if table_id else ""
                    if outcome == "login" and word == "login":
                        entries.append((float(at), None, "login_attempt", account_name, where))
                    entries.append((float(at), None, word or outcome, account_name, where))
            return sorted(entries, key=lambda entry: entry[0])
        return list(self._must(read))

    # -- the cache ----------------------------------------------------------------------------------------
    def sync(self) -> bool:
        """Hand the database the PINs tried while it was away, and replace the cache with its accounts.
        False when it cannot be reached."""
        def pull(db: psycopg.Connection[tuple[Any, ...]]) -> list[tuple[str, Account]]:
            offline = self._cache.execute("SELECT at, name, granted FROM offline_attempts").fetchall()
            if offline:
                with db.transaction():
                    for at, name, granted in offline:
                        self._record(db, name, "login_offline" if granted else "failed_offline", at)
            self._cache.execute("DELETE FROM offline_attempts")
            chain = self._chain(db)
            now = self.clock()
            return [(name, self._state(db, account, now)) for name, account in chain.accounts.items()]
        rows = self._ask(pull)
        if rows is None:
            return False
        self._cache.execute("BEGIN")
        self._cache.execute("DELETE FROM staff")
        self._cache.executemany("INSERT INTO staff VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                [(name, *_cached(row)) for name, row in rows])
        self._cache.execute("COMMIT")
        return True

    def _remember(self, name: str, row: Account) -> None:
        self._cache.execute("INSERT OR REPLACE INTO staff VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (name, *_cached(row)))

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
            _derive(secret, b"0" * 16)
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
    def _chain(self, db: psycopg.Connection[tuple[Any, ...]]) -> StaffChain:
        """The staff as the signed changes make them, every change checked; FloorStaffTampered when one fails, or
        when the chain is shorter than, or differs from, what this table saw of it before."""
        rows = db.execute(f"SELECT {_CHANGE_COLUMNS} FROM floor_staff_changes ORDER BY seq").fetchall()
        if not rows:
            _no_unsigned_staff(db)
        chain = StaffChain.checked(rows, pinned_key() if rows else None, self._known)
        self._check_seen(chain)
        self._known = (chain.public, [str(row[7]) for row in rows])
        return chain

    def _check_seen(self, chain: StaffChain) -> None:
        seen = self._cache.execute("SELECT first_hash, seq, hash FROM chain_seen").fetchone()
        first = chain.rows[0][7] if chain.rows else ""
        if seen is not None and seen[0] == first and first:
            seq, digest = int(seen[1]), str(seen[2])
            if seq > len(chain.rows) or chain.rows[seq - 1][7] != digest:
                raise FloorStaffTampered(f"this table saw {seq} staff changes, but the database holds "
                                         f"{len(chain.rows)} that do not include them: changes were removed")
        if chain.rows and (seen is None or seen[1] != len(chain.rows) or seen[0] != first):
            self._cache.execute("BEGIN IMMEDIATE")
            self._cache.execute("DELETE FROM chain_seen")
            self._cache.execute("INSERT INTO chain_seen VALUES (?, ?, ?)", (first, len(chain.rows), chain.rows[-1][7]))
            self._cache.execute("COMMIT")

    def _attempt(self, db: psycopg.Connection[tuple[Any, ...]], name: str, secret: str,
                 now: float) -> tuple[Account | None, bool, bool]:
        """Try the PIN under the account's turn (attempts on it made at once on several tables wait for one
        another, so each is counted): the account as the attempt leaves it, whether the PIN was right, and
        whether the account was locked before it (an attempt then is neither checked nor kept)."""
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(hashtext('rptable floor staff ' || %s))", (name,))
            account = self._chain(db).accounts.get(name)
            if account is None:
                _derive(secret, b"0" * 16)  # a refusal costs what a check does
                return None, False, False
            before = self._state(db, account, now)
            if before[8] > now:
                _derive(secret, b"0" * 16)
                return before, False, True
            right = _right(secret, before)
            self._record(db, name, "login" if right else "failed", now)
            return self._state(db, account, now), right, False

    def _state(self, db: psycopg.Connection[tuple[Any, ...]], account: StaffAccount, now: float) -> Account:
        # PINs tried at the tables (rows the tables' role wrote) lock the account at the tables, never on the pit's
        # or the admin's own connections: whoever holds a table's URL can write "failed" rows, and must not be able
        # to keep the admin who would unlock the account out too.
        attempts = db.execute("SELECT at, outcome FROM floor_staff_attempts WHERE name = %s "
                              "AND (written_by <> %s OR session_user = %s) ORDER BY at, attempt",
                              (account.name, TABLES_ROLE, TABLES_ROLE)).fetchall()
        failures, locked_until, _ = lock_state([(float(a), str(o)) for a, o in attempts], since=account.unlocked_at,
                                               now=now)
        return (account.role.value, account.salt, account.key, SCRYPT_N, SCRYPT_R, SCRYPT_P, account.disabled,
                failures, locked_until)

    def _record(self, db: psycopg.Connection[tuple[Any, ...]], name: str, outcome: str, at: float) -> None:
        db.execute("INSERT INTO floor_staff_attempts (at, name, outcome, table_id) VALUES (%s, %s, %s, %s)",
                   (at, name, outcome, self.table_id))

    def _change(self, by: User, action: str, name: str, words: str) -> None:
        def append(db: psycopg.Connection[tuple[Any, ...]]) -> None:
            with db.transaction():
                db.execute(_CHANGES_LOCK)
                chain = self._chain(db)
                chain.need_admin(by, words)
                if name not in chain.accounts:
                    raise AuthError(f"There is no account named '{name}'.")
                if action == "disable" and [a.name for a in chain.accounts.values()
                                            if a.role is Role.ADMIN and not a.disabled] == [name]:
                    raise AuthError(f"'{name}' is the last admin who can manage the accounts: add another admin "
                                    "first.")
                self._append(db, chain, _staff_key(chain.public), by, action, name, {})
        self._must(append)
        self.sync()

    def _append(self, db: psycopg.Connection[tuple[Any, ...]], chain: StaffChain, key: SigningKey, by: User | None,
                action: str, name: str, detail: dict[str, Any]) -> None:
        seq, prev = len(chain.rows) + 1, chain.head
        at = float(self.clock())
        text = json.dumps(detail, sort_keys=True, separators=(",", ":"))
        actor = by.label if by is not None else None
        digest = account_hash(seq, at, actor, action, name, text, prev)
        sig = base64.b64encode(key.sign(change_text(digest))).decode()
        db.execute("INSERT INTO floor_staff_changes (seq, at, actor, action, name, detail, prev_hash, hash, key_id, "
                   "sig) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                   (seq, at, actor, action, name, text, prev, digest, key.public.key_id, sig))

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
        except psycopg.errors.InsufficientPrivilege as err:
            self._db_rollback()
            raise AuthError(f"The floor database refused this program's database user ({err.diag.message_primary}):"
                            " changes to the floor's staff are made with the admin's URL that `rptable floor init` "
                            "printed, and a table's URL may only read them.") from err
        except (FloorError, psycopg.OperationalError) as err:
            self.offline_reason = str(err)
            if self._db is not None:
                with suppress(Exception):
                    self._db.close()
            self._db = None
            return None

    def _db_rollback(self) -> None:
        if self._db is not None:
            with suppress(Exception):
                self._db.rollback()

    def _must(self, question: Callable[[psycopg.Connection[tuple[Any, ...]]], Any]) -> Any:
        answer = self._ask(question)
        if answer is None and self.offline_reason:
            raise AuthError(f"Accounts are changed and listed only in the floor database, which cannot be reached "
                            f"now: {self.offline_reason}")
        return answer


@dataclass
class StaffChain:
    """The floor's staff changes, checked, and the accounts they make."""

    rows: list[tuple[Any, ...]]
    accounts: dict[str, StaffAccount]
    public: PublicKey | None

    @property
    def head(self) -> str:
        return str(self.rows[-1][7]) if self.rows else GENESIS

    @classmethod
    def checked(cls, rows: list[tuple[Any, ...]], public: PublicKey | None,
                known: tuple[PublicKey | None, list[str]] = (None, [])) -> StaffChain:
        """The changes checked one by one: each follows the one before it, its hash is its content's, and the staff
        key signed it. `known`: the key and the hashes of changes checked before with it, whose signatures are not
        checked again (their content is: its hash must still be the one signed)."""
        if rows and public is None:
            raise AuthError(f"The floor's staff key is not pinned on this machine ({pinned_key_path()}), so its "
                            "accounts cannot be checked: copy floor-staff.pub from the admin's machine (the data "
                            "folder's keys/) there, readable by the table and writable only by root, or name it "
                            f"with {STAFF_PUBKEY_ENV}.", "tampered")
        accounts: dict[str, StaffAccount] = {}
        prev = GENESIS
        for expected, row in enumerate(rows, start=1):
            seq, at, actor, action, name, text, row_prev, digest, _key_id, sig, written_by = row
            what = f"staff change {seq} ({action} {name}, written by database user {written_by or '?'})"
            if seq != expected:
                raise FloorStaffTampered(f"{what} follows change {expected - 1}: changes were removed or inserted")
            if row_prev != prev or account_hash(seq, at, actor, action, name, text, prev) != digest:
                raise FloorStaffTampered(f"{what} was changed after it was written")
            assert public is not None
            signed_before = known[0] == public and expected <= len(known[1]) and known[1][expected - 1] == digest
            try:
                signature = base64.b64decode(sig, validate=True)
            except (ValueError, binascii.Error):
                signature = b""
            if not signed_before and not public.verifies(signature, change_text(digest)):
                raise FloorStaffTampered(f"{what} is not signed by the floor's staff key pinned here (key "
                                         f"{public.key_id}): it was written by someone other than an admin of the "
                                         "floor")
            try:
                _fold(accounts, float(at), str(action), str(name), json.loads(text), str(actor or ""))
            except (ValueError, KeyError, TypeError, binascii.Error) as err:
                raise FloorStaffTampered(f"{what} cannot be read ({err})") from err
            prev = digest
        return cls(list(rows), accounts, public)

    def need_admin(self, by: User | None, words: str) -> None:
        account = self.accounts.get(by.name) if by is not None else None
        if by is None or not by.may(Role.ADMIN) or account is None or account.disabled \
                or account.role is not Role.ADMIN:
            raise AuthError(f"Only an admin may {words}.")


def _fold(accounts: dict[str, StaffAccount], at: float, action: str, name: str, detail: dict[str, Any],
          actor: str) -> None:
    if action == "add":
        if name in accounts:
            raise ValueError(f"a second account named {name}")
        if not accounts and (actor or detail.get("role") != Role.ADMIN.value):
            raise ValueError("the first account is not an admin made by nobody")
        accounts[name] = StaffAccount(name, Role(detail["role"]), base64.b64decode(detail["salt"]),
                                      base64.b64decode(detail["key"]))
        return
    account = accounts[name]
    if action in ("disable", "enable"):
        account.disabled = action == "disable"
    elif action == "role":
        account.role = Role(detail["role"])
    elif action == "secret":
        account.salt, account.key = base64.b64decode(detail["salt"]), base64.b64decode(detail["key"])
    elif action == "unlock":
        account.unlocked_at = at
    else:
        raise ValueError(f"no such change: {action}")


def _first_staff_key() -> SigningKey:
    """The key the first admin's change is signed with: this machine's staff key (made now if there is none),
    which must be the one pinned here when one is."""
    try:
        key = SigningKey.load_or_create(staff_key_path())
    except SigningKeyError as err:
        raise AuthError(f"The floor's staff key cannot be made: {err}") from err
    pinned = pinned_key_path()
    if not pinned.exists():
        with suppress(OSError):
            pinned.parent.mkdir(parents=True, exist_ok=True)
            pinned.write_text(key.public.pem())
    return _staff_key(pinned_key())


def _staff_key(public: PublicKey | None) -> SigningKey:
    """The floor's staff key on this machine, which must be the one the floor's changes are checked with."""
    path = staff_key_path()
    if not path.exists():
        raise AuthError(f"Changes to the floor's staff are signed with the floor's staff key, which is not on this "
                        f"machine ({path}): make them on the admin's machine, where the first admin was made, or "
                        f"name the key with {STAFF_KEY_ENV}.")
    try:
        key = SigningKey.load(path)
    except SigningKeyError as err:
        raise AuthError(str(err)) from err
    if public is not None and key.public != public:
        raise AuthError(f"The staff key {path} is not the floor's staff key pinned here (key {public.key_id}): the "
                        "floor's staff are changed only with the key that made its first admin.")
    return key


def _no_unsigned_staff(db: psycopg.Connection[tuple[Any, ...]]) -> None:
    """Refuse a floor whose staff an earlier rptable kept as rows anyone holding the URL could edit."""
    found = db.execute("SELECT to_regclass('floor_staff') IS NOT NULL").fetchone()
    if found is not None and found[0]:
        held = db.execute("SELECT count(*) FROM floor_staff").fetchone()
        if held is not None and held[0]:
            raise AuthError(f"The floor's {held[0]} staff accounts were made by an earlier rptable, which kept them as "
                            "rows anyone holding the database's URL could edit. Run `rptable floor init --db URL` as "
                            "the database's owner (it sets them aside), then make the first admin with `rptable users "
                            "--db URL bootstrap NAME` and add the staff again.")


def staff_roles(db: psycopg.Connection[tuple[Any, ...]]) -> dict[str, User]:
    """Each account of the floor's staff as its signed changes make it (for a check made inside another
    transaction, such as a jackpot's confirmation); FloorStaffTampered when they cannot be trusted."""
    rows = db.execute(f"SELECT {_CHANGE_COLUMNS} FROM floor_staff_changes ORDER BY seq").fetchall()
    if not rows:
        _no_unsigned_staff(db)
    chain = StaffChain.checked(rows, pinned_key() if rows else None)
    return {name: User(name, a.role, a.disabled) for name, a in chain.accounts.items()}


def _cached(row: Account) -> tuple[Any, ...]:
    return (row[0], bytes(row[1]), bytes(row[2]), row[3], row[4], row[5], int(row[6]), row[7], row[8])


def _right(secret: str, row: Any) -> bool:
    """The secret checked at the cost the program fixes, whatever cost the row says (it could be lowered)."""
    _role, salt, key = row[:3]
    return hmac.compare_digest(_derive(secret, bytes(salt)), bytes(key))


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


def open_accounts(where: str, *, table_id: str = "") -> UserStore | FloorUserStore:
    """The staff accounts a table uses: the floor's (cached beside the table's data) when `where` is the floor's
    database URL, else the accounts file at `where`."""
    if not is_floor_url(where):
        return UserStore(where)
    digest = hashlib.sha256(where.encode()).hexdigest()[:12]
    return FloorUserStore(where, data_dir() / "staff-cache" / f"{digest}.db", table_id=table_id)
