"""The messages of SHOE/1, independent of the wire: the serial and the USB codec both map onto these."""

from __future__ import annotations

from dataclasses import dataclass

from drivers.cards import Card

SEQ_MODULUS = 65536  # seq is 0..65535 and wraps to 0
HOST_ID = "rptable"  # what the controller calls itself in its HELLO

STATES = ("READY", "EMPTY", "COVER_OPEN", "LOCKED")

# The device's own fault codes (docs/shoe1-serial.md, "Shoe -> host"), with a sentence a dealer can act on.
DEVICE_FAULTS: dict[str, str] = {
    "E01": "reader fault",
    "E02": "two cards drawn together",
    "E03": "card pushed back into the shoe",
    "E04": "jam",
    "E05": "cover opened while dealing",
    "E06": "device fault",
    "E07": "link: a CARD went unacknowledged 5 times",
}


def code_of(card: Card | None) -> str:
    """A card's code as SHOE/1 writes it: `??` for a card that left the shoe unread."""
    return card.code if card is not None else "??"


# -- shoe -> host ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ShoeHello:
    """The shoe says who it is: at power-up, and in answer to the host's HELLO. Under SHOE/1-A its answer also
    carries the shoe's nonce and the tag that proves it holds the pairing key (both empty in plain SHOE/1)."""

    model: str
    serial: str
    firmware: str
    nonce: str = ""
    tag: str = ""

    @property
    def authenticated(self) -> bool:
        return bool(self.tag)


@dataclass(frozen=True, slots=True)
class CardFrame:
    """A card left the shoe; `card` is None for `??` (left but unreadable)."""

    seq: int
    card: Card | None
    quality: int | None = None

    @property
    def code(self) -> str:
        return code_of(self.card)


@dataclass(frozen=True, slots=True)
class StatusFrame:
    """The shoe's state changed (or it answers LOCK/UNLOCK)."""

    state: str  # one of STATES


@dataclass(frozen=True, slots=True)
class FaultFrame:
    """The device's own fault; DEVICE_FAULTS says what each code means."""

    code: str  # E01..E07
    text: str


@dataclass(frozen=True, slots=True)
class Heartbeat:
    """Once a second: the shoe is alive, and its uptime tells a restart from a retransmission."""

    uptime: int  # seconds since power-up (modulo 256 over USB)


@dataclass(frozen=True, slots=True)
class Nak:
    """The shoe could not read what the host sent."""

    reason: str


ShoeMessage = ShoeHello | CardFrame | StatusFrame | FaultFrame | Heartbeat | Nak


# -- host -> shoe ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HostHello:
    """The host greets the shoe: it answers HELLO and resends every card not yet acknowledged. `nonce` (SHOE/1-A)
    asks for an authenticated session; empty in plain SHOE/1."""

    host_id: str
    nonce: str = ""


@dataclass(frozen=True, slots=True)
class Ack:
    """The host took card `seq`: the shoe stops resending it."""

    seq: int


@dataclass(frozen=True, slots=True)
class Resync:
    """The host missed cards: the shoe resends every card it still holds from `seq` on."""

    seq: int


@dataclass(frozen=True, slots=True)
class Lock:
    """Close the gate: no card can leave the shoe (play is stopped by a fault)."""


@dataclass(frozen=True, slots=True)
class Unlock:
    """Open the gate again."""


HostMessage = HostHello | Ack | Resync | Lock | Unlock


# -- what a receiver drops ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BadFrame:
    """A frame the receiver dropped and counted: bad checksum/CRC, no `*HH`, over-long, out-of-range field."""

    reason: str
    raw: bytes = b""


@dataclass(frozen=True, slots=True)
class Forged:
    """A frame that failed SHOE/1-A's authentication: a bad or missing MAC, a replayed counter, a HELLO without
    the pairing key's tag, plain SHOE/1 on an authenticated link. Never a card: the host raises an AUTH fault."""

    reason: str
    raw: bytes = b""


@dataclass(frozen=True, slots=True)
class UnknownFrame:
    """A well-formed frame of a type this side does not know: ignored and logged, not an error."""

    kind: str
    raw: bytes = b""


Decoded = ShoeMessage | HostMessage | BadFrame | Forged | UnknownFrame
