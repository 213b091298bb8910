"""Card sources (issue acceptance): a whole session through the card pump and the table controller over the
simulated shoe on a pty, over the virtual USB backend and in-process, with every fault kind injected. The
controller's journal must equal the simulator's ground truth: every card that left the shoe recorded once under
its seq (placed in the round, or held back while a fault was open), no card invented, and the device faults
journaled; after each fault the pump reopens the gate the driver locked."""

from __future__ import annotations

import time

import pytest
from shoe_harness import keep_the_round_going, simulated_shoe
from tables import acknowledged

from controller.engine import CloseBets, PlaceStakes
from controller.table.audit.rounds import verify_journal
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.pump import CardPump
from controller.table.rule_files import load_preset
from controller.table.security.users import Role, User
from drivers.base import CardEvent, DeviceFault, StatusEvent
from drivers.cards import parse_card

BOSS = User("boris", Role.PIT_BOSS)
FAULTS = ("garble=0.05,drop=0.02,dup=0.05,hb-loss@10:1s,unreadable@12,double@16,jam@20:0.2s,cover@30:0.2s,"
          "unplug@45:0.5s")


@pytest.mark.parametrize("kind", ["sim", "pty", "usb"])
def test_shoe_session_through_the_controller_matches_the_ground_truth(kind: str, tmp_path) -> None:
    journal = Journal(tmp_path / "T1.journal")
    table = TableController(journal, load_preset("caribbean-stud"))
    with simulated_shoe(kind, seed=99, rate=40, faults=FAULTS, hb=0.1, hb_timeout=0.5, packs=2) as shoe:
        source = shoe.source
        pump = CardPump(source, table, pack_seed=99)
        deadline = time.monotonic() + 40
        opened = False
        cards_seen = 0
        while cards_seen < 60 and time.monotonic() < deadline:
            keep_the_round_going(table, BOSS)
            event = source.recv(timeout=0.1)
            if event is None:
                continue
            if isinstance(event, StatusEvent) and event.state == "CONNECTED" and not opened:
                opened = True
                source.unlock()  # the shoe starts with its gate closed, until the table listens
            if isinstance(event, CardEvent):
                cards_seen += 1
            pump.handle(event)
            if isinstance(event, DeviceFault) or table.faults:
                for fault_id in list(table.faults):  # the pit boss checks the shoe and lets play go on
                    table.overrides.resolve_fault(fault_id, BOSS, "checked the shoe")
                pump.reopen_gate()
        assert cards_seen >= 60
        entries = list(journal.entries())
        dealt = {d.seq: d for d in shoe.model.truth}
    recorded: dict[int, list[str]] = {}
    for e in entries:
        if e.actor and e.actor.startswith("shoe#") and e.kind in ("CardPlaced", "CardFault"):
            recorded.setdefault(int(e.actor[5:]), []).append(e.payload.get("card") or "??")
        elif e.kind == "table.card_held":
            recorded.setdefault(int(e.payload["seq"]), []).append(e.payload["card"])
    assert recorded, "no card reached the journal"
    for seq, codes in recorded.items():
        assert seq in dealt, f"card {seq} was never dealt: invented"
        reported = dealt[seq].reported.code if dealt[seq].reported else "??"
        assert codes == [reported], f"seq {seq}: journal {codes}, shoe {reported}"  # once, as read
    assert sorted(recorded) == sorted(recorded)[:1] + list(range(sorted(recorded)[0] + 1, max(recorded) + 1))
    codes = {e.payload["code"] for e in entries if e.kind == "table.fault"}
    assert "OFFLINE" in codes
    reached = set(shoe.link.counters.faults_delivered) & {"E02", "E04", "E05"}
    assert reached <= codes  # every device fault that reached the host is in the journal
    assert verify_journal(entries).ok
    journal.close()


@pytest.mark.parametrize("kind", ["pty", "usb"])
def test_a_shoe_that_powered_up_locked_is_opened_when_the_session_starts_and_its_gate_is_reported(
        kind: str, tmp_path) -> None:
    """A real shoe comes up with its gate closed (or a session before this one locked it): the table asks for the
    gate it needs at the start, the shoe answers STAT, and the source reports the gate the shoe says it has."""
    journal = Journal(tmp_path / "T1.journal")
    table = TableController(journal, load_preset("classic"))
    with simulated_shoe(kind, seed=7, rate=20, hb=0.1) as shoe:
        source = shoe.source
        pump = CardPump(source, table, pack_seed=7)
        pump.arm_gate()  # before the link is even up: the driver sends the wish once it is
        deadline = time.monotonic() + 20
        states, cards = [], 0
        while cards < 3 and time.monotonic() < deadline:
            event = source.recv(timeout=0.1)
            if isinstance(event, StatusEvent):
                states.append(event.state)
            elif isinstance(event, CardEvent):
                cards += 1
        assert cards == 3, f"no card left the locked shoe; states seen: {states}"
        assert "READY" in states and source.status().locked is False


def test_a_table_restarted_with_a_fault_open_keeps_the_gate_closed_until_a_pit_boss_resolves_it(tmp_path) -> None:
    journal = Journal(tmp_path / "T1.journal")
    table = TableController(journal, load_preset("classic"))
    table.source_event(DeviceFault("E04", "jam", "sim://", 0.0))
    assert table.faults
    with simulated_shoe("pty", seed=7, rate=20, hb=0.1) as shoe:
        pump = CardPump(shoe.source, table, pack_seed=7)
        pump.arm_gate()
        assert shoe.source.status().locked
        for fault_id in list(table.faults):
            table.overrides.resolve_fault(fault_id, BOSS, "cleared the jam")
        assert pump.reopen_gate() is not None and not shoe.source.status().locked


def test_a_card_read_twice_closes_the_gate_until_a_pit_boss_settles_it(tmp_path) -> None:
    """Seen at a table: a shoe restarted with a new pack dealt a card already in the round; the console said STOP
    but the gate stayed open and the shoe went on dealing. A card fault now closes the gate like a device fault,
    and the pit boss's decision opens it again."""
    journal = Journal(tmp_path / "T1.journal")
    table = acknowledged(TableController(journal, load_preset("russian-club")))
    table.submit(PlaceStakes(1, 100))
    table.submit(CloseBets())
    with simulated_shoe("pty", seed=7, rate=20, hb=0.1) as shoe:
        pump = CardPump(shoe.source, table, pack_seed=7)
        pump.arm_gate()
        assert not shoe.source.status().locked
        ace = parse_card("AS")
        pump.handle(CardEvent(ace, 1, None, "test", time.time()))
        assert not shoe.source.status().locked
        pump.handle(CardEvent(ace, 2, None, "test", time.time()))  # the same card again
        assert table.round.fault is not None and shoe.source.status().locked
        assert pump.reopen_gate() is None  # nothing opens it while the card is unsettled
        table.overrides.void_round(BOSS, "the shoe dealt a card twice")
        assert pump.reopen_gate() is not None and not shoe.source.status().locked
