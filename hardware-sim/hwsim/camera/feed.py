"""A simulated camera over the layout: frames in which dealt cards slide in, settle, and are cleared.

`SimCameraFeed` reads like `cv2.VideoCapture` (`read() -> (ok, frame)`), so the camera source treats it as
any other capture device. The shuffled pack is dealt in rounds: each card slides in from the shoe's side
over a few frames, lies still for a while, and at the end of the round the layout is cleared. `dealt` lists
the cards in the order they settled, for tests to compare with what the source reported.

What it does not model: cards left lying on each other (a card sliding in does pass over those already there,
as a pitched card does), hands over the layout, cards face down.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from drivers.cards import Card
from hwsim.camera.art import load_deck
from hwsim.camera.scene import CONDITIONS, Laid, card_quad, develop, make_look, random_layout


@dataclass
class FeedPlan:
    """How a round looks over time, in frames."""

    cards_per_round: int = 6
    arrive_frames: int = 5  # sliding from the shoe to its place
    settle_frames: int = 12  # lying still before the next card comes
    clear_frames: int = 6  # empty layout between rounds


@dataclass
class SimCameraFeed:
    theme: str
    seed: int = 0
    condition: str = "normal"
    size: tuple[int, int] = (1280, 720)
    plan: FeedPlan = field(default_factory=FeedPlan)
    rounds: int | None = None  # None: until the pack runs out

    def __post_init__(self) -> None:
        self._rng = np.random.default_rng(self.seed)
        self._deck = load_deck(self.theme)
        self._condition = CONDITIONS[self.condition]
        scale = self.size[0] / 1280
        self._card_width = float(self._rng.uniform(*self._condition.card_width)) * scale
        self._look = make_look(self._rng, self._condition, self.size)
        cards = list(self._deck)
        self._pack = [cards[i] for i in self._rng.permutation(len(cards))]
        self.dealt: list[Card] = []
        self._frames = self._timeline()
        self._open = True

    def isOpened(self) -> bool:
        return self._open

    def read(self) -> tuple[bool, np.ndarray | None]:
        frame = next(self._frames, None)
        if frame is None:
            return False, None
        return True, frame

    def release(self) -> None:
        self._open = False

    def _timeline(self):  # type: ignore[no-untyped-def]
        plan, width = self.plan, self.size[0]
        shoe = np.float32([width * 0.05, self.size[1] * 0.1])
        bare = Laid.bare(self._look)
        bare_lit = bare.lit()
        round_number = 0
        while self._pack and (self.rounds is None or round_number < self.rounds):
            round_number += 1
            count = min(plan.cards_per_round, len(self._pack))
            layout = random_layout(self._rng, count, self._card_width, self.size)
            # The cards lying still are laid and lit once, not once a frame: only the camera's faults differ
            # from one frame of them to the next.
            on_table = bare
            for x, y, angle in layout:
                art = self._deck[self._pack.pop()]
                for step in range(1, plan.arrive_frames + 1):
                    t = step / plan.arrive_frames
                    position = shoe + (np.float32([x, y]) - shoe) * t
                    moving = card_quad(art, float(position[0]), float(position[1]), angle - 90 * (1 - t),
                                       self._card_width)
                    yield self._photo(on_table.with_cards([(art, moving)]).lit())
                on_table = on_table.with_cards([(art, card_quad(art, x, y, angle, self._card_width))])
                self.dealt.append(art.card)
                lit = on_table.lit()
                for _ in range(plan.settle_frames):
                    yield self._photo(lit)
            for _ in range(plan.clear_frames):
                yield self._photo(bare_lit)

    def _photo(self, lit: np.ndarray) -> np.ndarray:
        return develop(lit, self._rng, self._condition)
