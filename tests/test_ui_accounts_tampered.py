"""A tampered accounts store found at the console's next login, whenever it was edited: the pit boss's login, the
dealer's sign-in and the audit's login each ask the table to read its accounts afresh, so an edit made while the
console runs admits nobody and raises the ACCOUNTS fault, once, in the fault banner.

Each story failed before: the table looked at its accounts in full only when it started (and at an override),
so a dealer made admin while the console ran went unnoticed by the table: no fault was raised."""

from __future__ import annotations

import sqlite3

import shift_kit
from PySide6.QtCore import Qt
from shift_kit import Consoles, focus, log_in, when_shown
from test_ui_dealer_sign_in import sign_in

from ui.login import LoginDialog
from ui.pitboss import PitBossDialog

consoles = shift_kit.consoles  # the fixture: consoles on journals of their own, with the staff's accounts


def edit_behind_the_programs_back(consoles: Consoles, sql: str) -> None:
    """What a person with the file and sqlite3 alone can do while the console runs: drop the guards, change rows."""
    db = sqlite3.connect(consoles.users_path)
    db.executescript("DROP TRIGGER IF EXISTS account_events_no_update; "
                     "DROP TRIGGER IF EXISTS account_events_no_delete;")
    db.execute(sql)
    db.commit()
    db.close()


def test_tampered_store_an_edit_while_the_console_runs_is_caught_at_the_next_login(consoles: Consoles,
                                                                                  qtbot) -> None:
    """Anna, a dealer, is made admin by one UPDATE while the console runs. Vera's right PIN at the pit boss's
    login is refused, saying what happened and what to do; the ACCOUNTS fault is in the banner. The dealer's
    sign-in and the audit's login are refused too, and the fault stays one fault."""
    window = consoles.open(accounts=True)
    assert not window.controller.faults
    edit_behind_the_programs_back(
        consoles, "UPDATE account_events SET detail = replace(detail, '\"dealer\"', '\"admin\"') WHERE name = 'anna'")
    said: dict[str, str] = {}

    def pit_boss(dialog: PitBossDialog) -> None:
        log_in(qtbot, dialog, "vera")
        said["pit boss"] = dialog.feedback.text()
        said["page"] = str(dialog.pages.currentIndex())
        dialog.reject()

    focus(window, qtbot)
    when_shown(PitBossDialog, pit_boss)
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert said["page"] == "0", "nobody may log in to a tampered store"
    assert "tampered" in said["pit boss"] and "restore the accounts file from its backup" in said["pit boss"]
    assert [f.code for f in window.controller.faults.values()] == ["ACCOUNTS"]
    qtbot.waitUntil(lambda: "tampered" in window.banner_text.text(), timeout=3000)
    assert window.banner.isVisible()

    assert "tampered" in sign_in(qtbot, window, "anna")

    def audit(login: LoginDialog) -> None:
        log_in(qtbot, login, "vera")
        said["audit"] = login.form.feedback.text()
        login.reject()

    focus(window, qtbot)
    when_shown(LoginDialog, audit)
    qtbot.keyClick(window, Qt.Key.Key_F3)
    qtbot.waitUntil(lambda: "audit" in said, timeout=10_000)
    assert "tampered" in said["audit"]
    kinds = [(e.kind, e.payload.get("code")) for e in window.controller.journal.entries()
             if e.kind in ("table.fault", "table.fault_repeated")]
    assert kinds == [("table.fault", "ACCOUNTS")]  # one fault, raised once, however many logins found it
