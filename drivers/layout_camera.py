"""The camera over the layout: what the table needs of it to check the cards at showdown, and its URLs.

A `ShowdownCamera` reads the next frame into spots (each box's area, the dealer's): every spot, or only the
spots asked again. It is opened by URL, beside the shoe's: `camera://0?deck=NAME&zones=FILE` (a capture device
or, `camera:///path/video.mp4`, a file; `zones` is the JSON file of each spot's polygon in the frame, set up
once for the camera over the table) or the simulator's `camera+sim://?deck=NAME` (hwsim.camera.watch). Like
the card sources, each is imported only when a URL of its scheme is opened, so OpenCV loads only then.

What only a simulated camera can do (put the showdown's cards on the layout it renders, switch one of them) is
a typed interface, `SimulatedLayout`, that a camera offers through `simulated_layout()`.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from urllib.parse import urlsplit

from drivers.base import MAX_URL, SourceError
from drivers.cards import Card
from drivers.showdown import Spot, SpotReading

# scheme -> "module:Class", imported only when a URL of that scheme is opened.
CAMERAS = {
    "camera": "drivers.camera.overhead:CaptureShowdownCamera",
    "camera+sim": "hwsim.camera.watch:SimulatedShowdownCamera",
}


class SimulatedLayout(ABC):
    """What a simulated camera lets the program do that a real table leaves to the dealer's hands."""

    @abstractmethod
    def turn_up(self, spots: Mapping[Spot, Sequence[Card]], boxes: int) -> None:
        """The dealer turns these cards up at showdown on a table of `boxes` boxes: the next frames show them
        (and a switch planned for this showdown)."""

    @abstractmethod
    def plan_switch(self, spot: Spot, position: int = 0, card: Card | None = None) -> None:
        """At the next showdown turned up, `card` (by default one not in play) lies in the place of the spot's
        card at `position`; on a spot not in play, on the next spot that is."""

    @property
    @abstractmethod
    def switched(self) -> tuple[Spot, Card, Card] | None:
        """The switch on the layout now, if any: the spot, the card the shoe dealt there, the card put in its
        place."""


class ShowdownCamera(ABC):
    """A camera over the layout, read frame by frame into spots."""

    def __init__(self, url: str) -> None:
        self.url = url

    @abstractmethod
    def read(self, spots: Collection[Spot] | None = None) -> dict[Spot, SpotReading]:
        """The next frame, read: the cards on every spot (`spots` None) or on those spots only."""

    def simulated_layout(self) -> SimulatedLayout | None:
        """The simulator behind this camera (None for a real one)."""
        return None

    def close(self) -> None:  # noqa: B027 - optional: a camera without a device to release
        """Release the device."""


def open_showdown_camera(url: str) -> ShowdownCamera:
    """The camera over the layout that the URL names; SourceError saying what to give when it cannot be opened."""
    if len(url) > MAX_URL:
        raise SourceError(f"'{url[:60]}...' is not a camera's URL: a URL holds at most {MAX_URL:,} characters")
    try:
        scheme = urlsplit(url).scheme
    except ValueError as err:
        raise SourceError(f"'{url}' is not a URL: {err}") from err
    target = CAMERAS.get(scheme)
    if target is None:
        raise SourceError(f"'{url}' names no camera over the layout (known: "
                          f"{', '.join(f'{s}://' for s in CAMERAS)}), e.g. camera://0?deck=NAME&zones=FILE")
    module_name, class_name = target.split(":")
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except ImportError as exc:
        raise SourceError(f"'{url}' needs the Python package '{exc.name or module_name}', which is not installed: "
                          "reinstall rptable with its dependencies (make setup)") from exc
    try:
        camera: ShowdownCamera = cls.from_url(url)
    except ValueError as err:
        raise SourceError(f"'{url}': {err}") from err
    return camera
