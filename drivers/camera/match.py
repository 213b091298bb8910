"""Which card is this face? Normalised cross-correlation against the calibrated deck, with a margin.

Three views of the card are compared: the whole face (coarse) and both corner indices (fine, each allowed
to shift a few pixels, which absorbs a corner found slightly off). A fourth, the ink colour, must agree with
the taught card's. A card is accepted only when its score beats every *other* card's by the margin;
otherwise it is unreadable, and the dealer is asked. Never a silent guess.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from controller.cards import Card
from drivers.camera.inkmap import Face
from drivers.camera.profile import DeckProfile

SHIFT = 5  # pixels an index may be off in each direction, at FACE_SIZE
CANDIDATES = 10  # (card, orientation) pairs ranked by the whole face that get the fine corner comparison
WHOLE_WEIGHT = 0.3  # the rest is split between the two corner indices
COLOUR_TOLERANCE = 0.18  # ink colour distance tolerated before the score is docked
COLOUR_PENALTY = 2.0  # score lost per unit of colour distance beyond the tolerance
MIN_SCORE = 0.55  # the best card must look at least this much like its template
MIN_MARGIN = 0.08  # ... and beat the best other card by this much


@dataclass(frozen=True)
class Reading:
    """The verdict on one face: `card` None when unreadable. `confidence` 0..1 (1 = certain)."""

    card: Card | None
    confidence: float
    score: float  # the best card's similarity
    margin: float  # its lead over the best other card
    runner_up: Card | None


class Matcher:
    """Compares faces with one deck profile. Build once per deck; `identify` is the per-card work."""

    def __init__(self, profile: DeckProfile) -> None:
        self.profile = profile
        self.cards = profile.cards
        self._whole = np.stack([f.whole for f in profile.faces])  # (52, D)
        crop = slice(SHIFT, -SHIFT)
        self._top = [np.ascontiguousarray(f.index_top[crop, crop]) for f in profile.faces]
        self._bottom = [np.ascontiguousarray(f.index_bottom[crop, crop]) for f in profile.faces]
        self._colour = np.stack([f.colour for f in profile.faces])

    def scores(self, face: Face) -> np.ndarray:
        """The similarity of the face to each taught card (the better of its two orientations)."""
        views = (face, face.turned())
        coarse = np.stack([self._whole @ view.whole for view in views])  # (2, 52)
        best = np.full(len(self.cards), -1.0, np.float32)
        order = np.argsort(coarse, axis=None)[::-1][:CANDIDATES]
        colour_gap = np.linalg.norm(self._colour - face.colour, axis=1)
        for flat in order:
            turn, index = divmod(int(flat), len(self.cards))
            view = views[turn]
            top = _best_ncc(view.index_top, self._top[index])
            bottom = _best_ncc(view.index_bottom, self._bottom[index])
            score = WHOLE_WEIGHT * coarse[turn, index] + (1 - WHOLE_WEIGHT) * (top + bottom) / 2
            score -= COLOUR_PENALTY * max(0.0, float(colour_gap[index]) - COLOUR_TOLERANCE)
            best[index] = max(best[index], score)
        return best

    def identify(self, face: Face) -> Reading:
        scores = self.scores(face)
        order = np.argsort(scores)[::-1]
        first, second = int(order[0]), int(order[1])
        score, margin = float(scores[first]), float(scores[first] - max(scores[second], 0.0))
        confidence = confidence_of(score, margin)
        accepted = score >= MIN_SCORE and margin >= MIN_MARGIN
        return Reading(self.cards[first] if accepted else None, confidence, score, margin, self.cards[second])


def confidence_of(score: float, margin: float) -> float:
    """0..1: 0.5 exactly at the acceptance bounds, rising with the lead over the runner-up."""
    lead = min(margin / MIN_MARGIN, score / MIN_SCORE)
    return float(np.clip(lead / (1.0 + lead), 0.0, 1.0))


def _best_ncc(region: np.ndarray, template: np.ndarray) -> float:
    result = cv2.matchTemplate(region, template, cv2.TM_CCOEFF_NORMED)
    return float(result.max())
