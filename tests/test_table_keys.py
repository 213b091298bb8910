"""docs/security.md "Signed history": a table's public key is registered with the floor once and approved by an
admin of the floor; the replica, the reporter and `audit verify --db` then check the table's seals with it, so a
journal resealed with a key file put in the table's place is refused even where the floor never had the genuine
journal. A key change is a new approval, and the history of keys is kept as it was made."""

import json

import pytest
from cli_kit import rptable_said
from floor_kit import floor_staff, needs_postgres, query

from controller.opening.simulate import simulate
from controller.table.rule_files import load_preset
from controller.table.security.signing import table_key, table_key_path
from ui.cli.audit import EXIT_OTHER_KEY
from ui.cli.floor import EXIT_NOT_APPROVED
from ui.cli.replicate import EXIT_OTHER_KEY as REPLICA_OTHER_KEY

psycopg = pytest.importorskip("psycopg")
pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]
ROOT_PIN = "991357"  # floor_kit's first admin, floor-root


def registered_and_approved(url, table="T1"):
    status, out, _ = rptable_said("floor", "register-key", "--table", table, "--db", url)
    assert status == 0 and "registered with the floor" in out
    status, out, err = rptable_said("floor", "approve-key", table, "--admin", "floor-root", "--db", url,
                                    stdin=f"{ROOT_PIN}\n")
    assert status == 0, err
    assert "approved by floor-root" in out
    return table_key(table).public


def key_file_replaced(table="T1"):
    """The forger puts a key of his own in the table's place: the table's machine now knows only his."""
    table_key_path(table).unlink()
    return table_key(table).public


def sealed_by_a_forger(database, tmp_path):
    """The floor's staff, the table's genuine key registered and approved, then a forger's key file put in its
    place and three rounds sealed with it: (the approved key, the forger's key, the journal)."""
    floor_staff(database)
    genuine = registered_and_approved(database)
    forger = key_file_replaced()
    path = tmp_path / "T1.journal"
    simulate(load_preset("classic"), 3, 5, journal_path=path, key=table_key("T1"))
    return genuine, forger, path


def test_a_journal_resealed_with_a_replaced_key_file_is_refused_by_the_replica_against_the_approved_key(
        database, tmp_path):
    genuine, forger, path = sealed_by_a_forger(database, tmp_path)
    assert forger != genuine
    # On the table's machine the replaced key vouches for the forgery...
    status, out, _ = rptable_said("audit", "verify", "--journal", str(path))
    assert status == 0
    # ... the floor, which never had the genuine journal, refuses it with the key its admin approved.
    status, out, _ = rptable_said("replicate", "--journal", str(path), "--to", database, "--json")
    assert status == REPLICA_OTHER_KEY
    report = json.loads(out.splitlines()[-1])
    assert f"not the table's key {genuine.key_id}" in report["reason"]
    copied = query(database, "SELECT max(seq) FROM rptable_events")[0][0] or 0
    assert copied < report["journal_head"] and copied < 5  # only what came before the first seal
    # and the approved key, given out by the floor, refuses it on the table's machine too
    pem = tmp_path / "T1.pem"
    status, _, _ = rptable_said("floor", "pubkey", "T1", "--db", database, "--out", str(pem))
    assert status == 0
    status, out, _ = rptable_said("audit", "verify", "--journal", str(path), "--pubkey", str(pem))
    assert status == EXIT_OTHER_KEY and out.startswith("SEALED BY ANOTHER KEY")


def test_audit_verify_db_flags_a_copy_sealed_with_a_key_other_than_the_approved_one(database, tmp_path):
    floor_staff(database)
    path = tmp_path / "T1.journal"
    simulate(load_preset("classic"), 3, 5, journal_path=path, key=table_key("T1"))
    status, _, err = rptable_said("replicate", "--journal", str(path), "--to", database)
    assert status == 0, err  # reported before the floor knew the table's key
    key_file_replaced()
    genuine = registered_and_approved(database)
    status, out, _ = rptable_said("audit", "--db", database, "--table", "T1", "verify", "--json")
    report = json.loads(out)
    assert status == EXIT_OTHER_KEY and report["verdict"] == "OTHER_KEY" and report["key"] == "floor"
    assert report["key_id"] == genuine.key_id and report["other_key"] != genuine.key_id


