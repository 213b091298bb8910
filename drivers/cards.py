"""Playing cards of the one 52-card pack (R-CARD-1): parsing, formatting, the pack itself."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "CDHS"  # the order SHOE/1-USB uses for its suit byte: 0 clubs .. 3 spades
ACE = 14
KING = 13

# Both the filled and the outline symbols: dealers and card-reading software use either.
_SUIT_SYMBOLS = {"♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3}
_RANK_WORDS = {ch: 2 + i for i, ch in enumerate(RANK_CHARS)} | {"10": 10}

CARD_SYNTAX = "rank 2-9, T or 10, J, Q, K, A; suit C, D, H, S"


class CardError(ValueError):
    """Text that is not a card, or cards that cannot be together (a card twice)."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card. Ordered by rank, then suit, so sorting a hand is meaningful and stable."""

    rank: int  # 2..14, ace high
    suit: int  # 0 clubs, 1 diamonds, 2 hearts, 3 spades

    @property
    def index(self) -> int:
        """0..51, rank-major: the position of the card in a sorted pack."""
        return (self.rank - 2) * 4 + self.suit

    @property
    def code(self) -> str:
        return RANK_CHARS[self.rank - 2] + SUIT_CHARS[self.suit]

    def __hash__(self) -> int:
        return (self.rank - 2) * 4 + self.suit  # its index: one small number names the card

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


# One instance per card: parsing returns these, so identity and equality agree everywhere.
PACK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in range(2, 15) for suit in range(4))
BY_CODE = {card.code: card for card in PACK}  # `QS` -> Card


def card_from_index(index: int) -> Card:
    return PACK[index]


def parse_card(text: str) -> Card:
    """Parse `AS`, `as`, `10h`, `Td`, `A♠` or `♠A` into a Card; raise CardError with the syntax otherwise."""
    raw = text.strip()
    if not raw:
        raise CardError(f"'{text}' is not a card: {CARD_SYNTAX}")
    known = BY_CODE.get(raw.upper())
    if known is not None:
        return known
    suit: int | None = None
    rank_text = raw
    if raw[-1] in _SUIT_SYMBOLS:
        suit, rank_text = _SUIT_SYMBOLS[raw[-1]], raw[:-1]
    elif raw[0] in _SUIT_SYMBOLS:
        suit, rank_text = _SUIT_SYMBOLS[raw[0]], raw[1:]
    elif raw[-1].upper() in SUIT_CHARS:
        suit, rank_text = SUIT_CHARS.index(raw[-1].upper()), raw[:-1]
    rank = _RANK_WORDS.get(rank_text.upper())
    if suit is None or rank is None:
        raise CardError(f"'{text}' is not a card: {CARD_SYNTAX}")
    return PACK[(rank - 2) * 4 + suit]


def parse_cards(texts: Iterable[str]) -> tuple[Card, ...]:
    """Parse several cards that belong together (one hand); a card twice is an error."""
    cards = tuple(parse_card(t) for t in texts)
    ensure_distinct(cards)
    return cards


def split_card_text(text: str) -> list[str]:
    """Split a line such as `AS KD 10h`, `AS,KD,10h` or `ASKD10H` into card texts."""
    parts = text.replace(",", " ").split()
    if len(parts) == 1 and len(parts[0]) > 3:
        return _split_run(parts[0])
    return parts


def _split_run(run: str) -> list[str]:
    # A run of cards written without spaces: every card is a rank (1 or 2 chars) then a suit.
    out: list[str] = []
    i = 0
    while i < len(run):
        width = 3 if run[i : i + 2] == "10" else 2
        out.append(run[i : i + width])
        i += width
    return out


def ensure_distinct(cards: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{card.code} appears twice; one pack holds each card once")
        seen.add(card)


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


class Shuffler(Protocol):
    """Anything with random.Random's shuffle(list): the caller owns the randomness."""

    def shuffle(self, x: list[Card]) -> None: ...


class Deck:
    """An ordered stock of cards. Shuffling takes the random source as an argument: the engine owns none."""

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[Card] = PACK) -> None:
        self._cards: list[Card] = list(cards)
        ensure_distinct(self._cards)

    @classmethod
    def shuffled(cls, rng: Shuffler) -> Deck:
        cards = list(PACK)
        rng.shuffle(cards)
        return cls(cards)

    def draw(self) -> Card:
        if not self._cards:
            raise CardError("the stock is empty")
        return self._cards.pop(0)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self._cards)


