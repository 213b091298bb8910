"""The shoe's end of a SHOE/1 serial line (a pty, a TCP socket, the in-process cable): what the host sends
becomes commands for the shoe model, and what the shoe sends goes out as sentences through the faulty cable.

A shoe with a pairing key speaks SHOE/1-A: until a host asks for a session (`HELLO,<id>,A1,<hn>`) it sends
nothing but its plain power-up HELLO; it answers that HELLO with its nonce and tag, and from then on seals every
sentence with its counter and MAC and takes only host sentences whose MAC and counter hold. A host that greets
it in plain SHOE/1 gets plain SHOE/1 (an old table; the table itself says it is not authenticated).
"""

from __future__ import annotations

from collections import deque

from drivers.shoe1 import auth, codec
from drivers.shoe1.messages import (
    BadFrame,
    Decoded,
    Forged,
    HostHello,
    HostMessage,
    Nak,
    ShoeHello,
    ShoeMessage,
    UnknownFrame,
)
from hwsim.link import LinkFaults, Transmission

SEALED_NAK_TEXT = 24  # a NAK's reason is cut so that the sealed sentence stays within 82 bytes
WIRE_KEPT = 256  # the last sentences sent, for a test to replay as an attacker would


class SerialShoeEnd:
    """Reads the host's sentences (answering what it cannot read with NAK) and writes the shoe's."""

    def __init__(self, cable: LinkFaults, key: auth.ShoeKey | None = None) -> None:
        self.cable = cable
        self.key = key
        self.host_bad_frames = 0
        self.host_forged = 0  # host sentences refused under SHOE/1-A
        self.wire: deque[bytes] = deque(maxlen=WIRE_KEPT)  # ground truth: what went on the line, newest last
        self._reader = codec.SentenceReader(self._parse)
        self._plain = key is None  # True: plain SHOE/1, with a shoe that has no key or a host that asked for it
        self._session: bytes | None = None
        self._hellos_due: deque[str] = deque()  # host nonces of the A1 HELLOs the shoe has still to answer
        self._sent = 0
        self._last_accepted = -1

    def reconnected(self) -> None:
        """A new connection: a sentence the last host left unfinished is forgotten, and so is its session."""
        self._reader = codec.SentenceReader(self._parse)
        self._plain = self.key is None
        self._session = None
        self._hellos_due.clear()

    # -- host -> shoe --------------------------------------------------------------------------------------
    def from_host(self, data: bytes) -> tuple[list[HostMessage], bytes]:
        """The commands in these bytes, and the NAK sentences to send back for the rest."""
        messages: list[HostMessage] = []
        naks: list[Nak] = []
        for item in self._reader.feed(data):
            if isinstance(item, HostHello):
                self._greeted(item)
                messages.append(item)
            elif isinstance(item, HostMessage):
                messages.append(item)
            elif isinstance(item, BadFrame):
                naks.append(Nak(f"malformed: {item.reason}"[:60]))
            elif isinstance(item, UnknownFrame):
                naks.append(Nak(f"unknown sentence {item.kind}"[:60]))
            else:
                self.host_forged += 1  # dropped without an answer: a forger learns nothing
        self.host_bad_frames += len(naks)
        return messages, b"".join(self._sentence(nak) for nak in naks)

    def _parse(self, body: str, raw: bytes) -> Decoded:
        if body.startswith("HELLO,") or self._plain:
            return codec.parse_host_body(body, raw)
        if self._session is None:
            return _REFUSED
        opened = auth.open_body(self._session, auth.HOST_TO_SHOE, body)
        if isinstance(opened, str) or opened.counter <= self._last_accepted:
            return _REFUSED
        self._last_accepted = opened.counter
        return codec.parse_host_body(opened.fields, raw)

    def _greeted(self, hello: HostHello) -> None:
        if self.key is not None and hello.nonce:
            self._plain = False
            self._hellos_due.append(hello.nonce)
        else:
            self._plain = True
            self._session = None

    # -- shoe -> host --------------------------------------------------------------------------------------
    def to_host(self, transmissions: list[Transmission]) -> bytes:
        out = bytearray()
        for t in transmissions:
            sentence = self._sentence(t.message)
            if sentence:
                out += self.cable.garble_sentence(sentence) if t.garbled else sentence
        return bytes(out)

    def _sentence(self, message: ShoeMessage) -> bytes:
        """The sentence a message goes out as (b"": a keyed shoe before its session sends only its HELLO)."""
        if self._plain:
            sentence = codec.encode(message)
        elif isinstance(message, ShoeHello):
            if not self._hellos_due and self._session is not None:
                return b""  # its power-up HELLO, overtaken by the session: saying it now would end the session
            sentence = codec.encode(self._answer(message))
        elif self._session is None:
            return b""
        else:
            if isinstance(message, Nak):
                message = Nak(message.reason[:SEALED_NAK_TEXT])
            counter, self._sent = self._sent, self._sent + 1
            sentence = codec.frame(auth.seal_body(self._session, auth.SHOE_TO_HOST, counter, codec.body_of(message)))
        self.wire.append(sentence)
        return sentence

    def _answer(self, hello: ShoeHello) -> ShoeHello:
        """The HELLO with the nonce and tag of a new session, when a host asked for one (else the plain HELLO of
        a shoe powering up)."""
        if not self._hellos_due or self.key is None:
            return hello
        host_nonce = self._hellos_due.popleft()
        shoe_nonce = auth.new_nonce()
        self._session = auth.session_key(self.key, host_nonce, shoe_nonce)
        self._sent, self._last_accepted = 0, -1
        tag = auth.hello_tag(self.key, host_nonce, shoe_nonce, hello.serial)
        return ShoeHello(hello.model, hello.serial, hello.firmware, shoe_nonce, tag)


_REFUSED = Forged("a host sentence without a MAC and counter that hold")
