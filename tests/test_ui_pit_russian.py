"""The pit in Russian, as a Russian-speaking pit boss meets it: every table's card (its step, its fault with its
age, today's figures, when it was last heard from), the players' line, a table opened from the pit, and the
floor's English sentences (an age, a flagged player's evidence, the database's trouble) said in Russian.
Before, the pit's window had no Russian at all."""

from __future__ import annotations

import re

import pytest
from floor_kit import needs_postgres
from PySide6.QtWidgets import QTableWidget
from russian_kit import assert_russian, english_in
from test_floor_pit import DEALER, LiveTable, played

from controller.engine import CloseBets, PlaceStakes
from controller.floor.database import explain
from controller.floor.pit import age_text
from controller.table.security.users import Role, User
from ui.i18n import Languages
from ui.pit import words

pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`


@pytest.fixture
def russian(qapp):
    languages = Languages()
    languages.switch("ru")
    yield languages
    languages.switch("en")


@needs_postgres
def test_floor_2_the_pit_in_russian(database, tmp_path, qtbot, russian) -> None:
    """An idle table, and one mid-round with a jam open: the window, both cards and the jammed table's audit
    opened from the pit (its rounds, the fault in its faults and overrides) are Russian; the step names the
    round, its moment and the next card."""
    from controller.floor.database import open_pool
    from ui.audit_view import AuditDialog
    from ui.pit.window import PitWindow

    played(database, tmp_path, "T1", 3)
    live = LiveTable(database, tmp_path / "T2.journal", "T2")
    pool = open_pool(database)
    window = PitWindow(pool, database, viewer=User("Борис", Role.PIT_BOSS))
    qtbot.addWidget(window)
    try:
        live.controller.staff.sign_in(DEALER)
        live.controller.submit(PlaceStakes(1, 100))
        live.controller.submit(CloseBets())
        live.controller.raise_fault("E04", "The shoe reports E04 (jam).", "shoe")
        window.resize(1366, 768)
        window.show()
        qtbot.waitUntil(lambda: set(window.cards) == {"T1", "T2"} and bool(window.views["T2"].faults),
                        timeout=10_000)
        qtbot.waitUntil(lambda: window.players.text().startswith("Игроки"), timeout=20_000)
        card = window.cards["T2"]
        assert card.step.text() == "раунд 1, сдача: 1-я карта боксу 1"
        fault = card.faults.text()
        assert fault.startswith("СБОЙ F1 E04 (") and "Шуз сообщает E04 (замятие карты)" in fault
        assert window.cards["T1"].step.text() == "между раундами (последний раунд 3)"
        hold = window.cards["T1"].hold.text()  # a Russian decimal comma and a true minus, never "4.55" or "-3.43"
        assert re.fullmatch(r"Холд −?\d+,\d\d% · теор\. −?\d+,\d\d% \(.*\)", hold), hold
        assert_russian("the pit")
        window.open_table("T2")
        qtbot.waitUntil(lambda: bool(window.findChildren(AuditDialog)), timeout=10_000)
        dialog = window.findChildren(AuditDialog)[0]
        assert dialog.wait_loaded()  # its rounds read from the database, through the table's round index
        assert dialog.round_list.rowCount() == 1
        assert dialog.tabs.tabText(dialog.tabs.count() - 1) == "Сбои и исправления"
        faults = dialog.findChild(QTableWidget, "faults_and_overrides")
        assert faults.rowCount() == 1 and "E04" in faults.item(0, 3).text()
        for tab in range(dialog.tabs.count()):
            dialog.tabs.setCurrentIndex(tab)
            assert_russian(f"the table's tab {dialog.tabs.tabText(tab)}")
        dialog.close()
    finally:
        window.shutdown()
        pool.close()
        live.close()


def test_the_floors_sentences_are_said_in_russian(russian) -> None:
    """An age, both flags of the ratings and the database's trouble, as controller.floor writes them."""
    assert [words.age_words(s) for s in (42, 185, 7_800, None)] == ["42 с", "3 мин 5 с", "2 ч 10 мин", "никогда"]
    flags = ["decisions beat basic: +0.026 antes per decision over 692 valued decisions (total +17.95 antes, 95% "
             "interval +13.77 to +22.12)",
             "won 12,000 against an expected -300: 3.4 standard deviations above expectation over 120 rounds",
             "lost 9,000 against an expected +50: 3.1 standard deviations below expectation over 80 rounds"]
    for flag in flags:
        said = words.flag_words(flag)
        assert not english_in(said), said
    assert words.flag_words(flags[0]).startswith("решения лучше базовой стратегии: +0.026 анте на решение")
    url = "postgresql://pit@db.casino/rptable"
    for error in ("password authentication failed for user pit", 'database "rptable" does not exist',
                  "permission denied for schema public", "connection refused", "something else"):
        said = words.trouble_words(explain(Exception(error), url))
        assert said.startswith("Баз") and url in said and not english_in(said.replace(url, "")), said


def test_the_floors_sentences_stay_as_written_in_english(qapp) -> None:
    assert words.age_words(185) == age_text(185)
    reason = explain(Exception("connection refused"), "postgresql://db/rptable")
    assert words.trouble_words(reason) == reason


def test_floor_2_a_table_without_faults_says_so_in_russian(russian, qtbot) -> None:
    """A table's faults and overrides, when there are none in what was read: one line says so and over what,
    instead of an empty grid."""
    from PySide6.QtWidgets import QWidget

    from ui.i18n import translate
    from ui.pit.table_audit import overrides_table

    parent = QWidget()
    qtbot.addWidget(parent)
    grid = overrides_table([], parent, translate("FloorTable", "the table's last day of play"))
    assert grid.rowCount() == 1 and grid.columnSpan(0, 0) == 4
    assert grid.item(0, 0).text() == "Ни сбоев, ни исправлений за последний игровой день стола."


def test_floor_2_a_table_never_heard_from_says_so_not_never_ago(russian) -> None:
    """A table registered on the floor that never reported nor journaled an event: its card said "last heard
    never ago · last event never ago". It says it was never heard from and has no event yet, in both
    languages and on the pit's HTML page."""
    from controller.floor.pit import TableView, _reporting_words
    from controller.table.audit.shift_report import Tally
    from ui.pit.table_card import _seen_text

    silent = TableView("T9", {}, None, None, "", 0, 0, Tally(0, 0, 0, 0, 0.0))
    assert _reporting_words(silent, 1000.0) == "NOT REPORTING (never heard from); no event yet"
    assert _seen_text(silent, 1000.0, "not reporting") == "НЕТ СВЯЗИ (сигналов не было) · событий ещё не было"
    russian.switch("en")
    assert _seen_text(silent, 1000.0, "not reporting") == "NOT REPORTING (never heard from) · no event yet"


@needs_postgres
def test_a_wrong_pin_against_the_floors_accounts_is_refused_in_russian(database, tmp_path, russian) -> None:
    """The pit's logins (a jackpot hit, a table's audit) check the floor's accounts: a wrong PIN there is
    refused in the pit's language, as at a table, where it read "Name or PIN is wrong." in the Russian pit."""
    from controller.floor.staff import FloorUserStore
    from controller.table.security.users import AuthError
    from ui.login import refusal_text

    store = FloorUserStore(database, tmp_path / "cache.db")
    try:
        admin = store.add("boss", Role.ADMIN, "902461", by=None)
        store.add("ivan", Role.PIT_BOSS, "246819", by=admin)
        said = []
        for name in ("ivan", "nobody"):
            with pytest.raises(AuthError) as refused:
                store.authenticate(name, "111222", need=Role.PIT_BOSS)
            said.append(refusal_text(refused.value))
    finally:
        store.close()
    assert said == ["Неверное имя или PIN."] * 2, said
