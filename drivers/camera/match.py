"""Which card is this face? Normalised cross-correlation against the calibrated deck, with a margin.

Two steps. *Ranking*: the whole face (coarse) and both corner indices (fine, each allowed to shift a few
pixels, which absorbs a corner found slightly off) are correlated with every likely card, and the ink colour
must agree with the taught card's. *Duel*: the best card is then compared with each close rival, and with
each card of the deck that looks most like it whatever the ranking said, only where the two taught faces
differ (an 8 and a 9 differ in one stroke of the index and one pip), which is where the evidence is. The card
is accepted only when it wins every duel by the margin; otherwise it is unreadable and the dealer is asked.
Never a silent guess. A close duel is judged a second time with the face aligned to the two cards, which can
confirm its winner but never name another.

The taught faces are compared a little softened (TEMPLATE_BLUR): a camera never sees print as sharp as the
artwork or the close-up a deck is taught from, and a sharp template loses the fine differences (a club's
lobes, a spade's point) exactly when the face seen is blurred.
"""

from __future__ import annotations

import hashlib
import math
import threading
import weakref
from dataclasses import dataclass

import cv2
import numpy as np

from drivers.camera.inkmap import FACE_SIZE, Face, colour_known, face_from_ink
from drivers.camera.ncc import TemplateBank
from drivers.camera.profile import DeckProfile
from drivers.cards import Card

SHIFT = 5  # pixels an index may be off in each direction, at FACE_SIZE
CANDIDATES = 4  # (card, orientation) pairs ranked by the whole face that get the fine corner comparison
WHOLE_WEIGHT = 0.3  # the rest is split between the two corner indices
COLOUR_TOLERANCE = 0.25  # ink hue distance tolerated before the score is docked (red to black: about 1)
COLOUR_GATE = 0.55  # a card whose ink hue is this far from the taught card's is not that card
COLOUR_PENALTY = 2.0  # score lost per unit of colour distance beyond the tolerance
COLOUR_DUEL = 0.3  # weight of the ink colour in a duel between a red and a black card ...
COLOUR_APART = 0.5  # ... or any two cards whose taught inks are this far apart (red from black: 0.7-1.1); closer,
# they differ only by the court art that reaches into the index box, whose colour the light shifts as much
RIVALS = 3  # the best-ranked card and this many runners-up duel each other
RIVAL_GAP = 0.3  # ... if they score within this much of it
DUEL_SIZE = (75, 112)  # the whole face is duelled at this size ...
ALIGN = 2  # ... and shifted up to this many pixels each way: to fit each card where it alone tells two cards apart,
REALIGN = 0.15  # ... or to fit both cards together in a duel won by less than this
DIFFERENT_INK = 0.15  # two taught faces differ at a pixel where their ink differs by this much
MIN_SCORE = 0.6  # the best card must look at least this much like its template (a skewed outline scores less)
MIN_MARGIN = 0.05  # ... and win each duel by this much
SURE_SCORE = 0.9  # below this score, a card must win its duels by more ...
MARGIN_PER_SCORE = 0.5  # ... this much more margin per unit of score short of it
DOMINANT = 3.0  # when the indices and the whole face disagree in a duel, one must be this much surer to prevail
WITNESS = 100.0  # ... and both must differ in this many face pixels: a few dozen (court art reaching into an index
# box, a big pip's edge) are too few to overrule the rest of the face; they count only in proportion
LOOKALIKES = 3  # the taught cards most like the best-ranked one always duel it, ranked or not
TEMPLATE_BLUR = 1.2  # Gaussian sigma, in face pixels, that softens the taught ink maps


@dataclass(frozen=True)
class Reading:
    """The verdict on one face: `card` None when unreadable. `confidence` 0..1 (1 = certain)."""

    card: Card | None
    confidence: float
    score: float  # the best card's similarity
    margin: float  # its narrowest duel win (negative: a rival looked better where they differ)
    best: Card  # the best-ranked card, accepted or not
    runner_up: Card | None
    turned: bool  # the face matched the other way up (its top-left index is at the detection's 3rd corner)


