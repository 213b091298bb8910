"""Staff accounts and roles: who may deal, who may override (pit boss), who manages accounts (admin).

The accounts are a signed history, not rows to edit: every change (an account added, disabled, re-enabled,
its role or secret changed, a lockout lifted) and every login attempt is an event, chained by SHA-256 to the
one before it and signed with the store's Ed25519 key (`users.db.key` beside it, owner-only); an account is
what its events make it. A store whose events were edited, inserted, removed or re-signed by another key, or
whose key or file is gone while the other remains, is tampered: it authenticates nobody (`AccountsTampered`)
and the table raises a fault. The head file beside it (`users.db.head`) records the last event written, so
events cut from the end are missed too.

Secrets (a PIN or a password: text of 6 to 128 characters, not all one character, not a run such as 123456 or
fedcba, not a short block repeated such as 121212, not one of the PINs and passwords people choose most, nor a shape
a guesser tries next: a walk along the keys, each character twice, two sequences woven together, a common word with
a number (controller.table.security.common_secrets), not the name, nor the name with a number) are kept only as
scrypt keys with a per-account salt, at a cost the program fixes. The first admin is made only by `rptable users
bootstrap`. Three wrong secrets in a row lock an account for 5 minutes, each further lockout twice as long up to
30 minutes; the last admin who can still manage accounts is never locked for more than 5 minutes, and an admin may
lift any lockout.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import hmac
import itertools
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from controller.table.file_modes import create_private, private_folder, touch_private
from controller.table.security.accounts_pin import Pin, PinError, pin_path, pinned
from controller.table.security.common_secrets import (
    COMMON_SECRETS,
    doubled,
    keyboard_walk,
    name_and_number,
    word_and_number,
    woven,
)
from controller.table.security.signing import PublicKey, SigningKey, SigningKeyError
from drivers.named_files import read_named_text, regular_file_problem

MAX_FAILURES = 3
LOCKOUT_SECONDS = 5 * 60  # the first lockout; each further one doubles, up to MAX_LOCKOUT_SECONDS
MAX_LOCKOUT_SECONDS = 30 * 60
MIN_SECRET_LENGTH = 6
MAX_SECRET_LENGTH = 128  # a passphrase fits; a line of noise does not
# scrypt cost, fixed by the program (never read from the store): ~50 ms per check here.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
GENESIS = "0" * 64
_MAX_HEAD_BYTES = 4096  # the head file is one line of JSON: a seq and a hash


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
    the account's `role` is not enough for `need`), "tampered" (the store was edited: nobody logs in), or ""
    (anything else: the message says it)."""

    def __init__(self, message: str, why: str = "", *, name: str = "", minutes: int = 0,
                 role: Role | None = None, need: Role | None = None) -> None:
        super().__init__(message)
        self.why, self.name, self.minutes, self.role, self.need = why, name, minutes, role, need


class AccountsTampered(AuthError):
    """The accounts store was changed behind the program's back: nobody is authenticated until it is restored."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"The staff accounts were tampered with: {problem}. Nobody can log in until an admin "
                         "restores the accounts file from its backup (with its .key and .head files).", "tampered")
        self.problem = problem


class AccountsFileError(Exception):
    """The accounts file cannot be used (a folder, another program's file, a table's journal, a bad path)."""


@dataclass(frozen=True, slots=True)
class StoreAnchor:
    """What vouches for a store from outside it: its key's fingerprint (SHA-256 of the raw public key), its first
    event's hash (the first admin's record), and its last event (seq, hash). The pin holds the first two; a
    table's journal records all four as it sees them (controller.table.table_events.AccountsSeen)."""

    key: str
    first: str
    seq: int
    head: str

    @property
    def pin(self) -> Pin:
        return Pin(self.key, self.first)


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


@dataclass
class Account:
    """An account as its events leave it."""

    name: str
    role: Role
    salt: bytes
    key: bytes
    disabled: bool = False
    failures: int = 0  # wrong secrets since the last lockout or login
    lockouts: int = 0  # lockouts since the last login
    locked_until: float = 0.0
    # (time, role, disabled) from each change on: what the account was at any moment
    timeline: list[tuple[float, Role, bool]] = field(default_factory=list)

    @property
    def user(self) -> User:
        return User(self.name, self.role, self.disabled)


