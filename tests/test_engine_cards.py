"""R-DEAL-1, R-CARD-1, R-ACT-7: where each card goes, card faults and their pit-boss resolution, the stock."""

from __future__ import annotations

import copy

import pytest
from roundkit import deal_order

from controller.core.rules import rules_from_mapping
from controller.engine import (
    Bet,
    CardDealt,
    CloseBets,
    CorrectCard,
    DismissCard,
    Exchange,
    Fold,
    IllegalCommand,
    Phase,
    PlaceStakes,
    RevealDealer,
    VoidRound,
    do,
    expected_next,
    legal_commands,
    new_round,
    replay,
)
from controller.engine.events import CardFault, CardPlaced, DiscardsReshuffled
from controller.table.rule_files import load_preset
from drivers.cards import PACK, parse_card, parse_cards

CLASSIC = load_preset("classic")


def dealt_round(rules=CLASSIC, hands=None, dealer=("7C", "7D", "3S", "4D", "9C")):
    hands = hands or {1: ["2H", "5H", "9H", "JH", "KH"], 2: ["2S", "4H", "6C", "8D", "TH"]}
    state = new_round(rules)
    events = []
    for box in hands:
        events += do(state, PlaceStakes(box, 100))
    for code in deal_order(hands, list(dealer)):
        events += do(state, CardDealt(parse_card(code)))
    return state, events


def test_r_deal_1_one_card_at_a_time_box_1_first_dealer_last_fifth_dealer_card_face_up():
    state = new_round(CLASSIC)
    do(state, PlaceStakes(2, 100))
    do(state, PlaceStakes(5, 100))
    assert expected_next(state).text == "place antes, or deal: card 1 to box 2"
    targets = []
    for code in ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "2D", "3D"]:
        events = do(state, CardDealt(parse_card(code)))
        placed = next(e for e in events if isinstance(e, CardPlaced))
        targets.append((placed.to, placed.face_up))
    assert targets[:3] == [(2, False), (5, False), (0, False)]
    assert targets[-1] == (0, True)  # the dealer's fifth card, face up
    assert sum(up for _, up in targets) == 1
    assert state.phase is Phase.DECISIONS
    assert expected_next(state).text == "box 2: fold, bet, buy, exchange or insure"  # 2C 5C 8C JC AC: a flush


def test_r_card_1_duplicate_card_stops_the_round_with_where_it_was_seen():
    state = new_round(CLASSIC)
    do(state, PlaceStakes(1, 100))
    do(state, CardDealt(parse_card("QS")))
    events = do(state, CardDealt(parse_card("QS")))
    assert isinstance(events[0], CardFault) and events[0].kind == "duplicate"
    assert events[0].text == ("Card QS read twice this round (box 1 holds it; now card 1 to the dealer). "
                              "Stop dealing; a pit boss must check the shoe.")
    assert expected_next(state).actor == "pit_boss"
    # Nothing but a pit boss may go on: a card or a decision is refused, and changes nothing.
    before = copy.deepcopy(state)
    with pytest.raises(IllegalCommand) as refused:
        do(state, CardDealt(parse_card("2C")))
    assert refused.value.clause == "R-CARD-1" and state == before
    assert {a.kind for a in legal_commands(state)} == {"correct_card", "dismiss_card", "void_round"}


def test_r_card_1_pit_boss_corrects_the_card_and_the_deal_goes_on():
    state = new_round(CLASSIC)
    do(state, PlaceStakes(1, 100))
    do(state, CardDealt(parse_card("QS")))
    do(state, CardDealt(None))  # unreadable: a fault, nothing placed
    assert state.fault is not None and state.fault.kind == "unreadable" and state.dealer == []
    with pytest.raises(IllegalCommand, match="already in play"):
        do(state, CorrectCard(parse_card("QS"), "pit boss Ann", "card face shown"))
    events = do(state, CorrectCard(parse_card("4D"), "pit boss Ann", "card face shown"))
    assert events[0].payload() == {"type": "FaultResolved", "v": 1, "resolution": "corrected", "card": "4D",
                                   "actor": "pit boss Ann", "reason": "card face shown"}
    assert state.dealer == [parse_card("4D")] and state.fault is None


