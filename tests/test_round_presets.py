"""Scripted rounds for every preset, each worked out by hand in its comment (ante 100, bet 200 throughout).

Dealer hands used: PAIR 7C 7D 3S 4D 9C (qualifies), NO_GAME QC JD 8S 4D 2C (queen high, does not qualify;
his highest card is QC), TRIP_JACKS JC JD JS 4D 2C.
"""

import pytest
from roundkit import bet, box_result, buy, buy_game, exchange, fold, insure, play, take_ante

from controller.core.rules import HouseRules, rules_from_mapping
from controller.table.rule_files import load_preset

PAIR = ["7C", "7D", "3S", "4D", "9C"]
NO_GAME = ["QC", "JD", "8S", "4D", "2C"]
TRIP_JACKS = ["JC", "JD", "JS", "4D", "2C"]
FLUSH = ["2H", "5H", "9H", "JH", "KH"]
FOUR_FLUSH = ["2H", "5H", "9H", "JH", "3C"]
TRIP_NINES = ["9D", "9H", "9S", "2S", "5D"]
JUNK = ["2S", "4H", "6C", "8D", "TH"]


def lines(box):
    return box["lines"]


# ------------------------------------------------------------------------------------------ classic (000)


def test_classic_r_settle_1_loss_loses_ante_and_bet():
    # Ten-high, no game, against a pair: ante -100, bet -200.
    box = box_result(play("classic", {1: JUNK}, PAIR, [bet(1)]), 1)
    assert (box["outcome"], box["net"]) == ("lose", -300)


def test_classic_r_act_1_fold_with_a_losing_bonus():
    # Fold: ante -100; the bonus (10) on a hand without trips is lost on the deal: -110.
    result = play("classic", {1: JUNK}, PAIR, [fold(1)], bonus={1: 10})
    box = box_result(result, 1)
    assert box["outcome"] == "fold"
    assert lines(box) == {"ante": -100, "bet": 0, "draw": 0, "insurance": 0, "bonus": -10, "buy_game": 0}
    assert box["net"] == -110 and result["house_net"] == 110


def test_classic_r_act_4_exchange_one_card_to_a_flush():
    # Exchange 3C for KH (1 ante): flush 5:1 = +1000, ante returned after a draw, draw -100: +900.
    box = box_result(play("classic", {1: FOUR_FLUSH}, PAIR, [exchange(1, "3C"), bet(1)], draws=["KH"]), 1)
    assert box["cards"] == ["2H", "5H", "9H", "JH", "KH"]
    assert lines(box)["draw"] == -100 and box["net"] == 900


def test_classic_r_act_4_five_cards_is_more_than_the_four_allowed():
    result = play("classic", {1: JUNK}, PAIR, [exchange(1, *JUNK)])
    assert (result["clause"], result["step"]) == ("R-ACT-4", 1)


def classic_with(**sections: dict) -> HouseRules:
    """The classic preset with some settings of a casino's own file changed."""
    data = load_preset("classic").to_mapping()
    for section, values in sections.items():
        data[section].update(values)
    return rules_from_mapping(data, "house.toml")


def test_classic_r_act_5_repeated_exchange_is_some_casinos_rule_so_the_preset_leaves_it_off():
    # Seed 000: "Some casinos have a rule" that a single-card exchange may be repeated. The preset leaves it off:
    # after exchanging 3C for 4S the box has drawn once, and a second exchange is refused.
    result = play("classic", {1: FOUR_FLUSH}, PAIR, [exchange(1, "3C"), exchange(1, "4S"), bet(1)],
                  draws=["4S", "KH"])
    assert (result["clause"], result["step"]) == ("R-ACT-4", 2)
    assert "one draw per box" in result["error"]


def test_classic_r_act_5_a_casino_that_repeats_single_card_exchanges_charges_a_flat_ante():
    # draw.repeat_single = "flat": 3C -> 4S (100), then 4S -> KH (100 more): flush +1000, draws -200: +800.
    house = classic_with(draw={"repeat_single": "flat"})
    box = box_result(play(house, {1: FOUR_FLUSH}, PAIR, [exchange(1, "3C"), exchange(1, "4S"), bet(1)],
                          draws=["4S", "KH"]), 1)
    assert lines(box)["draw"] == -200 and box["net"] == 800


