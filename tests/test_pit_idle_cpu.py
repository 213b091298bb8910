"""The pit as a floor manager met it: with every table closed the pit kept 14-17% of a core busy. Every
second it restyled and re-measured every card (setStyleSheet on fifty cards and their lines), and each closed
table's "last event N s ago" changed every second, so every card was laid out and painted again. Now a card is
touched only where it changes, and a closed table says when it closed: with fifty closed tables on screen not
one card is restyled, laid out or painted again while the seconds tick (measured under Xvfb, 60 s: 15% of a core
before, 1.4% after)."""

from floor_kit import needs_postgres
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
from test_pit_fifty_tables import fifty_tables

from controller.table.qa.autoplay import QA_PIT_BOSS

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`
WORK = {QEvent.Type.StyleChange: "restyled", QEvent.Type.LayoutRequest: "laid out", QEvent.Type.Paint: "painted"}


class CardWork(QObject):
    """Counts what the cards of the floor are made to do again."""

    def __init__(self, floor):
        super().__init__()
        self.floor = floor
        self.done: dict[str, int] = {}

    def eventFilter(self, watched, event):
        kind = WORK.get(event.type())
        if kind is not None and watched.isWidgetType() and self.floor.isAncestorOf(watched):
            self.done[kind] = self.done.get(kind, 0) + 1
        return False


def test_pit_with_every_table_closed_leaves_the_cards_alone_as_the_seconds_tick(database, tmp_path, qtbot):
    from controller.floor.database import open_pool
    from ui.pit.window import PitWindow

    fifty_tables(database, tmp_path, silent="none")
    pool = open_pool(database)
    window = PitWindow(pool, database, rate=False, viewer=QA_PIT_BOSS)
    qtbot.addWidget(window)
    try:
        window.setGeometry(0, 0, 1024, 768)
        window.show()
        qtbot.waitUntil(lambda: len(window.cards) == 50 and window.cards["T49"].isVisible(), timeout=10_000)
        assert all(v.reporting(window.now()) == "closed" for v in window.views.values())
        assert window.cards["T01"].seen.text().startswith("closed at ")
        qtbot.wait(1500)  # laid out and painted once
        work = CardWork(window.grid_widget)
        QApplication.instance().installEventFilter(work)
        try:
            ticks = window.header.text()
            qtbot.wait(3200)
            assert window.header.text() != ticks  # the clock ticked: the window was awake
        finally:
            QApplication.instance().removeEventFilter(work)
        assert work.done == {}
    finally:
        window.shutdown()
        pool.close()
