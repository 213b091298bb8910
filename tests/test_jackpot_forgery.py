"""Against a real PostgreSQL: the jackpot's money is what the sealed records prove, for anyone
with the floor's URL the tables use. A hit's amount edited together with its payout and the meter, or a forged
`reseed` of +400,000 with the meter raised to match, audited OK, and the meter's and the hits' rows could be
changed at will. Now the database refuses every change but a hit moving forward and a meter that is its ledger's
last word; `jackpot audit` replays the ledger entry by entry (each reseed one a hit called for, or an admin's) and,
given the tables' journals, checks every contribution and every hit against them; a reseed of the house's own
needs an admin and is kept with the admin's name."""


import psycopg
import pytest
from cli_kit import rptable
from floor_kit import needs_postgres
from jackpot_kit import NOTHING, ROYAL_FOR_BOX_1, deal_round, floor_staff, jackpot_rules
from tables import acknowledged

from controller.floor.jackpot_meter import JackpotMeter
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.security.signing import table_key

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]
RESEED = 100_000




def played(database, tmp_path, shoe):
    """Table T1 plays a round on `shoe`, its settlements handed to the meter as its link would: the journal's path."""
    path = tmp_path / "T1.journal"
    journal = Journal(path, "T1")
    controller = acknowledged(TableController(journal, jackpot_rules(), key=table_key("T1")))
    round_id = deal_round(controller, shoe)
    meter = JackpotMeter(database)
    try:
        meter.link("T1", RESEED)
        for settled in [e for e in journal.round_entries(round_id) if e.kind == "JackpotSettled"]:
            meter.settle("T1", round_id, settled.payload["box"], contribution=settled.payload["contribution"],
                         share_pct=settled.payload["share_pct"], category=settled.payload["best"])
    finally:
        meter.close()
        journal.close()
    return path


def forge(database, *rows):
    """Ledger entries appended as anyone with the URL can, each leaving the meter where the last one did, and the
    meter raised to match: the sums agree."""
    with psycopg.connect(database) as db:
        (meter,) = db.execute("SELECT amount FROM jackpot_meter WHERE meter_id = 'main'").fetchone()
        for kind, table, round_id, box, amount, actor in rows:
            meter += amount
            signed = (", actor", ", %s", (actor,)) if actor else ("", "", ())
            db.execute("INSERT INTO jackpot_ledger (meter_id, kind, table_id, round_id, box, amount, meter_after"
                       f"{signed[0]}) VALUES ('main', %s, %s, %s, %s, %s, %s{signed[1]})",
                       (kind, table, round_id, box, amount, meter, *signed[2]))
        db.execute("UPDATE jackpot_meter SET amount = %s WHERE meter_id = 'main'", (meter,))


def audit(database, *journals):
    return rptable("jackpot", "audit", "--db", database,
                   *[arg for path in journals for arg in ("--journal", str(path))])


def test_the_database_refuses_every_change_but_a_hit_moving_forward_and_the_meter_its_ledger_makes(database,
                                                                                                  tmp_path):
    floor_staff(database, tmp_path)
    played(database, tmp_path, ROYAL_FOR_BOX_1)
    refused = {
        "UPDATE jackpot_hits SET amount = 400000": "only moves forward",
        "UPDATE jackpot_hits SET amount = 400000, meter_at_hit = 400000, status = 'paid'": "only moves forward",
        "DELETE FROM jackpot_hits": "cannot be deleted",
        "TRUNCATE jackpot_hits, jackpot_ledger, jackpot_meter, jackpot_tables CASCADE": "cannot be emptied",
        "UPDATE jackpot_meter SET amount = amount + 400000": "what its ledger makes it",
        "UPDATE jackpot_meter SET reseed = 500000": "what its ledger makes it",
        "DELETE FROM jackpot_meter": "cannot be deleted",
        "UPDATE jackpot_ledger SET amount = amount - 400000 WHERE kind = 'payout'": "append-only",
        "UPDATE jackpot_tables SET first_hash = 'another journal'": "stays bound",
        "DELETE FROM jackpot_tables": "stays bound",
    }
    with psycopg.connect(database, autocommit=True) as db:
        db.execute("UPDATE jackpot_tables SET first_hash = 'the journal'")  # unbound: claimed once, then kept
        for sql, words in refused.items():
            with pytest.raises(psycopg.Error, match=words):
                db.execute(sql)
        db.execute("UPDATE jackpot_hits SET status = 'paid', confirmed_by = 'ivan', confirmed_at = now()")
        with pytest.raises(psycopg.Error, match="only moves forward"):  # and never back
            db.execute("UPDATE jackpot_hits SET status = 'pending'")
    done = audit(database)
    assert done.returncode == 0 and done.stdout.splitlines()[0].endswith(": OK"), done.stdout


