"""docs/shoe1-serial.md, "Delivery": ACK, retransmission, seq gaps with RESYNC, wrap-around, heartbeat timeout."""

from __future__ import annotations

import logging

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.base import CardEvent, DeviceFault, StatusEvent
from drivers.cards import PACK, parse_card
from drivers.shoe1.delivery import Delivery, Outcome, seq_distance
from drivers.shoe1.messages import Ack, BadFrame, CardFrame, FaultFrame, Heartbeat, Lock, Resync, UnknownFrame


def make(**options: object) -> Delivery:
    return Delivery("test://", wall_clock=lambda: 0.0, **options)  # type: ignore[arg-type]


def card(seq: int, code: str = "AS") -> CardFrame:
    return CardFrame(seq, parse_card(code), 90)


def cards_of(outcome: Outcome) -> list[tuple[int, str]]:
    return [(e.seq, e.code) for e in outcome.events if isinstance(e, CardEvent)]


def faults_of(outcome: Outcome) -> list[str]:
    return [e.code for e in outcome.events if isinstance(e, DeviceFault)]


def test_shoe1_delivery_every_card_is_acknowledged() -> None:
    d = make()
    out = d.on_frame(card(0), 0.0)
    assert Ack(0) in out.replies and cards_of(out) == [(0, "AS")]


def test_shoe1_delivery_retransmission_is_not_a_second_card() -> None:
    d = make()
    d.on_frame(card(0, "AS"), 0.0)
    again = d.on_frame(card(0, "AS"), 0.25)
    assert cards_of(again) == []
    assert Ack(0) in again.replies  # acknowledged again so the shoe stops resending
    assert d.counters.duplicates_dropped == 1


def test_shoe1_delivery_same_seq_with_another_card_is_a_fault_not_a_card() -> None:
    d = make()
    d.on_frame(card(0, "AS"), 0.0)
    out = d.on_frame(card(0, "KD"), 0.1)
    assert cards_of(out) == [] and faults_of(out) == ["SEQ_CONFLICT"]
    assert Lock() in out.replies


def test_shoe1_delivery_gap_asks_resync_first_and_resync_fills_it_in_order() -> None:
    d = make()
    d.on_frame(card(0, "2C"), 0.0)
    out = d.on_frame(card(2, "4C"), 0.1)  # seq 1 lost on the wire
    assert cards_of(out) == [] and Resync(1) in out.replies and faults_of(out) == []
    out = d.on_frame(card(1, "3C"), 0.2)  # the shoe resends from 1 on
    assert cards_of(out) == [(1, "3C"), (2, "4C")]
    out = d.on_frame(card(2, "4C"), 0.2)  # ... including 2 again
    assert cards_of(out) == [] and d.counters.duplicates_dropped == 1
    assert faults_of(d.tick(5.0)) == []


def test_shoe1_delivery_gap_not_filled_is_a_fault_naming_the_missing_seq_then_cards_continue() -> None:
    d = make(gap_wait=1.0)
    d.on_frame(card(0, "2C"), 0.0)
    d.on_frame(card(3, "5C"), 0.1)
    assert d.tick(0.5).events == []
    out = d.tick(1.2)
    assert faults_of(out) == ["SEQ_GAP"]
    fault = next(e for e in out.events if isinstance(e, DeviceFault))
    assert "seqs 1-2" in fault.text and "2 card(s)" in fault.text
    assert cards_of(out) == [(3, "5C")]  # the held card is not lost
    assert Lock() in out.replies
    assert cards_of(d.on_frame(card(4, "6C"), 1.3)) == [(4, "6C")]


def test_shoe1_delivery_seq_wraps_from_65535_to_0() -> None:
    d = make()
    d.on_frame(card(65534, "2C"), 0.0)
    d.on_frame(card(65535, "3C"), 0.0)
    out = d.on_frame(card(0, "4C"), 0.0)
    assert cards_of(out) == [(0, "4C")] and faults_of(out) == []
    assert cards_of(d.on_frame(card(65535, "3C"), 0.1)) == []  # late retransmission across the wrap


