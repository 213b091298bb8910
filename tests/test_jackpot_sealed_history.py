"""Against a real PostgreSQL: the linked jackpot takes stakes from, and pays hits with, only the history the floor
already credited for a table, sealed by the key the floor approved for it. A copy of a linked table's journal,
played on under the same table id, was taken by the meter and paid a hit; a table with no approved key played
the jackpot, and `replicate` of a journal forged under a new table's id claimed the id before the genuine table.
Now the meter keeps the event it credited each table up to, the link and a confirmation refuse a journal that
does not hold it, and a floor set up by `rptable floor init` takes nothing from a table without an approved key
(the setting `tables_need_approved_key`, read with `floor_setting`)."""

import shutil

import psycopg
import pytest
from cli_kit import rptable
from floor_kit import needs_postgres, query, wait_for
from jackpot_kit import NOTHING, ROYAL_FOR_BOX_1, deal_round, floor_staff, jackpot_rules
from tables import acknowledged

from controller.engine import Bet
from controller.floor.jackpot_link import JackpotLink, confirm_hit
from controller.floor.jackpot_meter import JackpotMeter, JackpotRefused
from controller.floor.roles import init_floor
from controller.floor.settings import TABLES_NEED_APPROVED_KEY, floor_setting
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.security.signing import table_key
from controller.table.security.users import Role, User

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]
IVAN = User("ivan", Role.PIT_BOSS)


def as_role(url, role):
    """The same database, as another PostgreSQL user (the test cluster trusts its socket: no password)."""
    return url.replace("postgresql://postgres@", f"postgresql://{role}@")


def linked_table(path, url, table="K1"):
    """A table on `path`, linked to the meter at `url`: (its journal, its controller, its link)."""
    journal = Journal(path, table)
    controller = acknowledged(TableController(journal, jackpot_rules(), key=table_key(table)))
    link = JackpotLink(path, table, url, jackpot_rules().jackpot).start()
    controller.add_listener(link.wake)
    return journal, controller, link


def credited(url, table="K1"):
    meter = JackpotMeter(url)
    try:
        return meter.credited(table)[0]
    finally:
        meter.close()


def test_a_copy_of_a_linked_tables_journal_takes_no_stake_and_pays_no_hit(database, tmp_path):
    floor_staff(database, tmp_path)
    path, copy = tmp_path / "K1.journal", tmp_path / "K1copy.journal"
    journal, controller, link = linked_table(path, database)
    try:
        assert link.wait_reachable(10)
        round_id = deal_round(controller, ROYAL_FOR_BOX_1)
        wait_for(lambda: link.state.pending and credited(database) == journal.last_seq, timeout=10)
    finally:
        link.stop()
        journal.close()
    shutil.copy(path, copy)  # the copy holds the hit, as the table's journal does
    journal, controller, link = linked_table(path, database)
    try:  # the table plays on: the meter credits its events past what the copy holds
        assert link.wait_reachable(10)
        held = journal.last_seq
        controller.submit(Bet(1))
        wait_for(lambda: credited(database) == journal.last_seq > held, timeout=10)
    finally:
        link.stop()
    copied, impostor, copy_link = linked_table(copy, database)
    try:
        wait_for(lambda: "not the history the jackpot meter took table K1's stakes from" in copy_link.state.problem,
                 timeout=10)
        assert copy_link.closed_reason.startswith("Jackpot betting closed: The journal")
        with pytest.raises(JackpotRefused, match=r"credited the table's events up to #\d+ and this journal holds"):
            confirm_hit(impostor, database, round_id, 1, IVAN)
        done = rptable("jackpot", "confirm", "--db", database, "--table", "K1", "--round", round_id, "--box", "1",
                       "--pit-boss", "ivan", "--journal", str(tmp_path / "K1copy.journal"), stdin="246819\n")
        assert done.returncode == 1 and "is a copy of the table's journal, or an older or another one" in done.stderr
    finally:
        copy_link.stop()
        copied.close()
    assert [s for (s,) in query(database, "SELECT status FROM jackpot_hits")] == ["pending"]
    try:
        paid = confirm_hit(controller, database, round_id, 1, IVAN)  # the table's own journal pays it
        assert paid.status == "paid"
    finally:
        journal.close()


