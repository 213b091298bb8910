"""The shoe's end of a SHOE/1 serial line (a pty, a TCP socket, the in-process cable): what the host sends
becomes commands for the shoe model, and what the shoe sends goes out as sentences through the faulty cable."""

from __future__ import annotations

from drivers.shoe1 import codec
from drivers.shoe1.messages import BadFrame, HostMessage, Nak, UnknownFrame
from hwsim.link import LinkFaults, Transmission


class SerialShoeEnd:
    """Reads the host's sentences (answering what it cannot read with NAK) and writes the shoe's."""

    def __init__(self, cable: LinkFaults) -> None:
        self.cable = cable
        self.host_bad_frames = 0
        self._reader = codec.SentenceReader(codec.parse_host_body)

    def reconnected(self) -> None:
        """A new connection: a sentence the last host left unfinished is forgotten."""
        self._reader = codec.SentenceReader(codec.parse_host_body)

    def from_host(self, data: bytes) -> tuple[list[HostMessage], bytes]:
        """The commands in these bytes, and the NAK sentences to send back for the rest."""
        messages: list[HostMessage] = []
        naks: list[Nak] = []
        for item in self._reader.feed(data):
            if isinstance(item, HostMessage):
                messages.append(item)
            elif isinstance(item, BadFrame):
                naks.append(Nak(f"malformed: {item.reason}"[:60]))
            elif isinstance(item, UnknownFrame):
                naks.append(Nak(f"unknown sentence {item.kind}"[:60]))
        self.host_bad_frames += len(naks)
        return messages, b"".join(codec.encode(nak) for nak in naks)

    def to_host(self, transmissions: list[Transmission]) -> bytes:
        return self.cable.serial_bytes(transmissions)
