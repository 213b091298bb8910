"""SHOE/1-USB 16-byte reports and vendor control requests to and from messages: pure functions, no I/O.
Under SHOE/1-A a report carries its counter and MAC in bytes 6-13 (`seal_report`, `open_report`)."""

from __future__ import annotations

import struct

from drivers.cards import card_from_index
from drivers.shoe1 import auth
from drivers.shoe1.messages import (
    DEVICE_FAULTS,
    Ack,
    BadFrame,
    CardFrame,
    FaultFrame,
    Heartbeat,
    HostMessage,
    Lock,
    Resync,
    ShoeHello,
    ShoeMessage,
    StatusFrame,
    UnknownFrame,
    Unlock,
)

VENDOR_ID, PRODUCT_ID = 0x16C0, 0x05DC
INTERFACE = 0
ENDPOINT_IN = 0x81
REPORT_SIZE = 16
POLL_INTERVAL_MS = 10

REPORT_CARD, REPORT_STATUS, REPORT_FAULT, REPORT_HEARTBEAT = 0x01, 0x02, 0x03, 0x04
STATUS_CODES = {1: "READY", 2: "EMPTY", 3: "COVER_OPEN", 4: "LOCKED"}
STATUS_NUMBERS = {name: number for number, name in STATUS_CODES.items()}
QUALITY_NOT_GIVEN = 255

REQUEST_ACK, REQUEST_LOCK, REQUEST_UNLOCK, REQUEST_RESYNC, REQUEST_GET_INFO = 0x01, 0x02, 0x03, 0x04, 0x10
REQUEST_HELLO, REQUEST_HELLO_REPLY = 0x11, 0x12  # SHOE/1-A's handshake
HELLO_REPLY_LENGTH = 16  # the shoe's nonce and its tag
INFO_LENGTH = 64
# bmRequestType: vendor, interface recipient; OUT for commands, IN for GET_INFO.
REQUEST_TYPE_OUT = 0x41
REQUEST_TYPE_IN = 0xC1


