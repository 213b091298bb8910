"""docs/shoe1-serial.md framing: the sentence reader takes runs of bytes at a time, and must cut a stream exactly as
the byte-at-a-time rule does (noise before `$`, a `$` cutting a sentence off, LF ending one, MAX_SENTENCE
bytes without LF dropping one), wherever the reads split the stream."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.shoe1 import codec
from drivers.shoe1.messages import BadFrame, CardFrame


def byte_at_a_time(chunks):
    """The framing rule, one byte at a time, as the spec states it."""
    out, partial, inside, noise = [], bytearray(), False, 0
    for data in chunks:
        for byte in data:
            if byte == codec.START:
                if inside and partial:
                    out.append(BadFrame("sentence cut off by the next $", bytes(partial)))
                partial = bytearray([byte])
                inside = True
            elif not inside:
                noise += 1
            else:
                partial.append(byte)
                if byte == codec.LF:
                    out.append(codec.decode_sentence(bytes(partial)))
                    partial, inside = bytearray(), False
                elif len(partial) >= codec.MAX_SENTENCE:
                    out.append(BadFrame(f"sentence over {codec.MAX_SENTENCE} bytes", bytes(partial)))
                    partial, inside = bytearray(), False
    return out, noise


PIECES = st.sampled_from([
    b"$CARD,12,AS,97*", b"$HB,3*", b"\r\n", b"\n", b"$", b"*", b"noise", b"x" * 90, b"CARD,1,KD", b"41\r\n",
    codec.encode(CardFrame(7, None, None)), codec.frame("CARD,65535,TD,100"), codec.frame("STAT,READY"),
    codec.frame("FAULT,E04,jam, cleared"), b"\x00\xff", b"$" + b"A" * 85 + b"\n",
])


@settings(max_examples=100, deadline=None)
@given(pieces=st.lists(PIECES, max_size=30), cuts=st.lists(st.integers(0, 400), max_size=8))
def test_shoe1_framing_by_runs_equals_byte_at_a_time_wherever_reads_split(pieces, cuts):
    stream = b"".join(pieces)
    bounds = sorted({0, len(stream), *[c for c in cuts if c <= len(stream)]})
    chunks = [stream[a:b] for a, b in itertools.pairwise(bounds)]
    reader = codec.SentenceReader()
    got = [frame for chunk in chunks for frame in reader.feed(chunk)]
    expected, noise = byte_at_a_time(chunks)
    assert got == expected and reader.noise_bytes == noise


@pytest.mark.slow  # test_shoe1_framing_by_runs_equals_byte_at_a_time_wherever_reads_split over 300 streams
@settings(max_examples=300, deadline=None)
@given(pieces=st.lists(PIECES, max_size=30), cuts=st.lists(st.integers(0, 400), max_size=8))
def test_shoe1_framing_by_runs_equals_byte_at_a_time_wherever_reads_split_nightly(pieces, cuts):
    test_shoe1_framing_by_runs_equals_byte_at_a_time_wherever_reads_split.hypothesis.inner_test(pieces, cuts)


def test_shoe1_framing_a_sentence_of_exactly_the_limit_is_decoded_one_byte_more_is_dropped():
    body = "NAK," + "x" * (codec.MAX_SENTENCE - 10)
    sentence = codec.frame(body)
    assert len(sentence) == codec.MAX_SENTENCE
    assert not isinstance(codec.SentenceReader().feed(sentence)[0], BadFrame)
    longer = codec.frame(body + "y")
    assert codec.SentenceReader().feed(longer)[0].reason.startswith("sentence over")