def test_shoe1_delivery_no_heartbeat_for_3_s_is_offline_fault_that_clears() -> None:
    d = make()
    d.link_up(0.0)
    d.on_frame(Heartbeat(1), 1.0)
    assert d.tick(3.9).events == []
    out = d.tick(4.1)
    assert faults_of(out) == ["OFFLINE"]
    assert faults_of(d.tick(10.0)) == []  # one fault, not one per tick
    back = d.on_frame(Heartbeat(9), 10.5)
    assert [e.state for e in back.events if isinstance(e, StatusEvent)] == ["CONNECTED"]
    assert not d.offline


def test_shoe1_delivery_device_fault_is_raised_and_locks_the_shoe() -> None:
    d = make()
    out = d.on_frame(FaultFrame("E04", "jam"), 0.0)
    assert faults_of(out) == ["E04"] and Lock() in out.replies
    assert make(lock_on_fault=False).on_frame(FaultFrame("E04", "jam"), 0.0).replies == []


def test_shoe1_delivery_bad_and_unknown_frames_are_counted_not_delivered() -> None:
    d = make()
    assert d.on_frame(BadFrame("bad checksum"), 0.0).events == []
    assert d.on_frame(UnknownFrame("TEMP"), 0.0).events == []
    assert (d.counters.bad_frames, d.counters.unknown_frames) == (1, 1)


def test_shoe1_delivery_reconnection_resyncs_from_the_next_expected_seq() -> None:
    d = make()
    d.on_frame(card(0), 0.0)
    d.link_lost(1.0, "unplugged")
    assert d.link_up(2.0).replies == [Resync(1)]


def test_seq_distance_on_the_16_bit_circle() -> None:
    assert seq_distance(5, 5) == 0
    assert seq_distance(0, 65535) == 1
    assert seq_distance(65535, 0) == -1


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 65535),
    st.lists(st.sampled_from(("ok", "lose", "dup", "swap")), min_size=1, max_size=60),
)
def test_shoe1_delivery_whatever_the_wire_does_no_card_is_invented_doubled_or_silently_lost(
    first_seq: int, wire: list[str]
) -> None:
    """A shoe resends until acknowledged; the host sees each seq once, in order, or a SEQ_GAP naming it."""
    d = make(gap_wait=1.0)
    sent = [CardFrame((first_seq + i) % 65536, PACK[i % 52], None) for i in range(len(wire))]
    now = 0.0
    delivered: list[int] = []
    gaps = 0

    def take(outcome: Outcome) -> None:
        nonlocal gaps
        delivered.extend(e.seq for e in outcome.events if isinstance(e, CardEvent))
        gaps += sum(faults_of(outcome).count(code) for code in ("SEQ_GAP", "SEQ_ORDER"))

    stream: list[CardFrame] = []
    for frame, fate in zip(sent, wire, strict=True):
        if fate == "ok":
            stream.append(frame)
        elif fate == "dup":
            stream += [frame, frame]
        elif fate == "swap" and stream:
            stream.insert(len(stream) - 1, frame)
        # "lose": never arrives
    for frame in stream:
        now += 0.01
        take(d.on_frame(frame, now))
    take(d.tick(now + 5.0))
    assert len(delivered) == len(set(delivered))  # never twice
    assert set(delivered) <= {f.seq for f in sent}  # never invented
    assert {f.seq for f in stream} == set(delivered)  # every card that arrived is delivered
    order = [f.seq for f in sent]
    if delivered:
        first, last = min(order.index(s) for s in delivered), max(order.index(s) for s in delivered)
        lost_between = [s for s in order[first:last] if s not in delivered]
        assert gaps >= (1 if lost_between else 0)  # a card lost between delivered ones is named in a fault


