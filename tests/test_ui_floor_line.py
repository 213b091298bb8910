"""A table on the floor: the line saying whether it reports to the floor's database is on the screen, at the
shoe's line's right, and the console still fits a table screen of 1024x768 and 1366x768 with six boxes, in either
language (it used to sit in the window's status bar, 15 px below a 768-line screen)."""

from __future__ import annotations

import pytest
from console_kit import (
    make_console,  # noqa: F401 - a fixture used below
    where,
)
from PySide6.QtWidgets import QApplication

from controller.floor.reporter import TableReporter
from ui.floor_status import FloorStatus


@pytest.mark.parametrize(("size", "language"), [((1366, 768), "en"), ((1024, 768), "ru")])
def test_the_floor_line_is_on_a_table_screen_of_768_lines(make_console, qtbot, size, language) -> None:  # noqa: F811
    window = make_console("classic", language=language, size=size)
    reporter = TableReporter(window.controller.journal.path, window.controller.table_id,
                             "postgresql://floor@nowhere.invalid/rptable")  # never started: it says NOT REPORTING
    floor = FloorStatus(reporter, window)
    window.ui.add_status(floor)
    window.resize(*size)
    QApplication.processEvents()
    assert len(window.box_panels) == 6
    assert (window.width(), window.height()) == size
    x, y, width, height = where(floor)
    assert floor.isVisible() and floor.text()
    assert y + height <= size[1] and x + width <= size[0], (x, y, width, height)
    _, shoe_y, _, shoe_height = where(window.shoe_status)
    assert shoe_y < y + height and y < shoe_y + shoe_height  # on the shoe's line
