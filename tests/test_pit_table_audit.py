"""The pit as a floor manager met it: a table opened from the pit covered the whole floor at 1024x768,
and its title did not start with the table it audits. Now it is named by its table first (the title, and in large
type inside it, where no window manager draws a title), it is not modal, and it sits right of the first column
of cards and below the header and the alerts, so the floor stays in sight and another table opens beside it."""

from floor_kit import needs_postgres, psycopg
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QLabel
from test_floor_pit import played

from controller.table.qa.autoplay import QA_PIT_BOSS

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`


def on_screen(widget) -> QRect:
    return QRect(widget.mapToGlobal(widget.rect().topLeft()), widget.size())


def test_pit_table_audit_is_named_by_its_table_and_leaves_the_floor_in_sight(database, tmp_path, qtbot):
    from controller.floor.database import open_pool
    from ui.audit_view import AuditDialog
    from ui.pit.window import PitWindow

    for table in ("T1", "T2", "T3", "T4"):
        played(database, tmp_path, table, 2)
    with psycopg.connect(database) as db:  # T4 silent: the alerts line shows
        db.execute("UPDATE floor_tables SET last_seen = now() - interval '30 seconds', closed_at = NULL "
                   "WHERE table_id = 'T4'")
    pool = open_pool(database)
    window = PitWindow(pool, database, rate=False, viewer=QA_PIT_BOSS)
    qtbot.addWidget(window)
    try:
        window.setGeometry(0, 0, 1024, 768)
        window.show()
        qtbot.waitUntil(lambda: len(window.cards) == 4 and window.alerts.isVisible(), timeout=10_000)
        qtbot.mouseClick(window.cards["T2"], Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: bool(window.findChildren(AuditDialog)), timeout=10_000)
        dialog = window.findChildren(AuditDialog)[0]
        qtbot.waitUntil(dialog.isVisible, timeout=2000)
        assert dialog.windowTitle().startswith("T2 — ") and QA_PIT_BOSS.name in dialog.windowTitle()
        heading = dialog.findChild(QLabel, "pit_audit_table")
        assert heading is not None and heading.text() == "Table T2" and heading.isVisible()
        assert not dialog.isModal() and QApplication.activeModalWidget() is None
        covered = dialog.frameGeometry()
        first = window.grid.itemAtPosition(0, 0).widget()
        for seen in (window.header, window.alerts, first):
            assert not covered.intersects(on_screen(seen)), seen.objectName() or "the first card"
        assert covered.width() >= 640 and covered.height() >= 480  # still an audit one can read
        qtbot.mouseClick(window.cards["T1"], Qt.MouseButton.LeftButton)  # the floor still answers
        qtbot.waitUntil(lambda: len(window.findChildren(AuditDialog)) == 2, timeout=10_000)
        titles = sorted(d.windowTitle().split(" — ")[0] for d in window.findChildren(AuditDialog))
        assert titles == ["T1", "T2"]
        for opened in window.findChildren(AuditDialog):
            opened.close()
    finally:
        window.shutdown()
        pool.close()
