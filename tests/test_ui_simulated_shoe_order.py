"""The console on a simulated shoe given by URL, as QA starts it: `sim://?order=FILE` deals the file's cards in
order across rounds and says when none is left; a `sim://` URL without a rate deals only when the dealer draws."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from console_kit import TABLE_SCREEN, deal_all
from tables import acknowledged

from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.pump import dealt_on_demand
from controller.table.rule_files import load_preset
from drivers.base import CardEvent, open_source
from drivers.cards import PACK, Card
from ui.autopilot import Autopilot
from ui.i18n import Languages
from ui.main_window import ConsoleWindow


def order_file(tmp_path: Path, cards: list[Card]) -> Path:
    path = tmp_path / "order.txt"
    path.write_text("# the sequence QA plays\n" + " ".join(c.code for c in cards) + "\n")
    return path


@pytest.fixture
def console_on(tmp_path: Path, qapp, monkeypatch: pytest.MonkeyPatch):
    """A console on the shoe the URL names (as `rptable console --shoe URL` opens it)."""
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path / "data"))
    made: list[tuple[ConsoleWindow, Journal]] = []

    def make(url: str, preset: str = "four-seat") -> ConsoleWindow:
        journal = Journal(tmp_path / "T1.journal")
        controller = acknowledged(TableController(journal, load_preset(preset)))
        window = ConsoleWindow(controller, open_source(dealt_on_demand(url)), users_path=str(tmp_path / "users.db"),
                               languages=Languages(), pack_seed=99)
        window.resize(*TABLE_SCREEN)
        window.show()
        made.append((window, journal))
        return window

    yield make
    for window, journal in made:
        window.shutdown()
        window.close()
        window.deleteLater()
        window.source.close()
        journal.close()


def test_sim_order_the_console_deals_the_order_files_cards_in_order_across_rounds(console_on, tmp_path: Path) -> None:
    """QA plays a chosen sequence: two packs in a chosen order, three rounds of two boxes. Every card that left
    the shoe is the file's next one, round after round: the dealer loads no shuffled pack over it."""
    chosen = list(PACK)
    random.Random("qa").shuffle(chosen)
    chosen += list(reversed(chosen))
    window = console_on(f"sim://?seed=1&order={order_file(tmp_path, chosen)}")
    Autopilot(window, ante=10, boxes=2).play_rounds(3)
    assert window.controller.round_number == 3
    dealt = [d.card for d in window.source.shoe.dealt()]
    assert len(dealt) >= 3 * 15
    assert dealt == chosen[:len(dealt)]


def test_sim_order_the_console_says_when_the_order_is_all_dealt(console_on, qtbot, tmp_path: Path) -> None:
    """An order of 15 cards: the deal of a round of two boxes takes them all. The last card's arrival says so, and
    in the next round the Draw key is off, saying why, and pressing it says it again instead of waiting for ever."""
    chosen = list(PACK)[:15]
    window = console_on(f"sim://?seed=1&order={order_file(tmp_path, chosen)}")
    pilot = Autopilot(window, ante=10, boxes=2)
    pilot.start_round()
    deal_all(window, qtbot)
    spent = "Every card of the shoe's order is dealt (15 cards)"
    assert spent in window.message.text()
    pilot.play_until(lambda: window.mode() == "payments")
    pilot.settle_payments()
    window.bet_panel.fill(1, 10)
    window.place_stakes()
    draw = window.actions_panel.buttons["card"]
    assert not draw.isEnabled() and spent in draw.toolTip()
    window.draw_card()
    assert spent in window.message.text() and not window.awaiting_card


def test_sim_without_a_rate_deals_only_when_the_dealer_draws(tmp_path: Path) -> None:
    """`--shoe sim://?seed=5` (no rate): the shoe waits for the dealer's Draw key. Before, it dealt a card a
    second by itself, each one a card no round expected (UNEXPECTED_CARD), a fault loop."""
    source = open_source(dealt_on_demand("sim://?seed=5&clock=virtual"))
    try:
        events = []
        while (event := source.recv(timeout=5)) is not None and len(events) < 20:
            events.append(event)
        assert not [e for e in events if isinstance(e, CardEvent)]
        shoe = source.simulated_shoe()
        assert shoe is not None
        shoe.deal(1)
        assert any(isinstance(source.recv(timeout=1), CardEvent) for _ in range(5))
    finally:
        source.close()


@pytest.mark.parametrize(("given", "opened"), [
    ("sim://?seed=5", "sim://?seed=5&rate=0"),
    ("sim://", "sim://?rate=0"),
    ("sim://?seed=5&rate=2", "sim://?seed=5&rate=2"),
    ("sim://?rate=0", "sim://?rate=0"),
    ("serial:///dev/ttyUSB0", "serial:///dev/ttyUSB0"),
])
def test_sim_a_tables_simulated_shoe_without_a_rate_is_dealt_on_demand(given: str, opened: str) -> None:
    assert dealt_on_demand(given) == opened
