"""How a screen shows its window: full screen (even where no window manager honours the request), or at a size,
or as a window: the console's and the jackpot sign's one way; and a picture of it for the docs."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget


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


def picture_when(window: QWidget, path: str, ready: Callable[[], bool] = lambda: True, *, after_ms: int = 500) -> None:
    """Save the window as a PNG at `path` once `ready()` (asked after `after_ms`, then every 200 ms), say so,
    and end the application."""
    def shoot() -> None:
        if not ready():
            QTimer.singleShot(200, shoot)
            return
        window.grab().save(path)
        print(f"saved {path}")
        QApplication.quit()

    QTimer.singleShot(after_ms, shoot)
