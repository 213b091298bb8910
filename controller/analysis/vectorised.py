"""Monte Carlo of whole rounds in numpy, for strategies that never draw, insure or buy the dealer a game.

One box against the dealer per simulated round: every box at a table has the same expectation (the other
boxes' cards are just unseen cards), so heads-up rounds measure the house edge per box. Hands are evaluated by
their exact pattern (controller.analysis.hand_order) through tables built at start by the rules' own evaluator and
payout search (controller.core.hands, controller.core.payouts), so the numbers follow the preset's pay table,
qualification and ante rule exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from controller.analysis.hand_order import KEYS, RANKS_OF_COLEX, hand_keys, value_order
from controller.core.hands import HandCategory
from controller.core.payouts import payout_of_pattern
from controller.core.rules import HouseRules

NO_DRAW_STRATEGIES = ("always-bet", "pair-or-better", "wizard-thumb")


@dataclass(frozen=True)
class HandTables:
    """Per 5-card pattern key (colex * 2 + flush): strength (a total order), category, paid multiplier."""

    strength: npt.NDArray[np.int32]
    category: npt.NDArray[np.int8]
    multiplier: npt.NDArray[np.int32]


def hand_tables(rules: HouseRules) -> HandTables:
    order = value_order()
    multiplier = np.zeros(KEYS, dtype=np.int32)
    for key in np.flatnonzero(order.strength >= 0).tolist():
        index, flush = divmod(key, 2)
        ranks = tuple(r + 2 for r in RANKS_OF_COLEX[index])
        multiplier[key] = payout_of_pattern((ranks, ranks if flush else ()), rules.pays).multiplier
    return HandTables(order.strength, order.category, multiplier)


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
