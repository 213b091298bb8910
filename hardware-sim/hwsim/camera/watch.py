"""`camera+sim://?deck=NAME`: a simulated camera over the layout, rendering the table's showdown as it stands.

The table turns the showdown's cards up on it (`turn_up`, what the dealer's hands do at a real table); it renders
them as `hwsim.camera.layout.LayoutCamera` does (1920x1080, each card a little askew, the light of the condition
asked) and reads each frame through the real recogniser and layout reader, as a camera over the table would. A
switch is planned on demand (`plan_switch`) or in the URL: `switch=2:3` puts a card not in play in the place of
a card of box 3 at the second showdown (`switch=1:dealer,4:6` for more). URL options: `theme=` the card art (by
default the deck's name; a deck of another name says which theme it was taught from: `deck=casino-red&theme=anglo`),
`condition=normal|hard|small`, `seed=`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import numpy as np

from drivers.base import SourceError, url_query
from drivers.camera.layout import LAYOUT_DETECT_WIDTH, LayoutReader
from drivers.camera.recognise import Recogniser
from drivers.camera.source import recogniser_for
from drivers.cards import PACK, Card
from drivers.layout_camera import ShowdownCamera, SimulatedLayout
from drivers.showdown import DEALER, Spot, SpotReading, spot_order
from hwsim.camera.art import ArtError, load_deck, theme_for
from hwsim.camera.layout import LayoutCamera, ShowdownLayout
from hwsim.camera.scene import CONDITIONS

MAX_SWITCHES = 1000  # a plan of switches for a long session, never a list without end


def parse_switches(text: str) -> dict[int, Spot]:
    """`2:3,5:dealer` as {2: 3, 5: "dealer"}: the showdown's number (from 1) and the spot of its switch."""
    plan: dict[int, Spot] = {}
    for item in filter(None, text.split(",")):
        number, _, spot = item.partition(":")
        if not number.isdigit() or int(number) < 1 or not (spot == DEALER or (spot.isdigit() and 1 <= int(spot) <= 7)):
            raise SourceError(f"switch={text!r}: give SHOWDOWN:SPOT pairs, the showdown numbered from 1 and the spot a "
                              "box 1-7 or 'dealer', e.g. switch=2:3,5:dealer")
        plan[int(number)] = DEALER if spot == DEALER else int(spot)
    if len(plan) > MAX_SWITCHES:
        raise SourceError(f"switch= plans {len(plan):,} switches; at most {MAX_SWITCHES:,}")
    return plan


class SimulatedShowdownCamera(ShowdownCamera, SimulatedLayout):
    """The simulator's camera over the layout; `switched` is its ground truth."""

    def __init__(self, url: str, recogniser: Recogniser, theme: str, *, condition: str = "normal", seed: int = 0,
                 switches: Mapping[int, Spot] | None = None) -> None:
        super().__init__(url)
        if condition not in CONDITIONS:
            raise SourceError(f"unknown condition '{condition}' in '{url}' (known: {', '.join(CONDITIONS)})")
        self.recogniser = recogniser
        self.theme = theme
        self.condition = condition
        self.seed = seed
        self.showdowns = 0  # showdowns turned up so far
        self._switches = dict(switches or {})
        self._art = load_deck(theme)
        self._rng = np.random.default_rng(seed)
        self._planned: tuple[Spot, int, Card | None] | None = None
        self._layout: ShowdownLayout | None = None
        self._camera: LayoutCamera | None = None
        self._reader: LayoutReader | None = None
        self._switched: tuple[Spot, Card, Card] | None = None

    @classmethod
    def from_url(cls, url: str) -> SimulatedShowdownCamera:
        query = url_query(url)
        try:
            seed = int(query.get("seed", "0"))
        except ValueError as err:
            raise SourceError(f"seed={query.get('seed')!r} in '{url}' is not a whole number") from err
        switches = parse_switches(query.get("switch", ""))  # the URL's own mistakes first, then the deck's
        recogniser = recogniser_for(url, query, detect_width=LAYOUT_DETECT_WIDTH)
        try:
            return cls(url, recogniser, theme_for(url, query, recogniser.profile.name),
                       condition=query.get("condition", "normal"), seed=seed, switches=switches)
        except ArtError as err:
            raise SourceError(str(err)) from err

    # -- the camera ------------------------------------------------------------------------------------------
    def read(self, spots: Collection[Spot] | None = None) -> dict[Spot, SpotReading]:
        if self._camera is None or self._reader is None:
            return {spot: SpotReading() for spot in spots or ()}  # nothing turned up: an empty layout
        return self._reader.read(self.next_frame(), spots)

    def next_frame(self) -> np.ndarray:
        """The layout as it lies now, photographed: a new frame each time (its own noise and glare)."""
        assert self._camera is not None, "nothing is turned up yet"
        return self._camera.photo()

    def simulated_layout(self) -> SimulatedLayout:
        return self

    # -- what the dealer's hands do ---------------------------------------------------------------------------
    def turn_up(self, spots: Mapping[Spot, Sequence[Card]], boxes: int) -> None:
        layout = ShowdownLayout({spot: tuple(cards) for spot, cards in spots.items() if spot != DEALER},
                                tuple(spots.get(DEALER, ())))
        if layout == self._layout:
            return  # the same cards shown again (a spot asked again): the same table, a new frame
        self.showdowns += 1
        self._layout = layout
        self._camera = LayoutCamera(self.theme, layout, boxes, seed=int(self._rng.integers(1 << 31)),
                                    condition=self.condition, art=self._art)
        self._reader = LayoutReader(self.recogniser, self._camera.zones)
        self._switched = None
        planned, self._planned = self._planned, None
        if planned is None and self.showdowns in self._switches:
            planned = (self._switches[self.showdowns], 0, None)
        if planned is not None:
            self._switch(*planned)

    def plan_switch(self, spot: Spot, position: int = 0, card: Card | None = None) -> None:
        self._planned = (spot, position, card)

    @property
    def switched(self) -> tuple[Spot, Card, Card] | None:
        return self._switched

    def _switch(self, spot: Spot, position: int, card: Card | None) -> None:
        assert self._camera is not None and self._layout is not None
        on_layout = self._layout.spots()
        in_play = [s for s in sorted(on_layout, key=spot_order) if on_layout[s]]
        if not in_play:
            return
        if spot not in in_play:  # a box folded or not played: the next spot that holds cards
            later = [s for s in in_play if spot_order(s) > spot_order(spot)]
            spot = (later or in_play)[0]
        cards = on_layout[spot]
        position %= len(cards)
        if card is None:
            dealt = {c for held in on_layout.values() for c in held}
            strangers = [c for c in PACK if c not in dealt]
            card = strangers[int(self._rng.integers(len(strangers)))]
        self._camera.switch(spot, position, card)
        self._switched = (spot, cards[position], card)

