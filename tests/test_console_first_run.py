"""The console's first run: from an empty data folder, `rptable console` (what `make run` opens) reaches a first paid
round by keys and clicks alone, at 1024x768, in either language. The console offers to make the first admin, who
acknowledges the house rules the operator guard stops (the default preset favours a skilled player) and adds a
dealer; the dealer signs in and deals. No card is dealt while no dealer is signed in."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from console_kit import make_console  # noqa: F401 - a fixture used below
from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
from PySide6.QtWidgets import QApplication, QLineEdit, QPushButton, QWidget

from controller.engine.state import Phase
from controller.table.controller import NO_DEALER
from controller.table.journal import Journal
from ui.cli import main
from ui.main_window import ConsoleWindow
from ui.staff_desk import FirstAdminDialog, StaffDialog, accounts_empty

SCREEN = (1024, 768)
GIVE_UP_AFTER = 60.0  # seconds: a step that never becomes ready fails the story, it does not hang it


@dataclass
class Step:
    what: str
    ready: Callable[[], bool]
    act: Callable[[], None]


class Person:
    """Someone at the table's screen: waits for what they expect to see, then presses keys and clicks, one step at
    a time, from inside the console's own event loop (and its dialogs' loops)."""

    def __init__(self, qtbot, steps: list[Step]) -> None:
        self.qtbot = qtbot
        self.steps = steps
        self.failure = ""
        self.last_error = ""
        self.done: list[str] = []
        self.seen: list[tuple[str, int, int]] = []  # each dialog met: its class and the size it asks for
        self.started = time.monotonic()

    def start(self) -> None:
        QTimer.singleShot(50, self.tick)

    def tick(self) -> None:
        if self.failure:
            self.give_up()
            return
        dialog = QApplication.activeModalWidget()
        if dialog is not None and (type(dialog).__name__, dialog.width(), dialog.height()) not in self.seen:
            self.seen.append((type(dialog).__name__, dialog.width(), dialog.height()))
        if not self.steps:
            return
        step = self.steps[0]
        if time.monotonic() - self.started > GIVE_UP_AFTER:
            self.failure = (f"never got to: {step.what} (done: {self.done}; on screen: {_on_screen()}; last error: "
                            f"{self.last_error})")
            self.give_up()
            return
        try:
            ready = step.ready()
        except Exception as err:  # not ready yet (the window it looks at not shown yet, say): asked again
            self.last_error = f"{type(err).__name__}: {err}"
            ready = False
        if ready:
            try:
                step.act()
            except Exception as err:  # said in the test's failure, not lost in the event loop
                self.failure = f"{step.what}: {type(err).__name__}: {err}"
                self.give_up()
                return
            self.done.append(step.what)
            self.steps.pop(0)
        QTimer.singleShot(30, self.tick)

    def give_up(self) -> None:
        """Every dialog closed, then the console: the story ends with its failure said, not in a hang."""
        dialog = QApplication.activeModalWidget()
        if dialog is not None:
            dialog.close()
        elif any(isinstance(w, ConsoleWindow) and w.isVisible() for w in QApplication.topLevelWidgets()):
            console().shutdown()
            console().close()
        else:
            QApplication.exit(1)
            return
        QTimer.singleShot(30, self.tick)

    # what a person does
    def type(self, text: str) -> None:
        for char in text:
            target = QApplication.focusWidget()
            assert target is not None, f"nothing has the keyboard to type {text!r} into"
            if char == "\n":
                self.qtbot.keyClick(target, Qt.Key.Key_Return)
            else:
                self.qtbot.keyClicks(target, char)

    def key(self, key: Qt.Key) -> None:
        self.qtbot.keyClick(console(), key)

    def click(self, widget: QWidget) -> None:
        assert widget.isVisible() and widget.isEnabled(), f"{widget.objectName()} cannot be clicked"
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def console() -> ConsoleWindow:
    """The console on screen: not an earlier story's window, closed and not yet deleted."""
    return next(w for w in QApplication.topLevelWidgets() if isinstance(w, ConsoleWindow) and w.isVisible())


