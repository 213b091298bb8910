"""How the console writes cards and amounts: rank and suit symbol, chips grouped for the chosen language."""

from __future__ import annotations

from PySide6.QtCore import QLocale

from controller.core.cards import Card

SUIT_SYMBOLS = "♣♦♥♠"  # clubs, diamonds, hearts, spades: the order of Card.suit
RED_SUITS = (1, 2)


def card_face(card: Card) -> str:
    """`A♠`, `10♥`: what a dealer reads on a card."""
    rank = "10" if card.code[0] == "T" else card.code[0]
    return rank + SUIT_SYMBOLS[card.suit]


def is_red(card: Card) -> bool:
    return card.suit in RED_SUITS


def amount(value: int, locale: QLocale | None = None) -> str:
    """Chips with the language's digit grouping (`1,100` in English, `1 100` in Russian)."""
    return (locale or QLocale()).toString(int(value))


def signed_amount(value: int, locale: QLocale | None = None) -> str:
    text = amount(abs(value), locale)
    return ("+" if value > 0 else "−" if value < 0 else "") + text
