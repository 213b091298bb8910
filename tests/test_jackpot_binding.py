"""Against a real PostgreSQL: a table's id on the jackpot meter belongs to one journal, as it
does on the reporter. A second journal under the id of a linked table (`simulate --table K1 --journal
K1new.journal --jackpot URL --royal-at 5`) was taken: its stakes added nothing (their keys collided with K1's
rounds), its royal mapped onto K1's paid hit #1 and `jackpot confirm --journal K1new.journal` paid that hit again.
Now the link refuses that journal in the reporter's own words, and a hit is paid only with the journal that made
it."""

import socket
import time

import pytest
from cli_kit import rptable
from floor_kit import needs_postgres, wait_for
from jackpot_kit import ROYAL_FOR_BOX_1, RULES_FILE, deal_round, floor_staff, jackpot_rules
from tables import acknowledged

from controller.floor.jackpot_link import STOP_GRACE_SECONDS, JackpotLink, confirm_hit, reject_hit
from controller.floor.jackpot_meter import JackpotMeter, JackpotRefused
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.security.users import Role, User

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]
IVAN = User("ivan", Role.PIT_BOSS)


def the_meter(database):
    meter = JackpotMeter(database)
    try:
        status, audit = meter.status(), meter.audit()
        return status, audit
    finally:
        meter.close()


def test_a_second_journal_under_a_linked_tables_id_is_refused_by_the_link_in_the_reporters_words(database,
                                                                                                tmp_path):
    floor_staff(database, tmp_path)

    def play(journal):
        return rptable("simulate", "--rules", str(RULES_FILE), "--rounds", "10", "--seed", "1", "--table", "K1",
                       "--journal", str(journal), "--jackpot", database, "--replica", database, "--royal-at", "5")

    first = play(tmp_path / "K1.journal")
    assert first.returncode == 0, first.stderr
    confirm = ("jackpot", "confirm", "--db", database, "--table", "K1", "--round", "K1-000005", "--box", "1",
               "--pit-boss", "ivan")
    paid = rptable(*confirm, "--journal", str(tmp_path / "K1.journal"), stdin="246819\n")
    assert paid.returncode == 0 and "Jackpot hit #1 paid" in paid.stdout, paid.stderr
    before, audit_before = the_meter(database)

    second = play(tmp_path / "K1new.journal")
    sentence = (f"the table id K1 is already bound to another journal ({(tmp_path / 'K1.journal').resolve()} on "
                f"{socket.gethostname()}): two tables are configured with the same id.")
    assert f"K1: NOT REPORTING: refused by the floor database: {sentence}" in second.stderr  # the reporter
    assert f"K1: Jackpot betting closed: {sentence}" in second.stderr  # the jackpot link, in the same words
    after, audit_after = the_meter(database)
    assert after["hits"] == before["hits"] and after["meter"] == before["meter"]
    assert audit_after.entries == audit_before.entries and audit_after.ok

    again = rptable(*confirm, "--journal", str(tmp_path / "K1new.journal"), stdin="246819\n")
    assert again.returncode == 1 and again.stdout == ""
    assert the_meter(database)[1].payouts == audit_before.payouts


def test_a_hit_is_confirmed_or_rejected_only_with_the_journal_that_made_it(database, tmp_path):
    floor_staff(database, tmp_path)
    journal = Journal(tmp_path / "T1.journal", "T1")
    controller = acknowledged(TableController(journal, jackpot_rules()))
    link = JackpotLink(journal.path, "T1", database, jackpot_rules().jackpot).start()
    controller.add_listener(link.wake)
    (tmp_path / "copy").mkdir()
    other = Journal(tmp_path / "copy" / "T1.journal", "T1")  # made to pass for T1: its rounds are numbered alike
    try:
        assert link.wait_reachable(10)
        round_id = deal_round(controller, ROYAL_FOR_BOX_1)
        wait_for(lambda: link.state.pending, timeout=10)
        impostor = acknowledged(TableController(other, jackpot_rules()))
        assert deal_round(impostor, ROYAL_FOR_BOX_1) == round_id
        with pytest.raises(JackpotRefused, match="made by another journal of table T1"):
            confirm_hit(impostor, database, round_id, 1, IVAN)
        with pytest.raises(JackpotRefused, match="made by another journal of table T1"):
            reject_hit(impostor, database, round_id, 1, IVAN, "to unlock the meter")
        assert the_meter(database)[0]["pending"]
        paid = confirm_hit(controller, database, round_id, 1, IVAN)
        with pytest.raises(JackpotRefused, match="made by another journal of table T1"):
            confirm_hit(impostor, database, round_id, 1, IVAN)
        status, audit = the_meter(database)
        assert audit.payouts == paid.amount and [h["status"] for h in status["hits"]] == ["paid"]
        assert not [e for e in other.entries() if e.kind in ("table.jackpot_paid", "table.jackpot_rejected")]
    finally:
        link.stop()
        journal.close()
        other.close()


def test_a_link_the_meter_refused_holds_its_table_up_neither_at_the_start_nor_at_the_stop(database, tmp_path):
    """The meter's refusal is an answer: a table opening with its link waits for the meter's first answer (up to
    ten seconds, `simulate --jackpot`), and a closing one keeps trying for a few seconds to hand over what its
    journal holds while the meter is away; a second journal under a linked table's id was held up both times."""
    journals = [Journal(tmp_path / name, "K1") for name in ("K1.journal", "K1new.journal")]
    try:
        for journal in journals:
            acknowledged(TableController(journal, jackpot_rules()))  # the house rules: each journal's first event
        first = JackpotLink(journals[0].path, "K1", database, jackpot_rules().jackpot).start()
        try:
            assert first.wait_reachable(10)  # the id is bound to the first journal
        finally:
            first.stop()
        second = JackpotLink(journals[1].path, "K1", database, jackpot_rules().jackpot).start()
        started = time.monotonic()
        assert not second.wait_reachable(60)
        assert time.monotonic() - started < 30 and "already bound to another journal" in second.state.problem
        stopping = time.monotonic()
        second.stop()
        assert time.monotonic() - stopping < STOP_GRACE_SECONDS  # nothing to try again: the meter said no
    finally:
        for journal in journals:
            journal.close()
