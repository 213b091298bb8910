"""Test helper: sweeping the screen for English. Every string a person can read on a visible widget (its text,
tooltip, title, items, headers, placeholder, accessible name) is split into words; a word in Latin letters is
English unless it is a name or a code a person reads as a code."""

from __future__ import annotations

import re

from console_kit import texts_of
from PySide6.QtWidgets import QApplication, QWidget

# What may stand in Latin letters on a Russian screen: names (presets, the table, players, the staff, the
# language switch), codes a person reads as codes (a fault's, a card's, a clause's, a key's), and the words of
# the shoe's protocol and of the keyboard.
NAMES = {"classic", "online", "progressive", "four-seat", "russian-club", "caribbean-stud", "four", "seat",
         "russian", "club", "caribbean", "stud", "rptable", "vera", "anna", "ivan", "root", "English"}
CODE_WORDS = {"PIN", "UNLOCK", "RESYNC", "USB", "URL", "UTC", "Enter", "Esc", "OFFLINE", "CLOCK", "STORAGE", "OK"}
ALLOWED = frozenset(NAMES | CODE_WORDS)
NOT_WORDS = re.compile(
    r"[a-z][a-z0-9+.-]*://\S*"  # a card source's address
    r"|(?<![\w.])/[\w./-]+"  # a file or a device (/dev/ttyUSB0)
    r"|(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[CDHS](?![A-Za-z0-9])"  # a card code
    r"|\bR-[A-Z]+-\d+\b|\b[FEPT]\d+\b"  # a clause, a fault or a key, a device's code, a player, a table
    r"|\b[A-Z]+(?:_[A-Z]+)+\b"  # a fault's code (SEQ_GAP)
    r"|\b[A-Za-z]\b")  # a key (S, X) or a rank (J, Q, K, A)
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")


_ENGLISH_IN: dict[str, tuple[str, ...]] = {}  # a text's English words, found once: a sweep after every press
# reads the same few hundred texts again and again


def english_in(text: str) -> list[str]:
    """The words of `text` that read as English."""
    found = _ENGLISH_IN.get(text)
    if found is None:
        found = _ENGLISH_IN[text] = tuple(w for w in LATIN_WORD.findall(NOT_WORDS.sub(" ", text)) if w not in ALLOWED)
    return list(found)


def _where(widget: QWidget, where: str, text: str) -> str:
    return f"{type(widget).__name__}:{widget.objectName()}.{where}:{text[:30]}"


def visible_texts() -> dict[str, str]:
    """Every string a person can read on a visible widget now, by where it is."""
    return {_where(widget, where, text): text
            for widget in QApplication.allWidgets() if widget.isVisible()
            for where, text in texts_of(widget) if text}


def assert_russian(where: str) -> None:
    """No English on any visible widget now."""
    QApplication.processEvents()
    left = {_where(widget, place, text): text  # where a text is, said only of the English ones
            for widget in QApplication.allWidgets() if widget.isVisible()
            for place, text in texts_of(widget) if text and english_in(text)}
    assert not left, f"English on screen at {where}: " + "; ".join(f"{k} = {t!r}" for k, t in left.items())