def test_audit_verify_db_confirms_seals_with_the_key_the_floor_approved(database, tmp_path):
    floor_staff(database)
    registered_and_approved(database)
    path = tmp_path / "T1.journal"
    simulate(load_preset("classic"), 3, 5, journal_path=path, key=table_key("T1"))
    status, _, err = rptable_said("replicate", "--journal", str(path), "--to", database)
    assert status == 0, err
    table_key_path("T1").unlink()  # the pit's machine holds no key of the table
    status, out, _ = rptable_said("audit", "--db", database, "--table", "T1", "verify")
    assert status == 0 and "checked with the key the floor approved for the table" in out


def test_a_key_is_approved_only_by_an_admin_of_the_floor_and_a_new_key_is_a_new_approval(database):
    from controller.table.security.users import Role

    floor_staff(database, ("vera", Role.PIT_BOSS, "246813"))
    status, _, _ = rptable_said("floor", "register-key", "--table", "T1", "--db", database)
    assert status == 0
    status, _, err = rptable_said("floor", "pubkey", "T1", "--db", database)
    assert status == EXIT_NOT_APPROVED and "no approved key" in err
    status, _, err = rptable_said("floor", "approve-key", "T1", "--admin", "vera", "--db", database,
                                  stdin="246813\n")
    assert status == 1 and "admin" in err
    first = registered_and_approved(database)
    second = key_file_replaced()
    status, out, _ = rptable_said("floor", "register-key", "--table", "T1", "--db", database)
    assert status == 0 and f"replaces key {first.key_id} once approved" in out
    status, out, _ = rptable_said("floor", "approve-key", "T1", "--admin", "floor-root", "--db",
                                  database, stdin=f"{ROOT_PIN}\n")
    assert status == 0 and f"replaces key {first.key_id}" in out
    status, out, _ = rptable_said("floor", "keys", "--db", database, "--json")
    keys = json.loads(out)
    assert [(k["key_id"], k["approved_by"]) for k in keys] == [(first.key_id, "floor-root"),
                                                               (second.key_id, "floor-root")]
    for sql in ("UPDATE floor_table_key_approvals SET key_id = 'x'", "DELETE FROM floor_table_key_approvals",
                "UPDATE floor_table_key_requests SET public_key = 'x'", "TRUNCATE floor_table_key_approvals CASCADE"):
        with pytest.raises(psycopg.Error), psycopg.connect(database) as db:
            db.execute(sql)
    assert len(query(database, "SELECT * FROM floor_table_key_approvals")) == 2


def test_jackpot_audit_refuses_a_journal_sealed_with_a_key_other_than_the_approved_one(database, tmp_path):
    genuine, _, path = sealed_by_a_forger(database, tmp_path)
    status, _, err = rptable_said("jackpot", "audit", "--db", database, "--journal", str(path))
    assert status == 1 and "does not verify" in err and f"not the table's key {genuine.key_id}" in err


def test_the_reporter_refuses_a_journal_sealed_with_a_key_other_than_the_approved_one(database, tmp_path):
    from floor_kit import wait_for

    from controller.floor.reporter import TableReporter

    genuine, _, path = sealed_by_a_forger(database, tmp_path)
    reporter = TableReporter(path, "T1", database, heartbeat=0.1, retry=0.1).start()
    try:
        wait_for(lambda: reporter.status.refused)
    finally:
        status = reporter.stop(timeout=1.0)
    assert f"not the table's key {genuine.key_id}" in status.text
    refused = query(database, "SELECT refused FROM floor_tables WHERE table_id = 'T1'")[0][0]
    assert "not the table's key" in refused  # said to the pit