# where (flat pixel indices), weight (face pixels), taught face a there, taught face b there
_DifferingView = tuple[np.ndarray, float, np.ndarray, np.ndarray]


class _SceneFace:
    """A face as seen, in both orientations: what the ranking and the duels compare, each made once."""

    def __init__(self, face: Face, indices: TemplateBank) -> None:
        self.face = face
        self.colour = face.colour
        # The coarse map of the half-turned face is the coarse map reversed (an exact 5:1 reduction).
        self.whole = (face.whole, np.ascontiguousarray(face.whole[::-1]))
        # Each corner index transformed once for all the templates it meets. In the half-turned face, the
        # bottom-right index is the top-left one.
        top, bottom = indices.prepare(face.index_top), indices.prepare(face.index_bottom)
        self.index_top = (top, bottom)
        self.index_bottom = (bottom, top)
        self._duel_whole: dict[int, np.ndarray] = {}
        self._shifted_whole: dict[int, np.ndarray] = {}

    def duel_whole(self, turn: int) -> np.ndarray:
        """The face at DUEL_SIZE in one orientation, made only if a duel needs it."""
        if turn not in self._duel_whole:
            self._duel_whole[turn] = _duel_size(self.face.ink, turned=turn == 1)
        return self._duel_whole[turn]

    def shifted_whole(self, turn: int) -> np.ndarray:
        """The face at DUEL_SIZE in one orientation, edged with ALIGN more pixels all round (its own edge
        repeated), flattened: what a view's pixels are read from at each shift."""
        if turn not in self._shifted_whole:
            self._shifted_whole[turn] = cv2.copyMakeBorder(self.duel_whole(turn), ALIGN, ALIGN, ALIGN, ALIGN,
                                                           cv2.BORDER_REPLICATE).ravel()
        return self._shifted_whole[turn]


@dataclass(frozen=True)
class _Match:
    """How one taught card fits the face: its score, the orientation, and the scene patches it aligned."""

    score: float
    index: int
    turn: int
    top: np.ndarray  # the scene's top index cropped where this card's template fitted best
    bottom: np.ndarray
    scene: _SceneFace

    @property
    def whole(self) -> np.ndarray:
        """The scene's face in this card's orientation, at DUEL_SIZE."""
        return self.scene.duel_whole(self.turn)

    @property
    def colour(self) -> np.ndarray:
        """The scene's ink colour."""
        return self.scene.colour


