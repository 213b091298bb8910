"""The linked jackpot at the dealer's console (pytest-qt, offscreen, a real PostgreSQL), driven by taps and keys:
the jackpot's tick on each box (the stake is the rules'), refused while jackpot betting is closed; the jackpot's
line in a fixed place ("Jackpot: 100,000", a hit at this table, a hit pending at another, betting closed), whole
at 1024x768 and 1366x768 in English and Russian; a hit at this table named once the round is over, confirmed or
rejected by a pit boss on the pit-boss page (the same path as `rptable jackpot confirm`), and the payment in the
payment list (R-JACKPOT-1/3)."""

from __future__ import annotations

import pytest
from console_kit import TABLE_SCREEN, deal_all, journaled, load_deal, no_leaks, tap  # noqa: F401 (no_leaks: a fixture)
from floor_kit import needs_postgres
from jackpot_kit import ROYAL_FOR_BOX_1, jackpot_rules
from PySide6.QtWidgets import QApplication
from tables import acknowledged
from test_ui_dealer_screen import assert_fits

from controller.floor import jackpot_link
from controller.floor.jackpot_link import JackpotLink
from controller.floor.jackpot_meter import JackpotMeter
from controller.floor.staff import FloorUserStore
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.security.users import Role
from drivers.base import open_source
from ui.autopilot import Autopilot
from ui.i18n import Languages
from ui.main_window import ConsoleWindow
from ui.pitboss import PitBossDialog

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]
PIN = "246819"


@pytest.fixture
def jackpot_console(tmp_path, qapp, no_leaks, monkeypatch):  # noqa: F811
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path / "data"))
    made = []

    def make(url: str, *, language: str = "en", size=TABLE_SCREEN, table: str = "T1") -> ConsoleWindow:
        journal = Journal(tmp_path / f"{table}.journal", table)
        controller = acknowledged(TableController(journal, jackpot_rules()))
        link = JackpotLink(journal.path, table, url, jackpot_rules().jackpot).start()
        source = open_source("sim://?seed=7&rate=0")
        languages = Languages()
        languages.switch(language)
        window = ConsoleWindow(controller, source, users_path=url, languages=languages, pack_seed=7, jackpot=link)
        window.resize(*size)
        window.show()
        made.append((window, journal, source, link))
        return window

    yield make
    for window, journal, source, link in made:
        window.languages.switch("en")
        window.shutdown()
        window.close()
        window.deleteLater()
        link.stop()
        source.close()
        journal.close()


def floor_staff(database, tmp_path):
    store = FloorUserStore(database, tmp_path / "staff-cache.db")
    admin = store.add("boss", Role.ADMIN, "902461", by=None)
    store.add("ivan", Role.PIT_BOSS, PIN, by=admin)
    store.close()


def line(window: ConsoleWindow) -> str:
    return window.ui.jackpot_line.text()


def until_line(qtbot, window: ConsoleWindow, text: str) -> None:
    qtbot.waitUntil(lambda: text in line(window), timeout=15000)


def pit_boss_page(window: ConsoleWindow, qtbot) -> PitBossDialog:
    """The pit-boss page as F2 opens it, logged in as ivan by typing his name and PIN."""
    dialog = PitBossDialog(window.controller, window.users_path, window.refresh, window, jackpot=window.jackpot)
    dialog.show()
    qtbot.keyClicks(dialog.name, "ivan")
    qtbot.keyClicks(dialog.pin, PIN)
    tap(qtbot, dialog.login_button)
    assert dialog.user is not None, dialog.feedback.text()
    return dialog


def stake_and_deal_a_royal(window: ConsoleWindow, qtbot) -> None:
    """Box 1 stakes 100 with its jackpot tick tapped, box 2 stakes 100 without; the shoe deals box 1 a royal."""
    load_deal(window, " ".join(ROYAL_FOR_BOX_1))
    window.bet_panel.fill(1, 100)
    window.bet_panel.fill(2, 100)
    tap(qtbot, window.bet_panel.editor(1).jackpot)
    tap(qtbot, window.place_button)
    deal_all(window, qtbot)


def test_r_jackpot_3_a_hit_at_the_console_is_named_then_confirmed_by_the_pit_boss_and_paid(jackpot_console, database,
                                                                                          tmp_path, qtbot):
    floor_staff(database, tmp_path)
    window = jackpot_console(database)
    until_line(qtbot, window, "Jackpot: 100,000")
    stake_and_deal_a_royal(window, qtbot)
    assert [e.payload["box"] for e in journaled(window, "JackpotStaked")] == [1]  # the tick, and only the tick
    stakes = [panel.stakes.text() for panel in window.ui.box_panels[:2]]
    assert "Jackpot 10" in stakes[0] and "Jackpot" not in stakes[1]  # the box says what it staked
    # while the round is in play the hand is face down: the line names the box, not what it holds
    until_line(qtbot, window, "Jackpot hit at box 1: keep its cards on the layout; a pit boss verifies the hand")
    assert "royal" not in line(window).lower()
    Autopilot(window, ante=100, boxes=2).play_until(lambda: window.mode() == "payments")
    qtbot.waitUntil(lambda: "royal flush wins 100,002" in line(window), timeout=15000)
    assert "jackpot hit: a pit boss confirms it [F2]" in window.payment_panel.rows[0][0].text()
    dialog = pit_boss_page(window, qtbot)
    try:
        assert dialog.hit_choice.count() == 1 and "Box 1" in dialog.hit_choice.currentText()
        tap(qtbot, dialog.confirm_hit_button)
        assert "Jackpot hit #1 confirmed: pay box 1 100,002" in dialog.feedback.text()
        assert not dialog.confirm_hit_button.isEnabled()
    finally:
        dialog.close()
        dialog.deleteLater()
    [paid] = journaled(window, "table.jackpot_paid")
    assert (paid.payload["amount"], paid.actor) == (100_002, "pit_boss:ivan")
    assert "jackpot 100,002 paid, confirmed by ivan" in window.payment_panel.rows[0][0].text()
    until_line(qtbot, window, "Jackpot: 100,000")  # the meter unlocked, reseeded


