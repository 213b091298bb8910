"""The cards the simulated shoe holds: seeded shuffled packs, or an order read from a file."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from controller.core.cards import PACK, Card, CardError, parse_card, split_card_text


def shuffled_packs(seed: int, packs: int = 1) -> list[Card]:
    """`packs` packs, each shuffled in turn by one `random.Random(seed)`: the simulator's card order."""
    rng = random.Random(seed)
    cards: list[Card] = []
    for _ in range(packs):
        pack = list(PACK)
        rng.shuffle(pack)
        cards.extend(pack)
    return cards


def endless_packs(seed: int) -> Callable[[], list[Card]]:
    """Pack after shuffled pack, as a dealer reloads the shoe: the order `shuffled_packs(seed, n)` gives."""
    rng = random.Random(seed)

    def next_pack() -> list[Card]:
        pack = list(PACK)
        rng.shuffle(pack)
        return pack

    return next_pack


def read_order(path: str | Path) -> list[Card]:
    """Cards in shoe order from a text file: codes split by spaces, commas or lines; `#` starts a comment."""
    cards: list[Card] = []
    text = Path(path).read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), 1):
        for word in split_card_text(line.split("#", 1)[0]):
            try:
                cards.append(parse_card(word))
            except CardError as exc:
                raise CardError(f"{path}, line {number}: {exc}") from exc
    if not cards:
        raise CardError(f"{path} holds no cards")
    return cards
