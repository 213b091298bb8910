"""QA: a simulated session whose shoe deals box 1 a royal flush in chosen rounds (`rptable simulate --royal-at`),
to show a jackpot hit end to end without waiting for one in 649,740 hands."""

from __future__ import annotations

from collections.abc import Collection

from controller.table.controller import TableController
from controller.table.pump import CardPump, shuffled_pack
from drivers.base import CardSource
from drivers.cards import Card, parse_card

ROYAL = tuple(parse_card(code) for code in ("AS", "KS", "QS", "JS", "TS"))


def with_royal_for_box_one(pack: list[Card], boxes: int) -> list[Card]:
    """The pack with the royal's cards swapped into box 1's five places of the deal (R-DEAL-1: box 1 first in
    every pass of `boxes` boxes and the dealer): still one whole pack."""
    out = list(pack)
    for deal_pass, card in enumerate(ROYAL):
        place, there = deal_pass * (boxes + 1), out.index(card)
        out[place], out[there] = out[there], out[place]
    return out


class RoyalPump(CardPump):
    """The card pump of a simulated session, loading a rigged pack for the rounds in `royal_rounds`."""

    def __init__(self, source: CardSource, controller: TableController, *, pack_seed: int, boxes: int,
                 royal_rounds: Collection[int]) -> None:
        super().__init__(source, controller, pack_seed=pack_seed)
        self.boxes = boxes
        self.royal_rounds = frozenset(royal_rounds)

    def load_fresh_pack(self) -> None:
        if self.shoe is None:
            return
        number = self.controller.round_number + 1
        pack = shuffled_pack(self.pack_seed, number)
        self.shoe.load(with_royal_for_box_one(pack, self.boxes) if number in self.royal_rounds else pack)
