"""Issue "The casino floor", item 2: `rptable pit --db URL`, the pit boss's live view. Per table: the state (idle,
round N at step X), dealer, rules, open faults with their age (on top), rounds and drop today, house win and
hold against theoretical, last event's age ("not reporting" after 10 s); refreshed within 1 s of a table's
report without reading every table's rows; `--json` for one snapshot, `--html OUT` for a page; a click opens
the table's rounds, replay, recall, faults and overrides, all from the database."""

import json
import time

import pytest
from floor_kit import needs_postgres, psycopg, query, wait_for
from tables import acknowledged

from controller.floor.reporter import TableReporter
from controller.opening.simulate import simulate
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.qa.autoplay import QA_PIT_BOSS
from controller.table.rule_files import load_preset
from controller.table.security.users import Role, User
from ui.cli import main

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`
DEALER = User("anna", Role.DEALER)



def played(url, tmp_path, table, rounds, seed=3):
    path = tmp_path / f"{table}.journal"
    reporter = TableReporter(path, table, url).start()
    simulate(load_preset("classic"), rounds, seed, journal_path=path, table_id=table, on_entry=reporter.wake)
    reporter.stop()
    return path


class LiveTable:
    """A table left open (a dealer at it), reporting."""

    def __init__(self, url, path, table):
        self.journal = Journal(path, table)
        self.controller = acknowledged(TableController(self.journal, load_preset("classic")))
        self.reporter = TableReporter(path, table, url, heartbeat=0.5).start()
        self.controller.add_listener(self.reporter.wake)

    def close(self):
        self.reporter.stop()
        self.journal.close()


def snapshot(capsys, url, *extra):
    capsys.readouterr()
    assert main(["pit", "--db", url, "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_floor_2_a_snapshot_gives_each_table_with_faults_on_top(database, tmp_path, capsys):
    played(database, tmp_path, "T1", 6)
    live = LiveTable(database, tmp_path / "T2.journal", "T2")
    try:
        live.controller.staff.sign_in(DEALER)
        live.controller.raise_fault("E04", "The shoe reports E04 (jam).", "shoe")
        wait_for(lambda: query(database, "SELECT 1 FROM floor_tables WHERE table_id = 'T2' AND "
                                         "jsonb_array_length(state->'faults') = 1"))
        snap = snapshot(capsys, database)
    finally:
        live.close()
    first, second = snap["tables"]
    assert first["table"] == "T2" and first["faults"][0]["code"] == "E04" and first["faults"][0]["age_seconds"] >= 0
    assert first["dealer"] == "dealer:anna" and first["rules"] == "classic" and first["state"] == "idle"
    assert second["table"] == "T1" and second["state"] == "idle (last round 6)" and not second["faults"]
    today = second["today"]
    (drop, win, theoretical), = query(database, "SELECT sum(drop), sum(house_win), sum(theoretical) "
                                                "FROM floor_rounds WHERE table_id = 'T1'")
    assert (today["rounds"], today["drop"], today["house_win"]) == (6, drop, win)
    assert today["theoretical_win"] == pytest.approx(theoretical, abs=0.01)
    assert today["hold_pct"] == pytest.approx(100 * int(win) / int(drop), abs=0.01)
    assert second["reporting"] == "closed" and second["last_event_age_seconds"] >= 0


def test_floor_2_a_table_not_heard_from_for_10_s_is_not_reporting(database, tmp_path, capsys):
    played(database, tmp_path, "T3", 1)
    with psycopg.connect(database) as db:  # as if the table had been killed 11 s ago
        db.execute("UPDATE floor_tables SET last_seen = now() - interval '11 seconds', closed_at = NULL")
    (table,) = snapshot(capsys, database, "--no-ratings")["tables"]
    assert table["reporting"] == "not reporting" and table["last_seen_age_seconds"] >= 11


def test_floor_2_the_page_a_manager_opens(database, tmp_path, capsys):
    played(database, tmp_path, "T4", 2)
    page = tmp_path / "pit.html"
    assert main(["pit", "--db", database, "--html", str(page)]) == 0
    text = page.read_text()
    assert "T4" in text and "<script" not in text and "Players flagged today" in text


def test_floor_2_a_database_that_cannot_be_reached_is_said(database, capsys):
    assert main(["pit", "--db", database.replace("host=/", "host=/nowhere/"), "--json"]) == 1
    assert "cannot be reached" in capsys.readouterr().err


def test_floor_2_the_window_shows_a_fault_within_1_s_and_opens_a_table(database, tmp_path, qtbot):
    from controller.floor.database import open_pool
    from ui.audit_view import AuditDialog
    from ui.pit.window import PitWindow

    played(database, tmp_path, "T5", 3)
    live = LiveTable(database, tmp_path / "T6.journal", "T6")
    pool = open_pool(database)
    window = PitWindow(pool, database, rate=False, viewer=QA_PIT_BOSS)
    qtbot.addWidget(window)
    try:
        window.resize(1366, 768)
        window.show()
        qtbot.waitUntil(lambda: set(window.cards) == {"T5", "T6"}, timeout=5000)
        time.sleep(0.5)  # the listener is up
        raised = time.monotonic()
        live.controller.raise_fault("E05", "The shoe's cover is open (E05).", "shoe")
        qtbot.waitUntil(lambda: bool(window.views["T6"].faults), timeout=3000)
        assert time.monotonic() - raised < 1.5
        qtbot.waitUntil(lambda: window.grid.itemAtPosition(0, 0).widget() is window.cards["T6"], timeout=2000)
        assert "E05" in window.cards["T6"].faults.text() and window.cards["T6"].faults.isVisible()
        assert "1 with faults" in window.header.text()
        live.controller.overrides.resolve_fault("F1", QA_PIT_BOSS, "cover closed")
        qtbot.waitUntil(lambda: not window.views["T6"].faults, timeout=3000)
        window.open_table("T5")
        qtbot.waitUntil(lambda: bool(window.findChildren(AuditDialog)), timeout=5000)
        dialog = window.findChildren(AuditDialog)[0]
        qtbot.waitUntil(lambda: dialog.round_list.rowCount() == 3, timeout=5000)  # read in the background
        assert dialog.tabs.tabText(dialog.tabs.count() - 1) == "Faults and overrides"
        dialog.close()
    finally:
        window.shutdown()
        pool.close()
        live.close()


def test_floor_2_a_tables_rounds_open_only_to_a_pit_boss_of_the_floors_accounts(database, tmp_path, qtbot):
    """The pit's summaries are for anyone at the pit; a table's rounds, replays and exports only for a pit boss,
    logged in once against the floor's accounts in PostgreSQL (a dealer is told a pit boss is needed)."""
    from PySide6.QtCore import Qt

    from controller.floor.database import open_pool
    from controller.floor.staff import FloorUserStore
    from ui.audit_view import AuditDialog
    from ui.login import LoginDialog
    from ui.pit.window import PitWindow

    office = FloorUserStore(database, tmp_path / "office-cache.db")
    root = office.add("root", Role.ADMIN, "991357", by=None)
    office.add("boris", Role.PIT_BOSS, "123490", by=root)
    office.add("dina", Role.DEALER, "567801", by=root)
    office.close()
    played(database, tmp_path, "T5", 2)
    pool = open_pool(database)
    window = PitWindow(pool, database, rate=False)
    qtbot.addWidget(window)
    try:
        window.resize(1024, 768)
        window.show()
        qtbot.waitUntil(lambda: "T5" in window.cards, timeout=5000)
        qtbot.mouseClick(window.cards["T5"], Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: bool(window.findChildren(LoginDialog)), timeout=2000)
        login = window.findChildren(LoginDialog)[0]
        assert not window.findChildren(AuditDialog)

        def type_in(name, pin):
            qtbot.keyClick(login.form.name, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)  # over the last name
            qtbot.keyClicks(login.form.name, name)
            qtbot.keyClick(login.form.name, Qt.Key.Key_Return)
            qtbot.keyClicks(login.form.pin, pin)
            qtbot.keyClick(login.form.pin, Qt.Key.Key_Return)

        type_in("dina", "567801")
        assert "pit boss" in login.form.feedback.text() and not window.findChildren(AuditDialog)
        type_in("boris", "123490")
        qtbot.waitUntil(lambda: bool(window.findChildren(AuditDialog)), timeout=5000)
        dialog = window.findChildren(AuditDialog)[0]
        assert "boris" in dialog.windowTitle() and "boris" in window.header.text()
        dialog.close()
        window.open_table("T5")  # logged in once: the next table opens at once
        qtbot.waitUntil(lambda: len(window.findChildren(AuditDialog)) == 1 and
                        window.findChildren(AuditDialog)[0] is not dialog, timeout=5000)
        assert not any(d.isVisible() for d in window.findChildren(LoginDialog))
    finally:
        window.shutdown()
        pool.close()
