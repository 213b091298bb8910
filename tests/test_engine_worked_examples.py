"""docs/rules.md, worked examples: seed 000's worked examples, settled to the chip under `classic`."""

from roundkit import bet, box_result, buy, insure, play, take_ante

DEALER_PAIR = ["7C", "7D", "3S", "4D", "9C"]
DEALER_TRIP_SEVENS = ["7C", "7D", "7S", "9H", "4C"]
DEALER_NO_GAME = ["QC", "JD", "8S", "4D", "2C"]


def test_r_settle_1_flush_bet_on_the_original_hand_nets_1100():
    # ante 100 + bet 200 back, ante paid 1:1 (+100), flush 5:1 on the bet (+1000): +1100.
    result = play("classic", {1: ["2H", "5H", "9H", "JH", "KH"]}, DEALER_PAIR, [bet(1)])
    box = box_result(result, 1)
    assert box["outcome"] == "win"
    assert box["lines"] == {"ante": 100, "bet": 1000, "draw": 0, "insurance": 0, "bonus": 0, "buy_game": 0}
    assert box["net"] == 1100
    assert result["house_net"] == -1100


def test_r_settle_1_flush_after_a_sixth_card_nets_900():
    # 6th card costs 100 (lost), ante only returned after a draw, flush pays 1000: +900.
    result = play("classic", {1: ["2H", "5H", "9H", "JH", "3C"]}, DEALER_PAIR, [buy(1), bet(1)], draws=["KH"])
    box = box_result(result, 1)
    assert box["cards"] == ["2H", "5H", "9H", "JH", "3C", "KH"]
    assert box["lines"]["ante"] == 0 and box["lines"]["bet"] == 1000 and box["lines"]["draw"] == -100
    assert box["net"] == 900


def test_r_hand_4_full_house_and_ace_king_paid_though_ace_king_loses_to_trips():
    # Player 5-5-5-A-A-K beats 7-7-7-9-4 with a full house and is paid full house + ace-king = 8:1 (1600);
    # the 6th card's 100 is lost and the ante is returned after a draw: +1500.
    result = play("classic", {1: ["5D", "5C", "5H", "AS", "AD"]}, DEALER_TRIP_SEVENS, [buy(1), bet(1)],
                  draws=["KS"])
    box = box_result(result, 1)
    assert box["best"] == "FULL_HOUSE"
    assert box["paid"] == ["FULL_HOUSE", "ACE_KING"]
    assert box["multiplier"] == 8
    assert box["lines"]["bet"] == 1600
    assert box["net"] == 1500


def test_r_hand_4_two_pair_plus_two_pair_loses_to_trips():
    # Q-Q-8-8-5-5 is two pair (4:1 as two combinations) but two pair < trips: ante, bet and 6th card lost.
    result = play("classic", {1: ["QH", "QC", "8S", "8D", "5C"]}, DEALER_TRIP_SEVENS, [buy(1), bet(1)],
                  draws=["5H"])
    box = box_result(result, 1)
    assert box["outcome"] == "lose"
    assert box["multiplier"] == 4
    assert box["lines"] == {
        "ante": -100, "bet": -200, "draw": -100, "insurance": 0, "bonus": 0, "buy_game": 0
    }
    assert box["net"] == -400


def test_r_hand_2_sixth_card_does_not_break_a_tie():
    # Dealer 9-8-7-6-5 against 9-8-7-6-5-4: equal best five, a tie; ante and bet returned, the 6th card lost.
    # (The seed gives both hands the 7 of hearts; the player's 7 is a club here, as one pack requires.)
    result = play("classic", {1: ["9C", "8D", "7C", "6S", "5C"]}, ["9S", "8C", "7H", "6D", "5S"],
                  [buy(1), bet(1)], draws=["4H"])
    box = box_result(result, 1)
    assert box["outcome"] == "tie"
    assert box["lines"]["ante"] == 0 and box["lines"]["bet"] == 0
    assert box["net"] == -100


def test_r_settle_2_insured_flush_dealer_does_not_qualify_insurance_returns_500_plus_500():
    # Flush with ante 100: potential payout 1000, insurance up to 500. Dealer has no game: insurance +500,
    # ante paid 1:1 (+100), bet returned: +600; the 500 premium comes back with it.
    result = play("classic", {1: ["2H", "5H", "9H", "JH", "KH"]}, DEALER_NO_GAME,
                  [bet(1), insure(1, 500), take_ante(1)])
    box = box_result(result, 1)
    assert box["outcome"] == "no_qualify"
    assert box["lines"]["insurance"] == 500
    assert box["lines"]["ante"] == 100 and box["lines"]["bet"] == 0
    assert box["net"] == 600
    assert result["dealer"]["qualified"] is False


def test_r_act_8_classic_insurance_above_half_the_potential_payout_plays_only_up_to_it():
    # The flush allows 500 (half of 1,000); 501 is taken unseen and the 1 above the limit comes back.
    result = play("classic", {1: ["2H", "5H", "9H", "JH", "KH"]}, DEALER_NO_GAME,
                  [bet(1), insure(1, 501), take_ante(1)])
    box = box_result(result, 1)
    assert box["lines"]["insurance"] == 500 and box["net"] == 600
