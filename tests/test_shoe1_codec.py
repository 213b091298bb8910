"""docs/shoe1-serial.md, "Framing" and the sentence tables: the pure codec, byte by byte."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from drivers.cards import PACK, parse_card
from drivers.shoe1 import codec, messages
from drivers.shoe1.messages import BadFrame, UnknownFrame

SPEC_EXAMPLES = [
    (b"$HELLO,SHOE1,RS-200,SN000123,2.4.1*56\r\n", messages.ShoeHello("RS-200", "SN000123", "2.4.1")),
    (b"$CARD,0,AS,97*14\r\n", messages.CardFrame(0, parse_card("AS"), 97)),
    (b"$CARD,1,TD*35\r\n", messages.CardFrame(1, parse_card("TD"), None)),
    (b"$CARD,2,??*26\r\n", messages.CardFrame(2, None, None)),
    (b"$FAULT,E02,two cards*26\r\n", messages.FaultFrame("E02", "two cards")),
    (b"$HB,42*20\r\n", messages.Heartbeat(42)),
]


def test_shoe1_example_sentences_decode_to_their_messages() -> None:
    for sentence, message in SPEC_EXAMPLES:
        assert codec.decode_sentence(sentence) == message


def test_shoe1_example_sentences_are_encoded_byte_for_byte() -> None:
    for sentence, message in SPEC_EXAMPLES:
        assert codec.encode(message) == sentence


def test_shoe1_checksum_is_xor_of_body_in_upper_case_hex() -> None:
    assert codec.checksum(b"HB,42") == 0x20
    assert codec.frame("CARD,0,AS,97") == b"$CARD,0,AS,97*14\r\n"
    assert codec.frame("STAT,READY").endswith(
        b"*" + f"{codec.checksum(b'STAT,READY'):02X}".encode() + b"\r\n"
    )


def test_shoe1_host_sentences_round_trip() -> None:
    for message in (messages.HostHello("rptable"), messages.Ack(65535), messages.Resync(12), messages.Lock(),
                    messages.Unlock()):
        assert codec.decode_sentence(codec.encode(message), codec.parse_host_body) == message
    assert codec.encode(messages.Ack(7)) == b"$ACK,7*" + f"{codec.checksum(b'ACK,7'):02X}".encode() + b"\r\n"


def test_shoe1_framing_bad_checksum_is_dropped() -> None:
    decoded = codec.decode_sentence(b"$CARD,0,AS,97*15\r\n")
    assert isinstance(decoded, BadFrame) and "checksum" in decoded.reason


def test_shoe1_framing_missing_checksum_is_dropped() -> None:
    assert isinstance(codec.decode_sentence(b"$CARD,0,AS,97\r\n"), BadFrame)
    assert isinstance(codec.decode_sentence(b"$CARD,0,AS,97*1\r\n"), BadFrame)


def test_shoe1_framing_lower_case_checksum_is_dropped() -> None:
    sentence = next(s for s in (codec.frame(f"CARD,{n},KH") for n in range(100)) if not s[-4:-2].isdigit())
    assert isinstance(codec.decode_sentence(sentence), messages.CardFrame)
    assert isinstance(codec.decode_sentence(sentence[:-4] + sentence[-4:-2].lower() + b"\r\n"), BadFrame)


def test_shoe1_framing_over_82_bytes_is_dropped_and_the_next_sentence_read() -> None:
    long_text = "x" * 80
    over = codec.frame(f"FAULT,E01,{long_text}")
    assert len(over) > codec.MAX_SENTENCE
    reader = codec.SentenceReader()
    out = reader.feed(over + b"$HB,42*20\r\n")
    assert isinstance(out[0], BadFrame) and "82" in out[0].reason
    assert out[-1] == messages.Heartbeat(42)


def test_shoe1_framing_exactly_82_bytes_is_accepted() -> None:
    base = codec.frame("FAULT,E01,")
    text = "y" * (codec.MAX_SENTENCE - len(base))
    sentence = codec.frame(f"FAULT,E01,{text}")
    assert len(sentence) == codec.MAX_SENTENCE
    assert codec.SentenceReader().feed(sentence) == [messages.FaultFrame("E01", text)]


def test_shoe1_framing_bytes_before_dollar_are_noise() -> None:
    reader = codec.SentenceReader()
    assert reader.feed(b"\x00\xffgarbage\r\n$CARD,1,TD*35\r\n") == [messages.CardFrame(1, parse_card("TD"), None)]
    assert reader.noise_bytes == len(b"\x00\xffgarbage\r\n")


def test_shoe1_framing_sentence_cut_by_next_dollar_is_dropped_and_resynchronised() -> None:
    out = codec.SentenceReader().feed(b"$CARD,0,A$CARD,1,TD*35\r\n")
    assert isinstance(out[0], BadFrame)
    assert out[1] == messages.CardFrame(1, parse_card("TD"), None)


def test_shoe1_framing_sentences_split_across_reads_are_reassembled() -> None:
    stream = b"".join(s for s, _ in SPEC_EXAMPLES)
    reader = codec.SentenceReader()
    out = []
    for i in range(0, len(stream), 3):
        out.extend(reader.feed(stream[i : i + 3]))
    assert out == [m for _, m in SPEC_EXAMPLES]


def test_shoe1_unknown_sentence_is_ignored_not_an_error() -> None:
    assert isinstance(codec.decode_sentence(codec.frame("TEMP,21")), UnknownFrame)


def test_shoe1_card_out_of_range_rank_or_suit_is_dropped() -> None:
    for body in ("CARD,3,1S", "CARD,3,ZS", "CARD,3,AX", "CARD,3,10S", "CARD,3,as"):
        assert isinstance(codec.decode_sentence(codec.frame(body)), BadFrame), body


def test_shoe1_card_seq_and_quality_ranges_are_checked() -> None:
    assert isinstance(codec.decode_sentence(codec.frame("CARD,65536,AS")), BadFrame)
    assert isinstance(codec.decode_sentence(codec.frame("CARD,-1,AS")), BadFrame)
    assert isinstance(codec.decode_sentence(codec.frame("CARD,1,AS,101")), BadFrame)
    assert codec.decode_sentence(codec.frame("CARD,65535,AS,100")) == messages.CardFrame(65535, parse_card("AS"), 100)


def test_shoe1_stat_states_are_the_four_of_the_spec() -> None:
    for state in ("READY", "EMPTY", "COVER_OPEN", "LOCKED"):
        assert codec.decode_sentence(codec.frame(f"STAT,{state}")) == messages.StatusFrame(state)
    assert isinstance(codec.decode_sentence(codec.frame("STAT,ON_FIRE")), BadFrame)


def test_shoe1_nak_is_decoded() -> None:
    assert codec.decode_sentence(codec.frame("NAK,bad checksum")) == messages.Nak("bad checksum")


# -- invariants --------------------------------------------------------------------------------------------
cards = st.sampled_from((*PACK, None))
shoe_messages = st.one_of(
    st.builds(messages.CardFrame, st.integers(0, 65535), cards, st.one_of(st.none(), st.integers(0, 100))),
    st.builds(messages.StatusFrame, st.sampled_from(("READY", "EMPTY", "COVER_OPEN", "LOCKED"))),
    st.builds(
        messages.FaultFrame,
        st.sampled_from(("E01", "E02", "E03", "E04", "E05", "E07")),
        st.text(st.characters(min_codepoint=32, max_codepoint=126, blacklist_characters="$*"), max_size=40),
    ),
    st.builds(messages.Heartbeat, st.integers(0, 10**6)),
)


@given(st.lists(shoe_messages, max_size=20), st.integers(1, 50))
def test_shoe1_encode_then_decode_round_trips_in_any_chunking(sent: list, chunk: int) -> None:
    stream = b"".join(codec.encode(m) for m in sent)
    reader = codec.SentenceReader()
    out = []
    for i in range(0, len(stream), chunk):
        out.extend(reader.feed(stream[i : i + chunk]))
    assert out == sent


@given(st.binary(max_size=400))
def test_shoe1_arbitrary_noise_never_raises_and_never_invents_a_card(noise: bytes) -> None:
    reader = codec.SentenceReader()
    out = reader.feed(noise)
    # A random byte string passes the checksum and field checks only by forming a valid sentence, which
    # needs the literal text; accept that, but everything must be a message or a counted drop.
    for item in out:
        assert item is not None
    for item in reader.feed(b"$HB,42*20\r\n"):
        assert item == messages.Heartbeat(42) or isinstance(item, BadFrame)


@given(st.lists(shoe_messages, min_size=1, max_size=10), st.data())
def test_shoe1_single_bit_error_in_body_is_always_detected(sent: list, data: st.DataObject) -> None:
    for message in sent:
        sentence = bytearray(codec.encode(message))
        star = sentence.rfind(b"*")
        index = data.draw(st.integers(1, star - 1))
        bit = data.draw(st.integers(0, 7))
        sentence[index] ^= 1 << bit
        out = codec.SentenceReader().feed(bytes(sentence))
        assert message not in out or sentence == codec.encode(message)
        assert not any(isinstance(m, messages.CardFrame) and m != message for m in out)


# Sentences, noise, stray delimiters and over-long runs: what a noisy serial line carries.
line_pieces = st.one_of(
    shoe_messages.map(codec.encode),
    st.binary(max_size=30),
    st.sampled_from((b"$", b"\r\n", b"\n", b"*", b"$CARD,1,AS", b"$" + b"A" * 90 + b"\r\n")),
)


@given(st.lists(line_pieces, max_size=12), st.lists(st.integers(1, 100), min_size=1, max_size=8))
def test_shoe1_framing_reads_any_stream_the_same_whatever_the_reads_byte_by_byte_or_whole(
        pieces: list[bytes], reads: list[int]) -> None:
    """The framing rules are stated byte by byte; a whole sentence within one read is cut out at once. Both must
    give the same sentences, the same reasons for dropping, and the same count of noise bytes."""
    stream = b"".join(pieces)
    by_byte = codec.SentenceReader()
    expected = [frame for i in range(len(stream)) for frame in by_byte.feed(stream[i : i + 1])]
    chunked, out, i, k = codec.SentenceReader(), [], 0, 0
    while i < len(stream):
        size = reads[k % len(reads)]
        out.extend(chunked.feed(stream[i : i + size]))
        i, k = i + size, k + 1
    whole = codec.SentenceReader()
    assert out == expected == whole.feed(stream)
    assert chunked.noise_bytes == by_byte.noise_bytes == whole.noise_bytes