def test_r_jackpot_3_the_pit_boss_rejects_a_hit_at_the_console(jackpot_console, database, tmp_path, qtbot):
    floor_staff(database, tmp_path)
    window = jackpot_console(database)
    until_line(qtbot, window, "Jackpot: 100,000")
    stake_and_deal_a_royal(window, qtbot)
    qtbot.waitUntil(lambda: window.jackpot.state.pending, timeout=15000)
    dialog = pit_boss_page(window, qtbot)
    try:
        # With the jackpot's rows the page still fits a 768-pixel table screen, its answer line included.
        assert dialog.sizeHint().height() <= 768 - 30, dialog.sizeHint()
        tap(qtbot, dialog.reject_hit_button)
        assert "reason" in dialog.feedback.text()  # a rejection needs a reason
        qtbot.keyClicks(dialog.reason, "box 1 was dealt out of turn")
        tap(qtbot, dialog.reject_hit_button)
        assert "not paid, the meter unlocks" in dialog.feedback.text()
    finally:
        dialog.close()
        dialog.deleteLater()
    [rejected] = journaled(window, "table.jackpot_rejected")
    assert rejected.payload["reason"] == "box 1 was dealt out of turn" and rejected.actor == "pit_boss:ivan"
    until_line(qtbot, window, "Jackpot: 100,002")  # the hit's amount back in the meter, the top-up taken back
    Autopilot(window, ante=100, boxes=2).play_until(lambda: window.mode() == "payments")
    assert "jackpot hit rejected by ivan" in window.payment_panel.rows[0][0].text()


def test_r_jackpot_5_without_its_meter_the_console_closes_jackpot_betting_says_so_and_plays_on(jackpot_console,
                                                                                               tmp_path, qtbot,
                                                                                               monkeypatch):
    # Stopped at the end, the link would go on trying a meter that never was for its grace's 5 s: a stopping link's
    # grace is test_jackpot_meter.py's to tell, not this story's.
    monkeypatch.setattr(jackpot_link, "STOP_GRACE_SECONDS", 0.0)
    window = jackpot_console(f"postgresql://nobody@/nowhere?host={tmp_path}/no-server")
    until_line(qtbot, window, "Jackpot betting closed: the meter cannot be reached")
    tick = window.bet_panel.editor(1).jackpot
    assert tick.isVisible() and not tick.isEnabled() and "cannot be reached" in tick.toolTip()
    window.bet_panel.fill(1, 100, jackpot=True)  # ticked just before the meter went away
    tap(qtbot, window.place_button)
    assert "Refused: Jackpot betting closed" in window.message.text()
    assert window.controller.round.boxes[1].ante == 100 and not journaled(window, "JackpotStaked")
    load_deal(window, " ".join(ROYAL_FOR_BOX_1))
    deal_all(window, qtbot)
    assert window.mode() == "play"


# The wider screen in the nightly run: the same line with the most room (the default run's stories at 1024 in both
# languages prove it whole where it is tightest)
@pytest.mark.parametrize(("language", "size"), [
    pytest.param(language, size, id=f"{language}-{size[0]}x{size[1]}",
                 marks=pytest.mark.slow if size == (1366, 768) else ())
    for size in [(1024, 768), (1366, 768)] for language in ("en", "ru")])
def test_the_jackpot_line_and_ticks_fit_a_table_screen(jackpot_console, database, tmp_path, qtbot, size, language):
    """Every state of the line, whole, with every box's tick, at both sizes in both languages."""
    window = jackpot_console(database, language=language, size=size)
    qtbot.waitUntil(lambda: window.jackpot.state.reachable, timeout=15000)
    for number in range(1, 7):
        window.bet_panel.fill(number, 100, 10, player=f"Player {number}", jackpot=True)
    window.refresh()
    assert_fits(window, size)
    before = line(window)
    meter = JackpotMeter(database)  # a hit at another table locks the meter
    try:
        meter.link("T2", 100_000)
        meter.settle("T2", "T2-000001", 3, contribution=2, share_pct=10, category="STRAIGHT_FLUSH")
    finally:
        meter.close()
    # the link's thread learns it first; the line follows on the window's thread
    qtbot.waitUntil(lambda: window.jackpot.state.pending and line(window) != before, timeout=15000)
    if language == "en":
        assert line(window) == "Jackpot pending: box 3 of table T2"
        assert "jackpot pending" in window.bet_panel.editor(1).jackpot.toolTip()
    assert_fits(window, size)
    stakes = window.bet_panel.editor(1)
    assert not stakes.jackpot.isEnabled()
    window.jackpot.state = window.jackpot.state.__class__()  # as at the start: the meter not asked yet
    window.refresh()
    assert_fits(window, size)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_hit_at_this_table_is_said_whole_on_a_1024_screen(jackpot_console, database, tmp_path, qtbot, language):
    window = jackpot_console(database, language=language, size=(1024, 768))
    qtbot.waitUntil(lambda: window.jackpot.state.reachable, timeout=15000)
    stake_and_deal_a_royal(window, qtbot)
    assert_fits(window, (1024, 768))
    Autopilot(window, ante=100, boxes=2).play_until(lambda: window.mode() == "payments")
    qtbot.waitUntil(lambda: window.jackpot.state.pending, timeout=15000)
    window.refresh()
    assert_fits(window, (1024, 768))
    QApplication.processEvents()
