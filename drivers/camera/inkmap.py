"""From a detected card to what is printed on it: a flat, upright face, its ink map and its ink colour.

The ink map is how dark each point of the face is relative to the paper around it (0 paper, 1 full ink),
so that uneven lighting, glare and exposure cancel out. Colour is measured separately, as the hue of the
ink of the corner index relative to the paper: a red/black (or four-colour) check that does not depend on
the ink map.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

FACE_SIZE = (150, 225)  # width, height of the upright face every card is warped to
# The corner index (rank and small suit) lies in this box of the upright face: x0, y0, x1, y1.
INDEX_BOX = (0, 0, 42, 75)
WHOLE_SIZE = (30, 45)  # the whole-card ink map is compared at this coarse size
PAPER_KERNEL = 15  # wider than any printed stroke at FACE_SIZE: the closing removes ink, leaves paper
# The colour of indices washed out by glare or too faint to measure: unknown, which is not black (0, 0).
NO_COLOUR = np.float32([np.nan, np.nan])


@dataclass(frozen=True)
class Face:
    """One card seen upright: its ink map, both corner indices, the whole card coarse, and its ink colour."""

    ink: np.ndarray  # (H, W) float32 0..1
    index_top: np.ndarray  # the top-left index, float32
    index_bottom: np.ndarray  # the bottom-right index turned upright
    whole: np.ndarray  # coarse ink map, zero mean, unit norm, flattened
    colour: np.ndarray  # (2,) ink hue: redness, green-vs-blue, each relative to the ink's darkness; NO_COLOUR
    # when the indices show too little ink or paper to tell


def warp_face(frame: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The card's face as an upright BGR image of FACE_SIZE (corners[0] becomes the top-left)."""
    width, height = FACE_SIZE
    target = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    # Where each face pixel comes from in the frame. warpPerspective works this out per pixel in double
    # precision, which costs more than the sampling; the map's numerator and denominator are each a row term
    # plus a column term, so three outer sums and two divisions give it.
    # (Single precision is ample: a frame coordinate is then exact to a thousandth of a pixel.)
    matrix = cv2.getPerspectiveTransform(target, corners.astype(np.float32)).astype(np.float32)
    (a, b, c), (d, e, f), (g, h, i) = matrix
    depth = np.add.outer(_ROWS * h + i, _COLUMNS * g)
    map_x = np.add.outer(_ROWS * b + c, _COLUMNS * a)
    map_x /= depth
    map_y = np.add.outer(_ROWS * e + f, _COLUMNS * d)
    map_y /= depth
    return cv2.remap(frame, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


_PAPER_SQUARE = np.ones((PAPER_KERNEL, PAPER_KERNEL), np.uint8)
_COLUMNS = np.arange(FACE_SIZE[0], dtype=np.float32)
_ROWS = np.arange(FACE_SIZE[1], dtype=np.float32)


def read_face(face_bgr: np.ndarray) -> Face:
    # Red, blue or black ink is dark in at least one channel. (cv2.min: numpy's min over the last,
    # three-wide axis is 25 times slower, and this runs for every card in every frame.)
    blue, green, red = cv2.split(face_bgr)
    darkest = cv2.min(cv2.min(blue, green), red)
    paper = cv2.morphologyEx(darkest, cv2.MORPH_CLOSE, _PAPER_SQUARE)
    # Smooth the paper estimate at a quarter size: the lighting varies slowly, and this is 10x cheaper.
    paper = cv2.resize(paper, (FACE_SIZE[0] // 4, FACE_SIZE[1] // 4), interpolation=cv2.INTER_AREA)
    paper = cv2.resize(cv2.blur(paper, (5, 5)), FACE_SIZE, interpolation=cv2.INTER_LINEAR).astype(np.float32)
    # ink = clip(1 - darkest / max(paper, 30), 0, 1), worked in place: no temporary face-sized arrays.
    ink = darkest.astype(np.float32)
    ink /= np.maximum(paper, 30.0, out=paper)
    np.subtract(1.0, ink, out=ink)
    np.clip(ink, 0.0, 1.0, out=ink)
    # A thin margin is the card's edge and the felt beyond it, whatever the print: leave it out.
    ink[:4, :] = ink[-4:, :] = 0
    ink[:, :4] = ink[:, -4:] = 0
    ink = cv2.GaussianBlur(ink, (0, 0), 1.0)
    return face_from_ink(ink, _ink_colour(face_bgr, ink))


def face_from_ink(ink: np.ndarray, colour: np.ndarray) -> Face:
    """A Face from its ink map (how profiles store faces) and its ink colour."""
    x0, y0, x1, y1 = INDEX_BOX
    turned = ink[::-1, ::-1]
    return Face(ink, np.ascontiguousarray(ink[y0:y1, x0:x1]), np.ascontiguousarray(turned[y0:y1, x0:x1]),
                _whole_vector(ink), colour)


def _whole_vector(ink: np.ndarray) -> np.ndarray:
    small = cv2.resize(ink, WHOLE_SIZE, interpolation=cv2.INTER_AREA).ravel()
    small = small - small.mean()
    return (small / max(float(np.linalg.norm(small)), 1e-6)).astype(np.float32)


def _ink_colour(face_bgr: np.ndarray, ink: np.ndarray) -> np.ndarray:
    """Ink hue of both corner indices, relative to the paper around them (white balance cancels)."""
    x0, y0, x1, y1 = INDEX_BOX
    height, width = ink.shape
    paper_sum, paper_count = np.zeros(3), 0
    ink_sum, ink_weight = np.zeros(3), 0.0
    # The top-left index box, and the bottom-right one (the same box in the half-turned face).
    for rows, cols in ((slice(y0, y1), slice(x0, x1)),
                       (slice(height - y1, height - y0), slice(width - x1, width - x0))):
        bgr = face_bgr[rows, cols].reshape(-1, 3).astype(np.float32)
        weight = ink[rows, cols].ravel()
        paper = weight < 0.05
        paper_count += int(np.count_nonzero(paper))
        paper_sum += paper @ bgr
        strong = np.where(weight > 0.3, weight, np.float32(0.0))
        ink_weight += float(strong.sum())
        ink_sum += strong @ bgr
    if ink_weight < 5 or paper_count < 50:
        return NO_COLOUR.copy()
    blue, green, red = (ink_sum / ink_weight) / (paper_sum / paper_count + 1.0)  # 1 = paper, 0 = black
    # Hue, not strength: divided by how dark the ink is, so that glare or a faded print (pink for red)
    # keeps its colour. Red ink gives about (1, 0), black (0, 0), green or blue ink a negative redness.
    darkness = max(1.0 - float(min(blue, green, red)), 0.05)
    return np.float32([(red - (green + blue) / 2) / darkness, (green - blue) / darkness])


def colour_known(colour: np.ndarray) -> bool:
    """Whether an ink colour was measured (not NO_COLOUR)."""
    return not bool(np.isnan(colour[0]))