_SCHEMA = """
CREATE TABLE IF NOT EXISTS account_events (
    seq INTEGER PRIMARY KEY, at REAL NOT NULL, actor TEXT, action TEXT NOT NULL, name TEXT NOT NULL,
    detail TEXT NOT NULL, prev_hash TEXT NOT NULL, hash TEXT NOT NULL, sig TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS account_events_no_update BEFORE UPDATE ON account_events
    BEGIN SELECT RAISE(ABORT, 'the account log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS account_events_no_delete BEFORE DELETE ON account_events
    BEGIN SELECT RAISE(ABORT, 'the account log is append-only'); END;
"""
_COLUMNS = "seq, at, actor, action, name, detail, prev_hash, hash, sig"
_CHANGES = ("add", "disable", "enable", "role", "secret", "unlock")  # what an admin does (a bootstrap is an add)


def account_hash(seq: int, at: float, actor: str | None, action: str, name: str, detail: str, prev: str) -> str:
    who = actor if actor is not None else "\x00"
    text = f"{seq}\x1f{float(at)!r}\x1f{who}\x1f{action}\x1f{name}\x1f{detail}\x1f{prev}"
    return hashlib.sha256(text.encode()).hexdigest()


def _signed_text(digest: str) -> bytes:
    return f"rptable-accounts/1\x1f{digest}".encode()


