"""The cards the simulated shoe holds: seeded shuffled packs, or an order read from a file."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from drivers.cards import PACK, Card, CardError, parse_card, split_card_text
from drivers.named_files import read_named_file


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


MAX_ORDER_BYTES = 1 << 20  # an order file of a thousand packs is a tenth of this


def read_order(path: str | Path) -> list[Card]:
    """Cards in shoe order from a text file: codes split by spaces, commas or lines; `#` starts a comment.
    CardError says what is wrong with the file (unreadable, not text, too long, a word that is not a card)."""
    cards: list[Card] = []
    try:
        data = read_named_file(path, MAX_ORDER_BYTES)  # a regular file, bounded: never a FIFO or a device
    except OSError as exc:
        raise CardError(f"{path}: cannot read the order file: {exc.strerror or exc}") from exc
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise CardError(f"{path} is not a text file of card codes (it is not UTF-8 text)") from None
    for number, line in enumerate(text.splitlines(), 1):
        for word in split_card_text(line.split("#", 1)[0]):
            try:
                cards.append(parse_card(word))
            except CardError as exc:
                raise CardError(f"{path}, line {number}: {exc}") from exc
    if not cards:
        raise CardError(f"{path} holds no cards")
    return cards
