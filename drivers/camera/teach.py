"""Calibrate the recogniser on a deck: 52 images, one per card, named by card code, into a deck profile.

Each image is a photo of the card or the deck's artwork (see `card_image` for the kinds taken).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from drivers.camera.card_image import RASTER_SUFFIXES, SVG_SUFFIXES, CardImageError, card_face, read_card_image
from drivers.camera.inkmap import read_face
from drivers.camera.match import Matcher, matcher_of
from drivers.camera.profile import DeckProfile
from drivers.cards import PACK, Card, CardError, parse_card

IMAGE_SUFFIXES = RASTER_SUFFIXES | SVG_SUFFIXES
TWIN_MARGIN = 0.05  # a taught card that beats its closest rival by less is the same picture twice
ASPECT_APART = 0.1  # a card found this much longer or shorter (long side / short side) than the deck's others


class TeachError(Exception):
    """The teaching images are incomplete or unusable; the message names the image and what to do."""


def collect_images(folder: Path) -> dict[Card, Path]:
    """The image of each card in `folder`, by its file name (`AS.png`, `10h.jpg`, `TD.png`)."""
    if not folder.is_dir():
        raise TeachError(f"{folder} is not a folder; give the folder that holds the 52 card images")
    found: dict[Card, Path] = {}
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in IMAGE_SUFFIXES or path.name.startswith("."):
            continue
        try:
            card = parse_card(path.stem)
        except CardError:
            raise TeachError(f"{path.name}: the file name is not a card code (expected e.g. AS.png, TD.jpg, "
                             f"10H.svg); rename or remove it") from None
        if card in found:
            raise TeachError(f"{found[card].name} and {path.name} are both {card.code}; keep one of them")
        found[card] = path
    missing = [c.code for c in PACK if c not in found]
    if missing:
        raise TeachError(f"no image for {', '.join(missing)} in {folder} (one image per card, named by its "
                         f"code, e.g. {missing[0]}.png)")
    return found


def face_image(path: Path) -> tuple[np.ndarray, float]:
    """The upright face (BGR at FACE_SIZE) of the one card in an image, and its long/short side ratio."""
    try:
        return card_face(read_card_image(path))
    except CardImageError as err:
        raise TeachError(f"{path.name}: {err}") from None


def teach(name: str, images: dict[Card, Path]) -> DeckProfile:
    """Build (but do not save) the profile of a deck from its 52 images, checking it can tell them apart."""
    cards, faces, aspects, paths = [], [], [], []
    for card in PACK:
        face_bgr, aspect = face_image(images[card])
        cards.append(card)
        faces.append(read_face(face_bgr))  # a colour too faint to measure (pale grey indices) is kept unknown
        aspects.append(aspect)
        paths.append(images[card])
    _refuse_cards_found_in_part(aspects, paths)
    profile = DeckProfile(name, tuple(cards), tuple(faces), float(np.median(aspects)))
    _refuse_lookalikes(matcher_of(profile), paths)  # the matcher kept for reading with the deck next
    return profile


def _refuse_cards_found_in_part(aspects: list[float], paths: list[Path]) -> None:
    """Every card of a deck has the same shape: one found longer or shorter than the others was found in part
    (print running to its edges in the background's colours cut it off), and its face would be taught wrong."""
    usual = float(np.median(aspects))
    for aspect, path in zip(aspects, paths, strict=True):
        if abs(aspect - usual) > ASPECT_APART:
            raise TeachError(f"{path.name}: the card found is {aspect:.2f} times as long as it is wide, the deck's "
                             f"other cards {usual:.2f}: only part of it was found; photograph it on a background of "
                             f"another colour than its print, or give its artwork")


def _refuse_lookalikes(matcher: Matcher, paths: list[Path]) -> None:
    """Each taught card must be told apart from its closest rival: a twin picture means a wrong file."""
    for i, face in enumerate(matcher.profile.faces):
        ranked = matcher.matches(face)
        own = next((m for m in ranked if m.index == i), None)
        rival = next((m for m in ranked if m.index != i), None)
        if own is None or rival is None:
            continue
        if matcher.duel(own, rival) < TWIN_MARGIN:
            raise TeachError(f"{paths[i].name} and {paths[rival.index].name} show the same card; each image "
                             f"must show the card its name says")
