"""R-CARD-1: one 52-card pack; how card text is read and written."""

import random

import pytest

from drivers.cards import PACK, CardError, Deck, parse_card, parse_cards, split_card_text


@pytest.mark.parametrize(
    ("text", "code"),
    [("AS", "AS"), ("as", "AS"), ("10h", "TH"), ("Td", "TD"), ("A♠", "AS"), ("♠A", "AS"), ("10♥", "TH"),
     ("♦q", "QD"), ("2c", "2C"), (" kS ", "KS"), ("9♧", "9C")],
)
def test_r_card_1_card_text_forms(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize("text", ["1X", "", "11S", "AX", "ZS", "A", "S", "10", "1♠", "AS♠", "♠"])
def test_r_card_1_bad_card_names_the_syntax(text):
    with pytest.raises(CardError) as err:
        parse_card(text)
    assert f"'{text}' is not a card: rank 2-9, T or 10, J, Q, K, A; suit C, D, H, S" == str(err.value)


def test_r_card_1_a_card_twice_in_one_hand_is_refused():
    with pytest.raises(CardError, match="QS appears twice"):
        parse_cards(["QS", "2C", "qs"])


def test_r_card_1_one_pack_of_52_distinct_cards():
    assert len(PACK) == 52 and len({c.code for c in PACK}) == 52
    assert [c.index for c in PACK] == list(range(52))


def test_r_card_1_card_lines_split_with_or_without_spaces():
    assert split_card_text("AS,KD 10h") == ["AS", "KD", "10h"]
    assert split_card_text("ASKD10H5c") == ["AS", "KD", "10H", "5c"]


def test_r_card_1_a_shuffled_deck_is_the_pack_in_another_order():
    deck = Deck.shuffled(random.Random(7))
    assert sorted(deck.cards) == sorted(PACK) and deck.cards != PACK
    first = deck.draw()
    assert len(deck) == 51 and first not in deck.cards
