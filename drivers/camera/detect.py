"""Find cards on the felt: a felt mask, the outer contour of each bright region, a four-corner fit.

The felt is whatever colour dominates the frame; a card is a region that differs from it (white paper,
printed ink). Each region's outline is fitted with four straight sides, not four contour points, so the
rounded corners of a card do not pull its corners inwards.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace

import cv2
import numpy as np

DETECT_WIDTH = 512  # frames are searched at this width (cards stay 30+ px wide); warps use full resolution
MIN_CARD_AREA = 0.0015  # of the frame: smaller blobs are lint, chips or glare
MAX_CARD_AREA = 0.25
PRINT_LEVEL = 0.55  # of Otsu's threshold on the felt difference: what still counts as card, at a second look
SOLID = 0.95  # a card whose outline fills this much of its quadrilateral is whole: no print bit into it
BITTEN = 0.75  # a card bitten into by print in felt-like colours keeps at least this much of its area
PIECE = 0.7  # a quad this much smaller than the frame's typical card may be a piece of a card cut by its print
GROWN = 1.4  # ... and gives way to a card found round it this many times its area
FELT_ONLY = 12  # an Otsu level on the felt difference below this split the felt's own texture: nothing lies on it
OVERLAP = 0.8  # a card's outline and its four-sided fit overlap by this much of their union, at least
OVERSIZED = 1.6  # a quad this many times the frame's typical card area may be two cards lying close
PAPER = 0.1  # a region found only at the print level is a card if this much of it stands out at Otsu's level ...
INK_SPREAD = 0.3  # ... or its grey levels in its middle spread this much of the lightest (print on paper)
NOTCH = 3.0  # pixels (in the searched image) a blob's outline dips in where two cards lying close meet, at least
NOTCHES = 4  # the deepest notches of a blob tried as the ends of a cut between two cards
UNEQUAL_SIDES = 1.25  # a card's opposite sides differ by at most this factor (perspective: a few percent)
SHORT_CUT = 0.5  # ... a cut at most this much of a card's width (cards lying close meet along less: 0.1-0.4 of it)


@dataclass(frozen=True)
class Detection:
    """A card-shaped region: corners (4, 2) in frame pixels, clockwise, the first at a short side's start."""

    corners: np.ndarray

    @property
    def centre(self) -> tuple[float, float]:
        cx, cy = self.corners.mean(axis=0)
        return float(cx), float(cy)

    @property
    def width(self) -> float:
        """The length of the short sides."""
        (x0, y0), (x1, y1), (x2, y2) = self.corners[:3].tolist()
        return min(math.hypot(x1 - x0, y1 - y0), math.hypot(x2 - x1, y2 - y1))


def felt_difference(frame: np.ndarray, felt: np.ndarray) -> np.ndarray:
    """How much each pixel differs from the felt (L*, a*, b*: felt_colour), as uint8: cards bright, felt dark.

    Colour (a*, b*) dominates: it survives uneven lighting that changes brightness. Brightness above the
    felt's counts too, so a white card on grey felt is still found.
    """
    lightness, a, b = cv2.split(cv2.cvtColor(frame, cv2.COLOR_BGR2LAB))
    # Saturating uint8 arithmetic in OpenCV: the same sums as in numpy int16, in a third of the time.
    chroma = cv2.add(cv2.absdiff(a, np.full_like(a, int(felt[1]))),
                     cv2.absdiff(b, np.full_like(b, int(felt[2]))))
    brighter = cv2.subtract(lightness, np.full_like(lightness, int(felt[0])))
    return cv2.add(chroma, cv2.multiply(brighter, 0.5))