def test_shoe1_delivery_card_lost_before_the_first_and_resent_late_is_taken_with_a_fault() -> None:
    d = make()
    d.on_frame(card(1, "3C"), 0.0)  # seq 0 was lost on the wire; the host starts at 1
    out = d.on_frame(card(0, "2C"), 0.25)  # the shoe's retransmission of 0
    assert cards_of(out) == [(0, "2C")] and faults_of(out) == ["SEQ_ORDER"]
    assert cards_of(d.on_frame(card(0, "2C"), 0.5)) == []  # and only once
    assert cards_of(d.on_frame(card(2, "4C"), 0.6)) == [(2, "4C")]


def test_shoe1_delivery_resync_is_asked_again_while_the_gap_stays_open() -> None:
    d = make(gap_wait=1.0)
    d.on_frame(card(0, "2C"), 0.0)
    assert Resync(1) in d.on_frame(card(2, "4C"), 0.0).replies
    assert d.tick(0.2).replies == []
    assert Resync(1) in d.tick(0.31).replies  # the request or its answer was lost: ask again
    assert faults_of(d.tick(1.01)) == ["SEQ_GAP"]


def test_shoe1_delivery_each_missing_seq_gets_its_own_resync() -> None:
    d = make(gap_wait=1.0)
    d.on_frame(card(0, "2C"), 0.0)
    d.on_frame(card(2, "4C"), 0.0)  # 1 missing
    d.on_frame(card(4, "6C"), 0.0)  # 3 missing too
    out = d.on_frame(card(1, "3C"), 0.1)  # 1 arrives: 2 is released, 3 is now the first missing
    assert cards_of(out) == [(1, "3C"), (2, "4C")] and Resync(3) in out.replies
    assert cards_of(d.on_frame(card(3, "5C"), 0.2)) == [(3, "5C"), (4, "6C")]
    assert faults_of(d.tick(5.0)) == []


def _hello():  # type: ignore[no-untyped-def]
    from drivers.shoe1.messages import ShoeHello

    return ShoeHello("RS-200", "SN000123", "2.4.1")


def test_shoe1_delivery_a_restarted_shoe_counting_from_0_again_loses_no_card() -> None:
    # The shoe is switched off and on: its count starts over and may even deal the very same cards at the very
    # same seqs. Its uptime going back tells them from retransmissions: they are new cards, and a fault says so.
    d = Delivery("test")
    codes = ["AS", "KD", "7C", "2H"]
    d.on_frame(_hello(), 0.0)
    d.on_frame(Heartbeat(100), 0.5)
    first = Outcome()
    for seq, code in enumerate(codes):
        first.extend(d.on_frame(card(seq, code), 1.0 + seq))
    assert cards_of(first) == list(enumerate(codes))
    d.on_frame(Heartbeat(105), 5.5)
    again = Outcome()
    again.extend(d.on_frame(_hello(), 8.0))  # power-up HELLO
    again.extend(d.on_frame(card(0, "AS"), 8.2))
    again.extend(d.on_frame(card(1, "KD"), 8.4))
    again.extend(d.on_frame(Heartbeat(1), 8.9))  # uptime 1 s: this shoe has just started
    assert cards_of(again) == [(0, "AS"), (1, "KD")] and "SEQ_RESTART" in faults_of(again)


def test_shoe1_delivery_after_a_plain_reconnect_a_resent_card_is_still_a_retransmission() -> None:
    d = Delivery("test")
    d.on_frame(_hello(), 0.0)
    d.on_frame(Heartbeat(100), 0.5)
    d.on_frame(card(0, "AS"), 1.0)
    d.on_frame(card(1, "KD"), 2.0)
    d.on_frame(Heartbeat(102), 2.5)
    later = Outcome()
    later.extend(d.on_frame(_hello(), 6.0))  # the shoe answers the host's HELLO after a reconnect
    later.extend(d.on_frame(card(1, "KD"), 6.1))  # its ACK was lost: resent with the same seq
    later.extend(d.on_frame(Heartbeat(106), 6.5))  # uptime agrees with the host's clock
    later.extend(d.on_frame(card(2, "7C"), 7.0))
    assert cards_of(later) == [(2, "7C")] and not faults_of(later)
    assert d.counters.duplicates_dropped == 1