def test_r_deal_1_card_when_none_is_expected_is_a_fault_the_pit_boss_dismisses():
    state, _ = dealt_round()
    events = do(state, CardDealt(parse_card("AS")))
    assert events[0].kind == "unexpected" and "no card was expected" in events[0].text
    with pytest.raises(IllegalCommand) as refused:
        do(state, CorrectCard(parse_card("AS"), "pb", "x"))
    assert refused.value.clause == "R-DEAL-1"
    do(state, DismissCard("pit boss Ann", "burn card"))
    assert state.fault is None and state.in_stock(parse_card("AS"))
    do(state, Bet(1))


def test_void_round_returns_every_stake_and_closes_the_round():
    state, events = dealt_round()
    events += do(state, Exchange(1, (parse_card("2H"),)))
    events += do(state, VoidRound("pit boss Ann", "dealer exposed the stock"))
    assert state.phase is Phase.CLOSED and state.voided and state.house_net == 0
    assert all(b.settlement.net == 0 and b.settlement.outcome == "void" for b in state.boxes.values())
    assert replay(CLASSIC, events) == state
    with pytest.raises(IllegalCommand):
        do(state, VoidRound("pit boss Ann", "again"))


def test_r_act_7_discards_are_reshuffled_when_the_stock_runs_out_never_a_live_card():
    # Six boxes and the dealer hold 35 cards, leaving 17 in the stock. Each box exchanges 4 cards and folds:
    # after four boxes (16 cards) one card is left, so the fifth box's exchange brings the discards back.
    state = new_round(CLASSIC)
    for box in range(1, 7):
        do(state, PlaceStakes(box, 10))
    pack = list(PACK)
    shoe = iter(pack)
    for _ in range(35):
        do(state, CardDealt(next(shoe)))
    reshuffled = []
    for box in range(1, 7):
        discards = tuple(state.boxes[box].cards[:4])
        events = do(state, Exchange(box, discards))
        reshuffled += [e for e in events if isinstance(e, DiscardsReshuffled)]
        for _ in range(4):
            card = next((c for c in shoe if state.in_stock(c)), None)
            if card is None:
                card = next(c for c in pack if state.in_stock(c))
            do(state, CardDealt(card))
        do(state, Fold(box))
    assert reshuffled, "six 4-card exchanges need more than the 17 cards of the stock"
    assert not any(state.is_live(c) for c in reshuffled[0].cards)


def test_r_act_7_a_table_that_refuses_instead_of_reshuffling():
    data = CLASSIC.to_mapping()
    data["draw"]["when_stock_runs_out"] = "refuse"
    rules = rules_from_mapping(data)
    state = new_round(rules)
    for box in range(1, 7):
        do(state, PlaceStakes(box, 10))
    cards = iter(PACK)
    for _ in range(35):
        do(state, CardDealt(next(cards)))
    refused = None
    for box in range(1, 7):
        try:
            do(state, Exchange(box, tuple(state.boxes[box].cards[:4])))
        except IllegalCommand as err:
            refused = err
            break
        for _ in range(4):
            do(state, CardDealt(next(cards)))
        do(state, Fold(box))
    assert refused is not None and refused.clause == "R-ACT-7"
    assert "Only 1 card(s) are left in the stock" in refused.reason


def test_r_act_4_cards_of_an_exchange_are_expected_one_by_one():
    state, _ = dealt_round()
    do(state, Exchange(1, (parse_card("2H"), parse_card("5H"))))
    assert expected_next(state).text == "card 4 to box 1"
    with pytest.raises(IllegalCommand) as refused:
        do(state, Bet(1))
    assert refused.value.clause == "R-ACT-4"
    do(state, CardDealt(parse_card("AH")))
    do(state, CardDealt(parse_card("QH")))
    assert state.boxes[1].cards == list(parse_cards(["9H", "JH", "KH", "AH", "QH"]))


def test_dealer_draw_expectation_names_the_card_he_replaces():
    hands = {1: ["2H", "5H", "9H", "JH", "KH"]}
    state, _ = dealt_round(hands=hands, dealer=("QC", "JD", "8S", "4D", "2C"))
    do(state, Bet(1))
    do(state, RevealDealer())
    from controller.engine import BuyGame

    do(state, BuyGame(1))
    assert expected_next(state).text == "dealer: replace QC"
    assert state.phase is Phase.DEALER_DRAW
    do(state, CardDealt(parse_card("8H")))
    assert state.phase is Phase.CLOSED


