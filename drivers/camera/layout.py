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

from drivers.camera.detect import Detection, felt_colour, find_cards
from drivers.camera.recognise import Recogniser
from drivers.cards import Card
from drivers.showdown import Spot, SpotReading

LAYOUT_DETECT_WIDTH = 1024  # a layout's cards are small in the frame: searched at this width they stay apart


class LayoutReader:
    """Reads the cards on each spot of a frame with a deck's recogniser."""

    def __init__(self, recogniser: Recogniser, zones: Mapping[Spot, np.ndarray]) -> None:
        self.recogniser = recogniser
        self.zones = {spot: np.asarray(zone, np.float32).reshape(-1, 1, 2) for spot, zone in zones.items()}
        self._felt: np.ndarray | None = None

    def read(self, frame: np.ndarray, spots: Collection[Spot] | None = None) -> dict[Spot, SpotReading]:
        """The cards read on each spot; only on `spots`, if given, and only that part of the frame is searched
        (a spot read again must not cost a whole frame's time)."""
        wanted = set(self.zones if spots is None else spots)
        cards: dict[Spot, list[Card]] = {spot: [] for spot in wanted}
        unreadable: Counter[Spot] = Counter()
        for detection in self._detect(frame, None if spots is None else wanted):
            spot = self.spot_at(*detection.centre)
            if spot not in wanted:
                continue
            card = self.recogniser.read(frame, detection, self._felt).card
            if card is None:
                unreadable[spot] += 1
            else:
                cards[spot].append(card)
        return {spot: SpotReading(tuple(cards[spot]), unreadable[spot]) for spot in wanted}

    def spot_at(self, x: float, y: float) -> Spot | None:
        """The spot whose zone holds the point, if any."""
        return next((spot for spot, zone in self.zones.items()
                     if cv2.pointPolygonTest(zone, (float(x), float(y)), False) >= 0), None)

    def _detect(self, frame: np.ndarray, spots: set[Spot] | None) -> list[Detection]:
        if spots is None:
            self._felt = felt_colour(frame)
            return self.recogniser.detect(frame)
        # The spots' part of the frame, searched at the same scale as a whole frame, against the felt's colour
        # as the whole frame shows it (a part mostly covered by cards would take the paper for the felt).
        outline = np.concatenate([self.zones[spot] for spot in spots]).reshape(-1, 2)
        margin = 0.1 * (outline.max(axis=0) - outline.min(axis=0)).max()
        x0, y0 = np.maximum(np.floor(outline.min(axis=0) - margin), 0).astype(int)
        x1, y1 = np.minimum(np.ceil(outline.max(axis=0) + margin), [frame.shape[1], frame.shape[0]]).astype(int)
        if x1 <= x0 or y1 <= y0:
            return []
        part = frame[y0:y1, x0:x1]
        width = max(64, round(self.recogniser.detect_width * part.shape[1] / frame.shape[1]))
        felt = self._felt if self._felt is not None else felt_colour(frame)
        return [Detection(detection.corners + np.float32([x0, y0]))
                for detection in find_cards(part, aspect=self.recogniser.aspect, felt=felt, detect_width=width)]
