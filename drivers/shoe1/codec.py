"""SHOE/1 serial sentences (`$BODY*HH\\r\\n`) to and from messages: pure functions over bytes, no I/O."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import reduce
from operator import xor

from controller.core.cards import BY_CODE, Card
from drivers.shoe1.messages import (
    SEQ_MODULUS,
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


HEX_DIGITS = frozenset(b"0123456789ABCDEF")
CHECKSUM_VALUES = {b"%02X" % value: value for value in range(256)}  # the only checksum fields SHOE/1 allows


def checksum(body: bytes) -> int:
    """XOR of every byte of BODY."""
    return reduce(xor, body, 0)  # the loop in C: every card and every ACK passes here


def frame(body: str) -> bytes:
    """Wrap a BODY into a sentence with its checksum."""
    raw = body.encode("ascii")
    return b"$%s*%02X\r\n" % (raw, checksum(raw))


def card_text(card: Card | None) -> str:
    return card.code if card is not None else "??"


def encode(message: ShoeMessage | HostMessage) -> bytes:
    """The sentence for a message of either direction."""
    if isinstance(message, CardFrame):  # the two sentences of every card: see "the sentences of every card"
        sentence = card_sentence(message.seq, message.card, message.quality)
        if sentence is not None:
            return sentence
    elif isinstance(message, Ack):
        seq = message.seq
        if 0 <= seq < SEQ_MODULUS:
            return b"$ACK,%d*%02X\r\n" % (seq, _ACK_CHECKSUM ^ NUMBER_CHECKSUM[seq])
    return frame(body_of(message))


def body_of(message: ShoeMessage | HostMessage) -> str:
    """The BODY of a message's sentence, the general way (`encode` writes a card's two sentences faster)."""
    kind = type(message)
    if kind is CardFrame:
        assert isinstance(message, CardFrame)
        text, quality = card_text(message.card), message.quality
        return f"CARD,{message.seq},{text}" if quality is None else f"CARD,{message.seq},{text},{quality}"
    if kind is Ack:
        assert isinstance(message, Ack)
        return f"ACK,{message.seq}"
    match message:
        case ShoeHello(model, serial, firmware):
            return f"HELLO,SHOE1,{model},{serial},{firmware}"
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


def parse_card_field(text: str) -> Card | str | None:
    """The card of a CARD sentence; None for `??`; a str saying what is wrong otherwise."""
    card = BY_CODE.get(text)
    if card is not None:
        return card
    if text == "??":
        return None
    return f"card '{text}' is not a rank 2-9 T J Q K A and a suit C D H S"


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


# -- the sentences of every card ----------------------------------------------------------------------------
# Every card dealt is one CARD (shoe -> host) and one ACK (host -> shoe), so these two take a quicker road to
# the same bytes and the same messages. Encoding: the checksum is the XOR of the fixed text and of each
# field's XOR, from small tables. Decoding: a pattern takes apart only a sentence written exactly as `encode`
# writes it (no leading zeros, fields in range), whose checksum is then checked by the same tables; any other
# sentence, a damaged one among them, goes through decode_any_sentence, so every refusal keeps its reason.
# tests/test_shoe1_quick_road.py holds both roads to the same answers.


def _number_checksums() -> bytes:
    """The XOR of the digits of every number 0..65535 as a sentence writes it, built a thousand at a time: `1234`
    is `1` and then `234` (a millisecond at import, where 65,536 separate XORs would take tens)."""
    below_1000 = bytes(checksum(b"%d" % n) for n in range(1000))
    last_three = bytes(checksum(b"%03d" % n) for n in range(1000))  # 7 -> `007`
    thousands = [last_three.translate(bytes(b ^ below_1000[t] for b in range(256))) for t in range(1, 66)]
    return b"".join([below_1000, *thousands])[:SEQ_MODULUS]


NUMBER_CHECKSUM = _number_checksums()  # [n]: the checksum of n's digits, for a seq (0..65535) or a quality
_CARD_CHECKSUM = checksum(b"CARD,,")  # the fixed text of `CARD,<seq>,<card>`
_COMMA = checksum(b",")  # the quality's comma
_ACK_CHECKSUM = checksum(b"ACK,")
# The card field's text: by code for encoding, by its bytes for decoding; each with its XOR.
_CARD_FIELD_BY_CODE = {code: (code.encode(), checksum(code.encode())) for code in (*BY_CODE, "??")}
_CARD_BY_FIELD = {code.encode(): (BY_CODE.get(code), checksum(code.encode())) for code in (*BY_CODE, "??")}
_CARD_PATTERN = re.compile(
    rb"\$CARD,(0|[1-9][0-9]{0,4}),([2-9TJQKA][CDHS]|\?\?)(?:,(100|[1-9]?[0-9]))?\*([0-9A-F]{2})\r?\n"
)
_ACK_PATTERN = re.compile(rb"\$ACK,(0|[1-9][0-9]{0,4})\*([0-9A-F]{2})\r?\n")


def card_sentence(seq: int, card: Card | None, quality: int | None) -> bytes | None:
    """`$CARD,...*HH\r\n` for a card; None when a field is out of the protocol's range (`frame` writes it)."""
    field = _CARD_FIELD_BY_CODE.get(card.code if card is not None else "??")
    if field is None or not 0 <= seq < SEQ_MODULUS:
        return None
    text, text_checksum = field
    check = _CARD_CHECKSUM ^ text_checksum ^ NUMBER_CHECKSUM[seq]
    if quality is None:
        return b"$CARD,%d,%s*%02X\r\n" % (seq, text, check)
    if not 0 <= quality <= 100:
        return None
    return b"$CARD,%d,%s,%d*%02X\r\n" % (seq, text, quality, check ^ _COMMA ^ NUMBER_CHECKSUM[quality])


