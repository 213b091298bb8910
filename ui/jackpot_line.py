"""The linked jackpot on the dealer's screen: a line in a fixed place beside the notice, saying the meter
("Jackpot: 12,345"), a hit at this table waiting for a pit boss, a hit pending elsewhere on the meter, or jackpot
betting closed; and the bridge that brings the table's link to the meter (on a thread of its own) to the GUI
thread, through a Qt signal."""

from __future__ import annotations

import contextlib

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QWidget

from controller.engine import IllegalCommand
from controller.floor.jackpot_link import JackpotLink, LinkState, journal_decisions
from controller.table.controller import TableController, TableLocked
from controller.table.jackpot_hits import TableHit
from ui.fit import FitLabel
from ui.format import amount
from ui.i18n import translate
from ui.notice import HEIGHT as NOTICE_HEIGHT
from ui.words import hand_name

STYLE = "font-size:17px;font-weight:bold;border-radius:6px;padding:0 10px;color:%s;background:%s"
OPEN = STYLE % ("#ffd54f", "#2b2410")
HIT = STYLE % ("#1a1a1a", "#ffb300")
PENDING = STYLE % ("#1a1a1a", "#ffcc80")
CLOSED = STYLE % ("#ffffff", "#8e2a2a")


class LinkWatch(QObject):
    """The link's every change of state, delivered on the GUI thread (`changed`). Given the table's controller,
    it journals there, first, each decision a pit boss made on the meter away from the table (from the pit, or at
    a terminal): the waiting hit clears and the payment is listed when the console redraws."""

    changed = Signal(object)

    def __init__(self, link: JackpotLink, parent: QObject | None = None,
                 controller: TableController | None = None) -> None:
        super().__init__(parent)
        self.link = link
        self.controller = controller
        if controller is not None:
            self.changed.connect(self._journal_decisions)  # before the window's redraw, which connects after
        link.on_state = self.changed.emit  # the link's thread emits; Qt queues it to the GUI thread

    def _journal_decisions(self, state: LinkState) -> None:
        assert self.controller is not None
        # A journal that cannot be written has locked the table with its own fault, said on the screen; the
        # decision stays on the meter and the link's next change tries again.
        with contextlib.suppress(IllegalCommand, TableLocked):
            journal_decisions(self.controller, state)


class JackpotLine(FitLabel):
    """The jackpot's line on the main screen (hidden at a table without a jackpot)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, lines=2, align=Qt.AlignmentFlag.AlignCenter)
        self.setObjectName("jackpot_line")
        self.setFixedHeight(NOTICE_HEIGHT)
        self.setStyleSheet(OPEN)
        self.setHidden(True)

    def show_state(self, state: LinkState, table_id: str, hits: list[TableHit], round_in_play: str | None) -> None:
        text, style = line_words(state, table_id, hits, round_in_play)
        self.setText(text)
        self.setStyleSheet(style)
        self.setHidden(False)


def line_words(state: LinkState, table_id: str, hits: list[TableHit], round_in_play: str | None) -> tuple[str, str]:
    """The line's words and style. A hit at this table comes first; while its round is in play its hand is face
    down, so the line names only the box (what it won is said once the round is over)."""
    waiting = next((h for h in hits if h.waiting), None)
    if waiting is not None:
        if waiting.round_id == round_in_play:
            return translate("Jackpot", "Jackpot hit at box {0}: keep its cards on the layout; a pit boss verifies "
                                        "the hand [F2]").format(waiting.box), HIT
        won = state.amount_of(table_id, waiting.round_id, waiting.box)
        what = amount(won) if won is not None else \
            translate("Jackpot", "{0}% of the meter").format(waiting.settled.share_pct)
        return translate("Jackpot", "Jackpot hit at box {0}: {1} wins {2}. A pit boss verifies the hand "
                                    "[F2]").format(waiting.box, hand_name(waiting.settled.best), what), HIT
    if state.pending and state.waiting is not None:
        return translate("Jackpot", "Jackpot pending: box {0} of table {1}").format(
            state.waiting.box, state.waiting.table_id), PENDING
    if state.pending:
        return translate("Jackpot", "Jackpot pending: a hit waits for a pit boss"), PENDING
    if state == LinkState():
        return translate("Jackpot", "Jackpot: asking the meter…"), CLOSED
    if not state.reachable:
        return translate("Jackpot", "Jackpot betting closed: the meter cannot be reached"), CLOSED
    return translate("Jackpot", "Jackpot: {0}").format(amount(state.meter or 0)), OPEN
