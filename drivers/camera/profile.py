"""A calibrated deck: the ink maps and ink colours of its 52 faces, stored in the user data folder.

A profile lives in `$RPTABLE_DATA_DIR/decks/NAME/` (by default `$XDG_DATA_HOME/rptable/decks/NAME`, i.e.
`~/.local/share/rptable/decks/NAME`) as `profile.npz` (the arrays) and `deck.json` (what it is, for people).
"""

from __future__ import annotations

import json
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from drivers.camera.inkmap import Face
from drivers.cards import PACK, Card
from drivers.named_files import regular_file_problem
from drivers.paths import data_dir  # the one rule for the user data folder

# 3: a card whose index colour cannot be measured keeps NO_COLOUR; version 2 kept (0, 0), black's colour.
PROFILE_VERSION = 3
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


class ProfileError(Exception):
    """A deck profile is missing, damaged or of another version; the message says what to do."""


def deck_dir(name: str) -> Path:
    if not _NAME.match(name):
        raise ProfileError(f"'{name}' is not a usable deck name: use letters, digits, '_', '-' or '.'")
    return data_dir() / "decks" / name


@dataclass(frozen=True)
class DeckProfile:
    """The 52 faces of one deck design, as the recogniser compares them."""

    name: str
    cards: tuple[Card, ...]
    faces: tuple[Face, ...]
    aspect: float  # long side / short side of the cards as taught

    def save(self) -> Path:
        folder = deck_dir(self.name)
        folder.mkdir(parents=True, exist_ok=True)
        arrays = {
            "codes": np.array([c.code for c in self.cards]),
            "ink": np.stack([f.ink for f in self.faces]),
            "colour": np.stack([f.colour for f in self.faces]),
            "aspect": np.float32(self.aspect),
            "version": np.int32(PROFILE_VERSION),
        }
        # Write beside, then rename: a crash mid-save leaves the previous profile intact.
        with tempfile.NamedTemporaryFile(dir=folder, suffix=".npz", delete=False) as tmp:
            np.savez_compressed(tmp, **arrays)
        Path(tmp.name).replace(folder / "profile.npz")
        meta = {"name": self.name, "version": PROFILE_VERSION, "cards": len(self.cards),
                "aspect": round(self.aspect, 4)}
        (folder / "deck.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
        return folder

    @classmethod
    def load(cls, name: str) -> DeckProfile:
        from drivers.camera.inkmap import face_from_ink

        path = deck_dir(name) / "profile.npz"
        if not path.exists():
            known = ", ".join(list_decks()) or "none yet"
            raise ProfileError(f"no deck profile '{name}' in {path.parent.parent} (known: {known}); "
                               f"calibrate it first: rptable camera teach DIR --deck {name}")
        problem = regular_file_problem(path)  # a FIFO in its place would hang np.load
        if problem is not None:
            raise ProfileError(f"deck profile {path} cannot be read: {problem}")
        try:
            with np.load(path, allow_pickle=False) as data:
                version = int(data["version"])
                codes, ink, colour, aspect = data["codes"], data["ink"], data["colour"], float(data["aspect"])
        except (OSError, KeyError, ValueError) as err:
            raise ProfileError(f"deck profile {path} is damaged ({err}); teach the deck again") from err
        if version != PROFILE_VERSION:
            raise ProfileError(f"deck profile {path} is of version {version}, this program reads "
                               f"{PROFILE_VERSION}; teach the deck again")
        measured, unmeasured = np.isfinite(colour).all(axis=-1), np.isnan(colour).all(axis=-1)  # NO_COLOUR
        if colour.ndim != 2 or not (measured | unmeasured).all():
            raise ProfileError(f"deck profile {path} is damaged (a card's ink colour is not a number); teach the "
                               "deck again")
        by_code = {c.code: c for c in PACK}
        cards = tuple(by_code[str(code)] for code in codes)
        faces = tuple(face_from_ink(ink[i], colour[i]) for i in range(len(cards)))
        return cls(name, cards, faces, aspect)


def list_decks() -> list[str]:
    folder = data_dir() / "decks"
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if (p / "profile.npz").exists())
