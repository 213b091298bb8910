"""What the stories of the console's shift share: consoles on journals of their own (restarted on the same
journal as a person restarts the program; every window closed at the end and none left behind), the table's
staff accounts, and keys typed into the window or a dialog as a person types them."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from tables import acknowledged

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget

from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.rule_files import load_preset
from controller.table.security.users import Role, UserStore
from drivers.base import open_source
from ui.i18n import Languages
from ui.main_window import ConsoleWindow

W = TypeVar("W", bound=QWidget)

# name: (role, PIN)
STAFF = {"root": (Role.ADMIN, "991357"), "vera": (Role.PIT_BOSS, "246813"), "anna": (Role.DEALER, "111357"),
         "ivan": (Role.DEALER, "222468"), "boris": (Role.PIT_BOSS, "357924")}


def add_staff(users_path: Path) -> None:
    store = UserStore(users_path)
    admin = store.bootstrap("root", STAFF["root"][1])
    for name, (role, pin) in STAFF.items():
        if name != "root":
            store.add(name, role, pin, by=admin)
    store.close()


class Consoles:
    """Opens consoles in one folder (journals, the staff's accounts); `close_all` shuts every one down."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.users_path = folder / "users.db"
        self._open: list[tuple[ConsoleWindow, Journal]] = []
        self._stores: dict[int, UserStore] = {}  # the accounts a console's table holds, by its window's id

    def open(self, preset: str = "classic", *, journal: str = "T1.journal", seed: int = 7,
             faults: str = "", accounts: bool = False) -> ConsoleWindow:
        """A console; with `accounts`, its table holds the staff's accounts as `rptable console` gives them (every
        override and login vouched for by them)."""
        table_journal = Journal(self.folder / journal)
        store = UserStore(self.users_path) if accounts else None
        controller = acknowledged(TableController(table_journal, load_preset(preset), accounts=store))
        url = f"sim://?seed={seed}&rate=0" + (f"&faults={faults}" if faults else "")
        window = ConsoleWindow(controller, open_source(url), users_path=str(self.users_path),
                               languages=Languages(), pack_seed=seed)
        window.resize(1024, 768)
        window.show()
        self._open.append((window, table_journal))
        if store is not None:
            self._stores[id(window)] = store
        return window

    def restart(self, window: ConsoleWindow, preset: str = "classic", *, seed: int = 7) -> ConsoleWindow:
        """The program closed and started again on the same journal."""
        name = Path(window.controller.journal.path).name
        self.close(window)
        return self.open(preset, journal=name, seed=seed)

    def close(self, window: ConsoleWindow) -> None:
        for opened in [o for o in self._open if o[0] is window]:
            self._open.remove(opened)
            window.languages.switch("en")  # its translators off the application: what follows starts in English
            window.shutdown()
            window.close()
            window.deleteLater()
            window.source.close()
            opened[1].close()
            store = self._stores.pop(id(window), None)
            if store is not None:
                store.close()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    def close_all(self) -> None:
        for window, _ in list(self._open):
            self.close(window)


@pytest.fixture
def consoles(tmp_path: Path, qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> Iterator[Consoles]:
    """Consoles on journals in the test's folder, with the staff's accounts; fails a test that leaves a window
    or dialog behind."""
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path / "data"))
    before = set(map(id, QApplication.topLevelWidgets()))
    made = Consoles(tmp_path)
    add_staff(made.users_path)
    yield made
    made.close_all()
    for widget in QApplication.topLevelWidgets():
        if id(widget) not in before and widget.isVisible():
            widget.close()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()
    Languages().switch("en")
    left = [w for w in QApplication.topLevelWidgets() if id(w) not in before]
    assert not left, f"widgets left behind: {[type(w).__name__ + ':' + w.objectName() for w in left]}"


def type_in(qtbot, field: QLineEdit, text: str, *, enter: bool = True) -> None:
    """Click into the field, type the text and (unless told not to) press Enter, as a person does."""
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(field, text)
    if enter:
        qtbot.keyClick(field, Qt.Key.Key_Return)


def log_in(qtbot, form_owner: QWidget, name: str, pin: str | None = None) -> None:
    """Type a staff member's name and PIN (theirs, unless another is given) into the login fields of a dialog,
    each field typed anew and ended with Enter."""
    fields = {f.objectName(): f for f in form_owner.findChildren(QLineEdit)}
    fields["login_name"].clear()  # what an earlier attempt left there is typed over
    type_in(qtbot, fields["login_name"], name)
    type_in(qtbot, fields["login_pin"], STAFF[name][1] if pin is None else pin)


def when_shown(kind: type[W], act: Callable[[W], None], timeout_ms: int = 10_000) -> None:
    """Once a top-level widget of this kind is visible (a modal dialog the console is about to open), act on it.
    Set up before the key that opens it: the modal's own event loop runs `act`. If none comes in time, whatever
    modal dialog is open instead is closed, so that the test goes on (and fails) instead of waiting for ever."""
    waited = [0]

    def look() -> None:
        on_screen = shown(kind)
        if on_screen:
            try:
                act(on_screen[-1])
            except BaseException:
                on_screen[-1].close()  # the test fails with what went wrong, instead of waiting for ever
                raise
        elif waited[0] < timeout_ms:
            waited[0] += 20
            QTimer.singleShot(20, look)
        elif (stray := QApplication.activeModalWidget()) is not None:
            stray.close()

    QTimer.singleShot(0, look)


def shown(kind: type[W]) -> list[W]:
    """The top-level widgets of this kind on screen now."""
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()]


def focus(window: ConsoleWindow, qtbot) -> None:
    """The window takes the keyboard, as the dealer's screen has it."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
