"""Questions about a round that the machine and the console share: where the next card goes, what a draw
costs, how much a box may insure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from controller.core.cards import Card
from controller.engine.events import (
    DEALER,
)
from controller.engine.state import (
    BETTING,
    DEALER_DRAW,
    DEALING,
    DECISIONS,
    BoxState,
    RoundState,
)
from controller.engine.strength import hand_payout, hand_value


def next_card_target(state: RoundState) -> int | None:
    """Where the next card from the shoe goes: a box number, DEALER (0), or None when no card is expected."""
    if state.fault is not None or state.voided:
        return None
    phase = state.phase
    if phase is DEALING:
        return state.deal_plan[state.deal_index]
    if phase is DECISIONS:
        box = state.boxes.get(state.turn)
        return box.box if box is not None and box.pending_cards else None
    if phase is BETTING:
        return state.order[0] if state.order else None
    if phase is DEALER_DRAW:
        return DEALER if state.dealer_pending else None
    return None


def describe_next_card(state: RoundState) -> str | None:
    """The next card in words: "card 3 to box 2", "card to the dealer (face up)", "dealer: replace AS"."""
    target = next_card_target(state)
    if target is None:
        return None
    if state.phase is DEALER_DRAW:
        return f"dealer: replace {highest_card(state.dealer).code}"
    if state.phase in (BETTING, DEALING):
        index = state.deal_index if state.phase is DEALING else 0
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


def exchange_price(state: RoundState, box: BoxState, count: int) -> int:
    """R-ACT-4 / R-ACT-5: what exchanging `count` cards costs this box now."""
    draw = state.rules.draw
    if box.exchanges:  # a repeated single-card exchange
        return box.ante * (box.exchanges + 1) if draw.repeat_single == "rising" else box.ante
    if draw.exchange_price == "per_card":
        return box.ante * count
    if draw.exchange_price == "by_count":
        return box.ante * draw.exchange_price_by_count[count - 1]
    return box.ante


def insurance_range(state: RoundState, box: BoxState) -> tuple[int, int] | None:
    """R-ACT-6: the smallest and largest insurance this box may place on its hand, or None if it may not."""
    bounds = insurance_bounds(state, box)
    return (bounds.low, bounds.high) if bounds is not None and bounds.low <= bounds.high else None


class InsuranceBounds(NamedTuple):
    low: int  # the least insurance the table takes
    high: int  # the most this hand allows: may be below `low`, and then no amount is legal
    capped: bool  # whether the table's maximum payout (R-SETTLE-1) lowered `high`


def insurance_bounds(state: RoundState, box: BoxState) -> InsuranceBounds | None:
    """R-ACT-6: the bounds of insurance on this box's hand, or None when the hand may not be insured at all."""
    rules = state.rules.insurance
    if not rules.enabled or box.blind or len(box.cards) < 5 or box.pending_cards:
        return None
    value = hand_value(box.cards)
    if value.category < rules.min_category:
        return None
    pays = state.rules.pays
    multiplier = (
        hand_payout(box.cards, pays).multiplier
        if rules.potential_includes_second_combination
        else pays.pay(value.category)
    )
    potential = 2 * box.ante * multiplier  # the bet is exactly 2 x ante (R-BET-1)
    cap = state.rules.table.max_payout
    capped = bool(cap) and potential > cap
    if capped:
        potential = cap
    high = potential // 2 if rules.max == "half_potential" else potential
    low = max(1, rules.min_antes * box.ante)
    return InsuranceBounds(low, high, capped)


