"""`camera+sim://?deck=NAME&seed=S`: the camera card source reading synthetic frames of the simulated layout.

The frames go through the real recogniser exactly as a camera's would (`drivers.camera.source.CameraSource`);
only the capture device is the simulator's (`SimCameraFeed`). URL options: `theme=` the card art (by default
the deck's name; a deck of another name says which theme it was taught from: `deck=casino-red&theme=anglo`),
`condition=normal|hard|small`, `width=1280` the frame width (16:9), `rounds=N` stops after N rounds, `fps=30`
paces frames like a camera (`fps=0`: as fast as they are read), `seed=`.
"""

from __future__ import annotations

from drivers.base import SourceError, url_query
from drivers.camera.source import CameraSource, recogniser_for
from hwsim.camera.art import ArtError, theme_for
from hwsim.camera.feed import SimCameraFeed
from hwsim.camera.scene import CONDITIONS


class SimulatedCameraSource(CameraSource):
    """A camera source whose capture device is the simulator; `feed` holds its ground truth."""

    scheme = "camera+sim"
    feed: SimCameraFeed

    @classmethod
    def from_url(cls, url: str) -> SimulatedCameraSource:
        query = url_query(url)
        recogniser = recogniser_for(url, query)
        condition = query.get("condition", "normal")
        if condition not in CONDITIONS:
            raise SourceError(f"unknown condition '{condition}' in '{url}' (known: {', '.join(CONDITIONS)})")
        try:
            seed = int(query.get("seed", "0"))
            fps = float(query.get("fps", "30"))
            width = int(query.get("width", "1280"))
            rounds = int(query["rounds"]) if "rounds" in query else None
            feed = SimCameraFeed(theme_for(url, query, recogniser.profile.name), seed=seed, condition=condition,
                                 size=(width, width * 9 // 16), rounds=rounds)
        except ValueError as err:
            raise SourceError(f"bad number in '{url}': {err}") from err
        except ArtError as err:
            raise SourceError(str(err)) from err
        source = cls(url, feed, recogniser, live=False, fps=fps)
        source.feed = feed  # the simulator's ground truth, for tests and demonstrations
        return source
