"""What the camera's reading of a showdown means for the table: the fault it raises, if any, in words for the
dealer and the pit boss; and the shoe's record it is compared with (controller.table.showdown reads the
layout, the table controller journals the reading and the fault)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from controller.engine import RoundState
from drivers.cards import Card
from drivers.showdown import (
    DEALER,
    CardDifference,
    Difference,
    ShowdownCheck,
    Spot,
    spot_name,
    spot_order,
)

MAX_SHOWINGS = 3  # times the dealer shows a spot the camera cannot read before a pit boss compares it
WAITING = ("The camera has not yet seen every box's cards where the shoe dealt them: turn them up and show the "
           "layout to the camera (Reveal).")


def shoe_record(state: RoundState) -> dict[Spot, tuple[Card, ...]]:
    """What the shoe dealt to each spot turned up at showdown: every box still in play (a folded box's cards went
    to the discards), and the dealer."""
    dealt: dict[Spot, tuple[Card, ...]] = {number: tuple(box.cards) for number, box in sorted(state.boxes.items())
                                           if not box.folded and box.cards}
    dealt[DEALER] = tuple(state.dealer)
    return dealt


@dataclass(frozen=True, slots=True)
class ShowdownFault:
    code: str
    text: str


def fault_of(check: ShowdownCheck, showing: int, failure: str | None = None) -> ShowdownFault | None:
    """The fault a reading of the layout raises, the `showing`-th of its round (from 1); None: no fault."""
    if failure is not None:
        return ShowdownFault("CAMERA", f"The camera over the layout could not read the showdown: {failure}. A pit "
                                       "boss must compare the cards on the layout with the shoe's record.")
    if check.switched:
        return ShowdownFault("CARD_SWITCH", switch_text(check.differences))
    if check.ask_again and showing >= MAX_SHOWINGS:
        spots = ", ".join(spot_name(spot) for spot in check.ask_again)
        return ShowdownFault("LAYOUT_UNREAD", f"The camera could not read {spots} after {showing} showings. A pit "
                                              "boss must compare the cards there with the shoe's record.")
    return None


def switch_text(differences: Sequence[CardDifference]) -> str:
    """A card switch in words for the dealer and the pit boss: each box, the card on it and the card the shoe
    dealt there."""
    parts = []
    for spot in sorted({d.spot for d in differences}, key=spot_order):
        here = [d for d in differences if d.spot == spot]
        strangers = [d for d in here if d.kind is Difference.NOT_DEALT_HERE]
        missing = [d for d in here if d.kind is Difference.MISSING]
        if len(strangers) == 1 and len(missing) == 1:
            stranger = strangers[0]
            origin = (f"the shoe did not deal {stranger.card.code} this round" if stranger.dealt_to is None else
                      f"the shoe dealt {stranger.card.code} to {spot_name(stranger.dealt_to)}")
            parts.append(f"{spot_name(spot)} holds {stranger.card.code} in place of {missing[0].card.code}, which the "
                         f"shoe dealt there ({origin})")
        else:
            parts.extend(d.describe() for d in here)
    return (f"Card switch: {'; '.join(parts)}. Stop the round: a pit boss must compare the layout with the shoe's "
            "record.")
