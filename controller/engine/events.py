"""Domain events of a round: frozen records of what happened, each with a versioned plain-JSON form.

The round state changes only by applying these (controller.engine.apply), so a journal of them replays a round
exactly. An event records every decision the house rules made, so applying it never reads the rules.
`payload()` gives `{"type": NAME, "v": VERSION, ...fields}` with cards as codes and hand categories as their JSON
names; `event_from_payload` reads it back, including the older forms journals hold (`OLDER_FORMS`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import Field, dataclass, fields
from typing import Any, ClassVar

from controller.core.hands import HandCategory
from drivers.cards import Card, parse_card

# Where a card goes: a box number (1..), or the dealer.
DEALER = 0
DEALER_UP_CARD = 4  # R-DEAL-1: the dealer's fifth card (index 4 in deal order) is dealt face up


class Event:
    """Base of every event. A subclass is a frozen dataclass; its class name is its `type` in JSON (the
    journal's kind), and `VERSION` counts the changes of its fields."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]  # each subclass is a dataclass
    KIND: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "KIND" not in cls.__dict__:
            cls.KIND = cls.__name__

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.KIND, "v": self.VERSION}
        for field in fields(self):
            out[field.name] = _to_json(getattr(self, field.name))
        return out


@dataclass(frozen=True, slots=True)
class StakesPlaced(Event):
    """R-BET-1, R-TABLE-2: a box's ante (and for a blind box its bet) and bonus, before the deal."""

    box: int
    ante: int
    bet: int
    bonus: int
    blind: bool
    player: str


@dataclass(frozen=True, slots=True)
class StakesWithdrawn(Event):
    """A box's stakes taken back before the deal (a correction in the betting phase)."""

    box: int


@dataclass(frozen=True, slots=True)
class BetsClosed(Event):
    """No more bets: the deal begins in R-DEAL-1 order over these boxes."""

    boxes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardPlaced(Event):
    """A card from the shoe went to a box or to the dealer (to = 0); face_up only for the dealer's 5th."""

    card: Card
    to: int
    face_up: bool


@dataclass(frozen=True, slots=True)
class BonusSettled(Event):
    """R-BONUS-1: the bonus on the box's first five cards, right after the deal (win > 0, loss < 0)."""

    box: int
    best: HandCategory
    multiplier: int
    result: int


@dataclass(frozen=True, slots=True)
class JackpotStaked(Event):
    """R-JACKPOT-1: a box's fixed jackpot stake, placed with its ante before the deal."""

    box: int
    stake: int


@dataclass(frozen=True, slots=True)
class JackpotSettled(Event):
    """R-JACKPOT-2: the jackpot stake on the box's first five cards, right after the deal (like the bonus).
    `contribution` is the meter's share of the stake; a win is a `share_pct` of the meter at the moment of the
    hit (paid once a pit boss confirms it) or a `fixed` amount the table pays; both 0: the stake is lost."""

    box: int
    best: HandCategory
    stake: int
    contribution: int
    share_pct: int
    fixed: int


@dataclass(frozen=True, slots=True)
class JackpotVoided(Event):
    """R-JACKPOT-2: the round was voided after its jackpot stakes were settled: the box's stake goes back, its
    contribution leaves the meter again and any award (a hit waiting for a pit boss included) is not paid."""

    box: int
    stake: int
    contribution: int
    share_pct: int
    fixed: int


@dataclass(frozen=True, slots=True)
class Folded(Event):
    """R-ACT-1."""

    box: int


@dataclass(frozen=True, slots=True)
class BetPlaced(Event):
    """R-ACT-2."""

    box: int
    amount: int


@dataclass(frozen=True, slots=True)
class SixthCardBought(Event):
    """R-ACT-3: the box pays `price` and waits for one more card."""

    box: int
    price: int


@dataclass(frozen=True, slots=True)
class CardsExchanged(Event):
    """R-ACT-4, R-ACT-5: the box pays `price`, discards these cards and waits for as many new ones."""

    box: int
    discards: tuple[Card, ...]
    price: int


@dataclass(frozen=True, slots=True)
class InsurancePlaced(Event):
    """R-ACT-6."""

    box: int
    amount: int


@dataclass(frozen=True, slots=True)
class DiscardsReshuffled(Event):
    """R-ACT-7: the discards became a new stock (live cards never return)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DealerRevealed(Event):
    """R-DEALER-1: the dealer's hand is shown and whether he qualifies; R-BUY-1: the boxes that may buy him a
    game (none when he qualifies). When there are any, the boxes choose before anything is settled."""

    VERSION: ClassVar[int] = 2
    best: HandCategory
    qualified: bool
    buyers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameBought(Event):
    """R-BUY-1: the box pays `price` for the dealer's draw."""

    box: int
    price: int


@dataclass(frozen=True, slots=True)
class AnteTaken(Event):
    """R-BUY-1: the box declined to buy the dealer a game."""

    box: int


@dataclass(frozen=True, slots=True)
class BuyingClosed(Event):
    """R-BUY-2: every box has chosen; boxes that said nothing take the ante."""


