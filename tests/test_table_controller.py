"""The table controller (docs/journal.md "Faults", "The journal"): faults lock play and survive restarts, only a
pit boss resolves them, every override is journaled with who and why, nothing unrecorded is ever shown."""

import random

import pytest
from tables import acknowledged

from controller.engine import CardDealt, CloseBets, IllegalCommand, PlaceStakes, expected_next
from controller.table.controller import TableController, TableLocked
from controller.table.journal import Journal
from controller.table.journal.chain import verify_chain
from controller.table.pump import CardPump
from controller.table.qa.autoplay import SessionTotals, _step
from controller.table.rule_files import load_preset
from controller.table.security.users import Role, User
from drivers.base import CardEvent, DeviceFault, StatusEvent, open_source
from drivers.cards import PACK, parse_card

BORIS = User("boris", Role.PIT_BOSS)
ANNA = User("anna", Role.DEALER)


class Clock:
    def __init__(self, step=1.0):
        self.now = 1_750_000_000.0
        self.step = step

    def __call__(self):
        self.now += self.step
        return self.now


@pytest.fixture
def table(open_table):
    return open_table(clock=Clock())


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
        table.overrides.resolve_fault("F1", ANNA, "cleared the jam")
    with pytest.raises(IllegalCommand, match="needs a reason"):
        table.overrides.resolve_fault("F1", BORIS, "  ")
    table.overrides.resolve_fault("F1", BORIS, "cleared the jam, card back on top")
    table.submit(CardDealt(parse_card("AS")))
    resolved = [e for e in table.journal.entries() if e.kind == "table.fault_resolved"]
    assert resolved[0].actor == "pit_boss:boris" and "jam" in resolved[0].payload["reason"]


def test_faults_survive_a_restart(tmp_path):
    path = tmp_path / "T1.journal"
    controller = acknowledged(TableController(Journal(path), load_preset("classic"), clock=Clock()))
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
    table.card(CardEvent(parse_card("KH"), 12, 90, "sim://", 0.0))
    held = [e for e in table.journal.entries() if e.kind == "table.card_held"]
    assert held[0].payload["card"] == "KH" and not table.round.boxes[1].cards


def test_faults_a_clock_jumping_back_is_a_fault_and_the_journal_stays_in_order(tmp_path):
    clock = Clock()
    controller = acknowledged(TableController(Journal(tmp_path / "T1.journal"), load_preset("classic"), clock=clock))
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
        table.overrides.correct_card("KD", ANNA, "I saw it")
    table.overrides.correct_card("KD", BORIS, "the dealer showed me the card: KD")
    assert table.round.fault is None and table.round.dealer == [parse_card("KD")]
    corrected = [e for e in table.journal.entries() if e.kind == "FaultResolved"]
    assert corrected[0].actor == "pit_boss:boris"


def test_overrides_void_and_adjust_are_journaled_with_who_and_why(table):
    start_round(table)
    table.overrides.void_round(BORIS, "player dispute, cards exposed")
    table.overrides.adjust_payment(table.round_id, 2, 50, BORIS, "short-paid last round")
    kinds = [(e.kind, e.actor) for e in table.journal.entries()]
    assert ("RoundVoided", "pit_boss:boris") in kinds and ("table.adjustment", "pit_boss:boris") in kinds
    assert table.round_record.adjustments[0].amount == 50


def test_journal_a_full_disk_stops_play_and_shows_nothing_unrecorded(table):
    start_round(table, boxes=(1,))
    seen = []
    table.add_listener(seen.append)
    last = table.journal.last_seq
    pages = table.journal._db.execute("PRAGMA page_count").fetchone()[0]
    table.journal._db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(TableLocked, match="disk is full"):
        for i in range(200):
            table.raise_fault(f"E{i}", "reader noise " * 500, "sim://")
    assert all(e.seq <= table.journal.last_seq for e in seen)  # shown = recorded
    assert len(table.faults) == table.journal.last_seq - last  # memory = the journal, nothing more
    assert table.storage_error
    with pytest.raises(TableLocked):
        table.submit(CardDealt(parse_card("2C")))


def test_recovery_a_new_journal_needs_rules(tmp_path):
    with pytest.raises(ValueError, match="needs house rules"):
        TableController(Journal(tmp_path / "empty.journal"))


