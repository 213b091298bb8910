"""Random heads-up deals of chosen hand classes: uniform deals dealt in numpy, each classified by its group
(controller.analysis.first_hands), and kept only for a class that still wants deals. A kept deal is a uniform deal
of its class, so a class's sample mean is its expectation, whatever the others' quotas."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from controller.analysis.first_hands import FirstHands
from controller.analysis.line_value import Deal
from controller.analysis.vectorised import deal
from drivers.cards import PACK

BATCH = 20_000  # deals classified at a time


def sample_deals(first: FirstHands, of_group: npt.NDArray[np.int64], wanted: dict[int, int],
                 rng: np.random.Generator) -> Iterator[tuple[int, Deal]]:
    """(class, deal) until every class of `wanted` (class -> deals) has its deals, a deal's class being that of its
    group (`of_group`: a class for every group, such as GroupClasses.of_group); the stock of each kept deal is the
    rest of the pack in a random order."""
    left = {c: n for c, n in wanted.items() if n > 0}
    present = set(np.unique(of_group).tolist())
    if any(c not in present for c in left):
        raise ValueError("a class no deal falls in cannot be sampled")
    pack = np.arange(52, dtype=np.int8)
    while left:
        cards = deal(rng, BATCH)
        found = of_group[first.group_of(cards[:, 0:10:2], cards[:, 9])]
        for row in np.flatnonzero(np.isin(found, list(left))).tolist():
            kind = int(found[row])
            if left.get(kind, 0) == 0:
                continue
            left[kind] -= 1
            if left[kind] == 0:
                del left[kind]
            yield kind, _deal_of(cards[row], pack, rng)
            if not left:
                return


def _deal_of(ten: npt.NDArray[np.int8], pack: npt.NDArray[np.int8], rng: np.random.Generator) -> Deal:
    unseen = np.ones(len(pack), dtype=bool)
    unseen[ten] = False
    rest = rng.permutation(pack[unseen])
    shoe = [PACK[c] for c in ten.tolist()] + [PACK[c] for c in rest.tolist()]
    return Deal.from_shoe(shoe, seed=int(rng.integers(2**31)))