def test_shoe1_delivery_usb_uptime_wraps_at_256_without_a_false_restart() -> None:
    d = Delivery("test", uptime_modulus=256)
    d.on_frame(Heartbeat(254), 0.0)
    d.on_frame(card(0, "AS"), 0.5)
    out = d.on_frame(Heartbeat(1), 3.0)  # 254 + 3 s = 257 = 1 (mod 256): no restart
    assert not faults_of(out)


def test_shoe1_delivery_e07_asks_the_shoe_for_the_card_it_could_not_deliver() -> None:
    d = Delivery("test")
    d.on_frame(card(0, "AS"), 0.0)
    out = d.on_frame(FaultFrame("E07", "CARD unacknowledged"), 1.0)
    assert "E07" in faults_of(out) and Resync(1) in out.replies


def test_shoe1_delivery_a_seq_far_behind_without_a_restart_is_refused_not_delivered_twice() -> None:
    # $CARD,999,AS and $CARD,595,AS share their XOR checksum: a two-bit error turns one into the other. No shoe
    # resends 400 cards back, and nothing says it restarted: the card is refused, with a fault, never taken again.
    d = Delivery("test")
    for seq in range(1000):
        d.on_frame(card(seq, "AS" if seq == 999 else PACK[seq % 52].code), float(seq))
    out = d.on_frame(card(595, "AS"), 1000.0)
    assert cards_of(out) == [] and "SEQ_CONFLICT" in faults_of(out)
    assert cards_of(d.on_frame(card(1000, "KD"), 1001.0)) == [(1000, "KD")]  # and the count goes on


def test_shoe1_delivery_a_host_that_stood_still_gives_the_gap_and_the_heartbeat_their_time_back() -> None:
    """A loaded machine starves the driver for longer than a RESYNC may take: the time it stood still is not
    the shoe's to lose. The gap waits its full time once the driver runs again, and the answer fills it."""
    d = make(gap_wait=1.0, heartbeat_timeout=3.0)
    d.on_frame(Heartbeat(1), 0.0)
    d.on_frame(card(0, "2C"), 0.0)
    d.on_frame(card(2, "4C"), 0.1)  # seq 1 lost: RESYNC asked, the gap given 1 s
    d.postpone(2.5)  # the driver stood still from 0.1 to 2.6
    assert faults_of(d.tick(2.6)) == []  # neither SEQ_GAP nor OFFLINE: no answer could be read meanwhile
    assert cards_of(d.on_frame(card(1, "3C"), 2.7)) == [(1, "3C"), (2, "4C")]
    assert faults_of(d.tick(6.0)) == ["OFFLINE"]  # a heartbeat still has to come in its own time


def test_shoe1_delivery_a_flood_of_unknown_frames_is_a_log_line_a_second_with_a_count(
        caplog: pytest.LogCaptureFixture) -> None:
    """SHOE/1 says to ignore a frame of an unknown type and log it; one stderr line per frame was 50,000
    lines in 5 s. The first is logged at once, the rest once a second with how many there were."""
    d = make()
    with caplog.at_level(logging.WARNING, logger="drivers.shoe1.delivery"):
        for i in range(50_000):
            now = i * 0.0001  # 50,000 frames in 5 s
            d.on_frame(UnknownFrame(f"T{i % 7}"), now)
            if i % 100 == 0:
                d.tick(now)
        d.tick(6.0)
    lines = [r.getMessage() for r in caplog.records]
    assert d.counters.unknown_frames == 50_000
    assert 1 < len(lines) <= 7, f"{len(lines)} lines"
    assert "ignored a frame of unknown type 'T0'" in lines[0]
    assert sum(int(line.split("ignored ")[1].split(" more")[0].replace(",", "")) for line in lines[1:]) == 49_999
