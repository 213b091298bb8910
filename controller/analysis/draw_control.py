"""A control variate for sampled draws: most of the spread of a line that draws is which cards it draws, and what
those cards make can be averaged over every draw the box could have made, cheaply, while the line itself is valued on
the one draw it made.

For a line's first draw (the sixth card bought, or the cards an exchange brings), `g` is a quick value of the hand it
makes: what betting a hand of that strength is worth against the dealer's up card (controller.analysis.dealer_odds,
with only that hand's own cards out of his reach), or -1 where the line folds such a hand after a draw. The control is
`g` of the draw made minus the average of `g` over the box's possible draws: over every one of them for one or two
cards; for more, over a random sample of them drawn afresh for every line, so that the average is unbiased. Its
expectation is 0 whatever `g` is, so subtracting a fixed multiple of it from the line's value (the multiple worked
out in a pilot run) keeps the figure exact in expectation while taking away most of the draw's spread.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from controller.analysis.hand_order import RANKS, RANKS_OF_COLEX, hand_keys, value_order
from controller.analysis.line_value import ANTE, Line, LineValuer
from controller.core.hands import HandCategory
from controller.players.hand_classes import after_draw_class
from drivers.cards import PACK

SAMPLED_DRAWS = 256  # draws averaged over when there are more than ALL_DRAWS
ALL_DRAWS = 1_100  # every draw of one or two cards of 46

F64 = npt.NDArray[np.float64]


class DrawControl:
    """The control of lines played under `valuer`'s rules and after-draw rule; `seed` picks the sampled draws."""

    def __init__(self, valuer: LineValuer, seed: int) -> None:
        self.value = _quick_values(valuer)
        self.seed = seed
        self._draws: dict[int, npt.NDArray[np.int64]] = {}

    def of(self, lines: list[Line], rng: np.random.Generator) -> F64:
        """Each line's control (0 for a line that made no draw); `rng` picks the sampled draws."""
        out = np.zeros(len(lines))
        shapes: dict[tuple[int, int], list[int]] = {}
        for i, line in enumerate(lines):
            if line.first_draw:
                shapes.setdefault((len(line.kept), len(line.first_draw)), []).append(i)
        for (kept, drawn), rows in shapes.items():
            out[rows] = self._controls([lines[i] for i in rows], kept, drawn, rng)
        return out

    def _controls(self, lines: list[Line], kept: int, drawn: int, rng: np.random.Generator) -> F64:
        up = np.array([line.up for line in lines], dtype=np.int64)
        held = np.array([line.kept for line in lines], dtype=np.int8).reshape(len(lines), kept)
        made = np.concatenate([held, np.array([line.first_draw for line in lines], dtype=np.int8)], axis=1)
        unseen = np.ones((len(lines), 52), dtype=bool)
        unseen[np.arange(len(lines)), up] = False
        for line_no, line in enumerate(lines):
            unseen[line_no, list(line.dealt)] = False
        others = np.nonzero(unseen)[1].reshape(len(lines), -1).astype(np.int8)  # the 46 cards the box did not see
        positions = self._positions(drawn, others.shape[1])
        if len(positions) < comb(others.shape[1], drawn):
            # A sample of the draws: the same positions, each line's unseen cards in an order of its own, so that
            # every line averages over a uniform random sample of its own draws.
            others = rng.permuted(others, axis=1)
        draws = others[:, positions]  # (lines, draws, drawn)
        every = np.concatenate([np.broadcast_to(held[:, None, :], (*draws.shape[:2], kept)), draws], axis=2)
        expected = self._g(every.reshape(-1, kept + drawn), np.repeat(up, draws.shape[1])).reshape(draws.shape[:2])
        control: F64 = self._g(made, up) - expected.mean(axis=1)
        return control

    def _positions(self, drawn: int, unseen: int) -> npt.NDArray[np.int64]:
        """Which of the unseen cards each averaged draw takes: every draw, or SAMPLED_DRAWS different ones."""
        if drawn not in self._draws:
            if comb(unseen, drawn) <= ALL_DRAWS:
                chosen = np.array(list(combinations(range(unseen), drawn)), dtype=np.int64)
            else:
                rng = np.random.default_rng([self.seed, drawn])  # the same draws in every process
                chosen = np.argsort(rng.random((SAMPLED_DRAWS, unseen)), axis=1)[:, :drawn]
            self._draws[drawn] = chosen
        return self._draws[drawn]

    def _g(self, hands: npt.NDArray[np.int8], up: npt.NDArray[np.int64]) -> F64:
        """The quick value of each hand (five or six cards: its best five) against its up card."""
        order = value_order()
        if hands.shape[1] == 5:
            strength = order.strength[hand_keys(hands)]
        else:
            strength = np.max([order.strength[hand_keys(hands[:, list(five)])]
                               for five in combinations(range(hands.shape[1]), 5)], axis=0)
        values: F64 = self.value[strength, up >> 2]
        return values


_QUICK_VALUES: dict[tuple[object, ...], F64] = {}  # by rules, after-draw rule and insurance: kept for the process


def _quick_values(valuer: LineValuer) -> F64:
    """By strength and up rank (antes): betting a hand of that strength as after a draw against his up card, with
    only the hand's cards out of his reach; -1 where the after-draw rule folds it."""
    key = (valuer.rules, tuple(sorted(valuer.after_draw.items())), tuple(sorted(valuer.insurance.items())))
    if key not in _QUICK_VALUES:
        _QUICK_VALUES[key] = _work_out_quick_values(valuer)
    return _QUICK_VALUES[key]


def _work_out_quick_values(valuer: LineValuer) -> F64:
    order = value_order()
    table = np.full((len(order.of_value), RANKS), -1.0)
    # A hand the after-draw rule folds is worth -1 whatever the dealer holds: only the hands bet are counted.
    folds = {category: valuer.after_draw.get(after_draw_class(category), "bet") == "fold" for category in HandCategory}
    keys = [key for key in np.flatnonzero(order.strength >= 0).tolist()
            if not folds[HandCategory(int(order.category[key]))]]
    if not keys:
        return table
    # One hand of each pattern key (a flush all of the last suit, else suits in turn), then one row for each up
    # rank with a card the hand does not hold: the first such card of that rank is the up card.
    hands = np.array([[r * 4 + (3 if key & 1 else i % 4) for i, r in enumerate(RANKS_OF_COLEX[key >> 1])]
                      for key in keys], dtype=np.int64)
    held = np.zeros((len(keys), RANKS, 4), dtype=bool)
    held[np.arange(len(keys))[:, None], hands >> 2, hands & 3] = True
    row_key, up_rank = np.nonzero((~held).any(axis=2))
    up_cards = up_rank * 4 + (~held[row_key, up_rank]).argmax(axis=1)
    out_ranks = held.sum(axis=2, dtype=np.int64)[row_key]
    rank_bits = 1 << np.arange(RANKS, dtype=np.int64)
    out_of_suit = (held[row_key, :, up_cards & 3] * rank_bits).sum(axis=1)
    strength_of = order.strength[np.array(keys)][row_key].astype(np.int64)
    counts = np.concatenate([valuer.odds.count(out_ranks[part], up_cards[part], out_of_suit[part], strength_of[part])
                             for part in np.array_split(np.arange(len(row_key)), 20)])
    nets = np.array([valuer.bet_nets([PACK[c] for c in hand], as_drawn=True)[0] for hand in hands.tolist()],
                    dtype=np.float64)
    table[strength_of, up_rank] = np.einsum("ij,ij->i", counts, nets[row_key]) / counts.sum(axis=1) / ANTE
    return table