def _card_of(match: re.Match[bytes]) -> CardFrame | None:
    """The CARD a sentence matched by _CARD_PATTERN is, if its checksum is right (else None)."""
    seq_text, field, quality_text, given = match.groups()
    seq = int(seq_text)
    if seq >= SEQ_MODULUS:
        return None
    card, check = _CARD_BY_FIELD[field]
    check ^= _CARD_CHECKSUM ^ NUMBER_CHECKSUM[seq]
    if quality_text is None:
        quality = None
    else:
        quality = int(quality_text)
        check ^= _COMMA ^ NUMBER_CHECKSUM[quality]
    if check != CHECKSUM_VALUES[given]:
        return None
    return CardFrame(seq, card, quality)


def _ack_of(match: re.Match[bytes]) -> Ack | None:
    """The ACK a sentence matched by _ACK_PATTERN is, if its checksum is right (else None)."""
    seq_text, given = match.groups()
    seq = int(seq_text)
    if seq >= SEQ_MODULUS or _ACK_CHECKSUM ^ NUMBER_CHECKSUM[seq] != CHECKSUM_VALUES[given]:
        return None
    return Ack(seq)


# The quick road for each side's usual sentence, by the body parser that side uses: a pattern that matches
# only a sentence written exactly as `encode` writes it, and what turns the match into the message.
QuickRoad = tuple[re.Pattern[bytes], Callable[[re.Match[bytes]], Decoded | None]]
_QUICK_ROADS: dict[Callable[[str, bytes], Decoded], QuickRoad] = {
    parse_shoe_body: (_CARD_PATTERN, _card_of),
    parse_host_body: (_ACK_PATTERN, _ack_of),
}


def decode_sentence(
    sentence: bytes, parse_body: Callable[[str, bytes], Decoded] = parse_shoe_body
) -> Decoded:
    """One complete sentence from `$` to LF (CR optional) as a message or the reason it is dropped."""
    road = _QUICK_ROADS.get(parse_body)
    if road is not None:
        match = road[0].fullmatch(sentence)
        if match is not None:
            message = road[1](match)
            if message is not None:
                return message
    return decode_any_sentence(sentence, parse_body)


def decode_any_sentence(sentence: bytes, parse_body: Callable[[str, bytes], Decoded]) -> Decoded:
    """Every rule of "Framing" in turn, then the body's own parser: any sentence, and why it is dropped."""
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
        self._quick_road = _QUICK_ROADS.get(parse_body)
        self._partial = bytearray()
        self._in_sentence = False
        self.noise_bytes = 0

    def feed(self, data: bytes) -> list[Decoded]:
        """The sentences (or the reasons they were dropped) completed by these bytes, in order.

        Byte by byte this is: noise until `$`; then bytes up to LF, unless a `$` cuts the sentence off or it
        reaches MAX_SENTENCE bytes without its LF. It is done a run of bytes at a time (`find`), not a byte
        at a time: every card passes here. A card's sentence right where the last one ended (the usual) is
        read by the quick road in place: it holds one `$` and ends at its first LF, under the limit, so it is
        the very sentence the rules would cut out."""
        out: list[Decoded] = []
        partial, parse_body, road = self._partial, self._parse_body, self._quick_road
        i, n = 0, len(data)
        while i < n:
            if not self._in_sentence:
                match = road[0].match(data, i) if road is not None else None
                if match is not None:
                    message = road[1](match)  # type: ignore[index]  # a match means a road
                    if message is not None:
                        out.append(message)
                        i = match.end()
                        continue
                start = data.find(b"$", i)
                if start < 0:
                    self.noise_bytes += n - i
                    break
                self.noise_bytes += start - i
                lf = data.find(b"\n", start + 1, start + MAX_SENTENCE)
                if lf >= 0 and data.find(b"$", start + 1, lf) < 0:  # the usual: a whole sentence in this read
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