@dataclass(frozen=True, slots=True)
class DealerCardReplaced(Event):
    """R-BUY-1, R-BUY-3: the dealer discards his highest card for the next one; `free` = a repeat of the
    replacement; `again` = he replaces his highest card once more, with the next card from the shoe."""

    VERSION: ClassVar[int] = 2
    discarded: Card
    card: Card
    free: bool
    again: bool


@dataclass(frozen=True, slots=True)
class DealerDrawEnded(Event):
    """R-BUY-4: the dealer's bought draw is over: his hand now, and whether it qualifies."""

    best: HandCategory
    qualified: bool


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class RoundClosed(Event):
    """Every box is settled: what the house won (- lost) this round."""

    house_net: int


@dataclass(frozen=True, slots=True)
class CardFault(Event):
    """A card the round cannot accept: the round stops until a pit boss resolves it."""

    kind: str  # "duplicate", "unreadable", "unexpected", "not_in_stock"
    card: Card | None
    clause: str
    text: str


@dataclass(frozen=True, slots=True)
class FaultResolved(Event):
    """A pit boss resolved the fault: "corrected" (a CardPlaced follows) or "dismissed" (no card taken)."""

    resolution: str
    card: Card | None
    actor: str
    reason: str


@dataclass(frozen=True, slots=True)
class RoundVoided(Event):
    """A pit boss voided the round: every stake is returned."""

    actor: str
    reason: str


# ------------------------------------------------------------------------------- older forms, still read


@dataclass(frozen=True, slots=True)
class DealerRevealedV1(Event):
    """DealerRevealed before it recorded which boxes may buy the dealer a game (controller.engine.legacy
    works that out again when it is replayed)."""

    KIND: ClassVar[str] = "DealerRevealed"
    best: HandCategory
    qualified: bool


@dataclass(frozen=True, slots=True)
class DealerCardReplacedV1(Event):
    """DealerCardReplaced before it recorded whether the dealer replaces his highest card again."""

    KIND: ClassVar[str] = "DealerCardReplaced"
    discarded: Card
    card: Card
    free: bool


EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in (
        StakesPlaced, StakesWithdrawn, BetsClosed, CardPlaced, BonusSettled, Folded, BetPlaced, SixthCardBought,
        CardsExchanged, InsurancePlaced, DiscardsReshuffled, DealerRevealed, GameBought, AnteTaken, BuyingClosed,
        DealerCardReplaced, DealerDrawEnded, BoxSettled, RoundClosed, CardFault, FaultResolved, RoundVoided,
        JackpotStaked, JackpotSettled, JackpotVoided,
    )
}
# Earlier versions of an event that journals may hold, by (type, version).
OLDER_FORMS: dict[tuple[str, int], type[Event]] = {
    (cls.KIND, cls.VERSION): cls for cls in (DealerRevealedV1, DealerCardReplacedV1)
}


class EventFormatError(ValueError):
    """A stored event that this version cannot read."""


def event_from_payload(data: dict[str, Any]) -> Event:
    """The event a `payload()` form stands for, in the form (version) it was written in."""
    name = data.get("type")
    cls = EVENT_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise EventFormatError(f"unknown event type {name!r}")
    version = data.get("v")
    if version != cls.VERSION:
        older = OLDER_FORMS.get((cls.KIND, version)) if isinstance(version, int) else None
        if older is None:
            readable = sorted([cls.VERSION, *(v for (kind, v) in OLDER_FORMS if kind == name)])
            raise EventFormatError(f"event {name} has version {version!r}; this engine reads version "
                                   f"{' or '.join(str(v) for v in readable)}")
        cls = older
    try:
        values = {name: read(data[name]) for name, read in _field_readers(cls)}
    except (KeyError, ValueError, TypeError) as err:
        raise EventFormatError(f"event {name} is malformed: {err!r}") from err
    return cls(**values)


FieldReaders = tuple[tuple[str, Callable[[Any], Any]], ...]
_FIELD_READERS: dict[str, FieldReaders] = {}  # by class name and version: see _field_readers


def _field_readers(cls: type[Event]) -> FieldReaders:
    """Each field of an event class with its reader: worked out once per class, since a journal's audit reads
    a million events of a couple of dozen classes."""
    name = f"{cls.__name__}/{cls.VERSION}"
    readers = _FIELD_READERS.get(name)
    if readers is None:
        readers = _FIELD_READERS[name] = tuple((f.name, _READERS.get(str(f.type), _plain)) for f in fields(cls))
    return readers


def _to_json(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, HandCategory):
        return value.name
    if isinstance(value, tuple):
        return [_to_json(item) for item in value]
    return value


def _plain(value: Any) -> Any:
    return value


# How a field is read back from JSON, by its declared type; any other field is read as it stands.
_READERS: dict[str, Callable[[Any], Any]] = {
    "Card": parse_card,
    "Card | None": lambda code: None if code is None else parse_card(code),
    "tuple[Card, ...]": lambda codes: tuple(parse_card(code) for code in codes),
    "HandCategory": lambda name: HandCategory[name],
    "tuple[HandCategory, ...]": lambda names: tuple(HandCategory[name] for name in names),
    "tuple[int, ...]": tuple,
}
