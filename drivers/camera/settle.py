"""Report each card once, when it has settled: track detections across frames and vote on their readings.

A card sliding into place is seen in many frames at many positions; it must become exactly one CardEvent,
once it lies still. A track is a detection followed from frame to frame by its centre. When it has been
still for `settle_frames` frames it is read on the next `votes` frames; if every accepted reading agrees it
is that card, otherwise (any disagreement, or no accepted reading) it is unreadable. Either way it is
reported once, and not again until it leaves the layout: a card read again after it moved or vanished for a
moment, on its own track or (carried off by a card passing over it) on a new one, is the card reported before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from drivers.camera.detect import Detection
from drivers.camera.recognise import Sighting
from drivers.cards import Card

MOVED_OFF = 0.2  # of a card's width: a reported card's track follows it no further in a frame, and an unreadable
# card settling this close to where a lost card lay is taken for it


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
    verified: bool = False  # its card read where it lies now (False again once it moves or vanishes)
    reported_card: Card | None = None
    was_reported: bool = False  # reported at least once (reported_card may be None: unreadable)
    reported_at: np.ndarray | None = None  # the centre where it lay when last read

    def forget_report(self) -> None:
        """Start over, as a new track of whatever card it follows now."""
        self.verified, self.reported_card, self.was_reported, self.reported_at = False, None, False, None


@dataclass
class _LostReport:
    """A card reported whose track has since settled on another card: a card passing over it carried its
    track off. It is still somewhere on the layout (and comes back on a track of its own) for a while."""

    card: Card | None
    place: np.ndarray | None
    age: int = 0


class SettleTracker:
    """Turns per-frame detections into one report per card that comes to rest."""

    def __init__(self, settle_frames: int = 4, votes: int = 3, forget_frames: int = 20) -> None:
        self.settle_frames = settle_frames
        self.votes = votes
        self.forget_frames = forget_frames
        self._tracks: list[_Track] = []
        self._lost: list[_LostReport] = []

    def update(self, detections: list[Detection], read: Callable[[Detection], Sighting]) -> list[SettledCard]:
        """Feed one frame's detections; `read` is called only for settled, unverified cards."""
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
            if track.missing:
                # Back after vanishing: check it is still the card that was reported before trusting that.
                track.verified, track.still, track.readings = False, 0, []
            track.centre, track.width, track.missing = centre, detection.width, 0
            if moved > max(2.0, 0.03 * detection.width):
                # Moving: a card being dealt, or pushed (read again once it lies still: the same card is not
                # reported again), or the blob a passing card makes with it.
                track.verified, track.still, track.readings = False, 0, []
                continue
            track.still += 1
            if track.verified or track.still < self.settle_frames:
                continue
            track.readings.append(read(detection))
            if len(track.readings) >= self.votes:
                verdict = _verdict(track.readings)
                read_before = track.was_reported and verdict.card == track.reported_card
                if track.was_reported and not read_before:
                    # Another card where this track's card lay: the track's report is lost, not withdrawn.
                    self._lost.append(_LostReport(track.reported_card, track.reported_at))
                if not read_before and not self._found_again(track, verdict):
                    settled.append(verdict)
                track.verified, track.reported_card, track.was_reported = True, verdict.card, True
                track.reported_at = track.centre
        for track in unmatched:
            track.missing += 1
            track.verified = False
        # A track never reported is forgotten at once; a reported one is remembered for a while.
        self._tracks = [t for t in self._tracks
                        if t.missing == 0 or (t.was_reported and t.missing < self.forget_frames)]
        for lost in self._lost:
            lost.age += 1
        self._lost = [lost for lost in self._lost if lost.age < self.forget_frames]
        return settled

    def _found_again(self, track: _Track, verdict: SettledCard) -> bool:
        """Whether the card settling on `track` is one reported before whose track has lost it (it vanished,
        moved off, or settled on another card): a card a passing card covered for a moment, its track carried
        off by their blob or by the part of it left uncovered. It is that card if it is the same (a pack holds
        each card once), or unreadable where that card lay. The report it repeats is used up: the track that
        made it starts over on whatever card it follows now. A card reported and still read where it lies
        explains nothing: a second card of its face is another card (the shoe's fault to raise)."""
        def same(card: Card | None, place: np.ndarray | None) -> bool:
            if verdict.card is not None:
                return card == verdict.card
            return place is not None and float(np.linalg.norm(place - track.centre)) <= MOVED_OFF * track.width

        for other in self._tracks:
            if other is not track and other.was_reported and not other.verified and same(
                    other.reported_card, other.reported_at):
                other.forget_report()
                return True
        for lost in self._lost:
            if same(lost.card, lost.place):
                self._lost.remove(lost)
                return True
        return False


def _nearest(tracks: list[_Track], centre: np.ndarray, width: float) -> _Track | None:
    """The track this detection continues. A card at rest keeps its track only while it stays put: a card
    sliding in past it must not inherit its identity (the resting card would then look new, and be
    reported twice)."""
    best, best_distance = None, 0.5 * width
    for track in tracks:
        distance = float(np.linalg.norm(track.centre - centre))
        if track.was_reported and distance > MOVED_OFF * width:
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
