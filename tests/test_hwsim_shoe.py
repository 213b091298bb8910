"""The simulated shoe speaks SHOE/1 as written: resend timing, the 64-card buffer, HELLO, gate, faults."""

from __future__ import annotations

import pytest
from hwsim.deck import read_order, shuffled_packs
from hwsim.faults import FaultSpecError, ScheduledFault, parse_faults
from hwsim.shoe import ShoeConfig, ShoeModel

from drivers.cards import PACK
from drivers.shoe1.messages import (
    Ack,
    CardFrame,
    FaultFrame,
    Heartbeat,
    HostHello,
    Lock,
    Nak,
    Resync,
    ShoeHello,
    StatusFrame,
    Unlock,
)


def shoe(rate: float = 1.0, faults: str = "", **config: object) -> ShoeModel:
    return ShoeModel(list(PACK), now=0.0, config=ShoeConfig(rate=rate, **config), faults=parse_faults(faults))  # type: ignore[arg-type]


def cards(messages: list) -> list[int]:
    return [m.seq for m in messages if isinstance(m, CardFrame)]


def acked(model: ShoeModel, now: float) -> list:
    """Poll as a host that acknowledges every card at once would see it."""
    out = model.poll(now)
    for m in out:
        if isinstance(m, CardFrame):
            model.receive(Ack(m.seq), now)
    return out


def test_hwsim_shoe_says_hello_at_power_up_and_beats_once_a_second() -> None:
    model = shoe(rate=0)
    assert model.poll(0.0) == [ShoeHello("RS-200-SIM", "SN000001", "1.0.0")]
    assert model.poll(1.0) == [Heartbeat(1)]
    assert model.poll(1.5) == []
    assert model.poll(2.0) == [Heartbeat(2)]


def test_shoe1_delivery_unacknowledged_card_is_resent_every_250ms_5_times_then_e07() -> None:
    model = shoe(rate=0, heartbeat_interval=100.0)
    model.poll(0.0)
    model.deal()
    assert cards(model.poll(0.0)) == [0]
    resent = [cards(model.poll(0.25 * k)) for k in range(1, 6)]
    assert resent == [[0]] * 5
    last = model.poll(1.5)
    assert cards(last) == [] and [m.code for m in last if isinstance(m, FaultFrame)] == ["E07"]
    assert model.poll(10.0) == []  # gave up: nothing more until HELLO or RESYNC


def test_shoe1_delivery_ack_stops_the_resends() -> None:
    model = shoe(rate=0, heartbeat_interval=100.0)
    model.poll(0.0)
    model.deal()
    model.poll(0.0)
    model.receive(Ack(0), 0.1)
    assert model.poll(2.0) == []


def test_shoe1_host_hello_is_answered_then_every_unacknowledged_card_resent() -> None:
    model = shoe(rate=0, heartbeat_interval=100.0)
    model.poll(0.0)
    model.deal(3)
    model.poll(0.0)
    model.receive(Ack(1), 0.0)
    model.receive(HostHello("rptable"), 0.1)
    out = model.poll(0.1)
    assert isinstance(out[0], ShoeHello) and cards(out) == [0, 2]


def test_shoe1_resync_resends_from_seq_on_and_the_shoe_keeps_the_last_64() -> None:
    model = shoe(rate=0, heartbeat_interval=100.0)
    model.poll(0.0)
    model.deal(52)
    model.poll(0.0)
    for seq in range(52):
        model.receive(Ack(seq), 0.0)
    model.receive(Resync(49), 0.1)
    assert cards(model.poll(0.1)) == [49, 50, 51]
    big = ShoeModel(list(PACK) * 2, now=0.0, config=ShoeConfig(rate=0, heartbeat_interval=100.0))
    big.poll(0.0)
    big.deal(70)
    big.poll(0.0)
    big.receive(Resync(3), 0.1)  # older than the last 64
    assert isinstance(big.poll(0.1)[0], Nak)


def test_shoe1_lock_closes_the_gate_and_unlock_opens_it() -> None:
    model = shoe(rate=10, heartbeat_interval=100.0)
    model.poll(0.0)
    model.receive(Lock(), 0.0)
    assert model.poll(0.0) == [StatusFrame("LOCKED")]
    assert cards(model.poll(2.0)) == []
    model.receive(Unlock(), 2.0)
    assert model.poll(2.0) == [StatusFrame("READY")]
    assert cards(model.poll(2.1)) == [0]


def test_hwsim_shoe_deals_at_its_rate_and_reports_empty() -> None:
    model = shoe(rate=10, heartbeat_interval=100.0)
    model.poll(0.0)
    dealt = [cards(acked(model, t / 100)) for t in range(1, 101)]
    assert sum(len(d) for d in dealt) == 10  # ten cards in the first second, one at a time
    out = [m for t in range(101, 700) for m in acked(model, t / 100)]
    assert len(cards(out)) == 42 and StatusFrame("EMPTY") in out