class UserStore:
    """The accounts of one casino (or one table), in a small SQLite file with its key and head beside it."""

    def __init__(self, path: str | os.PathLike[str], clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self.clock = clock
        self.key_path = Path(f"{self.path}.key")
        self.head_path = Path(f"{self.path}.head")
        self._accounts: dict[str, Account] = {}
        self._seq, self._hash = 0, GENESIS
        self._digests: list[str] = []  # each event's hash as folded: what a later look finds them unchanged against
        self._public: PublicKey | None = None
        self.problem: str | None = None  # why the store is tampered, once found (it stays so)
        try:
            if self.path.is_dir():
                raise AccountsFileError(f"{self.path} is a folder: give the accounts file (e.g. {self.path}/users.db).")
            problem = regular_file_problem(self.path)  # SQLite would wait for ever on a FIFO
            if problem is not None:
                raise AccountsFileError(f"{self.path} cannot be the accounts file: {problem} (--users).")
            private_folder(self.path.parent)
            touch_private(self.path)
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except OSError as err:
            raise AccountsFileError(f"The accounts file {self.path} cannot be opened: {err.strerror or err}.") from err
        except ValueError as err:  # a path no file can have (a NUL in it)
            raise AccountsFileError(f"{str(self.path)!r} is not a usable path: {err}.") from err
        except sqlite3.Error as err:
            raise AccountsFileError(f"The accounts file {self.path} cannot be opened: {err}.") from err
        try:
            tables = _tables(self._db)
            if "users" in tables and "account_events" not in tables:
                raise AccountsFileError(
                    f"{self.path} was made by an earlier rptable, whose accounts could be edited unseen. Move it "
                    "aside, make the first admin with `rptable users bootstrap NAME`, and add the staff again.")
            others = [t for t in tables if t != "account_events" and not t.startswith("sqlite_")]
            if others:
                raise AccountsFileError(
                    f"{self.path} is not an accounts file: it holds {', '.join(others[:4])}"
                    f"{' (a table journal)' if 'events' in others else ''}. Give the accounts file (--users).")
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
            self._check_whole()
        except sqlite3.Error as err:
            self._db.close()
            raise AccountsFileError(f"{self.path} cannot be used as the accounts file: {err}.") from err
        except BaseException:
            self._db.close()
            raise

    def close(self) -> None:
        self._db.close()

    # -- reading ------------------------------------------------------------------------------------------
    @property
    def tampered(self) -> str | None:
        """Why the store cannot be trusted (None when it can), read afresh in full: every event folded before
        still there and unchanged, the new ones checked and folded, the head and the key beside it as they were.
        A store edited while the program runs is found at the next look (a login attempt, an override)."""
        try:
            self._recheck()
        except sqlite3.Error as err:
            self.problem = self.problem or f"its file cannot be read ({err})"
        return self.problem

    def is_empty(self) -> bool:
        self._refresh()
        return not self._accounts

    def accounts(self) -> list[User]:
        """Every account, in name order; AccountsTampered when the store cannot be trusted (its events fold only up
        to the first bad one: a part of the accounts is no answer)."""
        problem = self.tampered
        if problem is not None:
            raise AccountsTampered(problem)
        return [self._accounts[name].user for name in sorted(self._accounts)]

    def anchor(self) -> StoreAnchor | None:
        """The store's anchor as it stands (None for a store that holds no event yet); AccountsTampered when it
        cannot be trusted."""
        problem = self.tampered
        if problem is not None:
            raise AccountsTampered(problem)
        if not self._seq or self._public is None:
            return None
        return StoreAnchor(hashlib.sha256(self._public.raw).hexdigest(), self._digests[0], self._seq, self._hash)

    def reaches(self, seq: int, digest: str) -> bool:
        """Whether the store holds event `seq` with this hash (what a journal saw it hold once)."""
        return 0 < seq <= len(self._digests) and self._digests[seq - 1] == digest

    def log(self) -> list[tuple[float, str | None, str, str, str]]:
        """Every event: (time, who did it, action, account, detail without the secret's key)."""
        rows = self._db.execute("SELECT at, actor, action, name, detail FROM account_events ORDER BY seq").fetchall()
        return [(at, actor, action, name, _public_detail(detail)) for at, actor, action, name, detail in rows]

    def holds(self, name: str, need: Role, at: float | None = None) -> bool:
        """Whether the account `name` existed, was enabled and held at least the role `need` at `at` (default:
        now); False too while the store is tampered."""
        self._refresh()
        if self.problem is not None:
            return False
        return held(self._accounts.get(name), need, at)

    def timelines(self) -> dict[str, list[tuple[float, Role, bool]]]:
        """Each account's (time, role, disabled) from each change on: what `audit verify --users` checks
        overrides against. AccountsTampered when the store cannot be trusted."""
        self._refresh()
        if self.problem is not None:
            raise AccountsTampered(self.problem)
        return {name: list(account.timeline) for name, account in self._accounts.items()}

    # -- changing -----------------------------------------------------------------------------------------
    def bootstrap(self, name: str, secret: str) -> User:
        """The first admin of a new store (and the store's signing key); refused once the store has ever held
        an account."""
        name = usable_account(name, secret)
        with self._writing():
            if self._seq or self.key_path.exists():
                raise AuthError("This accounts store has been set up already: an admin adds accounts "
                                "(rptable users add NAME --role ROLE --admin ADMIN).")
            if self._pin() is not None:  # the pin names this store: it was there, and is gone
                raise AccountsTampered(self._pinned_gone())
            key = SigningKey.load_or_create(self.key_path)
            self._public = key.public
            self._append(key, None, "add", name, {"role": Role.ADMIN.value, **_secret_detail(secret),
                                                  "bootstrap": True})
        return User(name, Role.ADMIN)

    def add(self, name: str, role: Role, secret: str, *, by: User | None) -> User:
        """Create an account: only an admin may (the first admin comes from `bootstrap`)."""
        name = usable_account(name, secret)
        with self._writing() as key:
            self._need_admin(by, "add accounts")
            if name in self._accounts:
                raise AuthError(f"There is already an account named '{name}'.")
            self._append(key, by, "add", name, {"role": role.value, **_secret_detail(secret)})
        return User(name, role)

    def disable(self, name: str, *, by: User) -> None:
        self._change(by, "disable", name, {}, "disable accounts")

    def enable(self, name: str, *, by: User) -> None:
        self._change(by, "enable", name, {}, "enable accounts")

    def set_role(self, name: str, role: Role, *, by: User) -> None:
        self._change(by, "role", name, {"role": role.value}, "change roles")

    def set_secret(self, name: str, secret: str, *, by: User) -> None:
        """A new PIN or password: by an admin, or by the account's own holder."""
        usable_account(name, secret)
        self._change(by, "secret", name, _secret_detail(secret), "change another's PIN", own=True)

    def unlock(self, name: str, *, by: User) -> None:
        """Lift a lockout (an admin, after checking who was trying)."""
        self._change(by, "unlock", name, {}, "lift lockouts")

    def authenticate(self, name: str, secret: str, *, need: Role = Role.DEALER) -> User:
        """The user, if the secret is right, the account usable and its role enough for `need`.

        The attempt is journaled before the secret is checked, under the database's write lock, so guesses
        made in parallel all count; a right secret then journals the login, which clears the count. Every
        refusal costs one scrypt, so its timing does not tell which names exist."""
        now = self.clock()
        with self._writing() as key:
            account = self._accounts.get(name)
            was_locked = account is not None and account.locked_until > now
            if account is not None and not was_locked:
                self._append(key, None, "login_attempt", name, {})
        if account is None:
            _derive(secret, b"0" * 16)
            raise AuthError("Name or PIN is wrong.", "wrong", name=name)
        right = hmac.compare_digest(_derive(secret, account.salt), account.key)
        if was_locked:
            minutes = max(1, round((account.locked_until - now) / 60))
            raise AuthError(f"Too many wrong PINs: '{name}' is locked for about {minutes} more minute(s). Wait "
                            "and try again, or ask an admin to unlock it.", "locked", name=name, minutes=minutes)
        if not right:
            if account.locked_until > now:  # this attempt locked it (the fold of the attempt above)
                minutes = max(1, round((account.locked_until - now) / 60))
                raise AuthError(f"Name or PIN is wrong. '{name}' is now locked for {minutes} minutes: wait, or "
                                "ask an admin to unlock it.", "locked_now", name=name, minutes=minutes)
            raise AuthError("Name or PIN is wrong.", "wrong", name=name)
        with self._writing() as key:
            self._append(key, None, "login", name, {})
        return admitted(name, account.role.value, account.disabled, need)

    # -- inside -------------------------------------------------------------------------------------------
    def _change(self, by: User, action: str, name: str, detail: dict[str, Any], words: str, own: bool = False) -> None:
        with self._writing() as key:
            if not (own and by.name == name and self.holds(name, Role.DEALER)):
                self._need_admin(by, words)
            if name not in self._accounts:
                raise AuthError(f"There is no account named '{name}'.")
            if action in ("disable", "role") and self._last_admin(name, detail):
                raise AuthError(f"'{name}' is the last admin who can manage the accounts: add another admin first.")
            self._append(key, by, action, name, detail)

    def _need_admin(self, by: User | None, words: str) -> None:
        if by is None or not by.may(Role.ADMIN) or not held(self._accounts.get(by.name), Role.ADMIN, None):
            if not self._accounts:
                raise AuthError("There is no admin yet: make the first one with `rptable users bootstrap NAME`.")
            raise AuthError(f"Only an admin may {words}.")

    def _last_admin(self, name: str, detail: dict[str, Any]) -> bool:
        admins = [a for a in self._accounts.values() if a.role is Role.ADMIN and not a.disabled]
        demoted = detail.get("role", Role.DEALER.value) != Role.ADMIN.value
        return demoted and [a.name for a in admins] == [name]

    @contextlib.contextmanager
    def _writing(self) -> Iterator[SigningKey | None]:
        """The store under its write lock, brought up to date; AccountsTampered when it cannot be trusted."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._refresh()
            if self.problem is not None:
                raise AccountsTampered(self.problem)
            key = SigningKey.load(self.key_path) if self.key_path.exists() else None
            if key is not None and self._public is not None and key.public != self._public:
                self.problem = "its key file was replaced"
                raise AccountsTampered(self.problem)
            yield key
            self._db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            raise
        self._write_head()

    def _append(self, key: SigningKey | None, by: User | None, action: str, name: str, detail: dict[str, Any]) -> None:
        if key is None:
            raise AuthError("There is no admin yet: make the first one with `rptable users bootstrap NAME`.")
        at, seq = float(self.clock()), self._seq + 1
        text = json.dumps(detail, sort_keys=True, separators=(",", ":"))
        actor = by.label if by is not None else None
        digest = account_hash(seq, at, actor, action, name, text, self._hash)
        sig = base64.b64encode(key.sign(_signed_text(digest))).decode()
        self._db.execute(f"INSERT INTO account_events ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (seq, at, actor, action, name, text, self._hash, digest, sig))
        self._fold(seq, at, action, name, detail, digest)

    def _check_whole(self) -> None:
        """Read and check every event (the store as it is on opening), then the key and the head beside it."""
        head = _read_head(self.head_path)
        self._refresh()
        if self.problem is not None:
            return
        if self._seq == 0 and self.key_path.exists():
            self.problem = "its events were erased (the store's key remains)"
        if self.problem is None:
            self._check_head(head)
        if self.problem is None:
            self._check_pin()

    def _pin(self) -> Pin | None:
        try:
            return pinned(self.path)
        except PinError as err:
            self.problem = str(err)
            raise AccountsTampered(self.problem) from err

    def _pinned_gone(self) -> str:
        self.problem = (f"the accounts pinned in {pin_path()} are gone: this store holds no event, so it was deleted "
                        "or made anew; restore the accounts files from their backup")
        return self.problem

    def _check_pin(self) -> None:
        """The store is the one root pinned for this path, if any: its key and its first admin."""
        try:
            pin = pinned(self.path)
        except PinError as err:
            self.problem = str(err)
            return
        if pin is None:
            return
        if not self._seq or self._public is None:
            self._pinned_gone()
            return
        if hashlib.sha256(self._public.raw).hexdigest() != pin.key:
            self.problem = (f"its key is not the one pinned in {pin_path()}: the store was made anew or re-signed "
                            f"with another key{self._linked_words()}")
        elif self._digests[0] != pin.first:
            self.problem = (f"its first admin is not the one pinned in {pin_path()}: the store was "
                            f"rewritten{self._linked_words()}")

    def _linked_words(self) -> str:
        """Where a store that is a link leads, said with a pin it fails: the pin is that of the path given."""
        try:
            if not self.path.is_symlink():
                return ""
            target = self.path.resolve()
        except (OSError, RuntimeError):
            return f" ({self.path.name} is a link in the store's place)"
        return f" ({self.path.name} is a link to {target}, another store put in the place of the one pinned)"

    def _check_head(self, head: tuple[int, str] | None) -> None:
        """The head file beside the store names an event it holds (events cut from the end show here). The head
        is read before the events: a writer records it only after its commit, so it is never ahead of them. A
        store that holds events and has no head file lost it: the cut would not show, so that is said."""
        if head is None and self._seq and not self.head_path.exists():
            self.problem = (f"its head file {self.head_path.name} is missing: events cut from its end would not "
                            "show; restore the three accounts files together from their backup")
        elif head is None and self._seq:  # there, but no head: a pipe, a device or other bytes in its place
            kind = regular_file_problem(self.head_path)
            what = kind.split(",")[0] if kind is not None else "it holds no head record"
            self.problem = (f"its head file {self.head_path.name} cannot be read ({what}): events cut from its end "
                            "would not show; restore the three accounts files together from their backup")
        if head is not None:
            seq, digest = head
            row = self._db.execute("SELECT hash FROM account_events WHERE seq = ?", (seq,)).fetchone()
            if seq > self._seq or (seq > 0 and (row is None or row[0] != digest)):
                self.problem = f"events up to {seq} were written, but the store holds {self._seq}: events were removed"

    def _recheck(self) -> None:
        """The whole store looked at again (see `tampered`). The events folded before are checked against the
        hashes they had then, one SHA-256 each: their signatures were checked when they were folded."""
        if self.problem is not None:
            return
        head = _read_head(self.head_path)
        rows = self._db.execute(f"SELECT {_COLUMNS} FROM account_events WHERE seq <= ? ORDER BY seq",
                                (self._seq,)).fetchall()
        if len(rows) != self._seq:
            self.problem = f"it holds {len(rows)} of the {self._seq} events it had: events were removed"
            return
        prev = GENESIS
        for row, known in zip(rows, self._digests, strict=True):
            seq, at, actor, action, name, text, row_prev, digest, _sig = row
            if row_prev != prev or digest != known or account_hash(seq, at, actor, action, name, text, prev) != known:
                self.problem = f"event {seq} was changed after it was written"
                return
            prev = known
        self._refresh()
        if self.problem is None and self._public is not None:
            try:
                if SigningKey.load(self.key_path).public != self._public:
                    self.problem = "its key file was replaced"
            except SigningKeyError:
                self.problem = "its key file is missing or damaged"
        if self.problem is None:
            self._check_head(head)
        if self.problem is None:
            self._check_pin()

    def _refresh(self) -> None:
        """Fold the events written since the last look (by this program or another), checking each."""
        if self.problem is not None:
            return
        rows = self._db.execute(f"SELECT {_COLUMNS} FROM account_events WHERE seq > ? ORDER BY seq",
                                (self._seq,)).fetchall()
        if rows and self._public is None:
            try:
                self._public = SigningKey.load(self.key_path).public
            except SigningKeyError:
                self.problem = "its key file is missing or damaged"
                return
        for seq, at, actor, action, name, text, prev, digest, sig in rows:
            problem = self._check_row(seq, at, actor, action, name, text, prev, digest, sig)
            if problem:
                self.problem = f"event {seq} {problem}"
                return
            try:
                self._fold(seq, at, action, name, json.loads(text), digest)
            except (ValueError, KeyError, TypeError, binascii.Error) as err:
                self.problem = f"event {seq} cannot be read ({err})"
                return

    def _check_row(self, seq: Any, at: Any, actor: Any, action: Any, name: Any, text: Any, prev: Any, digest: Any,
                   sig: Any) -> str:
        assert self._public is not None
        if seq != self._seq + 1:
            return f"follows event {self._seq}: events were removed or inserted"
        if prev != self._hash:
            return "does not follow the event before it: an event was changed, removed or inserted"
        try:
            if account_hash(seq, at, actor, action, name, text, prev) != digest:
                return "was changed after it was written"
            signature = base64.b64decode(sig, validate=True)
        except (TypeError, ValueError, binascii.Error):
            return "was changed after it was written"
        if not self._public.verifies(signature, _signed_text(digest)):
            return "is not signed by the store's key: it was written by another program"
        return ""

    def _fold(self, seq: int, at: float, action: str, name: str, detail: dict[str, Any], digest: str) -> None:
        accounts = self._accounts
        account = accounts.get(name)
        if action == "add":
            account = Account(name, Role(detail["role"]), base64.b64decode(detail["salt"]),
                              base64.b64decode(detail["key"]))
            accounts[name] = account
        elif account is None:
            raise KeyError(f"{action} of an account never added: {name}")
        elif action in ("disable", "enable"):
            account.disabled = action == "disable"
        elif action == "role":
            account.role = Role(detail["role"])
        elif action == "secret":
            account.salt, account.key = base64.b64decode(detail["salt"]), base64.b64decode(detail["key"])
        elif action in ("unlock", "login"):  # a login also clears the lock its own attempt may have set
            account.failures, account.lockouts, account.locked_until = 0, 0, 0.0
        elif action == "login_attempt":  # counted as wrong until a login clears it
            account.failures += 1
            if account.failures >= MAX_FAILURES:
                account.failures = 0
                account.lockouts += 1
                account.locked_until = at + self._lockout(account)
        if action in ("add", "disable", "enable", "role"):
            account.timeline.append((at, account.role, account.disabled))
        self._seq, self._hash = seq, digest
        self._digests.append(digest)

    def _lockout(self, account: Account) -> float:
        """How long this lockout lasts: doubling with each, capped; the last admin's never past the first."""
        seconds = min(LOCKOUT_SECONDS * 2 ** (account.lockouts - 1), MAX_LOCKOUT_SECONDS)
        admins = [a for a in self._accounts.values() if a.role is Role.ADMIN and not a.disabled]
        if [a.name for a in admins] == [account.name]:
            seconds = min(seconds, LOCKOUT_SECONDS)
        return float(seconds)

    def _write_head(self) -> None:
        """Record the last event written (after its commit: never ahead of the store)."""
        text = json.dumps({"seq": self._seq, "hash": self._hash}).encode()
        with contextlib.suppress(OSError):
            if not self.head_path.exists():
                create_private(self.head_path, text)
                return
            temporary = Path(f"{self.head_path}.new")
            temporary.unlink(missing_ok=True)
            create_private(temporary, text)
            temporary.replace(self.head_path)


def held(account: Account | None, need: Role, at: float | None) -> bool:
    """Whether the account was enabled and held at least `need` at `at` (None: as it is now)."""
    if account is None:
        return False
    if at is None:
        return not account.disabled and account.role.rank >= need.rank
    return holds_in(account.timeline, need, at)


def holds_in(timeline: list[tuple[float, Role, bool]], need: Role, at: float) -> bool:
    """Whether an account with this timeline (time, role, disabled) held `need`, enabled, at `at`."""
    state = None
    for since, role, disabled in timeline:
        if since > at:
            break
        state = (role, disabled)
    return state is not None and not state[1] and state[0].rank >= need.rank


def _tables(db: sqlite3.Connection) -> list[str]:
    return [str(r[0]) for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]


def _read_head(path: Path) -> tuple[int, str] | None:
    try:
        data = json.loads(read_named_text(path, _MAX_HEAD_BYTES))
        return int(data["seq"]), str(data["hash"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _secret_detail(secret: str) -> dict[str, Any]:
    salt = os.urandom(16)
    key = _derive(secret, salt)
    return {"salt": base64.b64encode(salt).decode(), "key": base64.b64encode(key).decode()}


def _public_detail(text: str) -> str:
    """An event's detail as the log shows it: the role and the like, never a secret's salt or key."""
    try:
        detail = json.loads(text)
    except ValueError:
        return text
    return str(detail.get("role", "")) if isinstance(detail, dict) else ""


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
    problem = weak_secret(name, secret)
    if problem:
        raise AuthError(problem)
    return name


def weak_secret(name: str, secret: str) -> str:
    """Why a PIN or password is too easy to guess ("" when it is not)."""
    plain = secret.strip().lower()
    if not secret.isprintable():  # control characters, or bytes that were not UTF-8 (read as lone surrogates)
        return ("A PIN or password is letters, digits, signs and spaces: what was given holds control characters "
                "or bytes that are not text.")
    if len(plain) > MAX_SECRET_LENGTH:
        return f"A PIN or password has at most {MAX_SECRET_LENGTH} characters."
    if len(plain) < MIN_SECRET_LENGTH:
        return f"A PIN or password needs at least {MIN_SECRET_LENGTH} characters (spaces at the ends do not count)."
    if len(set(plain)) == 1:
        return "A PIN or password cannot be one character repeated (111111)."
    steps = {ord(b) - ord(a) for a, b in itertools.pairwise(plain)}
    if steps in ({1}, {-1}):
        return "A PIN or password cannot be a run (123456, 654321, abcdef)."
    if _repeated_block(plain):
        return "A PIN or password cannot be a few characters repeated (121212, 123123)."
    if plain in COMMON_SECRETS:
        return ("A PIN or password cannot be one of those people choose most (such as 112233, 159753 or qwerty): "
                "a guesser tries them first.")
    if keyboard_walk(plain):
        return "A PIN or password cannot be a walk along the keys (qwerty, 1qaz2wsx, 741852963)."
    if doubled(plain):
        return "A PIN or password cannot be characters each written twice (112233, 11223344)."
    if woven(plain):
        return "A PIN or password cannot be two sequences woven together (a1b2c3, q1w2e3r4, 142536)."
    if word_and_number(plain):
        return "A PIN or password cannot be a common word with a number beside it (pass123, 123abc, qwerty1)."
    if plain in (name.lower(), name.lower()[::-1]):
        return "A PIN or password cannot be the account's name."
    if name_and_number(name.strip(), plain):
        return "A PIN or password cannot be the account's name with a number or a sequence (anna2024, ivan123)."
    return ""


def _repeated_block(plain: str) -> bool:
    """Whether the text is one short block written again and again (121212, 123123, abcabc)."""
    return any(len(plain) % size == 0 and plain == plain[:size] * (len(plain) // size)
               for size in range(2, len(plain) // 2 + 1))


def _derive(secret: str, salt: bytes) -> bytes:
    """A PIN's key at the cost the program fixes (SCRYPT_*, read here at each call: the one place it is read)."""
    # surrogatepass: a PIN tried with bytes that were not text derives a key no stored PIN has (those are text),
    # so it is wrong, as any other wrong PIN, instead of an error.
    return hashlib.scrypt(secret.encode("utf-8", "surrogatepass"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P,
                          dklen=32)
