"""The signature half of `audit verify`: every seal in a journal checked with the table's public key, and every
event that must be sealed (controller.table.security.signing.must_seal) covered by a seal after it.

A seal signs the chain's head, so an event rewritten and the chain re-hashed after it breaks the first seal
after it, and an event appended behind the table's back (a fault resolved, an adjustment) is left unsealed or
sealed by another key. A journal with no seal at all was written before the table signed its journals: it is
said so, never passed as signed, and refused when the table's key is given (its seals would have been removed).
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Any

from controller.table.journal.head import Head, head_message
from controller.table.security.signing import PublicKey, must_seal, seal_message
from controller.table.table_events import Signature, TableEventFormatError, table_event_from


@dataclass
class SealFinding:
    """What one stretch's seals showed, for the join (controller.table.audit.verify)."""

    seals: int = 0
    first_seal: int | None = None
    public: str | None = None  # the key (base64) the stretch's seals were made with
    unsealed: tuple[int, str] | None = None  # the first event after the stretch's last seal that must be sealed
    other_key: str | None = None  # the id of a key other than the expected one that sealed an event (a forger's)


class SealCheck:
    """Feed it every row in seq order (after its chain link was checked); `feed` answers why a seal is bad.
    `key`: the table's public key when known (given, or this machine's); else the journal's first seal names
    the key and every later seal must be made with the same one."""

    def __init__(self, key: PublicKey | None = None) -> None:
        self.key = key
        self.finding = SealFinding()
        self._last_seal = 0

    def feed(self, seq: int, table_id: str, kind: str, payload: dict[str, Any], prev_hash: str) -> str:
        if kind != Signature.KIND:
            if self.finding.unsealed is None and must_seal(kind):
                self.finding.unsealed = (seq, kind)
            return ""
        try:
            seal = table_event_from(kind, payload)
            assert isinstance(seal, Signature)
            signature = base64.b64decode(seal.sig, validate=True)
            public = PublicKey(base64.b64decode(seal.public, validate=True))
        except (TableEventFormatError, ValueError, binascii.Error) as err:
            return f"the seal cannot be read ({err}): the row was damaged or edited"
        if seal.seq != seq - 1:
            return f"the seal names event {seal.seq}, not the event just before it: it was moved or forged"
        since = f"from event {self._last_seal + 1}" if self._last_seal else "before it"
        rewritten = (f"the table's signature does not match the events it seals: an event {since} to {seq - 1} "
                     "was rewritten and the chain re-hashed after it was sealed")
        if seal.head != prev_hash:
            return rewritten
        expected = self.key or (PublicKey(base64.b64decode(self.finding.public)) if self.finding.public else public)
        if public.raw != expected.raw:
            self.finding.other_key = public.key_id
            whose = "the table's" if self.key is not None else "the journal's earlier seals'"
            return (f"it is sealed with key {public.key_id}, not {whose} key {expected.key_id}: it was written by "
                    "someone other than the table")
        if not expected.verifies(signature, seal_message(table_id, seal.seq, seal.head)):
            return rewritten
        finding = self.finding
        finding.seals += 1
        finding.first_seal = finding.first_seal or seq
        finding.public = finding.public or public.text()
        finding.unsealed = None
        self._last_seal = seq
        return ""


@dataclass(frozen=True)
class SealVerdict:
    """The journal's seals, joined over its stretches: `problem` ("" when sound) and where it lies."""

    seals: int
    key_id: str | None
    problem: str = ""
    bad_seq: int | None = None
    other_key: str | None = None  # the key that sealed where only the table's may (see SealFinding)


def join_seals(findings: list[SealFinding], key: PublicKey | None, required: bool) -> SealVerdict:
    """One verdict from the stretches' seal findings, in journal order: the stretches' keys must agree, every
    event that must be sealed must have a seal after it (once the journal is sealed at all), and a journal the
    table's key was given for must be sealed."""
    seals = sum(f.seals for f in findings)
    publics = [f.public for f in findings if f.public]
    key_id = key.key_id if key is not None else (PublicKey(base64.b64decode(publics[0])).key_id if publics else None)
    for public in publics[1:]:
        if public != publics[0]:
            other = PublicKey(base64.b64decode(public)).key_id
            seq = next(f.first_seal for f in findings if f.public == public)
            return SealVerdict(seals, key_id, f"event {seq} ({Signature.KIND}): it is sealed with key {other}, not the "
                               f"journal's earlier seals' key {key_id}: it was written by someone other than the table",
                               seq, other)
    if not seals:
        first = next((f.unsealed for f in findings if f.unsealed), None)
        if required and first is not None:
            return SealVerdict(0, key_id, f"the journal holds no seal, yet the table's key ({key_id}) was given: its "
                               "seals were removed (the journal was rewritten), or it was written before the table "
                               "signed its journals", first[0])
        return SealVerdict(0, key_id)
    pending: tuple[int, str] | None = None
    for finding in findings:
        if finding.first_seal is not None:
            pending = None
        pending = pending or finding.unsealed
    if pending is not None:
        seq, kind = pending
        return SealVerdict(seals, key_id, f"event {seq} ({kind}) was never sealed: the table seals such an event in "
                           "the commit that writes it, so it was appended behind the table's back", seq)
    return SealVerdict(seals, key_id)


def head_problem(head: Head, key: PublicKey) -> str | None:
    """What the head file's signature says, checked with the table's key: None when the table's key signed it,
    "unsigned" when it carries no signature (a writer that did not seal, or a head file written by hand), else
    why it is forged."""
    if not head.sig:
        return "unsigned"
    try:
        public = PublicKey(base64.b64decode(head.key, validate=True))
        signature = base64.b64decode(head.sig, validate=True)
    except (ValueError, binascii.Error):
        return "its signature cannot be read: the head file was rewritten"
    if public.raw != key.raw:
        return (f"it is signed with key {public.key_id}, not the table's key {key.key_id}: the head file was written "
                "by someone other than the table")
    if not key.verifies(signature, head_message(head.table, head.seq, head.hash)):
        return "its signature does not match the event it names: the head file was rewritten to name another end"
    return None
