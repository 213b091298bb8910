"""Card art from the aisleriot themes: render a theme's sheet once, cut it into 52 card images, cache them.

An aisleriot theme is one SVG laid out as a 13 x 5 grid: columns ace, 2..10, jack, queen, king; rows clubs,
diamonds, hearts, spades, then jokers and the back. Rendering the whole sheet once with `rsvg-convert` and
cutting the grid is far faster than one render per element id, and works for the themes whose element ids
have odd bounding boxes. Renders are cached under the user cache folder; no card art is kept in the tree.
"""

from __future__ import annotations

import functools
import gzip
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from drivers.cards import PACK, Card

THEME_DIR = Path("/usr/share/aisleriot/cards")
GRID_COLUMNS, GRID_ROWS = 13, 5
SHEET_WIDTH = 13 * 240  # pixels: a card about 240 px wide, sharp enough for the largest synthetic card

# Themes with the standard A/K/Q/J two-colour indices, in two sets kept apart. The recogniser is tuned on
# TUNING_THEMES only. HOLDOUT_THEMES are never looked at while tuning: they stand for a casino's own deck, met
# only through `camera teach`, and measure how well the recogniser does on art it has never seen. (The bitmap
# copy of gnomangelo and the four-colour neoclassical are left out of both: they would leak the hold-out.)
TUNING_THEMES = (
    "anglo", "bellot", "dondorf", "guyenne-classic", "paris", "plastic", "tango", "berlin", "rheinland",
    "tarocco", "anglo_poker", "ornamental", "lattmann", "anglo_modern", "atlasnye", "tango_nuevo", "anglo_bitmap",
)
HOLDOUT_THEMES = ("gnomangelo", "tigullio", "neoclassical", "orell", "simplistic")
# Non-standard designs (French V/D/R or Russian indices, four-colour packs, Swiss suits): still teachable.
OTHER_THEMES = (
    "ancient_french", "anglo_modern_4_color", "neoclassical_4_color", "atlasnye_skat", "slavic_costumes",
    "swiss-xvii",
)


class ArtError(Exception):
    """A theme could not be found or rendered; the message says what to install, or what to add to the URL."""


@dataclass(frozen=True)
class CardArt:
    """One card's face as RGBA (alpha 0 outside the rounded corners), straight from the theme."""

    card: Card
    rgba: np.ndarray


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    # The name changes with the way cards are cut from a sheet, so that a cache cut another way is never read.
    return Path(base) / "rptable" / "card-art-2"


def available_themes() -> list[str]:
    return sorted(p.name.removesuffix(".svgz") for p in THEME_DIR.glob("*.svgz"))


def theme_for(url: str, query: dict[str, str], deck: str) -> str:
    """The card art a simulated camera draws the deck `deck` with: the URL's `theme=`, else the theme of the deck's
    name. A deck taught under a name of its own (casino-red) draws with the theme it was taught from, which only
    the URL can say: without it, ArtError says what to add."""
    if "theme" in query:
        return query["theme"]
    themes = available_themes()
    if deck in themes or not themes:  # no theme at all: load_deck says what to install
        return deck
    example = "anglo" if "anglo" in themes else themes[0]
    raise ArtError(f"the simulated camera draws the cards with a card-art theme, and the deck '{deck}' is not one: "
                   f"add the theme the deck was taught from to the URL, e.g. "
                   f"'{url}{'&' if '?' in url else '?'}theme={example}' (themes here: {', '.join(themes)})")


def theme_path(theme: str) -> Path:
    path = THEME_DIR / f"{theme}.svgz"
    if not path.exists():
        raise ArtError(
            f"card theme '{theme}' not found in {THEME_DIR}; install the Debian package gnome-cards-data "
            f"(known here: {', '.join(available_themes()) or 'none'})"
        )
    return path


def grid_position(card: Card) -> tuple[int, int]:
    """(column, row) of a card in an aisleriot sheet: ace first, suits in club-diamond-heart-spade order."""
    column = 0 if card.rank == 14 else card.rank - 1
    return column, card.suit


def load_deck(theme: str) -> dict[Card, CardArt]:
    """The 52 card faces of a theme, rendering and caching them on first use.

    The faces are read-only: a process reads a theme's 52 files once, however many cameras draw with it."""
    return dict(_faces(theme, cache_dir() / theme))


@functools.lru_cache(maxsize=8)
def _faces(theme: str, folder: Path) -> dict[Card, CardArt]:
    paths = {card: folder / f"{card.code}.png" for card in PACK}
    if not all(p.exists() for p in paths.values()):
        _render_theme(theme, folder)
    deck = {}
    for card, path in paths.items():
        rgba = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
        if rgba is None or rgba.ndim != 3 or rgba.shape[2] != 4:
            raise ArtError(f"cached card art {path} is damaged; delete {folder} to render it again")
        rgba.setflags(write=False)
        deck[card] = CardArt(card, rgba)
    return deck