def felt_colour(frame: np.ndarray) -> np.ndarray:
    """The felt's colour in a BGR frame (L*, a*, b* as OpenCV's 8-bit Lab): whatever colour dominates it.

    A median over every pixel of a grid about 128 wide: a median needs no averaging first, and an area resize of
    the whole frame costs twenty times as much (it is asked again for each card looked for again)."""
    step = max(1, frame.shape[1] // (DETECT_WIDTH // 4))
    sample = np.ascontiguousarray(frame[step // 2::step, step // 2::step])
    lightness, a, b = cv2.split(cv2.cvtColor(sample, cv2.COLOR_BGR2LAB))
    return np.float32([_median(channel) for channel in (lightness, a, b)])


def find_cards(frame: np.ndarray, aspect: tuple[float, float] = (1.25, 1.75),
               max_area: float = MAX_CARD_AREA, felt: np.ndarray | None = None,
               detect_width: int = DETECT_WIDTH) -> list[Detection]:
    """Every card-shaped region of a BGR frame, whose long/short side ratio lies within `aspect`.

    `felt`: the background's colour (L*, a*, b* as OpenCV's 8-bit Lab); by default the frame's median.
    `detect_width`: the width the frame is searched at; a camera over a whole layout, whose cards are small
    in the frame, needs more than DETECT_WIDTH to keep them 30 pixels wide and apart.
    """
    small = downscale(frame, detect_width)
    scale = np.float32([small.shape[1] / frame.shape[1], small.shape[0] / frame.shape[0]])
    difference = _difference(small, felt_colour(frame) if felt is None else felt)
    threshold, mask = cv2.threshold(difference, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    if threshold < FELT_ONLY:
        return []
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    frame_area = mask.shape[0] * mask.shape[1]
    shape = _CardShape(MIN_CARD_AREA * frame_area, max_area * frame_area, aspect)
    quads: list[np.ndarray] = []
    outlines: list[np.ndarray] = []  # the outline each quad was fitted to
    blobs: list[np.ndarray] = []
    for contour in _outer_contours(mask):
        corners = shape.corners(contour)
        if corners is not None:
            quads.append(corners)
            outlines.append(contour)
        elif cv2.contourArea(contour) >= shape.min_area:
            blobs.append(contour)
    # Glare or a neighbour merged with a card: part the blob, knowing the size of the frame's cards if the
    # cards found agree on it.
    sized = replace(shape, card_area=_card_size([cv2.contourArea(q) for q in quads]))
    for contour in blobs:
        parts = _split_blob(difference, contour, threshold, sized)
        quads += parts
        outlines += [part.reshape(-1, 1, 2).astype(np.int32) for part in parts]
    # Otsu's level splits the bright paper from everything else, print included, and so places a card's edge
    # where paper meets felt whatever the blur. A card whose print runs to its edge in felt-like colours (a
    # big pip, a court card's robe) is bitten into or cut up at that level: it is looked for again at a lower
    # level, where such print still differs from the felt far more than the felt from itself, and with small
    # gaps in its outline closed. The whole cards found are taken out first: they would join a card lying
    # close into one blob; a bitten one found again replaces the first finding.
    # A band of such print right across a card cuts it in two pieces of a card's shape, each solid: only their
    # size, far below the other cards' of the frame, gives them away. They are looked for again too, and give
    # way to a card found there at the lower level that is far larger than they are.
    areas = [cv2.contourArea(quad) for quad in quads]
    typical = _typical_area(areas) if len(quads) >= 3 else 0.0
    piece = [area < PIECE * typical for area in areas]
    solid = [cv2.contourArea(outline) >= SOLID * area and not is_piece
             for outline, area, is_piece in zip(outlines, areas, piece, strict=True)]
    low = _print_level(difference, threshold)
    whole = [np.round(q).astype(np.int32) for q, is_solid in zip(quads, solid, strict=True) if is_solid]
    cv2.fillPoly(low, whole, 0)
    cv2.polylines(low, whole, isClosed=True, color=0, thickness=3)
    for remaining in (low, _gaps_closed(low)):
        for contour in _outer_contours(remaining):
            centre = contour.reshape(-1, 2).mean(axis=0)
            if any(_inside(q, centre) for q, is_solid in zip(quads, solid, strict=True) if is_solid):
                continue
            corners = shape.corners(contour)
            if corners is None or not _paper_or_print(small, mask, contour):
                continue  # no card, or a patch of light on the felt
            area = cv2.contourArea(corners)
            within = [i for i, q in enumerate(quads) if not solid[i] and _inside(contour, q.mean(axis=0))]
            if any(piece[i] and (area < GROWN * areas[i] or remaining is not low) for i in within):
                # A small card found again, not the card a piece was cut from; and gaps closed, two small cards
                # lying close would make one card's shape.
                continue
            bitten = within
            quads = [q for i, q in enumerate(quads) if i not in bitten] + [corners]
            outlines = [o for i, o in enumerate(outlines) if i not in bitten] + [contour]
            solid = [f for i, f in enumerate(solid) if i not in bitten] + [True]
            areas = [a for i, a in enumerate(areas) if i not in bitten] + [area]
            piece = [f for i, f in enumerate(piece) if i not in bitten] + [False]
    quads = _one_per_card(_part_oversized(quads, outlines, difference, threshold, shape))
    # Pixel centres of the small image -> of the frame.
    return [Detection(short_side_first(((quad + 0.5) / scale - 0.5).astype(np.float32))) for quad in quads]


def find_again(frame: np.ndarray, detection: Detection, aspect: tuple[float, float],
               detect_width: int = DETECT_WIDTH, felt: np.ndarray | None = None) -> Detection | None:
    """The card of a detection looked for again in its surroundings alone, at the print level with gaps closed;
    None when nothing card-shaped is found there. `felt`: the felt's colour (felt_colour), if known.

    A card whose print runs off one end in felt-like colours (a court card's robe) is found cut short at
    Otsu's level, and fills the short quad it is found in: nothing marks it as bitten, so the frame's search
    does not look at it again. Its surroundings alone, split by their own Otsu level, give the paper and that
    print one level, and the print level takes in the whole card.
    """
    corners = detection.corners
    reach = 0.4 * float(np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1).max())
    x0, y0 = np.maximum(np.floor(corners.min(axis=0) - reach), 0).astype(int)
    x1, y1 = np.minimum(np.ceil(corners.max(axis=0) + reach), [frame.shape[1], frame.shape[0]]).astype(int)
    ratio = min(1.0, detect_width / frame.shape[1])  # the scale the frame was searched at
    size = (round((x1 - x0) * ratio), round((y1 - y0) * ratio))
    if min(size) < 16:  # a detection (mostly) outside the frame, or too small to be a card at this scale
        return None
    part = frame[y0:y1, x0:x1]
    small = cv2.resize(part, size, interpolation=cv2.INTER_AREA) if ratio < 1.0 else part
    scale = np.float32([small.shape[1] / part.shape[1], small.shape[0] / part.shape[0]])
    low = _whole_at_print_level(small, felt_colour(frame) if felt is None else felt)[1]
    found = (corners - np.float32([x0, y0]) + 0.5) * scale - 0.5
    area = cv2.contourArea(found)
    shape = _CardShape(0.8 * area, 1.6 * area, aspect)
    for contour in _outer_contours(low):
        if _inside(contour, found.mean(axis=0)):
            again = shape.corners(contour)
            if again is None:
                return None
            return Detection(short_side_first((again + 0.5) / scale - 0.5 + np.float32([x0, y0])))
    return None


def find_lone_card(image: np.ndarray, felt: np.ndarray, aspect: tuple[float, float]) -> Detection | None:
    """The card of an image that shows one card and nothing else (a photo to teach from), found whole however
    far its print runs to its edges in colours near the background's; None if nothing card-shaped is there.

    The card fills most of such a photo, so Otsu's level splits its paper from its print, not the card from
    the background: a court card whose robes run to its edges falls apart at that level. At the print level
    everything on the card differs from the background, and the hull bridges what print bites into its outline.
    """
    small = downscale(image, DETECT_WIDTH)
    scale = np.float32([small.shape[1] / image.shape[1], small.shape[0] / image.shape[0]])
    threshold, low = _whole_at_print_level(small, felt)
    if threshold < FELT_ONLY:
        return None
    regions = _outer_contours(low)
    if not regions:
        return None
    region = max(regions, key=cv2.contourArea)
    x, y, width, height = cv2.boundingRect(region)
    if x == 0 or y == 0 or x + width == small.shape[1] or y + height == small.shape[0]:
        return None  # not a card lying whole on its background: the photo's own edge cuts it (or it is the felt)
    area = small.shape[0] * small.shape[1]
    # The photo holds nothing else to merge with: a card found in part (cut across askew, its sides then
    # unequal) is still returned, for teaching to refuse by its shape and say so.
    corners = _CardShape(MIN_CARD_AREA * area, area, aspect, unequal_sides=math.inf).corners(region)
    return None if corners is None else Detection(short_side_first((corners + 0.5) / scale - 0.5))


def _whole_at_print_level(image: np.ndarray, felt: np.ndarray) -> tuple[float, np.ndarray]:
    """Otsu's level on an image's felt difference, and what counts as card at the print level below it with gaps
    closed: where a card is whole however far its print runs to its edges (a second look, a teaching photo)."""
    difference = _difference(image, felt)
    threshold = cv2.threshold(difference, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[0]
    return threshold, _gaps_closed(_print_level(difference, threshold))


def _difference(image: np.ndarray, felt: np.ndarray) -> np.ndarray:
    """The felt difference as both searches split it: a little blurred, so that noise does not speckle a card."""
    return cv2.GaussianBlur(felt_difference(image, felt), (5, 5), 0)


def _print_level(difference: np.ndarray, threshold: float) -> np.ndarray:
    """What still counts as card at the print level, below Otsu's `threshold`, lint removed."""
    low = cv2.threshold(difference, PRINT_LEVEL * threshold, 255, cv2.THRESH_BINARY)[1]
    return cv2.morphologyEx(low, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def _gaps_closed(mask: np.ndarray) -> np.ndarray:
    """The mask with gaps of a few pixels closed: a thin line of felt-coloured print across a card."""
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))


def _inside(polygon: np.ndarray, point: np.ndarray) -> bool:
    return cv2.pointPolygonTest(polygon.reshape(-1, 1, 2).astype(np.float32), (float(point[0]), float(point[1])),
                                False) >= 0


def _one_per_card(quads: list[np.ndarray]) -> list[np.ndarray]:
    """The quads less any whose centre lies within a larger one: one card is never reported twice, whichever
    passes found it."""
    kept: list[np.ndarray] = []
    for quad in sorted(quads, key=cv2.contourArea, reverse=True):
        if not any(_inside(other, quad.mean(axis=0)) for other in kept):
            kept.append(quad)
    return kept


def _typical_area(areas: list[float]) -> float:
    """The area of the frame's typical whole card, to tell the pieces of a card cut by its print by, from the
    areas of the quads found (three or more): their upper quartile. Not their median: each court card cut in two
    adds two pieces, and a few of them pull the median down to a piece's size, which would make the pieces
    typical. (Two cards lying close, far larger than one, are told against the median: where the boxes' cards lie
    close such pairs are many, and they would pull an upper quartile up to theirs.)"""
    return float(np.percentile(areas, 75))


def _card_size(areas: list[float]) -> float:
    """The frame's card area, for a cut along a whole side to be checked against: the typical card's, where the
    quads found agree on it (their median at least PIECE of it: not many pieces of cut cards, nor many pairs of
    cards lying close, among them); 0 (unknown) otherwise, or with fewer than three quads. A cut that parts two
    cards of a piece's size would cut a court card in two."""
    if len(areas) < 3:
        return 0.0
    typical = _typical_area(areas)
    return typical if np.median(areas) >= PIECE * typical else 0.0


def _part_oversized(quads: list[np.ndarray], outlines: list[np.ndarray], difference: np.ndarray, threshold: float,
                    shape: _CardShape) -> list[np.ndarray]:
    """Quads far larger than the others parted, where they part into cards of the others' size.

    The cards of one frame are about the same size. Two cards lying side by side, touching, make a blob of a
    card's shape (two portrait cards make one landscape card) that only its size gives away.
    """
    if len(quads) < 3:
        return quads
    areas = [cv2.contourArea(q) for q in quads]
    typical = float(np.median(areas))
    smaller = _CardShape(shape.min_area, min(shape.max_area, OVERSIZED * typical), shape.aspect, _card_size(areas))
    parted: list[np.ndarray] = []
    for quad, outline, area in zip(quads, outlines, areas, strict=True):
        parts = []
        if area > OVERSIZED * typical:
            parts = _split_blob(difference, outline, threshold, smaller)
        parted += parts if len(parts) >= 2 else [quad]
    return parted


def downscale(frame: np.ndarray, width: int) -> np.ndarray:
    """The frame shrunk to about `width` pixels wide (never enlarged), each pixel an average of those it covers.

    One area resize, straight to the working size. Halving first and interpolating the rest is five times
    cheaper, but it keeps a thin line of felt-coloured print sharp enough to cut a card in two for the
    detector (a paris court card in the benchmark went unseen), and a card missed costs the dealer more than
    the 5 ms a frame saved.
    """
    if frame.shape[1] <= width:
        return frame
    height = max(1, round(frame.shape[0] * width / frame.shape[1]))
    return cv2.resize(frame, (width, height), interpolation=cv2.INTER_AREA)


def _median(channel: np.ndarray) -> float:
    """The median of a uint8 image, from its histogram (np.median sorts, ten times slower), as np.median
    gives it: the mean of the two middle values when their count is even."""
    counts = np.cumsum(cv2.calcHist([np.ascontiguousarray(channel)], [0], None, [256], [0, 256]).ravel())
    total = int(counts[-1])
    lower = int(np.searchsorted(counts, (total - 1) // 2 + 1))
    upper = int(np.searchsorted(counts, total // 2 + 1))
    return (lower + upper) / 2


def _outer_contours(mask: np.ndarray) -> list[np.ndarray]:
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return list(contours)


@dataclass(frozen=True)
class _CardShape:
    """What a card looks like in the detection image: its area (pixels) and long/short side ratio."""

    min_area: float
    max_area: float
    aspect: tuple[float, float]
    card_area: float = 0.0  # the frame's typical card, when known (pixels): a cut may then run along a whole side
    unequal_sides: float = UNEQUAL_SIDES

    def corners(self, contour: np.ndarray) -> np.ndarray | None:
        """The four corners of the outline if it is one card, else None."""
        area = cv2.contourArea(contour)
        if not self.min_area <= area <= self.max_area:
            return None
        hull = cv2.convexHull(contour)
        corners = fit_quadrilateral(contour)
        # A card fills its quadrilateral, and nothing of it lies outside; a blob of two touching cards, a hand
        # or a glare halo does not. The hull, not the outline, is compared: dark print at a card's edge bites
        # notches into its outline on dark felt.
        if corners is None or not _fits(hull, corners):
            # A large pip or picture running off the card in felt-like colours bites so deep that the sides
            # left are too short to fit: the hull bridges the bite. Most of the card must still be there.
            corners = fit_quadrilateral(_outline_of(hull, contour))
            if corners is None or area < BITTEN * cv2.contourArea(corners) or not _fits(hull, corners):
                return None
        sides = np.linalg.norm(np.roll(corners, -1, axis=0) - corners, axis=1)
        ratio = (sides[0] + sides[2]) / max(sides[1] + sides[3], 1.0)
        ratio = max(ratio, 1.0 / max(ratio, 1e-6))
        # A card is small beside its distance from the camera: perspective leaves its opposite sides within a
        # few percent of each other. A quad whose opposite sides differ more spans a card and part of another.
        unequal = max(max(sides[0], sides[2]) / max(min(sides[0], sides[2]), 1.0),
                      max(sides[1], sides[3]) / max(min(sides[1], sides[3]), 1.0))
        if unequal > self.unequal_sides:
            return None
        return corners if self.aspect[0] <= ratio <= self.aspect[1] else None


def _fits(hull: np.ndarray, corners: np.ndarray) -> bool:
    """Whether a quadrilateral is the outline of the region whose hull this is: convex, about the hull's area,
    and overlapping it by OVERLAP of their union. (The areas alone would pass a thin quad fitted to a ragged
    piece of a card, a sleeve or a hand left by print in felt-like colours, that reaches off it.)"""
    if not cv2.isContourConvex(corners.reshape(-1, 1, 2)):
        return False
    hull_area, quad_area = cv2.contourArea(hull), max(cv2.contourArea(corners), 1.0)
    if not 0.9 <= hull_area / quad_area <= 1.1:
        return False
    common = cv2.intersectConvexConvex(hull.reshape(-1, 2).astype(np.float32), corners.astype(np.float32))[0]
    return common >= OVERLAP * (hull_area + quad_area - common)


def _outline_of(hull: np.ndarray, contour: np.ndarray) -> np.ndarray:
    """The hull as a dense outline (every pixel along it, as findContours gives an outline)."""
    x, y, w, h = cv2.boundingRect(contour)
    filled = np.zeros((h + 2, w + 2), np.uint8)
    cv2.fillPoly(filled, [hull.reshape(-1, 2) - np.int32([x - 1, y - 1])], 255)
    outline = max(_outer_contours(filled), key=cv2.contourArea)
    return outline + np.int32([x - 1, y - 1])


def _split_blob(difference: np.ndarray, contour: np.ndarray, threshold: float,
                shape: _CardShape) -> list[np.ndarray]:
    """The cards in a blob that is not one card: glare or a neighbour merged with it.

    Three ways to part it, each tried a few times; the way that finds the most card area wins (the first found
    of equals).
    """
    x, y, w, h = cv2.boundingRect(contour)
    # A quad fitted to a card at the frame's edge may reach past it: only the frame is looked at.
    x0, y0 = max(x, 0), max(y, 0)
    x, y, w, h = x0, y0, min(x + w, difference.shape[1]) - x0, min(y + h, difference.shape[0]) - y0
    if w <= 0 or h <= 0:
        return []
    region = difference[y:y + h, x:x + w]
    inside = np.zeros((h, w), np.uint8)
    cv2.drawContours(inside, [contour - np.int32([x, y])], -1, 255, thickness=-1)
    # A card found in a blob lies within it: a quad reaching over its edge (two cards fitted as one) is none.
    ways = [quads for quads in (*_split_by_threshold(region, inside, threshold, shape), *_split_by_erosion(
        inside, shape)) if all(_coverage(inside, quad) >= SOLID for quad in quads)]
    best = max(ways, key=_card_area, default=[])
    if _card_area(best) < SOLID * cv2.countNonZero(inside):
        # Cutting costs more than the other ways (a hand over the layout is such a blob every frame): only where
        # they leave part of the blob unexplained.
        best = max([best, *_split_at_notches(inside, shape)], key=_card_area)
    return [q + np.float32([x, y]) for q in best]


def _split_by_threshold(region: np.ndarray, inside: np.ndarray, threshold: float,
                        shape: _CardShape) -> Iterator[list[np.ndarray]]:
    """A glare halo fades out: at a stricter threshold only the cards stand out."""
    for factor in (1.3, 1.6, 2.0, 2.5, 3.0):
        level = threshold * factor
        if level >= 250:
            return
        mask = ((region > level) & (inside > 0)).astype(np.uint8) * 255
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        quads = [q for q in (shape.corners(c) for c in _outer_contours(mask)) if q is not None]
        if quads:
            yield quads
            return


def _split_by_erosion(inside: np.ndarray, shape: _CardShape) -> Iterator[list[np.ndarray]]:
    """Two cards lying close, blurred into one blob, touch along a thin neck: eaten away, it parts them; each
    part is then grown back within the blob."""
    for radius in (2, 3, 4):
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))
        parts = _outer_contours(cv2.erode(inside, kernel))
        if len(parts) < 2:
            continue
        quads = []
        for part in parts:
            grown = np.zeros_like(inside)
            cv2.drawContours(grown, [part], -1, 255, thickness=-1)
            grown = cv2.dilate(grown, kernel) & inside
            quads += [q for q in (shape.corners(c) for c in _outer_contours(grown)) if q is not None]
        if quads:
            yield quads
            return


def _split_at_notches(inside: np.ndarray, shape: _CardShape, depth: int = 2) -> Iterator[list[np.ndarray]]:
    """Two cards lying close, one's corner against the other's side, touch along more than erosion eats
    through, but their outline still dips in where they meet: cut from the deepest notch to each other deep
    one, and each part that is still no card is cut again (three cards in a row). A cut counts only where it is
    short beside the cards it finds and the blob fills each of them: a court card bitten into from both sides by
    print in felt-like colours dips in too, and cut right across makes two halves of a card's shape, or pieces
    with holes that a cut can trim to a card's outline. A longer cut, along a whole side (two cards lying side by
    side or end to end), counts where the frame's card size is known and it parts cards of that size: two halves
    of a card are half of it."""
    contour = max(_outer_contours(inside), key=cv2.contourArea, default=None)
    if contour is None or len(contour) < 5:
        return
    try:
        defects = cv2.convexityDefects(contour, cv2.convexHull(contour, returnPoints=False))
    except cv2.error:
        return  # an outline that touches itself (a pixel-wide neck) has hull indices OpenCV will not take
    if defects is None:
        return
    deep = sorted((d for d in defects[:, 0] if d[3] / 256.0 >= NOTCH), key=lambda d: -d[3])[:NOTCHES]
    points = [tuple(int(v) for v in contour[d[2], 0]) for d in deep]
    # No card in the blob is wider than a card of the blob's whole area: longer cuts cannot be short beside one;
    # nor longer than a card of the frame's size, where that is known.
    longest = max(SHORT_CUT * math.sqrt(cv2.contourArea(contour) / shape.aspect[0]),
                  math.sqrt(shape.card_area * shape.aspect[1]))
    for first in range(len(points)):
        for second in range(first + 1, len(points)):
            length = math.dist(points[first], points[second])
            if length > longest:
                continue
            cut = inside.copy()
            cv2.line(cut, points[first], points[second], 0, thickness=2)
            quads: list[np.ndarray] = []
            rest = []
            for part in _outer_contours(cut):
                corners = shape.corners(part)
                if corners is not None and _coverage(inside, corners) >= SOLID:
                    quads.append(corners)
                elif cv2.contourArea(part) >= shape.min_area:
                    rest.append(part)
            if not quads:
                continue  # a cut that parts no card off
            for part in rest:
                if depth > 1 and cv2.contourArea(part) >= OVERSIZED * max(map(cv2.contourArea, quads)):
                    # Room for two more cards: cut again.
                    alone = np.zeros_like(inside)
                    cv2.drawContours(alone, [part], -1, 255, thickness=-1)
                    quads += max(_split_at_notches(alone, shape, depth - 1), key=_card_area, default=[])
            # (Each card found was checked to lie within the blob: here, or within its part when cut again.)
            if all(length <= SHORT_CUT * _short_side(quad) for quad in quads) or _cards_of_the_frame(quads, shape):
                yield quads


def _cards_of_the_frame(quads: list[np.ndarray], shape: _CardShape) -> bool:
    """Whether a cut parted two or more cards each about the size of the frame's typical card."""
    return len(quads) >= 2 and shape.card_area > 0 and all(
        PIECE * shape.card_area <= cv2.contourArea(q) <= GROWN * shape.card_area for q in quads)


def _coverage(mask: np.ndarray, outline: np.ndarray) -> float:
    """How much of the region an outline (a contour, or a quad's corners) encloses the mask covers, 0..1."""
    region, (x, y) = _region(mask.shape, outline)
    h, w = region.shape
    return cv2.countNonZero(region & mask[y:y + h, x:x + w]) / max(cv2.countNonZero(region), 1)


def _region(shape: tuple[int, ...], outline: np.ndarray) -> tuple[np.ndarray, tuple[int, int]]:
    """The region an outline encloses, filled, within the image's bounds: a mask of its bounding box, and where
    that box lies."""
    points = np.round(outline).astype(np.int32).reshape(-1, 1, 2)
    x, y, w, h = cv2.boundingRect(points)
    x0, y0 = max(x, 0), max(y, 0)
    w, h = max(min(x + w, shape[1]) - x0, 1), max(min(y + h, shape[0]) - y0, 1)
    region = np.zeros((h, w), np.uint8)
    cv2.drawContours(region, [points - np.int32([x0, y0])], -1, 255, thickness=-1)
    return region, (x0, y0)


def _paper_or_print(image: np.ndarray, mask: np.ndarray, outline: np.ndarray) -> bool:
    """Whether a region found only at the print level is a card: some of it stands out as paper does (at Otsu's
    level), or it shows print. A patch of light on the felt does neither: its middle is as even as the felt; a
    card in a shadow, all of it below Otsu's level, still has ink on its paper."""
    if _coverage(mask, outline) >= PAPER:
        return True
    region, (x, y) = _region(mask.shape, outline)
    h, w = region.shape
    middle = cv2.erode(region, np.ones((3, 3), np.uint8), iterations=max(1, min(h, w) // 6))
    grey = cv2.cvtColor(image[y:y + h, x:x + w], cv2.COLOR_BGR2GRAY)[middle > 0]
    if grey.size == 0:
        return False
    darkest, lightest = np.percentile(grey, [2, 98])
    return lightest - darkest >= INK_SPREAD * lightest


def _short_side(quad: np.ndarray) -> float:
    return float(np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1).min())


def _card_area(quads: list[np.ndarray]) -> float:
    return sum(cv2.contourArea(q) for q in quads)


def fit_quadrilateral(contour: np.ndarray) -> np.ndarray | None:
    """Four corners of a convex card outline: a polygon's sides refitted as lines through their points."""
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    polygon = cv2.approxPolyDP(hull, 0.04 * perimeter, True).reshape(-1, 2).astype(np.float32)
    if len(polygon) != 4:
        # A corner cut off (by glare, or print at the edge) makes a fifth side; coarser, it is four again.
        polygon = cv2.approxPolyDP(hull, 0.08 * perimeter, True).reshape(-1, 2).astype(np.float32)
    if len(polygon) != 4:
        return None
    points = contour.reshape(-1, 2).astype(np.float32)
    sides = np.roll(polygon, -1, axis=0) - polygon
    lengths = np.hypot(sides[:, 0], sides[:, 1])
    if lengths.min() < 4:
        return None
    directions = sides / lengths[:, None]
    normals = np.stack([-directions[:, 1], directions[:, 0]], axis=1)
    # Every point against all four sides in one product: its distance along each side from the side's start
    # (the first four columns) and across it (the last four).
    axes = np.concatenate([directions, normals]).T
    starts = np.concatenate([(polygon * directions).sum(axis=1), (polygon * normals).sum(axis=1)])
    projections = points @ axes - starts
    along, across = projections[:, :4], np.abs(projections[:, 4:])
    # The middle 70% of each side, near the line: rounded corners are left out.
    near = ((along > 0.15 * lengths) & (along < 0.85 * lengths) & (across < 0.04 * lengths + 2)).T
    lines = []
    for side in near:
        if np.count_nonzero(side) < 5:
            return None
        chosen = points[side]
        vx, vy, x0, y0 = cv2.fitLine(chosen, cv2.DIST_L2, 0, 0.01, 0.01).ravel()
        for _ in range(2):
            residual = np.abs((chosen[:, 0] - x0) * vy - (chosen[:, 1] - y0) * vx)
            kept = chosen[residual < 1.345]
            if len(kept) < 5:
                break
            vx, vy, x0, y0 = cv2.fitLine(kept, cv2.DIST_L2, 0, 0.01, 0.01).ravel()
        lines.append((np.float32([x0, y0]), np.float32([vx, vy])))
    corners = []
    for i in range(4):
        point = _intersect(lines[i - 1], lines[i])
        if point is None:
            return None
        corners.append(point)
    return np.array(corners, np.float32)


Line = tuple[np.ndarray, np.ndarray]  # a point and a direction


def _intersect(first: Line, second: Line) -> np.ndarray | None:
    (p, r), (q, s) = first, second
    cross = r[0] * s[1] - r[1] * s[0]
    if abs(cross) < 1e-3:
        return None
    t = ((q[0] - p[0]) * s[1] - (q[1] - p[1]) * s[0]) / cross
    return p + t * r


def short_side_first(corners: np.ndarray) -> np.ndarray:
    """Order corners clockwise (in image coordinates) so that corners[0] -> corners[1] is a short side."""
    centre = corners.mean(axis=0)
    angles = np.arctan2(corners[:, 1] - centre[1], corners[:, 0] - centre[0])
    corners = corners[np.argsort(angles)]  # increasing angle = clockwise on screen (y grows downwards)
    (x0, y0), (x1, y1), (x2, y2) = corners[:3].tolist()
    if math.hypot(x1 - x0, y1 - y0) > math.hypot(x2 - x1, y2 - y1):
        corners = np.roll(corners, -1, axis=0)
    return corners
