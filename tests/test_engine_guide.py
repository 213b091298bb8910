"""What the console asks the engine: what is expected next, and which commands are legal, in every phase."""

from __future__ import annotations

import pytest
from roundkit import deal_order

from controller.engine import (
    ActionKind,
    Bet,
    BuyGame,
    CardDealt,
    Exchange,
    PlaceStakes,
    RevealDealer,
    TakeAnte,
    VoidRound,
    build_command,
    can,
    do,
    expected_next,
    legal_commands,
    new_round,
)
from controller.table.rule_files import load_preset
from drivers.cards import parse_card

FLUSH = ["2H", "5H", "9H", "JH", "KH"]
JUNK = ["2S", "4H", "6C", "8D", "TH"]
NO_GAME = ["QC", "JD", "8S", "4D", "2C"]


def kinds(state, box=None):
    return [a.kind for a in legal_commands(state) if box is None or a.box == box]


def test_expected_next_through_a_whole_round_with_a_bought_game():
    state = new_round(load_preset("classic"))
    assert expected_next(state).text == "place antes"
    assert "place_stakes" in kinds(state) and "card" not in kinds(state)
    do(state, PlaceStakes(1, 100))
    do(state, PlaceStakes(2, 100))
    shoe = iter(deal_order({1: FLUSH, 2: JUNK}, NO_GAME, ["3S", "8H"]))
    texts = []
    for _ in range(15):
        texts.append(expected_next(state).text)
        do(state, CardDealt(parse_card(next(shoe))))
    assert texts[:4] == ["place antes, or deal: card 1 to box 1", "card 1 to box 2", "card 1 to the dealer",
                         "card 2 to box 1"]
    assert texts[-1] == "card 5 to the dealer (face up)"
    assert expected_next(state).text == "box 1: fold, bet, buy, exchange or insure"
    do(state, Bet(1))
    nxt = expected_next(state)
    assert (nxt.actor, nxt.box, nxt.text) == ("box", 2, "box 2: fold, bet, buy or exchange")
    do(state, Exchange(2, (parse_card("2S"),)))
    assert expected_next(state).text == "card 5 to box 2"
    assert kinds(state, 2) == [] and "card" in kinds(state)
    do(state, CardDealt(parse_card(next(shoe))))
    assert kinds(state, 2) == ["fold", "bet"]  # one draw per box: classic leaves the repeated exchange off
    do(state, Bet(2))
    assert expected_next(state).text == "dealer: show your hand"
    do(state, RevealDealer())
    assert expected_next(state).text == "box 1, 2: buy the dealer a game or take the ante"
    assert sorted(kinds(state))[:4] == ["buy_game", "buy_game", "close_buying", "take_ante"]
    buy = next(a for a in legal_commands(state) if a.kind == "buy_game")
    assert buy.price == 100
    do(state, BuyGame(1))
    do(state, TakeAnte(2))
    assert expected_next(state).text == "dealer: replace QC"
    do(state, CardDealt(parse_card(next(shoe))))
    assert expected_next(state).text.startswith("round closed (house net ")
    assert legal_commands(state) == ()


def test_a_fault_hands_the_table_to_the_pit_boss():
    state = new_round(load_preset("online"))
    do(state, PlaceStakes(3, 50))
    do(state, CardDealt(None))
    nxt = expected_next(state)
    assert nxt.actor == "pit_boss" and nxt.text.startswith("The shoe could not read a card (card 1 to box 3)")
    do(state, VoidRound("pit boss Ann", "shoe jammed"))
    assert expected_next(state).text == "round closed (voided, every stake returned)"


def test_one_vocabulary_every_action_word_builds_the_command_that_bears_it():
    """The words of scripts, buttons and strategies (ActionKind) each build their command, and each command
    names its word back: one map, both ways."""
    card = parse_card("AS")
    details = {"discards": (card,), "amount": 100, "card": card, "actor": "pit boss Ann", "reason": "misread"}
    for word in ActionKind:
        command = build_command(word, 1, **details)
        assert command.action is word
        assert build_command(str(word), 1, **details) == command  # the word as a script writes it


def test_a_word_without_what_its_command_needs_is_refused_saying_what_is_missing():
    with pytest.raises(ValueError, match="The action 'fold' needs a box"):
        build_command(ActionKind.FOLD)
    with pytest.raises(ValueError, match="The action 'insure' needs an amount"):
        build_command("insure", 2)
    with pytest.raises(ValueError, match="'teleport' is not a valid ActionKind"):
        build_command("teleport", 1)


def test_a_legal_action_builds_a_command_the_engine_accepts():
    state = new_round(load_preset("classic"))
    do(state, PlaceStakes(1, 100))
    for code in deal_order({1: FLUSH}, NO_GAME):
        do(state, CardDealt(parse_card(code)))
    exchange = next(a for a in legal_commands(state) if a.kind == ActionKind.EXCHANGE)
    assert exchange.command(discards=[parse_card("2H")]) == Exchange(1, (parse_card("2H"),))
    insure = next(a for a in legal_commands(state) if a.kind == ActionKind.INSURE)
    assert can(state, insure.command(amount=insure.maximum))
    assert all(can(state, a.command()) for a in legal_commands(state) if a.kind in (ActionKind.FOLD, ActionKind.BET))
