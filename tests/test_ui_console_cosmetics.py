"""What a dealer and a pit boss met at the console that no rule names: an amount in the engine's sentences
written "40000", the box whose turn it is moving its contents by 2 px, the dealer's next key lost right after
the sign-in's Enter, and `rptable simulate` saying "(0 rounds/s)". Each story failed before."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import shift_kit
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt
from PySide6.QtGui import QKeyEvent
from shift_kit import Consoles, focus, log_in, when_shown

from ui.cli.simulate import pace_words
from ui.dealer_sign_in import DealerSignInDialog
from ui.format import amount
from ui.i18n import Languages
from ui.sentences import reworded

consoles = shift_kit.consoles  # the fixture: consoles on journals of their own, with the staff's accounts

REFUSAL = "Insurance on box 2 must be from 200 to 40000 chips, not 100."


@pytest.mark.parametrize("language", ["en", "ru"])
def test_r_act_8_amounts_in_the_engines_sentences_are_grouped_as_chips(qapp, language: str) -> None:
    languages = Languages()
    languages.switch(language)
    try:
        said = reworded(REFUSAL)
        assert "40000" not in said and amount(40000) in said, said
        assert said.count(amount(200)) == 1 and said.endswith(amount(100) + ".")
    finally:
        languages.switch("en")


def test_the_box_whose_turn_it_is_keeps_its_contents_in_place(consoles: Consoles) -> None:
    window = consoles.open(seed=9)
    panel = window.box_panels[0]
    where = {}
    for active in (False, True, False):
        panel.show_stake_form(active=active)
        panel.layout().activate()
        where.setdefault(active, []).append(panel.title.mapTo(panel, QPoint(0, 0)))
    assert where[True][0] == where[False][0] == where[False][1]


def test_a_key_pressed_while_the_sign_in_checks_the_pin_reaches_the_table(consoles: Consoles, qtbot,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The dealer types the PIN, Enter, and at once F4: the PIN is being checked, so the system sends F4 to the
    sign-in, which closes before it reads it. F4 is the table's all the same: the console turns Russian."""
    window = consoles.open(seed=9)
    focus(window, qtbot)
    signing_in = window.controller.staff.sign_in

    def sign_in_while_a_key_comes(user):
        dialog = next(w for w in shift_kit.shown(DealerSignInDialog))
        QCoreApplication.postEvent(dialog.windowHandle(), QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_F4,
                                                                    Qt.KeyboardModifier.NoModifier))
        return signing_in(user)

    monkeypatch.setattr(window.controller.staff, "sign_in", sign_in_while_a_key_comes)
    when_shown(DealerSignInDialog, lambda dialog: log_in(qtbot, dialog, "anna"))
    qtbot.keyClick(window, Qt.Key.Key_F6)
    qtbot.waitUntil(lambda: not shift_kit.shown(DealerSignInDialog), timeout=10_000)
    assert window.controller.dealer is not None and "anna" in window.controller.dealer
    qtbot.waitUntil(lambda: window.languages.current == "ru", timeout=3000)
    window.switch_language("en")


@pytest.mark.parametrize(("rounds", "seconds", "said"), [
    (0, 0.0, ""),  # a resumed session with nothing left to play
    (0, 2.0, ""),
    (1, 2.5, " (0.4 rounds/s)"),
    (3, 0.5, " (6 rounds/s)"),
    (200, 0.57, " (351 rounds/s)"),
    (2000, 1.0, " (2,000 rounds/s)"),
])
def test_simulate_says_a_sessions_pace_only_where_there_is_one(rounds: int, seconds: float, said: str) -> None:
    assert pace_words(rounds, seconds) == said
