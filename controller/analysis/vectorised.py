"""Monte Carlo of whole rounds in numpy, for strategies that never draw, insure or buy the dealer a game.

One box against the dealer per simulated round: every box at a table has the same expectation (the other
boxes' cards are just unseen cards), so heads-up rounds measure the house edge per box. Hands are evaluated by
their exact pattern (the colex rank of the rank multiset, plus a flush flag) through tables built at start by
the rules' own evaluator and payout search (controller.hands, controller.payouts), so the numbers follow the
preset's pay table, qualification and ante rule exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from controller.cards import PACK
from controller.hands import HandCategory, HandValue, best_five
from controller.payouts import payout_of_pattern
from controller.rules import HouseRules

NO_DRAW_STRATEGIES = ("always-bet", "pair-or-better", "wizard-thumb")
_RANKS = 13
_COLEX = [np.array([comb(r + i, i + 1) for r in range(_RANKS)], dtype=np.int32) for i in range(5)]

I64 = npt.NDArray[np.int64]


@dataclass(frozen=True)
class HandTables:
    """Per 5-card pattern key (colex * 2 + flush): strength (a total order), category, paid multiplier."""

    strength: npt.NDArray[np.int32]
    category: npt.NDArray[np.int8]
    multiplier: npt.NDArray[np.int32]


def hand_tables(rules: HouseRules) -> HandTables:
    size = comb(_RANKS + 4, 5) * 2
    values: dict[int, tuple[HandValue, int, int]] = {}
    for indices in combinations_with_replacement(range(_RANKS), 5):
        if max(indices.count(r) for r in indices) > 4:
            continue
        colex = sum(comb(r + i, i + 1) for i, r in enumerate(indices))
        ranks = tuple(r + 2 for r in indices)
        for flush in (False, True):
            if flush and len(set(ranks)) < 5:
                continue
            pattern = (ranks, ranks if flush else ())
            cards = [PACK[(r - 2) * 4 + (3 if flush else i % 4)] for i, r in enumerate(ranks)]
            value = best_five(cards)[0]
            payout = payout_of_pattern(pattern, rules.pays)
            values[colex * 2 + flush] = (value, int(value.category), payout.multiplier)
    order = {v: i for i, v in enumerate(sorted({v[0] for v in values.values()}))}
    strength = np.full(size, -1, dtype=np.int32)
    category = np.zeros(size, dtype=np.int8)
    multiplier = np.zeros(size, dtype=np.int32)
    for key, (value, cat, mult) in values.items():
        strength[key], category[key], multiplier[key] = order[value], cat, mult
    return HandTables(strength, category, multiplier)


def deal(rng: np.random.Generator, rounds: int, cards: int = 10) -> npt.NDArray[np.int8]:
    """`rounds` rows of `cards` distinct card indices: a partial Fisher-Yates shuffle of every row."""
    deck = np.tile(np.arange(52, dtype=np.int8), (rounds, 1))
    rows = np.arange(rounds)
    for i in range(cards):
        j = rng.integers(i, 52, size=rounds)
        picked = deck[rows, j]
        deck[rows, j] = deck[:, i]
        deck[:, i] = picked
    return deck[:, :cards]


def hand_keys(hands: npt.NDArray[np.int8]) -> I64:
    ordered = np.sort(hands, axis=1)
    ranks = ordered >> 2
    suits = ordered & 3
    key = np.zeros(len(hands), dtype=np.int64)
    for i in range(5):
        key += _COLEX[i][ranks[:, i]]
    flush = (suits == suits[:, :1]).all(axis=1)
    keys: I64 = key * 2 + flush
    return keys


@dataclass
class Totals:
    rounds: int = 0
    result_sum: float = 0.0  # player's result in antes
    result_sq: float = 0.0
    wager_sum: float = 0.0
    raised: int = 0
    outcomes: dict[str, int] | None = None
    paid: dict[int, int] | None = None

    def add(self, other: Totals) -> None:
        self.rounds += other.rounds
        self.result_sum += other.result_sum
        self.result_sq += other.result_sq
        self.wager_sum += other.wager_sum
        self.raised += other.raised
        for name in ("outcomes", "paid"):
            mine, theirs = getattr(self, name), getattr(other, name)
            if theirs:
                merged = dict(mine or {})
                for k, v in theirs.items():
                    merged[k] = merged.get(k, 0) + v
                setattr(self, name, merged)


def simulate_batch(rules: HouseRules, tables: HandTables, strategy: str, rounds: int,
                   rng: np.random.Generator) -> Totals:
    cards = deal(rng, rounds)
    player, dealer = cards[:, :5], cards[:, 5:]
    p_key, d_key = hand_keys(player), hand_keys(dealer)
    p_cat = tables.category[p_key]
    raise_ = _decide(strategy, player, dealer[:, 0], p_cat)
    qualifies = tables.category[d_key] >= int(rules.dealer_qualifies_with)
    p_str, d_str = tables.strength[p_key], tables.strength[d_key]
    win, tie = p_str > d_str, p_str == d_str
    ante_on_win = 0 if rules.ante_on_win == "returned" else 1
    bet_win = 2 * tables.multiplier[p_key].astype(np.int64)
    if rules.table.max_payout:
        bet_win = np.minimum(bet_win, rules.table.max_payout)  # in antes: the cap for an ante of 1
    result = np.where(
        ~raise_, -1,
        np.where(~qualifies, 1, np.where(win, ante_on_win + bet_win, np.where(tie, 0, -3))),
    ).astype(np.float64)
    outcome_codes = np.where(~raise_, 0, np.where(~qualifies, 1, np.where(win, 2, np.where(tie, 3, 4))))
    counts = np.bincount(outcome_codes, minlength=5)
    paid_mult = np.where(raise_ & qualifies & win, tables.multiplier[p_key], -1)
    values, paid_counts = np.unique(paid_mult[paid_mult >= 0], return_counts=True)
    return Totals(
        rounds=rounds,
        result_sum=float(result.sum()),
        result_sq=float((result * result).sum()),
        wager_sum=float(rounds + 2 * int(raise_.sum())),
        raised=int(raise_.sum()),
        outcomes={name: int(n) for name, n in zip(("fold", "no_qualify", "win", "tie", "lose"), counts, strict=True)},
        paid={int(v): int(n) for v, n in zip(values, paid_counts, strict=True)},
    )


def _decide(strategy: str, player: npt.NDArray[np.int8], up: npt.NDArray[np.int8],
            category: npt.NDArray[np.int8]) -> npt.NDArray[np.bool_]:
    pair_plus = category >= int(HandCategory.ONE_PAIR)
    if strategy == "always-bet":
        return np.ones(len(player), dtype=bool)
    if strategy == "pair-or-better":
        return pair_plus
    if strategy == "wizard-thumb":
        # Wizard of Odds' three rules of thumb for Caribbean Stud: raise a pair or better; fold less than
        # ace-king; raise ace-king if (a) the dealer's up card is 2-Q and matches one of yours, (b) it is an
        # ace or king and you hold a queen or jack, or (c) it matches none of yours, you hold A-K-Q and it is
        # lower than your fourth highest card.
        ranks = np.sort(player >> 2, axis=1)[:, ::-1] + 2  # high to low, 2..14
        up_rank = (up >> 2) + 2
        matches = (ranks == up_rank[:, None]).any(axis=1)
        has_q_or_j = ((ranks == 12) | (ranks == 11)).any(axis=1)
        rule_a = matches & (up_rank <= 12)
        rule_b = (up_rank >= 13) & has_q_or_j
        rule_c = ~matches & (ranks[:, 2] == 12) & (up_rank < ranks[:, 3])
        ace_king = category == int(HandCategory.ACE_KING)
        decision: npt.NDArray[np.bool_] = pair_plus | (ace_king & (rule_a | rule_b | rule_c))
        return decision
    raise ValueError(f"'{strategy}' is not a no-draw strategy: {', '.join(NO_DRAW_STRATEGIES)}")
