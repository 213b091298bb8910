"""The table's layout at showdown, photographed: each box's cards and the dealer's face up, a switch on demand.

`ShowdownLayout` is what lies face up on the table (each box's cards and the dealer's, as the table's state has
them). `LayoutCamera` photographs it as a camera over the table would: the cards are turned up one by one,
then lie still. It reads like `cv2.VideoCapture` (`read() -> (ok, frame)`), so the camera source reads its
frames as any capture device's; `zones` gives each spot's area in those frames, for sorting the cards read into
boxes. `switch(spot, position, card)` puts another card in a card's place, `remove(spot, position)` takes one
away, from the next frame on.

The layout on the table plane: the boxes side by side along the players' edge, box 1 on the dealer's left (the
right of the frame, the camera looking from the dealer's side), each box's cards in two columns of up to three;
the dealer's cards in a row at the top. Each card lies a little askew, as a dealer places it. What it does not
model: cards overlapping, a hand over the layout, cards face down, chips.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from drivers.cards import PACK, Card
from drivers.showdown import DEALER, Spot
from hwsim.camera.art import CardArt, load_deck
from hwsim.camera.scene import CONDITIONS, CameraLook, Laid, develop, make_look

LAYOUT_SIZE = (1920, 1080)  # a camera over a whole layout needs more pixels than one over a few cards
CARD_WIDTH = 100  # at LAYOUT_SIZE, at the most; fewer pixels when many boxes share the table's width
COLUMNS, ROWS = 2, 3  # a box's cards (six at the most: five and a bought one)
GAP = 0.14  # between cards of a box, of the card's width
JITTER = (4.0, 4.0)  # pixels, degrees: how far from its place a dealer lays a card


@dataclass(frozen=True)
class ShowdownLayout:
    """What lies face up at showdown: the cards of each box (numbered from 1) and the dealer's."""

    boxes: Mapping[int, Sequence[Card]]
    dealer: Sequence[Card]

    def spots(self) -> dict[Spot, tuple[Card, ...]]:
        spots: dict[Spot, tuple[Card, ...]] = {box: tuple(cards) for box, cards in self.boxes.items()}
        spots[DEALER] = tuple(self.dealer)
        return spots

    @classmethod
    def dealt(cls, rng: np.random.Generator, boxes: int, bought: int = 0) -> ShowdownLayout:
        """A round dealt from a shuffled pack: five cards to each box and the dealer, a sixth to `bought`
        boxes (those that bought a card)."""
        pack = [PACK[i] for i in rng.permutation(len(PACK))]
        buyers = set(rng.choice(np.arange(1, boxes + 1), size=min(bought, boxes), replace=False).tolist())
        hands = {box: [pack.pop() for _ in range(5 + (box in buyers))] for box in range(1, boxes + 1)}
        return cls(hands, [pack.pop() for _ in range(5)])


