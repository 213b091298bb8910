"""Against a real PostgreSQL: the jackpot's money is what the sealed records prove, for anyone
with the floor's URL the tables use. A hit's amount edited together with its payout and the meter, or a forged
`reseed` of +400,000 with the meter raised to match, audited OK, and the meter's and the hits' rows could be
changed at will. Now the database refuses every change but a hit moving forward and a meter that is its ledger's
last word; `jackpot audit` replays the ledger entry by entry (each reseed one a hit called for, or an admin's) and,
given the tables' journals, checks every contribution and every hit against them; a reseed of the house's own
needs an admin and is kept with the admin's name."""


import psycopg
import pytest
from floor_kit import needs_postgres
from jackpot_kit import NOTHING, ROYAL_FOR_BOX_1, deal_round, floor_staff, jackpot_rules, rptable
from tables import acknowledged

from controller.floor.jackpot_meter import JackpotMeter
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.signing import table_key

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
    refused = rptable("jackpot", "reseed", "--db", database, "--chips", "400000", "--admin", "ivan", pin="246819")
    assert refused.returncode == 1
    done = rptable("jackpot", "reseed", "--db", database, "--chips", "400000", "--admin", "boss", pin="902461")
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
