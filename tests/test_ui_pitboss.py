"""The pit boss at the console (docs/journal.md "Faults": resolution needs a pit boss): the login counts each
Enter once and says what to do when it refuses; resolving a fault that locked the shoe shows the fault, the
gate's state and the result of re-arming it; a gate still locked after a restart can be opened.

Each story failed before: Enter in the PIN field tried twice (two typos locked an account, and a dealer's
right PIN was answered "Name or PIN is wrong"), and the dialog knew nothing of the shoe's gate."""

from __future__ import annotations

import shift_kit
from console_kit import journaled
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton
from shift_kit import STAFF, Consoles, focus, log_in, type_in, when_shown

from controller.table.history import round_steps
from controller.table.security.users import UserStore
from ui.autopilot import Autopilot
from ui.login import LoginDialog
from ui.main_window import ConsoleWindow
from ui.pitboss import PitBossDialog, ShoeGate
from ui.replay_words import step_text

consoles = shift_kit.consoles  # the fixture: consoles on journals of their own, with the staff's accounts

def pit_boss_dialog(window: ConsoleWindow) -> PitBossDialog:
    """The dialog as F2 opens it (the console's own gate callbacks), shown without its modal loop."""
    gate = ShoeGate(window.source.status, window.pump.reopen_gate, window.source.unlock)
    dialog = PitBossDialog(window.controller, window.users_path, window.refresh, window, gate=gate)
    dialog.show()
    return dialog


def attempts(consoles: Consoles, name: str) -> int:
    store = UserStore(consoles.users_path)
    try:
        return sum(1 for _, _, action, who, _ in store.log() if who == name and action in ("login_attempt", "locked"))
    finally:
        store.close()


def test_login_each_enter_in_the_pin_field_is_one_attempt(consoles: Consoles, qtbot) -> None:
    """Two typos leave the account usable (three lock it); the right PIN then logs in."""
    window = consoles.open()
    dialog = pit_boss_dialog(window)
    type_in(qtbot, dialog.name, "vera")
    for typo in ("2469", "2486"):
        type_in(qtbot, dialog.pin, typo)
        assert dialog.feedback.text() == "Name or PIN is wrong."
    assert attempts(consoles, "vera") == 2
    type_in(qtbot, dialog.pin, STAFF["vera"][1])
    assert dialog.user is not None and dialog.user.name == "vera"
    assert dialog.pages.currentIndex() == 1
    dialog.close()


def test_login_the_log_in_button_is_one_attempt_too(consoles: Consoles, qtbot) -> None:
    window = consoles.open()
    dialog = pit_boss_dialog(window)
    type_in(qtbot, dialog.name, "vera")
    type_in(qtbot, dialog.pin, "0000", enter=False)
    qtbot.mouseClick(dialog.login_button, Qt.MouseButton.LeftButton)
    assert attempts(consoles, "vera") == 1
    dialog.close()


def test_login_a_dealers_right_pin_is_told_a_pit_boss_is_needed(consoles: Consoles, qtbot) -> None:
    window = consoles.open()
    dialog = pit_boss_dialog(window)
    log_in(qtbot, dialog, "anna")
    assert dialog.user is None
    assert "a pit boss is needed" in dialog.feedback.text() and "wrong" not in dialog.feedback.text()
    dialog.close()


def test_login_a_locked_account_says_what_to_do(consoles: Consoles, qtbot) -> None:
    window = consoles.open()
    dialog = pit_boss_dialog(window)
    type_in(qtbot, dialog.name, "vera")
    for typo in ("1", "22", "333"):
        type_in(qtbot, dialog.pin, typo)
    assert "locked for 5 minutes" in dialog.feedback.text()
    assert "wait" in dialog.feedback.text() and "another pit boss" in dialog.feedback.text()
    type_in(qtbot, dialog.pin, STAFF["vera"][1])
    assert dialog.user is None and "Wait and try again" in dialog.feedback.text()
    dialog.close()


def test_arch_faults_resolving_e02_shows_the_gate_locked_then_reopened(consoles: Consoles, qtbot) -> None:
    """Two cards drawn together (E02): the driver locks the gate. The pit boss's page (F2 and keys) names the
    fault and shows the gate LOCKED; after resolving it says the gate is open again, and the shoe is."""
    window = consoles.open(seed=4, faults="double@2")
    pilot = Autopilot(window, ante=10, boxes=2)
    pilot.start_round()
    pilot.draw()
    pilot.draw()
    qtbot.waitUntil(lambda: bool(window.controller.faults), timeout=5000)
    assert window.source.status().locked
    seen: dict[str, str] = {}

    def resolve(dialog: PitBossDialog) -> None:
        log_in(qtbot, dialog, "vera")
        seen["situation"], seen["gate"] = dialog.situation.text(), dialog.gate_state.text()
        type_in(qtbot, dialog.reason, "took back the two cards drawn together", enter=False)
        qtbot.mouseClick(dialog.resolve_button, Qt.MouseButton.LeftButton)
        seen["at once"] = dialog.rearm_result.text()
        qtbot.waitUntil(lambda: "open again" in dialog.rearm_result.text(), timeout=5000)  # the shoe's answer
        seen["result"], seen["gate after"] = dialog.rearm_result.text(), dialog.gate_state.text()
        dialog.accept()

    focus(window, qtbot)
    when_shown(PitBossDialog, resolve)
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert "E02" in seen["situation"]
    assert "LOCKED" in seen["gate"]
    assert "open again" in seen["at once"] or "waiting for its answer" in seen["at once"]
    assert "open again" in seen["result"]
    assert "LOCKED" not in seen["gate after"]
    assert not window.source.status().locked and not window.controller.faults


