"""The messages of SHOE/1, independent of the wire: the serial and the USB codec both map onto these."""

from __future__ import annotations

from controller.cards import Card
from controller.engine.records import record  # frozen and slotted, built fast: every card makes several

SEQ_MODULUS = 65536  # seq is 0..65535 and wraps to 0
HOST_ID = "rptable"  # what the controller calls itself in its HELLO

STATES = ("READY", "EMPTY", "COVER_OPEN", "LOCKED")

# The device's own fault codes (SHOE1-serial.md, "Shoe -> host"), with a sentence a dealer can act on.
DEVICE_FAULTS: dict[str, str] = {
    "E01": "reader fault",
    "E02": "two cards drawn together",
    "E03": "card pushed back into the shoe",
    "E04": "jam",
    "E05": "cover opened while dealing",
    "E07": "link: a CARD went unacknowledged 5 times",
}


def code_of(card: Card | None) -> str:
    """A card's code as SHOE/1 writes it: `??` for a card that left the shoe unread."""
    return card.code if card is not None else "??"


# -- shoe -> host ------------------------------------------------------------------------------------------
@record
class ShoeHello:
    model: str
    serial: str
    firmware: str


@record
class CardFrame:
    """A card left the shoe; `card` is None for `??` (left but unreadable)."""

    seq: int
    card: Card | None
    quality: int | None = None

    @property
    def code(self) -> str:
        return code_of(self.card)


@record
class StatusFrame:
    state: str  # one of STATES


@record
class FaultFrame:
    code: str  # E01..E07
    text: str


@record
class Heartbeat:
    uptime: int


@record
class Nak:
    reason: str


ShoeMessage = ShoeHello | CardFrame | StatusFrame | FaultFrame | Heartbeat | Nak


# -- host -> shoe ------------------------------------------------------------------------------------------
@record
class HostHello:
    host_id: str


@record
class Ack:
    seq: int


@record
class Resync:
    seq: int


@record
class Lock:
    pass


@record
class Unlock:
    pass


HostMessage = HostHello | Ack | Resync | Lock | Unlock


# -- what a receiver drops ---------------------------------------------------------------------------------
@record
class BadFrame:
    """A frame the receiver dropped and counted: bad checksum/CRC, no `*HH`, over-long, out-of-range field."""

    reason: str
    raw: bytes = b""


@record
class UnknownFrame:
    """A well-formed frame of a type this side does not know: ignored and logged, not an error."""

    kind: str
    raw: bytes = b""


Decoded = ShoeMessage | HostMessage | BadFrame | UnknownFrame
