"""A strategy's first decision on every first deal (controller.analysis.first_hands): each group's hand class, and
what folding or betting the five cards as dealt is worth there, exactly.

Betting without a draw is worth, against the dealer's hidden cards, the box's net for each of his outcomes times
how many of his hidden cards give it (taking the ante when he does not qualify); what buying him a game would add
is not part of it (controller.analysis.line_value samples that). Folding is worth minus the ante.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from controller.analysis.first_hands import DEALS, FirstHands
from controller.analysis.line_value import ANTE, LineValuer
from controller.core.rules import HouseRules
from controller.players.hand_classes import CLASSES, classify
from drivers.cards import PACK

F64 = npt.NDArray[np.float64]


@dataclass(frozen=True)
class GroupClasses:
    """The hand class of every group (an index into CLASSES), and each class's share of all first deals."""

    of_group: npt.NDArray[np.int64]
    weight: F64  # by class: the probability that a box's first deal is of that class

    def groups(self, name: str) -> npt.NDArray[np.int64]:
        found: npt.NDArray[np.int64] = np.flatnonzero(self.of_group == CLASSES.index(name))
        return found


def group_classes(first: FirstHands, rules: HouseRules) -> GroupClasses:
    """Each group's class under these rules' pay table, worked out once per hand pattern, four-card flush or not,
    and up rank (all a class depends on) by controller.players.hand_classes itself."""
    four = (np.stack([((first.cards & 3) == s).sum(axis=1) for s in range(4)], axis=1) == 4).any(axis=1)
    what = (first.pattern * 2 + four) * 13 + (first.up >> 2)
    _, example, which = np.unique(what, return_index=True, return_inverse=True)
    names = [classify([PACK[c] for c in first.cards[g]], PACK[int(first.up[g])], rules.pays) for g in example]
    of_kind = np.array([CLASSES.index(name) for name in names], dtype=np.int64)
    of_group = of_kind[which]
    weight = np.bincount(of_group, weights=first.deals, minlength=len(CLASSES)) / DEALS
    return GroupClasses(of_group, weight)


def bet_values(first: FirstHands, valuer: LineValuer, groups: npt.NDArray[np.int64]) -> tuple[F64, F64]:
    """For these groups: betting the five cards dealt (insured as the valuer's table says), its value and wager in
    antes, without what buying the dealer a game adds."""
    patterns, example, which = np.unique(first.pattern[groups], return_index=True, return_inverse=True)
    nets = np.zeros((len(patterns), 4))
    stakes = np.zeros(len(patterns))
    for i, g in enumerate(groups[example].tolist()):
        nets[i], stakes[i] = valuer.bet_nets([PACK[c] for c in first.cards[g]])
    value = (first.counts[groups] * nets[which]).sum(axis=1) / first.completions / ANTE
    wager = stakes[which] / ANTE
    return value, wager
