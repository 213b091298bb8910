"""How a table screen shows its window: full screen (even where no window manager honours the request), or at
a size, or as a window: the console's and the jackpot sign's one way."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget


def present(window: QWidget, size: tuple[int, int] | None, *, windowed: bool) -> None:
    """A table screen is the console's own: full screen, unless a size or a window is asked for."""
    from PySide6.QtGui import QGuiApplication

    if size is not None:
        window.resize(*size)
        window.show()
    elif windowed:
        window.show()
    else:
        # the screen's own size first: a table PC often runs the console without a window manager to honour
        # the full-screen request
        screen = window.screen() or QGuiApplication.primaryScreen()
        if screen is not None:
            window.setGeometry(screen.geometry())
        window.showFullScreen()
    window.activateWindow()  # the keyboard is the console's from the start
