"""A real camera over the layout: frames from a capture device or a video file, read into spots.

`camera://0?deck=NAME&zones=FILE` (capture device 0) or `camera:///path/video.mp4?deck=NAME&zones=FILE`. The zones
file says where each spot lies in the camera's frame, set up once for the camera over the table: a JSON object
of polygons in frame pixels, by box number and `dealer`, e.g. `{"1": [[1700, 700], [1880, 700], [1880, 1000],
[1700, 1000]], ..., "dealer": [[700, 40], [1220, 40], [1220, 200], [700, 200]]}`.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import cv2
import numpy as np

from drivers.base import SourceError, url_query
from drivers.camera.layout import LAYOUT_DETECT_WIDTH, LayoutReader
from drivers.camera.source import recogniser_for
from drivers.layout_camera import ShowdownCamera
from drivers.showdown import DEALER, Spot, SpotReading

MAX_ZONES_FILE = 64 * 1024  # eight spots' polygons take a few hundred bytes
FAILED_GRABS = 30  # frames in a row the device may fail to give before the camera is called offline


def load_zones(path: Path) -> dict[Spot, np.ndarray]:
    """Each spot's polygon from a zones file; SourceError naming the file and what is wrong with it."""
    try:
        if path.stat().st_size > MAX_ZONES_FILE:
            raise SourceError(f"the zones file {path} is larger than {MAX_ZONES_FILE:,} bytes: it is not one")
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise SourceError(f"the zones file {path} cannot be read ({err.strerror or err}): give the file that "
                          "says where each box lies in the camera's frame (zones=FILE)") from err
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise SourceError(f"the zones file {path} is not JSON: {err}") from err
    if not isinstance(data, dict) or not data:
        raise SourceError(f"the zones file {path} holds no spots: give a JSON object of polygons by box number "
                          "and 'dealer'")
    zones: dict[Spot, np.ndarray] = {}
    for key, polygon in data.items():
        spot: Spot = DEALER if key == DEALER else int(key) if str(key).isdigit() and 1 <= int(key) <= 7 else ""
        points = np.asarray(polygon, dtype=object)
        if spot == "":
            raise SourceError(f"the zones file {path} names the spot {key!r}: spots are box numbers 1-7 and "
                              "'dealer'")
        if points.ndim != 2 or points.shape[0] < 3 or points.shape[1] != 2 or not all(
                isinstance(v, int | float) and not isinstance(v, bool) for v in points.ravel()):
            raise SourceError(f"the zones file {path}: the spot {key!r} is not a polygon of at least three [x, y] "
                              "points")
        zones[spot] = points.astype(np.float32)
    return zones


class CaptureShowdownCamera(ShowdownCamera):
    """Reads the latest frame of a capture device (or the next of a video file) into spots."""

    def __init__(self, url: str, capture: Any, reader: LayoutReader) -> None:
        super().__init__(url)
        self._capture = capture
        self._reader = reader

    @classmethod
    def from_url(cls, url: str) -> CaptureShowdownCamera:
        parts, query = urlsplit(url), url_query(url)
        if not query.get("zones"):
            raise SourceError(f"'{url}' names no zones file: add &zones=FILE, the JSON file that says where each "
                              "box lies in the camera's frame")
        zones = load_zones(Path(query["zones"]))
        recogniser = recogniser_for(url, query, detect_width=LAYOUT_DETECT_WIDTH)
        if parts.netloc.isdigit():
            capture = cv2.VideoCapture(int(parts.netloc))
        elif parts.path and Path(parts.path).is_file():
            capture = cv2.VideoCapture(parts.path)
        else:
            raise SourceError(f"'{url}' names no camera: use camera://0?deck=NAME&zones=FILE or "
                              "camera:///path/video.mp4?deck=NAME&zones=FILE")
        if not capture.isOpened():
            raise SourceError(f"cannot open the camera or video of '{url}': check the cable, the device number or "
                              "the file")
        return cls(url, capture, LayoutReader(recogniser, zones))

    def read(self, spots: Collection[Spot] | None = None) -> dict[Spot, SpotReading]:
        for _ in range(FAILED_GRABS):
            ok, frame = self._capture.read()
            if ok and frame is not None:
                return self._reader.read(frame, spots)
        raise SourceError(f"the camera over the layout ({self.url}) sends no frames: check its cable and power")

    def close(self) -> None:
        self._capture.release()
