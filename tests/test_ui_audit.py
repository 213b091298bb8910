"""The audit at the console (docs/journal.md "The journal": pit bosses audit; the last 10 rounds can always be
recalled): only a pit boss opens it; it reads the journal on a thread of its own while the shoe keeps dealing;
every view is fed by the one history of the table, so the figures agree; the replay reads in words and shows
adjustments and confirmations as steps; the recall shows the cards.

Each story failed before: F3 opened the audit for anyone and built it on the GUI thread (2.9 s for 400
rounds, 12.6 s for 2,000, cards held up meanwhile), the replay listed raw event names, its summary had no draw
or bonus lines and no adjustment, and the recall had no cards."""

from __future__ import annotations

from pathlib import Path

import pytest
import shiboken6
import shift_kit
from PySide6.QtCore import QElapsedTimer, Qt, QTimer
from PySide6.QtWidgets import QApplication
from shift_kit import Consoles, focus, log_in, shown, when_shown
from tables import acknowledged

from controller.engine.events import EVENT_TYPES
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.pump import CardPump
from controller.table.qa.autoplay import play_rounds
from controller.table.rule_files import load_preset
from controller.table.security.users import Role, User
from controller.table.table_events import TABLE_EVENT_TYPES
from drivers.base import open_source
from ui.audit_view import ROUNDS_PAGE, AuditDialog
from ui.autopilot import Autopilot
from ui.format import card_face, signed_amount
from ui.login import LoginDialog
from ui.main_window import ConsoleWindow

consoles = shift_kit.consoles  # the fixture: consoles on journals of their own, with the staff's accounts

VERA = User("vera", Role.PIT_BOSS)


def open_audit_as(qtbot, window: ConsoleWindow, name: str) -> AuditDialog | None:
    """F3, then the login as `name`; the audit dialog that opened, if one did."""
    def login(dialog: LoginDialog) -> None:
        log_in(qtbot, dialog, name)
        if dialog.isVisible():
            dialog.reject()  # refused: the person gives up

    focus(window, qtbot)
    when_shown(LoginDialog, login)
    qtbot.keyClick(window, Qt.Key.Key_F3)
    qtbot.waitUntil(lambda: not shown(LoginDialog), timeout=10_000)
    opened = shown(AuditDialog)
    return opened[0] if opened else None


def test_audit_opens_only_after_a_pit_boss_logs_in(consoles: Consoles, qtbot) -> None:
    window = consoles.open(seed=9)
    Autopilot(window, ante=10, boxes=2).play_rounds(1)
    assert open_audit_as(qtbot, window, "anna") is None  # a dealer: a pit boss is needed
    dialog = open_audit_as(qtbot, window, "vera")
    assert dialog is not None and "vera" in dialog.windowTitle()
    assert dialog.wait_loaded() and dialog.round_list.rowCount() == 1
    dialog.close()


def test_the_audit_leaves_the_dealer_the_next_action_the_buttons_and_the_keys(consoles: Consoles, qtbot) -> None:
    """At 1024x768 the audit opens over the boxes only: the yellow line, the notices and the actions stay in
    sight, and the console keeps the keyboard, so the dealer deals on (D) while a pit boss reads the audit. It
    used to take the whole screen and the keyboard: R did nothing at the table while it was open."""
    window = consoles.open(seed=9)
    Autopilot(window, ante=10, boxes=2).play_rounds(1)
    dialog = open_audit_as(qtbot, window, "vera")
    assert dialog is not None and dialog.wait_loaded()
    audit = dialog.frameGeometry()
    for kept in (window.next_action, window.ui.notice, window.ui.lower):
        place = kept.rect().translated(kept.mapToGlobal(kept.rect().topLeft()))
        assert not audit.intersects(place), (kept.objectName(), audit, place)
    dialog.round_list.selectRow(0)  # a long replay scrolls inside: the audit keeps its place
    assert dialog.frameGeometry().bottom() <= window.ui.lower.mapToGlobal(window.ui.lower.rect().topLeft()).y()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    Autopilot(window, ante=10, boxes=2).start_round()
    cards = len(window.controller.round.boxes[1].cards) if window.controller.round else 0
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_D)
    qtbot.waitUntil(lambda: window.controller.round is not None
                    and len(window.controller.round.boxes[1].cards) == cards + 1, timeout=5000)
    dialog.close()


def table_with_rounds(path, rounds: int) -> None:
    """A journal of `rounds` rounds played on the simulated shoe (as a long shift leaves it)."""
    with Journal(path) as journal:
        table = acknowledged(TableController(journal, load_preset("classic"), commit_per="round",
                                                 rounds_per_commit=50))
        pump = CardPump(open_source("sim://?seed=3&rate=0&clock=virtual"), table, pack_seed=3)
        play_rounds(table, pump, rounds, boxes=4, ante=10)
        table.sync()
        pump.source.close()


