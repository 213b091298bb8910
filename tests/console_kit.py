"""What the console's tests share: a console on a table screen (1024x768 unless told), the simulated shoe rigged
with chosen cards, the dealer's keys and taps, the texts a person can read off the screen, and a pit boss."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from tables import acknowledged

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QListWidget,
    QPushButton,
    QTableView,
    QTabWidget,
    QWidget,
)

from controller.engine import legal_commands
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.rule_files import load_preset
from controller.table.security.users import Role, UserStore
from drivers.base import open_source
from drivers.cards import PACK, Card, parse_card
from ui import visibility
from ui.autopilot import Autopilot
from ui.format import card_face
from ui.i18n import Languages
from ui.main_window import ConsoleWindow

TABLE_SCREEN = (1024, 768)


@pytest.fixture
def no_leaks(qapp: QApplication):
    """Fails a test that leaves a top-level widget behind (napari's habit)."""
    before = set(map(id, QApplication.topLevelWidgets()))
    yield
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()
    left = [w for w in QApplication.topLevelWidgets() if id(w) not in before]
    assert not left, f"widgets leaked: {[type(w).__name__ + ':' + w.objectName() for w in left]}"


@pytest.fixture
def make_console(tmp_path: Path, qapp: QApplication, no_leaks: None, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path / "data"))
    made: list[tuple[ConsoleWindow, Journal, object]] = []

    def make(preset: str = "classic", seed: int = 7, language: str = "en", faults: str = "",
             journal_name: str = "", size: tuple[int, int] = TABLE_SCREEN) -> ConsoleWindow:
        journal = Journal(tmp_path / (journal_name or f"{preset}.journal"))
        controller = acknowledged(TableController(journal, load_preset(preset)))
        source = open_source(f"sim://?seed={seed}&rate=0" + (f"&faults={faults}" if faults else ""))
        languages = Languages()
        languages.switch(language)
        window = ConsoleWindow(controller, source, users_path=str(tmp_path / "users.db"), languages=languages,
                               pack_seed=seed)
        window.resize(*size)
        window.show()
        made.append((window, journal, source))
        return window

    yield make
    for window, journal, source in made:
        window.languages.switch("en")  # its translator off the application: the next test starts in English
        window.shutdown()
        window.close()
        window.deleteLater()
        source.close()
        journal.close()


# ------------------------------------------------------------------------------------- what is on screen
def widget_texts(widget_root: QWidget | None = None) -> list[str]:
    """Every string a person (or a screen reader) can get from any widget now."""
    return [text for widget in QApplication.allWidgets() for _, text in texts_of(widget)]


GETTERS = ("text", "toolTip", "accessibleName", "accessibleDescription", "windowTitle", "statusTip", "whatsThis",
           "placeholderText", "title")


def _table_items(widget: QTableView) -> list[str]:
    model = widget.model()
    if model is None:
        return []
    items = [str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in range(model.columnCount())]
    return items + [str(model.index(r, c).data() or "") for r in range(model.rowCount())
                    for c in range(model.columnCount())]


_ITEMS: tuple[tuple[type, Callable[[QWidget], list[str]]], ...] = (
    (QComboBox, lambda w: [w.itemText(i) for i in range(w.count())]),
    (QListWidget, lambda w: [w.item(i).text() for i in range(w.count())]),
    (QTabWidget, lambda w: [w.tabText(i) for i in range(w.count())]),
    (QAbstractSpinBox, lambda w: [w.text()]),
    (QTableView, _table_items),
)


# A class's plan, looked up once a class (a sweep asks some 200 widgets after every press): the GETTERS it has,
# each as its class's own function (called on the widget: no bound method made a getter a widget), and how its
# items are read, if it has any.
Plan = tuple[tuple[tuple[str, Callable[[QWidget], object]], ...], Callable[[QWidget], list[str]] | None]
_PLAN_OF: dict[type, Plan] = {}


def _plan(kind: type) -> Plan:
    plan = _PLAN_OF.get(kind)
    if plan is None:
        getters = tuple((g, getattr(kind, g)) for g in GETTERS if callable(getattr(kind, g, None)))
        items = next((read for base, read in _ITEMS if issubclass(kind, base)), None)
        plan = _PLAN_OF[kind] = (getters, items)
    return plan


def texts_of(widget: QWidget) -> list[tuple[str, str]]:
    """Every string one widget holds (its text, tooltip, title, items, tabs, a table's headers and cells), each
    with where it is in the widget."""
    getters, read_items = _plan(type(widget))
    texts: list[tuple[str, str]] = []
    own = vars(widget)
    if own and any(g in own for g in GETTERS):  # a getter the instance holds of its own: asked as the widget has it
        for getter in GETTERS:
            value = getattr(widget, getter, None)
            if callable(value):
                try:
                    result = value()
                except TypeError:
                    continue
                if isinstance(result, str):
                    texts.append((getter, result))
    else:
        for getter, function in getters:
            try:
                result = function(widget)
            except TypeError:
                continue
            if isinstance(result, str):
                texts.append((getter, result))
    if read_items is not None:
        texts += [(f"[{i}]", item) for i, item in enumerate(read_items(widget))]
    return texts


def card_forms(card: Card) -> list[str]:
    forms = [card.code, card_face(card)]
    if card.code[0] == "T":
        forms.append("10" + card.code[1])
    return forms


WORD_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")


