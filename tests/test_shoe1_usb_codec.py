"""docs/shoe1-usb.md, "Reports" and "Control requests": the pure USB codec, byte by byte."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from drivers.cards import PACK, parse_card
from drivers.shoe1 import usb_codec
from drivers.shoe1.messages import (
    Ack,
    BadFrame,
    CardFrame,
    FaultFrame,
    Heartbeat,
    Lock,
    Resync,
    ShoeHello,
    StatusFrame,
    Unlock,
)

SPEC_EXAMPLE = bytes.fromhex("01 07 00 0e 03 61 00 00 00 00 00 00 00 00 2f 51")


def test_shoe1_usb_crc16_mcrf4xx_check_value() -> None:
    assert usb_codec.crc16_mcrf4xx(b"123456789") == 0x6F91


def test_shoe1_usb_example_report_ace_of_spades_seq_7_quality_97() -> None:
    assert usb_codec.decode_report(SPEC_EXAMPLE) == CardFrame(7, parse_card("AS"), 97)
    assert usb_codec.encode_report(CardFrame(7, parse_card("AS"), 97)) == SPEC_EXAMPLE


def test_shoe1_usb_seq_is_little_endian() -> None:
    report = usb_codec.encode_report(CardFrame(0x1234, parse_card("2C"), None))
    assert report[1:3] == b"\x34\x12"
    assert report[3:6] == bytes([2, 0, 255])  # rank 2, clubs, quality not given


def test_shoe1_usb_unreadable_card_is_rank_zero() -> None:
    report = usb_codec.encode_report(CardFrame(3, None, None))
    assert report[3] == 0
    assert usb_codec.decode_report(report) == CardFrame(3, None, None)


def test_shoe1_usb_status_fault_heartbeat_reports() -> None:
    for number, state in usb_codec.STATUS_CODES.items():
        report = usb_codec.encode_report(StatusFrame(state))
        assert report[0] == 0x02 and report[3] == number
        assert usb_codec.decode_report(report) == StatusFrame(state)
    fault = usb_codec.encode_report(FaultFrame("E02", "two cards"))
    assert fault[0] == 0x03 and fault[3] == 2
    assert usb_codec.decode_report(fault) == FaultFrame("E02", "two cards drawn together")
    heartbeat = usb_codec.encode_report(Heartbeat(300))
    assert heartbeat[0] == 0x04 and heartbeat[5] == 300 % 256


def _with_crc(body: bytes) -> bytes:
    return body + usb_codec.crc16_mcrf4xx(body).to_bytes(2, "little")


def test_shoe1_usb_bad_crc_is_dropped() -> None:
    broken = SPEC_EXAMPLE[:-1] + bytes([SPEC_EXAMPLE[-1] ^ 1])
    assert isinstance(usb_codec.decode_report(broken), BadFrame)


def test_shoe1_usb_type_outside_1_to_4_is_dropped() -> None:
    for kind in (0, 5, 0xFF):
        assert isinstance(usb_codec.decode_report(_with_crc(bytes([kind]) + bytes(13))), BadFrame)


def test_shoe1_usb_rank_suit_status_out_of_range_are_dropped() -> None:
    assert isinstance(usb_codec.decode_report(_with_crc(bytes([1, 0, 0, 15, 0, 50]) + bytes(8))), BadFrame)
    assert isinstance(usb_codec.decode_report(_with_crc(bytes([1, 0, 0, 1, 0, 50]) + bytes(8))), BadFrame)
    assert isinstance(usb_codec.decode_report(_with_crc(bytes([1, 0, 0, 14, 4, 50]) + bytes(8))), BadFrame)
    assert isinstance(usb_codec.decode_report(_with_crc(bytes([1, 0, 0, 14, 3, 101]) + bytes(8))), BadFrame)
    assert isinstance(usb_codec.decode_report(_with_crc(bytes([2, 0, 0, 9]) + bytes(10))), BadFrame)


def test_shoe1_usb_short_report_is_dropped() -> None:
    assert isinstance(usb_codec.decode_report(SPEC_EXAMPLE[:15]), BadFrame)


def test_shoe1_usb_control_requests_match_the_table() -> None:
    assert usb_codec.encode_control(Ack(513)) == (0x01, 513)
    assert usb_codec.encode_control(Lock()) == (0x02, 0)
    assert usb_codec.encode_control(Unlock()) == (0x03, 0)
    assert usb_codec.encode_control(Resync(9)) == (0x04, 9)
    for message in (Ack(513), Lock(), Unlock(), Resync(9)):
        assert usb_codec.decode_control(*usb_codec.encode_control(message)) == message
    assert isinstance(usb_codec.decode_control(0x42, 0), BadFrame)


def test_shoe1_usb_get_info_is_64_ascii_bytes() -> None:
    hello = ShoeHello("RS-200", "SN000123", "2.4.1")
    info = usb_codec.encode_info(hello)
    assert len(info) == 64 and info.startswith(b"SHOE1,RS-200,SN000123,2.4.1\0")
    assert usb_codec.decode_info(info) == hello
    assert isinstance(usb_codec.decode_info(b"NOTASHOE"), BadFrame)


reports = st.one_of(
    st.builds(
        CardFrame,
        st.integers(0, 65535),
        st.sampled_from((*PACK, None)),
        st.one_of(st.none(), st.integers(0, 100)),
    ),
    st.builds(StatusFrame, st.sampled_from(tuple(usb_codec.STATUS_CODES.values()))),
    st.builds(Heartbeat, st.integers(0, 255)),
)


@given(reports)
def test_shoe1_usb_encode_then_decode_round_trips(message: object) -> None:
    assert usb_codec.decode_report(usb_codec.encode_report(message)) == message  # type: ignore[arg-type]


@given(st.binary(max_size=40))
def test_shoe1_usb_arbitrary_bytes_never_raise(noise: bytes) -> None:
    usb_codec.decode_report(noise)


@given(reports, st.integers(0, 15), st.integers(0, 7))
def test_shoe1_usb_single_bit_error_is_always_detected(message: object, index: int, bit: int) -> None:
    report = bytearray(usb_codec.encode_report(message))  # type: ignore[arg-type]
    report[index] ^= 1 << bit
    assert isinstance(usb_codec.decode_report(bytes(report)), BadFrame)


def test_shoe1_usb_an_unreadable_card_with_a_suit_out_of_range_is_dropped() -> None:
    from drivers.shoe1.messages import BadFrame
    from drivers.shoe1.usb_codec import crc16_mcrf4xx, decode_report

    body = bytes([0x01, 0x01, 0x00, 0x00, 0x09, 0xFF]) + bytes(8)
    report = body + crc16_mcrf4xx(body).to_bytes(2, "little")
    assert isinstance(decode_report(report), BadFrame)