def test_close_bets_needs_a_box():
    with pytest.raises(IllegalCommand) as refused:
        do(new_round(CLASSIC), CloseBets())
    assert refused.value.clause == "R-BET-1"


def test_r_bet_1_stakes_can_be_withdrawn_only_before_the_deal():
    from controller.engine import WithdrawStakes

    state = new_round(CLASSIC)
    do(state, PlaceStakes(2, 100))
    do(state, PlaceStakes(4, 100))
    do(state, WithdrawStakes(2))
    assert state.order == [4]
    do(state, CardDealt(parse_card("AS")))
    with pytest.raises(IllegalCommand) as refused:
        do(state, WithdrawStakes(4))
    assert refused.value.clause == "R-BET-1"


def test_r_act_7_the_dealers_bought_draw_reshuffles_an_empty_stock():
    # Six boxes and the dealer take 35 cards (17 left). Boxes 1-4 exchange 4 cards each and fold (1 left),
    # box 5 exchanges 1 card (0 left) and bets, box 6 folds. The dealer (Q-J-8-4-2) does not qualify and
    # box 5 buys him a game: the discards become the stock and his card comes from them.
    from controller.engine import BuyGame

    dealer = ["QC", "JD", "8S", "4D", "2C"]
    rest = [c.code for c in PACK if c.code not in dealer]
    hands = {box: rest[5 * (box - 1): 5 * box] for box in range(1, 7)}
    state = new_round(CLASSIC)
    for box in hands:
        do(state, PlaceStakes(box, 10))
    for code in deal_order(hands, dealer):
        do(state, CardDealt(parse_card(code)))
    stock = iter(rest[30:])
    for box, count in [(1, 4), (2, 4), (3, 4), (4, 4), (5, 1)]:
        do(state, Exchange(box, tuple(state.boxes[box].cards[:count])))
        for _ in range(count):
            do(state, CardDealt(parse_card(next(stock))))
        do(state, Fold(box) if box < 5 else Bet(box))
    do(state, Fold(6))
    assert state.stock_size == 0
    do(state, RevealDealer())
    bought = do(state, BuyGame(5))
    reshuffled = next(e for e in bought if isinstance(e, DiscardsReshuffled))
    assert not any(state.is_live(c) for c in reshuffled.cards)
    assert expected_next(state).text == "dealer: replace QC"
    do(state, CardDealt(reshuffled.cards[0]))
    assert state.phase is Phase.CLOSED


def test_r_table_1_no_table_has_more_boxes_than_one_pack_deals():
    """R-DEAL-1 deals five cards to every box and the dealer from one pack: nine boxes at most."""
    from controller.core.rules import MOST_BOXES, RulesError, rules_from_mapping

    data = load_preset("classic").to_mapping()
    data["table"]["boxes"] = MOST_BOXES
    assert rules_from_mapping(data).table.boxes == MOST_BOXES == 9
    data["table"]["boxes"] = MOST_BOXES + 1
    with pytest.raises(RulesError, match=r"field table\.boxes: 10 is not allowed; allowed: a whole number from 1 to 9"):
        rules_from_mapping(data)


def test_r_deal_1_a_nine_box_table_deals_five_cards_to_every_box_and_the_dealer():
    from controller.core.rules import rules_from_mapping
    from controller.engine import CardDealt, PlaceStakes, do, new_round, replay

    data = load_preset("classic").to_mapping()
    data["table"]["boxes"] = 9
    rules = rules_from_mapping(data)
    state = new_round(rules)
    events = []
    for box in range(1, 10):
        events += do(state, PlaceStakes(box, 10))
    for card in PACK[:50]:  # five passes of ten places
        events += do(state, CardDealt(card))
    assert [len(state.boxes[b].cards) for b in range(1, 10)] == [5] * 9
    assert len(state.dealer) == 5 and state.phase is Phase.DECISIONS and state.stock_size == 2
    assert [e.to for e in events if isinstance(e, CardPlaced)][:10] == [*range(1, 10), 0]
    assert replay(rules, events) == state
