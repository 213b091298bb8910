"""What the card-switch stories share: a table with the simulated shoe and a camera over its layout that reads the
cards exactly as they lie (no images: the recogniser's own stories are tests/test_camera*.py), with a switch,
a card it cannot read or a failure on demand; and a round played up to its showdown."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

from tables import acknowledged

from controller.engine import Phase, PlaceStakes, RevealDealer
from controller.players.simple import next_action
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.pump import CardPump
from controller.table.rule_files import load_preset
from controller.table.security.users import Role, User
from controller.table.showdown import ShowdownGuard
from drivers.base import CardSource, SourceError, open_source
from drivers.cards import PACK, Card
from drivers.layout_camera import ShowdownCamera, SimulatedLayout
from drivers.showdown import Spot, SpotReading, spot_order

CAMERA_URL = "camera+scripted://"
BORIS = User("boris", Role.PIT_BOSS)


class ScriptedCamera(ShowdownCamera, SimulatedLayout):
    """A camera over the layout that reads what lies there. `unreadable[spot] = n`: the spot's first card is
    unreadable in its next n readings; `failing`: every reading fails as a camera with no frames does."""

    def __init__(self) -> None:
        super().__init__(CAMERA_URL)
        self.layout: dict[Spot, list[Card]] = {}
        self.unreadable: dict[Spot, int] = {}
        self.failing = False
        self.readings = 0
        self._planned: tuple[Spot, int, Card | None] | None = None
        self._switched: tuple[Spot, Card, Card] | None = None

    def read(self, spots: Collection[Spot] | None = None) -> dict[Spot, SpotReading]:
        if self.failing:
            raise SourceError("the camera over the layout sends no frames: check its cable and power")
        self.readings += 1
        seen = {}
        for spot in self.layout if spots is None else spots:
            cards = list(self.layout.get(spot, ()))
            blurred = self.unreadable.get(spot, 0)
            if blurred and cards:
                self.unreadable[spot] = blurred - 1
                seen[spot] = SpotReading(tuple(cards[1:]), 1)
            else:
                seen[spot] = SpotReading(tuple(cards))
        return seen

    def simulated_layout(self) -> SimulatedLayout:
        return self

    def turn_up(self, spots: Mapping[Spot, Sequence[Card]], boxes: int) -> None:
        layout = {spot: list(cards) for spot, cards in spots.items()}
        if self._switched is not None and self._switched[0] in layout:
            return  # the same showdown shown again: the switched card still lies there
        self.layout = layout
        if self._planned is not None:
            spot, position, card = self._planned
            self._planned = None
            in_play = {c for cards in layout.values() for c in cards}
            card = card or next(c for c in PACK if c not in in_play)
            replaced, layout[spot][position] = layout[spot][position], card
            self._switched = (spot, replaced, card)

    def plan_switch(self, spot: Spot, position: int = 0, card: Card | None = None) -> None:
        self._planned = (spot, position, card)

    @property
    def switched(self) -> tuple[Spot, Card, Card] | None:
        return self._switched


class Table:
    """A table of `preset` with the simulated shoe, its card pump, and the scripted camera over its layout."""

    def __init__(self, folder: Path, preset: str = "classic", seed: int = 5, camera: bool = True) -> None:
        self.folder, self.preset, self.seed = folder, preset, seed
        self.journal = Journal(folder / "T1.journal")
        self.controller = acknowledged(TableController(self.journal, load_preset(preset),
                                                           camera=CAMERA_URL if camera else None))
        self.camera = ScriptedCamera()
        self.guard = ShowdownGuard(self.controller, self.camera) if camera else None
        self.source: CardSource = open_source(f"sim://?seed={seed}&rate=0&clock=virtual")
        self.pump = CardPump(self.source, self.controller, pack_seed=seed)
        self.pump.ready_shoe()

    def play_to_showdown(self, boxes: int = 3) -> None:
        """Stakes on `boxes` boxes, the deal and every box's decision (the `simple` strategy): every box has acted
        and the dealer is to show his hand."""
        controller = self.controller
        rules = controller.rules
        assert rules is not None
        for box in range(1, min(boxes, rules.table.boxes) + 1):
            controller.submit(PlaceStakes(box, 100, player=f"P{box}"))
        for _ in range(300):
            state = controller.round
            assert state is not None and state.fault is None and not controller.faults
            action = next_action(state)
            if isinstance(action, RevealDealer) or (state.phase is Phase.REVEAL and action is None):
                return
            if action is None:
                self.pump.take_card(len(state.deal_plan) - state.deal_index if state.phase is Phase.DEALING else 1)
            else:
                controller.submit(action)
        raise AssertionError("the round never reached its showdown")

    def spots_in_play(self) -> list[Spot]:
        from controller.table.showdown_faults import shoe_record

        state = self.controller.round
        assert state is not None
        return sorted(shoe_record(state), key=spot_order)

    def reopen(self) -> TableController:
        """The table after a restart: its journal folded again, the same camera told of."""
        self.close()
        self.journal = Journal(self.folder / "T1.journal")
        self.controller = TableController(self.journal, camera=CAMERA_URL)
        return self.controller

    def close(self) -> None:
        self.source.close()
        self.journal.close()
