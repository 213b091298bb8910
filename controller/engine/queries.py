"""Questions about a round that the commands, the guide and the console share: where the next card goes, what
a bet or a draw costs, how much a box may insure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from controller.core.rules import ExchangePrice, HouseRules, InsuranceMax, RepeatSingle
from controller.engine.events import DEALER
from controller.engine.state import BoxState, Phase, RoundState
from controller.engine.strength import hand_payout, hand_value
from drivers.cards import Card


def next_card_target(state: RoundState) -> int | None:
    """Where the next card from the shoe goes: a box number, DEALER (0), or None when no card is expected."""
    if state.fault is not None or state.voided:
        return None
    phase = state.phase
    if phase is Phase.DEALING:
        return state.deal_plan[state.deal_index]
    if phase is Phase.DECISIONS:
        box = state.boxes.get(state.turn)
        return box.box if box is not None and box.pending_cards else None
    if phase is Phase.BETTING:
        return state.order[0] if state.order else None
    if phase is Phase.DEALER_DRAW:
        return DEALER if state.dealer_pending else None
    return None


def describe_next_card(state: RoundState) -> str | None:
    """The next card in words: "card 3 to box 2", "card to the dealer (face up)", "dealer: replace AS"."""
    target = next_card_target(state)
    if target is None:
        return None
    if state.phase is Phase.DEALER_DRAW:
        return f"dealer: replace {highest_card(state.dealer).code}"
    if state.phase in (Phase.BETTING, Phase.DEALING):
        index = state.deal_index if state.phase is Phase.DEALING else 0
        seats = len(state.order) + 1
        card_no = index // seats + 1
        if target == DEALER:
            return f"card {card_no} to the dealer" + (" (face up)" if card_no == 5 else "")
        return f"card {card_no} to box {target}"
    box = state.boxes[target]
    return f"card {len(box.cards) + 1} to box {target}"


def highest_card(cards: Sequence[Card]) -> Card:
    """R-BUY-1: the dealer's highest card (ranks are all different in a hand that does not qualify)."""
    return max(cards, key=lambda c: (c.rank, c.suit))


# ------------------------------------------------------------------------------------------------ prices


def bet_amount(ante: int) -> int:
    """R-BET-1, R-ACT-2: the bet is exactly twice the ante."""
    return 2 * ante


def sixth_card_price(box: BoxState) -> int:
    """R-ACT-3: a 6th card costs 1 ante."""
    return box.ante


def buy_game_price(box: BoxState) -> int:
    """R-BUY-1: buying the dealer a game costs 1 ante (a separate payment, or the ante itself)."""
    return box.ante


def exchange_price(state: RoundState, box: BoxState, count: int) -> int:
    """R-ACT-4 / R-ACT-5: what exchanging `count` cards costs this box now."""
    draw = state.rules.draw
    if box.exchanges:  # a repeated single-card exchange
        return box.ante * (box.exchanges + 1) if draw.repeat_single == RepeatSingle.RISING else box.ante
    if draw.exchange_price == ExchangePrice.PER_CARD:
        return box.ante * count
    if draw.exchange_price == ExchangePrice.BY_COUNT:
        return box.ante * draw.exchange_price_by_count[count - 1]
    return box.ante


def exchange_most_cards(state: RoundState, box: BoxState) -> int:
    """R-ACT-4, R-ACT-5, R-ACT-7: the most cards the box may exchange in one go (one, for a repeat), within the
    table's cap on cards exchanged per box."""
    draw = state.rules.draw
    most = 1 if box.drew else draw.exchange_max_cards
    if draw.max_cards_exchanged_per_box:
        most = min(most, draw.max_cards_exchanged_per_box - box.cards_exchanged)
    return most


# --------------------------------------------------------------------------------------------- insurance


def insurance_range(state: RoundState, box: BoxState) -> tuple[int, int] | None:
    """R-ACT-6: the smallest and largest insurance this box's hand allows, or None if it allows none. A player
    who knows the hand asks this; the table, which does not see it, takes any amount in `insurance_taken`."""
    bounds = insurance_bounds(state.rules, box)
    return (bounds.low, bounds.high) if bounds is not None and bounds.low <= bounds.high else None


class InsuranceBounds(NamedTuple):
    low: int  # the least insurance the table takes
    high: int  # the most allowed: below `low` when the table's maximum payout lowered it, and then none is legal


def insurance_bounds(rules: HouseRules, box: BoxState) -> InsuranceBounds | None:
    """R-ACT-6: the bounds of insurance on this box's hand, or None when the hand may not be insured at all."""
    insurance = rules.insurance
    if not insurance.enabled or box.blind or len(box.cards) < 5 or box.pending_cards:
        return None
    value = hand_value(box.cards)
    if value.category < insurance.min_category:
        return None
    multiplier = (
        hand_payout(box.cards, rules.pays).multiplier
        if insurance.potential_includes_second_combination
        else rules.pays.pay(value.category)
    )
    return _bounds_for_multiplier(rules, box, multiplier)


def insurance_taken(rules: HouseRules, box: BoxState) -> InsuranceBounds:
    """R-ACT-8: what the table takes as insurance without seeing the hand: from the least insurance to the most
    that the best hand could allow at this box's bet. The hand's own bounds are applied when it is open
    (`insurance_in_play`), so nothing the dealer is told at the table depends on a face-down hand."""
    best = max(rules.pays.pays)
    if rules.insurance.potential_includes_second_combination and rules.pays.two_combinations:
        best *= 2  # a second combination pays at most as much again
    return _bounds_for_multiplier(rules, box, best)


def insurance_in_play(rules: HouseRules, box: BoxState) -> int:
    """R-ACT-8: the part of the box's insurance that its hand allows, which wins or loses at the showdown; the
    rest (all of it on a hand below the least insurable one, or what lies above the hand's limit) is returned."""
    bounds = insurance_bounds(rules, box)
    if not box.insurance or bounds is None or bounds.high < bounds.low or box.insurance < bounds.low:
        return 0
    return min(box.insurance, bounds.high)


def _bounds_for_multiplier(rules: HouseRules, box: BoxState, multiplier: int) -> InsuranceBounds:
    potential = bet_amount(box.ante) * multiplier
    if rules.table.max_payout:  # R-SETTLE-1: no box is paid more than the table's maximum
        potential = min(potential, rules.table.max_payout)
    high = potential // 2 if rules.insurance.max == InsuranceMax.HALF_POTENTIAL else potential
    low = max(1, rules.insurance.min_antes * box.ante)
    return InsuranceBounds(low, high)
