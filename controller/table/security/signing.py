"""The table's signing key: an Ed25519 key pair that proves who wrote a journal, and the seals it puts on one.

Each table has its own key pair, made the first time the table opens (or `rptable table pubkey` asks for it),
kept in the data folder (`keys/T1.key`, readable by the table's user only). The public key is exported with
`rptable table pubkey` and given to whoever checks the journal (`audit verify --pubkey`, the replica).

A seal is a `table.signature` event over the hash chain's head: the seq and hash of the event just before it,
signed. Because every event carries its predecessor's hash, one seal vouches for every event before it, so the
table seals once per commit that holds something worth proving (a closed round, a fault, an override, an
account's or the program's change: `must_seal`), not once per event: a round of cards costs one signature
however many events it has, and `audit verify` checks one signature per round instead of one per event. The
seal is written in the same transaction as the events it covers, so no crash leaves them unsealed.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from controller.table.file_modes import create_private, private_folder
from controller.table.journal import JournalEntry, NewEvent
from controller.table.table_events import Signature
from drivers.named_files import read_named_file
from drivers.paths import data_dir

# Engine events that close a round or override it: sealed like the table's own events.
_SEALED_ROUND_EVENTS = frozenset({"RoundClosed", "CardFault", "FaultResolved", "RoundVoided"})
KEY_SUFFIX = ".key"
PRIVATE_KEY_BYTES = 32  # an Ed25519 private key, as the table keeps it
MAX_KEY_FILE_BYTES = 64 * 1024  # a key file is 32 bytes, a PEM 113: far more is not a key (nor read whole)
SEAL_ACTOR = "table"


class SigningKeyError(Exception):
    """A key that cannot be read, made or used; the message says which file and what to do."""


def must_seal(kind: str) -> bool:
    """Whether an event of this kind must be covered by a seal before its commit ends: every table event (a
    fault, an override, a confirmation, a dealer, the rules, the program) and a round's close, fault and
    overrides. Cards and decisions in a round still in play are sealed with the round's close."""
    return (kind.startswith("table.") and kind != Signature.KIND) or kind in _SEALED_ROUND_EVENTS


def seal_message(table_id: str, seq: int, head: str) -> bytes:
    """The bytes a seal signs: the table and the chain's head (the seq and hash of the event before the seal)."""
    return f"rptable-journal-seal/1\x1f{table_id}\x1f{seq}\x1f{head}".encode()


@dataclass(frozen=True, slots=True)
class PublicKey:
    """A table's public key: checks its seals. `key_id` names it in words short enough to compare by eye."""

    raw: bytes

    @property
    def key_id(self) -> str:
        return hashlib.sha256(self.raw).hexdigest()[:16]

    def verifies(self, signature: bytes, message: bytes) -> bool:
        try:
            Ed25519PublicKey.from_public_bytes(self.raw).verify(signature, message)
        except (InvalidSignature, ValueError):
            return False
        return True

    def pem(self) -> str:
        """The key as PEM (SubjectPublicKeyInfo), which any Ed25519 tool reads (openssl pkey -pubin)."""
        key = Ed25519PublicKey.from_public_bytes(self.raw)
        return key.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()

    def text(self) -> str:
        """The raw key in base64, as a seal carries it."""
        return base64.b64encode(self.raw).decode()

    @classmethod
    def from_text(cls, text: str) -> PublicKey:
        """A key from PEM (what `rptable table pubkey` prints) or from its raw base64; SigningKeyError if neither."""
        text = text.strip()
        try:
            if text.startswith("-----BEGIN"):
                key = serialization.load_pem_public_key(text.encode())
                if not isinstance(key, Ed25519PublicKey):
                    raise SigningKeyError("The key given is not an Ed25519 public key (`rptable table pubkey` "
                                          "prints one).")
                return cls(key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw))
            raw = base64.b64decode(text, validate=True)
        except (ValueError, binascii.Error) as err:
            raise SigningKeyError(f"The public key cannot be read ({err}): give the PEM that `rptable table pubkey` "
                                  "prints.") from err
        if len(raw) != 32:
            raise SigningKeyError("The public key cannot be read: an Ed25519 key is 32 bytes. Give the PEM that "
                                  "`rptable table pubkey` prints.")
        return cls(raw)

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> PublicKey:
        try:
            text = read_named_file(path, MAX_KEY_FILE_BYTES).decode("utf-8", errors="replace")
        except OSError as err:
            raise SigningKeyError(f"The public key {path} cannot be read: {err.strerror or err}.") from err
        return cls.from_text(text)


class SigningKey:
    """A private Ed25519 key kept in a file only its owner may read."""

    def __init__(self, private: Ed25519PrivateKey, path: Path | None = None) -> None:
        self._private = private
        self.path = path
        self.public = PublicKey(private.public_key().public_bytes(serialization.Encoding.Raw,
                                                                  serialization.PublicFormat.Raw))

    def sign(self, message: bytes) -> bytes:
        return self._private.sign(message)

    @classmethod
    def generate(cls) -> SigningKey:
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> SigningKey:
        path = Path(path)
        try:
            raw = read_named_file(path, MAX_KEY_FILE_BYTES)
        except OSError as err:
            raise SigningKeyError(f"The signing key {path} cannot be read: {err.strerror or err}.") from err
        if len(raw) != PRIVATE_KEY_BYTES:
            raise SigningKeyError(f"{path} is not a signing key rptable made (it is {len(raw)} bytes, not "
                                  f"{PRIVATE_KEY_BYTES}): it was damaged or replaced. Restore it from the casino's "
                                  "key backup.")
        return cls(Ed25519PrivateKey.from_private_bytes(raw), path)

    @classmethod
    def load_or_create(cls, path: str | os.PathLike[str]) -> SigningKey:
        """The key in `path`, made there first (owner-only, 0600) if there is none."""
        path = Path(path)
        if path.exists():
            return cls.load(path)
        key = cls.generate()
        raw = key._private.private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw,
                                         serialization.NoEncryption())
        try:
            private_folder(path.parent)
            create_private(path, raw)
        except FileExistsError:  # made meanwhile by another program for the same table: that one counts
            return cls.load(path)
        except OSError as err:
            raise SigningKeyError(f"The signing key {path} cannot be made: {err.strerror or err}.") from err
        key.path = path
        return key


def table_key_path(table_id: str) -> Path:
    """Where a table keeps its private key: the data folder's keys/ (RPTABLE_DATA_DIR moves it)."""
    return data_dir() / "keys" / f"{table_id}{KEY_SUFFIX}"


def table_key(table_id: str) -> SigningKey:
    """The table's signing key, made on first use."""
    return SigningKey.load_or_create(table_key_path(table_id))


def known_public_key(table_id: str) -> PublicKey | None:
    """The table's own public key, when this machine holds the table's key (None elsewhere)."""
    path = table_key_path(table_id)
    return SigningKey.load(path).public if path.exists() else None


class Sealer:
    """Given to a journal (`Journal.sealer`): for the entries of one commit, the seal that must end it, or None
    when nothing in them needs one."""

    def __init__(self, key: SigningKey) -> None:
        self.key = key

    def __call__(self, entries: Sequence[JournalEntry]) -> NewEvent | None:
        if not any(must_seal(entry.kind) for entry in entries):
            return None
        head = entries[-1]
        signature = self.key.sign(seal_message(head.table_id, head.seq, head.hash))
        seal = Signature(self.key.public.key_id, head.seq, head.hash, base64.b64encode(signature).decode(),
                         self.key.public.text())
        return NewEvent(Signature.KIND, seal.payload(), head.at, None, SEAL_ACTOR)
