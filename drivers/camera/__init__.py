"""The camera card recogniser: teach it a deck, read its cards in frames, check the layout at showdown.

The `camera://` URL scheme is registered in drivers.base; OpenCV itself is loaded only when such a URL is opened.
"""