def test_arch_faults_after_a_jam_is_resolved_the_card_drawn_comes_and_the_dealer_draws_again(consoles: Consoles,
                                                                                              qtbot) -> None:
    """A jam as a card is drawn (E04): the driver locks the gate, and the shoe, once the jam clears, keeps it
    locked and says so. The pit boss's page shows it LOCKED; resolving the jam opens it, the card drawn before
    the jam reaches the table and Draw works again. Before, the shoe said READY with its gate still locked, the
    pump then sent no UNLOCK, and Draw stayed grey until the pit boss also pressed "Open the shoe's gate"."""
    window = consoles.open(seed=4, faults="jam@2:0.2s")
    pilot = Autopilot(window, ante=10, boxes=2)
    pilot.start_round()
    pilot.draw()
    window.draw_card()  # the second card: the shoe jams before it
    qtbot.waitUntil(lambda: bool(window.controller.faults), timeout=5000)
    qtbot.wait(400)  # the jam clears by itself on the shoe's side
    assert window.awaiting_card and not window.actions_panel.buttons["card"].isEnabled()
    seen: dict[str, str] = {}

    def resolve(dialog: PitBossDialog) -> None:
        log_in(qtbot, dialog, "vera")
        seen["gate"] = dialog.gate_state.text()
        type_in(qtbot, dialog.reason, "cleared the jam", enter=False)
        qtbot.mouseClick(dialog.resolve_button, Qt.MouseButton.LeftButton)
        dialog.accept()

    focus(window, qtbot)
    when_shown(PitBossDialog, resolve)
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert "LOCKED" in seen["gate"]
    qtbot.waitUntil(lambda: not window.awaiting_card, timeout=5000)  # the card drawn before the jam
    assert window.controller.round is not None and window.controller.round.deal_index == 2
    assert window.actions_panel.buttons["card"].isEnabled()
    pilot.draw()
    assert window.controller.round.deal_index == 3


def test_arch_faults_a_gate_left_locked_across_a_restart_is_opened_by_the_pit_boss(consoles: Consoles,
                                                                                     qtbot) -> None:
    """A shoe whose gate is locked with no fault open (the console restarted after the fault was resolved):
    the pit boss's page shows it LOCKED and opens it with UNLOCK."""
    window = consoles.open()
    window.source.lock()
    dialog = pit_boss_dialog(window)
    log_in(qtbot, dialog, "vera")
    assert "LOCKED" in dialog.gate_state.text() and dialog.unlock_button.isEnabled()
    qtbot.mouseClick(dialog.unlock_button, Qt.MouseButton.LeftButton)
    assert not window.source.status().locked
    qtbot.waitUntil(lambda: "open again" in dialog.rearm_result.text(), timeout=5000)  # the shoe said READY
    assert "open" in dialog.gate_state.text() and "LOCKED" not in dialog.gate_state.text()
    dialog.close()


