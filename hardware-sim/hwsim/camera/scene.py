"""Synthetic table photos: real card faces on felt, seen by an imperfect camera, with their ground truth.

A scene is built in two planes. Cards are placed on the *table* (position, rotation); a homography then
models a camera that is not straight above the table (perspective). The camera's faults follow: uneven
lighting, glare, defocus blur, sensor noise and JPEG compression. `Condition` bundles the strengths.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import cv2
import numpy as np

from drivers.cards import Card
from hwsim.camera.art import CardArt

FRAME_SIZE = (1280, 720)  # width, height


@dataclass(frozen=True)
class Condition:
    """How hard the camera makes it. Ranges are (low, high), drawn uniformly per scene."""

    name: str
    card_width: tuple[float, float]  # pixels on the table plane
    tilt: float  # strength of the perspective (0 = camera straight above)
    light_gradient: float  # peak-to-peak relative brightness change across the frame
    glare: float  # probability of a glare spot
    blur: tuple[float, float]  # Gaussian sigma
    noise: tuple[float, float]  # sensor noise sigma, grey levels
    jpeg_quality: tuple[int, int]
    cards: tuple[int, int] = (4, 8)


CONDITIONS = {
    "normal": Condition("normal", (120, 160), 0.10, 0.25, 0.15, (0.0, 0.8), (1.0, 3.0), (80, 95)),
    "hard": Condition("hard", (110, 150), 0.25, 0.6, 0.7, (0.8, 1.6), (4.0, 8.0), (45, 70)),
    "small": Condition("small", (78, 95), 0.12, 0.3, 0.2, (0.3, 0.9), (1.5, 4.0), (75, 92)),
}

NOISE_ROOM = 64  # rows and columns by which the sensor noise field outgrows a frame: 8,192 windows of it
FELT_SHEEN = 0.35  # how much of a glare the matte felt reflects, relative to a glossy card
FELT_COLOURS = ((30, 100, 30), (25, 90, 45), (110, 60, 20), (40, 40, 120), (35, 80, 60))  # BGR


@dataclass(frozen=True)
class PlacedCard:
    """A card in a frame and where it is: corners in image pixels, top-left of the face first, clockwise."""

    card: Card
    corners: np.ndarray  # (4, 2) float32


@dataclass
class Scene:
    image: np.ndarray
    cards: list[PlacedCard] = field(default_factory=list)


@dataclass
class CameraLook:
    """What stays fixed while one camera watches one table: felt, lighting, perspective."""

    background: np.ndarray  # felt under the lighting, float32 BGR
    light: np.ndarray  # (H, W, 3) multiplicative lighting field, float32: the same in each channel
    homography: np.ndarray  # table plane -> image
    glare: tuple[float, float, float, float] | None  # x, y, radius, strength


def make_look(rng: np.random.Generator, condition: Condition,
              size: tuple[int, int] = FRAME_SIZE) -> CameraLook:
    width, height = size
    felt_colour = np.array(FELT_COLOURS[rng.integers(len(FELT_COLOURS))], np.float32)
    felt_colour *= rng.uniform(0.8, 1.2)
    # Felt has a fine weave and some blotches: low-frequency noise upscaled, plus a little grain.
    blotches = cv2.resize(rng.normal(0, 1, (height // 40, width // 40)).astype(np.float32), size,
                          interpolation=cv2.INTER_CUBIC)
    grain = rng.standard_normal((height, width)).astype(np.float32)  # the very draws of rng.normal(0, 1)
    texture = cv2.addWeighted(blotches, 0.06, grain, 0.04, 1.0)
    # The felt's colour times the texture, each channel at once (numpy's loop over a last axis of three is slow).
    background = cv2.transform(texture[:, :, None], felt_colour.reshape(3, 1))

    # A ramp across the frame and a vignette: each a row's share plus a column's, so the light is the sum of a
    # row and a column broadcast, a frame's worth of arithmetic once.
    xs = np.arange(width, dtype=np.float32) / width - 0.5
    ys = np.arange(height, dtype=np.float32) / height - 0.5
    angle = rng.uniform(0, 2 * np.pi)
    gradient, brightness = condition.light_gradient, rng.uniform(0.85, 1.1)
    across = brightness * (1.0 + gradient * np.cos(angle) * xs - 0.3 * gradient * xs ** 2)
    down = brightness * (gradient * np.sin(angle) * ys - 0.3 * gradient * ys ** 2)
    light = (down[:, None] + across[None, :]).astype(np.float32)

    glare = None
    if rng.random() < condition.glare:
        glare = (rng.uniform(0.2, 0.8) * width, rng.uniform(0.2, 0.8) * height,
                 rng.uniform(30, 110), rng.uniform(0.3, 0.7))
    # Kept in three channels, like the frames it lights: OpenCV multiplies them pixel by pixel at once.
    return CameraLook(background, cv2.merge([light] * 3), _camera_tilt(rng, condition.tilt, size), glare)


def _camera_tilt(rng: np.random.Generator, tilt: float, size: tuple[int, int]) -> np.ndarray:
    """A homography that moves the frame's corners inwards by up to `tilt` of its size (a tilted camera)."""
    width, height = size
    src = np.float32([[0, 0], [width, 0], [width, height], [0, height]])
    jitter = rng.uniform(0, tilt, (4, 2)) * np.float32([width, height]) * 0.5
    signs = np.float32([[1, 1], [-1, 1], [-1, -1], [1, -1]])
    dst = src + jitter * signs
    return cv2.getPerspectiveTransform(src, dst.astype(np.float32))


