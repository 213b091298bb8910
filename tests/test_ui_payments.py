"""Payments confirmed at the console (docs/journal.md "The journal": an event is durable before it is shown): every
confirmation is a journaled event with who, when and how much; the payment list reads the same after a
restart, a `kill -9` included, so nothing is paid twice; only a pit boss undoes a confirmation, with a reason;
the next round comes only once every box is confirmed; collecting says "Confirm collected".

Each story failed before the confirmations were journaled: the console kept them in memory only."""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import shift_kit
from PySide6.QtCore import Qt
from shift_kit import Consoles, focus, log_in, type_in, when_shown

from controller.table.audit.rounds import verify_journal
from controller.table.journal import Journal
from ui.autopilot import Autopilot
from ui.main_window import ConsoleWindow
from ui.pitboss import PitBossDialog

consoles = shift_kit.consoles  # the fixture: consoles on journals of their own, with the staff's accounts

ROOT = Path(__file__).resolve().parents[1]


def confirmations(window: ConsoleWindow) -> list[tuple[int, int, str]]:
    """(box, amount, who) of every confirmation journaled for the last round."""
    round_id = window.controller.round_id
    return [(e.payload["box"], e.payload["amount"], e.actor or "") for e in window.controller.journal.entries()
            if e.kind == "table.payment_confirmed" and e.payload["round_id"] == round_id]


@pytest.fixture(scope="module")
def played_round(tmp_path_factory: pytest.TempPathFactory, qapp) -> Path:
    """The folder of a journal whose first round (four boxes) was played at a console up to its payment list, made
    once for the module: each story opens a console of its own on a copy."""
    folder = tmp_path_factory.mktemp("played-round")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("RPTABLE_DATA_DIR", str(folder / "data"))  # a data folder of its own, as each story has
        made = Consoles(folder)
        window = made.open(seed=11)
        Autopilot(window, ante=100, boxes=4).play_round(confirm_payments=False)
        assert window.mode() == "payments"
        made.close_all()
    return folder


def at_payments(consoles: Consoles, qtbot, played_round: Path) -> ConsoleWindow:
    """A console on a copy of the played round's journal: its payment list on screen, nothing confirmed, and the
    keyboard its."""
    for path in played_round.glob("T1.journal*"):
        shutil.copy2(path, consoles.folder / path.name)
    window = consoles.open(seed=11)
    assert window.mode() == "payments" and not confirmations(window)
    focus(window, qtbot)
    return window


def space_twice(qtbot, window: ConsoleWindow) -> None:
    """Space asks ("Paid box 2: 100?"), Space again confirms the next payment."""
    qtbot.keyClick(window, Qt.Key.Key_Space)
    qtbot.keyClick(window, Qt.Key.Key_Space)


def test_payments_space_confirms_a_box_and_the_journal_says_who_when_and_how_much(consoles: Consoles,
                                                                                   qtbot, played_round: Path) -> None:
    """Fails before: Space marked the box paid on screen and journaled nothing."""
    window = at_payments(consoles, qtbot, played_round)
    first = window._payments(window.controller.round)[0]
    space_twice(qtbot, window)
    assert confirmations(window) == [(first.box, first.net, "dealer")]
    entry = [e for e in window.controller.journal.entries() if e.kind == "table.payment_confirmed"][-1]
    assert entry.at > 0
    assert window.payment_panel.paid_buttons[first.box].text().endswith("✓")
    assert not window.payment_panel.paid_buttons[first.box].isEnabled()


def test_payments_collecting_says_collected_and_paying_says_confirm_paid(consoles: Consoles, qtbot) -> None:
    """Point 14. Fails before: every button said "Confirm paid", collecting too."""
    window = consoles.open(seed=5)  # its first round has both
    pilot = Autopilot(window, ante=100, boxes=6)
    for _ in range(6):  # until a round has a box to pay and a box to collect from
        pilot.play_round(confirm_payments=False)
        nets = {p.net for p in window._payments(window.controller.round)}
        if any(n > 0 for n in nets) and any(n < 0 for n in nets):
            break
        pilot.settle_payments()
    payments = window._payments(window.controller.round)
    for payment in payments:
        button = window.payment_panel.paid_buttons[payment.box]
        expected = "Confirm paid" if payment.net > 0 else "Confirm collected" if payment.net < 0 else "Confirm returned"
        assert button.text() == expected + "  [Space]", (payment, button.text())  # the next one names its key
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        done = "Paid ✓" if payment.net > 0 else "Collected ✓" if payment.net < 0 else "Returned ✓"
        assert button.text() == done


