"""How the console writes cards, amounts and percentages: rank and suit symbol, chips grouped and decimals
marked as the chosen language does (`3.25` in English, `3,25` in Russian), a true minus sign."""

from __future__ import annotations

from PySide6.QtCore import QLocale

from drivers.cards import Card

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


def decimal(value: float, digits: int = 2) -> str:
    """`0.25` with the language's decimal mark (`0,25` in Russian): hours, rates."""
    return percent(value, digits)


def percent(value: float, digits: int = 2, *, signed: bool = False, locale: QLocale | None = None) -> str:
    """`3.25`, `−3.25` (`+3.25` when `signed`), with the language's decimal mark; the caller writes the `%`."""
    text = (locale or QLocale()).toString(float(abs(value)), "f", digits)  # an int sum (of nothing) too
    negative = round(value, digits) < 0
    return ("−" if negative else "+" if signed and round(value, digits) > 0 else "") + text
