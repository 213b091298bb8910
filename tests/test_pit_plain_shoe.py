"""A plain shoe: a table whose shoe does not prove its SHOE/1-A key (plain SHOE/1, which a wire on the
cable can imitate) is said on the pit all the while (its card, its JSON and its HTML page), not only on the
table's own console; a table whose shoe proved its key is not."""

from pathlib import Path

from floor_kit import needs_postgres
from test_floor_pit import snapshot

from controller.floor.reporter import TableReporter
from controller.opening.simulate import simulate
from controller.table.rule_files import load_preset
from drivers.shoe1.auth import write_key_file
from ui.cli import main

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`


def played(url: str, folder: Path, table: str, key: Path | None) -> None:
    path = folder / f"{table}.journal"
    reporter = TableReporter(path, table, url).start()
    simulate(load_preset("four-seat"), 2, 3, journal_path=path, table_id=table, on_entry=reporter.wake,
             shoe_key=str(key) if key is not None else None)
    reporter.stop()


def test_a_plain_shoe_is_said_on_the_pit_and_a_paired_one_is_not(database, tmp_path, capsys, qtbot) -> None:
    key = tmp_path / "K1-shoe.key"
    write_key_file(key)
    played(database, tmp_path, "P1", None)
    played(database, tmp_path, "K1", key)
    tables = {t["table"]: t for t in snapshot(capsys, database)["tables"]}
    assert tables["P1"]["shoe_authenticated"] is False and tables["K1"]["shoe_authenticated"] is True
    page = tmp_path / "pit.html"
    assert main(["pit", "--db", database, "--html", str(page)]) == 0
    text = page.read_text()
    assert text.count("shoe not authenticated") == 1 and text.index("P1") < text.index("shoe not authenticated")

    from controller.floor.database import open_pool
    from ui.pit.window import PitWindow

    pool = open_pool(database)
    window = PitWindow(pool, database, rate=False)
    qtbot.addWidget(window)
    try:
        window.resize(1024, 768)
        window.show()
        qtbot.waitUntil(lambda: set(window.cards) == {"P1", "K1"} and bool(window.cards["P1"].shoe.text()),
                        timeout=10_000)
        said = {table: not card.shoe.isHidden() and "not authenticated" in card.shoe.text()
                for table, card in window.cards.items()}
    finally:
        window.close()
        pool.close()
    assert said == {"P1": True, "K1": False}


def test_the_floor_report_names_the_table_whose_shoe_proved_no_key(database, tmp_path) -> None:
    from datetime import UTC, datetime

    import psycopg

    from controller.floor.floor_report import build_floor_report, floor_html

    key = tmp_path / "K1-shoe.key"
    write_key_file(key)
    played(database, tmp_path, "P1", None)
    played(database, tmp_path, "K1", key)
    with psycopg.connect(database) as connection:
        opened = connection.execute("SELECT min(opened_at) FROM floor_rounds").fetchone()[0]
        report = build_floor_report(connection, datetime.fromtimestamp(opened, UTC).strftime("%Y-%m-%d"))
    assert report.tables["P1"].plain_shoe_rounds == 2 and report.tables["K1"].plain_shoe_rounds == 0
    page = floor_html(report)
    assert page.count("shoe not authenticated") == 1 and "P1: shoe not authenticated: 2 of 2 rounds" in page