def crc16_mcrf4xx(data: bytes) -> int:
    """CRC-16/MCRF4XX: reflected poly 0x8408, init 0xFFFF, no final XOR (check("123456789") = 0x6F91)."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
    return crc


def _report(kind: int, seq: int = 0, b3: int = 0, b4: int = 0, b5: int = 0) -> bytes:
    body = struct.pack("<BHBBB8x", kind, seq, b3, b4, b5)
    return body + struct.pack("<H", crc16_mcrf4xx(body))


def encode_report(message: ShoeMessage) -> bytes:
    """The 16-byte interrupt IN report of a shoe message (HELLO and NAK have none: HELLO is GET_INFO)."""
    match message:
        case CardFrame(seq, card, quality):
            rank, suit = (card.rank, card.suit) if card is not None else (0, 0)
            return _report(REPORT_CARD, seq, rank, suit, QUALITY_NOT_GIVEN if quality is None else quality)
        case StatusFrame(state):
            return _report(REPORT_STATUS, 0, STATUS_NUMBERS[state])
        case FaultFrame(code, _text):
            return _report(REPORT_FAULT, 0, int(code.lstrip("E")))
        case Heartbeat(uptime):
            return _report(REPORT_HEARTBEAT, 0, 0, 0, uptime % 256)
    raise ValueError(f"{message!r} has no USB report")


def decode_report(report: bytes) -> ShoeMessage | BadFrame | UnknownFrame:
    """A report as a message, or why it is dropped (short, bad CRC, unknown type, field out of range)."""
    raw = bytes(report)
    if len(raw) != REPORT_SIZE:
        return BadFrame(f"report of {len(raw)} bytes, not {REPORT_SIZE}", raw)
    (given,) = struct.unpack_from("<H", raw, 14)
    if crc16_mcrf4xx(raw[:14]) != given:
        return BadFrame("bad CRC", raw)
    kind, seq, b3, b4, b5 = struct.unpack_from("<BHBBB", raw)
    if kind == REPORT_CARD:
        if b3 == 0 and b4 <= 3:  # unreadable; the suit byte must still be in range
            card = None
        elif 2 <= b3 <= 14 and b4 <= 3:
            card = card_from_index((b3 - 2) * 4 + b4)
        else:
            return BadFrame(f"CARD rank {b3} / suit {b4} out of range", raw)
        if b5 != QUALITY_NOT_GIVEN and b5 > 100:
            return BadFrame(f"CARD quality {b5} is not 0-100", raw)
        return CardFrame(seq, card, None if b5 == QUALITY_NOT_GIVEN else b5)
    if kind == REPORT_STATUS:
        state = STATUS_CODES.get(b3)
        if state is None:
            return BadFrame(f"STATUS {b3} out of range", raw)
        return StatusFrame(state)
    if kind == REPORT_FAULT:
        code = f"E{b3:02d}"
        if code not in DEVICE_FAULTS:
            return BadFrame(f"FAULT {b3} is not one of E01-E07", raw)
        return FaultFrame(code, DEVICE_FAULTS[code])
    if kind == REPORT_HEARTBEAT:
        return Heartbeat(b5)
    return BadFrame(f"report type {kind} is not 1-4", raw)


def encode_control(message: HostMessage) -> tuple[int, int]:
    """(bRequest, wValue) of a host command (host HELLO has no request: the driver reads GET_INFO)."""
    match message:
        case Ack(seq):
            return REQUEST_ACK, seq
        case Lock():
            return REQUEST_LOCK, 0
        case Unlock():
            return REQUEST_UNLOCK, 0
        case Resync(seq):
            return REQUEST_RESYNC, seq
    raise ValueError(f"{message!r} has no USB control request")


def decode_control(request: int, value: int) -> HostMessage | BadFrame:
    """What the device does on a host-to-device vendor request."""
    if request == REQUEST_ACK:
        return Ack(value & 0xFFFF)
    if request == REQUEST_RESYNC:
        return Resync(value & 0xFFFF)
    if request == REQUEST_LOCK:
        return Lock()
    if request == REQUEST_UNLOCK:
        return Unlock()
    return BadFrame(f"unknown vendor request 0x{request:02x}")


def encode_info(hello: ShoeHello, *, a1: bool = False) -> bytes:
    """GET_INFO's 64-byte answer: ASCII `SHOE1,<model>,<serial>,<firmware>[,A1]`, NUL-padded (`A1`: the shoe
    speaks SHOE/1-A)."""
    a1_field = f",{auth.A1}" if a1 else ""
    text = f"SHOE1,{hello.model},{hello.serial},{hello.firmware}{a1_field}".encode("ascii")[:INFO_LENGTH]
    return text.ljust(INFO_LENGTH, b"\0")


def decode_info(data: bytes) -> ShoeHello | BadFrame:
    """The identity in GET_INFO's answer (whether or not it offers SHOE/1-A: `offers_a1`)."""
    fields = bytes(data).rstrip(b"\0").decode("ascii", "replace").split(",")
    if len(fields) == 5 and fields[4] == auth.A1:
        fields = fields[:4]
    if len(fields) != 4 or fields[0] != "SHOE1":
        return BadFrame("GET_INFO is not SHOE1,<model>,<serial>,<firmware>[,A1]", bytes(data))
    return ShoeHello(fields[1], fields[2], fields[3])


def offers_a1(data: bytes) -> bool:
    return bytes(data).rstrip(b"\0").endswith(b"," + auth.A1.encode())


# -- SHOE/1-A --------------------------------------------------------------------------------------------------
def seal_report(report: bytes, session: bytes, counter: int) -> bytes:
    """A report with its counter (bytes 6-9) and MAC (10-13), and the CRC over them."""
    head = report[:6] + struct.pack("<I", counter)
    body = head + auth.report_mac(session, head)
    return body + struct.pack("<H", crc16_mcrf4xx(body))


def open_report(report: bytes, session: bytes) -> int | None:
    """The counter of a report whose MAC holds (its CRC checked already); None for a forged or plain one."""
    raw = bytes(report)
    if len(raw) != REPORT_SIZE or not auth.same(auth.report_mac(session, raw[:10]), raw[10:14]):
        return None
    (counter,) = struct.unpack_from("<I", raw, 6)
    return int(counter)
