"""Hand classes of the `basic` strategy: a few features of five cards and the dealer's up card that a person can
apply at a glance, and the cards each kind of exchange keeps (docs/basic-strategy.md lists them in words)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from controller.core.hands import HandCategory
from controller.core.payouts import PayTable
from controller.engine.strength import hand_value_and_payout
from drivers.cards import ACE, KING, Card

QUEEN, JACK = 12, 11

# Pair ranks grouped as a person says them: low, middle, high, top.
PAIR_GROUPS = (("2-5", 2, 5), ("6-9", 6, 9), ("10-Q", 10, 12), ("K-A", 13, 14))

# Every pre-draw class, strongest first: the order the tables and the documentation list them in.
CLASSES = (
    "full_house_or_better",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "pair_and_ace_king",
    *(f"pair_{name}_{up}" for name, _, _ in reversed(PAIR_GROUPS) for up in ("up_higher", "up_not_higher")),
    "four_flush",
    "four_straight_open",
    "four_straight_inside",
    "ace_king_up_matches",
    "ace_king_queen_or_jack",
    "ace_king",
    "no_game_ace",
    "no_game_king",
    "no_game_queen_or_lower",
)

# What a hand is after its draw, for the bet-or-fold rule that follows every draw; and the made hands that may
# be insured (R-ACT-6), for the insurance rule.
AFTER_DRAW_CLASSES = ("no_game", "ace_king", "one_pair", "two_pair_or_better")
INSURANCE_CLASSES = ("three_of_a_kind", "straight", "flush", "full_house", "four_of_a_kind_or_better")

# Kinds of exchange: which cards are kept (the rest are exchanged).
KEEPS = ("trips", "trips_kicker", "two_pair", "pair", "pair_kicker", "pair_ace_king", "draw", "ace_king",
         "ace_king_kicker", "highest", "none")


def classify(cards: Sequence[Card], up: Card, pays: PayTable) -> str:
    """The pre-draw class of five cards when the dealer shows `up` (names as in CLASSES)."""
    value, payout = hand_value_and_payout(cards, pays)
    category = value.category
    if category >= HandCategory.FULL_HOUSE:
        return "full_house_or_better"
    if category >= HandCategory.STRAIGHT:
        return category.name.lower()
    if category == HandCategory.THREE_OF_A_KIND:
        return "three_of_a_kind"
    if category == HandCategory.TWO_PAIR:
        return "two_pair"
    ranks = [c.rank for c in cards]
    if category == HandCategory.ONE_PAIR:
        if payout.multiplier > pays.pay(HandCategory.ONE_PAIR) and ACE in ranks and KING in ranks:
            return "pair_and_ace_king"
        pair = value.tiebreak[0]  # a pair hand's tiebreak starts with the pair's rank (R-HAND-2)
        group = next(name for name, low, high in PAIR_GROUPS if low <= pair <= high)
        return f"pair_{group}_{'up_higher' if up.rank > pair else 'up_not_higher'}"
    if flush_draw(cards) is not None:
        return "four_flush"
    straight = straight_draw(cards)
    if straight is not None:
        return "four_straight_open" if straight[1] else "four_straight_inside"
    if category == HandCategory.ACE_KING:
        if up.rank in ranks:
            return "ace_king_up_matches"
        return "ace_king_queen_or_jack" if QUEEN in ranks or JACK in ranks else "ace_king"
    if ACE in ranks:
        return "no_game_ace"
    return "no_game_king" if KING in ranks else "no_game_queen_or_lower"


def after_draw_class(category: HandCategory) -> str:
    if category >= HandCategory.TWO_PAIR:
        return "two_pair_or_better"
    return ("no_game", "ace_king", "one_pair")[int(category)]


def insurance_class(category: HandCategory) -> str | None:
    """The insurance row of a made hand, or None below three of a kind."""
    if category >= HandCategory.FOUR_OF_A_KIND:
        return "four_of_a_kind_or_better"
    if category >= HandCategory.THREE_OF_A_KIND:
        return category.name.lower()
    return None


def flush_draw(cards: Sequence[Card]) -> Card | None:
    """The odd card of five holding exactly four of one suit, else None."""
    suits = Counter(c.suit for c in cards)
    if len(cards) != 5 or max(suits.values()) != 4:
        return None
    return next(c for c in cards if suits[c.suit] == 1)


def straight_draw(cards: Sequence[Card]) -> tuple[Card, bool] | None:
    """Four of five distinct-ranked cards within one straight's span: (the odd card, open-ended?), else None.
    Open-ended = four in a row that either end completes (not A-2-3-4 or J-Q-K-A)."""
    ranks = {c.rank for c in cards}
    if len(cards) != 5 or len(ranks) != 5:
        return None
    low_ranks = ranks | ({1} if ACE in ranks else set())  # the ace also plays low (R-CARD-1)
    best: tuple[Card, bool] | None = None
    for start in range(1, 11):  # straights A-5 up to 10-A
        span = set(range(start, start + 5))
        inside = low_ranks & span
        if len(inside) != 4:
            continue
        odd = next(c for c in cards if c.rank not in span and not (c.rank == ACE and 1 in span))
        run = sorted(inside)
        is_open = run[3] - run[0] == 3 and run[0] >= 2 and run[3] <= KING
        if best is None or (is_open and not best[1]):
            best = (odd, is_open)
    return best


def cards_to_keep(cards: Sequence[Card], keep: str) -> list[Card]:
    """The cards an exchange of kind `keep` holds on to (KEEPS); the others are exchanged."""
    counts = Counter(c.rank for c in cards)
    by_rank = sorted(cards, key=lambda c: (c.rank, c.suit), reverse=True)
    if keep in ("trips", "two_pair", "pair"):
        return [c for c in cards if counts[c.rank] >= 2]
    if keep in ("trips_kicker", "pair_kicker"):
        made = [c for c in cards if counts[c.rank] >= 2]
        return [*made, next(c for c in by_rank if counts[c.rank] == 1)]
    if keep == "pair_ace_king":
        made = [c for c in cards if counts[c.rank] >= 2]
        extra = [next(c for c in by_rank if c.rank == r and c not in made) for r in (ACE, KING)
                 if any(c.rank == r and c not in made for c in cards)]
        return made + extra
    if keep == "draw":
        odd = flush_draw(cards)
        if odd is None:
            straight = straight_draw(cards)
            odd = straight[0] if straight else by_rank[-1]
        return [c for c in cards if c != odd]
    if keep in ("ace_king", "ace_king_kicker"):
        held = [next(c for c in by_rank if c.rank == ACE), next(c for c in by_rank if c.rank == KING)]
        if keep == "ace_king_kicker":
            held.append(next(c for c in by_rank if c.rank not in (ACE, KING)))
        return held
    if keep == "highest":
        return by_rank[:1]
    if keep == "none":
        return []
    raise ValueError(f"unknown kind of exchange '{keep}'; kinds: {', '.join(KEEPS)}")