@dataclass
class LayoutCamera:
    """Frames of the layout as its cards are turned up and lie still; ground truth beside them."""

    theme: str
    layout: ShowdownLayout
    boxes: int  # the table's boxes (the preset's), whether played or not
    seed: int = 0
    condition: str = "normal"
    size: tuple[int, int] = LAYOUT_SIZE
    turn_frames: int = 2  # frames between two cards turned up
    hold_frames: int = 30  # frames with every card up, before the feed ends
    art: Mapping[Card, CardArt] | None = None  # the theme's faces, loaded already (else loaded here)
    _switched: dict[tuple[Spot, int], Card | None] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = np.random.default_rng(self.seed)
        self._deck = self.art if self.art is not None else load_deck(self.theme)
        self._condition = CONDITIONS[self.condition]
        self._look: CameraLook = make_look(self._rng, self._condition, self.size)
        height, width = next(iter(self._deck.values())).rgba.shape[:2]
        self._places, self._zones = _places(self.layout, self.boxes, self.size, height / width, self._rng)
        self._order = [(spot, position) for spot, cards in self.layout.spots().items()
                       for position in range(len(cards))]
        self._frame = 0
        self._open = True
        # The cards last laid, and the table lit with them: frames of an unchanged layout differ only by the
        # camera's faults, and a card turned up is laid on the cards already there.
        self._laid: tuple[tuple[tuple[Spot, int, Card], ...], Laid] = ((), Laid.bare(self._look))
        self._lit: np.ndarray | None = None  # the lit table of the cards in self._laid

    @property
    def zones(self) -> dict[Spot, np.ndarray]:
        """Each spot's area in the frames: a polygon (4, 2) in frame pixels."""
        return {spot: cv2.perspectiveTransform(zone[None], self._look.homography)[0]
                for spot, zone in self._zones.items()}

    @property
    def all_up_frame(self) -> int:
        """The number of the first frame (from 0) in which every card lies face up."""
        return (len(self._order) - 1) * self.turn_frames

    def on_layout(self) -> dict[Spot, tuple[Card, ...]]:
        """What lies on each spot now, switches included."""
        spots = self.layout.spots()
        return {spot: tuple(card for position in range(len(cards))
                            if (card := self._switched.get((spot, position), cards[position])) is not None)
                for spot, cards in spots.items()}

    def switch(self, spot: Spot, position: int, card: Card) -> None:
        """From the next frame on, `card` lies in the place of the spot's card at `position` (from 0)."""
        self._switched[(spot, position)] = card

    def remove(self, spot: Spot, position: int) -> None:
        """From the next frame on, the spot's card at `position` is gone."""
        self._switched[(spot, position)] = None

    def photo(self, turned_up: int | None = None) -> np.ndarray:
        """A frame of the layout with the first `turned_up` cards face up (all of them by default)."""
        shown = self._order if turned_up is None else self._order[:turned_up]
        spots = self.layout.spots()
        lying = tuple((spot, position, card) for spot, position in shown
                      if (card := self._switched.get((spot, position), spots[spot][position])) is not None)
        if self._lit is None or self._laid[0] != lying:
            laid_key, laid = self._laid
            if lying[:len(laid_key)] != laid_key:
                laid_key, laid = (), Laid.bare(self._look)
            laid = laid.with_cards([(self._deck[card], self._places[(spot, position)])
                                    for spot, position, card in lying[len(laid_key):]])
            self._laid, self._lit = (lying, laid), laid.lit()
        return develop(self._lit, self._rng, self._condition)

    # -- the capture device's interface (cv2.VideoCapture's) ------------------------------------------------

    def isOpened(self) -> bool:
        return self._open

    def read(self) -> tuple[bool, np.ndarray | None]:
        if not self._open or self._frame > self.all_up_frame + self.hold_frames:
            return False, None
        turned_up = min(len(self._order), 1 + self._frame // self.turn_frames)
        self._frame += 1
        return True, self.photo(turned_up)

    def release(self) -> None:
        self._open = False


def _places(layout: ShowdownLayout, boxes: int, size: tuple[int, int], aspect: float,
            rng: np.random.Generator) -> tuple[dict[tuple[Spot, int], np.ndarray], dict[Spot, np.ndarray]]:
    """Where each card lies on the table plane (its corners, top-left of the face first), and each spot's zone."""
    width, height = size
    scale = width / LAYOUT_SIZE[0]
    margin = 0.04 * width
    box_width = (width - 2 * margin) / boxes
    card_width = min(CARD_WIDTH * scale, box_width / (COLUMNS + (COLUMNS + 1) * GAP))
    card_height = card_width * aspect
    step_x, step_y = card_width * (1 + GAP), card_height * (1 + GAP)
    places: dict[tuple[Spot, int], np.ndarray] = {}
    zones: dict[Spot, np.ndarray] = {}
    box_top = height - margin - ROWS * step_y
    for box in range(1, boxes + 1):
        # Box 1 on the dealer's left: the right of the frame. The outer boxes lie higher, round the table's arc.
        centre_x = width - margin - (box - 0.5) * box_width
        lift = 0.12 * height * (2 * (box - 0.5) / boxes - 1) ** 2
        left, top = centre_x - COLUMNS * step_x / 2, box_top - lift
        zones[box] = _rectangle(left - GAP * card_width / 2, top - GAP * card_height / 2,
                                COLUMNS * step_x, ROWS * step_y)
        for position in range(len(layout.boxes.get(box, ()))):
            row, column = divmod(position, COLUMNS)
            places[(box, position)] = _card(left + (column + 0.5) * step_x, top + (row + 0.5) * step_y,
                                            card_width, card_height, rng)
    dealer = len(layout.dealer)
    left, top = width / 2 - max(dealer, 5) * step_x / 2, margin
    zones[DEALER] = _rectangle(left - GAP * card_width / 2, top - GAP * card_height / 2, max(dealer, 5) * step_x,
                               step_y)
    for position in range(dealer):
        places[(DEALER, position)] = _card(left + (position + 0.5) * step_x, top + step_y / 2, card_width,
                                           card_height, rng)
    return places, zones


def _card(x: float, y: float, width: float, height: float, rng: np.random.Generator) -> np.ndarray:
    """A card's corners centred near (x, y), a little askew; the top-left of its face first."""
    x, y = x + rng.uniform(-JITTER[0], JITTER[0]), y + rng.uniform(-JITTER[0], JITTER[0])
    theta = np.deg2rad(rng.uniform(-JITTER[1], JITTER[1]))
    half = np.float32([[-width / 2, -height / 2], [width / 2, -height / 2], [width / 2, height / 2],
                       [-width / 2, height / 2]])
    rotation = np.float32([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])
    return (half @ rotation.T + np.float32([x, y])).astype(np.float32)


def _rectangle(left: float, top: float, width: float, height: float) -> np.ndarray:
    return np.float32([[left, top], [left + width, top], [left + width, top + height], [left, top + height]])