def _render_theme(theme: str, folder: Path) -> None:
    source = theme_path(theme)
    if shutil.which("rsvg-convert") is None:
        raise ArtError("rsvg-convert not found; install the Debian package librsvg2-bin")
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        sheet_path = Path(tmp) / "sheet.png"
        result = subprocess.run(
            ["rsvg-convert", "-w", str(SHEET_WIDTH), str(source), "-o", str(sheet_path)],
            capture_output=True, text=True, timeout=300, check=False,
        )
        sheet = cv2.imread(str(sheet_path), cv2.IMREAD_UNCHANGED)
        if result.returncode != 0 or sheet is None or sheet.shape[2] != 4:
            raise ArtError(f"rsvg-convert could not render {source}: {result.stderr.strip()[:200]}")
    cell_w, cell_h = sheet.shape[1] / GRID_COLUMNS, sheet.shape[0] / GRID_ROWS
    for card in PACK:
        column, row = grid_position(card)
        x0, y0 = round(column * cell_w), round(row * cell_h)
        cell = sheet[y0:round(y0 + cell_h), x0:round(x0 + cell_w)]
        face = _trim_to_card(cell)
        # Write to a temporary name first so that an interrupted render never leaves a half-written cache.
        tmp_path = folder / f".{card.code}.png"
        cv2.imwrite(str(tmp_path), face)
        tmp_path.replace(folder / f"{card.code}.png")


def _trim_to_card(cell: np.ndarray) -> np.ndarray:
    """The card's own bounding box inside its grid cell: the largest opaque region (themes leave transparent
    gutters, and a neighbour's edge can reach into the cell)."""
    opaque = (cell[:, :, 3] > 32).astype(np.uint8)
    count, _, stats, _ = cv2.connectedComponentsWithStats(opaque)
    if count < 2:
        raise ArtError("an empty grid cell: this theme does not follow the aisleriot 13 x 5 layout")
    largest = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h = stats[largest, :4]
    return np.ascontiguousarray(cell[y:y + h, x:x + w])


TEACH_FORMS = ("photo", "png", "crop", "svg")


def export_teach_images(theme: str, folder: Path, form: str = "photo",
                        background: tuple[int, int, int] = (30, 100, 30),
                        deck: dict[Card, CardArt] | None = None) -> None:
    """Write the 52 images of a theme that a casino would teach it from, one per card, named by card code.

    `form`: "photo", each card lying flat on green felt with a margin, photographed straight down (`AS.png`);
    "png", the card's artwork, transparent round its rounded corners (`AS.png`); "crop", the artwork cropped
    to the card's edges and opaque, its corners white, as a scan would be (`AS.jpg`); "svg", the card's
    artwork as vector graphics (`AS.svgz`: the theme's sheet seen through that card's cell). `deck`: the faces
    to use instead of the theme's own (a deck derived from it: not for "svg").
    """
    if form not in TEACH_FORMS:
        raise ArtError(f"unknown form '{form}' of teaching images (known: {', '.join(TEACH_FORMS)})")
    folder.mkdir(parents=True, exist_ok=True)
    if form == "svg":
        if deck is not None:
            raise ArtError("a deck derived from a theme has no SVG artwork; teach it from photo, png or crop")
        _export_svg_cards(theme, folder)
        return
    for card, art in (deck or load_deck(theme)).items():
        if form == "photo":
            cv2.imwrite(str(folder / f"{card.code}.png"), flatten_on(art.rgba, background, margin=0.12))
        elif form == "png":
            cv2.imwrite(str(folder / f"{card.code}.png"), art.rgba)
        else:
            cv2.imwrite(str(folder / f"{card.code}.jpg"), flatten_on(art.rgba, (255, 255, 255), margin=0.0),
                        [cv2.IMWRITE_JPEG_QUALITY, 95])


def courts_to_the_edges(deck: dict[Card, CardArt], hue_turn: int = 0) -> dict[Card, CardArt]:
    """A deck derived from a theme to try the recogniser on court art it does not otherwise meet: each court
    card's picture stretched to run off all four edges, its two index boxes kept, the way many decks print their
    court cards; its hues turned by `hue_turn` (OpenCV's 0-180 scale: 60 turns red robes green, 110 blue), so
    that robes take a felt's colours. The other cards are the theme's own."""
    return {card: CardArt(card, _court_to_the_edges(art.rgba, hue_turn)) if card.rank in (11, 12, 13) else art
            for card, art in deck.items()}


