"""The simulator's fault plan: parsed from a `--faults` SPEC, consulted by the shoe model and the link.

SPEC is a comma-separated list of items:
- `garble=P`, `drop=P`, `dup=P`: every frame the shoe sends is garbled (one bit flipped inside the checked
  part, so the receiver must detect it), dropped, or sent twice, each with probability P (0..1);
- `KIND@N` or `KIND@N:DURATION`, N = the Nth card to leave the shoe (1 = the first), DURATION like `2s`,
  `500ms` or `1.5`:
  - `unreadable@N`  the Nth card is reported as `??`;
  - `double@N`      cards N and N+1 are drawn together: FAULT E02, then both CARDs;
  - `jam@N[:D]`     before card N the shoe jams: FAULT E04, no card for D (default 2 s), then STAT READY;
  - `cover@N[:D]`   before card N the cover opens: STAT COVER_OPEN, FAULT E05, closed again after D (2 s);
  - `unplug@N:D`    before card N the device is unplugged for D: the pty or TCP link closes, the USB
                    device disappears; cards drawn meanwhile wait in the shoe's resend buffer;
  - `hb-loss@N:D`   from card N no heartbeat is sent for D (the host declares the shoe offline after 3 s).
Example: `garble=0.05,drop=0.02,dup=0.05,unreadable@7,double@12,jam@20,cover@30,unplug@40:2s,hb-loss@50:4s`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

RATE_KINDS = ("garble", "drop", "dup")
EVENT_KINDS = ("unreadable", "double", "jam", "cover", "unplug", "hb-loss")
NEEDS_DURATION = ("unplug", "hb-loss")
DEFAULT_DURATION = 2.0
MAX_DURATION = 3600.0  # seconds: an hour unplugged is as long as any test of a shoe needs

_EVENT = re.compile(r"^(?P<kind>[a-z-]+)@(?P<card>\d{1,9})(?::(?P<duration>[0-9.]{1,12})(?P<unit>ms|s)?)?$")


class FaultSpecError(ValueError):
    """A --faults SPEC that cannot be understood; the message shows the item and the syntax."""


@dataclass(frozen=True, slots=True)
class ScheduledFault:
    kind: str
    card: int  # 1-based number of the card the fault is tied to
    duration: float = 0.0


@dataclass(frozen=True)
class FaultPlan:
    garble: float = 0.0
    drop: float = 0.0
    dup: float = 0.0
    events: tuple[ScheduledFault, ...] = field(default_factory=tuple)

    def at_card(self, number: int) -> list[ScheduledFault]:
        return [f for f in self.events if f.card == number]

    def spec(self) -> str:
        """The SPEC this plan was parsed from (normalised)."""
        items = [f"{k}={getattr(self, k):g}" for k in RATE_KINDS if getattr(self, k)]
        for f in self.events:
            items.append(f"{f.kind}@{f.card}" + (f":{f.duration:g}s" if f.duration else ""))
        return ",".join(items)


NO_FAULTS = FaultPlan()


def parse_faults(spec: str | None) -> FaultPlan:
    """Parse a SPEC (see the module docstring); an empty or None SPEC is no faults."""
    if not spec:
        return NO_FAULTS
    rates: dict[str, float] = {}
    events: list[ScheduledFault] = []
    for item in (part.strip() for part in spec.split(",")):
        if not item:
            continue
        if "=" in item:
            name, _, value = item.partition("=")
            if name not in RATE_KINDS:
                raise FaultSpecError(
                    f"'{item}': a rate fault is one of {', '.join(RATE_KINDS)} (e.g. drop=0.02)"
                )
            try:
                rate = float(value)
            except ValueError:
                rate = -1.0
            if not 0.0 <= rate <= 1.0:
                raise FaultSpecError(f"'{item}': the probability must be a number from 0 to 1")
            rates[name] = rate
            continue
        match = _EVENT.match(item)
        if match is None or match["kind"] not in EVENT_KINDS:
            raise FaultSpecError(
                f"'{item}' is not a fault: use garble|drop|dup=P or "
                f"{'|'.join(EVENT_KINDS)}@CARD[:DURATION] (e.g. jam@20, unplug@40:2s; CARD up to 9 digits)"
            )
        kind, card = match["kind"], int(match["card"])
        if card < 1:
            raise FaultSpecError(f"'{item}': cards are numbered from 1")
        duration = DEFAULT_DURATION if kind in ("jam", "cover") else 0.0
        if match["duration"] is not None:
            try:
                duration = float(match["duration"]) / (1000.0 if match["unit"] == "ms" else 1.0)
            except ValueError as exc:
                raise FaultSpecError(f"'{item}': the duration must be a number, e.g. 2s or 500ms") from exc
            if duration > MAX_DURATION:
                raise FaultSpecError(f"'{item}': a fault lasts at most {MAX_DURATION:g} s")
        elif kind in NEEDS_DURATION:
            raise FaultSpecError(f"'{item}': {kind} needs a duration, e.g. {kind}@{card}:2s")
        if kind in ("unreadable", "double") and match["duration"] is not None:
            raise FaultSpecError(f"'{item}': {kind} takes no duration")
        events.append(ScheduledFault(kind, card, duration))
    events.sort(key=lambda f: f.card)
    return FaultPlan(rates.get("garble", 0.0), rates.get("drop", 0.0), rates.get("dup", 0.0), tuple(events))
