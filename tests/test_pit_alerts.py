"""The pit as a floor manager met it: a table sat 55 minutes with a dealer signed in and no round, and
nothing on the pit said so; a table NOT REPORTING stayed among the others in the order of their names. Now a
table not reporting, and one idle with a dealer signed in for IDLE_ALERT_AFTER (10 minutes), come straight
after the faults, on top, and a line above the floor names them however far the floor is scrolled."""

import time

from floor_kit import needs_postgres, psycopg
from tables import acknowledged
from test_floor_pit import DEALER, played, snapshot

from controller.floor.reporter import TableReporter
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.qa.autoplay import QA_PIT_BOSS
from controller.table.rule_files import load_preset
from ui.cli import main

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`
IDLE_MINUTES = 55


class DealerAtTable:
    """A table open and reporting, a dealer signed in `minutes_ago` and nothing dealt since."""

    def __init__(self, url, path, table, minutes_ago):
        self.journal = Journal(path, table)
        self.controller = acknowledged(TableController(
            self.journal, load_preset("classic"), clock=lambda: time.time() - 60 * minutes_ago))
        self.reporter = TableReporter(path, table, url, heartbeat=0.5).start()
        self.controller.add_listener(self.reporter.wake)
        self.controller.staff.sign_in(DEALER)

    def close(self):
        self.reporter.stop()
        self.journal.close()


def floor_with_trouble(database, tmp_path):
    """T1 closed for the day, T0 a dealer signed in just now, T2 a dealer signed in 55 minutes ago and no round
    since, T3 killed 11 s ago (not reporting): the tables a floor manager must look at are T3 and T2."""
    played(database, tmp_path, "T1", 2)
    played(database, tmp_path, "T3", 1, seed=4)
    with psycopg.connect(database) as db:
        db.execute("UPDATE floor_tables SET last_seen = now() - interval '11 seconds', closed_at = NULL "
                   "WHERE table_id = 'T3'")
    return [DealerAtTable(database, tmp_path / "T0.journal", "T0", 0),
            DealerAtTable(database, tmp_path / "T2.journal", "T2", IDLE_MINUTES)]


def wait_reported(database, *tables):
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with psycopg.connect(database) as db:
            dealers = dict(db.execute("SELECT table_id, state->>'dealer' FROM floor_tables").fetchall())
        if all(dealers.get(t) for t in tables):
            return
        time.sleep(0.1)
    raise AssertionError(f"{tables} never reported their dealer")


def test_pit_snapshot_puts_not_reporting_then_idle_tables_on_top_and_names_them(database, tmp_path, capsys):
    live = floor_with_trouble(database, tmp_path)
    try:
        wait_reported(database, "T0", "T2")
        snap = snapshot(capsys, database, "--no-ratings")
        page = tmp_path / "pit.html"
        assert main(["pit", "--db", database, "--no-ratings", "--html", str(page)]) == 0
    finally:
        for table in live:
            table.close()
    assert [t["table"] for t in snap["tables"]] == ["T3", "T2", "T0", "T1"]
    silent, idle, fresh, closed = snap["tables"]
    assert (silent["alert"], idle["alert"], fresh["alert"], closed["alert"]) == ("silent", "idle", "", "")
    assert idle["idle_seconds"] >= IDLE_MINUTES * 60 - 5 and fresh["idle_seconds"] < 60
    text = page.read_text()
    assert "1 table(s) NOT REPORTING: T3" in text and "1 table(s) idle with a dealer signed in: T2" in text
    assert f"IDLE {IDLE_MINUTES} min" in text and "dealer anna signed in, no round" in text


def test_pit_window_raises_idle_and_silent_tables_to_the_top_with_an_alert_above_the_floor(database, tmp_path,
                                                                                           qtbot, monkeypatch):
    from PySide6.QtWidgets import QApplication

    from controller.floor.database import open_pool
    from ui.pit.window import PitWindow

    asked = []  # the window asks the task bar for attention when a table falls into trouble
    monkeypatch.setattr(QApplication, "alert", lambda widget, ms=0: asked.append(widget))
    live = floor_with_trouble(database, tmp_path)
    pool = open_pool(database)
    window = PitWindow(pool, database, rate=False, viewer=QA_PIT_BOSS)
    qtbot.addWidget(window)
    try:
        wait_reported(database, "T0", "T2")
        window.refresh_all()
        window.resize(1024, 768)
        window.show()
        qtbot.waitUntil(lambda: set(window.cards) == {"T0", "T1", "T2", "T3"} and
                        bool(window.views["T2"].dealer), timeout=10_000)
        placed = [window.grid.itemAt(i).widget().table_id for i in range(window.grid.count())]
        positions = {window.grid.getItemPosition(i)[:2]: placed[i] for i in range(len(placed))}
        in_order = [positions[p] for p in sorted(positions)]
        assert in_order == ["T3", "T2", "T0", "T1"]
        idle = window.cards["T2"].idle
        qtbot.waitUntil(idle.isVisible, timeout=2000)  # a card is shown once the event loop turns
        assert idle.isVisible() and idle.text().startswith(f"IDLE {IDLE_MINUTES} min")
        assert "anna" in idle.text() and not window.cards["T0"].idle.isVisible()
        alerts = window.alerts.text()
        assert window.alerts.isVisible()
        assert "NOT REPORTING: T3" in alerts and "IDLE with a dealer signed in: T2" in alerts
        assert "1 not reporting" in window.header.text() and "1 idle" in window.header.text()
        assert window in asked
        asked.clear()
        qtbot.wait(1200)  # the next tick: nothing new, nothing asked again
        assert not asked
    finally:
        window.shutdown()
        pool.close()
        for table in live:
            table.close()
