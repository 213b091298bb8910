"""The pit as a floor manager met it: with 50 tables on a 1024x768 screen only 9 cards stood whole in
sight (three 300 px columns of tall cards). The cards are compact now: four columns at 1024 px, five at 1366 px,
a quiet table in five short lines, so twenty of fifty stand whole at 1024x768 in English (sixteen in Russian,
whose words are longer), and the alerts line above the floor stays in sight however far it is scrolled."""

import pytest
from floor_kit import needs_postgres, psycopg
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QScrollArea
from test_floor_pit import played

from controller.table.qa.autoplay import QA_PIT_BOSS
from ui.i18n import Languages

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`


def fifty_tables(database, tmp_path, *, silent="T50"):
    """T01 played; T02-T50 reported as it did (the same summary row under their own ids); `silent` not
    reporting."""
    played(database, tmp_path, "T01", 2)
    with psycopg.connect(database) as db:
        db.execute("INSERT INTO floor_tables (table_id, first_hash, last_seen, closed_at, reported_seq, journal_seq, "
                   "state) SELECT 'T' || lpad(n::text, 2, '0'), first_hash || n, last_seen, closed_at, reported_seq, "
                   "journal_seq, state FROM floor_tables, generate_series(2, 50) n WHERE table_id = 'T01'")
        db.execute("UPDATE floor_tables SET last_seen = now() - interval '30 seconds', closed_at = NULL "
                   "WHERE table_id = %s", (silent,))


def whole_in_sight(window) -> list[str]:
    viewport = window.findChild(QScrollArea).viewport()
    seen = QRect(viewport.mapToGlobal(viewport.rect().topLeft()), viewport.size())
    return [table_id for table_id, card in window.cards.items()
            if card.isVisible() and seen.contains(QRect(card.mapToGlobal(card.rect().topLeft()), card.size()))]


@pytest.mark.parametrize(("language", "size", "at_least"), [
    ("en", (1024, 768), 20), ("ru", (1024, 768), 16), ("en", (1366, 768), 25), ("ru", (1366, 768), 20)])
def test_pit_fifty_tables_stand_in_sight_with_the_alerts_above_them(database, tmp_path, qtbot, language, size,
                                                                    at_least):
    from controller.floor.database import open_pool
    from ui.pit.window import PitWindow

    fifty_tables(database, tmp_path)
    languages = Languages()
    languages.switch(language)
    pool = open_pool(database)
    window = PitWindow(pool, database, rate=False, viewer=QA_PIT_BOSS)
    qtbot.addWidget(window)
    try:
        window.setGeometry(0, 0, *size)
        window.show()
        qtbot.waitUntil(lambda: len(window.cards) == 50 and window.cards["T49"].isVisible(), timeout=10_000)
        qtbot.wait(100)  # the cards' heights settle once they are laid out
        in_sight = whole_in_sight(window)
        print(f"{language} {size}: {len(in_sight)} cards whole in sight")
        assert len(in_sight) >= at_least, f"{len(in_sight)} cards whole in sight: {sorted(in_sight)}"
        assert "T50" in in_sight  # the silent table is on top
        assert window.cards["T01"].step.text().startswith("between rounds" if language == "en" else "между раундами")
        floor = window.findChild(QScrollArea)
        floor.verticalScrollBar().setValue(floor.verticalScrollBar().maximum())
        qtbot.waitUntil(lambda: "T49" in whole_in_sight(window), timeout=2000)
        assert window.alerts.isVisible() and "T50" in window.alerts.text()
        assert not floor.isAncestorOf(window.alerts)
    finally:
        window.shutdown()
        pool.close()
        languages.switch("en")
