"""The operator guard (issue: house rules safe for the operator): every rules file's house edge under basic strategy
is known or measurable; a table on rules that favour a skilled player, or whose edge was never measured, says so and
opens no round until an admin has acknowledged it in the journal."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pytest
from cli_kit import rptable
from floor_kit import needs_postgres

from controller.analysis.basic_edge import EdgeEstimate
from controller.analysis.casino_files import save_edge
from controller.engine import IllegalCommand, PlaceStakes
from controller.measured.house_edges import EdgeFinding
from controller.measured.operator_guard import rules_edge
from controller.table.controller import TableController, TableLocked
from controller.table.journal import Journal
from controller.table.rule_files import load_preset
from controller.table.security.signing import table_key
from controller.table.security.users import Role, User

ADMIN = User("ada", Role.ADMIN)
PIT_BOSS = User("boris", Role.PIT_BOSS)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(folder))
    return folder


pytest_plugins = ["floor_kit"]  # the fixture `database`, for a table on the floor


def measured(rules, edge: float, half: float = 0.002) -> None:
    """Record a measured edge for these rules in the data folder, as `analyze --strategy basic` does."""
    estimate = EdgeEstimate(rules.name, "basic", edge, (edge - half, edge + half), 0.01, 2.5, 10_000, 0.6, 1.0, ())
    save_edge(rules, estimate, seed=1)


def house_own(name: str = "house-own"):
    return replace(load_preset("four-seat"), name=name, ante_on_win="paid")


def test_a_preset_where_the_house_keeps_its_edge_opens_without_acknowledgement(tmp_path, data_dir):
    status = rules_edge(load_preset("four-seat"))
    assert status.finding is EdgeFinding.HOUSE and not status.needs_acknowledgement
    assert "House edge of 'four-seat' under basic strategy" in status.words()
    table = TableController(Journal(tmp_path / "T1.journal"), load_preset("four-seat"))
    table.submit(PlaceStakes(1, 10))
    assert table.round_open


def test_rules_whose_edge_was_never_measured_open_no_round_until_an_admin_acknowledges(tmp_path, data_dir):
    rules = house_own()
    status = rules_edge(rules)
    assert status.finding is EdgeFinding.UNMEASURED and status.needs_acknowledgement
    path = tmp_path / "T1.journal"
    table = TableController(Journal(path), rules)
    with pytest.raises(TableLocked, match=r"never been measured.*rptable analyze.*No round opens until then: an admin "
                                        r"acknowledges it in the console \(Staff \[F7\]\), or with the console "
                                        r"closed runs `rptable rules acknowledge --journal "):
        table.submit(PlaceStakes(1, 10))
    assert not table.round_open
    with pytest.raises(IllegalCommand, match="an admin must acknowledge"):
        table.edge_guard.acknowledge(PIT_BOSS, "we know")
    with pytest.raises(IllegalCommand, match="needs a reason"):
        table.edge_guard.acknowledge(ADMIN, " ")
    entries = table.edge_guard.acknowledge(ADMIN, "house's own rules, edge to be measured this week")
    assert [e.kind for e in entries] == ["table.rules_edge_acknowledged"]
    assert entries[0].payload["finding"] == "unmeasured" and entries[0].actor == ADMIN.label
    table.submit(PlaceStakes(1, 10))
    assert table.round_open
    table.journal.close()
    # The acknowledgement is in the journal: the table restarted remembers it.
    again = TableController(Journal(path))
    assert again.edge_guard.acknowledged
    with pytest.raises(IllegalCommand, match="Nothing to acknowledge"):
        again.edge_guard.acknowledge(ADMIN, "twice")


def test_rules_that_favour_a_skilled_player_say_how_much_and_need_acknowledgement(tmp_path, data_dir):
    rules = house_own()
    measured(rules, -0.0931)
    status = rules_edge(rules)
    assert status.finding is EdgeFinding.PLAYER
    assert "favour a skilled player" in status.words() and "wins 9.31% of the ante" in status.words()
    table = TableController(Journal(tmp_path / "T1.journal"), rules)
    with pytest.raises(TableLocked, match="favour a skilled player"):
        table.submit(PlaceStakes(1, 10))
    table.edge_guard.acknowledge(ADMIN, "promotion night, approved by the casino manager")
    table.submit(PlaceStakes(1, 10))


def test_an_edge_whose_interval_reaches_zero_needs_acknowledgement_too(data_dir):
    rules = house_own()
    measured(rules, 0.0005, half=0.001)
    status = rules_edge(rules)
    assert status.finding is EdgeFinding.TOO_CLOSE and status.needs_acknowledgement
    assert "reaches zero" in status.words()


def test_a_measured_house_edge_of_a_casinos_file_lets_its_table_open(tmp_path, data_dir):
    rules = house_own("house-safe")
    measured(rules, 0.031)
    assert not rules_edge(rules).needs_acknowledgement
    # The figure belongs to the rules' play: a copy with another name and notes finds it too.
    assert not rules_edge(replace(rules, name="renamed", notes="ours")).needs_acknowledgement


def test_cli_rules_show_says_the_presets_edge_and_check_says_which_settings_favour_a_player(tmp_path):
    env = dict(os.environ, RPTABLE_DATA_DIR=str(tmp_path / "data"))
    shown = rptable("rules", "show", "online", env=env)
    assert shown.returncode == 0 and shown.stdout.startswith("# The rules 'online' favour a skilled player")
    classic = rptable("rules", "show", "classic", env=env).stdout
    path = tmp_path / "with-repeats.toml"
    path.write_text(classic.replace('repeat_single = "none"', 'repeat_single = "flat"')
                    .replace('name = "classic"', 'name = "with-repeats"'))
    checked = rptable("rules", "check", str(path), env=env)
    assert checked.returncode == 0, checked.stderr
    out = " ".join(checked.stdout.split())
    assert "valid house rules 'with-repeats'" in out and "never been measured" in out
    assert 'draw.repeat_single = "flat": a four-card flush exchanged one card at a time until the flush fills' in out
    value = float(out.split("until the flush fills is worth ")[1].split()[0])
    assert 1.8 < value < 3.0  # about +2.4 antes, not the +1.1 of stopping at a pair


def table_with_an_admin(tmp_path: Path) -> tuple[dict[str, str], Path, Path]:
    """A table T1 on never-measured rules, made with its own key, and an accounts file whose first admin is ada
    (PIN 991357): the commands' environment, the accounts file and the journal."""
    env = dict(os.environ, RPTABLE_DATA_DIR=str(tmp_path / "data"))
    users = tmp_path / "users.db"
    assert rptable("users", "--users", str(users), "bootstrap", "ada", stdin="991357\n", env=env).returncode == 0
    journal = tmp_path / "T1.journal"
    with pytest.MonkeyPatch.context() as patch:  # the table's own key, in the data folder the commands use
        patch.setenv("RPTABLE_DATA_DIR", str(tmp_path / "data"))
        TableController(Journal(journal), house_own(), key=table_key("T1")).journal.close()
    return env, users, journal