def test_classic_r_act_5_a_repeat_after_a_two_card_exchange_is_refused():
    house = classic_with(draw={"repeat_single": "flat"})
    result = play(house, {1: FOUR_FLUSH}, PAIR, [exchange(1, "3C", "2H"), exchange(1, "4S")],
                  draws=["4S", "KH"])
    assert (result["clause"], result["step"]) == ("R-ACT-4", 2)


@pytest.mark.parametrize("preset", ["classic", "progressive"])
def test_r_bet_1_a_bonus_instead_of_the_ante_is_dealt_five_cards_and_settled_on_its_bonus_alone(preset):
    # Seeds 000 and 002: a bonus "instead of or in addition to" the ante. Box 1 stakes a bonus of 10 and no
    # ante: dealt trip nines, it is paid 20 to 1 (+200) and takes no decision; box 2 plays on as usual.
    tens = ["TC", "TD", "3H", "6S", "8C"]
    result = play(preset, {1: TRIP_NINES, 2: tens}, PAIR, [bet(2)], antes={1: 0}, bonus={1: 10})
    box = box_result(result, 1)
    assert box["cards"] == TRIP_NINES and box["outcome"] == "bonus_only"
    assert lines(box) == {"ante": 0, "bet": 0, "draw": 0, "insurance": 0, "bonus": 200, "buy_game": 0}
    assert box["net"] == 200 and box["stakes"]["ante"] == 0
    assert result["house_net"] == -200 - box_result(result, 2)["net"]
    # It takes no decision: a bet for it is refused.
    refused = play(preset, {1: TRIP_NINES, 2: tens}, PAIR, [bet(1)], antes={1: 0}, bonus={1: 10})
    assert (refused["clause"], refused["step"]) == ("R-BET-1", 1) and "bonus bet only" in refused["error"]


def test_r_bet_1_no_bonus_in_place_of_the_ante_where_the_source_does_not_say_so():
    refused = play("online", {1: TRIP_NINES}, PAIR, [], antes={1: 0}, bonus={1: 10})
    assert (refused["clause"], refused["step"]) == ("R-BET-1", 0)
    assert "takes no bonus bet instead of the ante" in refused["error"]
    neither = play("classic", {1: TRIP_NINES}, PAIR, [], antes={1: 0})
    assert neither["clause"] == "R-BET-1" and "neither an ante nor a bonus" in neither["error"]


def test_classic_r_settle_3_insurance_lost_when_the_dealer_qualifies():
    # 9-9-9-2-5 is trips, 3:1: potential payout 600, classic maximum half of it, 300. Insure 300.
    # Dealer pair: player wins: bet +600, ante +100 (no draw), insurance -300: +400.
    box = box_result(play("classic", {1: TRIP_NINES}, PAIR, [insure(1, 300), bet(1)]), 1)
    assert lines(box) == {"ante": 100, "bet": 600, "draw": 0, "insurance": -300, "bonus": 0, "buy_game": 0}
    assert box["net"] == 400


def test_classic_r_buy_1_bought_game_dealer_qualifies_and_the_flush_is_paid():
    # Dealer Q-high; the box pays 100 for his draw: QC -> 8H gives him a pair of 8s, he qualifies.
    # Flush beats it: bet +1000, ante +100 (bet on the original hand), buy-game -100: +1000.
    result = play("classic", {1: FLUSH}, NO_GAME, [bet(1), buy_game(1)], draws=["8H"])
    box = box_result(result, 1)
    assert result["dealer"]["draws"] == ["8H"] and result["dealer"]["qualified"] is True
    assert lines(box) == {"ante": 100, "bet": 1000, "draw": 0, "insurance": 0, "bonus": 0, "buy_game": -100}
    assert box["net"] == 1000


