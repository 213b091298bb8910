"""A floor that takes only shoes that prove their key: an admin turns the floor's setting `shoes_must_authenticate`
on (`rptable floor set`); a table on that floor journals it as it starts (table.shoe_policy), and a shoe that
proves no key (plain SHOE/1, which a wire on its cable can imitate) then stops it with a fault a pit boss
resolves. The journal keeps the floor's word, so a table that cannot reach the floor still refuses."""

import json
import time

from cli_kit import rptable
from floor_kit import needs_postgres, psycopg
from test_floor_roles import as_role, initialised, refused_sql, staffed

from controller.floor.settings import SHOES_MUST_AUTHENTICATE, floor_setting_of, set_setting
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.rule_files import load_preset
from drivers.base import DeviceIdentity, StatusEvent

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`

PLAIN = DeviceIdentity("RS-200-SIM", "SN000001", "1.0.0")
PAIRED = DeviceIdentity("RS-200-SIM", "SN000001", "1.0.0", "855d624f")


def shoe_connects(table: TableController, identity: DeviceIdentity) -> None:
    table.source_event(StatusEvent("CONNECTED", "sim://", time.time(), "", identity))


def open_faults(table: TableController) -> list[str]:
    return [fault.code for fault in table.faults.values()]


def test_a_floor_that_takes_only_proved_shoes_stops_a_table_whose_shoe_proves_no_key(database, tmp_path):
    initialised(database)
    with psycopg.connect(database) as owner:
        set_setting(owner, SHOES_MUST_AUTHENTICATE, True, "test")
    table_url = as_role(database, "rptable_table")
    path = tmp_path / "T1.journal"
    with Journal(path, "T1") as journal:
        table = TableController(journal, load_preset("classic"))
        assert table.follow_floor_settings(floor_setting_of(table_url, SHOES_MUST_AUTHENTICATE))[-1].kind == \
            "table.shoe_policy"
        assert table.follow_floor_settings(True) == []  # the same word again journals nothing
        shoe_connects(table, PLAIN)
        assert open_faults(table) == ["SHOE_NOT_AUTHENTICATED"]
        assert "plain SHOE/1" in next(iter(table.faults.values())).text
    with Journal(path, "T1") as journal:  # restarted, the floor out of reach: the journal's word holds
        table = TableController(journal, load_preset("classic"))
        assert table.history.shoes_must_authenticate
        shoe_connects(table, PAIRED)
        assert "SHOE_NOT_AUTHENTICATED" not in open_faults(table)[1:]  # a shoe that proves its key is taken


def test_a_floor_that_never_asked_takes_a_plain_shoe_as_before(database, tmp_path):
    initialised(database)
    with Journal(tmp_path / "T1.journal", "T1") as journal:
        table = TableController(journal, load_preset("classic"))
        assert table.follow_floor_settings(floor_setting_of(database, SHOES_MUST_AUTHENTICATE)) == []
        shoe_connects(table, PLAIN)
        assert "SHOE_NOT_AUTHENTICATED" not in open_faults(table)


def test_only_an_admin_turns_the_setting_on_and_the_floor_lists_its_settings(database, tmp_path):
    staffed(database, tmp_path)
    admin_url = as_role(database, "rptable_admin")
    done = rptable("floor", "set", SHOES_MUST_AUTHENTICATE, "on", "--admin", "root", "--db", admin_url,
                   stdin="991357\n")
    assert done.returncode == 0, done.stderr
    assert "shoes_must_authenticate is on, set by root" in done.stdout
    listed = rptable("floor", "settings", "--db", as_role(database, "rptable_table"), "--json")
    assert json.loads(listed.stdout) == {"tables_need_approved_key": True, "shoes_must_authenticate": True}
    wrong = rptable("floor", "set", SHOES_MUST_AUTHENTICATE, "off", "--admin", "root", "--db", admin_url,
                    stdin="000000\n")
    assert wrong.returncode != 0 and "wrong" in wrong.stderr.lower()
    unknown = rptable("floor", "set", "shoes_must_shine", "on", "--admin", "root", "--db", admin_url,
                      stdin="991357\n")
    assert unknown.returncode != 0 and "there is no floor setting 'shoes_must_shine'" in unknown.stderr
    # the tables' role cannot turn it off
    assert isinstance(refused_sql(as_role(database, "rptable_table"), "INSERT INTO floor_settings (name, value, "
                                  "set_by) VALUES ('shoes_must_authenticate', 'off', 'a table')"),
                      psycopg.errors.InsufficientPrivilege)


def test_the_fault_a_plain_shoe_raises_is_resolved_by_a_pit_boss_and_journaled(tmp_path):
    from controller.table.security.users import Role, User

    with Journal(tmp_path / "T1.journal", "T1") as journal:
        table = TableController(journal, load_preset("classic"))
        table.follow_floor_settings(True)
        shoe_connects(table, PLAIN)
        fault = next(iter(table.faults.values()))
        table.overrides.resolve_fault(fault.fault_id, User("boris", Role.PIT_BOSS),
                                      "the shoe's key is being made; deal with it as it is today")
        assert open_faults(table) == []
        kinds = [entry.kind for entry in journal.entries()]
    assert kinds.index("table.shoe_policy") < kinds.index("table.fault") < kinds.index("table.fault_resolved")


def test_a_plain_shoe_connecting_then_ready_is_one_fault_raised_once(tmp_path):
    """A session says CONNECTED, then READY, each naming the shoe: the pit boss sees one fault, not one 'raised 2
    times' at a single start."""
    with Journal(tmp_path / "T1.journal", "T1") as journal:
        table = TableController(journal, load_preset("classic"))
        table.follow_floor_settings(True)
        shoe_connects(table, PLAIN)
        table.source_event(StatusEvent("READY", "sim://", time.time(), "", PLAIN))
        (fault,) = table.faults.values()
        assert fault.code == "SHOE_NOT_AUTHENTICATED" and fault.count == 1
        assert [e.kind for e in journal.entries()].count("table.fault_repeated") == 0