class Matcher:
    """Compares faces with one deck profile. Build once per deck; `identify` is the per-card work."""

    def __init__(self, profile: DeckProfile) -> None:
        self.profile = profile
        self.cards = profile.cards
        faces = [face_from_ink(cv2.GaussianBlur(f.ink, (0, 0), TEMPLATE_BLUR), f.colour) for f in profile.faces]
        self._whole = np.stack([f.whole for f in faces])  # (52, D)
        crop = slice(SHIFT, -SHIFT)
        self._top = [np.ascontiguousarray(f.index_top[crop, crop]) for f in faces]
        self._bottom = [np.ascontiguousarray(f.index_bottom[crop, crop]) for f in faces]
        # One bank for both corners (the same sizes): the top-left templates first, then the bottom-right.
        self._indices = TemplateBank(np.stack(self._top + self._bottom), faces[0].index_top.shape)
        self._duel_whole = [_duel_size(f.ink) for f in faces]
        self._colour = np.stack([f.colour for f in profile.faces])
        self._masks: dict[tuple[int, int, bool], list[_DifferingView]] = {}
        # Where every pair of taught faces differs, worked out once rather than during play: the first duel of a
        # pair would otherwise cost a frame's time budget. Each card against all the later ones at once.
        views = [np.stack(view) for view in (self._top, self._bottom, self._duel_whole)]
        for a in range(len(self.cards) - 1):
            differing = [_differs_from_each(view[a], view[a + 1:]) for view in views]
            for b in range(a + 1, len(self.cards)):
                self._keep_difference(a, b, False, [masks[b - a - 1] for masks in differing])
        self._lookalikes = [self._most_alike(card) for card in range(len(self.cards))]

    def matches(self, face: Face) -> list[_Match]:
        """The likely cards for a face, best first (each card once, in its better orientation)."""
        return self._ranked(_SceneFace(face, self._indices))[0]

    def _ranked(self, scene: _SceneFace) -> tuple[list[_Match], np.ndarray]:
        """The likely cards, best first, and the coarse similarity of every card in both orientations."""
        coarse = self._whole @ np.stack(scene.whole, axis=1)  # (52, 2): every card, both orientations
        order = np.argsort(coarse, axis=None)[::-1][:CANDIDATES]
        best: dict[int, _Match] = {}
        for flat in order:
            index, turn = divmod(int(flat), 2)
            match = self._match(scene, index, turn, coarse)
            if index not in best or match.score > best[index].score:
                best[index] = match
        return sorted(best.values(), key=lambda m: -m.score), coarse

    def _match(self, scene: _SceneFace, index: int, turn: int, coarse: np.ndarray) -> _Match:
        """How taught card `index` fits the face in one orientation."""
        top_score, top = self._indices.best(scene.index_top[turn], index)
        bottom_score, bottom = self._indices.best(scene.index_bottom[turn], len(self.cards) + index)
        score = WHOLE_WEIGHT * coarse[index, turn] + (1 - WHOLE_WEIGHT) * (top_score + bottom_score) / 2
        apart = _apart(self._colour[index], scene.colour)
        if apart is not None:
            score -= COLOUR_PENALTY * max(0.0, apart - COLOUR_TOLERANCE)
        return _Match(float(score), index, turn, top, bottom, scene)

    def scores(self, face: Face) -> np.ndarray:
        """The ranking score of each taught card (-1 for cards not even among the candidates)."""
        scores = np.full(len(self.cards), -1.0, np.float32)
        for match in self.matches(face):
            scores[match.index] = match.score
        return scores

    def identify(self, face: Face) -> Reading:
        scene = _SceneFace(face, self._indices)
        ranked, coarse = self._ranked(scene)
        contenders = [m for m in ranked[:1 + RIVALS] if m.score >= ranked[0].score - RIVAL_GAP]
        # The card ranked first must also beat the cards that look most like it: the coarse ranking can leave
        # the true card out (a nine of clubs and of spades share every pip's place), and a card not met in a
        # duel would otherwise win by default.
        seen = {m.index for m in contenders}
        for index in self._lookalikes[ranked[0].index]:
            if index not in seen:
                contenders.append(self._match(scene, index, ranked[0].turn, coarse))
        # Every contender duels every other; the winner is the one whose narrowest win is widest. The
        # best-ranked card is not always it: a blurred 3 of spades can rank first for a 3 of clubs.
        wins = np.full((len(contenders), len(contenders)), np.inf)
        for a in range(len(contenders)):
            for b in range(a + 1, len(contenders)):
                wins[a, b], wins[b, a] = self._duel_both(contenders[a], contenders[b])
        margins = wins.min(axis=1) if len(contenders) > 1 else np.ones(1)
        winner = int(np.argmax(margins))
        first, margin = contenders[winner], float(margins[winner])
        others = [m for m in ranked if m.index != first.index]
        runner_up = self.cards[others[0].index] if others else None
        # Ink too faint to measure its colour is no evidence either way (it is not black): the shapes decide.
        apart = _apart(self._colour[first.index], face.colour)
        hue_agrees = apart is None or apart <= COLOUR_GATE
        accepted = first.score >= MIN_SCORE and margin >= required_margin(first.score) and hue_agrees
        return Reading(self.cards[first.index] if accepted else None, confidence_of(first.score, margin),
                       first.score, margin, self.cards[first.index], runner_up, first.turn == 1)

    def duel(self, first: _Match, rival: _Match) -> float:
        """How much better `first` explains the face than `rival`, judged where their faces differ."""
        return self._duel_both(first, rival)[0]

    def _duel_both(self, first: _Match, rival: _Match) -> tuple[float, float]:
        """How much better `first` explains the face than `rival`, and `rival` than `first`.

        A close duel is judged again with the face aligned to the two cards (a face found a pixel or two off
        puts small pips off their place, and the whole face then says little either way, drowning what the
        indices say). The aligned verdict only ever confirms: it is asked only where the face as found names a
        winner by half the margin or more (a near tie is a coin toss, not a verdict to confirm) and looks like that
        card (SURE_SCORE: a face found askew or cut short looks like no card, and a shift then favours a wrong
        card as readily as the right one), counts where it names that winner, and where it names the other,
        neither card wins.
        """
        views = self._difference(first.index, rival.index, first.turn != rival.turn)
        plain = self._judged(first, rival, views, first.whole)
        winner = (first, rival)[_winner(plain) or 0]
        if not MIN_MARGIN / 2 <= max(plain) < REALIGN or winner.score < SURE_SCORE or views[2][1] == 0.0 or \
                _indices_alike(views):
            return plain  # won clearly, or not won at all as found, or by a face unlike its card: nothing to confirm
        aligned = self._judged(first, rival, views, self._aligned(first, rival))
        if _winner(plain) == _winner(aligned):
            return max(plain, aligned, key=max)
        return min(plain[0], aligned[0]), min(plain[1], aligned[1])

    def _aligned(self, first: _Match, rival: _Match) -> np.ndarray:
        """The face in `first`'s orientation at DUEL_SIZE, shifted (up to ALIGN pixels each way) to where it fits
        the two cards' taught faces together best."""
        theirs = self._duel_whole[rival.index]
        both = self._duel_whole[first.index] + (theirs[::-1, ::-1] if first.turn != rival.turn else theirs)
        edged = first.scene.shifted_whole(first.turn).reshape(DUEL_SIZE[1] + 2 * ALIGN, DUEL_SIZE[0] + 2 * ALIGN)
        fit = cv2.matchTemplate(edged, both, cv2.TM_CCOEFF_NORMED)
        dy, dx = np.unravel_index(int(np.argmax(fit)), fit.shape)
        return np.ascontiguousarray(edged[dy:dy + DUEL_SIZE[1], dx:dx + DUEL_SIZE[0]])

    def _judged(self, first: _Match, rival: _Match, views: list[_DifferingView],
                whole_face: np.ndarray) -> tuple[float, float]:
        """The duel of `_duel_both`, the whole face seen as `whole_face` (in `first`'s orientation).

        Each view counts in proportion to how much of the card differs there (in face pixels): an ace of clubs
        and of spades differ mostly in the big pip, an 8 and a 9 in the index as much as in a pip. When the
        corner indices and the whole face name different winners, neither overwhelmingly, neither card wins
        (unless the two cards differ in one of them in fewer than WITNESS pixels: too little to doubt the other).
        """
        # Per group of views (the two corner indices; the whole face): the weighted correlation of the face
        # with each card's taught face where the two differ.
        sums = {"corners": np.zeros(3), "whole": np.zeros(3)}  # weight, weight x ncc(first), weight x ncc(rival)
        whole_alone = _indices_alike(views)
        for view, (where, weight, template_a, template_b) in enumerate(views):
            if weight == 0.0:
                continue  # the two faces do not differ in this view: no evidence either way
            if view == 2 and whole_alone:
                # The indices are the same (a bare rank): only a pip or a picture tells the cards apart, and a
                # card found a little askew puts it a pixel or two off, the way it does an index. Each card is
                # met where it fits best, as in an index.
                sums["whole"] += weight * np.array([1.0, *_best_shifted_ncc(
                    first.scene.shifted_whole(first.turn), where, template_a, template_b)])
                continue
            # The whole face is seen one way up, that of `first`: the rival's taught face is turned to it.
            mine, theirs = (first.top, rival.top) if view == 0 else (
                (first.bottom, rival.bottom) if view == 1 else (whole_face, whole_face))
            sums["whole" if view == 2 else "corners"] += weight * np.array(
                [1.0, _ncc_at(mine, where, template_a), _ncc_at(theirs, where, template_b)])
        corners, whole = (sums[group][1:] / sums[group][0] if sums[group][0] >= WITNESS else None for group in sums)
        if corners is not None and whole is not None:
            by_corners, by_whole = corners[0] - corners[1], whole[0] - whole[1]
            weaker, stronger = sorted((abs(by_corners), abs(by_whole)))
            if by_corners * by_whole < 0 and weaker > MIN_MARGIN and stronger < DOMINANT * weaker:
                # The indices and the whole face name different winners, neither overwhelmingly: the face is
                # not what either card looks like (found askew, a corner cut off), and neither wins.
                return -weaker, -weaker
        weight, mine, theirs = sums["corners"] + sums["whole"]
        duel = (mine - theirs) / weight if weight else 0.0
        duel += COLOUR_DUEL * self._colour_evidence(first, rival)
        return duel, -duel

    def _most_alike(self, card: int) -> list[int]:
        """The LOOKALIKES taught cards that differ least from `card`, in face pixels over all three views."""
        differing = [sum(view[1] for view in self._difference(card, other)) if other != card else np.inf
                     for other in range(len(self.cards))]
        return [int(i) for i in np.argsort(differing)[:LOOKALIKES]]

    def _colour_evidence(self, first: _Match, rival: _Match) -> float:
        """-1..1: which of two differently inked cards the ink colour sides with (0: inks less than COLOUR_APART
        apart, or a colour unknown)."""
        colour_a, colour_b, seen = self._colour[first.index], self._colour[rival.index], first.colour
        apart = _apart(colour_a, colour_b)
        if apart is None or apart < COLOUR_APART or not colour_known(seen):
            return 0.0
        closer = _distance(seen, colour_b) - _distance(seen, colour_a)
        return min(1.0, max(-1.0, closer / apart))

    def _difference(self, a: int, b: int, turned: bool = False) -> list[_DifferingView]:
        """For each view (top index, bottom index, whole face): where cards a and b differ, how many face
        pixels that is, and both taught faces there (centred, unit length). Cached per pair.

        `turned`: card b lies the other way up from card a, so the whole face is compared with b's half
        turned (a seven's odd pip then falls where it is seen). The corner indices read the same either way.
        """
        key = (a, b, turned)
        if key not in self._masks:
            rival_whole = self._duel_whole[b][::-1, ::-1] if turned else self._duel_whole[b]
            self._keep_difference(a, b, turned, [_differs(self._top[a], self._top[b]),
                                                 _differs(self._bottom[a], self._bottom[b]),
                                                 _differs(self._duel_whole[a], rival_whole)])
        return self._masks[key]

    def _keep_difference(self, a: int, b: int, turned: bool, differing: list[np.ndarray]) -> None:
        """Keep, for both orders of the pair, the views of `_difference` from where the two cards differ in each
        (top index, bottom index, whole face)."""
        whole_scale = (FACE_SIZE[0] * FACE_SIZE[1]) / (DUEL_SIZE[0] * DUEL_SIZE[1])
        rival_whole = self._duel_whole[b][::-1, ::-1] if turned else self._duel_whole[b]
        views = []
        for scale, mine, theirs, mask in ((1.0, self._top[a], self._top[b], differing[0]),
                                          (1.0, self._bottom[a], self._bottom[b], differing[1]),
                                          (whole_scale, self._duel_whole[a], rival_whole, differing[2])):
            where = mask.ravel().nonzero()[0]
            if len(where) < 8:
                views.append((where, 0.0, where, where))
                continue
            views.append((where, scale * len(where), _unit(mine.ravel()[where]), _unit(theirs.ravel()[where])))
        self._masks[(a, b, turned)] = views
        swapped = [(w, n, tb, ta) for w, n, ta, tb in views]
        if turned:
            # In b's frame, the whole face's pixels are those of a's frame half turned: the flat index
            # of a pixel counted from the other end.
            where, n, tb, ta = swapped[2]
            swapped[2] = (self._duel_whole[a].size - 1 - where, n, tb, ta)
        self._masks[(b, a, turned)] = swapped