def test_a_forged_reseed_with_the_meter_raised_to_match_is_named_by_the_audit(database, tmp_path):
    floor_staff(database, tmp_path)
    played(database, tmp_path, NOTHING)
    assert audit(database).returncode == 0
    forge(database, ("reseed", "", "", 0, 400_000, ""))
    done = audit(database)
    assert done.returncode == 1 and "DOES NOT ADD UP" in done.stdout
    assert "a reseed of +400,000" in done.stdout and "no hit called for it" in done.stdout
    forge(database, ("reseed", "", "", 0, 400_000, "nobody"))  # signed with a name the floor does not know
    assert "+400,000 by nobody: a reseed of the house's own is chips an admin" in audit(database).stdout


def test_an_admins_reseed_is_kept_with_the_admins_name_and_a_pit_bosss_refused(database, tmp_path):
    floor_staff(database, tmp_path)
    played(database, tmp_path, NOTHING)
    refused = rptable("jackpot", "reseed", "--db", database, "--chips", "400000", "--admin", "ivan", stdin="246819\n")
    assert refused.returncode == 1
    done = rptable("jackpot", "reseed", "--db", database, "--chips", "400000", "--admin", "boss", stdin="902461\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Jackpot meter 'main' reseeded by boss: +400,000, now 500,004")
    checked = audit(database)
    assert checked.returncode == 0 and "+400,000 reseeded by boss, an admin of the floor" in checked.stdout


def test_rows_forged_together_are_caught_by_the_tables_journal(database, tmp_path):
    """A contribution the table never settled, and a whole hit (its row, its payout at its share, the meter's top-up
    and the meter) that it never dealt: each consistent with the ledger, so only the table's journal tells."""
    floor_staff(database, tmp_path)
    path = played(database, tmp_path, NOTHING)
    assert audit(database, path).returncode == 0
    missing = audit(database, tmp_path / "T9.journal")  # nothing there: said, and no journal made
    assert missing.returncode == 1 and "there is no journal there" in missing.stderr
    assert not (tmp_path / "T9.journal").exists()
    forge(database, ("contribution", "T1", "T1-000009", 1, 5_000, ""))
    with psycopg.connect(database) as db:
        (meter,) = db.execute("SELECT amount FROM jackpot_meter").fetchone()
        db.execute("INSERT INTO jackpot_hits (meter_id, table_id, round_id, box, category, share_pct, meter_at_hit, "
                   "amount) VALUES ('main', 'T1', 'T1-000001', 2, 'ROYAL_FLUSH', 100, %s, %s)", (meter, meter))
    forge(database, ("payout", "T1", "T1-000001", 2, -meter, ""), ("reseed", "T1", "T1-000001", 2, RESEED, ""))
    assert audit(database).returncode == 0  # the ledger replayed alone: every row as the meter would have made it
    done = audit(database, path)
    assert done.returncode == 1, done.stdout
    assert ("a contribution of +5,000 (table T1 round T1-000009 box 1): table T1's journal holds no jackpot stake "
            "there") in done.stdout
    assert "(ROYAL_FLUSH, 100%, table T1 round T1-000001 box 2): table T1's journal dealt no such hit" in done.stdout


def pending_royal(database, tmp_path):
    """Table T1's royal on box 1 waits for a pit boss; the staff made: the round's id and the journal's path."""
    floor_staff(database, tmp_path)
    path = played(database, tmp_path, ROYAL_FOR_BOX_1)
    with Journal(path, "T1", readonly=True) as journal:
        (round_id,) = {e.round_id for e in journal.jackpot_entries()}
    return round_id, path


def test_a_hit_is_not_paid_from_a_meter_whose_ledger_does_not_add_up(database, tmp_path):
    """A reseed of +400,000 forged with the meter raised to match: `jackpot audit` said DOES NOT ADD UP and
    `jackpot confirm` paid the hit its share of the raised meter all the same. Now confirm runs the same audit of
    the meter under its lock and pays nothing, exit 4, saying why."""
    round_id, path = pending_royal(database, tmp_path)
    forge(database, ("reseed", "", "", 0, 400_000, ""))
    confirm = ("jackpot", "confirm", "--db", database, "--round", round_id, "--box", "1", "--pit-boss", "ivan")
    for where in ((), ("--journal", str(path))):  # on the meter alone, and at the table
        done = rptable(*confirm, *where, stdin="246819\n")
        assert done.returncode == 4, done.stdout + done.stderr
        assert "is not paid: the meter 'main' it is paid from does not add up" in done.stderr
        assert "a reseed of +400,000: no hit called for it" in done.stderr
    with Journal(path, "T1", readonly=True) as journal:
        assert not [e for e in journal.jackpot_entries() if e.kind == "table.jackpot_paid"]
    with psycopg.connect(database) as db:
        assert db.execute("SELECT status FROM jackpot_hits").fetchall() == [("pending",)]