def modal(kind: type) -> QWidget | None:
    dialog = QApplication.activeModalWidget()
    return dialog if isinstance(dialog, kind) else None


def focused(name: str) -> bool:
    widget = QApplication.focusWidget()
    return isinstance(widget, QLineEdit) and widget.objectName() == name


def child(dialog: QWidget | None, kind: type, name: str):
    assert dialog is not None
    found = dialog.findChild(kind, name)
    assert found is not None, name
    return found


def _on_screen() -> str:
    dialog = QApplication.activeModalWidget()
    if dialog is not None:
        return type(dialog).__name__ + ": " + " / ".join(
            label.text() for label in dialog.findChildren(QWidget) if hasattr(label, "text") and label.isVisible()
            and isinstance(label.text(), str) and label.text())[:600]
    windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, ConsoleWindow)]
    return windows[0].next_action.text() if windows else "nothing"


def close_console() -> None:
    """The console closed, and its event loop ended: on a table's screen it is the last window, and closing it
    ends the program; here other tests' windows may still be about."""
    console().close()
    QApplication.exit(0)


def first_round_steps(person: Person, seen_first: list[str]) -> list[Step]:
    """Make the first admin, acknowledge the rules, add a dealer, close; the dealer signs in; box 1 antes 100,
    bets close (C), the dealer deals (D) to the decisions, box 1 folds (F twice), the dealer shows (R), the
    payment is confirmed (Space twice)."""
    window_state = {"draws": 0}

    def first_admin_shown() -> bool:
        if modal(FirstAdminDialog) is None or not focused("first_admin_name"):
            return False
        seen_first.append(console().next_action.text())
        return True

    def deal_until_decisions() -> bool:
        window = console()
        state = window.controller.round
        if state is not None and state.phase is Phase.DECISIONS:
            return True
        if not window.awaiting_card and window_state["draws"] < 20:
            window_state["draws"] += 1
            person.key(Qt.Key.Key_D)
        return False

    return [
        Step("the first admin's form", first_admin_shown, lambda: person.type("root\npin-4821\npin-4821\n")),
        Step("the staff desk asks for the rules' reason", lambda: modal(StaffDialog) is not None
             and focused("ack_reason"), lambda: person.type("first run of the table\n")),
        Step("the rules acknowledged, the new account's name", lambda: focused("new_name"),
             lambda: person.type("anna\ncard-7391\ncard-7391\n")),
        Step("anna listed", lambda: "anna" in child(modal(StaffDialog), QWidget, "accounts_line").text(),
             lambda: person.click(child(modal(StaffDialog), QPushButton, "staff_close"))),
        Step("the dealer's sign-in", lambda: focused("login_name") and modal(StaffDialog) is None,
             lambda: person.type("anna\ncard-7391\n")),
        Step("anna deals", lambda: modal(QWidget) is None and console().controller.dealer == "dealer:anna",
             lambda: person.click(console().bet_panel.editor(1).ante)),
        Step("box 1's ante", lambda: isinstance(QApplication.focusWidget(), QLineEdit) or
             QApplication.focusWidget() is not None, lambda: person.type("100\n")),
        Step("close bets", lambda: console().controller.round is not None, lambda: person.key(Qt.Key.Key_C)),
        Step("deal to the decisions", deal_until_decisions, lambda: None),
        Step("fold", lambda: True, lambda: (person.key(Qt.Key.Key_F), person.key(Qt.Key.Key_F))),
        Step("reveal", lambda: True, lambda: person.key(Qt.Key.Key_R)),
        Step("pay", lambda: console().mode() == "payments",
             lambda: (person.key(Qt.Key.Key_Space), person.key(Qt.Key.Key_Space))),
        Step("close the console", lambda: console().next_round_button.isEnabled(), close_console),
    ]