@pytest.mark.slow  # 600 rounds and a timing: the nightly run, on a quiet machine
def test_audit_loads_on_its_own_thread_while_the_shoe_keeps_dealing(consoles: Consoles, qtbot) -> None:
    """A long shift's journal: while the audit reads it, the dealer draws cards and each reaches the table at
    once; the console never stops answering for long."""
    table_with_rounds(consoles.folder / "T1.journal", 600)
    window = consoles.open(seed=9)
    pilot = Autopilot(window, ante=10, boxes=2)
    pilot.start_round()
    dialog = open_audit_as(qtbot, window, "vera")
    assert dialog is not None and not dialog.loaded
    gaps: list[float] = []  # between two ticks of a 10 ms timer on the GUI thread, while the audit loads
    clock = QElapsedTimer()
    clock.start()
    ticker = QTimer()
    last = [clock.elapsed()]

    def tick() -> None:
        gaps.append((clock.elapsed() - last[0]) / 1000)
        last[0] = clock.elapsed()

    ticker.timeout.connect(tick)
    ticker.start(10)
    taken_while_reading = 0
    for _ in range(3):  # the last rounds are listed at once; the verification reads the whole journal
        if dialog.verify_report is not None:
            break
        before = window.controller.round.deal_index
        focus(window, qtbot)  # the dealer's screen, beside the audit
        qtbot.keyClick(window, Qt.Key.Key_D)
        qtbot.waitUntil(lambda b=before: window.controller.round.deal_index == b + 1, timeout=5000)
        taken_while_reading += dialog.verify_report is None
    assert taken_while_reading >= 1, "the journal was verified before a card could be drawn"
    assert dialog.wait_loaded()
    ticker.stop()
    assert dialog.round_list.rowCount() == ROUNDS_PAGE  # the last ones: the round being dealt, not opened
    assert dialog.rounds[-1].round_id == "T1-000601" and not dialog.rounds[-1].complete
    assert dialog.earlier_button.isVisible()
    dialog.earlier_button.click()  # a page more, read from the journal's round index
    assert dialog.round_list.rowCount() == 2 * ROUNDS_PAGE and dialog.rounds[0].round_id == "T1-000202"
    dialog.earlier_button.click()
    dialog.earlier_button.click()
    assert dialog.round_list.rowCount() == 601 and not dialog.earlier_button.isVisible()
    # Read on the GUI thread, 600 rounds held it for seconds; a busy machine may still pause it a little.
    assert max(gaps) < 1.0, f"the console stopped answering for {max(gaps):.2f} s"
    assert "verified" in dialog.verify_label.text()
    dialog.close()


def test_audit_replay_reads_in_words_with_draws_bonuses_adjustments_and_confirmations(consoles: Consoles,
                                                                                      qtbot) -> None:
    window = consoles.open(seed=11)  # a box exchanges in its first round
    pilot = Autopilot(window, ante=100, boxes=6, bonus=10)
    drew = None
    for _ in range(8):  # until a box draws (an exchange or a 6th card bought)
        pilot.play_round(confirm_payments=False)
        record = window.controller.round_record
        drew = next((b for b in record.boxes if b.settlement.draw), None)
        if drew is not None:
            break
        pilot.settle_payments()
    assert drew is not None
    record = window.controller.round_record
    window.controller.overrides.adjust_payment(record.round_id, drew.box, 50, VERA, "chips miscounted")
    window.refresh()
    pilot.settle_payments()
    dialog = open_audit_as(qtbot, window, "vera")
    assert dialog is not None and dialog.wait_loaded()
    dialog.select_round(len(dialog.rounds) - 1)
    lines = [dialog.steps.item(i).text() for i in range(dialog.steps.count())]
    names = set(EVENT_TYPES) | set(TABLE_EVENT_TYPES)
    assert not [line for line in lines if any(name in line for name in names)], "raw event names"
    text = "\n".join(lines)
    assert f"Box {drew.box} exchanged" in text or f"Box {drew.box} bought a 6th card" in text
    assert "bonus" in text
    assert f"Box {drew.box}: payment adjusted +50 by vera (pit boss): chips miscounted" in text
    assert text.count("confirmed by") == len(record.boxes)
    dialog.steps.setCurrentRow(dialog.steps.count() - 1)
    summary = dialog.step_state.text()
    box_lines = summary.split(f"Box {drew.box}:")[1]
    drawn = "exchange" if f"Box {drew.box} exchanged" in text else "6th card"  # the draw line says which it was
    assert drawn in box_lines.splitlines()[0] and "bonus" in box_lines.splitlines()[0]  # its stakes
    settled = box_lines.splitlines()[1]
    assert f"{drawn} {signed_amount(drew.settlement.draw)}" in settled and "adjustment +50" in settled
    assert "confirmed by" in box_lines.splitlines()[2]
    dialog.close()


def test_audit_last_10_shows_the_cards(consoles: Consoles, qtbot) -> None:
    window = consoles.open(seed=9)
    Autopilot(window, ante=10, boxes=3).play_rounds(2)
    dialog = open_audit_as(qtbot, window, "vera")
    assert dialog is not None and dialog.wait_loaded()
    last = window.controller.round_record
    row = dialog.recall.rowCount() - 1
    assert dialog.recall.text(row, 0) == last.round_id
    assert dialog.recall.text(row, 2) == " ".join(card_face(c) for c in last.dealer)
    boxes = dialog.recall.text(row, 3)
    for result in last.boxes:
        assert " ".join(card_face(c) for c in result.cards) in boxes
    dialog.close()


