"""Restyling a widget only when its look changes. The console redraws its panels at every event of the table, and
a style sheet set again, or a style property repolished, restyles the widget (and everything inside it) each time,
even when nothing changed: some milliseconds a box, ten a box with its cards."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QWidget


def restyle(widget: QWidget, sheet: str) -> None:
    """Give `widget` the style sheet `sheet`, unless it has it already."""
    if widget.styleSheet() != sheet:
        widget.setStyleSheet(sheet)


def set_style_property(widget: QWidget, name: str, value: bool) -> bool:
    """Set the property a style sheet selects on (`Widget[name="true"]`) and repolish the widget, unless the
    property has that value already; whether it changed. Only the widget's own rules are applied again."""
    if widget.property(name) is value:
        return False
    widget.setProperty(name, value)
    widget.style().unpolish(widget)
    widget.style().polish(widget)
    QApplication.sendEvent(widget, QEvent(QEvent.Type.StyleChange))  # a frame's width follows its new border
    return True
