"""The card-switch alarm as the dealer and the pit boss see it: with a camera over the layout, Reveal first has the
camera read the cards turned up; a box it cannot read is asked for again by name; a card switch stops the round
with the camera's reading beside the shoe's record, on the dealer's screen and in the pit boss's view, until he
resolves it; the round then goes on and the next one starts."""

from __future__ import annotations

from pathlib import Path

import pytest
from card_switch_kit import CAMERA_URL, ScriptedCamera
from console_kit import TABLE_SCREEN, logged_in_dialog, pit_boss, widget_texts
from PySide6.QtWidgets import QApplication
from tables import acknowledged

from controller.engine import ActionKind, Phase, legal_commands
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.rule_files import load_preset
from controller.table.showdown import ShowdownGuard
from controller.table.table_events import ShowdownSeen
from drivers.base import open_source
from ui.autopilot import Autopilot
from ui.main_window import ConsoleWindow
from ui.screen import CAMERA, PAYING


@pytest.fixture
def console(tmp_path: Path, qapp: QApplication, monkeypatch: pytest.MonkeyPatch):
    """A console on a table with the simulated shoe and the scripted camera over its layout."""
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path / "data"))
    pit_boss(tmp_path)
    journal = Journal(tmp_path / "T1.journal")
    controller = acknowledged(TableController(journal, load_preset("classic"), camera=CAMERA_URL))
    camera = ScriptedCamera()
    source = open_source("sim://?seed=11&rate=0")
    window = ConsoleWindow(controller, source, users_path=str(tmp_path / "users.db"), pack_seed=11,
                           showdown=ShowdownGuard(controller, camera))
    window.resize(*TABLE_SCREEN)
    window.show()
    window.camera = camera  # type: ignore[attr-defined]
    yield window
    window.shutdown()
    window.close()
    window.deleteLater()
    source.close()
    journal.close()


def _to_showdown(pilot: Autopilot) -> None:
    """Stakes, the deal and every box's decision: the dealer is to show his hand."""
    pilot.start_round()
    window = pilot.window
    while not (window.display_round().phase is Phase.REVEAL
               and ActionKind.INSURE not in {a.kind for a in legal_commands(window.display_round())}):
        pilot.step()


def _readings(window: ConsoleWindow) -> list[ShowdownSeen]:
    record = window.controller.round_record
    return [] if record is None or record.showdown is None else [record.showdown]


def test_card_switch_console_reveal_has_the_camera_read_the_layout_first(console: ConsoleWindow, qtbot) -> None:
    pilot = Autopilot(console, ante=100, boxes=3)
    _to_showdown(pilot)
    pilot.press_action(ActionKind.REVEAL)
    assert console.checking_layout or _readings(console)
    pilot.wait_for_camera()
    record = console.controller.round_record
    assert record.showdown is not None and record.showdown.matched and record.showings == 1
    assert console.display_round().revealed
    assert console.message.text() == "The camera saw every card where the shoe dealt it."
    pilot.play_until(lambda: console.mode() == "payments")
    assert console.ui.lower.currentIndex() == PAYING


def test_card_switch_console_shows_the_camera_beside_the_shoe_until_a_pit_boss_resolves_it(
        console: ConsoleWindow, qtbot) -> None:
    pilot = Autopilot(console, ante=100, boxes=3)
    _to_showdown(pilot)
    spot = min(b for b, box in console.display_round().boxes.items() if not box.folded)
    console.camera.plan_switch(spot, position=2)
    console.reveal()
    qtbot.waitUntil(lambda: bool(console.controller.faults), timeout=10_000)
    _, dealt, put = console.camera.switched
    assert console.notice.fault_shown
    banner = console.banner_text.text()
    assert f"box {spot} holds {put.code} in place of {dealt.code}" in banner  # face up now: named, not redacted
    assert console.ui.lower.currentIndex() == CAMERA
    view = console.ui.showdown_view
    label, shoe, camera, verdict = view.row_text(spot)
    assert (label, verdict) == (f"Box {spot}", "DIFFERENT")
    assert dealt.code in shoe.split() and put.code in camera.split() and put.code not in shoe.split()
    assert all(view.row_text(other)[3] == "as dealt" for other in view.rows if other != spot)
    assert console.ui.show_again_button.isHidden()  # the pit boss's to resolve

    dialog = logged_in_dialog(console)
    try:
        assert not dialog.showdown_view.isHidden()
        assert dialog.showdown_view.row_text(spot) == view.row_text(spot)
        dialog.reason.setText(f"{dealt.code} put back on box {spot} as the shoe dealt it")
        dialog.resolve_fault()
        assert not console.controller.faults
    finally:
        dialog.close()
        dialog.deleteLater()
    console.refresh()
    assert console.ui.lower.currentIndex() != CAMERA
    pilot.play_until(lambda: console.mode() == "payments")
    assert console.controller.round.revealed
    pilot.settle_payments()
    pilot.play_round()  # the next round: the camera reads it, nothing switched
    assert console.controller.round_record.showdown.matched


def test_card_switch_console_an_unreadable_box_is_asked_again_by_name(console: ConsoleWindow, qtbot) -> None:
    pilot = Autopilot(console, ante=100, boxes=3)
    _to_showdown(pilot)
    spot = min(b for b, box in console.display_round().boxes.items() if not box.folded)
    console.camera.unreadable[spot] = 3
    console.reveal()
    qtbot.waitUntil(lambda: bool(_readings(console)) and not console.checking_layout, timeout=10_000)
    assert not console.controller.faults and console.controller.showdown_due
    assert f"Box {spot}" in console.message.text() and "Reveal (R) again" in console.message.text()
    assert console.ui.lower.currentIndex() == CAMERA
    assert console.ui.showdown_view.row_text(spot)[3] == "show again"
    assert console.ui.show_again_button.isEnabled()
    console.ui.show_again_button.click()  # the dealer shows the box again
    qtbot.waitUntil(lambda: console.display_round().revealed, timeout=10_000)
    assert console.controller.round_record.showings == 2
    assert not [text for text in widget_texts() if "CARD_SWITCH" in text]
