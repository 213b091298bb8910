"""An amount typed in a box's field is read whole at any table screen: 10,000 in a four-seat or a seven-box
table's ante at 1024x768 used to show as ".0000", its first digit scrolled out of the narrow field."""

from __future__ import annotations

import pytest
from console_kit import make_console  # noqa: F401 - a fixture used below
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

from ui.amount_field import AmountField, text_room


@pytest.mark.parametrize(("preset", "size"), [("four-seat", (1024, 768)), ("caribbean-stud", (1024, 768)),
                                              ("classic", (1366, 768))])
def test_r_bet_1_the_largest_ante_is_read_whole_in_its_field(make_console, qtbot, preset, size) -> None:  # noqa: F811
    window = make_console(preset, size=size)
    rules = window.controller.rules
    assert rules is not None
    largest = rules.table.ante_max
    for box in range(1, rules.table.boxes + 1):
        window.bet_panel.fill(box, largest)
    QApplication.processEvents()
    fields = [f for f in window.findChildren(AmountField) if f.isVisible() and f.text()]
    assert len(fields) >= rules.table.boxes
    for field in fields:
        shown = QFontMetrics(field.font()).horizontalAdvance(field.text())
        assert shown <= text_room(field), (field.caption, field.text(), shown, text_room(field), field.width())
    window.place_stakes()  # placed, the amounts stay in their fields, read-only
    QApplication.processEvents()
    for field in fields:
        assert QFontMetrics(field.font()).horizontalAdvance(field.text()) <= text_room(field)
