"""Settlement of one box, line by line (R-SETTLE-1/2/3, R-BUY-1/2/4): a pure function of the rules, the box
and the dealer's hand. Every amount is in chips from the player's side: + the player wins, - the house."""

from __future__ import annotations

from controller.core.hands import HandCategory, HandValue
from controller.core.rules import AnteOnWin, BuyGameCost, HouseRules, InsuranceIfDealerWins, InsuranceIfTie
from controller.engine.events import BoxSettled
from controller.engine.queries import insurance_in_play
from controller.engine.state import BoxState, BuyChoice
from controller.engine.strength import hand_value, hand_value_and_payout


def settle_void(box: BoxState) -> BoxSettled:
    """A voided round: every stake is returned, every line is zero."""
    category = hand_value(box.cards).category if len(box.cards) >= 5 else HandCategory.NO_GAME
    return BoxSettled(box.box, "void", category, (), 0, ante=0, bet=0, draw=0, insurance=0, bonus=0, buy_game=0, net=0)


def settle_box(
    rules: HouseRules, box: BoxState, dealer: HandValue, qualified_at_reveal: bool, qualified_now: bool
) -> BoxSettled:
    """The box's result. `dealer` is the dealer's final hand; `qualified_at_reveal` decides insurance and the
    boxes that did not buy a game; `qualified_now` (after any bought draw) decides the boxes that did."""
    value, payout = hand_value_and_payout(box.cards, rules.pays)
    ante = bet = insurance = buy_game = 0
    insured = insurance_in_play(rules, box)  # R-ACT-8: the rest of the insurance is returned
    if box.bonus_only:  # R-BET-1: settled on its bonus alone, which was settled on the deal
        return BoxSettled(box.box, "bonus_only", value.category, payout.paid, payout.multiplier, ante=0, bet=0,
                          draw=0, insurance=0, bonus=box.bonus_result, buy_game=0, net=box.bonus_result)
    if box.folded:  # R-ACT-1: the ante and any draw payment are the house's
        outcome, ante = "fold", -box.ante
    elif not qualified_at_reveal and (box.buy_choice is not BuyChoice.BUY or not qualified_now):
        # R-SETTLE-2 / R-BUY-2: ante 1:1, bet returned, insurance paid 1:1; R-BUY-1: a box that bought the
        # dealer a game that still does not qualify is paid alike, unless the ante was the payment.
        outcome, insurance = "no_qualify", insured
        if box.buy_choice is BuyChoice.BUY:
            buy_game = -box.buy_paid
            ante = 0 if rules.buy_game.cost == BuyGameCost.ANTE_IS_PAYMENT else box.ante
        else:
            ante = box.ante
    else:
        # R-SETTLE-1 (and R-BUY-4 for a box that bought the dealer's game, which now qualifies)
        ante_spent = False
        if not qualified_at_reveal:
            insurance = insured  # R-SETTLE-2: paid 1:1, as the dealer did not qualify at the reveal
            buy_game = -box.buy_paid
            ante_spent = rules.buy_game.cost == BuyGameCost.ANTE_IS_PAYMENT
        outcome = "win" if value > dealer else "tie" if value == dealer else "lose"
        if outcome == "win":
            bet = box.bet * payout.multiplier
            if rules.table.max_payout:
                bet = min(bet, rules.table.max_payout)
            if not ante_spent:
                ante = _ante_on_win(rules, box)
        elif outcome == "lose":
            bet = -box.bet
            ante = 0 if ante_spent else -box.ante
        if qualified_at_reveal and insured:
            # R-SETTLE-3: lost when the dealer qualifies; some houses return it when the dealer's hand wins, or
            # when it ties the box's.
            returned = ((outcome == "lose" and rules.insurance.if_dealer_wins == InsuranceIfDealerWins.RETURNED)
                        or (outcome == "tie" and rules.insurance.if_tie == InsuranceIfTie.RETURNED))
            insurance = 0 if returned else -insured
    draw, bonus = -box.draw_paid, box.bonus_result
    return BoxSettled(
        box.box, outcome, value.category, payout.paid, payout.multiplier, ante=ante, bet=bet, draw=draw,
        insurance=insurance, bonus=bonus, buy_game=buy_game, net=ante + bet + draw + insurance + bonus + buy_game,
    )


def _ante_on_win(rules: HouseRules, box: BoxState) -> int:
    if rules.ante_on_win == AnteOnWin.PAID or (rules.ante_on_win == AnteOnWin.PAID_IF_NO_DRAW and not box.drew):
        return box.ante
    return 0
