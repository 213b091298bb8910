"""SHOE/1 serial sentences (`$BODY*HH\\r\\n`) to and from messages: pure functions over bytes, no I/O."""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from operator import xor

from drivers.cards import BY_CODE, Card
from drivers.shoe1 import auth, messages
from drivers.shoe1.messages import DEVICE_FAULTS, SEQ_MODULUS, STATES, BadFrame, Decoded, UnknownFrame, code_of

MAX_SENTENCE = 82  # bytes from `$` to LF inclusive
START, STAR = 0x24, 0x2A  # `$`, `*`
CR, LF = 0x0D, 0x0A


CHECKSUM_VALUES = {b"%02X" % value: value for value in range(256)}  # the only checksum fields SHOE/1 allows


def checksum(body: bytes) -> int:
    """XOR of every byte of BODY."""
    return reduce(xor, body, 0)


def frame(body: str) -> bytes:
    """Wrap a BODY into a sentence with its checksum."""
    raw = body.encode("ascii")
    return b"$%s*%02X\r\n" % (raw, checksum(raw))


def encode(message: messages.ShoeMessage | messages.HostMessage) -> bytes:
    """The sentence for a message of either direction."""
    return frame(body_of(message))


def body_of(message: messages.ShoeMessage | messages.HostMessage) -> str:
    """The BODY of a message's sentence."""
    match message:
        case messages.CardFrame(seq, card, quality):
            text = code_of(card)
            return f"CARD,{seq},{text}" if quality is None else f"CARD,{seq},{text},{quality}"
        case messages.Ack(seq):
            return f"ACK,{seq}"
        case messages.ShoeHello(model, serial, firmware, nonce, tag):
            a1 = f",{auth.A1},{nonce},{tag}" if tag else ""
            return f"HELLO,SHOE1,{model},{serial},{firmware}{a1}"
        case messages.StatusFrame(state):
            return f"STAT,{state}"
        case messages.FaultFrame(code, text):
            return f"FAULT,{code},{text}"
        case messages.Heartbeat(uptime):
            return f"HB,{uptime}"
        case messages.Nak(reason):
            return f"NAK,{reason}"
        case messages.HostHello(host_id, nonce):
            return f"HELLO,{host_id},{auth.A1},{nonce}" if nonce else f"HELLO,{host_id}"
        case messages.Resync(seq):
            return f"RESYNC,{seq}"
        case messages.Lock():
            return "LOCK"
        case messages.Unlock():
            return "UNLOCK"
    raise TypeError(f"not a SHOE/1 message: {message!r}")


# -- decoding ----------------------------------------------------------------------------------------------
def _seq(text: str) -> int | None:
    if not text.isdigit() or len(text) > 5:
        return None
    value = int(text)
    return value if value < SEQ_MODULUS else None


def parse_card_field(text: str) -> Card | str | None:
    """The card of a CARD sentence; None for `??`; a str saying what is wrong otherwise."""
    card = BY_CODE.get(text)
    if card is not None:
        return card
    if text == "??":
        return None
    return f"card '{text}' is not a rank 2-9 T J Q K A and a suit C D H S"


def parse_shoe_body(body: str, raw: bytes = b"") -> messages.ShoeMessage | BadFrame | UnknownFrame:
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
        return messages.CardFrame(seq, card, quality)
    if kind == "HB":
        if len(fields) != 2 or not fields[1].isdigit():
            return BadFrame("HB needs the uptime in seconds", raw)
        return messages.Heartbeat(int(fields[1]))
    if kind == "STAT":
        if len(fields) != 2 or fields[1] not in STATES:
            return BadFrame(f"STAT state must be one of {', '.join(STATES)}", raw)
        return messages.StatusFrame(fields[1])
    if kind == "FAULT":
        if len(fields) < 2 or fields[1] not in DEVICE_FAULTS:
            return BadFrame(f"FAULT code '{fields[1][:8] if len(fields) > 1 else ''}' is not one of E01-E07", raw)
        # The text may itself hold commas; it is free text for the dealer.
        return messages.FaultFrame(fields[1], ",".join(fields[2:]))
    if kind == "HELLO":
        if len(fields) == 5 and fields[1] == "SHOE1":
            return messages.ShoeHello(fields[2], fields[3], fields[4])
        if len(fields) == 8 and fields[1] == "SHOE1" and fields[5] == auth.A1 and auth.is_nonce(fields[6]) \
                and auth.is_nonce(fields[7]):
            return messages.ShoeHello(fields[2], fields[3], fields[4], fields[6], fields[7])
        return BadFrame("shoe HELLO must be SHOE1,<model>,<serial>,<firmware>[,A1,<nonce>,<tag>]", raw)
    if kind == "NAK":
        return messages.Nak(",".join(fields[1:]))
    return UnknownFrame(kind, raw)


