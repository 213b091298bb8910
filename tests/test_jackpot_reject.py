"""A jackpot hit rejected by a pit boss at the table, and a round voided after its jackpot stakes were settled
(R-JACKPOT-2/3), against a real PostgreSQL: journaled at the table with who and why, never paid, the meter
unlocked and standing as if the hit had not been made (meter = seeds and reseeds + contributions - payouts, to
the chip), from the library, the command line, and while the meter is away."""

import os

import pytest
from cli_kit import rptable
from floor_kit import ENV, needs_postgres, wait_for
from jackpot_kit import NOTHING, ROYAL_FOR_BOX_1, deal_round, floor_staff, jackpot_rules
from tables import acknowledged

from controller.engine import IllegalCommand
from controller.floor.jackpot_link import JackpotLink, confirm_hit, reject_hit
from controller.floor.jackpot_meter import JackpotMeter, JackpotRefused
from controller.table.audit.verify import VerifyWith, verify_journal_file
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.security.signing import table_key
from controller.table.security.users import Role, User

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]
RESEED = 100_000
IVAN = User("ivan", Role.PIT_BOSS)


@pytest.fixture
def table(database, tmp_path, open_table):
    """Table T1 on a jackpot journal, linked to the meter: (journal, controller, link)."""
    floor_staff(database, tmp_path)
    controller = open_table(jackpot_rules())
    link = JackpotLink(controller.journal.path, "T1", database, jackpot_rules().jackpot).start()
    controller.add_listener(link.wake)
    assert link.wait_reachable(10)
    yield controller.journal, controller, link
    link.stop()


def meter_now(database):
    meter = JackpotMeter(database)
    try:
        return meter.status(), meter.audit()
    finally:
        meter.close()


def kinds(journal, kind):
    return [e for e in journal.entries() if e.kind == kind]


def test_r_jackpot_3_a_rejected_hit_is_not_paid_and_the_meter_stands_as_if_it_had_not_been_made(database, table,
                                                                                               tmp_path):
    journal, controller, link = table
    round_id = deal_round(controller, ROYAL_FOR_BOX_1)
    wait_for(lambda: link.state.pending, timeout=10)
    with pytest.raises(IllegalCommand, match="reason"):
        reject_hit(controller, database, round_id, 1, IVAN, "  ")
    rejection = reject_hit(controller, database, round_id, 1, IVAN, "misdeal: box 1 holds six cards")
    assert rejection.on_meter is not None and rejection.on_meter.status == "rejected"
    assert reject_hit(controller, database, round_id, 1, IVAN, "again").already
    [entry] = kinds(journal, "table.jackpot_rejected")
    assert entry.actor == "pit_boss:ivan" and entry.payload["reason"] == "misdeal: box 1 holds six cards"
    wait_for(lambda: not link.state.pending, timeout=10)
    status, audit = meter_now(database)
    # both boxes' contributions stay; the hit's 100,002 went back and the house took its 100,000 top-up back
    assert status["meter"] == RESEED + 4 and audit.ok and audit.payouts == 0 and audit.seeds == RESEED
    with pytest.raises(IllegalCommand, match="rejected by ivan"):
        confirm_hit(controller, database, round_id, 1, IVAN)
    assert link.closed_reason is None  # the meter unlocked: jackpot betting open again
    assert verify_journal_file(journal.path, "T1").ok


def royal_paid(database, controller, link) -> str:
    """A round in which box 1's royal was confirmed and paid: its id."""
    round_id = deal_round(controller, ROYAL_FOR_BOX_1)
    wait_for(lambda: link.state.pending, timeout=10)
    confirm_hit(controller, database, round_id, 1, IVAN)
    return round_id


def test_r_jackpot_3_a_paid_hit_is_not_rejected(database, table):
    _journal, controller, link = table
    round_id = royal_paid(database, controller, link)
    with pytest.raises(IllegalCommand, match="paid already"):
        reject_hit(controller, database, round_id, 1, IVAN, "too late")
    meter = JackpotMeter(database)
    try:
        with pytest.raises(JackpotRefused, match="confirmed and paid"):
            meter.reject("T1", round_id, 1, "ivan", "too late")
    finally:
        meter.close()


