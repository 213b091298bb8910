"""Monte Carlo of whole rounds in numpy, for strategies that never draw, insure or buy the dealer a game.

One box against the dealer per simulated round: every box at a table has the same expectation (the other
boxes' cards are just unseen cards), so heads-up rounds measure the house edge per box. Hands are evaluated by
their exact pattern (the colex rank of the rank multiset, plus a flush flag) through tables built at start by
the rules' own evaluator and payout search (controller.core.hands, controller.core.payouts), so the numbers follow the
preset's pay table, qualification and ante rule exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from math import comb

import numpy as np
import numpy.typing as npt

from controller.core.cards import PACK
from controller.core.hands import HandCategory, HandValue, best_five
from controller.core.payouts import payout_of_pattern
from controller.core.rules import HouseRules

NO_DRAW_STRATEGIES = ("always-bet", "pair-or-better", "wizard-thumb")
_RANKS = 13
# Per-rank weights such that every multiset of five ranks (each at most four times) has its own sum, found by a
# greedy search (each weight the smallest that keeps every sum distinct); the largest sum is 360,918.
_RANK_WEIGHT = np.array([0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415], dtype=np.int32)


def _colex(ranks: tuple[int, ...]) -> int:
    """The colex rank of a sorted rank multiset (rank indices 0..12): its row in the pattern tables."""
    return sum(comb(r + i, i + 1) for i, r in enumerate(ranks))


def _five_rank_multisets() -> list[tuple[int, ...]]:
    return [m for m in combinations_with_replacement(range(_RANKS), 5) if max(m.count(r) for r in m) <= 4]


def _multiset_colex_table() -> npt.NDArray[np.int32]:
    table = np.full(int(_RANK_WEIGHT[-1]) * 4 + int(_RANK_WEIGHT[-2]) + 1, -1, dtype=np.int32)
    weights = _RANK_WEIGHT.tolist()  # plain ints: summing numpy scalars one by one is slow at import
    for multiset in _five_rank_multisets():
        weight = sum(weights[r] for r in multiset)
        assert table[weight] == -1, "the rank weights must give every multiset its own sum"
        table[weight] = _colex(multiset)
    return table


_MULTISET_COLEX = _multiset_colex_table()

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
    for indices in _five_rank_multisets():
        colex = _colex(indices)
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
    """`rounds` rows of `cards` distinct card indices, each row a uniformly random ordered draw from the pack.

    Card by card: draw any of the 52, and draw again only in the rows where it equals an earlier card of the
    row. Each card is then uniform over the cards left, as in dealing from a shuffled pack, at a fraction of
    the cost of shuffling whole packs row by row. (16-bit draws: numpy's bounded 8-bit path is slower.)
    """
    drawn = rng.integers(0, 52, size=(cards, rounds), dtype=np.int16)
    for i in range(1, cards):
        column, earlier = drawn[i], drawn[:i]
        clashes = np.flatnonzero(_equals_any(column, earlier))
        while clashes.size:
            again = rng.integers(0, 52, size=clashes.size, dtype=np.int16)
            still = _equals_any(again, earlier[:, clashes])
            column[clashes[~still]] = again[~still]
            clashes = clashes[still]
    return drawn.astype(np.int8).T


def _equals_any(values: npt.NDArray[np.int16], rows: npt.NDArray[np.int16]) -> npt.NDArray[np.bool_]:
    """Where `values` equals the same column of any of `rows`."""
    hit: npt.NDArray[np.bool_] = values == rows[0]
    for row in rows[1:]:
        hit |= values == row
    return hit


def hand_keys(hands: npt.NDArray[np.int8]) -> I64:
    """Each 5-card row's pattern key: colex rank of its rank multiset * 2 + flush.

    The rank multiset is found without sorting: a sum of per-rank weights chosen so that no two 5-card
    multisets share a sum (a perfect hash, table _MULTISET_COLEX), then one lookup gives its colex rank.
    """
    ranks = [hands[:, i] >> 2 for i in range(5)]
    suits = [hands[:, i] & 3 for i in range(5)]
    weight = _RANK_WEIGHT[ranks[0]]
    for r in ranks[1:]:
        weight = weight + _RANK_WEIGHT[r]
    flush = suits[0] == suits[1]
    for s in suits[2:]:
        flush &= suits[0] == s
    keys: I64 = _MULTISET_COLEX[weight] * 2 + flush
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


OUTCOMES = ("fold", "no_qualify", "win", "tie", "lose")
_OUTCOME_RESULT = (-1, 1, None, 0, -3)  # the player's result in antes; a win's depends on the hand paid


def simulate_batch(rules: HouseRules, tables: HandTables, strategy: str, rounds: int,
                   rng: np.random.Generator) -> Totals:
    cards = deal(rng, rounds)
    player, dealer = cards[:, :5], cards[:, 5:]
    p_key, d_key = hand_keys(player), hand_keys(dealer)
    raise_ = _decide(strategy, player, dealer[:, 0], tables.category[p_key])
    qualifies = tables.category[d_key] >= int(rules.dealer_qualifies_with)
    p_str, d_str = tables.strength[p_key], tables.strength[d_key]
    # The outcome as a code (the index in OUTCOMES), by arithmetic rather than nested selections:
    # fold 0; raised and the dealer does not qualify 1; else win 2, tie 3, lose 4.
    code = raise_ * (1 + qualifies * (1 + (p_str <= d_str) + (p_str < d_str)).astype(np.int8))
    counts = np.bincount(code, minlength=5)
    # Every win's result depends only on the multiplier paid, so the sums come from a histogram of them.
    paid = np.bincount(tables.multiplier[p_key[code == 2]])
    ante_on_win = 0 if rules.ante_on_win == "returned" else 1
    result_sum = result_sq = 0.0
    for outcome, result in enumerate(_OUTCOME_RESULT):
        if result is not None:
            result_sum += counts[outcome] * result
            result_sq += counts[outcome] * result * result
    for multiplier, n in enumerate(paid):
        bet_win = 2 * multiplier
        if rules.table.max_payout:
            bet_win = min(bet_win, rules.table.max_payout)  # in antes: the cap for an ante of 1
        result_sum += n * (ante_on_win + bet_win)
        result_sq += n * (ante_on_win + bet_win) ** 2
    raised = int(rounds - counts[0])
    return Totals(
        rounds=rounds,
        result_sum=float(result_sum),
        result_sq=float(result_sq),
        wager_sum=float(rounds + 2 * raised),
        raised=raised,
        outcomes={name: int(n) for name, n in zip(OUTCOMES, counts, strict=True)},
        paid={multiplier: int(n) for multiplier, n in enumerate(paid) if n},
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