def test_payments_confirmed_boxes_stay_confirmed_after_a_restart(consoles: Consoles, qtbot, played_round: Path) -> None:
    """Fails before: after a restart the whole list was unpaid again ("Pay box 2: 100")."""
    window = at_payments(consoles, qtbot, played_round)
    space_twice(qtbot, window)
    paid_box = confirmations(window)[0][0]
    window = consoles.restart(window, seed=11)
    assert window.mode() == "payments"
    buttons = window.payment_panel.paid_buttons
    assert not buttons[paid_box].isEnabled() and buttons[paid_box].text().endswith("✓")
    unpaid = [box for box, button in buttons.items() if button.isEnabled()]
    assert unpaid and paid_box not in unpaid
    assert not window.next_round_button.isEnabled()
    assert f"box {unpaid[0]}" in window.next_action.text()


def test_payments_a_round_paid_in_full_does_not_come_back_after_a_restart(consoles: Consoles, qtbot,
                                                                          played_round: Path) -> None:
    """Fails before: a normal close after a round was fully paid brought its payment list back unpaid."""
    window = at_payments(consoles, qtbot, played_round)
    for _ in window.payment_panel.paid_buttons:
        space_twice(qtbot, window)
    paid = confirmations(window)
    window = consoles.restart(window, seed=11)
    assert window.mode() == "betting"  # on to the next round's stakes: nothing is due
    focus(window, qtbot)
    space_twice(qtbot, window)
    assert confirmations(window) == paid


def test_payments_what_was_said_of_the_last_round_goes_with_it(consoles: Consoles, qtbot, played_round: Path) -> None:
    """Seen at a table: "Fault resolved: the shoe's gate is open again." stayed on the next round's stakes."""
    window = at_payments(consoles, qtbot, played_round)
    window.message_text = "Fault resolved: the shoe's gate is open again."
    window.refresh()
    for _ in window.payment_panel.paid_buttons:
        space_twice(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_N)
    assert window.mode() == "betting" and "Fault resolved" not in window.notice.message.text()


def test_payments_the_next_round_waits_until_every_box_is_confirmed(consoles: Consoles, qtbot,
                                                                    played_round: Path) -> None:
    window = at_payments(consoles, qtbot, played_round)
    boxes = len(window.payment_panel.paid_buttons)
    for _ in range(boxes - 1):
        space_twice(qtbot, window)
        qtbot.keyClick(window, Qt.Key.Key_N)
        assert window.mode() == "payments" and not window.next_round_button.isEnabled()
    space_twice(qtbot, window)
    assert window.next_round_button.isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_N)
    assert window.mode() == "betting"


def test_payments_a_mistaken_confirmation_is_undone_only_by_a_pit_boss_with_a_reason(consoles: Consoles,
                                                                                     qtbot, played_round: Path) -> None:
    """Fails before: a confirmation could not be undone at all, nor was it journaled."""
    window = at_payments(consoles, qtbot, played_round)
    space_twice(qtbot, window)
    box = confirmations(window)[0][0]
    outcome: list[str] = []

    def undo(dialog: PitBossDialog) -> None:
        log_in(qtbot, dialog, "vera")
        assert dialog.undo_button.isEnabled() and dialog.confirmed_choice.currentData() == box
        for _ in range(2):  # the undo moves money for good: it takes a second press
            qtbot.mouseClick(dialog.undo_button, Qt.MouseButton.LeftButton)  # no reason yet
        outcome.append(dialog.feedback.text())
        type_in(qtbot, dialog.reason, "the player was not paid yet", enter=False)
        for _ in range(2):
            qtbot.mouseClick(dialog.undo_button, Qt.MouseButton.LeftButton)
        outcome.append(dialog.feedback.text())
        dialog.accept()

    when_shown(PitBossDialog, undo)
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert "reason" in outcome[0].lower() and "journaled as vera (pit boss)" in outcome[1]
    undone = [e for e in window.controller.journal.entries() if e.kind == "table.confirmation_undone"]
    assert [(e.payload["box"], e.actor, e.payload["reason"]) for e in undone] == \
        [(box, "pit_boss:vera", "the player was not paid yet")]
    assert window.payment_panel.paid_buttons[box].isEnabled()
    assert f"box {box}" in window.next_action.text().lower()
    focus(window, qtbot)
    space_twice(qtbot, window)  # paid now, for real
    assert [c[0] for c in confirmations(window)] == [box, box]
    assert verify_journal(list(window.controller.journal.entries())).ok


def test_payments_an_adjustment_after_payment_leaves_only_the_difference_to_pay(consoles: Consoles, qtbot,
                                                                                played_round: Path) -> None:
    window = at_payments(consoles, qtbot, played_round)
    first = window._payments(window.controller.round)[0]
    window.confirm_paid(first.box)
    from controller.table.security.users import Role, User

    window.controller.overrides.adjust_payment(window.controller.round_id, first.box, 25, User("vera", Role.PIT_BOSS),
                                     "short-paid")
    window.refresh()
    payment = window._payments(window.controller.round)[0]
    assert payment.due == 25 and not payment.confirmed
    assert "25 more" in window.payment_panel.rows[0][1].text()
    window.confirm_paid(first.box)
    assert confirmations(window)[-1][1] == first.net + 25


