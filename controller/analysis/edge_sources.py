"""Where house rules hand the edge to a skilled player: the settings known to, each with what the play it allows is
worth, worked out in a second or two from sampled deals of the hand class it serves (the deals and the class's
share from one sample, controller.analysis.class_deals; each deal's value exact over the dealer's hidden cards,
controller.analysis.line_value, the deals valued on both cores). `rptable rules check` prints them beside the
measured edge.

A value is the box's expected result in antes on such a hand, the ante included (folding is worth -1): a play worth
more than 0 wins the player money every time the hand comes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from controller.analysis.class_deals import class_deals
from controller.analysis.line_value import ANTE, Deal, LineValuer
from controller.analysis.parallel import run_in_two_processes
from controller.core.rules import AnteOnWin, DealerRedraw, HouseRules, RepeatSingle
from controller.players.basic import Play, find_table
from controller.players.hand_classes import AFTER_DRAW_CLASSES

Z95 = 1.959964
Value = tuple[float, float]  # a play's mean in antes a round, and its 95% half-width
F64 = npt.NDArray[np.float64]
DEALS_PER_PLAY = 3_000
# A pair of kings or aces bet as dealt varies little from deal to deal: 2,000 deals put its half-width near 0.004,
# under the 0.005 it is printed as "<0.01" below.
DEALS_OF_A_BET_PAIR = 2_000
WARMING_DEALS = 300  # valued before the rest is split between the two cores
# Bet or fold after a draw, and insure, as most tables' basic strategy does, for rules no table was derived for.
USUAL_AFTER_DRAW = dict(zip(AFTER_DRAW_CLASSES, ("fold", "fold", "bet", "bet"), strict=True))


@dataclass(frozen=True)
class Source:
    """A setting that favours a skilled player, and what it is worth: `play` on `hand` is worth `value` antes a
    round (95% half-width `half`), against `instead` without the setting's help."""

    setting: str
    hand: str
    play: str
    value: float
    half: float
    instead: str
    share: float  # of a box's first deals that are such hands

    def words(self) -> str:
        half = f"±{self.half:.2f}" if self.half >= 0.005 else "±<0.01"
        return (f"{self.setting}: {self.hand} {self.play} is worth {self.value:+.2f} antes a round ({half}); "
                f"{self.instead}. Such hands are {100 * self.share:.1f}% of the deals.")


def edge_sources(rules: HouseRules, seed: int = 1) -> list[Source]:
    """The settings of `rules` that hand a skilled player value, each measured; none when it has none of them."""
    valuer = _valuer(rules)
    found = []
    if rules.draw.repeat_single != RepeatSingle.NONE and rules.draw.exchange_max_cards:
        found.append(_chase(rules, valuer, seed))
    if rules.buy_game.enabled and (rules.buy_game.redraw in (DealerRedraw.UNTIL_QUALIFIES,
                                                             DealerRedraw.UNTIL_QUALIFIES_SINGLE_BOX)):
        found.append(_bought_game(rules, valuer, seed))
    if rules.ante_on_win != AnteOnWin.RETURNED:
        found.append(_ante_paid(rules, valuer, seed))
    return found


def play_values(rules: HouseRules, hand_class: str, plays: Sequence[str], seed: int = 1) -> dict[str, Value]:
    """What each play is worth on a hand of `hand_class`, every play on the same sampled deals: the one valuation
    of a play that `rules check` prints and the strategy pages quote (docs/rules.md, the operator guard)."""
    deals, _ = _deals(rules, hand_class, seed)
    valuer = _valuer(rules)
    found = _valued([(valuer, play) for play in plays], deals)
    return {play: _mean(values) for play, (values, _) in zip(plays, found, strict=True)}


def _valuer(rules: HouseRules) -> LineValuer:
    """Lines played as the rules' basic table plays after a draw and insures, where one was derived for them."""
    table = find_table(rules)
    after_draw = table.after_draw if table is not None else USUAL_AFTER_DRAW
    insurance = table.insurance if table is not None else {}
    return LineValuer(rules, after_draw, insurance)


