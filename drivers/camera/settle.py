"""Report each card once, when it has settled: track detections across frames and vote on their readings.

A card sliding into place is seen in many frames at many positions; it must become exactly one CardEvent,
once it lies still. A track is a detection followed from frame to frame by its centre. When it has been
still for `settle_frames` frames it is read on the next `votes` frames; if every accepted reading agrees it
is that card, otherwise (any disagreement, or no accepted reading) it is unreadable. Either way it is
reported once, and not again until it leaves the layout.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from controller.core.cards import Card
from drivers.camera.detect import Detection
from drivers.camera.recognise import Sighting


@dataclass(frozen=True)
class SettledCard:
    """A card that came to rest: what it is (None = unreadable), how sure, and where."""

    card: Card | None
    confidence: float
    corners: np.ndarray


@dataclass(eq=False)  # tracks are compared by identity, not by their arrays
class _Track:
    centre: np.ndarray
    width: float
    still: int = 0
    missing: int = 0
    readings: list[Sighting] = field(default_factory=list)
    reported: bool = False
    reported_card: Card | None = None
    was_reported: bool = False  # reported at least once (reported_card may be None: unreadable)
    reported_at: np.ndarray | None = None  # the centre where it lay when last reported


class SettleTracker:
    """Turns per-frame detections into one report per card that comes to rest."""

    def __init__(self, settle_frames: int = 4, votes: int = 3, forget_frames: int = 20) -> None:
        self.settle_frames = settle_frames
        self.votes = votes
        self.forget_frames = forget_frames
        self._tracks: list[_Track] = []

    def update(self, detections: list[Detection], read: Callable[[Detection], Sighting]) -> list[SettledCard]:
        """Feed one frame's detections; `read` is called only for settled, unreported cards."""
        settled: list[SettledCard] = []
        unmatched = list(self._tracks)
        for detection in detections:
            centre = np.float32(detection.centre)
            track = _nearest(unmatched, centre, detection.width)
            if track is None:
                self._tracks.append(_Track(centre, detection.width))
                continue
            unmatched.remove(track)
            moved = float(np.linalg.norm(centre - track.centre))
            if track.missing and track.reported:
                # Back after vanishing: check it is still the card that was reported before trusting that.
                track.reported, track.still, track.readings = False, 0, []
            track.centre, track.width, track.missing = centre, detection.width, 0
            if moved > max(2.0, 0.03 * detection.width):
                track.still, track.readings = 0, []
                if track.reported:
                    # A reported card that moves is being pushed, not dealt again: keep it reported.
                    continue
            else:
                track.still += 1
            if track.reported or track.still < self.settle_frames:
                continue
            track.readings.append(read(detection))
            if len(track.readings) >= self.votes:
                verdict = _verdict(track.readings)
                if not (track.was_reported and verdict.card == track.reported_card) and not self._seen_before(
                        track, verdict):
                    settled.append(verdict)
                track.reported, track.reported_card, track.was_reported = True, verdict.card, True
                track.reported_at = track.centre
        for track in unmatched:
            track.missing += 1
        # A track never reported is forgotten at once; a reported one is remembered for a while.
        self._tracks = [t for t in self._tracks
                        if t.missing == 0 or (t.was_reported and t.missing < self.forget_frames)]
        return settled


    def _seen_before(self, track: _Track, verdict: SettledCard) -> bool:
        """Whether a card settling is one another track has reported, that track lost while a card passed over
        it (their blob, or the part left uncovered, carried the track off): the same card, since a pack holds
        each card once, or an unreadable card lying where a reported one was reported."""
        for other in self._tracks:
            if other is track or other.reported_at is None:
                continue
            if verdict.card is not None and verdict.card == other.reported_card:
                return True
            if verdict.card is None and float(np.linalg.norm(other.reported_at - track.centre)) <= 0.2 * track.width:
                return True
        return False


def _nearest(tracks: list[_Track], centre: np.ndarray, width: float) -> _Track | None:
    """The track this detection continues. A card at rest keeps its track only while it stays put: a card
    sliding in past it must not inherit its identity (the resting card would then look new, and be
    reported twice)."""
    best, best_distance = None, 0.5 * width
    for track in tracks:
        distance = float(np.linalg.norm(track.centre - centre))
        if track.was_reported and distance > 0.2 * width:
            continue
        if distance < best_distance:
            best, best_distance = track, distance
    return best


def _verdict(readings: list[Sighting]) -> SettledCard:
    accepted = [r for r in readings if r.card is not None]
    last = readings[-1]
    if not accepted or len({r.card for r in accepted}) > 1:
        return SettledCard(None, min(r.confidence for r in readings), last.corners)
    # One accepted read is enough when the others are merely unsure; a conflict is never resolved by vote.
    best = max(accepted, key=lambda r: r.confidence)
    return SettledCard(best.card, best.confidence, best.corners)
