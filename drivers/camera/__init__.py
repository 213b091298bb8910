"""The camera card recogniser: calibrate on a deck, find and read cards in frames, report them as a source.

Importing this package registers the `camera://` and `camera+sim://` URL schemes; OpenCV itself is loaded
only when such a URL is opened (the registry imports `drivers.camera.source` lazily).
"""

from drivers.base import register

register("camera", "drivers.camera.source:CameraSource")
register("camera+sim", "drivers.camera.source:CameraSource")
