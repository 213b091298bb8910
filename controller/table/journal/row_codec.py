"""How a journal row is kept on disk, in half the bytes or less, and read back as the row the chain hashes.

A row as the chain knows it (`COLUMNS`: seq, table id, time, round, kind, version, actor, the payload's JSON text,
the predecessor's hash, its own hash, both as 64 hex digits) is what every reader gets. On disk a row written by
this version keeps:

- its payload deflated against a fixed dictionary of the events' own words (`DICTIONARY_1`), behind a byte that
  names that dictionary (a payload of 72 bytes takes about 12); the hash covers the JSON text, as before, so the
  text read back is checked by the chain like any other;
- its hash as its 32 bytes, not 64 hex digits;
- no predecessor's hash (an empty text): it is the hash of the row before it, which a reader has read just before,
  or looks up. An edit, a deletion, an insertion or a reordering still shows, as every hash covers its
  predecessor's.

Rows written before (text payload, hex hashes, the predecessor's hash stored) are read as they are: a journal
holds both kinds. A payload that cannot be inflated reads as text no event has, which its hash then refuses.

The dictionary is part of the format: it never changes. Another one would take the next byte (2) and leave this
one in place for the rows written with it.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator
from typing import Any

from controller.table.journal.rows import GENESIS_HASH

DICTIONARY_1_BYTE = b"\x01"
# The events' keys and common values, most frequent last (deflate finds the end of its dictionary cheapest).
DICTIONARY_1 = (
    b'{"head":"","key":"","public":"","seq":,"sig":""}{"present":{"dealer":null,"edges_acknowledged":{},"faults":[],'
    b'"faults_raised":0,"last_number":,"program":{"digest":"","files":,"version":""},"rules":{"bonus":{"enabled":'
    b'true,"max":,"min":,"pays":{"FLUSH":,"FOUR_OF_A_KIND":,"FULL_HOUSE":,"ROYAL_FLUSH":,"STRAIGHT":,'
    b'"STRAIGHT_FLUSH":,"THREE_OF_A_KIND":}},"session":{},"shoe":{"authenticated":false,"firmware":"","key_id":"",'
    b'"model":"","serial":"","source":""},"turn":null,"two_person_above":},"round":}'
    b'{"actor":"dealer:","amount":,"box":,"round_id":"T1-","type":"table.payment_confirmed"}'
    b'{"fault_id":"F","code":"","text":"","source":"","clears_itself":false}{"actor":"pit_boss:","reason":""}'
    b'{"box":,"card":"","why":"","type":"CardFault","v":1}{"box":,"type":"SixthCardBought","v":1}'
    b'{"box":,"type":"GameBought","v":1}{"card":"","type":"DealerCardReplaced","v":2}'
    b'{"amount":,"box":,"type":"InsurancePlaced","v":1}{"type":"BuyingClosed","v":1}'
    b'{"box":,"discards":[""],"price":,"type":"CardsExchanged","v":1}{"box":,"type":"AnteTaken","v":1}'
    b'{"number":,"round_id":"T1-","rules":"classic"}{"number":,"round_id":"T1-","rules":"four-seat"}'
    b'{"house_net":,"type":"RoundClosed","v":1}{"boxes":[1,2,3,4,5,6],"type":"BetsClosed","v":1}'
    b'{"box":,"type":"Folded","v":1}{"best":"NO_GAME","buyers":[],"qualified":false,"type":"DealerRevealed","v":2}'
    b'{"best":"ONE_PAIR","buyers":[],"qualified":true,"type":"DealerRevealed","v":2}'
    b'{"amount":,"box":,"type":"BetPlaced","v":1}'
    b'{"ante":,"bet":0,"blind":false,"bonus":0,"box":,"player":"P","type":"StakesPlaced","v":1}'
    b'{"ante":,"best":"NO_GAME","bet":0,"bonus":0,"box":,"buy_game":0,"draw":0,"insurance":0,"multiplier":0,"net":,'
    b'"outcome":"lose","paid":[],"type":"BoxSettled","v":1}'
    b'{"ante":,"best":"ONE_PAIR","bet":,"bonus":0,"box":,"buy_game":0,"draw":0,"insurance":0,"multiplier":1,"net":,'
    b'"outcome":"no_qualify","paid":["ONE_PAIR"],"type":"BoxSettled","v":1}'
    b'"face_up":true,"to":0,"type":"CardPlaced","v":1}'
    b'{"card":"","face_up":false,"to":1,"type":"CardPlaced","v":1}'
    b'{"card":"","face_up":false,"to":2,"type":"CardPlaced","v":1}'
)
# Raw deflate (no header, no checksum: the chain's hash checks the text) in a 4 KB window, which holds the
# dictionary; a small state, since a payload is small: primed once, copied for each payload (6 µs).
_WINDOW = -12
_LEVEL = 6
_MEMORY = 1
UNREADABLE = "\x00 a payload that cannot be inflated"  # no JSON, so no hash and no reader takes it for an event

_PRIMED_DEFLATE = zlib.compressobj(_LEVEL, zlib.DEFLATED, _WINDOW, _MEMORY, zlib.Z_DEFAULT_STRATEGY, DICTIONARY_1)


def pack_payload(text: str) -> bytes:
    """The payload's JSON text as it is kept: deflated against DICTIONARY_1, behind its byte."""
    deflate = _PRIMED_DEFLATE.copy()
    return DICTIONARY_1_BYTE + deflate.compress(text.encode("utf-8")) + deflate.flush()