# -- two people: a void or an adjustment above the table's two-person limit ----------------------------------
def test_two_people_a_void_above_the_limit_is_approved_by_a_second_pit_boss_at_the_console(consoles: Consoles,
                                                                                           qtbot, capsys) -> None:
    """Three boxes of 2,000 are above the table's limit of 5,000: the second press of "Void" opens the login for
    a second pit boss. Vera logging in again is refused, saying why; Boris's one Enter is one attempt and voids
    the round. Both names are in the journal, and in the audit of the round."""
    from ui.cli import main

    window = consoles.open(accounts=True)
    Autopilot(window, ante=2000, boxes=3).start_round()
    assert window.controller.overrides.void_at_stake == 6000
    seen: dict[str, str] = {}

    def second(login: LoginDialog) -> None:
        seen["intro"] = login.form.intro.text()
        log_in(qtbot, login, "vera")
        seen["same person"] = login.form.feedback.text()
        assert login.isVisible() and login.user is None
        log_in(qtbot, login, "boris")

    def void(dialog: PitBossDialog) -> None:
        log_in(qtbot, dialog, "vera")
        type_in(qtbot, dialog.reason, "players left, dispute over the deal", enter=False)
        qtbot.mouseClick(dialog.void_button, Qt.MouseButton.LeftButton)
        when_shown(LoginDialog, second)
        qtbot.mouseClick(dialog.void_button, Qt.MouseButton.LeftButton)  # the second press: the login, modal
        seen["done"] = dialog.feedback.text()
        dialog.accept()

    focus(window, qtbot)
    when_shown(PitBossDialog, void)
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert "puts 6,000 at stake, above this table's limit of 5,000" in seen["intro"] and "not vera" in seen["intro"]
    assert "vera made this override" in seen["same person"] and "another person" in seen["same person"]
    assert seen["done"] == "Done; journaled as vera (pit boss), approved by boris (pit boss)."
    assert attempts(consoles, "boris") == 1
    approval, voided = journaled(window, "table.second_person", "RoundVoided")
    assert approval.seq + 1 == voided.seq
    assert (approval.payload["actor"], approval.payload["first"]) == ("pit_boss:boris", "pit_boss:vera")
    assert voided.payload["actor"] == "pit_boss:vera"
    record = window.controller.round_record
    assert record is not None
    console_audit = [step_text(s, record.round_id) for s in round_steps(window.controller.journal, record)]
    approved = [text for text in console_audit if "approved by a second pit boss, boris (pit boss)" in text]
    assert len(approved) == 1 and approved[0].startswith("Void of 6") and "by vera (pit boss)" in approved[0]
    path = str(window.controller.journal.path)
    consoles.close(window)
    capsys.readouterr()
    assert main(["audit", "show", "1", "--journal", path]) == 0
    shown = capsys.readouterr().out
    assert "void of 6,000 in round T1-000001 by pit_boss:vera approved by pit_boss:boris" in shown


def test_two_people_an_adjustment_above_the_limit_with_no_second_login_is_not_made(consoles: Consoles,
                                                                                   qtbot) -> None:
    """An adjustment of 7,500 after the round: the second pit boss's login is cancelled, so nothing is
    journaled and the pit boss is told why; one below the limit needs nobody else."""
    window = consoles.open(accounts=True)
    Autopilot(window, ante=100, boxes=2).play_rounds(1)
    seen: dict[str, str] = {}

    def cancel(login: LoginDialog) -> None:
        qtbot.mouseClick(login.findChild(QPushButton, "login_cancel"), Qt.MouseButton.LeftButton)

    def adjust(dialog: PitBossDialog) -> None:
        log_in(qtbot, dialog, "vera")
        type_in(qtbot, dialog.reason, "paid short at the table", enter=False)
        dialog.adjust_amount.setValue(7500)
        when_shown(LoginDialog, cancel)
        for _ in range(2):  # an adjustment moves money for good: it takes a second press
            qtbot.mouseClick(dialog.adjust_button, Qt.MouseButton.LeftButton)
        seen["cancelled"] = dialog.feedback.text()
        type_in(qtbot, dialog.reason, "paid short at the table", enter=False)
        dialog.adjust_amount.setValue(500)
        for _ in range(2):
            qtbot.mouseClick(dialog.adjust_button, Qt.MouseButton.LeftButton)
        seen["small"] = dialog.feedback.text()
        dialog.accept()

    focus(window, qtbot)
    when_shown(PitBossDialog, adjust)
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert "Nothing was done" in seen["cancelled"] and "second pit boss" in seen["cancelled"]
    assert seen["small"].startswith("Done")
    assert [e.payload["amount"] for e in journaled(window, "table.adjustment")] == [500]
    assert journaled(window, "table.second_person") == []


def test_a_fault_that_comes_while_the_pit_boss_page_is_open_is_shown_at_once(consoles: Consoles, qtbot) -> None:
    """The pit boss has the page open with no fault; the shoe reports a jam: within a second the page names it,
    says a new fault came in, and Resolve is enabled. The page said "No fault is open" beside the new fault's
    banner, with Resolve grey, until the pit boss logged out and in again."""
    window = consoles.open()
    dialog = pit_boss_dialog(window)
    type_in(qtbot, dialog.name, "vera")
    type_in(qtbot, dialog.pin, STAFF["vera"][1])
    assert dialog.user is not None and "No fault is open" in dialog.situation.text()
    assert not dialog.resolve_button.isEnabled()
    window.controller.raise_fault("E04", "The shoe reports E04 (jam).", "shoe")
    qtbot.waitUntil(lambda: "E04" in dialog.situation.text(), timeout=2000)
    assert dialog.resolve_button.isEnabled() and "A new fault came in" in dialog.feedback.text()
    dialog.close()


def test_login_cancel_goes_back_to_the_table_without_an_attempt(consoles: Consoles, qtbot) -> None:
    """A touch screen has no Esc: the pit boss's login has its own way back, and going back tries no PIN."""
    window = consoles.open()
    dialog = pit_boss_dialog(window)
    type_in(qtbot, dialog.name, "vera")
    assert dialog.cancel_button.isVisible()
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible() and dialog.user is None
    assert attempts(consoles, "vera") == 0