def matcher_of(profile: DeckProfile) -> Matcher:
    """The matcher of a deck's taught faces, shared within the process: teaching a deck and then reading with it, or
    a camera source and the camera over the layout reading the same deck, build it once (a quarter of a second's
    work, and a hundred megabytes). The matcher built last is kept; any other lives as long as something reads
    with it."""
    key = _taught_faces_digest(profile)
    with _SHARED_LOCK:
        matcher = _SHARED.get(key)
    if matcher is None:
        matcher = Matcher(profile)
        with _SHARED_LOCK:
            _SHARED[key] = matcher
            _LAST_BUILT[:] = [matcher]
    return matcher


def _taught_faces_digest(profile: DeckProfile) -> bytes:
    """What a matcher is built from: the cards in their order, and each one's taught ink map and ink colour."""
    digest = hashlib.blake2b(" ".join(card.code for card in profile.cards).encode(), digest_size=20)
    for face in profile.faces:
        digest.update(np.ascontiguousarray(face.ink, np.float32).data)
        digest.update(np.ascontiguousarray(face.colour, np.float32).data)
    return digest.digest()


_SHARED: weakref.WeakValueDictionary[bytes, Matcher] = weakref.WeakValueDictionary()
_LAST_BUILT: list[Matcher] = []
_SHARED_LOCK = threading.Lock()