def _court_to_the_edges(rgba: np.ndarray, hue_turn: int) -> np.ndarray:
    height, width = rgba.shape[:2]
    # The picture: the card less its margins and index columns, as the aisleriot themes lay a card out.
    picture = rgba[round(0.1 * height):round(0.9 * height), round(0.17 * width):round(0.83 * width), :3]
    picture = cv2.resize(picture, (width, height), interpolation=cv2.INTER_CUBIC)
    if hue_turn:
        hsv = cv2.cvtColor(picture, cv2.COLOR_BGR2HSV)
        hsv[:, :, 0] = ((hsv[:, :, 0].astype(np.int32) + hue_turn) % 180).astype(np.uint8)
        picture = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    stretched = rgba.copy()
    stretched[:, :, :3] = picture
    box_width, box_height = round(0.2 * width), round(0.27 * height)  # an index box: rank and suit
    stretched[:box_height, :box_width, :3] = rgba[:box_height, :box_width, :3]
    stretched[-box_height:, -box_width:, :3] = rgba[-box_height:, -box_width:, :3]
    return stretched


_SVG_ROOT = re.compile(rb"<svg\b[^>]*>", re.DOTALL)
_LENGTH = re.compile(r"^\s*([-+0-9.eE]+)\s*([a-z%]*)\s*$")


def _export_svg_cards(theme: str, folder: Path) -> None:
    """One SVG per card: the theme's sheet with its root's view narrowed to the card's cell of the grid.

    The grid divides the sheet as rendered (its viewport), as `load_deck` cuts it; where the viewBox does not
    fill the viewport (preserveAspectRatio), each cell is mapped back into user units the way a renderer
    maps the viewBox onto the viewport.
    """
    sheet = gzip.decompress(theme_path(theme).read_bytes())
    root = _SVG_ROOT.search(sheet)
    if root is None:
        raise ArtError(f"{theme_path(theme)} holds no <svg> element")
    tag = root.group().decode()
    width, width_unit = _length(_attribute(tag, "width"))
    height, height_unit = _length(_attribute(tag, "height"))
    view = _attribute(tag, "viewBox")
    x0, y0, view_width, view_height = [float(v) for v in re.split(r"[\s,]+", view.strip())] if view else (
        0.0, 0.0, width, height)
    scale_x, scale_y = width / view_width, height / view_height
    aspect = (_attribute(tag, "preserveAspectRatio") or "xMidYMid meet").split()
    if aspect[0] != "none":
        scale_x = scale_y = (max if aspect[-1] == "slice" else min)(scale_x, scale_y)
    # Where the viewBox's origin lies in the viewport: at its start, middle or end on each axis.
    shift_x = {"Min": 0.0, "Mid": 0.5, "Max": 1.0}.get(aspect[0][1:4], 0.0) * (width - view_width * scale_x)
    shift_y = {"Min": 0.0, "Mid": 0.5, "Max": 1.0}.get(aspect[0][5:8], 0.0) * (height - view_height * scale_y)
    cell_width, cell_height = width / GRID_COLUMNS, height / GRID_ROWS
    for card in PACK:
        column, row = grid_position(card)
        cell = (x0 + (column * cell_width - shift_x) / scale_x, y0 + (row * cell_height - shift_y) / scale_y,
                cell_width / scale_x, cell_height / scale_y)
        narrowed = _set_attribute(tag, "viewBox", " ".join(f"{v:.4f}" for v in cell))
        narrowed = _set_attribute(narrowed, "width", f"{cell_width:.4f}{width_unit}")
        narrowed = _set_attribute(narrowed, "height", f"{cell_height:.4f}{height_unit}")
        document = sheet[:root.start()] + narrowed.encode() + sheet[root.end():]
        (folder / f"{card.code}.svgz").write_bytes(gzip.compress(document, compresslevel=5))


def _attribute(tag: str, name: str) -> str | None:
    found = re.search(rf'\s{name}\s*=\s*"([^"]*)"', tag)
    return found.group(1) if found else None


def _set_attribute(tag: str, name: str, value: str) -> str:
    if _attribute(tag, name) is None:
        return tag.replace("<svg", f'<svg {name}="{value}"', 1)
    return re.sub(rf'(\s{name}\s*=\s*)"[^"]*"', lambda m: f'{m.group(1)}"{value}"', tag, count=1)


def _length(text: str | None) -> tuple[float, str]:
    found = _LENGTH.match(text or "")
    if found is None:
        raise ArtError(f"an SVG length that is not a number: {text!r}")
    return float(found.group(1)), found.group(2)


def flatten_on(rgba: np.ndarray, background: tuple[int, int, int], margin: float) -> np.ndarray:
    """The card composited on a plain background, with `margin` (fraction of its width) all round."""
    pad = round(rgba.shape[1] * margin)
    h, w = rgba.shape[:2]
    canvas = np.empty((h + 2 * pad, w + 2 * pad, 3), np.float32)
    canvas[:] = background
    # The opacity in each channel, like the colours it weighs: numpy's loop over a last axis of three is slow.
    alpha = cv2.merge([rgba[:, :, 3]] * 3).astype(np.float32) / 255.0
    region = canvas[pad:pad + h, pad:pad + w]
    canvas[pad:pad + h, pad:pad + w] = rgba[:, :, :3] * alpha + region * (1 - alpha)
    return np.clip(canvas, 0, 255).astype(np.uint8)

