"""The pit as a floor manager met it: a jackpot hit locks the meter (every linked table closes jackpot
betting) until a pit boss confirms or rejects it, and that could be done only at the table or the terminal. Now
the pit shows every waiting hit above the tables, and a pit boss confirms it, or rejects it with a reason, from
there: logging in with a PIN against the floor's accounts for that hit, the meter checking the account again.
The table journals the decision when its pit boss acts on the hit there (the meter answers that it was decided
already, and nothing is paid twice)."""

from floor_kit import needs_postgres, wait_for
from jackpot_kit import ROYAL_FOR_BOX_1, deal_round
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QPushButton
from test_jackpot_reject import IVAN, meter_now, table  # noqa: F401 - the fixture `table`

from controller.floor.jackpot_link import confirm_hit
from ui.login import LoginDialog

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`


def log_in(qtbot, window, name, pin):
    qtbot.waitUntil(lambda: any(d.isVisible() for d in window.findChildren(LoginDialog)), timeout=5000)
    login = next(d for d in window.findChildren(LoginDialog) if d.isVisible())
    assert login.objectName() == "pit_jackpot_login"
    qtbot.keyClicks(login.form.name, name)
    qtbot.keyClick(login.form.name, Qt.Key.Key_Return)
    qtbot.keyClicks(login.form.pin, pin)
    qtbot.keyClick(login.form.pin, Qt.Key.Key_Return)


def pit(database, qtbot):
    from controller.floor.database import open_pool
    from ui.pit.window import PitWindow

    pool = open_pool(database)
    window = PitWindow(pool, database, rate=False)
    qtbot.addWidget(window)
    window.setGeometry(0, 0, 1024, 768)
    window.show()
    return pool, window


def test_pit_boss_confirms_a_jackpot_hit_from_the_pit_with_a_pin(database, table, qtbot):  # noqa: F811
    journal, controller, link = table
    round_id = deal_round(controller, ROYAL_FOR_BOX_1)
    wait_for(lambda: link.state.pending, timeout=10)
    pool, window = pit(database, qtbot)
    try:
        qtbot.waitUntil(window.jackpot.isVisible, timeout=10_000)
        said = window.jackpot.findChildren(type(window.header))[0].text()
        assert said.startswith("JACKPOT PENDING · hit #1: table T1") and "box 1, royal flush" in said
        qtbot.mouseClick(window.jackpot.findChild(QPushButton, "pit_jackpot_confirm"), Qt.MouseButton.LeftButton)
        log_in(qtbot, window, "ivan", "246819")
        qtbot.waitUntil(lambda: "confirmed by ivan" in window.statusBar().currentMessage(), timeout=10_000)
        assert window.statusBar().currentMessage().startswith("Jackpot hit #1 confirmed by ivan: table T1 pays box 1")
        status, audit = meter_now(database)
        (hit,) = status["hits"]
        assert (hit["status"], hit["confirmed_by"]) == ("paid", "ivan") and audit.ok and not status["pending"]
        qtbot.waitUntil(lambda: not window.jackpot.isVisible(), timeout=10_000)
        wait_for(lambda: not link.state.pending, timeout=10)  # the meter unlocked: the tables take jackpot bets
        paid = confirm_hit(controller, database, round_id, 1, IVAN)  # at the table: journaled, not paid again
        assert paid.hit == 1 and [e.kind for e in journal.entries()].count("table.jackpot_paid") == 1
        assert meter_now(database)[1].payouts == hit["amount"]
    finally:
        window.shutdown()
        pool.close()


def test_pit_boss_rejects_a_jackpot_hit_from_the_pit_with_a_reason_and_a_pin(database, table, qtbot):  # noqa: F811
    _journal, controller, link = table
    deal_round(controller, ROYAL_FOR_BOX_1)
    wait_for(lambda: link.state.pending, timeout=10)
    pool, window = pit(database, qtbot)
    try:
        qtbot.waitUntil(window.jackpot.isVisible, timeout=10_000)
        qtbot.mouseClick(window.jackpot.findChild(QPushButton, "pit_jackpot_reject"), Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: window.findChild(QInputDialog, "pit_jackpot_reason") is not None, timeout=5000)
        reason = window.findChild(QInputDialog, "pit_jackpot_reason")
        assert "table T1, box 1" in reason.labelText()
        reason.setTextValue("misdeal: box 1 holds six cards")
        reason.accept()
        log_in(qtbot, window, "ivan", "246819")
        qtbot.waitUntil(lambda: "rejected by ivan" in window.statusBar().currentMessage(), timeout=10_000)
        status, audit = meter_now(database)
        (hit,) = status["hits"]
        assert (hit["status"], hit["reason"]) == ("rejected", "misdeal: box 1 holds six cards") and audit.ok
        assert audit.payouts == 0
        qtbot.waitUntil(lambda: not window.jackpot.isVisible(), timeout=10_000)
        wait_for(lambda: not link.state.pending, timeout=10)
    finally:
        window.shutdown()
        pool.close()


def test_rejecting_the_second_hit_from_the_pit_while_the_first_waits_says_the_meter_stays_locked(database, qtbot,
                                                                                                 tmp_path):
    """Two hits wait (tables T1 and T2); the pit boss rejects T2's from the pit: the pit says the meter stays
    locked while hit #1 waits, as the meter does, where it said "the meter unlocks"."""
    from jackpot_kit import floor_staff
    from test_jackpot_words import royal_on_the_meter

    floor_staff(database, tmp_path)
    royal_on_the_meter(database, tmp_path, "T1")
    royal_on_the_meter(database, tmp_path, "T2")
    pool, window = pit(database, qtbot)
    try:
        qtbot.waitUntil(lambda: len(window.jackpot.findChildren(QPushButton, "pit_jackpot_reject")) == 2,
                        timeout=10_000)
        second = [b for b in window.jackpot.findChildren(QPushButton, "pit_jackpot_reject") if b.isVisible()][1]
        qtbot.mouseClick(second, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: window.findChild(QInputDialog, "pit_jackpot_reason") is not None, timeout=5000)
        reason = window.findChild(QInputDialog, "pit_jackpot_reason")
        assert "table T2" in reason.labelText()
        reason.setTextValue("misdeal")
        reason.accept()
        log_in(qtbot, window, "ivan", "246819")
        qtbot.waitUntil(lambda: "rejected by ivan" in window.statusBar().currentMessage(), timeout=10_000)
        said = window.statusBar().currentMessage()
        assert "unlocks" not in said and "The meter stays locked: hit #1 (table T1, box 1)" in said, said
    finally:
        window.shutdown()
        pool.close()
