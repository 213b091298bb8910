"""SHOE/1 serial sentences (`$BODY*HH\\r\\n`) to and from messages: pure functions over bytes, no I/O."""

from __future__ import annotations

from collections.abc import Callable

from controller.cards import RANK_CHARS, SUIT_CHARS, Card, card_from_index
from drivers.shoe1.messages import (
    STATES,
    Ack,
    BadFrame,
    CardFrame,
    Decoded,
    FaultFrame,
    Heartbeat,
    HostHello,
    HostMessage,
    Lock,
    Nak,
    Resync,
    ShoeHello,
    ShoeMessage,
    StatusFrame,
    UnknownFrame,
    Unlock,
)

MAX_SENTENCE = 82  # bytes from `$` to LF inclusive
START, STAR = 0x24, 0x2A  # `$`, `*`
CR, LF = 0x0D, 0x0A


def checksum(body: bytes) -> int:
    """XOR of every byte of BODY."""
    value = 0
    for byte in body:
        value ^= byte
    return value


def frame(body: str) -> bytes:
    """Wrap a BODY into a sentence with its checksum."""
    raw = body.encode("ascii")
    return b"$" + raw + b"*" + f"{checksum(raw):02X}".encode("ascii") + b"\r\n"


def card_text(card: Card | None) -> str:
    return card.code if card is not None else "??"


def encode(message: ShoeMessage | HostMessage) -> bytes:
    """The sentence for a message of either direction."""
    return frame(body_of(message))


def body_of(message: ShoeMessage | HostMessage) -> str:
    match message:
        case ShoeHello(model, serial, firmware):
            return f"HELLO,SHOE1,{model},{serial},{firmware}"
        case CardFrame(seq, card, quality):
            tail = "" if quality is None else f",{quality}"
            return f"CARD,{seq},{card_text(card)}{tail}"
        case StatusFrame(state):
            return f"STAT,{state}"
        case FaultFrame(code, text):
            return f"FAULT,{code},{text}"
        case Heartbeat(uptime):
            return f"HB,{uptime}"
        case Nak(reason):
            return f"NAK,{reason}"
        case HostHello(host_id):
            return f"HELLO,{host_id}"
        case Ack(seq):
            return f"ACK,{seq}"
        case Resync(seq):
            return f"RESYNC,{seq}"
        case Lock():
            return "LOCK"
        case Unlock():
            return "UNLOCK"
    raise TypeError(f"not a SHOE/1 message: {message!r}")


# -- decoding ----------------------------------------------------------------------------------------------
def _seq(text: str) -> int | None:
    if not text.isdigit() or len(text) > 5:
        return None
    value = int(text)
    return value if value < 65536 else None


def parse_card_field(text: str) -> Card | None | str:
    """The card of a CARD sentence; None for `??`; a str saying what is wrong otherwise."""
    if text == "??":
        return None
    if len(text) != 2 or text[0] not in RANK_CHARS or text[1] not in SUIT_CHARS:
        return f"card '{text}' is not a rank 2-9 T J Q K A and a suit C D H S"
    return card_from_index(RANK_CHARS.index(text[0]) * 4 + SUIT_CHARS.index(text[1]))


def parse_shoe_body(body: str, raw: bytes = b"") -> ShoeMessage | BadFrame | UnknownFrame:
    """A checked BODY sent by the shoe, as a message."""
    fields = body.split(",")
    kind = fields[0]
    if kind == "CARD":
        if len(fields) not in (3, 4):
            return BadFrame("CARD needs seq, card and an optional quality", raw)
        seq = _seq(fields[1])
        if seq is None:
            return BadFrame(f"CARD seq '{fields[1]}' is not 0-65535", raw)
        card = parse_card_field(fields[2])
        if isinstance(card, str):
            return BadFrame(card, raw)
        quality: int | None = None
        if len(fields) == 4:
            if not fields[3].isdigit() or int(fields[3]) > 100:
                return BadFrame(f"CARD quality '{fields[3]}' is not 0-100", raw)
            quality = int(fields[3])
        return CardFrame(seq, card, quality)
    if kind == "HB":
        if len(fields) != 2 or not fields[1].isdigit():
            return BadFrame("HB needs the uptime in seconds", raw)
        return Heartbeat(int(fields[1]))
    if kind == "STAT":
        if len(fields) != 2 or fields[1] not in STATES:
            return BadFrame(f"STAT state must be one of {', '.join(STATES)}", raw)
        return StatusFrame(fields[1])
    if kind == "FAULT":
        if len(fields) < 2 or not fields[1]:
            return BadFrame("FAULT needs a code", raw)
        # The text may itself hold commas; it is free text for the dealer.
        return FaultFrame(fields[1], ",".join(fields[2:]))
    if kind == "HELLO":
        if len(fields) != 5 or fields[1] != "SHOE1":
            return BadFrame("shoe HELLO must be SHOE1,<model>,<serial>,<firmware>", raw)
        return ShoeHello(fields[2], fields[3], fields[4])
    if kind == "NAK":
        return Nak(",".join(fields[1:]))
    return UnknownFrame(kind, raw)