def test_hwsim_fault_jam_stops_the_shoe_for_its_duration() -> None:
    model = shoe(rate=10, faults="jam@3:1s", heartbeat_interval=100.0)
    model.poll(0.0)
    out = [m for t in range(1, 32) for m in acked(model, t / 100)]
    assert cards(out) == [0, 1] and FaultFrame("E04", "jam") in out
    assert cards([m for t in range(32, 130) for m in acked(model, t / 100)]) == []
    later = [m for t in range(130, 150) for m in acked(model, t / 100)]
    assert StatusFrame("READY") in later and cards(later) == [2]


def test_hwsim_fault_double_sends_e02_then_both_cards() -> None:
    model = shoe(rate=0, faults="double@2", heartbeat_interval=100.0)
    model.poll(0.0)
    model.deal(2)
    out = model.poll(0.0)
    kinds = [type(m).__name__ for m in out]
    assert kinds == ["CardFrame", "FaultFrame", "CardFrame", "CardFrame"]
    assert [t.number for t in model.truth] == [1, 2, 3]


def test_hwsim_fault_unreadable_card_is_reported_as_unknown_but_known_to_the_truth() -> None:
    model = shoe(rate=0, faults="unreadable@1", heartbeat_interval=100.0)
    model.poll(0.0)
    model.deal()
    (frame,) = [m for m in model.poll(0.0) if isinstance(m, CardFrame)]
    assert frame.card is None and model.truth[0].reported is None and model.truth[0].card == PACK[0]


def test_hwsim_fault_spec_parses_the_documented_example() -> None:
    plan = parse_faults(
        "garble=0.05,drop=0.02,dup=0.05,unreadable@7,double@12,jam@20,cover@30,unplug@40:2s,hb-loss@50:4s"
    )
    assert (plan.garble, plan.drop, plan.dup) == (0.05, 0.02, 0.05)
    assert plan.events == (
        ScheduledFault("unreadable", 7),
        ScheduledFault("double", 12),
        ScheduledFault("jam", 20, 2.0),
        ScheduledFault("cover", 30, 2.0),
        ScheduledFault("unplug", 40, 2.0),
        ScheduledFault("hb-loss", 50, 4.0),
    )
    assert parse_faults("jam@3:500ms").events == (ScheduledFault("jam", 3, 0.5),)
    assert parse_faults(plan.spec()) == plan


@pytest.mark.parametrize(
    "spec", ["drop=2", "noise=0.1", "jam@x", "unplug@4", "flood@3", "jam@0", "double@3:1s"]
)
def test_hwsim_fault_spec_errors_say_what_is_wrong(spec: str) -> None:
    with pytest.raises(FaultSpecError, match=spec.split(":")[0].split("=")[0]):
        parse_faults(spec)


def test_hwsim_deck_seeded_shuffle_is_reproducible_and_a_full_pack() -> None:
    assert shuffled_packs(42) == shuffled_packs(42) != shuffled_packs(43)
    assert sorted(shuffled_packs(42)) == sorted(PACK)


def test_hwsim_deck_order_file(tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "order.txt"  # type: ignore[operator]
    path.write_text("AS KD  # the first two\n10h,2c\n")
    assert [c.code for c in read_order(path)] == ["AS", "KD", "TH", "2C"]
    path.write_text("AS ZZ\n")
    with pytest.raises(ValueError, match="line 1"):
        read_order(path)


def test_hwsim_endless_shoe_reloads_a_fresh_pack_in_the_seeded_order() -> None:
    from hwsim.device import build_model

    model, _ = build_model(seed=8, packs=0, rate=0, heartbeat_interval=100.0, now=0.0)
    model.poll(0.0)
    model.deal(110)
    out = [m for t in range(1, 50) for m in acked(model, t / 10)]
    assert [d.card for d in model.truth] == shuffled_packs(8, 3)[:110]
    assert StatusFrame("EMPTY") not in out


def test_hwsim_shoe_keeps_the_truth_of_its_last_cards_only_so_long_sessions_stay_flat() -> None:
    model = ShoeModel(list(PACK) * 100, now=0.0, config=ShoeConfig(rate=0, heartbeat_interval=100.0, truth_kept=64))
    model.poll(0.0)
    model.deal(5000)
    acked(model, 0.0)
    assert model.cards_dealt == 5000 and len(model.truth) == 64
    assert [d.number for d in model.truth] == list(range(4937, 5001))
    last = model.truth[-1]
    assert model.true_card(last.seq) == last.card and model.true_card(model.truth[0].seq - 1) is None