def _appears(form: str, text: str) -> bool:
    """The form is in the text as a whole word: no letter or digit of the Latin alphabet just before or after it
    (what `(?<![A-Za-z0-9])form(?![A-Za-z0-9])` finds, by str.find: a sweep after every press reads tens of
    forms in thousands of characters)."""
    start = text.find(form)
    while start != -1:
        end = start + len(form)
        if (start == 0 or text[start - 1] not in WORD_CHARS) and (end == len(text) or text[end] not in WORD_CHARS):
            return True
        start = text.find(form, start + 1)
    return False


def shown_forms(texts: list[str], card: Card) -> list[str]:
    joined = "\n".join(texts)
    return [form for form in card_forms(card) if _appears(form, joined)]


def assert_no_hidden_card_shown(window: ConsoleWindow) -> None:
    hidden = visibility.hidden_cards(window.display_round())
    texts = ["\n".join(widget_texts())] if hidden else []  # joined once for every card
    for card in hidden:
        assert not shown_forms(texts, card), f"hidden card {card.code} is visible: {shown_forms(texts, card)}"


class WatchingPilot(Autopilot):
    """The autopilot, checking after every press that no hidden card is on screen."""

    steps = 0

    def step(self) -> str:
        done = super().step()
        assert_no_hidden_card_shown(self.window)
        WatchingPilot.steps += 1
        return done


# ------------------------------------------------------------------------------------------ the dealer
def load_deal(window: ConsoleWindow, codes: str) -> None:
    """Rig the simulated shoe: these cards first, then the rest of the pack."""
    first = [parse_card(code) for code in codes.split()]  # a misread may repeat a card
    shoe = window.source.simulated_shoe()
    assert shoe is not None
    shoe.load(first + [c for c in PACK if c not in first])


def deal_all(window: ConsoleWindow, qtbot) -> None:
    while "card" in {a.kind for a in legal_commands(window.controller.round)}:
        window.actions_panel.buttons["card"].click()
        qtbot.waitUntil(lambda: not window.awaiting_card, timeout=5000)


def deal_one_box(window: ConsoleWindow, qtbot, codes: str, *, close_bets: bool = False, ante: int = 100) -> None:
    """Box 1 stakes `ante` on a shoe rigged with these cards first, and the dealer deals them with the Draw key
    (after pressing Close bets, or straight away: the first card closes them)."""
    load_deal(window, codes)
    window.bet_panel.fill(1, ante)
    window.place_stakes()
    if close_bets:
        window.actions_panel.buttons["close_bets"].click()
    deal_all(window, qtbot)


def focus(window: ConsoleWindow, qtbot) -> None:
    """The window takes the keyboard, as the dealer's screen has it."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)


def tap(qtbot, widget: QWidget) -> None:
    """A finger on the middle of a widget: a mouse press and release where it is drawn."""
    assert widget.isVisible() and widget.isEnabled(), f"{widget.objectName()} cannot be tapped"
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def type_keys(qtbot, window: QWidget, keys: str) -> None:
    """Keys pressed on the window's keyboard, one after another (`\\n` is Enter): to whatever has focus."""
    for char in keys:
        target = QApplication.focusWidget() or window
        if char == "\n":
            qtbot.keyClick(target, Qt.Key.Key_Return)
        else:
            qtbot.keyClicks(target, char)


class AskedQuestions(list[str]):
    """The texts of the questions answered; `stop()` stops waiting for one that never came."""

    stopped = False

    def stop(self) -> None:
        self.stopped = True


def answer_next_question(answer: str) -> AskedQuestions:
    """Answer the console's next question (a `ui.ask.Question`) with the answer named, as the dealer's tap
    would; returns, once asked, the question's text. Where none may come, `stop()` the wait: a wait left
    running would answer a later test's question."""
    asked = AskedQuestions()

    def answer_it() -> None:
        from ui.ask import Question

        if asked.stopped:
            return
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, Question):
            QTimer.singleShot(20, answer_it)
            return
        asked.append(dialog.findChild(QWidget, "question_text").text())
        button = dialog.buttons[answer]
        button.click()

    QTimer.singleShot(0, answer_it)
    return asked


def pit_boss(tmp_path: Path, name: str = "vera", pin: str = "246813") -> None:
    store = UserStore(tmp_path / "users.db")
    admin = store.bootstrap("root", "991357")
    store.add(name, Role.PIT_BOSS, pin, by=admin)
    store.close()


def logged_in_dialog(window: ConsoleWindow, name: str = "vera", pin: str = "246813"):
    from ui.pitboss import PitBossDialog

    dialog = PitBossDialog(window.controller, window.users_path, window.refresh, window)
    dialog.name.setText(name)
    dialog.pin.setText(pin)
    dialog.log_in()
    assert dialog.user is not None, dialog.feedback.text()
    return dialog


def journaled(window: ConsoleWindow, *kinds: str) -> list:
    """The console's journal entries of the kinds named (an engine event's name, or a table event's `table.` kind),
    in the journal's order."""
    return [e for e in window.controller.journal.entries() if e.kind in kinds]


def press_twice(button: QPushButton) -> None:
    """An irreversible money action: the first press arms it, the second carries it out."""
    button.click()
    button.click()


def where(widget: QWidget) -> tuple[int, int, int, int]:
    """A widget's rectangle in its window's coordinates."""
    top_left = widget.mapTo(widget.window(), QPoint(0, 0))
    return top_left.x(), top_left.y(), widget.width(), widget.height()


def until(qtbot, condition: Callable[[], bool], timeout: int = 5000) -> None:
    qtbot.waitUntil(condition, timeout=timeout)
