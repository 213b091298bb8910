"""Random heads-up deals of one hand class, and the class's share of all deals, from one sample: uniform deals
dealt in numpy, each classified in numpy (`classes_of`, controller.players.hand_classes.classify over many deals
at once), the first of the class kept. A kept deal is a uniform deal of its class, and the share is the class's
hits over every deal dealt.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from controller.analysis.hand_order import hand_keys, value_order
from controller.analysis.line_value import Deal
from controller.analysis.vectorised import deal
from controller.core.hands import HandCategory
from controller.core.payouts import PayTable
from controller.engine.strength import hand_value_and_payout
from controller.players.hand_classes import CLASSES, JACK, PAIR_GROUPS, QUEEN
from drivers.cards import ACE, KING, PACK

BATCH = 20_000  # deals dealt and classified at a time
NONE_OF_THE_CLASS = 500_000  # deals without one of the class after which it has none (the rarest has 1 in 600)

I64 = npt.NDArray[np.int64]
_CLASS = {name: i for i, name in enumerate(CLASSES)}
_BITS = np.array([bin(i).count("1") for i in range(32)], dtype=np.int64)  # cards held in a 5-rank window


def class_deals(pays: PayTable, hand_class: str, count: int, rng: np.random.Generator) -> tuple[list[Deal], float]:
    """`count` random deals whose box's five cards and dealer's up card are of `hand_class` under `pays`, each
    with the rest of the pack in a random order as its stock; and the class's share of every deal dealt."""
    if hand_class not in _CLASS:
        raise ValueError(f"unknown hand class '{hand_class}'; classes: {', '.join(CLASSES)}")
    wanted = _CLASS[hand_class]
    found: list[Deal] = []
    dealt = hits = 0
    while len(found) < count:
        if not hits and dealt >= NONE_OF_THE_CLASS:
            raise ValueError(f"none of {dealt:,} deals is of the class '{hand_class}' under this pay table: "
                             "it has no such hands to value")
        cards = deal(rng, BATCH)
        rows = np.flatnonzero(classes_of(cards[:, 0:10:2], cards[:, 9], pays) == wanted)
        dealt, hits = dealt + BATCH, hits + len(rows)
        found += deals_of(cards[rows[:count - len(found)]], rng)
    return found, hits / dealt


def deals_of(tens: npt.NDArray[np.int8], rng: np.random.Generator) -> list[Deal]:
    """The deal of each row of ten cards in shoe order, the rest of the pack shuffled behind them."""
    order = rng.random((len(tens), len(PACK)))
    order[np.arange(len(tens))[:, None], tens] = 2.0  # the cards dealt sort last, out of the stock
    stocks = np.argsort(order, axis=1)[:, :len(PACK) - tens.shape[1]]
    seeds = rng.integers(2**31, size=len(tens)).tolist()
    return [Deal.from_shoe([PACK[c] for c in ten + stock], seed=seed)
            for ten, stock, seed in zip(tens.tolist(), stocks.tolist(), seeds, strict=True)]


def classes_of(hands: npt.NDArray[np.int8], up: npt.NDArray[np.int8], pays: PayTable) -> I64:
    """The pre-draw class of each deal (an index into CLASSES), as `classify` names it: five cards a row of
    `hands` (card indices), the dealer's up card the same row of `up`. The same steps as `classify`, in its order."""
    rows = np.arange(len(hands))
    ranks = (hands >> 2).astype(np.int64) + 2
    up_rank = (up >> 2).astype(np.int64) + 2
    keys = hand_keys(hands)
    category = value_order().category[keys]
    held = np.zeros((len(hands), ACE + 1), dtype=np.int64)  # cards held of each rank
    for i in range(5):
        np.add.at(held, (rows, ranks[:, i]), 1)
    has = held > 0
    suited = np.stack([((hands & 3) == s).sum(axis=1) for s in range(4)], axis=1).max(axis=1)
    # A straight draw: four of the five ranks within one straight's span, the ace also low; open-ended when the
    # four are in a row that either end completes (not A-2-3-4 or J-Q-K-A).
    mask = (has.astype(np.int64) << np.arange(ACE + 1)).sum(axis=1)
    mask |= (mask >> ACE & 1) << 1
    inside = np.zeros(len(hands), dtype=bool)
    open_ended = np.zeros(len(hands), dtype=bool)
    for start in range(1, 11):  # straights A-5 up to 10-A
        window = mask >> start & 0b11111
        inside |= _BITS[window] == 4
        open_ended |= ((window == 0b01111) & (start >= 2)) | ((window == 0b11110) & (start <= 9))
    pair = held.argmax(axis=1)  # of one pair: its rank, the only rank held twice
    pair_group = np.zeros(len(hands), dtype=np.int64)
    for g, (_, low, high) in enumerate(PAIR_GROUPS):
        pair_group[(low <= pair) & (pair <= high)] = g
    pair_class = np.array([[_CLASS[f"pair_{name}_{side}"] for side in ("up_higher", "up_not_higher")]
                           for name, _, _ in PAIR_GROUPS])[pair_group, (up_rank <= pair).astype(np.int64)]
    one_pair = category == HandCategory.ONE_PAIR
    ace_king = has[:, ACE] & has[:, KING]
    # A pair with an ace and a king paid above a pair (R-HAND-3): asked of the pay table once per pattern.
    with_ace_king = np.flatnonzero(one_pair & ace_king)
    patterns, example = np.unique(keys[with_ace_king], return_index=True)
    paid_more = np.isin(keys, [key for key, row in zip(patterns.tolist(), with_ace_king[example].tolist(), strict=True)
                               if hand_value_and_payout([PACK[c] for c in hands[row].tolist()], pays)[1].multiplier
                               > pays.pay(HandCategory.ONE_PAIR)])
    up_matches = has[rows, up_rank]
    choices = [
        (category >= HandCategory.FULL_HOUSE, "full_house_or_better"),
        (category == HandCategory.FLUSH, "flush"),
        (category == HandCategory.STRAIGHT, "straight"),
        (category == HandCategory.THREE_OF_A_KIND, "three_of_a_kind"),
        (category == HandCategory.TWO_PAIR, "two_pair"),
        (one_pair & ace_king & paid_more, "pair_and_ace_king"),
        (one_pair, pair_class),
        (suited == 4, "four_flush"),
        (open_ended, "four_straight_open"),
        (inside, "four_straight_inside"),
        ((category == HandCategory.ACE_KING) & up_matches, "ace_king_up_matches"),
        ((category == HandCategory.ACE_KING) & (has[:, QUEEN] | has[:, JACK]), "ace_king_queen_or_jack"),
        (category == HandCategory.ACE_KING, "ace_king"),
        (has[:, ACE], "no_game_ace"),
        (has[:, KING], "no_game_king"),
    ]
    out: I64 = np.select([when for when, _ in choices],
                         [_CLASS[name] if isinstance(name, str) else name for _, name in choices],
                         _CLASS["no_game_queen_or_lower"])
    return out
