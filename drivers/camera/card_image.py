"""One card's image to teach from, a photo or the deck's artwork, turned into the card's upright face.

Four kinds of image are taken, one card per file:
- artwork with transparency (a PNG transparent round the card): the card is what is opaque;
- SVG artwork (`.svg`, `.svgz`), rendered with `rsvg-convert`: artwork with transparency once rendered;
- a photo of the card on a background of another colour than the card's (felt, wood, a grey or black cloth):
  the card is found against the colour of the image's border;
- artwork cropped to the card's edges, opaque (a scan, an export on white): the whole image is the card.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import cv2
import numpy as np

from drivers.camera.detect import felt_difference, find_cards, find_lone_card, fit_quadrilateral, short_side_first
from drivers.camera.inkmap import FACE_SIZE, warp_face

RASTER_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}
SVG_SUFFIXES = {".svg", ".svgz"}
CARD_ASPECT = (1.2, 1.8)  # long side / short side of any playing card, photographed straight down
ARTWORK_WIDTH = 2 * FACE_SIZE[0]  # cards are brought to about this width (pixels) before the warp to the face
FELT_BGR = (30, 100, 30)  # what transparent pixels become: the felt a camera sees round a card
PAPER_LIGHTNESS = 200  # of 255 (OpenCV's 8-bit L*): a border this light and grey is the card's paper ...
PAPER_CHROMA = 24  # ... with at most this much colour (|a*| + |b*|, 8-bit units)
INSET = 0.04  # of the image's short side: a photo shows background this far in from its edges ...
CARD_CONTRAST = 40  # ... where a cropped card shows paper or print, this different from its border (felt_difference)
FOUND_WHOLE = 0.9  # a card found in a photo is whole if it covers this much of what differs from the background ...
SAME_SHAPE = 0.02  # ... and their length/width ratios are this close (a card cut along one side is longer or squatter)
NO_CARD = ("no card found: give a photo of the card face up and whole on a plain background of another colour than "
           "the card, or the card's artwork cropped to its edges (PNG, transparent round the card or not, or SVG)")


class CardImageError(ValueError):
    """The image shows no card that can be taught from; the message says what to give instead."""


def read_card_image(path: Path) -> np.ndarray:
    """The image as 8-bit BGR, or BGRA where it has transparency; SVG artwork rendered first."""
    if path.suffix.lower() in SVG_SUFFIXES:
        image = _render_svg(path)
    else:
        image = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
        if image is None:
            raise CardImageError("cannot be read as an image (damaged or not a picture); replace it")
    if image.dtype == np.uint16:
        image = (image >> 8).astype(np.uint8)
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    elif image.shape[2] == 2:  # grey with alpha
        image = cv2.merge([image[:, :, 0], image[:, :, 0], image[:, :, 0], image[:, :, 1]])
    return np.ascontiguousarray(image)


def card_face(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The upright face (BGR at FACE_SIZE) of the one card in an image, and its long/short side ratio."""
    if image.shape[2] == 4 and np.any(image[:, :, 3] < 128):
        corners = _opaque_card(image[:, :, 3])
        alpha = image[:, :, 3:4].astype(np.float32) / 255.0
        image = (image[:, :, :3] * alpha + np.float32(FELT_BGR) * (1 - alpha)).astype(np.uint8)
        image, corners = _as_the_camera_finds_it(image, corners)
    else:
        image = np.ascontiguousarray(image[:, :, :3])
        corners, is_artwork = _card_on_background(image)
        if is_artwork:
            image, corners = _as_the_camera_finds_it(image, corners)
    width = float(min(np.linalg.norm(corners[1] - corners[0]), np.linalg.norm(corners[2] - corners[1])))
    # A large image is shrunk first, each pixel an average: the warp samples, and would alias fine print.
    if width > 1.25 * ARTWORK_WIDTH:
        factor = ARTWORK_WIDTH / width
        image = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        corners = (corners + 0.5) * factor - 0.5
    return warp_face(image, corners), _length_per_width(corners)


def _length_per_width(corners: np.ndarray) -> float:
    sides = np.linalg.norm(np.roll(corners, -1, axis=0) - corners, axis=1)
    return float(max(sides[0], sides[1]) / min(sides[0], sides[1]))


