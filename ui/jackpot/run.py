"""`rptable jackpot sign`: the sign's window, full screen (or a window, or one screenshot)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from ui.i18n import Languages
from ui.jackpot.sign import JackpotSign
from ui.jackpot.watcher import MeterWatcher
from ui.present import picture_when, present


def run_sign(url: str, meter_id: str, *, size: tuple[int, int] | None = None, windowed: bool = False,
             screenshot: str | None = None, language: str = "en") -> int:
    app = QApplication.instance() or QApplication(["rptable jackpot sign"])
    Languages().switch(language)  # its words, and its figures grouped as the language groups them
    sign = JackpotSign()
    watcher = MeterWatcher(url, meter_id)
    watcher.changed.connect(sign.show_status)
    watcher.lost.connect(sign.show_problem)
    if screenshot and size is None:
        size = (1024, 768)
    present(sign, size, windowed=windowed)  # full screen even where no window manager honours the request
    watcher.start()
    if screenshot:
        picture_when(sign, screenshot, lambda: sign.shown is not None)  # once the meter is read
    try:
        return int(app.exec())
    finally:
        watcher.stop()
