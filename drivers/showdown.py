"""The card-switch check: what the camera reads on each box at showdown against what the shoe dealt to it.

`compare_showdown` is the pure comparison of one reading of the layout with the shoe's record; it names every
difference: a card on a box that the shoe did not deal to that box, and the dealt card it took the place of.
A card the camera could not read, or did not find, is never a difference: its box is read again. `check_showdown` reads
the layout until it is settled: it reports a difference only when two readings in a row show it (a card the
detector lost in one frame is not missing), and re-reads only the boxes still in doubt. What reads a frame
into spots is given to it (`drivers.camera.layout`), so that the check itself stays pure.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from drivers.cards import Card

DEALER: Final = "dealer"
Spot = int | str  # a box number, or DEALER
ATTEMPTS = 3  # readings at the most (one per frame) before a spot still in doubt is left to the dealer


@dataclass(frozen=True)
class SpotReading:
    """What the camera saw on one spot: the cards it read, and how many cards it saw but could not read."""

    cards: tuple[Card, ...] = ()
    unreadable: int = 0


class Difference(Enum):
    NOT_DEALT_HERE = "not dealt to this box"
    MISSING = "dealt to this box and not on it"


@dataclass(frozen=True)
class CardDifference:
    """One card that differs between the layout and the shoe's record, at one spot."""

    spot: Spot
    kind: Difference
    card: Card
    dealt_to: Spot | None = None  # for a card not dealt here: where the shoe dealt it (None: not this round)

    def describe(self) -> str:
        place = spot_name(self.spot)
        if self.kind is Difference.MISSING:
            return f"{place}: {self.card.code}, dealt by the shoe to this box, is not on the layout"
        source = "the shoe did not deal it this round" if self.dealt_to is None else (
            f"the shoe dealt it to {spot_name(self.dealt_to)}")
        return f"{place}: {self.card.code} is on the layout but {source}"


@dataclass(frozen=True)
class ShowdownCheck:
    """The verdict on the layout: every difference, and the spots that must be read again."""

    differences: tuple[CardDifference, ...] = ()
    ask_again: tuple[Spot, ...] = ()

    @property
    def switched(self) -> bool:
        """A card on the layout is not the one the shoe dealt: stop the round for a pit boss."""
        return bool(self.differences)

    @property
    def matches(self) -> bool:
        """Every card on the layout read, and each is where the shoe dealt it."""
        return not self.differences and not self.ask_again


def compare_showdown(seen: Mapping[Spot, SpotReading], dealt: Mapping[Spot, Sequence[Card]]) -> ShowdownCheck:
    """Every difference between the cards read on each spot and the cards the shoe dealt to it.

    A card read is certain (the recogniser never guesses), so a card read on a spot the shoe did not deal it to
    is a difference at once, and the dealt cards not seen there are missing: it took the place of one of them.
    Short of such a card, a spot where a dealt card is not seen, or where a card could not be read, is read
    again, never a difference: the camera cannot tell a card taken away from one it did not find.
    """
    dealt_to = {card: spot for spot, cards in dealt.items() for card in cards}
    differences: list[CardDifference] = []
    ask_again: list[Spot] = []
    for spot in sorted({*dealt, *seen}, key=spot_order):
        reading = seen.get(spot, SpotReading())
        expected, read = Counter(dealt.get(spot, ())), Counter(reading.cards)
        strangers = read - expected
        for card in sorted(strangers.elements()):
            elsewhere = dealt_to.get(card)
            differences.append(CardDifference(spot, Difference.NOT_DEALT_HERE, card,
                                              elsewhere if elsewhere != spot else None))
        absent = expected - read
        if reading.unreadable or (absent and not strangers):
            # A card that could not be read may be the one dealt; a card not seen at all may lie there unfound
            # (a hand over it, the detector losing it on busy felt): read the spot again.
            ask_again.append(spot)
            continue
        differences += [CardDifference(spot, Difference.MISSING, card) for card in sorted(absent.elements())]
    return ShowdownCheck(tuple(differences), tuple(ask_again))


def check_showdown(read: Callable[[Collection[Spot] | None], Mapping[Spot, SpotReading]],
                   dealt: Mapping[Spot, Sequence[Card]], attempts: int = ATTEMPTS) -> ShowdownCheck:
    """The verdict on the layout, reading it as often as needed (at most `attempts` readings, one per frame).

    `read(spots)` reads the next frame: every spot when `spots` is None, else only those spots. The check stops
    at the first reading in which every card is read and where it was dealt, or when two readings in a row show
    the same differences. Otherwise the spots in doubt (a card unreadable, a difference not yet confirmed) are
    read again; after `attempts` readings they are left to the dealer: the verdict names them to ask again,
    never a switch.
    """
    if attempts < 1:
        raise ValueError(f"attempts must be at least 1, not {attempts}")
    seen = dict(read(None))
    previous: ShowdownCheck | None = None
    for attempt in range(1, attempts + 1):
        check = compare_showdown(seen, dealt)
        if check.matches or (check.differences and previous and check.differences == previous.differences):
            return check
        previous = check
        in_doubt = sorted({*check.ask_again, *(d.spot for d in check.differences)}, key=spot_order)
        if attempt < attempts:
            seen.update(read(in_doubt))
    return ShowdownCheck(ask_again=tuple(in_doubt))


def spot_order(spot: Spot) -> tuple[int, int]:
    """Boxes in their order, then the dealer."""
    return (1, 0) if spot == DEALER else (0, int(spot))


def spot_name(spot: Spot) -> str:
    """The spot in words: "box 3", "the dealer's hand"."""
    return "the dealer's hand" if spot == DEALER else f"box {spot}"