def test_audit_a_voided_round_with_an_adjustment_has_one_house_net_in_every_view(consoles: Consoles, qtbot) -> None:
    """Point 13: a voided round with a +50 adjustment: the list, the report and the replay say the same."""
    window = consoles.open(seed=9)
    pilot = Autopilot(window, ante=10, boxes=2)
    pilot.start_round()
    pilot.draw()
    window.controller.overrides.void_round(VERA, "the shoe was loaded wrongly")
    record = window.controller.round_record
    window.controller.overrides.adjust_payment(record.round_id, record.boxes[0].box, 50, VERA, "goodwill")
    window.refresh()
    pilot.settle_payments()
    dialog = open_audit_as(qtbot, window, "vera")
    assert dialog is not None and dialog.wait_loaded()
    assert dialog.round_list.text(0, 4) == signed_amount(-50)
    assert dialog.report is not None and dialog.report.total.win == -50
    assert "house win " + signed_amount(-50) in dialog.report_summary.text()
    dialog.select_round(0)
    text = "\n".join(dialog.steps.item(i).text() for i in range(dialog.steps.count()))
    assert "Round voided by vera (pit boss)" in text and "payment adjusted +50" in text
    dialog.close()


def test_audit_the_console_closed_while_the_audit_reads_ends_cleanly(consoles: Consoles) -> None:
    """The console closes (or the pit boss closes the audit) in the middle of the reading: the reading stops,
    nothing is left running and nothing aborts."""
    table_with_rounds(consoles.folder / "T1.journal", 100)  # read for a second or more: closed long before the end
    window = consoles.open(seed=9)
    closed_early = AuditDialog.of_table(window.controller, window)
    assert closed_early.loader is not None and closed_early.loader.isRunning()
    closed_early.close()
    assert closed_early.loader.isFinished() and not closed_early.loaded
    with_the_console = AuditDialog.of_table(window.controller, window)
    loader = with_the_console.loader
    assert loader is not None and loader.isRunning()
    consoles.close(window)  # the dialog and its thread go with the window, the thread ended first
    assert not shiboken6.isValid(loader)


def test_audit_the_round_list_shows_every_column_at_1024_in_both_languages(consoles: Consoles, qtbot) -> None:
    """Seen at a 1024x768 table screen: the round list scrolled sideways and cut the dealer's column."""
    window = consoles.open(seed=9)
    Autopilot(window, ante=10, boxes=2).play_rounds(2)
    for language in ("en", "ru"):
        window.languages.switch(language)
        dialog = AuditDialog.of_table(window.controller, window, viewer=VERA, background=False)
        dialog.resize(1024 - 24, 768 - 24)  # as it opens on a 1024x768 screen
        dialog.show()
        qtbot.waitUntil(lambda dialog=dialog: dialog.round_list.rowCount() == 2, timeout=5000)
        qtbot.wait(50)
        rounds = dialog.round_list
        assert not rounds.horizontalScrollBar().isVisible(), language
        last = rounds.horizontalHeader().sectionViewportPosition(6) + rounds.columnWidth(6)
        assert last <= rounds.viewport().width(), (language, last, rounds.viewport().width())
        assert dialog.steps.width() >= 380  # the replay keeps room to read
        rounds.selectRow(1)
        dialog.steps.setCurrentRow(dialog.steps.count() - 1)
        qtbot.wait(50)
        assert dialog.width() <= 1024 - 24 and not rounds.horizontalScrollBar().isVisible()  # never grows off screen
        dialog.close()
    window.languages.switch("en")


def test_audit_last_10_lists_each_rounds_boxes_in_box_order(qtbot, tmp_path) -> None:
    """A pit boss reads the recall against the layout: box 1, 2, 3..., whatever order they were settled in (a box
    that bought the dealer a game settles after the others)."""
    import gzip

    path = tmp_path / "T1.journal"
    data = Path(__file__).parent / "data" / "journals-main-cb3386e" / "classic-bought-games.journal.gz"
    path.write_bytes(gzip.decompress(data.read_bytes()))
    dialog = AuditDialog("T1", lambda: Journal(path, "T1", readonly=True), background=False)
    qtbot.addWidget(dialog)
    assert dialog.wait_loaded()
    settled_out_of_order = 0
    for row in range(dialog.recall.rowCount()):
        numbers = [int(line.split(":")[0].removeprefix("Box ")) for line in dialog.recall.text(row, 3).splitlines()]
        assert numbers == sorted(numbers), numbers
    for record in dialog.rounds[-10:]:
        settled = [b.box for b in record.boxes]
        settled_out_of_order += settled != sorted(settled)
    assert settled_out_of_order  # the journal holds rounds whose boxes were settled out of their order
