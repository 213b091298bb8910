"""SHOE1-serial.md, "Framing": a card's CARD and ACK take a quicker road through the codec, to the same bytes,
the same messages and the same refusals as every other sentence."""

from __future__ import annotations

import random

from hypothesis import example, given
from hypothesis import strategies as st

from controller.core.cards import PACK
from drivers.shoe1 import codec
from drivers.shoe1.messages import Ack, BadFrame, CardFrame

cards = st.sampled_from((*PACK, None))
card_frames = st.builds(CardFrame, st.integers(0, 65535), cards, st.one_of(st.none(), st.integers(0, 100)))
acks = st.builds(Ack, st.integers(0, 65535))


def general_sentence(message: CardFrame | Ack) -> bytes:
    """The sentence as the general road writes it: BODY, then its checksum by XOR over every byte."""
    return codec.frame(codec.body_of(message))


@given(card_frames)
@example(CardFrame(0, None, 0))
@example(CardFrame(65535, PACK[-1], 100))
def test_shoe1_framing_a_card_is_written_byte_for_byte_as_the_general_road_writes_it(card: CardFrame) -> None:
    assert codec.encode(card) == general_sentence(card)


@given(acks)
def test_shoe1_framing_an_ack_is_written_byte_for_byte_as_the_general_road_writes_it(ack: Ack) -> None:
    assert codec.encode(ack) == general_sentence(ack)


@given(st.integers(-5, 200_000), cards, st.one_of(st.none(), st.integers(-5, 1000)))
def test_shoe1_framing_fields_out_of_range_are_still_written_the_general_way(
        seq: int, card: object, quality: int | None) -> None:
    """A message the protocol would refuse (seq over 65535, quality over 100) is still written as asked: the
    receiver is the one that refuses it, with its reason."""
    message = CardFrame(seq, card, quality)  # type: ignore[arg-type]
    assert codec.encode(message) == general_sentence(message)
    assert codec.encode(Ack(seq)) == general_sentence(Ack(seq))


def test_shoe1_framing_number_checksums_are_the_xor_of_the_digits_as_written() -> None:
    assert len(codec.NUMBER_CHECKSUM) == 65536
    for n in range(65536):
        assert codec.NUMBER_CHECKSUM[n] == codec.checksum(b"%d" % n), n


# Sentences near a card's: leading zeros, lower case, wrong or right checksums, CR or not, stray bytes.
digits = st.text("0123456789", min_size=0, max_size=7)
card_fields = st.one_of(
    st.sampled_from([c.code for c in PACK] + ["??"]), st.text("0123456789TJQKAXCDHSs?a ", max_size=3)
)


@st.composite
def near_card_sentences(draw: st.DrawFn, kind: str = "CARD") -> bytes:
    fields = [kind, draw(digits)]
    if kind == "CARD":
        fields.append(draw(card_fields))
        if draw(st.booleans()):
            fields.append(draw(digits))
    body = ",".join(fields).encode()
    right = b"%02X" % codec.checksum(body)
    given_checksum = draw(st.one_of(st.just(right), st.just(right.lower()), st.binary(min_size=0, max_size=3)))
    end = draw(st.sampled_from([b"\r\n", b"\n", b"\r\r\n", b"", b"\n\n"]))
    return b"$" + body + b"*" + given_checksum + end


def damaged(sentence: bytes, rng: random.Random) -> bytes:
    """The sentence after one of the things a line does: a bit flipped, a byte changed, added or lost."""
    data = bytearray(sentence)
    where = rng.randrange(len(data))
    what = rng.randrange(4)
    if what == 0:
        data[where] ^= 1 << rng.randrange(8)
    elif what == 1:
        data[where] = rng.randrange(256)
    elif what == 2:
        data.insert(where, rng.randrange(256))
    else:
        del data[where]
    return bytes(data)


@given(st.one_of(card_frames.map(codec.encode), near_card_sentences()), st.integers(0, 3), st.randoms())
@example(b"$CARD,7,AS*00\r\n", 0, random.Random(0))
@example(b"$CARD,65536,AS*" + b"%02X" % codec.checksum(b"CARD,65536,AS") + b"\r\n", 0, random.Random(0))
@example(b"$CARD,007,AS*" + b"%02X" % codec.checksum(b"CARD,007,AS") + b"\r\n", 0, random.Random(0))
@example(b"$CARD,7,AS,101*" + b"%02X" % codec.checksum(b"CARD,7,AS,101") + b"\r\n", 0, random.Random(0))
def test_shoe1_framing_a_card_sentence_reads_the_same_by_either_road_intact_or_damaged(
        sentence: bytes, damages: int, rng: random.Random) -> None:
    for _ in range(damages):
        sentence = damaged(sentence, rng) if sentence else sentence
    quick = codec.decode_sentence(sentence)
    assert quick == codec.decode_any_sentence(sentence, codec.parse_shoe_body)
    assert isinstance(quick, CardFrame | BadFrame) or not sentence.startswith(b"$CARD,")


@given(st.one_of(acks.map(codec.encode), near_card_sentences("ACK")), st.integers(0, 3), st.randoms())
@example(b"$ACK,70000*" + b"%02X" % codec.checksum(b"ACK,70000") + b"\r\n", 0, random.Random(0))
def test_shoe1_framing_an_ack_sentence_reads_the_same_by_either_road_intact_or_damaged(
        sentence: bytes, damages: int, rng: random.Random) -> None:
    for _ in range(damages):
        sentence = damaged(sentence, rng) if sentence else sentence
    assert codec.decode_sentence(sentence, codec.parse_host_body) == codec.decode_any_sentence(
        sentence, codec.parse_host_body)


def test_shoe1_framing_a_card_the_quick_road_refuses_keeps_the_general_reason() -> None:
    sentence = b"$CARD,7,AS,97*00\r\n"
    assert codec.decode_sentence(sentence) == BadFrame(
        f"bad checksum 00 (computed {codec.checksum(b'CARD,7,AS,97'):02X})", sentence)
    over = b"$CARD,65536,AS*" + b"%02X" % codec.checksum(b"CARD,65536,AS") + b"\r\n"
    assert codec.decode_sentence(over) == BadFrame("CARD seq '65536' is not 0-65535", over)


@given(st.lists(st.one_of(card_frames.map(codec.encode), near_card_sentences(), st.binary(max_size=6)), max_size=12))
def test_shoe1_framing_a_stream_of_cards_reads_the_same_whole_or_byte_by_byte(pieces: list[bytes]) -> None:
    """The reader takes a card's sentence in place when it starts where the last one ended; byte by byte it
    never can. Both must give the same messages, refusals and noise count."""
    stream = b"".join(pieces)
    whole, by_byte = codec.SentenceReader(), codec.SentenceReader()
    expected = [m for i in range(len(stream)) for m in by_byte.feed(stream[i : i + 1])]
    assert whole.feed(stream) == expected
    assert whole.noise_bytes == by_byte.noise_bytes