def parse_host_body(body: str, raw: bytes = b"") -> messages.HostMessage | BadFrame | UnknownFrame:
    """A checked BODY sent by the host, as a message (what the shoe, and so the simulator, reads)."""
    fields = body.split(",")
    kind = fields[0]
    if kind in ("ACK", "RESYNC"):
        seq = _seq(fields[1]) if len(fields) == 2 else None
        if seq is None:
            return BadFrame(f"{kind} needs a seq 0-65535", raw)
        return messages.Ack(seq) if kind == "ACK" else messages.Resync(seq)
    if kind == "HELLO":
        if len(fields) == 4 and fields[2] == auth.A1 and auth.is_nonce(fields[3]):
            return messages.HostHello(fields[1], fields[3])
        return messages.HostHello(",".join(fields[1:]))
    if kind in ("LOCK", "UNLOCK"):
        if len(fields) != 1:
            return BadFrame(f"{kind} takes no fields", raw)
        return messages.Lock() if kind == "LOCK" else messages.Unlock()
    return UnknownFrame(kind, raw)


def decode_sentence(
    sentence: bytes, parse_body: Callable[[str, bytes], Decoded] = parse_shoe_body
) -> Decoded:
    """One complete sentence from `$` to LF (CR optional) as a message, or the reason it is dropped: every rule
    of "Framing" in turn, then the body's own parser."""
    if len(sentence) > MAX_SENTENCE:
        return BadFrame(f"sentence of {len(sentence)} bytes is over {MAX_SENTENCE}", sentence)
    line = sentence.rstrip(b"\r\n")
    if line[:1] != b"$":
        return BadFrame("sentence does not start with $", sentence)
    star = line.rfind(b"*")
    if star < 0 or len(line) - star != 3:
        return BadFrame("missing *HH checksum", sentence)
    body, given = line[1:star], line[star + 1 :]
    expected = CHECKSUM_VALUES.get(given)
    if expected is None or not body.isascii():
        return _refused_checksum_field(body, given, sentence)
    if checksum(body) != expected:
        return BadFrame(f"bad checksum {given.decode()} (computed {checksum(body):02X})", sentence)
    text = body.decode("ascii")
    if not text.isprintable():
        return BadFrame("body holds control characters", sentence)
    return parse_body(text, sentence)


def _refused_checksum_field(body: bytes, given: bytes, sentence: bytes) -> BadFrame:
    """Why a sentence whose checksum field is not two upper-case hex digits, or whose body is not ASCII, is
    dropped."""
    try:
        int(given, 16)
        body.decode("ascii")
    except (UnicodeDecodeError, ValueError):
        return BadFrame("checksum or body is not ASCII hex/text", sentence)
    return BadFrame("checksum must be two upper-case hex digits", sentence)


class SentenceReader:
    """Cuts a byte stream into sentences: bytes before `$` are noise; over-long or cut-off ones are dropped.

    Stateful (it holds a partial sentence between reads) but does no I/O: feed it what the port returned.
    """

    def __init__(self, parse_body: Callable[[str, bytes], Decoded] = parse_shoe_body) -> None:
        self._parse_body = parse_body
        self._partial = bytearray()
        self._in_sentence = False
        self.noise_bytes = 0

    def feed(self, data: bytes) -> list[Decoded]:
        """The sentences (or the reasons they were dropped) completed by these bytes, in order.

        Byte by byte this is: noise until `$`; then bytes up to LF, unless a `$` cuts the sentence off or it
        reaches MAX_SENTENCE bytes without its LF. It is done a run of bytes at a time (`find`)."""
        out: list[Decoded] = []
        partial, parse_body = self._partial, self._parse_body
        i, n = 0, len(data)
        while i < n:
            if not self._in_sentence:
                start = data.find(b"$", i)
                if start < 0:
                    self.noise_bytes += n - i
                    break
                self.noise_bytes += start - i
                lf = data.find(b"\n", start + 1, start + MAX_SENTENCE)
                if lf >= 0 and data.find(b"$", start + 1, lf) < 0:  # a whole sentence within this read
                    out.append(decode_sentence(data[start:lf + 1], parse_body))
                    i = lf + 1
                    continue
                partial.clear()
                partial.append(START)
                self._in_sentence = True
                i = start + 1
                continue
            end = min(n, i + MAX_SENTENCE - len(partial))  # no sentence may grow past the limit
            dollar = data.find(b"$", i, end)
            lf = data.find(b"\n", i, end)
            if dollar >= 0 and (lf < 0 or dollar < lf):
                partial += data[i:dollar]
                out.append(BadFrame("sentence cut off by the next $", bytes(partial)))
                self._in_sentence = False
                i = dollar  # the `$` starts the next sentence
            elif lf >= 0:
                partial += data[i:lf + 1]
                out.append(decode_sentence(bytes(partial), parse_body))
                partial.clear()
                self._in_sentence = False
                i = lf + 1
            else:
                partial += data[i:end]
                i = end
                if len(partial) >= MAX_SENTENCE:
                    # Already at the limit without its LF: drop it and wait for the next `$`.
                    out.append(BadFrame(f"sentence over {MAX_SENTENCE} bytes", bytes(partial)))
                    partial.clear()
                    self._in_sentence = False
        return out