def payload_text(kept: Any) -> Any:
    """The payload's JSON text from what is kept: a text as it is (rows written before), a packed payload
    inflated (UNREADABLE when it cannot be), the text's UTF-8 bytes as they are (the floor's copy of rows
    written before); anything else as it is, for the chain to refuse."""
    if isinstance(kept, bytes):
        if kept[:1] == b"{":
            try:
                return kept.decode("utf-8")
            except UnicodeDecodeError:
                return UNREADABLE
        if kept[:1] != DICTIONARY_1_BYTE:
            return UNREADABLE
        inflate = zlib.decompressobj(_WINDOW, DICTIONARY_1)
        try:
            text = inflate.decompress(kept[1:]) + inflate.flush()
            return text.decode("utf-8") if inflate.eof else UNREADABLE
        except (zlib.error, UnicodeDecodeError):
            return UNREADABLE
    return kept


def hash_text(kept: Any) -> Any:
    """A hash as 64 hex digits: kept as its 32 bytes, or as hex (rows written before)."""
    return kept.hex() if isinstance(kept, bytes) else kept


def packed(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """A row as the chain knows it (COLUMNS), as this version keeps it."""
    seq, table_id, at, round_id, kind, version, actor, payload, _prev, digest = row
    return seq, table_id, at, round_id, kind, version, actor, pack_payload(payload), "", bytes.fromhex(digest)


# The kept columns, each row with its predecessor's hash looked up where it keeps none (a row read on its own).
READ_ALONE = ("seq, table_id, at, round_id, kind, version, actor, payload, CASE WHEN prev_hash <> '' THEN prev_hash "
              f"WHEN seq = 1 THEN '{GENESIS_HASH}' ELSE (SELECT p.hash FROM events p "
              "WHERE p.table_id = events.table_id AND p.seq = events.seq - 1) END, hash")


def unpacked(row: tuple[Any, ...], prev: Any) -> tuple[Any, ...]:
    """A kept row as the chain knows it; `prev` is the hash of the row before it (hex), for a row that keeps
    none."""
    seq, table_id, at, round_id, kind, version, actor, payload, kept_prev, digest = row
    return (seq, table_id, at, round_id, kind, version, actor, payload_text(payload),
            hash_text(kept_prev) if kept_prev != "" else prev, hash_text(digest))


def unpacked_in_order(rows: Iterable[tuple[Any, ...]], prev: Any = None) -> Iterator[tuple[Any, ...]]:
    """Kept rows read one after another in seq order (each row's predecessor is the row read before it;
    `prev`: the hash of the row before the first). `unpacked`, written out: `audit verify` reads millions."""
    for seq, table_id, at, round_id, kind, version, actor, payload, kept_prev, digest in rows:
        if isinstance(payload, bytes):
            payload = payload_text(payload)
        if isinstance(digest, bytes):
            digest = digest.hex()
        yield (seq, table_id, at, round_id, kind, version, actor, payload,
               prev if kept_prev == "" else hash_text(kept_prev), digest)
        prev = digest
