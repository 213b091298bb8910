"""Domain events of a round: frozen records of what happened, each with a versioned plain-JSON form.

The round state changes only by applying these (controller.engine.state), so a journal of them replays a
round exactly. `to_dict()` gives `{"type": NAME, "v": VERSION, ...fields}` with cards as codes and hand
categories as their JSON names; `event_from_dict` reads it back.
"""

from __future__ import annotations

from typing import Any, ClassVar

from controller.core.cards import Card, parse_card
from controller.core.hands import HandCategory
from controller.engine.frozen import Frozen, frozen_record

EVENT_VERSION = 1

# Where a card goes: a box number (1..), or the dealer.
DEALER = 0


class Event(Frozen):
    """Base of every event; subclasses are immutable records (controller.engine.frozen) registered by name."""

    __slots__ = ()
    type_name: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type_name, "v": EVENT_VERSION}
        for name, kind in _FIELD_KINDS[type(self)]:
            out[name] = _encode(kind, getattr(self, name))
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        return event_from_dict(data)


@frozen_record
class StakesPlaced(Event):
    """R-BET-1, R-TABLE-2: a box's ante (and for a blind box its bet) and bonus, before the deal."""

    box: int
    ante: int
    bet: int
    bonus: int
    blind: bool
    player: str


@frozen_record
class StakesWithdrawn(Event):
    """A box's stakes taken back before the deal (a correction in the betting phase)."""

    box: int


@frozen_record
class BetsClosed(Event):
    """No more bets: the deal begins in R-DEAL-1 order over these boxes."""

    boxes: tuple[int, ...]


@frozen_record
class CardPlaced(Event):
    """A card from the shoe went to a box or to the dealer (to = 0); face_up only for the dealer's 5th."""

    card: Card
    to: int
    face_up: bool


@frozen_record
class BonusSettled(Event):
    """R-BONUS-1: the bonus on the box's first five cards, right after the deal (win > 0, loss < 0)."""

    box: int
    best: HandCategory
    multiplier: int
    result: int


@frozen_record
class Folded(Event):
    box: int  # R-ACT-1


@frozen_record
class BetPlaced(Event):
    box: int  # R-ACT-2
    amount: int


@frozen_record
class SixthCardBought(Event):
    box: int  # R-ACT-3
    price: int


@frozen_record
class CardsExchanged(Event):
    box: int  # R-ACT-4, R-ACT-5
    discards: tuple[Card, ...]
    price: int


@frozen_record
class InsurancePlaced(Event):
    box: int  # R-ACT-6
    amount: int


@frozen_record
class DiscardsReshuffled(Event):
    """R-ACT-7: the discards became a new stock (live cards never return)."""

    cards: tuple[Card, ...]


@frozen_record
class DealerRevealed(Event):
    """R-DEALER-1: the dealer's hand is shown; whether he qualifies."""

    best: HandCategory
    qualified: bool


@frozen_record
class GameBought(Event):
    box: int  # R-BUY-1
    price: int


@frozen_record
class AnteTaken(Event):
    box: int  # R-BUY-1: the box declined to buy the dealer a game


@frozen_record
class BuyingClosed(Event):
    """R-BUY-2: every box has chosen; boxes that said nothing take the ante."""


@frozen_record
class DealerCardReplaced(Event):
    """R-BUY-1, R-BUY-3: the dealer discards his highest card for the next one; free = a repeat."""

    discarded: Card
    card: Card
    free: bool


@frozen_record
class DealerDrawEnded(Event):
    best: HandCategory
    qualified: bool


@frozen_record
class BoxSettled(Event):
    """R-SETTLE-*: one box's result, line by line, in chips from the player's side (+ = player wins)."""

    box: int
    outcome: str
    best: HandCategory
    paid: tuple[HandCategory, ...]
    multiplier: int
    ante: int
    bet: int
    draw: int
    insurance: int
    bonus: int
    buy_game: int
    net: int


@frozen_record
class RoundClosed(Event):
    house_net: int


@frozen_record
class CardFault(Event):
    """A card the round cannot accept: the round stops until a pit boss resolves it."""

    kind: str  # "duplicate", "unreadable", "unexpected", "not_in_stock"
    card: Card | None
    clause: str
    text: str


@frozen_record
class FaultResolved(Event):
    """A pit boss resolved the fault: "corrected" (a CardPlaced follows) or "dismissed" (no card taken)."""

    resolution: str
    card: Card | None
    actor: str
    reason: str


@frozen_record
class RoundVoided(Event):
    """A pit boss voided the round: every stake is returned."""

    actor: str
    reason: str


EVENT_TYPES: dict[str, type[Event]] = {}
_FIELD_KINDS: dict[type[Event], tuple[tuple[str, str], ...]] = {}

for _cls in (
    StakesPlaced, StakesWithdrawn, BetsClosed, CardPlaced, BonusSettled, Folded, BetPlaced, SixthCardBought,
    CardsExchanged, InsurancePlaced, DiscardsReshuffled, DealerRevealed, GameBought, AnteTaken, BuyingClosed,
    DealerCardReplaced, DealerDrawEnded, BoxSettled, RoundClosed, CardFault, FaultResolved, RoundVoided,
):
    _cls.type_name = _cls.__name__
    EVENT_TYPES[_cls.__name__] = _cls
    _FIELD_KINDS[_cls] = tuple((name, str(_cls.__annotations__[name])) for name in _cls.field_names)


def _encode(kind: str, value: Any) -> Any:
    if kind == "Card":
        return value.code
    if kind == "Card | None":
        return None if value is None else value.code
    if kind == "tuple[Card, ...]":
        return [c.code for c in value]
    if kind == "HandCategory":
        return value.name
    if kind == "tuple[HandCategory, ...]":
        return [c.name for c in value]
    if kind.startswith("tuple"):
        return list(value)
    return value


def _decode(kind: str, value: Any) -> Any:
    if kind == "Card":
        return parse_card(value)
    if kind == "Card | None":
        return None if value is None else parse_card(value)
    if kind == "tuple[Card, ...]":
        return tuple(parse_card(c) for c in value)
    if kind == "HandCategory":
        return HandCategory[value]
    if kind == "tuple[HandCategory, ...]":
        return tuple(HandCategory[c] for c in value)
    if kind.startswith("tuple"):
        return tuple(value)
    return value


class EventFormatError(ValueError):
    """A stored event that this version cannot read."""


def event_from_dict(data: dict[str, Any]) -> Event:
    name = data.get("type")
    cls = EVENT_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise EventFormatError(f"unknown event type {name!r}")
    version = data.get("v")
    if version != EVENT_VERSION:
        raise EventFormatError(
            f"event {name} has version {version!r}; this engine reads version {EVENT_VERSION}"
        )
    try:
        values = {fname: _decode(kind, data[fname]) for fname, kind in _FIELD_KINDS[cls]}
    except (KeyError, ValueError, TypeError) as err:
        raise EventFormatError(f"event {name} is malformed: {err!r}") from err
    return cls(**values)
