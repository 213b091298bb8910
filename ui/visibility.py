"""Which cards the dealer's screen may show now: a box's cards after the showdown, the dealer's hole cards after
his reveal, his fifth card from the deal (R-DEAL-1). Everything else is drawn face down, and any engine text
naming a hidden card, or saying what a face-down hand holds, is redacted before it reaches a widget."""

from __future__ import annotations

import re
from collections.abc import Collection

from controller.core.hands import HandCategory
from controller.engine import DEALER_UP_CARD, Phase, RoundState
from drivers.cards import Card


def dealer_revealed(state: RoundState | None) -> bool:
    """The dealer has shown his hand (a voided round never reaches a showdown)."""
    if state is None:
        return False
    if state.phase in (Phase.BUYING, Phase.DEALER_DRAW):
        return True
    return state.phase is Phase.CLOSED and not state.voided


def dealer_cards(state: RoundState) -> list[Card | None]:
    """The dealer's cards in deal order, None where a card is face down."""
    shown = dealer_revealed(state)
    return [card if shown or i == DEALER_UP_CARD else None for i, card in enumerate(state.dealer)]


def box_cards(state: RoundState, number: int) -> list[Card | None]:
    """A box's cards in deal order, None where face down: all public at the showdown, except a folded box's
    (its cards went to the discards unseen)."""
    box = state.boxes[number]
    shown = dealer_revealed(state) and not box.folded
    return [card if shown else None for card in box.cards]


def hidden_cards(state: RoundState | None, *, turned_up: bool = False) -> set[Card]:
    """Every card in play this round that the screen must not name (`turned_up`: the cards of the showdown lie
    face up for the camera over the layout, the dealer's and every box's still in play)."""
    if state is None:
        return set()
    hidden = {c for c, shown in zip(state.dealer, dealer_cards(state), strict=True) if shown is None}
    for number, box in state.boxes.items():
        hidden |= {c for c, shown in zip(box.cards, box_cards(state, number), strict=True) if shown is None}
    if turned_up:
        hidden -= set(state.dealer) | {c for box in state.boxes.values() if not box.folded for c in box.cards}
    # A folded or exchanged card stays unseen; the dealer's replaced card (R-BUY-1) was shown before it went.
    hidden |= set(state.discards) - set(state.dealer_discards)
    return hidden


# Any token that reads as a card code: rank (2-9, T or 10, J, Q, K, A) and suit letter, standing alone.
_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])([CDHS])(?![A-Za-z0-9])", re.IGNORECASE)


def hidden_hands(state: RoundState | None, *, turned_up: bool = False) -> set[int]:
    """The boxes whose hand is not public yet: what they hold must not be told (`turned_up`: as hidden_cards)."""
    if state is None:
        return set()
    return {number for number, box in state.boxes.items()
            if box.cards and None in box_cards(state, number) and not (turned_up and not box.folded)}


# The engine says what a hand holds as "box 4 holds no game"; its category names, longest first.
_HAND_WORDS = "|".join(sorted((c.name.replace("_", " ").lower() for c in HandCategory), key=len, reverse=True))
_HOLDS = re.compile(rf"\b(box (\d+) holds) (?:an? )?({_HAND_WORDS})\b", re.IGNORECASE)


def redact(text: str, hidden: Collection[Card], hands: Collection[int] = ()) -> str:
    """The text with every hidden card's code (`QS`, `10S`) replaced by `??`, and what a box of `hands` holds
    ("box 4 holds no game") by `??` too."""
    if not text:
        return text
    if hands:
        text = _HOLDS.sub(lambda m: f"{m.group(1)} ??" if int(m.group(2)) in hands else m.group(0), text)
    if not hidden:
        return text
    codes = {c.code for c in hidden}

    def replace(match: re.Match[str]) -> str:
        rank = match.group(1).upper()
        code = ("T" if rank == "10" else rank) + match.group(2).upper()
        return "??" if code in codes else match.group(0)

    return _CARD_TOKEN.sub(replace, text)
