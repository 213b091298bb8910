"""A journal's rows: the entry as stored, its columns, and the hash that chains each to its predecessor."""

from __future__ import annotations

import json
from dataclasses import dataclass
from hashlib import sha256
from typing import Any

GENESIS_HASH = "0" * 64


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """An event as it stands in the journal."""

    seq: int
    table_id: str
    at: float
    round_id: str | None
    kind: str
    version: int
    actor: str | None
    payload: dict[str, Any]
    prev_hash: str
    hash: str
    payload_json: str  # the payload exactly as stored (what the hash covers)


# The stored row's columns, in order: what the chain hashes and `audit verify` reads.
COLUMNS = "seq, table_id, at, round_id, kind, version, actor, payload, prev_hash, hash"


def stored_row(e: JournalEntry) -> tuple[Any, ...]:
    """The entry as its stored row (COLUMNS)."""
    return e.seq, e.table_id, e.at, e.round_id, e.kind, e.version, e.actor, e.payload_json, e.prev_hash, e.hash


NUL = "\x00"


def entry_hash(
    seq: int, table_id: str, at: float, round_id: str | None, kind: str, version: int, actor: str | None,
    payload_json: str, prev_hash: str,
) -> str:
    """SHA-256 over every field of the entry and its predecessor's hash, in one canonical byte form.

    The fields are joined by U+001F (unit separator), which none can hold: the payload is JSON (control
    characters escaped), names and ids are plain text rptable makes. None is written as NUL, which no field
    can hold either, so a missing value differs from an empty one."""
    text = (f"{seq}\x1f{table_id}\x1f{float(at)!r}\x1f{NUL if round_id is None else round_id}\x1f{kind}\x1f"
            f"{version}\x1f{NUL if actor is None else actor}\x1f{payload_json}\x1f{prev_hash}")
    return sha256(text.encode()).hexdigest()


_CANONICAL_JSON = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def payload_to_json(payload: dict[str, Any]) -> str:
    """The payload's canonical text, as stored and hashed (keys sorted, no spaces, UTF-8 as is)."""
    return _CANONICAL_JSON.encode(payload)
