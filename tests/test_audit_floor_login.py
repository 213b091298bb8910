"""A pit boss of the floor's staff audits a table's journal file: `audit --journal PATH --db URL --login NAME
report|export` reads the journal file and logs her in against the floor's staff accounts in that database, with
her PIN, as the pit does. Without --db the login is against this machine's accounts, which do not know her; a
wrong PIN is refused and counted on the floor."""

from floor_kit import floor_staff, needs_postgres

from controller.opening.simulate import simulate
from controller.table.rule_files import load_preset
from controller.table.security.signing import table_key
from controller.table.security.users import Role
from ui.cli import main

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`


def answer(capsys, *args):
    capsys.readouterr()
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_audit_report_of_a_journal_file_logs_in_a_pit_boss_who_is_only_on_the_floor(database, tmp_path, capsys,
                                                                                  monkeypatch):
    floor_staff(database, ("vera", Role.PIT_BOSS, "735091"))
    path = tmp_path / "T3.journal"
    simulate(load_preset("classic"), 3, 5, journal_path=path, table_id="T3", key=table_key("T3"))
    monkeypatch.delenv("RPTABLE_LOGIN", raising=False)
    monkeypatch.setenv("RPTABLE_PIN", "735091")
    report = ("audit", "--journal", str(path), "--login", "vera", "report")
    code, out, err = answer(capsys, *report, "--out", str(tmp_path / "here"))
    assert code == 1 and out == "" and "Name or PIN is wrong" in err  # this machine's accounts do not know her
    code, out, err = answer(capsys, "audit", "--journal", str(path), "--db", database, "--login", "vera", "report",
                            "--out", str(tmp_path / "shift"))
    assert code == 0, err
    assert (tmp_path / "shift" / "report.html").exists() and "T3" in (tmp_path / "shift" / "report.html").read_text()
    code, out, err = answer(capsys, "audit", "--journal", str(path), "--db", database, "--login", "vera", "export",
                            "--format", "csv")
    assert code == 0 and out.startswith("round,") and len(out.splitlines()) > 3, err
    monkeypatch.setenv("RPTABLE_PIN", "000000")
    code, out, err = answer(capsys, "audit", "--journal", str(path), "--db", database, "--login", "vera", "report",
                            "--out", str(tmp_path / "wrong"))
    assert code == 1 and "Name or PIN is wrong" in err and not (tmp_path / "wrong").exists()
