"""Reading a table's layout: the cards the camera sees on each spot (a box's area, the dealer's), frame by frame.

The spots' zones are polygons in the camera's frame, set up once for the camera over the table (the hardware
simulator gives those of the layouts it renders). A card belongs to the spot whose zone holds its centre; a
card outside every zone (a discard, a card being moved) belongs to none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping

import cv2
import numpy as np

from controller.core.cards import Card
from drivers.camera.recognise import Recogniser
from drivers.camera.showdown import Spot, SpotReading

LAYOUT_DETECT_WIDTH = 1024  # a layout's cards are small in the frame: searched at this width they stay apart


class LayoutReader:
    """Reads the cards on each spot of a frame with a deck's recogniser."""

    def __init__(self, recogniser: Recogniser, zones: Mapping[Spot, np.ndarray]) -> None:
        self.recogniser = recogniser
        self.zones = {spot: np.asarray(zone, np.float32).reshape(-1, 1, 2) for spot, zone in zones.items()}

    def read(self, frame: np.ndarray, spots: Collection[Spot] | None = None) -> dict[Spot, SpotReading]:
        """The cards read on each spot (only on `spots`, if given: the others are not read at all)."""
        wanted = set(self.zones if spots is None else spots)
        cards: dict[Spot, list[Card]] = {spot: [] for spot in wanted}
        unreadable: Counter[Spot] = Counter()
        for detection in self.recogniser.detect(frame):
            spot = self.spot_at(*detection.centre)
            if spot not in wanted:
                continue
            card = self.recogniser.read(frame, detection).card
            if card is None:
                unreadable[spot] += 1
            else:
                cards[spot].append(card)
        return {spot: SpotReading(tuple(cards[spot]), unreadable[spot]) for spot in wanted}

    def spot_at(self, x: float, y: float) -> Spot | None:
        """The spot whose zone holds the point, if any."""
        return next((spot for spot, zone in self.zones.items()
                     if cv2.pointPolygonTest(zone, (float(x), float(y)), False) >= 0), None)
