"""The card-switch check on the table: at showdown, what the camera over the layout reads on each box against
what the shoe dealt to it.

Once every box has acted, the dealer turns the cards up and the camera reads the layout
(`drivers.showdown.check_showdown`: a difference only when two frames show it, a spot in doubt read
again). The table journals the reading with its verdict (controller.TableController.showdown_seen):
- every card where the shoe dealt it: the dealer shows his hand;
- a card on a box that the shoe did not deal to it, or a dealt card missing: a CARD_SWITCH fault naming the box
  and both cards stops the round until a pit boss resolves it (or voids the round);
- a card the camera cannot read, or did not find: the dealer shows that box again and the camera reads it
  again; never a switch. After a few showings a pit boss compares it with the shoe's record (LAYOUT_UNREAD).

`ShowdownGuard` joins the camera and the table: `look` does the camera's part (it may run on a thread of its
own: it touches nothing of the table), `record` hands the reading to the table; `check` does both.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from controller.table.controller import TableController
from controller.table.journal import JournalEntry
from controller.table.showdown_faults import shoe_record
from drivers.base import SourceError
from drivers.cards import Card
from drivers.layout_camera import ShowdownCamera, open_showdown_camera
from drivers.showdown import ShowdownCheck, Spot, SpotReading, check_showdown


@dataclass(frozen=True)
class LayoutLook:
    """One look of the camera at a round's showdown: the shoe's record it was compared with, what it read on each
    spot (its last reading of a spot read again), its verdict, or why it could not read the layout; and the
    seconds it took."""

    round_id: str
    dealt: dict[Spot, tuple[Card, ...]]
    seen: dict[Spot, SpotReading]
    check: ShowdownCheck
    failure: str | None = None
    seconds: float = 0.0


class ShowdownGuard:
    """The camera over one table's layout, checking each showdown for the table."""

    def __init__(self, controller: TableController, camera: ShowdownCamera) -> None:
        if controller.camera != camera.url:
            raise ValueError("the table controller must be told of the camera (camera=URL) that checks its showdowns")
        self.controller = controller
        self.camera = camera

    @classmethod
    def open(cls, controller: TableController) -> ShowdownGuard | None:
        """The guard of the camera the controller was given (SourceError when it cannot be opened); None without
        one."""
        if controller.camera is None:
            return None
        return cls(controller, open_showdown_camera(controller.camera))

    @property
    def due(self) -> bool:
        return self.controller.showdown_due

    def dealt(self) -> tuple[str, dict[Spot, tuple[Card, ...]], int]:
        """The round's id, the shoe's record of its showdown, and the table's boxes: what `look` needs."""
        state, round_id, rules = self.controller.round, self.controller.round_id, self.controller.rules
        assert state is not None and round_id is not None and rules is not None
        return round_id, shoe_record(state), rules.table.boxes

    def look(self, round_id: str, dealt: Mapping[Spot, Sequence[Card]], boxes: int) -> LayoutLook:
        """The camera's part: read the layout until the check settles. Touches nothing of the table."""
        started = time.perf_counter()
        wanted = {spot: tuple(cards) for spot, cards in dealt.items()}
        simulated = self.camera.simulated_layout()
        seen: dict[Spot, SpotReading] = {}

        def read(spots: Collection[Spot] | None) -> Mapping[Spot, SpotReading]:
            reading = self.camera.read(list(wanted) if spots is None else spots)
            reading = {spot: found for spot, found in reading.items() if spot in wanted}
            seen.update(reading)
            return reading

        try:
            if simulated is not None:
                simulated.turn_up(wanted, boxes)  # the dealer's hands, in the simulator
            check = check_showdown(read, wanted)
        except Exception as err:  # a camera that fails in any way leaves the layout to a pit boss, never a crash
            failure = str(err) if isinstance(err, SourceError) else f"the camera's driver failed ({err!r})"
            return LayoutLook(round_id, wanted, seen, ShowdownCheck(ask_again=tuple(wanted)), failure,
                              time.perf_counter() - started)
        return LayoutLook(round_id, wanted, seen, check, None, time.perf_counter() - started)

    def record(self, look: LayoutLook) -> list[JournalEntry]:
        """The table's part: journal the reading and its verdict (a fault where it calls for one)."""
        return self.controller.showdown_seen(look.round_id, look.seen, look.check, failure=look.failure)

    def check(self) -> LayoutLook:
        """Read the showdown and hand the reading to the table, in one go (no reader thread)."""
        look = self.look(*self.dealt())
        self.record(look)
        return look

    def close(self) -> None:
        self.camera.close()