def test_simulated_shoe_session_drives_the_controller(table):
    source = open_source("sim://?seed=3&rate=0&clock=virtual")
    pump = CardPump(source, table, pack_seed=3)
    pump.load_fresh_pack()
    start_round(table, boxes=(1, 2, 3))
    totals = SessionTotals()
    while table.round.phase != "closed":
        _step(table, pump, totals)
    source.close()
    placed = [e.payload["card"] for e in table.journal.entries() if e.kind == "CardPlaced"]
    truth = [d.card.code for d in source.shoe.model.truth]
    assert placed == truth[: len(placed)]  # the controller's record is the shoe's ground truth


def test_faults_refused_opening_antes_leave_no_round_behind(tmp_path):
    path = tmp_path / "T1.journal"
    controller = acknowledged(TableController(Journal(path), load_preset("classic"), clock=Clock()))
    with pytest.raises(IllegalCommand):
        controller.submit(PlaceStakes(1, -5))
    assert controller.round_number == 0 and not controller.round_open
    assert [e.kind for e in controller.journal.entries()] == ["table.rules", "table.rules_edge_acknowledged"]


def test_faults_a_card_when_no_round_expects_one_is_journaled_and_a_fault(table):
    table.card(CardEvent(parse_card("QS"), 3, None, "sim://", 0.0))
    kinds = [e.kind for e in table.journal.entries()]
    assert "table.card_held" in kinds and "QS" in table.locked_reason
    assert next(iter(table.faults.values())).code == "UNEXPECTED_CARD"


def test_faults_a_storage_failure_is_still_a_fault_after_a_restart(tmp_path):
    path = tmp_path / "T1.journal"
    controller = acknowledged(TableController(Journal(path), load_preset("classic"), clock=Clock()))
    pages = controller.journal._db.execute("PRAGMA page_count").fetchone()[0]
    controller.journal._db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(TableLocked):
        for i in range(200):
            controller.raise_fault(f"E{i}", random.Random(i).randbytes(1500).hex(), "sim://")  # what deflate cannot
            # shrink much: the journal's drive fills at the first fault
    controller.journal.close()
    again = TableController(Journal(path), clock=Clock())
    assert any(f.code == "STORAGE" for f in again.faults.values()) and "could not be written" in again.locked_reason


def test_faults_a_resolved_clock_fault_does_not_come_back(tmp_path):
    clock = Clock()
    path = tmp_path / "T1.journal"
    controller = acknowledged(TableController(Journal(path), load_preset("classic"), clock=clock))
    controller.submit(PlaceStakes(1, 10))
    clock.now -= 3600  # the clock was an hour fast and is set right
    with pytest.raises(TableLocked, match="jumped back"):
        controller.submit(PlaceStakes(2, 10))
    controller.overrides.resolve_fault(next(iter(controller.faults)), BORIS, "checked: the clock was an hour fast")
    controller.submit(PlaceStakes(2, 10))  # no new fault
    controller.journal.close()
    again = TableController(Journal(path), clock=clock)
    again.submit(PlaceStakes(3, 10))
    assert not again.faults


def test_faults_a_clock_set_forward_by_hand_is_a_fault(tmp_path):
    clock, mono = Clock(), [100.0]
    controller = acknowledged(TableController(Journal(tmp_path / "T1.journal"), load_preset("classic"), clock=clock,
                                              monotonic=lambda: mono[0]))
    controller.submit(PlaceStakes(1, 10))
    clock.now += 7200
    with pytest.raises(TableLocked, match="jumped forward"):
        controller.submit(PlaceStakes(2, 10))


def test_rules_other_than_the_journals_are_refused_and_only_a_pit_boss_changes_them(tmp_path):
    from controller.table.controller import RulesMismatch

    path = tmp_path / "T1.journal"
    acknowledged(TableController(Journal(path), load_preset("classic"), clock=Clock())).journal.close()
    refused = Journal(path)
    with pytest.raises(RulesMismatch, match="plays the house rules 'classic', not 'online'"):
        TableController(refused, load_preset("online"), clock=Clock())
    refused.close()  # one writer at a time: the refused table lets go of the journal
    controller = TableController(Journal(path), clock=Clock())
    with pytest.raises(IllegalCommand, match="pit boss"):
        controller.overrides.change_rules(load_preset("online"), ANNA, "busy night")
    controller.overrides.change_rules(load_preset("online"), BORIS, "house decision for the night shift")
    assert controller.rules.name == "online"