def test_classic_r_buy_3_same_rank_is_redrawn_free_and_a_still_unqualified_dealer_pays_the_ante():
    # QC -> QH leaves his hand unchanged: redrawn free, QH -> KS: K-J-8-4-2, still no game.
    # The box is paid as R-SETTLE-2: ante +100, bet returned; the 100 for his draw is kept: net 0.
    result = play("classic", {1: FLUSH}, NO_GAME, [bet(1), buy_game(1)], draws=["QH", "KS"])
    assert result["dealer"]["draws"] == ["QH", "KS"] and result["dealer"]["replaced"] == ["QC", "QH"]
    box = box_result(result, 1)
    assert (box["outcome"], lines(box)["ante"], lines(box)["buy_game"]) == ("no_qualify", 100, -100)
    assert box["net"] == 0


def test_classic_r_buy_2_boxes_that_take_the_ante_are_settled_before_the_draw():
    # Box 1 buys, box 2 takes the ante. Box 2 is settled before the draw (ante +100); the dealer's new
    # pair of 8s cannot touch it. Box 1's flush then beats the 8s: +1000.
    result = play("classic", {1: FLUSH, 2: ["TC", "TD", "3H", "6S", "5C"]}, NO_GAME,
                  [bet(1), bet(2), buy_game(1), take_ante(2)], draws=["8H"])
    assert box_result(result, 2)["net"] == 100
    assert box_result(result, 1)["net"] == 1000
    assert result["house_net"] == -1100


def test_classic_r_buy_1_an_insured_box_may_not_buy_the_dealer_a_game():
    result = play("classic", {1: TRIP_NINES}, NO_GAME, [insure(1, 300), bet(1), buy_game(1)])
    assert (result["clause"], result["step"]) == ("R-BUY-1", 3)


def test_classic_r_table_2_blind_box_plays_its_cards_at_showdown():
    # Box 2 is blind: ante 100 and bet 200 before the deal; its pair of tens beats the dealer's sevens:
    # bet 1:1 +200, ante +100 (no draw): +300. Box 1 bets its flush: +1100.
    result = play("classic", {1: FLUSH, 2: ["TC", "TD", "3H", "6S", "8C"]}, PAIR, [bet(1)], blind={2: True})
    assert box_result(result, 2)["net"] == 300
    assert box_result(result, 2)["stakes"]["bet"] == 200
    assert result["house_net"] == -1400


def test_classic_r_table_2_a_blind_box_cannot_decide():
    result = play("classic", {1: FLUSH, 2: ["TC", "TD", "3H", "6S", "8C"]}, PAIR, [bet(1), fold(2)],
                  blind={2: True})
    assert (result["clause"], result["step"]) == ("R-TABLE-2", 2)


def test_classic_r_bonus_1_trips_on_the_deal_pays_20_to_1_even_after_a_fold():
    box = box_result(play("classic", {1: TRIP_NINES}, PAIR, [fold(1)], bonus={1: 10}), 1)
    assert lines(box)["bonus"] == 200 and box["net"] == 100


# ------------------------------------------------------------------------------------------ online (001)


def test_online_r_act_4_exchange_all_five_cards():
    # 1-5 cards for 1 ante: five new cards make a flush: bet +1000, ante returned, draw -100: +900.
    box = box_result(play("online", {1: ["2C", "3D", "4S", "6H", "8C"]}, PAIR, [exchange(1, "2C", "3D", "4S",
                          "6H", "8C"), bet(1)], draws=FLUSH), 1)
    assert box["best"] == "FLUSH" and box["net"] == 900


def test_online_r_settle_1_ante_returned_on_a_win():
    box = box_result(play("online", {1: FLUSH}, PAIR, [bet(1)]), 1)
    assert lines(box)["ante"] == 0 and box["net"] == 1000


def test_online_r_act_5_no_repeated_exchange():
    result = play("online", {1: FOUR_FLUSH}, PAIR, [exchange(1, "3C"), exchange(1, "4S")], draws=["4S", "KH"])
    assert (result["clause"], result["step"]) == ("R-ACT-4", 2)


