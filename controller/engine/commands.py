"""Commands: what the table asks the engine to do (stakes, a card from the shoe, a box's decision, a pit-boss
override). The engine verifies each one and either refuses it or turns it into events."""

from __future__ import annotations

from controller.core.cards import Card
from controller.engine.records import record


class Command:
    __slots__ = ()


@record
class PlaceStakes(Command):
    """R-BET-1 / R-TABLE-2: a box's ante, optional bonus, and whether it plays blind (bet placed now)."""

    box: int
    ante: int
    bonus: int = 0
    blind: bool = False
    player: str = ""  # who plays the box; boxes of one player must be adjacent (R-TABLE-2)


@record
class WithdrawStakes(Command):
    box: int


@record
class CloseBets(Command):
    """No more bets; the deal starts. The first card from the shoe closes the bets too."""


@record
class CardDealt(Command):
    """A card from the card source; None = the reader could not read it (`??`)."""

    card: Card | None


@record
class Fold(Command):
    box: int


@record
class Bet(Command):
    box: int


@record
class BuySixth(Command):
    box: int


@record
class Exchange(Command):
    """R-ACT-4 / R-ACT-5: discard these cards for as many new ones (a repeat is one card again)."""

    box: int
    discards: tuple[Card, ...]


@record
class Insure(Command):
    box: int
    amount: int


@record
class RevealDealer(Command):
    """Every box has acted: the dealer shows his hand."""


@record
class BuyGame(Command):
    box: int


@record
class TakeAnte(Command):
    box: int


@record
class CloseBuying(Command):
    """The dealer closes buying the game: boxes that said nothing take the ante (R-BUY-2)."""


@record
class CorrectCard(Command):
    """Pit boss: the right card replaces the card read badly (duplicate, unreadable, not in the stock)."""

    card: Card
    actor: str
    reason: str


@record
class DismissCard(Command):
    """Pit boss: the faulted read was not a card in play (a burn card, a stray read); nothing is placed."""

    actor: str
    reason: str


@record
class VoidRound(Command):
    """Pit boss: void the round; every stake is returned."""

    actor: str
    reason: str