def required_margin(score: float) -> float:
    """The duel margin a card must win by: MIN_MARGIN for a face that looks like its taught card, more for one
    that looks less like it (a card found askew or partly hidden can look more like a neighbour, an index
    with its first digit cut off more like another rank)."""
    return MIN_MARGIN + MARGIN_PER_SCORE * max(0.0, SURE_SCORE - score)


def confidence_of(score: float, margin: float) -> float:
    """0..1, exactly 0.5 at the acceptance bounds: the weaker of the score's and the margin's logistic."""
    by_margin = 1.0 / (1.0 + np.exp(-(margin - required_margin(score)) / 0.04))
    by_score = 1.0 / (1.0 + np.exp(-(score - MIN_SCORE) / 0.08))
    return float(min(by_margin, by_score))


def _indices_alike(views: list[_DifferingView]) -> bool:
    """Whether two cards' corner indices are the same (a deck whose index is a bare rank)."""
    return views[0][1] == views[1][1] == 0.0


def _winner(verdict: tuple[float, float]) -> int | None:
    """Which card a duel's verdict names (0: the first, 1: the rival), None if neither."""
    return 0 if verdict[0] > 0 else (1 if verdict[1] > 0 else None)


def _duel_size(ink: np.ndarray, turned: bool = False) -> np.ndarray:
    """The ink map at DUEL_SIZE (half turned if asked). Exactly halved, which OpenCV does ten times faster
    than any other factor: the odd last row (of the blank margin, at the card's foot) is left out."""
    rows, columns = 2 * DUEL_SIZE[1], 2 * DUEL_SIZE[0]
    if not turned:
        return cv2.resize(ink[:rows, :columns], DUEL_SIZE, interpolation=cv2.INTER_AREA)
    height, width = ink.shape
    # Halving commutes with the half turn: turn the small map rather than the large one.
    small = cv2.resize(ink[height - rows:, width - columns:], DUEL_SIZE, interpolation=cv2.INTER_AREA)
    return np.ascontiguousarray(small[::-1, ::-1])


