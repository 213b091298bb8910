"""What the cable does to the shoe's frames: drop, duplicate or garble them, as the fault plan says.

Garbling flips one bit inside the part of a frame its checksum covers, so a correct receiver always detects
it (SHOE/1's XOR catches every single-bit error in BODY; CRC-16 every one in a report).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from drivers.shoe1 import codec
from drivers.shoe1.messages import FaultFrame, ShoeMessage
from hwsim.faults import FaultPlan

_SENTENCE_DELIMITERS = frozenset(b"$*\r\n")


@dataclass
class LinkCounters:
    """What the cable did to the shoe's frames (ground truth for tests and `shoe-sim`'s summary)."""

    frames: int = 0  # the shoe sent
    dropped: int = 0  # never reached the host
    duplicated: int = 0  # extra copies
    garbled: int = 0  # copies with a bit flipped
    faults_delivered: list[str] = field(default_factory=list)  # FAULT codes that reached the host intact


@dataclass(frozen=True, slots=True)
class Transmission:
    message: ShoeMessage
    garbled: bool


class LinkFaults:
    def __init__(self, plan: FaultPlan, rng: random.Random) -> None:
        self.plan = plan
        self._rng = rng
        self.counters = LinkCounters()

    def transmit(self, messages: Iterable[ShoeMessage]) -> list[Transmission]:
        """The copies of each message that go on the wire, each possibly garbled; dropped ones are absent."""
        plan, rng, counters = self.plan, self._rng, self.counters
        out = []
        for message in messages:
            counters.frames += 1
            if plan.drop and rng.random() < plan.drop:
                counters.dropped += 1
                continue
            copies = 2 if plan.dup and rng.random() < plan.dup else 1
            counters.duplicated += copies - 1
            intact = False
            for _ in range(copies):
                garbled = bool(plan.garble) and rng.random() < plan.garble
                counters.garbled += garbled
                intact = intact or not garbled
                out.append(Transmission(message, garbled))
            if intact and isinstance(message, FaultFrame):
                counters.faults_delivered.append(message.code)
        return out

    def serial_bytes(self, transmissions: Iterable[Transmission]) -> bytes:
        """The SHOE/1 sentences of these transmissions as they go down a serial line or a socket, garbled
        where the cable garbles them."""
        out = bytearray()
        for t in transmissions:
            sentence = codec.encode(t.message)
            out += self.garble_sentence(sentence) if t.garbled else sentence
        return bytes(out)

    def garble_sentence(self, sentence: bytes) -> bytes:
        """Flip one bit of a byte of BODY (between `$` and `*`) without creating a delimiter."""
        star = sentence.rfind(b"*")
        data = bytearray(sentence)
        while True:
            index = self._rng.randrange(1, star)
            flipped = data[index] ^ (1 << self._rng.randrange(7))
            if flipped not in _SENTENCE_DELIMITERS:
                data[index] = flipped
                return bytes(data)

    def garble_report(self, report: bytes) -> bytes:
        data = bytearray(report)
        data[self._rng.randrange(len(data))] ^= 1 << self._rng.randrange(8)
        return bytes(data)
