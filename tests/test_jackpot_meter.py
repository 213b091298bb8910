"""The linked jackpot's meter in a real PostgreSQL (R-JACKPOT-3): each contribution and hit one transaction,
idempotent per box; two hits at once paid in commit order, the second from the reseeded meter; never paid
without a pit boss; a table that cannot reach the meter closes jackpot betting and holds its hits."""

import threading
import time

import pytest
from floor_kit import needs_postgres, wait_for
from jackpot_kit import NOTHING, ROYAL_FOR_BOX_1, deal_round, jackpot_rules
from tables import acknowledged

from controller.floor.jackpot_link import JackpotLink, confirm_hit
from controller.floor.jackpot_meter import AlreadyPaid, JackpotMeter, JackpotRefused, LedgerDoesNotAddUp
from controller.floor.staff import FloorUserStore
from controller.table.audit.verify import verify_journal_file
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.security.users import Role, User

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]
RESEED = 100_000


@pytest.fixture
def meter(database):
    m = JackpotMeter(database)
    m.link("T1", RESEED)
    yield m
    m.close()


def staff(database, tmp_path):
    store = FloorUserStore(database, tmp_path / "cache.db")
    admin = store.add("boss", Role.ADMIN, "902461", by=None)
    store.add("ivan", Role.PIT_BOSS, "246819", by=admin)
    store.add("dora", Role.DEALER, "135792", by=admin)
    store.close()


def test_r_jackpot_3_a_contribution_sent_twice_counts_once(meter):
    assert meter.settle("T1", "T1-000001", 1, contribution=2, share_pct=0, category="NO_GAME") is None
    assert meter.settle("T1", "T1-000001", 1, contribution=2, share_pct=0, category="NO_GAME") is None
    meter.settle("T1", "T1-000001", 2, contribution=2, share_pct=0, category="NO_GAME")
    assert meter.status()["meter"] == RESEED + 4
    audit = meter.audit()
    assert audit.ok and (audit.seeds, audit.contributions, audit.payouts) == (RESEED, 4, 0)