def _as_the_camera_finds_it(image: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The artwork on felt, and the card's corners where the detector finds them there.

    The camera finds a card's outline on the felt, and a thin printed edge line or the paper's last pixels
    may fall outside it: a face taught from the artwork's own edges would then be a few pixels larger than
    every face seen. Where the detector finds the card (close to the artwork's edges), its corners are used.
    """
    width = float(np.linalg.norm(corners[1] - corners[0]))
    pad = max(8, round(0.12 * width))
    framed = cv2.copyMakeBorder(image, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=FELT_BGR)
    corners = corners + np.float32(pad)
    area = cv2.contourArea(corners)
    felt = cv2.cvtColor(np.uint8([[FELT_BGR]]), cv2.COLOR_BGR2LAB).reshape(3).astype(np.float32)
    for detection in find_cards(framed, aspect=CARD_ASPECT, max_area=0.95, felt=felt):
        shift = np.linalg.norm(detection.corners.mean(axis=0) - corners.mean(axis=0))
        if shift < 0.05 * width and 0.8 * area <= cv2.contourArea(detection.corners) <= 1.05 * area and \
                _same_shape(detection.corners, corners):
            return framed, detection.corners
    return framed, corners


def _card_on_background(image: np.ndarray) -> tuple[np.ndarray, bool]:
    """Corners of the card in an opaque image, and whether the image is artwork cropped to the card: found on
    its background, or the whole image if it is the card."""
    height, width = image.shape[:2]
    border = np.median(cv2.cvtColor(_ring(image, 0), cv2.COLOR_BGR2LAB).reshape(-1, 3), axis=0).astype(np.float32)
    # Artwork cropped to the card has the card's paper at its border, or a thin printed edge line with paper
    # just inside it; a photo has the background all round, some way in.
    paper = border[0] >= PAPER_LIGHTNESS and abs(border[1] - 128) + abs(border[2] - 128) <= PAPER_CHROMA
    inset = max(4, round(INSET * min(width, height)))
    card_at_inset = np.mean(felt_difference(_ring(image, inset), border) > CARD_CONTRAST) > 0.5
    if not paper and not card_at_inset:
        # The detector places a card's edges where the camera will; but a court card whose print runs to its
        # edges in colours near the background's can fall apart for it in a photo the card fills (its pieces
        # would be taught as the card): then the card is what differs from the background.
        detections = find_cards(image, aspect=CARD_ASPECT, max_area=0.98, felt=border)
        largest = max(detections, key=lambda d: cv2.contourArea(d.corners)) if detections else None
        lone = find_lone_card(image, border, CARD_ASPECT)
        if lone is not None and (largest is None or not _whole_of(largest.corners, lone.corners)):
            return lone.corners, False
        if largest is None:
            raise CardImageError(NO_CARD)
        return largest.corners, False
    ratio = max(width, height) / min(width, height)
    if not CARD_ASPECT[0] <= ratio <= CARD_ASPECT[1]:
        raise CardImageError(NO_CARD)
    whole = np.float32([[-0.5, -0.5], [width - 0.5, -0.5], [width - 0.5, height - 0.5], [-0.5, height - 0.5]])
    return short_side_first(whole), True


def _whole_of(found: np.ndarray, region: np.ndarray) -> bool:
    """Whether a card found (corners) is the whole of the region of a photo that differs from its background."""
    return cv2.contourArea(found) >= FOUND_WHOLE * cv2.contourArea(region) and _same_shape(found, region)


def _same_shape(found: np.ndarray, card: np.ndarray) -> bool:
    """Whether a card found has the card's shape: a card cut along one side by print in the background's
    colours is about as large as the card, but longer or squatter."""
    return abs(_length_per_width(found) / _length_per_width(card) - 1) <= SAME_SHAPE


def _ring(image: np.ndarray, inset: int) -> np.ndarray:
    """The pixels of the rectangle `inset` pixels in from the image's edges, as a one-row image."""
    inner = image[inset:image.shape[0] - inset, inset:image.shape[1] - inset]
    ring = np.concatenate([inner[0], inner[-1], inner[:, 0], inner[:, -1]])
    return np.ascontiguousarray(ring.reshape(1, -1, 3))


def _opaque_card(alpha: np.ndarray) -> np.ndarray:
    """Corners of the opaque card in artwork with transparency (its rounded corners left out of the fit)."""
    mask = (alpha >= 128).astype(np.uint8) * 255
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        raise CardImageError("the image is transparent all over: no card in it; replace it")
    outline = max(contours, key=cv2.contourArea)
    corners = fit_quadrilateral(outline)
    if corners is None:  # an outline too small or too round to fit sides to: its bounding rectangle
        corners = cv2.boxPoints(cv2.minAreaRect(outline)).astype(np.float32)
    return short_side_first(corners)


def _render_svg(path: Path) -> np.ndarray:
    renderer = shutil.which("rsvg-convert")
    if renderer is None:
        raise CardImageError("SVG artwork needs rsvg-convert (the Debian package librsvg2-bin): install it, or "
                             "export the cards as PNG")
    try:
        result = subprocess.run([renderer, "-w", str(ARTWORK_WIDTH), "-f", "png", str(path)], capture_output=True,
                                timeout=120, check=False)
    except subprocess.TimeoutExpired:
        raise CardImageError("rendering the SVG took over two minutes; export the card as PNG instead") from None
    image = cv2.imdecode(np.frombuffer(result.stdout, np.uint8), cv2.IMREAD_UNCHANGED) if result.stdout else None
    if result.returncode != 0 or image is None:
        reason = result.stderr.decode(errors="replace").strip()[:200] or "no picture came out"
        raise CardImageError(f"cannot be rendered as SVG ({reason}); replace it or export the card as PNG")
    return image