def test_payments_a_stray_press_only_asks_and_the_second_press_confirms(consoles: Consoles, qtbot,
                                                                        played_round: Path) -> None:
    """Point 7: a confirmation is undone only by a pit boss, so one stray press must not make one. Fails before:
    one Space or one click journaled the payment at once."""
    window = at_payments(consoles, qtbot, played_round)
    first, second = window._payments(window.controller.round)[:2]
    buttons = window.payment_panel.paid_buttons
    assert buttons[first.box].text().endswith("[Space]") and not buttons[second.box].text().endswith("[Space]")
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert confirmations(window) == []
    question = buttons[first.box].text()
    assert question.startswith(f"Paid box {first.box}:" if first.net > 0 else
                               f"Collected from box {first.box}:" if first.net < 0 else "Returned box")
    assert question.endswith("?  [Space]") and "Space again or Enter" in window.notice.message.text()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert confirmations(window) == [] and buttons[first.box].text().endswith("[Space]")
    qtbot.mouseClick(buttons[second.box], Qt.MouseButton.LeftButton)  # a stray touch on another row
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert confirmations(window) == []
    qtbot.mouseClick(buttons[second.box], Qt.MouseButton.LeftButton)
    qtbot.keyClick(window, Qt.Key.Key_Return)  # Enter gives the second press
    assert confirmations(window) == [(second.box, second.net, "dealer")]


# ------------------------------------------------------------------------------------ a killed console
PROCESS_WAIT = 120.0  # seconds for the console process to play its rounds and say so


@contextlib.contextmanager
def console_process(journal: Path, users: Path, *, rounds: int, paid: int) -> Iterator[dict[str, Any]]:
    """A real console in a process of its own (tests/console_process.py), once it has played `rounds` rounds
    and confirmed `paid` payments of the last: what it says it left. It is killed on the way out, whatever
    happened."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "RPTABLE_DATA_DIR": str(journal.parent / "data"),
           "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "hardware-sim"), str(ROOT / "tests")])}
    process = subprocess.Popen([sys.executable, str(ROOT / "tests" / "console_process.py"), str(journal),
                                str(users), "--rounds", str(rounds), "--paid", str(paid)],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], PROCESS_WAIT)
        assert ready, f"the console process said nothing in {PROCESS_WAIT:.0f} s"
        line = process.stdout.readline()
        assert line, "the console process ended without a word"
        yield json.loads(line)
        process.send_signal(signal.SIGKILL)  # kill -9: no chance to write or tidy anything
        process.wait(timeout=30)
        assert process.returncode == -signal.SIGKILL
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=30)


def test_payments_a_console_killed_mid_payment_list_or_after_a_paid_round_pays_nothing_twice(
        consoles: Consoles, qtbot) -> None:
    """A real console process is killed (SIGKILL) in the middle of the payment list; restarted, it shows the
    boxes confirmed before as paid and asks only for the others. Killed again after the next round was paid in
    full, it comes back to the stakes. Every box of every round is confirmed exactly once. Fails before: the
    list came back unpaid."""
    journal = consoles.folder / "killed.journal"
    with console_process(journal, consoles.users_path, rounds=1, paid=2) as left:
        assert len(left["confirmed"]) == 2 and len(left["boxes"]) > 2

    window = consoles.open(journal="killed.journal", seed=5)
    assert window.mode() == "payments"
    buttons = window.payment_panel.paid_buttons
    assert sorted(box for box, b in buttons.items() if not b.isEnabled()) == left["confirmed"]
    focus(window, qtbot)
    for _ in range(len(left["boxes"]) - 2):
        space_twice(qtbot, window)
    assert window.next_round_button.isEnabled()
    consoles.close(window)

    with console_process(journal, consoles.users_path, rounds=1, paid=len(left["boxes"])) as left:
        assert left["round"].endswith("000002") and left["confirmed"] == left["boxes"]
    window = consoles.open(journal="killed.journal", seed=5)
    assert window.mode() == "betting"
    consoles.close(window)

    with Journal(journal, readonly=True) as written:
        entries = list(written.entries())
    confirmed = [(e.payload["round_id"], e.payload["box"]) for e in entries if e.kind == "table.payment_confirmed"]
    assert len(confirmed) == len(set(confirmed)), "a box was confirmed twice"
    assert {r for r, _ in confirmed} == {"T1-000001", "T1-000002"}
    assert verify_journal(entries).ok
