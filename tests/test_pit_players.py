"""The pit as a floor manager met it: today's players (theo and actual, average bet, time played, the EV
a decision lost against basic) were only in `rptable pit --json`. Now the pit's window lists them in a tab beside
the tables, and its HTML page in a table, flagged players first, then the most staked first."""

import json

from floor_kit import needs_postgres, psycopg, query
from PySide6.QtWidgets import QHeaderView
from test_floor_pit import snapshot

from controller.floor.ratings import value_pending
from controller.floor.reporter import TableReporter
from controller.floor.seats import Seat, seating
from controller.opening.simulate import simulate
from controller.table.qa.autoplay import QA_PIT_BOSS
from controller.table.rule_files import load_preset
from ui.cli import main
from ui.i18n import Languages

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`


def anna_and_boris(database, tmp_path):
    """20 rounds at T1: Anna plays basic (her decisions lose nothing), Boris plays simply (his lose some)."""
    path = tmp_path / "T1.journal"
    reporter = TableReporter(path, "T1", database).start()
    simulate(load_preset("classic"), 20, 8, boxes=2, journal_path=path, table_id="T1", on_entry=reporter.wake,
             seating=seating({1: Seat(1, "Anna", "basic"), 2: Seat(2, "Boris")}, seed=8))
    reporter.stop()
    with psycopg.connect(database) as db:
        value_pending(db, budget=60)


def rows_of(table):
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    return [dict(zip(headers, (table.item(r, c).text() for c in range(table.columnCount())), strict=True))
            for r in range(table.rowCount())]


def test_pit_lists_todays_players_with_theo_actual_average_bet_time_and_ev_lost(database, tmp_path, qtbot, capsys):
    from controller.floor.database import open_pool
    from ui.pit.window import PitWindow

    anna_and_boris(database, tmp_path)
    players = {p["player"]: p for p in snapshot(capsys, database)["players"]}
    pool = open_pool(database)
    window = PitWindow(pool, database, viewer=QA_PIT_BOSS)
    qtbot.addWidget(window)
    try:
        window.setGeometry(0, 0, 1024, 768)
        window.show()
        qtbot.waitUntil(lambda: window.players_table.rowCount() == 2, timeout=20_000)
        assert window.tabs.tabText(1) == "Players today (2)"
        window.tabs.setCurrentWidget(window.players_table)
        rows = {row["Player"]: row for row in rows_of(window.players_table)}
        for name in ("Anna", "Boris"):
            row, seen = rows[name], players[name]
            assert row["Table"] == "T1" and row["Rounds"] == "20" == str(seen["rounds"])
            assert row["Time played"] == f"{int(seen['minutes'])} min"
            assert row["Avg bet"] == f"{seen['wagered'] / 20:,.1f}"
            assert row["Theo win"] == f"{round(seen['theoretical_win']):+,}".replace("-", "−").replace("+0", "0")
            assert row["Actual win"] == f"{-seen['win']:+,}".replace("-", "−").replace("+0", "0")
            assert row["EV lost a decision"] == f"{seen['decisions']['cost_per_decision']:.3f}".replace("-", "−")
            assert row["Decisions valued"] == f"{seen['decisions']['valued']} of {seen['decisions']['made']}"
        assert rows["Anna"]["EV lost a decision"] == "0.000" and float(rows["Boris"]["EV lost a decision"]) > 0
        table = window.players_table
        assert table.isVisible() and table.horizontalHeader().sectionResizeMode(0) == QHeaderView.ResizeMode.Stretch
        right_edge = max(table.columnViewportPosition(c) + table.columnWidth(c) for c in range(table.columnCount()))
        assert right_edge <= table.viewport().width()  # every column in sight at 1024 px
    finally:
        window.shutdown()
        pool.close()


def test_pit_page_lists_todays_players(database, tmp_path, capsys):
    anna_and_boris(database, tmp_path)
    page = tmp_path / "pit.html"
    assert main(["pit", "--db", database, "--html", str(page)]) == 0
    boris = next(p for p in json.loads(_json(capsys, database))["players"] if p["player"] == "Boris")
    text = page.read_text()
    assert "<h2>Players today</h2>" in text and "EV lost a decision (antes)" in text
    row = text[text.index("<td>Boris"):]
    row = row[:row.index("</tr>")]
    assert f"{boris['decisions']['cost_per_decision']:+.3f}" in row and f"{-boris['win']:+,}" in row


def test_pit_players_speak_russian(qapp):
    from ui.pit.players import PlayersTable

    languages = Languages()
    languages.switch("ru")
    try:
        table = PlayersTable()
        headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
        assert headers[0] == "Игрок" and "решение" in headers[7]
    finally:
        languages.switch("en")


def _json(capsys, database):
    capsys.readouterr()
    assert main(["pit", "--db", database, "--json"]) == 0
    return capsys.readouterr().out


def test_pit_players_stay_listed_when_a_table_plays_house_rules_without_a_basic_strategy(database, tmp_path,
                                                                                         capsys):
    """A table on the house's own rules (classic with the repeated exchange on) has no basic strategy to value its
    decisions against: before, the first such decision stopped the pit's ratings (and `pit --json`) for the whole
    floor."""
    anna_and_boris(database, tmp_path)
    house = tmp_path / "house.toml"
    house.write_text('extends = "classic"\nname = "classic-repeats"\n[draw]\nrepeat_single = "flat"\n')
    assert main(["simulate", "--rules", str(house), "--rounds", "3",
                 "--seed", "1", "--table", "J1", "--journal", str(tmp_path / "J1.journal"), "--replica", database,
                 "--player", "1=Olga"]) == 0
    players = {p["player"]: p for p in snapshot(capsys, database)["players"]}
    assert {"Anna", "Boris", "Olga"} <= set(players)
    (note,), = {tuple(r) for r in query(database, "SELECT DISTINCT note FROM floor_decisions WHERE table_id = 'J1' "
                                                  "AND cost IS NULL")}
    assert note == "not valued: no basic strategy for the rules 'classic-repeats'"
