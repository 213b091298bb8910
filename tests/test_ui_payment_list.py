"""The payment list at a 1024x768 table screen, six or seven boxes, in either language: every button reads whole,
the next one's key ([Space]) included, in type a dealer reads at arm's length (it was "Подтверд… выплату [..." in
tiny type, and "Confirm collected …" lost its [Space])."""

from __future__ import annotations

import pytest
from console_kit import (
    make_console,  # noqa: F401 - a fixture used below
    where,
)
from PySide6.QtWidgets import QApplication

from ui.autopilot import Autopilot

READABLE_PX = 14


# classic in the nightly run: its six boxes' buttons say the same words as caribbean-stud's seven, whose four rows
# to a column give each button less room (caribbean-stud-ru and caribbean-stud-en, in the default run)
@pytest.mark.parametrize(("preset", "language"), [pytest.param("classic", "ru", marks=pytest.mark.slow),
                                                  pytest.param("classic", "en", marks=pytest.mark.slow),
                                                  ("caribbean-stud", "ru"), ("caribbean-stud", "en")])
def test_r_settle_every_payment_button_reads_whole_at_1024(make_console, qtbot, preset, language) -> None:  # noqa: F811
    window = make_console(preset, seed=3, language=language)
    rules = window.controller.rules
    assert rules is not None
    pilot = Autopilot(window, ante=100, boxes=rules.table.boxes)
    pilot.start_round()
    pilot.play_until(lambda: window.mode() == "payments")
    QApplication.processEvents()
    assert (window.width(), window.height()) == (1024, 768)  # the list fits the screen, Next round under it
    assert window.next_round_button.isVisible()
    _, top, _, height = where(window.next_round_button)
    assert top + height <= 768
    buttons = [b for b in window.payment_panel.paid_buttons.values() if b.isVisible()]
    assert len(buttons) >= 6
    assert any("[" in b.text() for b in buttons)  # the next one names its key
    for button in buttons:
        assert button.shows_whole_text(), button.text()
        assert button.shown_pixels() >= READABLE_PX, (button.text(), button.shown_pixels(), button.width())


@pytest.mark.parametrize("language", ["ru", "en"])
def test_r_act_every_action_button_reads_whole_at_1024(make_console, qtbot, language) -> None:  # noqa: F811
    """At the decisions, four boxes at 1024x768: every action button reads whole in 12 px type or more (the
    Russian exchange button, "Обмен — бокс 3: выберите карты (1-6) [X]", was drawn in about 8 px)."""
    window = make_console("four-seat", seed=3, language=language)
    pilot = Autopilot(window, ante=100, boxes=4)
    pilot.start_round()
    pilot.play_until(lambda: window.play.exchange_action(window.controller.round) is not None)
    QApplication.processEvents()
    buttons = [b for b in window.actions_panel.buttons.values() if b.isVisible() and hasattr(b, "shown_pixels")]
    assert buttons
    for button in buttons:
        assert button.shows_whole_text(), button.text()
        assert button.shown_pixels() >= 12, (button.text(), button.shown_pixels(), button.width())