def test_online_r_act_6_insurance_starts_at_two_antes():
    result = play("online", {1: TRIP_NINES}, PAIR, [insure(1, 100)])
    assert result["clause"] == "R-ACT-8" and "from 200 to " in result["error"]
    box = box_result(play("online", {1: TRIP_NINES}, PAIR, [insure(1, 600), bet(1)]), 1)
    assert lines(box)["insurance"] == -600 and box["net"] == 0  # bet +600, ante returned, insurance lost


def test_online_r_settle_3_insurance_returned_when_the_dealers_hand_beats_the_players():
    # Seed 001: the player "loses all his bets except the insurance". Trip nines insured for 600 (the full
    # potential) lose to the dealer's jacks: ante -100, bet -200, the insurance back: -300.
    box = box_result(play("online", {1: TRIP_NINES}, TRIP_JACKS, [bet(1), insure(1, 600)]), 1)
    assert lines(box)["insurance"] == 0 and box["net"] == -300


def test_online_r_settle_3_insurance_returned_on_a_tie():
    # Seed 001: "In case of draw BET, ANTE and insurance return to the player." A 9-high straight insured for
    # 2 antes ties the dealer's 9-high straight: every line 0.
    straight, dealer = ["5S", "6D", "7H", "8C", "9S"], ["5H", "6C", "7D", "8S", "9D"]
    box = box_result(play("online", {1: straight}, dealer, [insure(1, 200), bet(1)]), 1)
    assert box["outcome"] == "tie"
    assert lines(box) == {"ante": 0, "bet": 0, "draw": 0, "insurance": 0, "bonus": 0, "buy_game": 0}


def test_online_r_settle_3_insurance_lost_when_the_player_wins():
    box = box_result(play("online", {1: TRIP_NINES}, PAIR, [bet(1), insure(1, 600)]), 1)
    assert (lines(box)["bet"], lines(box)["insurance"], box["net"]) == (600, -600, 0)


def test_online_r_buy_3_one_box_redraws_until_the_dealer_qualifies():
    # QC -> 3H: J-8-4-3-2, still no game; with one box he draws until he qualifies, so his highest card,
    # now JD, goes for 8H: a pair of 8s. The flush wins: bet +1000, ante returned, buy-game -100: +900.
    result = play("online", {1: FLUSH}, NO_GAME, [bet(1), buy_game(1)], draws=["3H", "8H"])
    assert result["dealer"]["replaced"] == ["QC", "JD"] and result["dealer"]["best"] == "ONE_PAIR"
    assert box_result(result, 1)["net"] == 900


def test_online_r_buy_3_several_boxes_dealer_changes_one_card_only():
    # Box 1 buys, box 2 takes the ante. QC -> 3H leaves no game; with two boxes he draws once only.
    # Box 1: ante +100 (as R-SETTLE-2), bet returned, buy -100: 0. Box 2: ante +100.
    result = play("online", {1: FLUSH, 2: ["TC", "TD", "3C", "6S", "5C"]}, NO_GAME,
                  [bet(1), bet(2), buy_game(1), take_ante(2)], draws=["3H", "8H"])
    assert result["dealer"]["draws"] == ["3H"]
    assert (box_result(result, 1)["net"], box_result(result, 2)["net"]) == (0, 100)


def test_online_r_table_2_third_box_of_a_player_must_be_blind():
    hands = {1: FLUSH, 2: JUNK, 3: ["TC", "TD", "3C", "6S", "5C"]}
    refused = play("online", hands, PAIR, [], player={1: "P", 2: "P", 3: "P"})
    assert (refused["clause"], refused["step"]) == ("R-TABLE-2", 0)
    ok = play("online", hands, PAIR, [bet(1), fold(2)], player={1: "P", 2: "P", 3: "P"}, blind={3: True})
    assert box_result(ok, 3)["outcome"] == "win"


# ------------------------------------------------------------------------------------------ progressive (002)


def test_progressive_r_act_5_repeat_exchange_prices_rise_1_2_3():
    # 3C -> 4S (100), 4S -> 5S (200), 5S -> KH (300): flush +1000, ante returned, draws -600: +400.
    box = box_result(play("progressive", {1: FOUR_FLUSH}, PAIR,
                          [exchange(1, "3C"), exchange(1, "4S"), exchange(1, "5S"), bet(1)],
                          draws=["4S", "5S", "KH"]), 1)
    assert lines(box)["draw"] == -600 and box["net"] == 400