def test_cli_rules_acknowledge_records_an_admins_acknowledgement(tmp_path):
    env, users, journal = table_with_an_admin(tmp_path)
    wrong = rptable("rules", "acknowledge", "--journal", str(journal), "--admin", "ada", "--reason", "r",
                    "--users", str(users), stdin="137999\n", env=env)
    assert wrong.returncode == 1
    done = rptable("rules", "acknowledge", "--journal", str(journal), "--admin", "ada", "--users", str(users),
                   "--reason", "our own rules, measured next week", stdin="991357\n", env=env)
    assert done.returncode == 0, done.stderr
    assert "Acknowledged by admin:ada" in " ".join(done.stdout.split())
    with Journal(journal, readonly=True) as kept:
        acknowledged = [e for e in kept.entries() if e.kind == "table.rules_edge_acknowledged"]
    assert len(acknowledged) == 1 and json.loads(acknowledged[0].payload_json)["reason"] == \
        "our own rules, measured next week"
    # sealed with the table's key like everything the table journals: not "appended behind the table's back"
    verified = rptable("audit", "--journal", str(journal), "verify", env=env)
    assert verified.returncode == 0 and "SIGNED" in verified.stdout, verified.stdout + verified.stderr


def test_the_console_warns_of_the_edge_and_says_who_acknowledged_it(make_console):
    # The info bar words the operator guard's finding (one place: rules_edge); the admin's acknowledgement that
    # let the table open is shown beside it, as the journal holds it.
    window = make_console("classic")
    info = window.info_bar
    assert "favour a skilled player" in info.warning.text() and "−8.4%" in info.warning.text()
    assert window.controller.edge_guard.acknowledged_by == "admin:root"
    assert "Acknowledged by root: the table may open" in info.warning.toolTip()
    assert "Acknowledged by root" in info.toolTip()
    house = make_console("four-seat")
    assert house.info_bar.warning.text() == "" and house.controller.edge_guard.acknowledged_by is None


def test_cli_rules_acknowledge_with_tampered_accounts_raises_the_accounts_fault_at_the_table(tmp_path):
    """An admin logging in on the command line to a store edited behind the program's back is refused, and the
    table whose journal the command opened raises its ACCOUNTS fault (before, only the console's start did)."""
    import sqlite3

    env, users, journal = table_with_an_admin(tmp_path)
    db = sqlite3.connect(users)
    db.executescript("DROP TRIGGER account_events_no_update; UPDATE account_events SET at = at + 1;")
    db.close()
    refused = rptable("rules", "acknowledge", "--journal", str(journal), "--admin", "ada", "--users", str(users),
                      "--reason", "our own rules", stdin="991357\n", env=env)
    assert refused.returncode == 1 and "tampered" in refused.stderr and "Traceback" not in refused.stderr
    with Journal(journal, readonly=True) as kept:
        faults = [json.loads(e.payload_json)["code"] for e in kept.entries() if e.kind == "table.fault"]
        acknowledged = [e for e in kept.entries() if e.kind == "table.rules_edge_acknowledged"]
    assert faults == ["ACCOUNTS"] and acknowledged == []


@needs_postgres
def test_cli_rules_acknowledge_by_an_admin_of_the_floors_accounts(tmp_path, database):
    """A table on the floor (T4, not the default T1) logs its staff in against the floor's database: its rules
    are acknowledged by an admin of those accounts too, not of a file this machine would otherwise not need."""
    env = dict(os.environ, RPTABLE_DATA_DIR=str(tmp_path / "data"))
    made = rptable("users", "--db", database, "bootstrap", "ada", stdin="991357\n", env=env)
    assert made.returncode == 0, made.stderr
    journal = tmp_path / "T4.journal"
    TableController(Journal(journal, "T4"), house_own()).journal.close()
    done = rptable("rules", "acknowledge", "--journal", str(journal), "--table", "T4", "--admin", "ada", "--db",
                   database, "--reason", "the floor's admin saw it", stdin="991357\n", env=env)
    assert done.returncode == 0, done.stderr
    with Journal(journal, "T4", readonly=True) as kept:
        assert [e.actor for e in kept.entries() if e.kind == "table.rules_edge_acknowledged"] == ["admin:ada"]