@pytest.fixture
def empty_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("RPTABLE_MANIFEST", str(tmp_path / "no-manifest.json"))  # the tree under test, not certified
    umask = os.umask(0o022)
    os.umask(umask)
    # The console's window is not the application's last: closing it must not start the application's own
    # quitting, which would leave no window of a later test able to become active (the story ends the console's
    # event loop itself, as closing the last window does on a table's screen).
    quits = QApplication.quitOnLastWindowClosed()
    QApplication.setQuitOnLastWindowClosed(False)
    yield tmp_path / "data"
    QApplication.setQuitOnLastWindowClosed(quits)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # the console's window goes now
    os.umask(umask)  # the command sets its own


@pytest.mark.parametrize("language", ["en", "ru"])
def test_arch_staff_first_run_reaches_a_paid_round_by_keys_and_clicks_alone(empty_data_folder, qapp, qtbot,
                                                                           language) -> None:
    seen_first: list[str] = []
    person = Person(qtbot, [])
    person.steps = first_round_steps(person, seen_first)
    person.start()
    code = main(["console", "--size", f"{SCREEN[0]}x{SCREEN[1]}", "--language", language,
                 "--shoe", "sim://?seed=5&rate=0"])
    assert not person.failure, person.failure
    assert code == 0 and not person.steps
    # the dealer was told what stood in the way, in the console's language
    expected = {"en": "An admin acknowledges the house rules first: Staff [F7]",
                "ru": "Сначала администратор подтверждает правила казино: Персонал [F7]"}[language]
    assert seen_first == [expected]
    for kind, width, height in person.seen:  # every dialog fits the table's screen
        assert width <= SCREEN[0] and height <= SCREEN[1], (kind, width, height)
    assert {kind for kind, _, _ in person.seen} >= {"FirstAdminDialog", "StaffDialog", "DealerSignInDialog"}
    journal = Journal(empty_data_folder / "journals" / "T1.journal")
    try:
        kinds = [(e.kind, e.actor) for e in journal.entries()]
    finally:
        journal.close()
    assert ("table.rules_edge_acknowledged", "admin:root") in kinds
    assert ("table.dealer_signed_in", "dealer:anna") in kinds
    assert any(kind == "table.payment_confirmed" for kind, _ in kinds), kinds


def test_arch_staff_no_round_opens_while_no_dealer_is_signed_in(make_console, qtbot) -> None:  # noqa: F811
    window = make_console("four-seat")
    window.controller.dealer_required = True
    window.refresh()
    assert window.next_action.text() == "Sign in to deal [F6]"
    window.bet_panel.fill(1, 100)
    window.place_stakes()
    assert window.controller.round is None
    assert NO_DEALER in window.message.text()


def test_arch_staff_the_first_admin_is_refused_a_pin_typed_differently_or_too_easy_in_the_console_language(
        empty_data_folder, qapp, qtbot) -> None:
    from ui.i18n import Languages

    languages = Languages()
    languages.switch("ru")
    try:
        dialog = FirstAdminDialog(str(empty_data_folder / "users.db"), "T1")
        qtbot.addWidget(dialog)
        dialog.name.setText("root")
        dialog.secret.pin.setText("pin-4821")
        dialog.secret.again.setText("pin-4822")
        assert dialog.make() is None and dialog.feedback.text() == "PIN не совпадают: введите PIN ещё раз, дважды."
        dialog.secret.pin.setText("123456")
        dialog.secret.again.setText("123456")
        assert dialog.make() is None
        assert dialog.feedback.text() == "PIN или пароль не может быть последовательностью (123456, 654321, abcdef)."
        assert accounts_empty(str(empty_data_folder / "users.db")) is True
        dialog.secret.pin.setText("pin-4821")
        dialog.secret.again.setText("pin-4821")
        assert dialog.make() is not None and accounts_empty(str(empty_data_folder / "users.db")) is False
    finally:
        languages.switch("en")
