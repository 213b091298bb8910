"""The camera card recogniser: calibrate on a deck, find and read cards in frames, report them as a source.

The `camera://` URL scheme is registered in drivers.base; OpenCV itself is loaded only when such a URL is opened.
"""