def test_overrides_an_adjustment_must_name_a_settled_box(table):
    start_round(table)
    with pytest.raises(IllegalCommand, match="no settled box"):
        table.overrides.adjust_payment("T1-000099", 1, 700, BORIS, "typo")


def test_journal_a_broken_view_does_not_hide_recorded_events(table):
    seen = []

    def broken(entry):
        raise RuntimeError("view crashed")

    table.add_listener(broken)
    table.add_listener(seen.append)
    start_round(table)
    assert seen and table.listener_errors


def test_faults_a_card_read_as_the_clock_jumps_back_is_held_and_journaled(tmp_path):
    """A clock jump seen when a card arrives is a table fault; the card itself is journaled as held, not lost."""
    clock = Clock()
    journal = Journal(tmp_path / "T1.journal")
    table = acknowledged(TableController(journal, load_preset("classic"), clock=clock))
    table.submit(PlaceStakes(1, 10, player="P1"))
    table.submit(CloseBets())
    clock.now -= 3600
    table.card(CardEvent(parse_card("7D"), 1, 90, "sim://", 0.0))
    kinds = [(e.kind, e.payload.get("code") or e.payload.get("card")) for e in journal.entries()]
    assert kinds[-2:] == [("table.fault", "CLOCK"), ("table.card_held", "7D")]
    assert not table.round.dealer and "clock jumped back" in (table.locked_reason or "")
    times = [e.at for e in journal.entries()]
    assert times == sorted(times)
    journal.close()


def test_faults_a_clock_set_forward_while_dealing_is_found_at_the_next_card(tmp_path):
    """Against monotonic time: a wall clock moved two hours ahead mid-deal is a fault at the next card (held),
    while the small steps a time service makes (a second here and there) are not."""
    clock, mono = Clock(step=0.125), [100.0]

    def monotonic():
        mono[0] += 0.125
        return mono[0]

    journal = Journal(tmp_path / "T1.journal")
    table = acknowledged(TableController(journal, load_preset("classic"), clock=clock, monotonic=monotonic))
    table.submit(PlaceStakes(1, 10, player="P1"))
    table.submit(CloseBets())
    for seq, code in enumerate(("2C", "3C", "4C"), 1):
        clock.now += 1.0  # a time service's correction: not a jump
        table.card(CardEvent(parse_card(code), seq, 90, "sim://", 0.0))
    assert not table.faults and len(table.round.boxes[1].cards) + len(table.round.dealer) == 3
    clock.now += 7200
    table.card(CardEvent(parse_card("5C"), 4, 90, "sim://", 0.0))
    assert "clock jumped forward 7200 s" in (table.locked_reason or "")
    held = [e.payload["card"] for e in journal.entries() if e.kind == "table.card_held"]
    assert held == ["5C"]
    journal.close()


def test_journal_a_round_committed_once_is_the_round_committed_per_command(tmp_path):
    """commit_per="round" changes when the drive syncs, not what is journaled: the same kinds, actors and
    payloads, in the same order, as a table that commits every command."""
    journals = {}
    for mode in ("command", "round"):
        journal = Journal(tmp_path / f"{mode}.journal")
        table = acknowledged(TableController(journal, load_preset("classic"), clock=Clock(), commit_per=mode))
        seen = []
        table.add_listener(lambda entry, seen=seen: seen.append(entry.seq))
        for box in (1, 2, 3):
            table.submit(PlaceStakes(box, 10, player=f"P{box}"))
        table.submit(CloseBets())
        pack = list(PACK)
        random.Random(5).shuffle(pack)
        for seq, card in enumerate(pack[:20], 1):
            table.card(CardEvent(card, seq, 90, "sim://", 0.0))
        table.flush()
        # every entry after the rules and their acknowledgement, once, in order
        assert seen == list(range(3, journal.last_seq + 1))
        journals[mode] = [(e.kind, e.round_id, e.actor, e.payload_json) for e in journal.entries()]
        assert verify_chain(journal.entries()).ok
        journal.close()
    assert journals["command"] == journals["round"] and len(journals["round"]) > 20