def _stock_run_dry(preset: str, exchanges: int, last: dict) -> dict:
    """Six boxes dealt from a whole pack (35 cards; 17 left in the stock); box 1 exchanges one card, then the
    card it was just given, `exchanges` times in all, then takes the `last` decision; the other boxes fold."""
    from drivers.cards import PACK

    pack = [card.code for card in PACK]
    hands = {box: pack[(box - 1) * 5:box * 5] for box in range(1, 7)}
    dealer = pack[30:35]
    stock = pack[35:]
    decisions = [exchange(1, hands[1][0])]
    for drawn in stock[:exchanges - 1]:
        decisions.append(exchange(1, drawn))
    return play(preset, hands, dealer, [*decisions, last, *(fold(box) for box in range(2, 7))], draws=stock)


def test_progressive_r_act_7_repeated_exchanges_go_on_until_the_deck_is_exhausted_then_are_refused():
    # Seed 002: "A player can continue exchanges until the deck is exhausted." The 17 cards of the stock serve
    # 17 exchanges; the 18th is refused (the discards are not reshuffled) and the box still bets or folds.
    refused = _stock_run_dry("progressive", 17, exchange(1, "AS"))
    assert (refused["clause"], refused["step"]) == ("R-ACT-7", 18)
    assert "does not reshuffle the discards" in refused["error"]
    folded = box_result(_stock_run_dry("progressive", 17, fold(1)), 1)
    assert lines(folded)["draw"] == -100 * sum(range(1, 18))  # 1 + 2 + ... + 17 antes, rising (R-ACT-5)


def test_progressive_r_settle_3_insurance_returned_when_the_dealers_hand_wins():
    # Trips 9s insured for the full potential 600; dealer's jacks win: ante -100, bet -200, insurance back.
    box = box_result(play("progressive", {1: TRIP_NINES}, TRIP_JACKS, [bet(1), insure(1, 600)]), 1)
    assert lines(box)["insurance"] == 0 and box["net"] == -300


def test_progressive_r_settle_3_insurance_lost_when_the_dealer_qualifies_and_loses():
    box = box_result(play("progressive", {1: TRIP_NINES}, PAIR, [bet(1), insure(1, 600)]), 1)
    assert (lines(box)["bet"], lines(box)["insurance"], box["net"]) == (600, -600, 0)


def test_progressive_r_buy_1_the_ante_is_the_payment():
    # QC -> 8H: pair, he qualifies, the flush wins the bet (+1000); the ante went as the payment: +900.
    won = box_result(play("progressive", {1: FLUSH}, NO_GAME, [bet(1), buy_game(1)], draws=["8H"]), 1)
    assert (lines(won)["ante"], lines(won)["buy_game"], won["net"]) == (0, -100, 900)
    # QC -> 3H: still no game, a new rank: no repeat. The ante is gone, the bet returned: -100.
    lost = box_result(play("progressive", {1: FLUSH}, NO_GAME, [bet(1), buy_game(1)], draws=["3H"]), 1)
    assert (lost["outcome"], lost["net"]) == ("no_qualify", -100)


def test_progressive_r_buy_3_free_repeats_capped():
    from roundkit import deal_order

    from controller.core.rules import rules_from_mapping
    from controller.players.scripted import run_script
    from controller.table.rule_files import load_preset

    data = load_preset("progressive").to_mapping()
    data["buy_game"]["max_free_redraws"] = 1
    capped = rules_from_mapping(data)
    script = {"boxes": [{"box": 1, "ante": 100}], "shoe": deal_order({1: FLUSH}, NO_GAME, ["QH", "QD", "QS"]),
              "decisions": [bet(1), buy_game(1)]}
    result = run_script(script, "capped", load_preset, capped)
    assert result["dealer"]["draws"] == ["QH", "QD"]  # the paid draw and one free repeat


# ------------------------------------------------------------------------------------------ four-seat (003)