def as_role(url, role):
    """The same database, as another PostgreSQL user (the test cluster trusts its socket: no password)."""
    return url.replace("postgresql://postgres@", f"postgresql://{role}@")


def test_a_reseed_is_an_admins_the_tables_role_cannot_write_one_and_the_audit_wants_the_admins_signature(
        database, tmp_path):
    """With a table's URL, a reseed of +400,000 'by boss' (an admin of the floor) and the meter raised to match
    went in, and the audit listed it as chips boss added. Now the database takes a reseed from a table's role only
    as the meter's top-up right after a hit, and the audit wants the admin's signature with the floor's staff key
    (what `rptable jackpot reseed` makes on the admin's machine): a reseed row without it, or with a signature
    copied from another reseed, is named."""
    from controller.floor.roles import init_floor

    with psycopg.connect(database) as db:
        init_floor(db)
    admin_url, table_url = as_role(database, "rptable_admin"), as_role(database, "rptable_table")
    floor_staff(admin_url, tmp_path)
    meter = JackpotMeter(table_url)
    try:
        meter.link("T1", RESEED)
    finally:
        meter.close()
    with psycopg.connect(table_url) as db:
        for actor, table in (("boss", ""), ("", ""), ("", "T1")):  # an admin's, the house's, a top-up of no hit
            with pytest.raises(psycopg.Error, match="a reseed of the house's own is written only by an admin"):
                db.execute("INSERT INTO jackpot_ledger (meter_id, kind, table_id, amount, meter_after, actor) "
                           "VALUES ('main', 'reseed', %s, 400000, 500000, %s)", (table, actor))
            db.rollback()
    done = rptable("jackpot", "reseed", "--db", admin_url, "--chips", "50000", "--admin", "boss", stdin="902461\n")
    assert done.returncode == 0, done.stderr
    assert audit(database).returncode == 0
    with psycopg.connect(database) as db:  # the owner writes what it likes: the signature is what it cannot make
        (proof,) = db.execute("SELECT proof FROM jackpot_ledger WHERE actor = 'boss'").fetchone()
        assert proof
    forge(database, ("reseed", "", "", 0, 400_000, "boss"))
    with psycopg.connect(database) as db:  # the genuine reseed's signature on a reseed of its own
        (now,) = db.execute("SELECT amount + 50000 FROM jackpot_meter").fetchone()
        db.execute("INSERT INTO jackpot_ledger (meter_id, kind, amount, meter_after, actor, proof) VALUES ('main', "
                   "'reseed', 50000, %s, 'boss', %s)", (now, proof))
        db.execute("UPDATE jackpot_meter SET amount = %s", (now,))
    done = audit(database)
    assert done.returncode == 1, done.stdout
    assert done.stdout.count("by boss: a reseed of the house's own is chips an admin of the floor's staff adds, "
                             "signed with the floor's staff key") == 2
    assert "no admin signed this one" in done.stdout
    assert done.stdout.count("reseeded by boss, an admin of the floor") == 1  # only the reseed boss signed


def test_a_row_forged_while_a_confirmation_reads_the_ledger_is_caught_under_the_meters_lock(database, tmp_path,
                                                                                          monkeypatch):
    """A confirmation replays the ledger before taking the meter's lock (the tables settle meanwhile) and carries
    the replay on under the lock: a reseed forged in between is named all the same, and nothing is paid."""
    from controller.floor.jackpot_meter import LedgerDoesNotAddUp

    round_id, _path = pending_royal(database, tmp_path)
    read = JackpotMeter._replay_so_far

    def read_then_forged(self):
        replay = read(self)
        forge(database, ("reseed", "", "", 0, 400_000, ""))
        return replay

    monkeypatch.setattr(JackpotMeter, "_replay_so_far", read_then_forged)
    meter = JackpotMeter(database)
    try:
        hit = meter.hit_of("T1", round_id, 1)
        with pytest.raises(LedgerDoesNotAddUp, match=r"a reseed of \+400,000: no hit called for it"):
            meter.confirm(hit.hit, "ivan")
        assert meter.hit_of("T1", round_id, 1).status == "pending"
    finally:
        meter.close()