def test_r_jackpot_3_a_hit_is_its_share_of_the_meter_and_locks_it_until_a_pit_boss(meter, database, tmp_path):
    staff(database, tmp_path)
    meter.settle("T1", "T1-000001", 1, contribution=2, share_pct=0, category="NO_GAME")
    hit = meter.settle("T1", "T1-000002", 3, contribution=2, share_pct=10, category="STRAIGHT_FLUSH")
    assert (hit.meter_at_hit, hit.amount, hit.status) == (RESEED + 4, (RESEED + 4) // 10, "pending")
    assert meter.status()["pending"]
    assert meter.settle("T1", "T1-000002", 3, contribution=2, share_pct=10, category="STRAIGHT_FLUSH") == hit
    for who in ("dora", "nobody"):
        with pytest.raises(JackpotRefused, match="not a pit boss"):
            meter.confirm(hit.hit, who)
    assert meter.status()["pending"]
    paid, now = meter.confirm(hit.hit, "ivan")
    assert now and paid.status == "paid" and paid.confirmed_by == "ivan"
    assert meter.confirm(hit.hit, "ivan") == (paid, False)
    status = meter.status()
    assert not status["pending"] and status["meter"] == RESEED  # 100,004 less 10,000: topped up to the reseed
    assert meter.audit().ok


def test_r_jackpot_3_a_hits_amount_edited_in_the_database_is_not_paid_and_the_audit_names_it(meter, database,
                                                                                             tmp_path):
    """Anyone with the tables' URL set a pending hit's amount to 250,000: confirming it paid that, and the
    audit said OK (it summed the ledger, never comparing a hit with what the ledger paid out for it). Now the
    database refuses the edit, and a hit row forged beside the real one is named and never paid; while it is
    there the meter does not add up, so no hit is paid from it (the floor manager finds out first)."""
    import psycopg

    staff(database, tmp_path)
    hit = meter.settle("T1", "T1-000002", 3, contribution=2, share_pct=100, category="ROYAL_FLUSH")
    with psycopg.connect(database) as db, pytest.raises(psycopg.Error, match="only moves forward"):
        db.execute("UPDATE jackpot_hits SET amount = 250000, meter_at_hit = 250000 WHERE hit = %s", (hit.hit,))
    with psycopg.connect(database) as db:  # a hit of its own, with no payout behind it
        (forged,) = db.execute("INSERT INTO jackpot_hits (meter_id, table_id, round_id, box, category, share_pct, "
                               "meter_at_hit, amount) VALUES ('main', 'T1', 'T1-000003', 1, 'ROYAL_FLUSH', 100, "
                               "250000, 250000) RETURNING hit").fetchone()
    audit = meter.audit()
    assert not audit.ok and audit.hits_changed == (forged,)
    assert any(f"hit #{forged}" in problem and "paid nothing out" in problem for problem in audit.problems)
    with pytest.raises(LedgerDoesNotAddUp, match=f"does not add up: jackpot hit #{forged}"):
        meter.confirm(hit.hit, "ivan")
    with pytest.raises(JackpotRefused, match="the database was changed"):
        meter.confirm(forged, "ivan")
    with psycopg.connect(database) as db, pytest.raises(psycopg.Error, match="append-only"):
        db.execute("UPDATE jackpot_ledger SET amount = -250000 WHERE kind = 'payout'")  # the ledger: refused


def test_r_jackpot_3_two_hits_at_once_are_paid_in_commit_order(database, tmp_path):
    staff(database, tmp_path)
    first = JackpotMeter(database)
    first.link("T1", RESEED)
    for n in range(50):
        first.settle("T1", f"T1-{n:06d}", 1, contribution=2000, share_pct=0, category="NO_GAME")
    meters = [JackpotMeter(database) for _ in range(2)]
    meters[1].link("T2", RESEED)
    go = threading.Barrier(2)
    hits = {}

    def hit(i, table):
        go.wait()
        hits[table] = meters[i].settle(table, f"{table}-000100", 1, contribution=2000, share_pct=100,
                                       category="ROYAL_FLUSH")

    threads = [threading.Thread(target=hit, args=(i, t)) for i, t in enumerate(("T1", "T2"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    one, two = sorted(hits.values(), key=lambda h: h.hit)
    # the first committed takes the meter with both contributions... or its own only; the second takes what the
    # first left, reseeded, plus its own contribution
    assert one.meter_at_hit in (RESEED + 100_000 + 2000, RESEED + 100_000 + 4000)
    assert two.meter_at_hit == RESEED + (RESEED + 100_000 + 4000 - one.meter_at_hit)
    with pytest.raises(JackpotRefused, match=f"#{one.hit}.*came first"):
        meters[0].confirm(two.hit, "ivan")
    meters[0].confirm(one.hit, "ivan")
    meters[0].confirm(two.hit, "ivan")
    audit = first.audit()
    assert audit.ok and audit.payouts == one.amount + two.amount
    for m in (first, *meters):
        m.close()


def play_table(tmp_path, table="T1"):
    journal = Journal(tmp_path / f"{table}.journal", table)
    return journal, acknowledged(TableController(journal, jackpot_rules()))


def test_r_jackpot_5_no_meter_no_jackpot_bets_and_the_rest_plays_on(tmp_path):
    journal, controller = play_table(tmp_path)
    url = f"postgresql://nobody@/nowhere?host={tmp_path}/no-server"
    link = JackpotLink(journal.path, "T1", url, jackpot_rules().jackpot).start()
    try:
        wait_for(lambda: "cannot be reached" in (link.closed_reason or ""), timeout=10)
        assert link.closed_reason.startswith("Jackpot betting closed")
        deal_round(controller, NOTHING, staked=())
        state = controller.round
        assert link.stake_for(state, 1) is None and state.phase.value == "decisions"
    finally:
        # A stopping link tries the meter again for a few seconds (STOP_GRACE_SECONDS); this one never reached
        # it, and is left to give up on its own thread.
        link.stop(timeout=0.5)
        journal.close()


def test_r_jackpot_5_a_hit_while_the_database_is_away_is_held_then_paid_once(outage, database, tmp_path):
    staff(database, tmp_path)
    journal, controller = play_table(tmp_path)
    link = JackpotLink(journal.path, "T1", database, jackpot_rules().jackpot).start()
    controller.add_listener(link.wake)
    try:
        assert link.wait_reachable(10)
        deal_round(controller, NOTHING)
        controller.overrides.void_round(User("ivan", Role.PIT_BOSS), "a round played only for its jackpot stakes")
        outage.stop()
        round_id = deal_round(controller, ROYAL_FOR_BOX_1)  # stakes placed, then the database went away
        wait_for(lambda: not link.state.reachable, timeout=10)
        time.sleep(0.5)
        outage.start()
        wait_for(lambda: link.state.pending, timeout=20)
        ivan = User("ivan", Role.PIT_BOSS)
        with pytest.raises(Exception, match="a pit boss"):
            confirm_hit(controller, database, round_id, 1, User("dora", Role.DEALER))
        hit = confirm_hit(controller, database, round_id, 1, ivan)
        with pytest.raises(AlreadyPaid) as again:  # said as such: nothing paid again
            confirm_hit(controller, database, round_id, 1, ivan)
        # box 1's contribution of this round, made before its hit (box 2's comes after); round 1 was voided, so
        # its two contributions left the meter again
        assert again.value.hit.hit == hit.hit and hit.amount == RESEED + 2
        paid = [e for e in journal.round_entries(round_id) if e.kind == "table.jackpot_paid"]
        assert len(paid) == 1 and paid[0].actor == "pit_boss:ivan"
        wait_for(lambda: not link.state.pending, timeout=10)
    finally:
        link.stop()
        journal.close()
    assert verify_journal_file(tmp_path / "T1.journal", "T1").ok
