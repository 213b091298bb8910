"""The table controller (ARCHITECTURE.md "Faults", "Journal"): faults lock play and survive restarts, only a
pit boss resolves them, every override is journaled with who and why, nothing unrecorded is ever shown."""

import pytest

from controller.cards import parse_card
from controller.engine import CardDealt, CloseBets, IllegalCommand, PlaceStakes, expected_next
from controller.rule_files import load_preset
from controller.table.autoplay import SessionTotals, ShoeFeed, _step, shuffled_pack
from controller.table.controller import TableController, TableLocked
from controller.table.journal import Journal
from controller.table.users import Role, User
from drivers.base import DeviceFault, StatusEvent, open_source

BORIS = User("boris", Role.PIT_BOSS)
ANNA = User("anna", Role.DEALER)


class Clock:
    def __init__(self):
        self.now = 1_750_000_000.0

    def __call__(self):
        self.now += 1
        return self.now


@pytest.fixture
def table(tmp_path):
    path = tmp_path / "T1.journal"
    journal = Journal(path)
    controller = TableController(journal, load_preset("classic"), clock=Clock())
    yield controller
    journal.close()


def start_round(controller, boxes=(1, 2)):
    for box in boxes:
        controller.submit(PlaceStakes(box, 10, player=f"P{box}"))
    controller.submit(CloseBets())


def test_journal_listeners_see_only_what_is_on_disk(table):
    seen = []
    table.add_listener(lambda entry: seen.append((entry.seq, table.journal.last_seq >= entry.seq)))
    start_round(table)
    assert seen and all(on_disk for _, on_disk in seen)


def test_faults_a_device_fault_locks_play_until_a_pit_boss_resolves_it(table):
    start_round(table)
    table.source_event(DeviceFault("E04", "jam", "serial:///dev/ttyUSB0", 0.0))
    with pytest.raises(TableLocked, match=r"jam.*pit boss"):
        table.submit(CardDealt(parse_card("AS")))
    with pytest.raises(IllegalCommand, match="pit boss must log in"):
        table.resolve_fault("F1", ANNA, "cleared the jam")
    with pytest.raises(IllegalCommand, match="needs a reason"):
        table.resolve_fault("F1", BORIS, "  ")
    table.resolve_fault("F1", BORIS, "cleared the jam, card back on top")
    table.submit(CardDealt(parse_card("AS")))
    resolved = [e for e in table.journal.entries() if e.kind == "table.fault_resolved"]
    assert resolved[0].actor == "pit_boss:boris" and "jam" in resolved[0].payload["reason"]


def test_faults_survive_a_restart(tmp_path):
    path = tmp_path / "T1.journal"
    controller = TableController(Journal(path), load_preset("classic"), clock=Clock())
    start_round(controller)
    controller.source_event(DeviceFault("SEQ_GAP", "A card left the shoe unseen (seq 7).", "usb://16c0:05dc", 0.0))
    controller.journal.close()
    again = TableController(Journal(path), clock=Clock())
    assert "unseen" in again.locked_reason and list(again.faults) == ["F1"]
    assert expected_next(again.round) == expected_next(controller.round)


def test_faults_an_offline_shoe_clears_itself_when_the_link_returns(table):
    table.source_event(DeviceFault("OFFLINE", "No heartbeat from the shoe for 3 s.", "sim://", 0.0))
    assert table.locked_reason
    table.source_event(StatusEvent("CONNECTED", "sim://", 0.0))
    assert table.locked_reason is None


def test_faults_cards_arriving_while_locked_are_journaled_and_held_back(table):
    start_round(table)
    table.raise_fault("E05", "cover opened while dealing", "sim://")
    from drivers.base import CardEvent

    table.card(CardEvent(parse_card("KH"), 12, 90, "sim://", 0.0))
    held = [e for e in table.journal.entries() if e.kind == "table.card_held"]
    assert held[0].payload["card"] == "KH" and not table.round.boxes[1].cards


def test_faults_a_clock_jumping_back_is_a_fault_and_the_journal_stays_in_order(tmp_path):
    clock = Clock()
    controller = TableController(Journal(tmp_path / "T1.journal"), load_preset("classic"), clock=clock)
    controller.submit(PlaceStakes(1, 10))
    clock.now -= 3600
    with pytest.raises(TableLocked, match="clock jumped back"):
        controller.submit(PlaceStakes(2, 10))
    times = [e.at for e in controller.journal.entries()]
    assert times == sorted(times)


def test_faults_a_duplicate_card_needs_the_pit_boss_who_corrects_it(table):
    start_round(table, boxes=(1,))
    table.submit(CardDealt(parse_card("AS")))
    table.submit(CardDealt(parse_card("AS")))  # read twice: the engine stops the round
    assert table.round.fault is not None and "AS" in table.round.fault.text
    with pytest.raises(IllegalCommand, match="pit boss"):
        table.correct_card("KD", ANNA, "I saw it")
    table.correct_card("KD", BORIS, "the dealer showed me the card: KD")
    assert table.round.fault is None and table.round.dealer == [parse_card("KD")]
    corrected = [e for e in table.journal.entries() if e.kind == "FaultResolved"]
    assert corrected[0].actor == "pit_boss:boris"


def test_overrides_void_and_adjust_are_journaled_with_who_and_why(table):
    start_round(table)
    table.void_round(BORIS, "player dispute, cards exposed")
    table.adjust_payment(table.round_id, 2, 50, BORIS, "short-paid last round")
    kinds = [(e.kind, e.actor) for e in table.journal.entries()]
    assert ("RoundVoided", "pit_boss:boris") in kinds and ("table.adjustment", "pit_boss:boris") in kinds
    assert table.adjustments[0].amount == 50


def test_journal_a_full_disk_stops_play_and_shows_nothing_unrecorded(table):
    start_round(table, boxes=(1,))
    seen = []
    table.add_listener(seen.append)
    last = table.journal.last_seq
    pages = table.journal._db.execute("PRAGMA page_count").fetchone()[0]
    table.journal._db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(TableLocked, match="disk is full"):
        for _ in range(200):
            table.adjust_payment(table.round_id, 1, 5, BORIS, "long note " * 500)
    assert all(e.seq <= table.journal.last_seq for e in seen)  # shown = recorded
    assert len(table.adjustments) == table.journal.last_seq - last  # memory = the journal, nothing more
    assert table.storage_error
    with pytest.raises(TableLocked):
        table.submit(CardDealt(parse_card("2C")))


def test_recovery_a_new_journal_needs_rules(tmp_path):
    with pytest.raises(ValueError, match="needs house rules"):
        TableController(Journal(tmp_path / "empty.journal"))


def test_simulated_shoe_session_drives_the_controller(table):
    source = open_source("sim://?seed=3&rate=0&clock=virtual")
    feed = ShoeFeed(source, table)
    feed.load_pack(shuffled_pack(3, 1))
    start_round(table, boxes=(1, 2, 3))
    totals = SessionTotals()
    while table.round.phase != "closed":
        _step(table, feed, totals)
    source.close()
    placed = [e.payload["card"] for e in table.journal.entries() if e.kind == "CardPlaced"]
    truth = [d.card.code for d in source.model.truth]
    assert placed == truth[: len(placed)]  # the controller's record is the shoe's ground truth
