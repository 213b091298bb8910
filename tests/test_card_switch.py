"""The card-switch alarm on the table (ARCHITECTURE "Faults"; the camera beside the shoe): with a camera over the
layout the dealer shows his hand only once the camera has read the showdown. A card on a box that the shoe did
not deal to it stops the round with a CARD_SWITCH fault naming the box and both cards, journaled, for a pit boss
to resolve; a card the camera cannot read is asked for again, never a switch; each reading is journaled and
read back by the table's history after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest
from card_switch_kit import BORIS, CAMERA_URL, Table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.engine import IllegalCommand, Phase, PlaceStakes, RevealDealer
from controller.table.controller import TableLocked
from controller.table.history import TableHistory
from controller.table.showdown_faults import MAX_SHOWINGS, WAITING
from controller.table.table_events import ShowdownSeen, TableEventFormatError, TableFaultRaised, table_event_from
from drivers.showdown import DEALER, CardDifference, Difference, ShowdownCheck, SpotReading


@pytest.fixture
def table(tmp_path: Path):
    made = Table(tmp_path)
    yield made
    made.close()


def _entries(table: Table, kind: str) -> list:
    return [entry for entry in table.journal.entries() if entry.kind == kind]


def test_card_switch_stops_the_round_naming_the_box_and_both_cards(table: Table) -> None:
    table.play_to_showdown()
    box = table.spots_in_play()[1]
    table.camera.plan_switch(box, position=1)
    look = table.guard.check()
    assert table.camera.switched is not None
    _, dealt, put = table.camera.switched
    assert look.check.differences == (CardDifference(box, Difference.NOT_DEALT_HERE, put),
                                      CardDifference(box, Difference.MISSING, dealt))
    fault = next(iter(table.controller.faults.values()))
    assert fault.code == "CARD_SWITCH" and fault.source == CAMERA_URL
    assert f"box {box} holds {put.code} in place of {dealt.code}, which the shoe dealt there" in fault.text
    seen = table_event_from(ShowdownSeen.KIND, _entries(table, ShowdownSeen.KIND)[-1].payload)
    assert seen.fault_id == fault.fault_id and seen.card_differences() == look.check.differences
    with pytest.raises(TableLocked, match="Card switch"):
        table.controller.submit(RevealDealer())


def test_card_switch_fault_and_reading_survive_a_restart(table: Table) -> None:
    table.play_to_showdown()
    table.camera.plan_switch(DEALER)
    table.guard.check()
    before = table.controller.round_record.showdown
    controller = table.reopen()
    assert [f.code for f in controller.faults.values()] == ["CARD_SWITCH"]
    assert controller.round_record.showdown == before and controller.round_record.showings == 1
    assert controller.round.phase is Phase.REVEAL


def test_card_switch_resolved_by_a_pit_boss_lets_the_round_go_on(table: Table) -> None:
    table.play_to_showdown()
    table.camera.plan_switch(table.spots_in_play()[0])
    table.guard.check()
    fault_id = next(iter(table.controller.faults))
    table.controller.overrides.resolve_fault(fault_id, BORIS, "the dealt card put back on box 1; the other taken off")
    assert not table.controller.showdown_due
    table.controller.submit(RevealDealer())
    assert table.controller.round.revealed


def test_card_switch_a_pit_boss_may_void_the_round_instead(table: Table) -> None:
    table.play_to_showdown()
    table.camera.plan_switch(table.spots_in_play()[1])
    table.guard.check()
    table.controller.overrides.void_round(BORIS, "a card switched: the round is void")
    assert table.controller.round.voided and table.controller.round.phase is Phase.CLOSED


def test_card_switch_every_card_where_it_was_dealt_reveals_the_dealer(table: Table) -> None:
    table.play_to_showdown()
    with pytest.raises(IllegalCommand) as refused:
        table.controller.submit(RevealDealer())
    assert refused.value.reason == WAITING
    look = table.guard.check()
    assert look.check.matches and not table.controller.faults and not table.controller.showdown_due
    assert set(look.seen) == set(table.spots_in_play())
    table.controller.submit(RevealDealer())
    assert table.controller.round.revealed


def test_card_switch_never_for_a_card_the_camera_cannot_read_it_is_asked_again(table: Table) -> None:
    table.play_to_showdown()
    table.camera.unreadable[1] = 3  # three readings in a row: the check's own attempts
    look = table.guard.check()
    assert look.check.ask_again == (1,) and not look.check.switched
    assert not table.controller.faults and table.controller.showdown_due
    with pytest.raises(IllegalCommand):
        table.controller.submit(RevealDealer())
    look = table.guard.check()  # the dealer shows box 1 again
    assert look.check.matches and not table.controller.showdown_due
    assert [e.payload["ask_again"] for e in _entries(table, ShowdownSeen.KIND)] == [["1"], []]


def test_card_switch_a_box_never_read_is_left_to_a_pit_boss_after_three_showings(table: Table) -> None:
    table.play_to_showdown()
    box = table.spots_in_play()[1]
    table.camera.unreadable[box] = 3 * MAX_SHOWINGS
    for _ in range(MAX_SHOWINGS):
        look = table.guard.check()
        assert look.check.ask_again == (box,)
    fault = next(iter(table.controller.faults.values()))
    assert fault.code == "LAYOUT_UNREAD" and f"box {box}" in fault.text and "pit boss" in fault.text
    table.controller.overrides.resolve_fault(fault.fault_id, BORIS, "the box compared with the shoe's record: as dealt")
    table.controller.submit(RevealDealer())
    assert table.controller.round.revealed


def test_card_switch_a_camera_that_fails_is_a_fault_never_a_crash(table: Table) -> None:
    table.play_to_showdown()
    table.camera.failing = True
    look = table.guard.check()
    assert look.failure is not None and "no frames" in look.failure
    fault = next(iter(table.controller.faults.values()))
    assert fault.code == "CAMERA" and "no frames" in fault.text


def test_card_switch_without_a_camera_the_dealer_reveals_as_before(tmp_path: Path) -> None:
    table = Table(tmp_path, camera=False)
    try:
        table.play_to_showdown()
        assert not table.controller.showdown_due
        table.controller.submit(RevealDealer())
        assert table.controller.round.revealed
    finally:
        table.close()


def test_card_switch_reading_only_at_a_showdown(table: Table) -> None:
    """A reading handed to the table before every box has acted is refused: nothing is journaled."""
    table.controller.submit(PlaceStakes(1, 100))
    before = table.journal.last_seq
    with pytest.raises(IllegalCommand, match="No showdown"):
        table.controller.showdown_seen(table.controller.round_id, {1: SpotReading()}, ShowdownCheck())
    assert table.journal.last_seq == before


def test_card_switch_the_history_folds_each_reading_into_its_round(table: Table) -> None:
    table.play_to_showdown()
    table.camera.unreadable[1] = 3
    table.guard.check()
    table.guard.check()
    history = TableHistory.read(table.journal.entries())
    record = history.rounds[-1]
    assert record.showings == 2 and record.showdown is not None and record.showdown.matched
    assert record.showdown.readings()[1] == SpotReading(tuple(table.controller.round.boxes[1].cards))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), which=st.integers(0, 7), position=st.integers(0, 5))
def test_card_switch_at_any_spot_is_found_and_named(tmp_path_factory: pytest.TempPathFactory, seed: int, which: int,
                                                     position: int) -> None:
    table = Table(tmp_path_factory.mktemp("switch"), seed=seed)
    try:
        table.play_to_showdown(boxes=6)
        spots = table.spots_in_play()
        spot = spots[which % len(spots)]
        position %= len(table.camera.layout.get(spot, ())) or 5
        table.camera.plan_switch(spot, position)
        table.guard.check()
        faults = [f for f in table.controller.faults.values() if f.code == "CARD_SWITCH"]
        where, dealt, put = table.camera.switched
        assert where == spot and len(faults) == 1
        assert dealt.code in faults[0].text and put.code in faults[0].text
        raised = [table_event_from(e.kind, e.payload) for e in _entries(table, TableFaultRaised.KIND)]
        assert [f.code for f in raised] == ["CARD_SWITCH"]
    finally:
        table.close()


@pytest.mark.parametrize("seen", [{"x": {"cards": [], "unreadable": 0}}, {"1": {"cards": ["1X"], "unreadable": 0}},
                                  {"1": {"cards": [], "unreadable": -1}}, {"1": ["AS"]}])
def test_card_switch_a_damaged_reading_in_the_journal_is_named(seen: dict) -> None:
    with pytest.raises(TableEventFormatError, match=r"table\.showdown_seen"):
        table_event_from(ShowdownSeen.KIND, {"round_id": "T1-000001", "camera": CAMERA_URL, "seen": seen})


@pytest.mark.parametrize(("text", "named"), [
    ("{", "is not JSON"), ("[]", "holds no spots"), ('{"9": [[0, 0], [1, 0], [1, 1]]}', "spots are box numbers"),
    ('{"1": [[0, 0], [1, 0]]}', "at least three"), ('{"dealer": [[0, 0], [1, "x"], [1, 1]]}', "at least three"),
])
def test_card_switch_a_bad_zones_file_is_named_with_what_to_give(tmp_path: Path, text: str, named: str) -> None:
    pytest.importorskip("cv2")
    from drivers.base import SourceError
    from drivers.camera.overhead import load_zones

    path = tmp_path / "zones.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError, match=named):
        load_zones(path)
    path.write_text('{"1": [[0, 0], [10, 0], [10, 20], [0, 20]], "dealer": [[0, 0], [5, 0], [5, 5]]}',
                    encoding="utf-8")
    assert sorted(load_zones(path), key=str) == [1, DEALER]


@pytest.mark.parametrize(("url", "said"), [
    ("bad://x", "names no camera over the layout"), ("camera+sim://?seed=1", "names no deck"),
    ("camera+sim://?deck=red&switch=0:3", "SHOWDOWN:SPOT"),
])
def test_card_switch_simulate_refuses_a_camera_it_cannot_open(tmp_path: Path, capsys, monkeypatch,
                                                              url: str, said: str) -> None:
    from ui.cli import main

    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path))
    if url.startswith("camera+sim"):
        pytest.importorskip("cv2")
    code = main(["simulate", "--rules", "classic", "--rounds", "1", "--camera", url])
    assert code == 1 and said in capsys.readouterr().err