def _deals(rules: HouseRules, hand_class: str, seed: int, count: int = DEALS_PER_PLAY) -> tuple[list[Deal], float]:
    """Random heads-up deals whose first five cards and up card are of `hand_class`, and the share of such deals,
    from the same sample."""
    return class_deals(rules.pays, hand_class, count, np.random.default_rng(seed))


def _valued(plays: Sequence[tuple[LineValuer, str]], deals: list[Deal]) -> list[tuple[F64, F64]]:
    """Each (valuer, play)'s value on each deal, and what buying the dealer a game added to it, in antes: the first
    deals here, then the rest on the machine's two cores, half each (a deal's value does not depend on the others';
    the hand values and settlements the first deals leave remembered serve both halves, which would otherwise each
    work them out again)."""

    def value(part: list[Deal]) -> list[tuple[F64, F64]]:
        out = []
        for valuer, label in plays:
            play = Play.parse(label)
            lines = [valuer.play(play, deal) for deal in part]
            out.append((valuer.values(lines)[:, 0], np.array([line.excess for line in lines]) / ANTE))
        return out

    first = value(deals[:WARMING_DEALS])
    halves = run_in_two_processes(lambda half: value(deals[WARMING_DEALS + half::2]), [0, 1])
    return [(np.concatenate([part[i][0] for part in (first, *halves)]),
             np.concatenate([part[i][1] for part in (first, *halves)])) for i in range(len(plays))]


def _mean(values: F64) -> Value:
    return float(values.mean()), Z95 * float(values.std(ddof=1)) / math.sqrt(len(values))


CHASE, ONCE = "exchange draw repeat 40 until made", "exchange draw"


def _chase(rules: HouseRules, valuer: LineValuer, seed: int) -> Source:
    """R-ACT-5: a four-card flush, its odd card exchanged, then the card just drawn again, until the flush fills."""
    deals, share = _deals(rules, "four_flush", seed)
    (chased, _), (once, _) = _valued([(valuer, CHASE), (valuer, ONCE)], deals)
    value, half = _mean(chased)
    setting = f'draw.repeat_single = "{rules.draw.repeat_single}"'
    return Source(setting, "a four-card flush", "exchanged one card at a time until the flush fills", value, half,
                  f"exchanged once it is worth {float(once.mean()):+.2f}", share)


def _bought_game(rules: HouseRules, valuer: LineValuer, seed: int) -> Source:
    """R-BUY-3: a dealer bought a game redraws until he qualifies; two pair bet as dealt, buying when it pays."""
    deals, share = _deals(rules, "two_pair", seed)
    ((values, taken),) = _valued([(valuer, "bet")], deals)
    mean, half = _mean(values)
    setting = f'buy_game.redraw = "{rules.buy_game.redraw}"'
    return Source(setting, "two pair", "bet, buying the dealer a game whenever it pays", mean, half,
                  f"buying him a game adds {float(taken.mean()):+.2f} of it", share)


def _ante_paid(rules: HouseRules, valuer: LineValuer, seed: int) -> Source:
    """R-SETTLE-1: the ante paid on a win (with the hand dealt, or always)."""
    deals, share = _deals(rules, "pair_K-A_up_not_higher", seed, DEALS_OF_A_BET_PAIR)
    returned = LineValuer(_with_ante_returned(rules), valuer.after_draw, valuer.insurance)
    (paid, _), (plain, _) = _valued([(valuer, "bet"), (returned, "bet")], deals)
    mean, half = _mean(paid)
    setting = f'settlement.ante_on_win = "{rules.ante_on_win}"'
    return Source(setting, "a pair of kings or aces", "bet as dealt", mean, half,
                  f"with the ante returned on a win it is worth {float(plain.mean()):+.2f}", share)


def _with_ante_returned(rules: HouseRules) -> HouseRules:
    return replace(rules, ante_on_win=AnteOnWin.RETURNED)
