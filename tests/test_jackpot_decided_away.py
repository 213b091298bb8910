"""R-JACKPOT-3, a pit boss's decision made away from the table's console reaches the table's journal: a hit
confirmed (or rejected) on the meter, from the pit's window or `rptable jackpot confirm --db URL` at a terminal,
while the table runs is journaled by the table itself (its link hears the meter and the table program journals
the decision on its own thread), with who decided and when, exactly once; a table that was closed when the
decision was made journals it when it next opens, and never again after that; another table never journals it.
`jackpot confirm --journal` of a running table's journal confirms on the meter and leaves the journaling to the
table, where it was refused ("journal is open in process ...")."""

import contextlib
import threading

from cli_kit import rptable
from console_kit import no_leaks  # noqa: F401 - a fixture the console's needs
from floor_kit import needs_postgres, wait_for
from jackpot_kit import NOTHING, ROYAL_FOR_BOX_1, deal_round, floor_staff, jackpot_rules
from tables import acknowledged
from test_jackpot_console import jackpot_console  # noqa: F401 - a fixture

from controller.floor.jackpot_link import JackpotLink, journal_decisions
from controller.floor.jackpot_meter import JackpotMeter
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.table_events import JackpotPaid, JackpotRejected, table_event_from

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`


def open_table(database, path, table="T1"):
    journal = Journal(path, table)
    controller = acknowledged(TableController(journal, jackpot_rules())) if journal.last_seq == 0 else \
        TableController(journal)
    link = JackpotLink(journal.path, table, database, jackpot_rules().jackpot).start()
    controller.add_listener(link.wake)
    assert link.wait_reachable(10)
    return journal, controller, link


def close_table(journal, link):
    link.stop()
    journal.close()


def decisions(path, table="T1"):
    """The payments and rejections a journal holds, as events."""
    with Journal(path, table, readonly=True) as journal:
        return [table_event_from(e.kind, e.payload) for e in journal.entries()
                if e.kind in (JackpotPaid.KIND, JackpotRejected.KIND)]


@contextlib.contextmanager
def table_program(controller, link):
    """The running table program's side of the link, as the console does it on its own thread: each decision the
    link reports is journaled (the test's own thread waits on a command meanwhile, so the controller has one user)."""
    stop = threading.Event()

    def run():
        while not stop.wait(0.05):
            journal_decisions(controller, link.state)
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def on_the_meter(database, act):
    meter = JackpotMeter(database)
    try:
        return act(meter)
    finally:
        meter.close()


def test_r_jackpot_3_the_pit_confirms_while_the_table_runs_and_the_tables_journal_holds_the_payment_once(
        database, tmp_path):
    floor_staff(database, tmp_path)
    journal, controller, link = open_table(database, tmp_path / "T1.journal")
    other, other_controller, other_link = open_table(database, tmp_path / "T2.journal", "T2")
    try:
        round_id = deal_round(controller, ROYAL_FOR_BOX_1)
        deal_round(other_controller, NOTHING)
        wait_for(lambda: link.state.pending, timeout=10)
        hit, paid_now = on_the_meter(database, lambda m: m.confirm(m.hit_of("T1", round_id, 1).hit, "ivan"))
        assert paid_now
        wait_for(lambda: link.state.decided, timeout=10)  # the meter's NOTIFY wakes the link
        journaled = journal_decisions(controller, link.state)
        assert [e.kind for e in journaled] == [JackpotPaid.KIND]
        (paid,) = decisions(journal.path)
        assert (paid.round_id, paid.box, paid.hit, paid.amount, paid.actor) == (round_id, 1, 1, hit.amount,
                                                                                "pit_boss:ivan")
        assert paid.decided_at == hit.confirmed_at and "on the meter at" in paid.describe()
        assert journal_decisions(controller, link.state) == []  # the same state again adds nothing
        wait_for(lambda: not link.state.decided and not link.state.pending, timeout=10)
        assert not controller.jackpot.hit(round_id, 1).waiting and controller.jackpot.paid(round_id, 1) == paid
        assert journal_decisions(other_controller, link.state) == []  # another table never journals T1's hit
        assert not other_link.state.decided and decisions(other.path, "T2") == []
    finally:
        close_table(other, other_link)
        close_table(journal, link)
    journal, controller, link = open_table(database, tmp_path / "T1.journal")  # a restart journals nothing again
    try:
        assert journal_decisions(controller, link.state) == [] and len(decisions(journal.path)) == 1
    finally:
        close_table(journal, link)


def test_r_jackpot_3_a_hit_decided_while_its_table_was_closed_is_journaled_when_the_table_next_opens(database,
                                                                                                     tmp_path):
    floor_staff(database, tmp_path)
    path = tmp_path / "T1.journal"
    journal, controller, link = open_table(database, path)
    try:
        first = deal_round(controller, ROYAL_FOR_BOX_1)
        wait_for(lambda: link.state.pending, timeout=10)
    finally:
        close_table(journal, link)
    rejected, _ = on_the_meter(database, lambda m: m.reject("T1", first, 1, "ivan", "misdeal: box 1 held six cards"))
    journal, controller, link = open_table(database, path)
    try:
        assert [h.hit for h in link.state.decided] == [rejected.hit]  # known as the link first reaches the meter
        assert [e.kind for e in journal_decisions(controller, link.state)] == [JackpotRejected.KIND]
        (said,) = decisions(path)
        assert (said.actor, said.reason, said.decided_at) == ("pit_boss:ivan", "misdeal: box 1 held six cards",
                                                              rejected.confirmed_at)
        assert controller.jackpot.hit(first, 1).rejected == said
    finally:
        close_table(journal, link)
    journal, controller, link = open_table(database, path)
    try:
        assert link.state.decided == () and journal_decisions(controller, link.state) == []
        assert len(decisions(path)) == 1
    finally:
        close_table(journal, link)


def test_jackpot_confirm_at_a_terminal_while_the_table_runs_is_journaled_by_the_table(database, tmp_path):
    """`jackpot confirm --journal` of the running table's journal, and `jackpot confirm --db` without one: the
    meter pays, the command says the table journals it, and the table's journal holds the payment once."""
    floor_staff(database, tmp_path)
    journal, controller, link = open_table(database, tmp_path / "T1.journal")
    try:
        round_id = deal_round(controller, ROYAL_FOR_BOX_1)
        wait_for(lambda: link.state.pending, timeout=10)
        confirm = ("jackpot", "confirm", "--db", database, "--round", round_id, "--box", "1", "--pit-boss", "ivan")
        with table_program(controller, link):
            done = rptable(*confirm, "--journal", str(journal.path), stdin="246819\n")
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("Jackpot hit #1 paid on the meter: table T1 round") and \
            "confirmed by ivan" in done.stdout and "table T1 journaled the payment" in done.stdout, done.stdout
        assert [p.actor for p in decisions(journal.path)] == ["pit_boss:ivan"]
        again = rptable(*confirm, stdin="246819\n")  # without --journal: the meter says it was paid, nothing again
        assert again.returncode == 3 and "was already paid" in again.stderr, again.stderr
    finally:
        close_table(journal, link)
    assert len(decisions(tmp_path / "T1.journal")) == 1


def test_the_console_journals_a_hit_the_pit_confirmed_and_shows_it_paid(jackpot_console, database,  # noqa: F811
                                                                       tmp_path, qtbot):
    """The table program's console: the link's news reaches its window, which journals the payment on its own
    thread; the jackpot line no longer says the hit waits and the payment list says it was paid, and by whom."""
    from test_jackpot_console import journaled, line, stake_and_deal_a_royal, until_line

    from ui.autopilot import Autopilot

    floor_staff(database, tmp_path)
    window = jackpot_console(database)
    until_line(qtbot, window, "Jackpot: 100,000")
    stake_and_deal_a_royal(window, qtbot)
    Autopilot(window, ante=100, boxes=2).play_until(lambda: window.mode() == "payments")
    qtbot.waitUntil(lambda: "royal flush wins 100,002" in line(window), timeout=15000)
    on_the_meter(database, lambda m: m.confirm(m.first_waiting().hit, "ivan"))  # at the pit's window
    qtbot.waitUntil(lambda: "jackpot 100,002 paid, confirmed by ivan" in window.payment_panel.rows[0][0].text(),
                    timeout=15000)
    [paid] = journaled(window, "table.jackpot_paid")
    assert (paid.payload["amount"], paid.actor) == (100_002, "pit_boss:ivan") and paid.payload["decided_at"]
    until_line(qtbot, window, "Jackpot: 100,000")  # the hit no longer waits: the meter, unlocked and reseeded
    assert len(journaled(window, "table.jackpot_paid")) == 1


def test_a_running_tables_journal_is_no_longer_refused_by_jackpot_reject(database, tmp_path):
    floor_staff(database, tmp_path)
    journal, controller, link = open_table(database, tmp_path / "T1.journal")
    try:
        round_id = deal_round(controller, ROYAL_FOR_BOX_1)
        wait_for(lambda: link.state.pending, timeout=10)
        with table_program(controller, link):
            done = rptable("jackpot", "reject", "--db", database, "--journal", str(journal.path), "--round",
                           round_id, "--box", "1", "--pit-boss", "ivan", "--reason", "misdeal", stdin="246819\n")
        assert done.returncode == 0 and "open in process" not in done.stderr, done.stderr
        assert "rejected on the meter by ivan" in done.stdout and "table T1 journaled the rejection" in done.stdout
        assert [(e.actor, e.reason) for e in decisions(journal.path)] == [("pit_boss:ivan", "misdeal")]
    finally:
        close_table(journal, link)