def test_a_journal_sealed_by_another_key_than_the_approved_one_is_refused_by_the_link(database, tmp_path,
                                                                                      monkeypatch):
    floor_staff(database, tmp_path)
    connection = psycopg.connect(database)
    try:
        from controller.floor.table_keys import approve, register

        register(connection, "K1", table_key("K1"))
        approve(connection, "K1", "boss")
    finally:
        connection.close()
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path / "elsewhere"))  # another machine: its own key for K1
    journal, controller, link = linked_table(tmp_path / "K1.journal", database)
    try:
        deal_round(controller, NOTHING)
        wait_for(lambda: "does not verify" in link.state.problem, timeout=10)
        assert "seal" in link.state.problem
        assert query(database, "SELECT count(*) FROM jackpot_ledger WHERE kind = 'contribution'") == [(0,)]
    finally:
        link.stop()
        journal.close()


def test_a_floor_set_up_by_floor_init_takes_nothing_from_a_table_without_an_approved_key(database, tmp_path):
    fresh = psycopg.connect(database)
    try:
        assert not floor_setting(fresh, TABLES_NEED_APPROVED_KEY)  # a floor the programs made: as before
        init_floor(fresh)
        assert floor_setting(fresh, TABLES_NEED_APPROVED_KEY)
    finally:
        fresh.close()
    table_url, admin_url = as_role(database, "rptable_table"), as_role(database, "rptable_admin")
    with psycopg.connect(table_url) as db, pytest.raises(psycopg.Error, match="permission denied"):
        db.execute("INSERT INTO floor_settings (name, value, set_by) VALUES (%s, 'off', 'a table')",
                   (TABLES_NEED_APPROVED_KEY,))
    forged = tmp_path / "K9.journal"  # made anywhere under a table id the floor has not seen yet
    with Journal(forged, "K9") as journal:
        deal_round(acknowledged(TableController(journal, jackpot_rules(), key=table_key("K9"))), NOTHING)
    replicate = ("replicate", "--journal", str(forged), "--table", "K9", "--to", table_url)
    done = rptable(*replicate)
    assert done.returncode == 4, done.stdout + done.stderr
    assert ("table K9 has no approved key on the floor" in done.stderr and "rptable floor register-key --table K9"
            in done.stderr and "rptable floor approve-key K9 --admin NAME" in done.stderr)
    assert query(database, "SELECT count(*) FROM rptable_events") == [(0,)]
    journal, _table, link = linked_table(tmp_path / "K8.journal", table_url, table="K8")
    try:
        wait_for(lambda: "Table K8 has no approved key on the floor" in link.state.problem, timeout=10)
        assert link.closed_reason.startswith("Jackpot betting closed: Table K8 has no approved key")
    finally:
        link.stop()
        journal.close()
    with psycopg.connect(table_url) as db, pytest.raises(psycopg.Error, match="takes no stake from it"):
        db.execute("INSERT INTO jackpot_ledger (meter_id, kind, table_id, round_id, box, amount, meter_after) VALUES "
                   "('main', 'contribution', 'K8', 'K8-000001', 1, 2, 100002)")
    floor_staff(admin_url, tmp_path)
    assert rptable("floor", "register-key", "--table", "K9", "--db", table_url).returncode == 0
    assert rptable("floor", "approve-key", "K9", "--admin", "boss", "--db", admin_url, stdin="902461\n").returncode == 0
    done = rptable(*replicate)
    assert done.returncode == 0, done.stderr
    assert query(database, "SELECT count(*) FROM rptable_events WHERE table_id = 'K9'") != [(0,)]


def test_the_jackpot_tables_are_kept_from_being_emptied_by_the_one_append_only_function(database, tmp_path):
    """The jackpot kept a TRUNCATE trigger function of its own, pasted on its four tables; they take the one every
    append-only table of the floor uses now, with the jackpot's words."""
    meter = JackpotMeter(database)
    try:
        meter.link("T1", 100_000)
    finally:
        meter.close()
    assert query(database, "SELECT count(*) FROM pg_proc WHERE proname = 'jackpot_not_emptied'") == [(0,)]
    for table in ("jackpot_ledger", "jackpot_hits", "jackpot_meter", "jackpot_tables"):
        found = query(database, "SELECT p.proname FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid WHERE "
                                "t.tgrelid = %s::regclass AND t.tgname = %s", table, f"{table}_not_truncated")
        assert found == [("rptable_append_only",)], table
        with psycopg.connect(database) as db, pytest.raises(psycopg.Error,
                                                            match=f"the jackpot's tables are kept: {table} cannot be "
                                                                  "emptied"):
            db.execute(f"TRUNCATE {table} CASCADE")