def test_four_seat_r_table_1_four_boxes_only():
    result = play("four-seat", {5: FLUSH}, PAIR, [bet(5)])
    assert (result["clause"], result["step"]) == ("R-TABLE-1", 0)


def test_four_seat_r_table_2_one_open_box_per_player():
    refused = play("four-seat", {1: FLUSH, 2: JUNK}, PAIR, [bet(1), bet(2)], player={1: "A", 2: "A"})
    assert refused["clause"] == "R-TABLE-2"
    ok = play("four-seat", {1: FLUSH, 2: JUNK}, PAIR, [bet(1)], player={1: "A", 2: "A"}, blind={2: True})
    assert box_result(ok, 2)["net"] == -300


def test_four_seat_r_settle_3_insurance_lost_when_the_dealer_wins():
    box = box_result(play("four-seat", {1: TRIP_NINES}, TRIP_JACKS, [bet(1), insure(1, 600)]), 1)
    assert box["net"] == -900


def test_four_seat_r_buy_1_ante_is_the_payment():
    # The flush box buys with its ante: QC -> 8H, the dealer's 8s qualify, the flush wins the bet (+1000);
    # the ante is gone as the payment (-100): +900.
    box = box_result(play("four-seat", {1: FLUSH}, NO_GAME, [bet(1), buy_game(1)], draws=["8H"]), 1)
    assert (lines(box)["ante"], lines(box)["buy_game"], box["net"]) == (0, -100, 900)


def test_four_seat_r_buy_4_a_tie_after_the_bought_draw_returns_the_bet_only():
    # Box J-J-8-4-2 bets; the dealer's Q-J-8-4-2 has no game; the box buys with its ante. QC -> JH gives him
    # J-J-8-4-2: he qualifies and ties the box. The bet is returned, the ante went as the payment: -100.
    result = play("four-seat", {1: ["JC", "JS", "8C", "4H", "2H"]}, NO_GAME, [bet(1), buy_game(1)],
                  draws=["JH"])
    box = box_result(result, 1)
    assert result["dealer"]["qualified"] is True
    assert (box["outcome"], lines(box)["ante"], lines(box)["bet"], box["net"]) == ("tie", 0, 0, -100)


def test_four_seat_r_buy_1_still_no_game_the_ante_is_gone_and_the_bet_returned():
    # QC -> 9D: J-9-8-4-2, still no game (a new rank: no repeat): bet returned, ante gone: -100.
    box = box_result(play("four-seat", {1: FLUSH}, NO_GAME, [bet(1), buy_game(1)], draws=["9D"]), 1)
    assert (box["outcome"], lines(box)["bet"], box["net"]) == ("no_qualify", 0, -100)


def test_four_seat_r_buy_3_the_dealers_highest_card_is_replaced_once_with_no_free_redraw():
    # Seed 003 describes one replacement of the dealer's highest card. QC -> QH leaves him queen-high, no game:
    # he does not draw again. The ante went as the payment, the bet is returned: -100.
    result = play("four-seat", {1: FLUSH}, NO_GAME, [bet(1), buy_game(1)], draws=["QH", "8H"])
    assert result["dealer"]["draws"] == ["QH"] and result["dealer"]["qualified"] is False
    box = box_result(result, 1)
    assert (box["outcome"], lines(box)["bet"], box["net"]) == ("no_qualify", 0, -100)


def test_four_seat_r_act_3_sixth_card_then_fold_loses_both():
    box = box_result(play("four-seat", {1: JUNK}, PAIR, [buy(1), fold(1)], draws=["AS"]), 1)
    assert lines(box) == {"ante": -100, "bet": 0, "draw": -100, "insurance": 0, "bonus": 0, "buy_game": 0}


# ----------------------------------------------------------------------------------------- russian-club (004)


def test_russian_club_r_act_4_one_ante_per_card_exchanged():
    # Three cards for three antes (-300): 2S 4H 6C -> 5H 9H KH; the box folds: ante -100 as well: -400.
    box = box_result(play("russian-club", {1: JUNK}, PAIR, [exchange(1, "2S", "4H", "6C"), fold(1)],
                          draws=["5H", "9H", "KH"]), 1)
    assert lines(box)["draw"] == -300 and box["net"] == -400


