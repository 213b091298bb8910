"""docs/shoe1-serial.md, "Delivery": what the host remembers of the last 64 cards to tell a retransmission (the same
card again, even one read as `??`) from a conflict (another card under a seq already taken)."""

from __future__ import annotations

from drivers.base import CardEvent, DeviceFault
from drivers.cards import PACK, parse_card
from drivers.shoe1.delivery import HISTORY, Delivery, Outcome
from drivers.shoe1.messages import Ack, CardFrame


def make() -> Delivery:
    return Delivery("test://", wall_clock=lambda: 0.0)


def taken(outcome: Outcome) -> list[tuple[int, str]]:
    return [(e.seq, e.code) for e in outcome.events if isinstance(e, CardEvent)]


def faults(outcome: Outcome) -> list[DeviceFault]:
    return [e for e in outcome.events if isinstance(e, DeviceFault)]


def test_shoe1_delivery_an_unreadable_card_resent_is_a_retransmission_not_a_second_card() -> None:
    d = make()
    assert taken(d.on_frame(CardFrame(0, None, None), 0.0)) == [(0, "??")]
    d.on_frame(CardFrame(1, parse_card("KD"), 90), 0.1)
    again = d.on_frame(CardFrame(0, None, None), 0.25)
    assert taken(again) == [] and faults(again) == [] and again.replies == [Ack(0)]
    assert d.counters.duplicates_dropped == 1


def test_shoe1_delivery_a_read_card_resent_as_unreadable_is_a_conflict_naming_both() -> None:
    d = make()
    d.on_frame(CardFrame(0, parse_card("QS"), 90), 0.0)
    d.on_frame(CardFrame(1, parse_card("KD"), 90), 0.1)
    out = d.on_frame(CardFrame(0, None, None), 0.2)
    [fault] = faults(out)
    assert fault.code == "SEQ_CONFLICT" and "seq 0 as ??, but it was QS" in fault.text
    assert taken(out) == []


def test_shoe1_delivery_an_unreadable_card_resent_as_read_is_a_conflict_naming_both() -> None:
    d = make()
    d.on_frame(CardFrame(0, None, None), 0.0)
    d.on_frame(CardFrame(1, parse_card("KD"), 90), 0.1)
    [fault] = faults(d.on_frame(CardFrame(0, parse_card("QS"), 90), 0.2))
    assert "seq 0 as QS, but it was ??" in fault.text


def test_shoe1_delivery_the_last_64_cards_are_recognised_when_resent_and_older_ones_refused() -> None:
    d = make()
    total = 200
    for seq in range(total):
        d.on_frame(CardFrame(seq, PACK[seq % 52], 90), float(seq))
    oldest_kept = total - HISTORY
    resent = d.on_frame(CardFrame(oldest_kept, PACK[oldest_kept % 52], 90), 300.0)
    assert taken(resent) == [] and faults(resent) == []  # a retransmission, dropped
    forgotten = oldest_kept - 1
    out = d.on_frame(CardFrame(forgotten, PACK[forgotten % 52], 90), 301.0)
    assert taken(out) == [] and [f.code for f in faults(out)] == ["SEQ_CONFLICT"]  # too far back to be resent
    assert d.counters.cards == total and d.counters.duplicates_dropped == 1