def random_layout(rng: np.random.Generator, count: int, card_width: float,
                  size: tuple[int, int] = FRAME_SIZE,
                  aspect: float = 1.5) -> list[tuple[float, float, float]]:
    """Up to `count` (x, y, angle) positions on the table plane where the cards neither overlap nor touch."""
    width, height = size
    reach = 0.5 * card_width * np.hypot(1.0, aspect) + 4
    placed: list[tuple[float, float, float]] = []
    outlines: list[np.ndarray] = []
    gap = 10.0  # pixels kept free round each card, so that two cards never merge into one blob
    for _ in range(count * 60):
        if len(placed) == count:
            break
        x, y = rng.uniform(reach, width - reach), rng.uniform(reach, height - reach)
        angle = rng.uniform(0, 360)
        outline = _rectangle(x, y, angle, card_width + gap, card_width * aspect + gap)
        if all(cv2.intersectConvexConvex(outline, other)[0] <= 0 for other in outlines):
            placed.append((x, y, angle))
            outlines.append(outline)
    return placed


def _rectangle(x: float, y: float, angle: float, width: float, height: float) -> np.ndarray:
    half = np.float32([[-width / 2, -height / 2], [width / 2, -height / 2], [width / 2, height / 2],
                       [-width / 2, height / 2]])
    theta = np.deg2rad(angle)
    rotation = np.float32([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])
    return (half @ rotation.T + np.float32([x, y])).astype(np.float32)


def card_quad(art: CardArt, x: float, y: float, angle: float, card_width: float) -> np.ndarray:
    """Corners (TL, TR, BR, BL of the face) on the table plane for a card centred at x, y."""
    h, w = art.rgba.shape[:2]
    return _rectangle(x, y, angle, card_width, card_width * h / w)


def render(look: CameraLook, cards: list[tuple[CardArt, np.ndarray]], rng: np.random.Generator,
           condition: Condition, motion_blur: float = 0.0) -> Scene:
    """Photograph the table: `cards` are (art, table-plane quad) pairs, drawn in order (later on top)."""
    laid = Laid.bare(look).with_cards(cards)
    return Scene(develop(laid.lit(), rng, condition, motion_blur), list(laid.placed))


@dataclass(frozen=True)
class Laid:
    """The table with cards laid on it as the camera sees it, before light and the camera's faults: the same
    for every frame in which the same cards lie in the same places, so a feed lays them once."""

    look: CameraLook
    canvas: np.ndarray  # float32 BGR
    coverage: np.ndarray  # 1 where a (glossy) card lies, 0 on the (matte) felt
    placed: tuple[PlacedCard, ...] = ()

    @classmethod
    def bare(cls, look: CameraLook) -> Laid:
        height, width = look.background.shape[:2]
        return cls(look, look.background, np.zeros((height, width), np.float32))

    def with_cards(self, cards: list[tuple[CardArt, np.ndarray]]) -> Laid:
        """These cards laid on top of the ones already here, in order (later on top); self is left as it is."""
        if not cards:
            return self
        canvas, coverage, placed = self.canvas.copy(), self.coverage.copy(), list(self.placed)
        for art, table_quad in cards:
            quad = cv2.perspectiveTransform(table_quad[None], self.look.homography)[0]
            _paste_card(canvas, coverage, art.rgba, quad)
            placed.append(PlacedCard(art.card, quad.astype(np.float32)))
        return Laid(self.look, canvas, coverage, tuple(placed))

    def lit(self) -> np.ndarray:
        """The laid table under the lighting, with the lamp's glare: float32, a new array."""
        image = cv2.multiply(self.canvas, self.look.light)
        if self.look.glare is not None:
            # A lamp's reflection: full on the glossy cards, a dull sheen on the felt, which scatters light.
            # The round spot is a row's fall-off times a column's (a Gaussian's two axes part exactly): two
            # short rows of exponentials, not a frame's worth.
            height, width = self.coverage.shape
            gx, gy, radius, strength = self.look.glare
            across = np.exp(-(np.arange(width) - gx) ** 2 / (2 * radius ** 2)).astype(np.float32)
            down = (255 * strength * np.exp(-(np.arange(height) - gy) ** 2 / (2 * radius ** 2))).astype(np.float32)
            gloss = FELT_SHEEN + (1.0 - FELT_SHEEN) * self.coverage
            gloss *= down[:, None]
            gloss *= across[None, :]
            image += cv2.merge([gloss] * 3)
        return image