def parse_host_body(body: str, raw: bytes = b"") -> HostMessage | BadFrame | UnknownFrame:
    """A checked BODY sent by the host, as a message (what the shoe, and so the simulator, reads)."""
    fields = body.split(",")
    kind = fields[0]
    if kind in ("ACK", "RESYNC"):
        seq = _seq(fields[1]) if len(fields) == 2 else None
        if seq is None:
            return BadFrame(f"{kind} needs a seq 0-65535", raw)
        return Ack(seq) if kind == "ACK" else Resync(seq)
    if kind == "HELLO":
        return HostHello(",".join(fields[1:]))
    if kind in ("LOCK", "UNLOCK"):
        if len(fields) != 1:
            return BadFrame(f"{kind} takes no fields", raw)
        return Lock() if kind == "LOCK" else Unlock()
    return UnknownFrame(kind, raw)


def decode_sentence(
    sentence: bytes, parse_body: Callable[[str, bytes], Decoded] = parse_shoe_body
) -> Decoded:
    """One complete sentence from `$` to LF (CR optional) as a message or the reason it is dropped."""
    if len(sentence) > MAX_SENTENCE:
        return BadFrame(f"sentence of {len(sentence)} bytes is over {MAX_SENTENCE}", sentence)
    line = sentence.rstrip(b"\r\n")
    if not line.startswith(b"$"):
        return BadFrame("sentence does not start with $", sentence)
    star = line.rfind(b"*")
    if star < 0 or len(line) - star != 3:
        return BadFrame("missing *HH checksum", sentence)
    body, given = line[1:star], line[star + 1 :]
    try:
        expected = int(given.decode("ascii"), 16)
        text = body.decode("ascii")
    except (UnicodeDecodeError, ValueError):
        return BadFrame("checksum or body is not ASCII hex/text", sentence)
    if not all(c in b"0123456789ABCDEF" for c in given):
        return BadFrame("checksum must be two upper-case hex digits", sentence)
    if checksum(body) != expected:
        return BadFrame(f"bad checksum {given.decode()} (computed {checksum(body):02X})", sentence)
    if not text.isprintable():
        return BadFrame("body holds control characters", sentence)
    return parse_body(text, sentence)


class SentenceReader:
    """Cuts a byte stream into sentences: bytes before `$` are noise, over-long or cut-off sentences are dropped.

    Stateful (it holds a partial sentence between reads) but does no I/O: feed it what the port returned.
    """

    def __init__(self, parse_body: Callable[[str, bytes], Decoded] = parse_shoe_body) -> None:
        self._parse_body = parse_body
        self._partial = bytearray()
        self._in_sentence = False
        self.noise_bytes = 0

    def feed(self, data: bytes) -> list[Decoded]:
        out: list[Decoded] = []
        partial = self._partial
        for byte in data:
            if byte == START:
                if self._in_sentence and partial:
                    out.append(BadFrame("sentence cut off by the next $", bytes(partial)))
                partial.clear()
                partial.append(byte)
                self._in_sentence = True
            elif not self._in_sentence:
                self.noise_bytes += 1
            else:
                partial.append(byte)
                if byte == LF:
                    out.append(decode_sentence(bytes(partial), self._parse_body))
                    partial.clear()
                    self._in_sentence = False
                elif len(partial) >= MAX_SENTENCE:
                    # Already at the limit without its LF: drop it and wait for the next `$`.
                    out.append(BadFrame(f"sentence over {MAX_SENTENCE} bytes", bytes(partial)))
                    partial.clear()
                    self._in_sentence = False
        return out
