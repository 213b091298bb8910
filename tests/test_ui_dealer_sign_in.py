"""Dealers at the console: a dealer signs in with name and PIN (F6) and the main screen shows who deals; what
they do is journaled in their name and each round with the dealer who dealt it; the next dealer's sign-in hands
the table over without closing it; the shift report counts each dealer's rounds.

Each story failed before: the console had no dealer sign-in."""

from __future__ import annotations

import shift_kit
from PySide6.QtCore import Qt
from shift_kit import Consoles, focus, log_in, when_shown

from controller.table.audit.rounds import read_rounds
from ui.autopilot import Autopilot
from ui.dealer_sign_in import DealerSignInDialog
from ui.main_window import ConsoleWindow

consoles = shift_kit.consoles  # the fixture: consoles on journals of their own, with the staff's accounts

def sign_in(qtbot, window: ConsoleWindow, name: str, pin: str | None = None) -> str:
    """F6 and the login as `name`; what the dialog said, if it stayed open (the sign-in was refused)."""
    said: list[str] = []

    def login(dialog: DealerSignInDialog) -> None:
        log_in(qtbot, dialog, name, pin)
        if dialog.isVisible():
            said.append(dialog.form.feedback.text())
            dialog.reject()

    focus(window, qtbot)
    when_shown(DealerSignInDialog, login)
    qtbot.keyClick(window, Qt.Key.Key_F6)
    return said[0] if said else ""


def test_dealer_signs_in_and_the_main_screen_and_the_journal_name_them(consoles: Consoles, qtbot) -> None:
    window = consoles.open(seed=9)
    assert "No dealer signed in" in window.dealer_badge.label.text()
    assert sign_in(qtbot, window, "anna") == ""
    assert "Dealer: anna" in window.dealer_badge.label.text()
    assert "Next dealer" in window.dealer_badge.button.text()
    Autopilot(window, ante=10, boxes=2).play_rounds(1)
    entries = list(window.controller.journal.entries())
    assert [e.payload["dealer"] for e in entries if e.kind == "table.dealer_signed_in"] == ["dealer:anna"]
    dealt = [e for e in entries if e.round_id == window.controller.round_id and not e.kind.startswith("table.")
             and not (e.actor or "").startswith("shoe#")]
    assert dealt and {e.actor for e in dealt} == {"dealer:anna"}
    confirmed = [e for e in entries if e.kind == "table.payment_confirmed"]
    assert confirmed and {e.actor for e in confirmed} == {"dealer:anna"}
    assert read_rounds(entries)[-1].dealt_by == "dealer:anna"
    window = consoles.restart(window, seed=9)
    assert "Dealer: anna" in window.dealer_badge.label.text()  # still at the table after a restart


def test_dealer_a_wrong_pin_is_refused_and_nobody_takes_over(consoles: Consoles, qtbot) -> None:
    window = consoles.open(seed=9)
    sign_in(qtbot, window, "anna")
    assert sign_in(qtbot, window, "ivan", "0000") == "Name or PIN is wrong."
    assert window.controller.dealer == "dealer:anna"


def test_dealers_rotate_without_closing_the_table_and_the_report_counts_each(consoles: Consoles, qtbot) -> None:
    """Anna deals, Ivan signs in mid-shift and takes over: each round is its dealer's, in the journal and in
    the shift report (the console's report tab)."""
    window = consoles.open(seed=9)
    pilot = Autopilot(window, ante=10, boxes=2)
    sign_in(qtbot, window, "anna")
    pilot.play_rounds(2)
    sign_in(qtbot, window, "ivan")
    assert "Dealer: ivan" in window.dealer_badge.label.text()
    pilot.play_rounds(1)
    rounds = read_rounds(window.controller.journal.entries())
    assert [r.dealt_by for r in rounds] == ["dealer:anna", "dealer:anna", "dealer:ivan"]
    turns = window.controller.history.dealer_turns
    assert [t.dealer for t in turns] == ["dealer:anna", "dealer:ivan"] and turns[0].end == turns[1].start

    from ui.audit_view import AuditDialog

    dialog = AuditDialog.of_table(window.controller, window)
    assert dialog.wait_loaded()
    table = dialog.dealers
    rows = {table.text(r, 0): table.text(r, 1) for r in range(table.rowCount())}
    assert rows == {"anna": "2", "ivan": "1"}
    dialog.close()