def _differs(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Where two taught faces differ, grown by a pixel so that a slightly shifted stroke still counts."""
    mask = (np.abs(a - b) > DIFFERENT_INK).astype(np.uint8)
    return cv2.dilate(mask, np.ones((3, 3), np.uint8)).astype(bool)


def _differs_from_each(face: np.ndarray, others: np.ndarray) -> np.ndarray:
    """`_differs` of one taught face against each of a stack of others, at once: (n, H, W) masks."""
    mask = np.abs(others - face) > DIFFERENT_INK
    # A 3x3 dilation, nothing beyond the edges (as cv2.dilate's default border): along the rows, then the columns.
    across = mask.copy()
    across[:, :, 1:] |= mask[:, :, :-1]
    across[:, :, :-1] |= mask[:, :, 1:]
    grown = across.copy()
    grown[:, 1:] |= across[:, :-1]
    grown[:, :-1] |= across[:, 1:]
    return grown


def _unit(values: np.ndarray) -> np.ndarray:
    centred = values - values.sum() / values.size  # the mean as ndarray.mean() makes it, without its overhead
    norm = math.sqrt(float(centred @ centred))
    return centred / norm if norm > 1e-9 else centred


def _apart(first: np.ndarray, second: np.ndarray) -> float | None:
    """How far apart two ink hues are; None when either was not measured (NO_COLOUR): no evidence either way."""
    if not (colour_known(first) and colour_known(second)):
        return None
    return _distance(first, second)


def _distance(first: np.ndarray, second: np.ndarray) -> float:
    """Between two ink hues (2-vectors); np.linalg.norm costs ten times more on so few numbers."""
    return math.hypot(float(first[0] - second[0]), float(first[1] - second[1]))


_SHIFTED_WIDTH = DUEL_SIZE[0] + 2 * ALIGN
# Where each pixel of the face at DUEL_SIZE lies in the face edged by ALIGN pixels, and each shift's offset there.
_SHIFTED_PLACE = (np.arange(DUEL_SIZE[0] * DUEL_SIZE[1]) // DUEL_SIZE[0] + ALIGN) * _SHIFTED_WIDTH + \
    np.arange(DUEL_SIZE[0] * DUEL_SIZE[1]) % DUEL_SIZE[0] + ALIGN
_SHIFTS = np.array([dy * _SHIFTED_WIDTH + dx for dy in range(-ALIGN, ALIGN + 1) for dx in range(-ALIGN, ALIGN + 1)])


def _best_shifted_ncc(shifted: np.ndarray, where: np.ndarray, *templates_unit: np.ndarray) -> list[float]:
    """The best correlation of each taught face with the face seen (edged, flattened: shifted_whole) on the
    chosen pixels, the face shifted up to ALIGN pixels each way: every shift's pixels gathered at once."""
    values = shifted[_SHIFTED_PLACE[where] + _SHIFTS[:, None]]  # (shifts, pixels)
    totals = values.sum(axis=1)
    spreads = np.einsum("ij,ij->i", values, values) - totals * totals / values.shape[1]
    usable = spreads > 1e-18
    scale = np.where(usable, 1.0 / np.sqrt(np.where(usable, spreads, 1.0)), 0.0)
    return [float(np.max((values @ template) * scale)) for template in templates_unit]


def _ncc_at(patch: np.ndarray, where: np.ndarray, template_unit: np.ndarray) -> float:
    """Normalised cross-correlation of a scene patch with a taught face, on the chosen pixels only."""
    return _ncc_of(patch.ravel()[where], template_unit)


def _ncc_of(values: np.ndarray, template_unit: np.ndarray) -> float:
    # The template is centred, so the patch need not be: its mean drops out of the product; its spread is
    # what remains of its sum of squares once the mean is taken out.
    total = float(values.sum())
    spread = float(values @ values) - total * total / len(values)
    if spread <= 1e-18:
        return 0.0
    return float(values @ template_unit) / math.sqrt(spread)
