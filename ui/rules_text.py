"""The house rules in force, in a dealer's words, for the main screen: the table's limits in one line, the rules
that change play in a few short phrases, and a warning when the operator guard stops a table on them: their
measured house edge favours a skilled player, reaches zero, or was never measured
(controller.measured.operator_guard)."""

from __future__ import annotations

from controller.core.hands import HandCategory
from controller.core.rules import (
    AnteOnWin,
    BuyGameCost,
    BuyGameWho,
    DealerRedraw,
    ExchangePrice,
    HouseRules,
    InsuranceIfDealerWins,
    InsuranceIfTie,
    InsuranceMax,
    RepeatSingle,
)
from controller.measured.house_edges import EdgeFinding
from controller.measured.operator_guard import rules_edge
from controller.table.security.users import name_in
from ui.format import amount, percent
from ui.i18n import translate
from ui.words import hand_name


def limits_line(table_id: str, rules: HouseRules) -> str:
    """`Table T1 · ante 1–10,000 · bonus 1–1,000`: whole at 1024 px in Russian too, whatever the rules are named
    (the name leads the rules' line below it; the boxes are on the screen)."""
    table = rules.table
    parts = [translate("RulesText", "Table {0}").format(table_id),
             translate("RulesText", "ante {0}–{1}").format(amount(table.ante_min), amount(table.ante_max))]
    if rules.bonus.enabled:
        parts.append(translate("RulesText", "bonus {0}–{1}").format(amount(rules.bonus.min), amount(rules.bonus.max)))
    if table.max_payout:
        parts.append(translate("RulesText", "payout at most {0}").format(amount(table.max_payout)))
    return " · ".join(parts)


def rules_phrases(rules: HouseRules) -> list[str]:
    """What these rules let a box and the dealer do, shortest first where it matters."""
    draw = rules.draw
    out = []
    if draw.exchange_max_cards:
        price = {ExchangePrice.FLAT: translate("RulesText", "1 ante"),
                 ExchangePrice.PER_CARD: translate("RulesText", "1 ante a card"),
                 ExchangePrice.BY_COUNT: translate("RulesText", "by count")}[draw.exchange_price]
        out.append(translate("RulesText", "exchange 1–{0} cards ({1})").format(draw.exchange_max_cards, price))
        if draw.repeat_single == RepeatSingle.FLAT:
            out.append(translate("RulesText", "repeat 1-card exchange (1 ante)"))
        elif draw.repeat_single == RepeatSingle.RISING:
            out.append(translate("RulesText", "repeat 1-card exchange (1, 2, 3… antes)"))
    else:
        out.append(translate("RulesText", "no exchange"))
    if draw.buy_sixth:
        out.append(translate("RulesText", "6th card (1 ante)"))
    insurance = rules.insurance
    if insurance.enabled:
        half = insurance.max == InsuranceMax.HALF_POTENTIAL
        most = translate("RulesText", "½ potential") if half else translate("RulesText", "potential")
        out.append(translate("RulesText", "insurance {0}+ up to {1}").format(hand_name(insurance.min_category), most))
    if rules.dealer_qualifies_with != HandCategory.ACE_KING:
        out.append(translate("RulesText", "dealer qualifies with {0}").format(hand_name(rules.dealer_qualifies_with)))
    buy = rules.buy_game
    if buy.enabled:
        who = translate("RulesText", "any box") if buy.who == BuyGameWho.ANY else translate("RulesText", "uninsured")
        separate = buy.cost == BuyGameCost.SEPARATE_ANTE
        cost = translate("RulesText", "1 ante") if separate else translate("RulesText", "the ante pays")
        out.append(translate("RulesText", "buy a game ({0}, {1})").format(who, cost))
    return out


def rules_details(rules: HouseRules) -> list[str]:
    """The rest of the rules, after `rules_phrases`, for the list a tap on the strip opens: how the ante, the
    insurance and a bought game settle, the caps, and the bonus."""
    out = [{AnteOnWin.PAID_IF_NO_DRAW: translate("RulesText", "ante on a win: paid 1:1 if the box did not draw, "
                                                             "else returned"),
            AnteOnWin.RETURNED: translate("RulesText", "ante on a win: returned"),
            AnteOnWin.PAID: translate("RulesText", "ante on a win: paid 1:1")}[rules.ante_on_win]]
    insurance = rules.insurance
    if insurance.enabled:
        dealer_wins = insurance.if_dealer_wins == InsuranceIfDealerWins.RETURNED
        tie = insurance.if_tie == InsuranceIfTie.RETURNED
        out.append(translate("RulesText", "insurance when the dealer's hand wins: {0}; on a tie: {1}").format(
            translate("RulesText", "returned") if dealer_wins else translate("RulesText", "lost"),
            translate("RulesText", "returned") if tie else translate("RulesText", "lost")))
    if rules.buy_game.enabled:
        out.append({
            DealerRedraw.WHILE_UNCHANGED: translate("RulesText", "a bought game: the dealer replaces again, free, "
                                                                 "while his hand is unchanged"),
            DealerRedraw.UNTIL_QUALIFIES: translate("RulesText", "a bought game: the dealer replaces until he "
                                                                 "qualifies"),
            DealerRedraw.UNTIL_QUALIFIES_SINGLE_BOX: translate("RulesText", "a bought game: with one box in play the "
                                                                            "dealer replaces until he qualifies"),
            DealerRedraw.NONE: translate("RulesText", "a bought game: the dealer replaces one card"),
        }[rules.buy_game.redraw])
    if rules.table.max_payout:
        out.append(translate("RulesText", "the most a box is paid: {0}").format(amount(rules.table.max_payout)))
    if rules.draw.max_cards_exchanged_per_box:
        out.append(translate("RulesText", "at most {0} cards exchanged a box").format(
            rules.draw.max_cards_exchanged_per_box))
    if rules.bonus.enabled:
        bonus = translate("RulesText", "bonus bet {0}–{1}").format(amount(rules.bonus.min), amount(rules.bonus.max))
        if rules.bonus.instead_of_ante:
            bonus += translate("RulesText", ", may be placed instead of the ante")
        out.append(bonus)
    return out


def edge_acknowledgement(admin: str) -> str:
    """Who acknowledged the rules' edge so that the table opens on them (`admin`: as the journal names them)."""
    return translate("RulesText", "Acknowledged by {0}: the table may open on these rules.").format(name_in(admin))


def edge_warning(rules: HouseRules) -> str | None:
    """The operator guard's finding in a few words: the rules favour a skilled player, their edge may, or it was
    never measured; None when the house keeps an edge."""
    status = rules_edge(rules)
    edge = status.edge
    match status.finding:
        case EdgeFinding.HOUSE:
            return None
        case EdgeFinding.UNMEASURED:
            return translate("RulesText", "House edge never measured: a pit boss checks these rules.")
        case EdgeFinding.PLAYER:
            assert edge is not None
            warning = translate("RulesText", "Rules favour a skilled player: edge {0}% (basic play).")
            return warning.format(percent(edge.house_edge * 100, 1, signed=True))
    assert edge is not None
    warning = translate("RulesText", "House edge {0}% may favour a skilled player: a pit boss checks these rules.")
    return warning.format(percent(edge.house_edge * 100, signed=True))