def test_r_jackpot_3_a_hit_rejected_while_the_meter_is_away_reaches_it_after_the_hit(cluster, database, table):
    _journal, controller, link = table
    cluster.stop()
    try:
        round_id = deal_round(controller, ROYAL_FOR_BOX_1)
        wait_for(lambda: not link.state.reachable, timeout=10)
        rejection = reject_hit(controller, database, round_id, 1, IVAN, "the cards were dealt out of turn")
        assert rejection.on_meter is None and "cannot" in rejection.meter_problem
    finally:
        cluster.start()
    wait_for(lambda: link.state.reachable and not link.state.pending, timeout=20)
    status, audit = meter_now(database)
    assert status["meter"] == RESEED + 4 and audit.ok
    assert [h["status"] for h in status["hits"]] == ["rejected"]


def test_r_jackpot_2_a_round_voided_after_the_deal_takes_its_jackpot_back(database, table):
    journal, controller, link = table
    deal_round(controller, ROYAL_FOR_BOX_1)
    wait_for(lambda: link.state.pending, timeout=10)
    controller.overrides.void_round(IVAN, "the shoe misdealt")
    assert [e.payload["box"] for e in kinds(journal, "JackpotVoided")] == [1, 2]
    wait_for(lambda: not link.state.pending, timeout=10)
    status, audit = meter_now(database)
    # both contributions taken back, the hit's amount returned and its top-up taken back: the meter as it was
    assert status["meter"] == RESEED and audit.ok and (audit.contributions, audit.payouts) == (0, 0)
    assert status["hits"][0]["status"] == "rejected" and "voided" in status["hits"][0]["reason"]
    assert not [h for h in controller.jackpot.hits if h.waiting]
    assert verify_journal_file(journal.path, "T1").ok
    deal_round(controller, NOTHING)  # the next round takes jackpot stakes again
    wait_for(lambda: meter_now(database)[0]["meter"] == RESEED + 4, timeout=10)


def test_r_jackpot_3_a_round_whose_hit_was_paid_is_not_voided(database, table):
    _journal, controller, link = table
    royal_paid(database, controller, link)
    with pytest.raises(IllegalCommand, match="cannot be voided"):
        controller.overrides.void_round(IVAN, "second thoughts")
    assert controller.round_open


def test_r_jackpot_3_rptable_jackpot_reject_at_the_command_line(database, tmp_path):
    """The rejection is journaled and sealed with the table's key, like every table event: `audit verify` passes."""
    floor_staff(database, tmp_path)
    journal = Journal(tmp_path / "T1.journal", "T1")
    controller = acknowledged(TableController(journal, jackpot_rules(), key=table_key("T1")))
    round_id = deal_round(controller, ROYAL_FOR_BOX_1)
    meter = JackpotMeter(database)
    meter.link("T1", RESEED)
    for settled in [e for e in journal.entries() if e.kind == "JackpotSettled"]:
        meter.settle("T1", round_id, settled.payload["box"], contribution=2, share_pct=settled.payload["share_pct"],
                     category=settled.payload["best"])
    meter.close()
    journal.close()

    def reject(*extra):
        return rptable("jackpot", "reject", "--db", database, "--journal", str(tmp_path / "T1.journal"), "--table",
                       "T1", "--round", round_id, "--box", "1", "--pit-boss", "ivan", *extra, stdin="246819\n",
                       env=env)

    env = {**ENV, **{name: os.environ[name] for name in ("RPTABLE_DATA_DIR", "RPTABLE_MANIFEST")}}  # the table's key

    empty = reject("--reason", " ")
    assert empty.returncode == 2 and "say why" in empty.stderr
    done = reject("--reason", "misdeal")
    assert done.returncode == 0, done.stderr
    assert "rejected, journaled at the table; the meter took back hit #1 (100,002) and unlocks" in done.stdout
    assert "rejected already" in reject("--reason", "misdeal").stdout
    status, audit = meter_now(database)
    assert not status["pending"] and audit.ok
    checked = verify_journal_file(tmp_path / "T1.journal", "T1", key=VerifyWith(table_key("T1").public, "given"))
    assert checked.ok and checked.signed, checked.reason
