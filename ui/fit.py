"""Widgets whose text fits the room the layout gives them: a label or a button never asks for more width than a
table screen has. Long text (a Russian label, an engine's reason) wraps onto the lines the widget has, in a smaller
font if need be, and is elided only when even the smallest font does not hold it; `text()` keeps it whole."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QStyle, QStyleOptionButton, QStylePainter, QWidget

TOUCH = 44  # px: the least height (and width) of anything a finger presses at a table
SMALLEST_FONT = 11  # px: below this a dealer cannot read a label at arm's length


@lru_cache(maxsize=4096)
def fitted_lines(text: str, family: str, bold: bool, size: int, width: int, height: int,
                 lines: int) -> tuple[int, tuple[str, ...]]:
    """The font size (at most `size`) and the lines that hold `text` within `width` x `height` and at most
    `lines` lines: the largest size at which every word fits whole; at the smallest size, the last line elided."""
    for pixels in range(size, SMALLEST_FONT - 1, -1):
        font = _font(family, bold, pixels)
        metrics = QFontMetrics(font)
        wrapped = _wrap(text, font, width)
        if (len(wrapped) <= lines and len(wrapped) * metrics.lineSpacing() <= height + metrics.leading()
                and all(metrics.horizontalAdvance(line) <= width for line in wrapped)):
            return pixels, tuple(wrapped)
    font = _font(family, bold, SMALLEST_FONT)
    metrics = QFontMetrics(font)
    room = max(1, min(lines, height // max(1, metrics.lineSpacing())))
    wrapped = _wrap(text, font, width)
    kept = wrapped[:room]
    if len(wrapped) > room:
        kept[-1] = metrics.elidedText(" ".join(wrapped[room - 1:]), Qt.TextElideMode.ElideRight, width)
    return SMALLEST_FONT, tuple(metrics.elidedText(line, Qt.TextElideMode.ElideRight, width) for line in kept)


def _font(family: str, bold: bool, pixels: int) -> QFont:
    font = QFont(family)
    font.setPixelSize(pixels)
    font.setBold(bold)
    return font


def _wrap(text: str, font: QFont, width: int) -> list[str]:
    """The text broken at spaces (and at its own newlines) into lines of at most `width` pixels. Only at spaces:
    a clause id (R-BUY-3), a range (1-4) or a card's code stays whole on its line, where a line break after a
    hyphen would split it; and never at a no-break space, which groups an amount's thousands in Russian ("1 700"
    read as "1" on one line). A word wider than the line keeps a line of its own (and is elided there)."""
    metrics = QFontMetrics(font)
    out: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in filter(None, paragraph.split(" ")):  # str.split() would break at a no-break space too
            candidate = f"{line} {word}" if line else word
            if line and metrics.horizontalAdvance(candidate) > width:
                out.append(line)
                line = word
            else:
                line = candidate
        out.append(line)
    return out


def _fit(widget: QWidget, rect: QRect, text: str, lines: int) -> tuple[int, tuple[str, ...]]:
    font = widget.font()
    size = font.pixelSize() if font.pixelSize() > 0 else round(font.pointSizeF() * 4 / 3)
    return fitted_lines(text, font.family(), font.bold(), size, max(1, rect.width()), max(1, rect.height()), lines)


def _whole(widget: QWidget, rect: QRect, text: str, lines: int) -> bool:
    """Whether the text is drawn whole in `rect` (in a smaller font, perhaps), nothing elided."""
    return " ".join(" ".join(_fit(widget, rect, text, lines)[1]).split()) == " ".join(text.split())


def _draw_fitted(widget: QWidget, painter: QPainter, rect: QRect, text: str, lines: int, align: Qt.AlignmentFlag,
                 role: QPalette.ColorRole) -> None:
    if not text or rect.width() <= 0 or rect.height() <= 0:
        return
    pixels, wrapped = _fit(widget, rect, text, lines)
    font = widget.font()
    font = _font(font.family(), font.bold(), pixels)
    painter.setFont(font)
    group = QPalette.ColorGroup.Normal if widget.isEnabled() else QPalette.ColorGroup.Disabled
    painter.setPen(widget.palette().color(group, role))
    spacing = QFontMetrics(font).lineSpacing()
    block = spacing * len(wrapped)
    if align & Qt.AlignmentFlag.AlignVCenter:
        top = rect.top() + (rect.height() - block) // 2
    elif align & Qt.AlignmentFlag.AlignBottom:
        top = rect.bottom() - block
    else:
        top = rect.top()
    horizontal = align & (Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignHCenter)
    for index, line in enumerate(wrapped):
        painter.drawText(QRect(rect.left(), top + index * spacing, rect.width(), spacing),
                         horizontal | Qt.AlignmentFlag.AlignVCenter, line)


class FitLabel(QLabel):
    """A label drawn on at most `lines` lines of its own width; its width comes from the layout, never from its
    text. Its height is fixed to what `lines` lines of its font need. With `run_in`, a text whose own lines do
    not fit whole is drawn as one run, its lines joined by `run_in`: a short last word of a line no longer takes
    a line of its own, where the first form would be cut."""

    def __init__(self, parent: QWidget | None = None, *, lines: int = 1,
                 align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                 run_in: str | None = None) -> None:
        super().__init__(parent)
        self.lines = lines
        self.fit_align = align
        self.run_in = run_in
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def setText(self, text: str) -> None:
        if text != self.text():
            super().setText(text)
            self.setAccessibleName(text)
            self.update()

    def sizeHint(self) -> QSize:
        metrics = QFontMetrics(self.font())
        margins = self.contentsMargins()
        return QSize(80, metrics.lineSpacing() * self.lines + margins.top() + margins.bottom() + 2)

    def minimumSizeHint(self) -> QSize:
        return QSize(10, self.sizeHint().height())

    def shows_whole_text(self) -> bool:
        return _whole(self, self.contentsRect(), self.drawn_text(), self.lines)

    def drawn_text(self) -> str:
        """The text as drawn: in its own lines, or run in where they do not fit whole and the label may."""
        text = self.text()
        if self.run_in is None or "\n" not in text or _whole(self, self.contentsRect(), text, self.lines):
            return text
        return self.run_in.join(text.split("\n"))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_Widget, _frame_option(self), painter, self)
        _draw_fitted(self, painter, self.contentsRect(), self.drawn_text(), self.lines, self.fit_align,
                     QPalette.ColorRole.WindowText)


def _frame_option(widget: QWidget) -> QStyleOptionButton:
    option = QStyleOptionButton()
    option.initFrom(widget)
    return option


class FitButton(QPushButton):
    """A touch-sized button whose label wraps onto `lines` lines and shrinks to its width, so a long label
    (an amount, a box, the key, in Russian) never widens the window. It takes no keyboard focus: keys act
    through the window's shortcuts, whatever has focus."""

    def __init__(self, parent: QWidget | None = None, *, lines: int = 2, height: int = TOUCH) -> None:
        super().__init__(parent)
        self.lines = lines
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setMinimumHeight(height)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._height = height

    def setText(self, text: str) -> None:
        if text != self.text():
            super().setText(text)
            self.setAccessibleName(text)

    def sizeHint(self) -> QSize:
        return QSize(TOUCH * 2, self._height)

    def minimumSizeHint(self) -> QSize:
        return QSize(TOUCH, self._height)

    def _text_rect(self, option: QStyleOptionButton) -> QRect:
        return self.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option, self).adjusted(4, 2, -4, -2)

    def shows_whole_text(self) -> bool:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        return _whole(self, self._text_rect(option), self.text(), self.lines)

    def shown_pixels(self) -> int:
        """The size of type its label is drawn in now (px)."""
        option = QStyleOptionButton()
        self.initStyleOption(option)
        return _fit(self, self._text_rect(option), self.text(), self.lines)[0]

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = ""
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)
        rect = self._text_rect(option)
        _draw_fitted(self, painter, rect, self.text(), self.lines, Qt.AlignmentFlag.AlignCenter,
                     QPalette.ColorRole.ButtonText)


def keep_place(widget: QWidget, shown: bool) -> None:
    """Show or hide a widget without the others moving into its place (a preset without a bonus, an action the
    table does not have): the layout stays where the dealer's hands know it."""
    policy = widget.sizePolicy()
    if not policy.retainSizeWhenHidden():
        policy.setRetainSizeWhenHidden(True)
        widget.setSizePolicy(policy)
    if widget.isHidden() == shown:
        widget.setVisible(shown)


def fixed_width(widget: QWidget, width: int) -> None:
    """Give a fitted label or button a width of its own (a chip, a tool button): its size policy is Ignored so
    that its text never widens the window, and a fixed width needs a fixed policy to be kept."""
    widget.setFixedWidth(width)
    policy = widget.sizePolicy()
    policy.setHorizontalPolicy(QSizePolicy.Policy.Fixed)
    widget.setSizePolicy(policy)