def develop(lit: np.ndarray, rng: np.random.Generator, condition: Condition,
            motion_blur: float = 0.0) -> np.ndarray:
    """The camera's faults on a lit table (`lit`, left as it is): defocus, motion blur, sensor noise and JPEG
    compression; a uint8 frame."""
    image = lit
    sigma = rng.uniform(*condition.blur)
    if sigma > 0.05:
        image = cv2.GaussianBlur(image, (0, 0), sigma)
    if motion_blur > 1:
        kernel = np.zeros((int(motion_blur) | 1, int(motion_blur) | 1), np.float32)
        kernel[kernel.shape[0] // 2, :] = 1.0 / kernel.shape[1]
        image = cv2.filter2D(image, -1, kernel)
    # Sensor noise: this frame's window of a field of white noise, at a place drawn for the frame (and of either
    # sign). Within the frame it is white Gaussian noise as a fresh draw would be; two frames' windows lie
    # apart, and a fresh draw costs more than the rest of the frame.
    window = int(rng.integers(2**31)) % (2 * NOISE_ROOM ** 2)
    sign, (dy, dx) = 1.0 - 2.0 * (window % 2), divmod(window // 2, NOISE_ROOM)
    noise = _noise_field(image.shape)[dy:dy + image.shape[0], dx:dx + image.shape[1]]
    # Noise added, clipped to 0..255 and cut to whole grey levels (the 0.5 taken off: cut, not rounded) at once.
    frame = cv2.addWeighted(image, 1.0, noise, sign * float(rng.uniform(*condition.noise)), -0.5, dtype=cv2.CV_8U)
    quality = int(rng.integers(condition.jpeg_quality[0], condition.jpeg_quality[1] + 1))
    ok, encoded = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if ok:
        frame = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
    return frame


@functools.lru_cache(maxsize=4)
def _noise_field(shape: tuple[int, ...]) -> np.ndarray:
    """White Gaussian noise of unit spread, NOISE_ROOM rows and columns larger than frames of `shape`: made once
    per frame size, read-only; each frame's noise is a window of it (see `develop`)."""
    height, width, *channels = shape
    field = np.random.default_rng(0).standard_normal((height + NOISE_ROOM, width + NOISE_ROOM, *channels),
                                                     dtype=np.float32)
    field.setflags(write=False)
    return field


def _paste_card(canvas: np.ndarray, coverage: np.ndarray, rgba: np.ndarray, quad: np.ndarray) -> None:
    """Warp the card face onto the canvas within its bounding box (a full-frame warp per card is slow)."""
    height, width = canvas.shape[:2]
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int) - 2, 0)
    x1, y1 = np.minimum(np.ceil(quad.max(axis=0)).astype(int) + 2, [width, height])
    if x1 <= x0 or y1 <= y0:
        return
    h, w = rgba.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    matrix = cv2.getPerspectiveTransform(src, (quad - np.float32([x0, y0])).astype(np.float32))
    size = (int(x1 - x0), int(y1 - y0))
    # Shrinking a 240 px face to ~100 px needs pre-filtering, or the print would alias like no lens does.
    scale = max(1.0, w / max(1.0, np.linalg.norm(quad[1] - quad[0])))
    face = cv2.GaussianBlur(rgba, (0, 0), 0.45 * scale) if scale > 1.3 else rgba
    warped = cv2.warpPerspective(face.astype(np.float32), matrix, size, flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    alpha = warped[:, :, 3:4] / 255.0
    region = canvas[y0:y1, x0:x1]
    region[:] = warped[:, :, :3] * alpha + region * (1 - alpha)
    np.maximum(coverage[y0:y1, x0:x1], alpha[:, :, 0], out=coverage[y0:y1, x0:x1])


def random_scene(deck: dict[Card, CardArt], condition: Condition, rng: np.random.Generator,
                 size: tuple[int, int] = FRAME_SIZE) -> Scene:
    """A still photo of several distinct cards lying apart on the felt."""
    look = make_look(rng, condition, size)
    count = int(rng.integers(condition.cards[0], condition.cards[1] + 1))
    card_width = rng.uniform(*condition.card_width)
    cards = list(deck)
    chosen = rng.choice(len(cards), size=count, replace=False)
    layout = random_layout(rng, count, card_width, size)
    items = [(deck[cards[i]], card_quad(deck[cards[i]], x, y, a, card_width))
             for i, (x, y, a) in zip(chosen, layout, strict=False)]
    return render(look, items, rng, condition)
