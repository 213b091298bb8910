"""Read every card in a frame: detect, warp upright, read the ink, match against the calibrated deck."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from drivers.camera.detect import DETECT_WIDTH, Detection, find_again, find_cards
from drivers.camera.inkmap import read_face, warp_face
from drivers.camera.match import Reading, matcher_of
from drivers.camera.profile import DeckProfile
from drivers.cards import Card

ASPECT_SLACK = 0.5  # perspective (a camera looking across the table) stretches a card this much
# A card found again is read again only if it is this much larger: found whole at the print level, a card is
# 3-6% larger than at Otsu's level (its blurred edge); found cut short by a robe, 11-16%.
FOUND_LARGER = 1.08


@dataclass(frozen=True)
class Sighting:
    """One card seen in one frame: what it is (None = unreadable), how sure, and where."""

    card: Card | None
    confidence: float
    # (4, 2) frame pixels, clockwise from the top-left of the face as matched (for a card that looks the same
    # after a half turn, as most do, either end of the card may be taken for its top)
    corners: np.ndarray
    reading: Reading

    @property
    def centre(self) -> tuple[float, float]:
        cx, cy = self.corners.mean(axis=0)
        return float(cx), float(cy)


class Recogniser:
    """The whole per-frame pipeline for one calibrated deck."""

    def __init__(self, profile: DeckProfile, detect_width: int = DETECT_WIDTH) -> None:
        self.profile = profile
        self.matcher = matcher_of(profile)  # shared with any other reader of the same deck
        self.aspect = (profile.aspect - ASPECT_SLACK, profile.aspect + ASPECT_SLACK)
        self.detect_width = detect_width

    def detect(self, frame: np.ndarray) -> list[Detection]:
        return find_cards(frame, aspect=self.aspect, detect_width=self.detect_width)

    def read(self, frame: np.ndarray, detection: Detection, felt: np.ndarray | None = None) -> Sighting:
        """The card found there, or None; a card that cannot be read as found is looked for again (it may have
        been found cut short) and read again where it is found far larger. `felt`: the felt's colour, if known."""
        sighting = self._read(frame, detection)
        if sighting.card is None:
            again = find_again(frame, detection, self.aspect, self.detect_width, felt)
            if again is not None and cv2.contourArea(again.corners) > FOUND_LARGER * cv2.contourArea(detection.corners):
                second = self._read(frame, again)
                if second.card is not None:
                    return second
        return sighting

    def _read(self, frame: np.ndarray, detection: Detection) -> Sighting:
        face = read_face(warp_face(frame, detection.corners))
        reading = self.matcher.identify(face)
        corners = np.roll(detection.corners, -2, axis=0) if reading.turned else detection.corners
        return Sighting(reading.card, reading.confidence, corners, reading)

    def read_frame(self, frame: np.ndarray) -> list[Sighting]:
        return [self.read(frame, detection) for detection in self.detect(frame)]
