"""Issue "The casino floor", item 3: audit from the database. `rptable audit --db URL --table T rounds|show|recall|
verify|export|report` answers exactly as the journal does (the events read back from PostgreSQL into the same
fold), journals written before the redesign included; a tampered copy fails verification at the same event;
the floor report sets every table side by side, by table and by hour, as HTML with charts and as CSV."""

import csv
import gzip
import io
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import PIT_BOSS
from floor_kit import floor_staff, fresh_database, needs_postgres, psycopg
from tables import one_quick

from controller.floor.reporter import TableReporter
from controller.opening.simulate import simulate
from controller.table.journal.row_codec import pack_payload, payload_text
from controller.table.rule_files import load_preset
from controller.table.security.signing import table_key
from ui.cli import main

# Exports and reports need a pit boss's login: given through the environment, as a script gives it. The pit boss
# is in this machine's accounts (for a journal's audit) and in the floor's (for the database's copy).
pytestmark = [needs_postgres, pytest.mark.usefixtures("pit_boss_login")]
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`
OLD = Path(__file__).parent / "data" / "journals-main-cb3386e"
ACTIONS = (["rounds"], ["rounds", "--json"], ["rounds", "--box", "3", "--min-payout", "10"], ["show", "2"],
           ["show", "3", "--json"], ["recall"], ["recall", "--json"], ["verify"], ["verify", "--json"],
           ["export", "--format", "csv"], ["export"])



def answer(capsys, *args):
    capsys.readouterr()
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def reported(path, table, url, rounds, seed):
    reporter = TableReporter(path, table, url).start()
    report = simulate(load_preset("classic"), rounds, seed, journal_path=path, table_id=table, on_entry=reporter.wake,
                      faults="unreadable@30,jam@70", key=table_key(table))  # sealed, as a table's journal is
    assert reporter.stop().backlog == 0
    return report


def the_pit_boss_on_the_floor(url):
    from controller.table.security.users import Role

    floor_staff(url, (PIT_BOSS[0], Role.PIT_BOSS, PIT_BOSS[1]))


def test_floor_3_audit_from_the_database_answers_exactly_as_the_journal(database, tmp_path, capsys):
    the_pit_boss_on_the_floor(database)
    path = tmp_path / "T4.journal"
    reported(path, "T4", database, 8, 21)
    for action in ACTIONS:
        from_journal = answer(capsys, "audit", "--journal", str(path), "--table", "T4", *action)
        from_database = answer(capsys, "audit", "--db", database, "--table", "T4", *action)
        assert from_journal == from_database, action
        assert from_journal[0] == 0
    for where in (["--journal", str(path)], ["--db", database]):
        out = tmp_path / where[0].strip("-")
        assert answer(capsys, "audit", *where, "--table", "T4", "report", "--out", str(out))[0] == 0
    for name in ("report.csv", "report.html"):
        assert (tmp_path / "journal" / name).read_text() == (tmp_path / "db" / name).read_text()


# The default run audits classic-bought-games, the journal with the most in it (bought games, an adjustment, a void,
# a rules change, a clock fault); the nightly run (`make test-slow`) the others too: the same story under other
# rules (test_journals_from_main reads every one of them from its file in the default run).
@pytest.mark.parametrize("name", one_quick(sorted(p.name.removesuffix(".journal.gz") for p in OLD.glob("*.journal.gz")),
                                           "classic-bought-games"))
def test_floor_3_journals_written_before_the_redesign_audit_the_same_from_the_database(cluster, tmp_path, capsys,
                                                                                       name):
    database = fresh_database(cluster)
    the_pit_boss_on_the_floor(database)
    path = tmp_path / f"{name}.journal"
    path.write_bytes(gzip.decompress((OLD / f"{name}.journal.gz").read_bytes()))
    assert answer(capsys, "replicate", "--journal", str(path), "--to", database)[0] == 0
    for action in (["verify", "--json"], ["rounds", "--json"], ["recall", "--json"], ["show", "2", "--json"],
                   ["export", "--format", "csv"]):
        assert answer(capsys, "audit", "--journal", str(path), *action) == \
            answer(capsys, "audit", "--db", database, "--table", "T1", *action), action


def test_floor_3_a_copy_changed_in_the_database_fails_verification_at_that_event(database, tmp_path, capsys):
    path = tmp_path / "T5.journal"
    reported(path, "T5", database, 4, 22)
    with psycopg.connect(database) as db:
        db.execute("ALTER TABLE rptable_events DISABLE TRIGGER rptable_events_append_only")
        seq, kept = db.execute("SELECT seq, payload FROM rptable_events WHERE table_id = 'T5' AND "
                               "kind = 'StakesPlaced' ORDER BY seq LIMIT 1").fetchone()
        edited = payload_text(kept).replace('"ante":10', '"ante":20')
        assert edited != payload_text(kept)
        db.execute("UPDATE rptable_events SET payload = %s WHERE table_id = 'T5' AND seq = %s",
                   (pack_payload(edited), seq))
    code, out, _ = answer(capsys, "audit", "--db", database, "--table", "T5", "verify", "--json")
    report = json.loads(out)
    assert code == 1 and not report["ok"] and "changed after it was written" in report["reason"]


def test_floor_3_an_unknown_table_or_database_is_said_plainly(database, tmp_path, capsys):
    reported(tmp_path / "T6.journal", "T6", database, 1, 23)
    code, _, err = answer(capsys, "audit", "--db", database, "--table", "T9", "rounds")
    assert code == 1 and "holds no events of table T9" in err and "T6" in err
    missing = database.replace("/floor_", "/nothere_")
    code, _, err = answer(capsys, "audit", "--db", missing, "--table", "T6", "rounds")
    assert code == 1 and "does not exist" in err


def test_floor_3_the_floor_report_sets_every_table_side_by_side_by_table_and_by_hour(database, tmp_path, capsys):
    the_pit_boss_on_the_floor(database)
    reports = {table: reported(tmp_path / f"{table}.journal", table, database, rounds, seed)
               for table, rounds, seed in (("T1", 5, 31), ("T2", 7, 32), ("T3", 3, 33))}
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    code, out, _ = answer(capsys, "audit", "--db", database, "report", "--date", today, "--out", str(tmp_path / "f"))
    assert code == 0 and "3 table(s), 15 rounds" in out
    rows = list(csv.DictReader(io.StringIO((tmp_path / "f" / "report.csv").read_text())))
    by_table = {r["table"]: r for r in rows if r["section"] == "table"}
    total = next(r for r in rows if r["section"] == "total")
    for table, report in reports.items():
        assert int(by_table[table]["rounds"]) == report.rounds
        assert int(by_table[table]["house_win"]) == report.house_net
    assert int(total["drop"]) == sum(int(r["drop"]) for r in by_table.values())
    assert int(total["house_win"]) == sum(r.house_net for r in reports.values())
    assert {r["section"] for r in rows} == {"total", "table", "hour", "table_hour"}
    page = (tmp_path / "f" / "report.html").read_text()
    assert page.count("<svg") == 2 and "T2" in page
    code, _, err = answer(capsys, "audit", "--db", database, "report", "--out", str(tmp_path / "g"))
    assert code == 2 and "--date" in err
    code, out, _ = answer(capsys, "audit", "--db", database, "report", "--date", "1999-01-01", "--out",
                          str(tmp_path / "h"))
    assert code == 0 and "0 table(s)" in out


def test_floor_3_the_databases_copy_is_exported_by_a_pit_boss_of_the_floors_staff(database, tmp_path, capsys,
                                                                                 monkeypatch):
    """`audit --db` logs the pit boss in against the floor's staff accounts in that database, as the tables
    reporting to it do, not against this machine's accounts file: the machine's own pit boss (unknown to the
    floor) is refused; the floor's pit boss, unknown to this machine, exports and reports; a wrong PIN is
    counted on the floor."""
    from controller.floor.staff import open_accounts
    from controller.table.security.users import Role

    floor_staff(database, ("olga", Role.PIT_BOSS, "462819"), ("dima", Role.DEALER, "583920"))
    reported(tmp_path / "T7.journal", "T7", database, 2, 24)
    export = ("audit", "--db", database, "--table", "T7", "export", "--format", "csv")
    code, out, err = answer(capsys, *export)  # the machine's pit boss (RPTABLE_LOGIN), not on the floor
    assert code == 1 and out == "" and "Name or PIN is wrong" in err
    monkeypatch.setenv("RPTABLE_LOGIN", "dima")
    monkeypatch.setenv("RPTABLE_PIN", "583920")
    code, out, err = answer(capsys, *export)
    assert code == 1 and out == "" and "a pit boss is needed" in err
    monkeypatch.setenv("RPTABLE_LOGIN", "olga")
    monkeypatch.setenv("RPTABLE_PIN", "000000")
    assert answer(capsys, *export)[0] == 1
    monkeypatch.setenv("RPTABLE_PIN", "462819")
    code, out, _ = answer(capsys, *export)
    assert code == 0 and out.startswith("round,")
    code, _, _ = answer(capsys, "audit", "--db", database, "--table", "T7", "report", "--out", str(tmp_path / "r"))
    assert code == 0 and (tmp_path / "r" / "report.html").exists()
    floor = open_accounts(database)
    try:
        tried = [action for _, _, action, name, _ in floor.log() if name == "olga"]
    finally:
        floor.close()
    assert tried.count("login_attempt") == 3 and tried.count("login") == 2  # every attempt counted on the floor