def test_russian_club_r_buy_1_an_insured_box_may_buy_and_keeps_its_insurance_win():
    # Trips 9s insured 600 (full potential). Dealer no game: insurance +600 at once. The box buys (100):
    # QC -> 8H, pair of 8s, he qualifies; trips beat it: bet +600, ante returned: 600 + 600 - 100 = +1100.
    result = play("russian-club", {1: TRIP_NINES}, NO_GAME, [insure(1, 600), bet(1), buy_game(1)],
                  draws=["8H"])
    box = box_result(result, 1)
    assert lines(box) == {"ante": 0, "bet": 600, "draw": 0, "insurance": 600, "bonus": 0, "buy_game": -100}
    assert box["net"] == 1100


def test_russian_club_r_table_2_one_player_plays_from_two_seats_and_has_no_blind_third_box():
    # Seed 004: "one player may play from two seats". Both boxes are open; a third is refused, blind or not.
    hands = {1: FLUSH, 2: JUNK, 3: ["TC", "TD", "3C", "6S", "5C"]}
    two = play("russian-club", {1: FLUSH, 2: JUNK}, PAIR, [bet(1), fold(2)], player={1: "P", 2: "P"})
    assert box_result(two, 1)["outcome"] == "win" and box_result(two, 2)["outcome"] == "fold"
    third = play("russian-club", hands, PAIR, [], player={1: "P", 2: "P", 3: "P"})
    assert (third["clause"], third["step"]) == ("R-TABLE-2", 0) and "box 3 is refused" in third["error"]
    blind = play("russian-club", hands, PAIR, [], player={1: "P", 2: "P", 3: "P"}, blind={3: True})
    assert (blind["clause"], blind["step"]) == ("R-TABLE-2", 0) and "no blind boxes" in blind["error"]


def test_russian_club_r_settle_3_insurance_returned_when_the_dealers_hand_wins():
    box = box_result(play("russian-club", {1: TRIP_NINES}, TRIP_JACKS, [bet(1), insure(1, 600)]), 1)
    assert box["net"] == -300


# ------------------------------------------------------------------------------------------ caribbean-stud


def test_caribbean_stud_one_combination_and_the_ante_paid():
    # A-A-5-5-K: two pair 2:1 only (no second combination): bet +400, ante 1:1 +100: +500.
    box = box_result(play("caribbean-stud", {1: ["AS", "AD", "5S", "5H", "KC"]}, PAIR, [bet(1)]), 1)
    assert (box["paid"], box["multiplier"], box["net"]) == (["TWO_PAIR"], 2, 500)


def test_caribbean_stud_dealer_not_qualifying_pays_the_ante_only():
    box = box_result(play("caribbean-stud", {1: FLUSH}, NO_GAME, [bet(1)]), 1)
    assert (box["outcome"], box["net"]) == ("no_qualify", 100)


@pytest.mark.parametrize(
    ("decision", "clause"),
    [(buy(1), "R-ACT-3"), (exchange(1, "2H"), "R-ACT-4"), (insure(1, 100), "R-ACT-6")],
)
def test_caribbean_stud_has_no_draw_and_no_insurance(decision, clause):
    result = play("caribbean-stud", {1: FLUSH}, PAIR, [decision])
    assert result["clause"] == clause


def test_caribbean_stud_r_bonus_1_no_bonus_bet():
    result = play("caribbean-stud", {1: FLUSH}, PAIR, [bet(1)], bonus={1: 5})
    assert (result["clause"], result["step"]) == ("R-BONUS-1", 0)


def test_r_buy_1_take_ante_when_the_dealer_qualified_changes_nothing_but_buy_game_is_refused():
    said = play("classic", {1: FLUSH}, PAIR, [bet(1), take_ante(1)])
    assert box_result(said, 1)["net"] == 1100
    refused = play("classic", {1: FLUSH}, PAIR, [bet(1), buy_game(1)])
    assert (refused["clause"], refused["step"]) == ("R-BUY-1", 2)
    assert "The dealer qualified" in refused["error"]
