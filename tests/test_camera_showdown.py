"""The card-switch check: the camera's reading of each box at showdown against what the shoe dealt to it.

First the pure comparison (any deal, any switch, any card the camera could not read or find), then the hardware
simulator's layout camera read end to end: a switch at any box of any preset is found, and showdowns under hard
light raise no alarm.
"""

from __future__ import annotations

import shutil
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tables import one_quick

from drivers import showdown as found  # what a check finds: found.ShowdownCheck, its Difference and CardDifference
from drivers.cards import PACK, Card, parse_card
from drivers.showdown import DEALER, Spot, SpotReading, check_showdown, compare_showdown


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in text.split())


DEALT: dict[Spot, tuple[Card, ...]] = {
    1: _cards("AS KD 5C 5H TD"),
    2: _cards("2C 3C 4C 9H JS 8D"),  # bought a sixth card
    3: _cards("QH QS 7C 7D 6S"),
    DEALER: _cards("AH KH 2D 3S 9C"),
}


def _seen_as_dealt(dealt: Mapping[Spot, Sequence[Card]]) -> dict[Spot, SpotReading]:
    return {spot: SpotReading(tuple(reversed(cards))) for spot, cards in dealt.items()}


@st.composite
def deals(draw: st.DrawFn) -> dict[Spot, tuple[Card, ...]]:
    """A round's deal: 1 to 7 boxes of five or six cards, and the dealer's five, from one pack."""
    pack = list(draw(st.permutations(PACK)))
    dealt: dict[Spot, tuple[Card, ...]] = {}
    for box in range(1, draw(st.integers(1, 7)) + 1):
        count = draw(st.sampled_from((5, 6)))
        dealt[box], pack = tuple(pack[:count]), pack[count:]
    dealt[DEALER] = tuple(pack[:5])
    return dealt


# -- the comparison: every difference named, an unreadable card never a switch -------------------------------

# Each comparison draws EXAMPLES deals in the default run; its `_nightly` twin (marked slow, `make test-slow`) draws
# NIGHTLY of them through the same assertions.
EXAMPLES = 40
NIGHTLY = 100

@settings(max_examples=EXAMPLES, deadline=None)
@given(deals())
def test_switch_none_when_every_card_lies_where_the_shoe_dealt_it(dealt: dict[Spot, tuple[Card, ...]]) -> None:
    check = compare_showdown(_seen_as_dealt(dealt), dealt)
    assert check.matches and not check.switched and check == found.ShowdownCheck()


@pytest.mark.slow  # test_switch_none_when_every_card_lies_where_the_shoe_dealt_it on NIGHTLY deals
@settings(max_examples=NIGHTLY, deadline=None)
@given(deals())
def test_switch_none_when_every_card_lies_where_the_shoe_dealt_it_nightly(dealt: dict[Spot, tuple[Card, ...]]) -> None:
    test_switch_none_when_every_card_lies_where_the_shoe_dealt_it.hypothesis.inner_test(dealt)  # type: ignore[attr-defined]


@settings(max_examples=EXAMPLES, deadline=None)
@given(deals(), st.data())
def test_switch_a_card_from_outside_the_round_names_the_box_and_both_cards(dealt: dict[Spot, tuple[Card, ...]],
                                                                            data: st.DataObject) -> None:
    spot = data.draw(st.sampled_from(sorted(dealt, key=str)))
    position = data.draw(st.integers(0, len(dealt[spot]) - 1))
    in_play = {card for cards in dealt.values() for card in cards}
    stranger = data.draw(st.sampled_from([card for card in PACK if card not in in_play]))
    seen = _seen_as_dealt(dealt)
    on_spot = list(dealt[spot])
    replaced, on_spot[position] = on_spot[position], stranger
    seen[spot] = SpotReading(tuple(on_spot))
    check = compare_showdown(seen, dealt)
    assert check.switched and not check.ask_again
    assert check.differences == (found.CardDifference(spot, found.Difference.NOT_DEALT_HERE, stranger),
                                 found.CardDifference(spot, found.Difference.MISSING, replaced))


@pytest.mark.slow  # test_switch_a_card_from_outside_the_round_names_the_box_and_both_cards on NIGHTLY deals
@settings(max_examples=NIGHTLY, deadline=None)
@given(deals(), st.data())
def test_switch_a_card_from_outside_the_round_names_the_box_and_both_cards_nightly(
        dealt: dict[Spot, tuple[Card, ...]], data: st.DataObject) -> None:
    test_switch_a_card_from_outside_the_round_names_the_box_and_both_cards.hypothesis.inner_test(  # type: ignore[attr-defined]
        dealt, data)


def test_switch_two_boxes_trading_cards_names_where_each_was_dealt() -> None:
    seen = _seen_as_dealt(DEALT)
    seen[1] = SpotReading(_cards("AS KD 5C 5H QS"))
    seen[3] = SpotReading(_cards("QH TD 7C 7D 6S"))
    check = compare_showdown(seen, DEALT)
    assert check.differences == (
        found.CardDifference(1, found.Difference.NOT_DEALT_HERE, parse_card("QS"), dealt_to=3),
        found.CardDifference(1, found.Difference.MISSING, parse_card("TD")),
        found.CardDifference(3, found.Difference.NOT_DEALT_HERE, parse_card("TD"), dealt_to=1),
        found.CardDifference(3, found.Difference.MISSING, parse_card("QS")),
    )
    assert [d.describe() for d in check.differences[:2]] == [
        "box 1: QS is on the layout but the shoe dealt it to box 3",
        "box 1: TD, dealt by the shoe to this box, is not on the layout",
    ]


def test_switch_in_the_dealers_hand_is_named_so() -> None:
    seen = _seen_as_dealt(DEALT)
    seen[DEALER] = SpotReading(_cards("AH KH 2D 3S AC"))
    check = compare_showdown(seen, DEALT)
    assert [d.describe() for d in check.differences] == [
        "the dealer's hand: AC is on the layout but the shoe did not deal it this round",
        "the dealer's hand: 9C, dealt by the shoe to this box, is not on the layout",
    ]


@settings(max_examples=EXAMPLES, deadline=None)
@given(deals(), st.data())
def test_switch_never_for_a_card_the_camera_could_not_read_or_find(dealt: dict[Spot, tuple[Card, ...]],
                                                                  data: st.DataObject) -> None:
    """Any cards unreadable or not found, anywhere: their spots are asked again, never a switch."""
    seen: dict[Spot, SpotReading] = {}
    doubtful: set[Spot] = set()
    for spot, cards in dealt.items():
        kept = [card for card in cards if data.draw(st.booleans(), label=f"{spot} {card.code} read")]
        unreadable = data.draw(st.integers(0, len(cards) - len(kept)), label=f"{spot} unreadable")
        seen[spot] = SpotReading(tuple(kept), unreadable)
        if len(kept) < len(cards):
            doubtful.add(spot)
    check = compare_showdown(seen, dealt)
    assert not check.switched
    assert set(check.ask_again) == doubtful


@pytest.mark.slow  # test_switch_never_for_a_card_the_camera_could_not_read_or_find on NIGHTLY deals
@settings(max_examples=NIGHTLY, deadline=None)
@given(deals(), st.data())
def test_switch_never_for_a_card_the_camera_could_not_read_or_find_nightly(dealt: dict[Spot, tuple[Card, ...]],
                                                                          data: st.DataObject) -> None:
    test_switch_never_for_a_card_the_camera_could_not_read_or_find.hypothesis.inner_test(  # type: ignore[attr-defined]
        dealt, data)


def test_switch_seen_beside_an_unreadable_card_is_named_and_the_box_asked_again() -> None:
    seen = _seen_as_dealt(DEALT)
    seen[2] = SpotReading(_cards("2C 3C 4C 9H AD"), unreadable=1)
    check = compare_showdown(seen, DEALT)
    assert check.differences == (found.CardDifference(2, found.Difference.NOT_DEALT_HERE, parse_card("AD")),)
    assert check.ask_again == (2,)


# -- the check over successive readings ------------------------------------------------------------------------

class _Frames:
    """Stand-in for a camera over the layout: each reading in turn, and which spots each was asked for."""

    def __init__(self, *readings: Mapping[Spot, SpotReading]) -> None:
        self.readings = list(readings)
        self.asked: list[Collection[Spot] | None] = []

    def read(self, spots: Collection[Spot] | None) -> Mapping[Spot, SpotReading]:
        self.asked.append(None if spots is None else list(spots))
        reading = self.readings[min(len(self.asked), len(self.readings)) - 1]
        return reading if spots is None else {spot: reading[spot] for spot in spots}


def test_check_settles_on_the_first_reading_when_every_card_is_where_it_was_dealt() -> None:
    frames = _Frames(_seen_as_dealt(DEALT))
    assert check_showdown(frames.read, DEALT).matches
    assert frames.asked == [None]


def test_check_rereads_only_the_boxes_in_doubt_until_they_are_read() -> None:
    blurred = _seen_as_dealt(DEALT)
    blurred[3] = SpotReading(_cards("QH QS 7C 7D"), unreadable=1)
    frames = _Frames(blurred, _seen_as_dealt(DEALT))
    assert check_showdown(frames.read, DEALT).matches
    assert frames.asked == [None, [3]]


def test_check_reports_a_switch_only_when_a_second_reading_shows_it_too() -> None:
    switched = _seen_as_dealt(DEALT)
    switched[1] = SpotReading(_cards("AS KD 5C 5H TS"))
    frames = _Frames(switched, switched)
    check = check_showdown(frames.read, DEALT)
    assert check.switched and [d.card.code for d in check.differences] == ["TS", "TD"]
    assert frames.asked == [None, [1]]


def test_check_leaves_a_box_in_doubt_to_the_dealer_after_its_attempts() -> None:
    """A card that stays unreadable, or a difference that does not persist, ends as a question, not an alarm."""
    unreadable = _seen_as_dealt(DEALT)
    unreadable[2] = SpotReading(_cards("2C 3C 4C 9H JS"), unreadable=1)
    flicker = _seen_as_dealt(DEALT)
    flicker[2] = SpotReading(_cards("2C 3C 4C 9H JS 8H"))  # 8D misread once: a stand-in for a passing doubt
    frames = _Frames(flicker, unreadable, flicker)
    check = check_showdown(frames.read, DEALT, attempts=3)
    assert not check.switched and check.ask_again == (2,)
    assert frames.asked == [None, [2], [2]]


# -- the simulator's layout camera, read end to end ------------------------------------------------------------

cv2 = pytest.importorskip("cv2")
art = pytest.importorskip("hwsim.camera.art")
needs_art = pytest.mark.skipif(not art.THEME_DIR.is_dir() or shutil.which("rsvg-convert") is None,
                               reason="card art needs the Debian packages gnome-cards-data and librsvg2-bin")
THEME = "gnomangelo"  # a hold-out deck: never used while tuning
PRESET_BOXES = (4, 6, 7)  # the presets' tables: four-seat; classic, online, russian-club...; caribbean-stud


@pytest.fixture(scope="module")
def layout_recogniser(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from drivers.camera.layout import LAYOUT_DETECT_WIDTH
    from drivers.camera.recognise import Recogniser
    from drivers.camera.teach import collect_images, teach

    folder = tmp_path_factory.mktemp("teach-layout")
    art.export_teach_images(THEME, folder, "png")
    return Recogniser(teach(THEME, collect_images(folder)), detect_width=LAYOUT_DETECT_WIDTH)


def _check_layout(camera, recogniser) -> found.ShowdownCheck:  # type: ignore[no-untyped-def]
    from drivers.camera.layout import LayoutReader

    reader = LayoutReader(recogniser, camera.zones)
    return check_showdown(lambda spots: reader.read(camera.photo(), spots), camera.layout.spots())


def test_preset_boxes_are_the_presets_tables() -> None:
    import re

    presets = Path(__file__).resolve().parents[1].glob("controller/core/presets/*.toml")
    boxes = {int(re.search(r"^boxes = (\d+)$", path.read_text(encoding="utf-8"), re.M).group(1))  # type: ignore[union-attr]
             for path in presets}
    assert boxes == set(PRESET_BOXES)


@needs_art
def test_layout_camera_shows_each_card_in_its_box_zone(layout_recogniser) -> None:  # type: ignore[no-untyped-def]
    from hwsim.camera.layout import LayoutCamera, ShowdownLayout

    from drivers.camera.layout import LayoutReader

    rng = np.random.default_rng(2)
    camera = LayoutCamera(THEME, ShowdownLayout.dealt(rng, 7, bought=3), boxes=7, seed=2)
    seen = LayoutReader(layout_recogniser, camera.zones).read(camera.photo())
    for spot, cards in camera.on_layout().items():
        assert set(seen[spot].cards) <= set(cards)  # every card read is one lying in that box
        assert len(seen[spot].cards) + seen[spot].unreadable == len(cards)


@needs_art
@pytest.mark.parametrize("boxes", one_quick(PRESET_BOXES, 4))
def test_switch_at_any_box_of_any_preset_is_found(layout_recogniser, boxes: int) -> None:  # type: ignore[no-untyped-def]
    from hwsim.camera.layout import LayoutCamera, ShowdownLayout

    rng = np.random.default_rng(boxes)
    layout = ShowdownLayout.dealt(rng, boxes, bought=1)
    in_play = {card for cards in layout.spots().values() for card in cards}
    strangers = [card for card in PACK if card not in in_play]
    for number, spot in enumerate([*range(1, boxes + 1), DEALER]):
        camera = LayoutCamera(THEME, layout, boxes, seed=10 * boxes + number)
        position = number % len(layout.spots()[spot])
        replaced, stranger = layout.spots()[spot][position], strangers[number]
        camera.switch(spot, position, stranger)
        check = _check_layout(camera, layout_recogniser)
        assert check.differences == (found.CardDifference(spot, found.Difference.NOT_DEALT_HERE, stranger),
                                     found.CardDifference(spot, found.Difference.MISSING, replaced)), spot


def _no_false_alarms(recogniser, showdowns: int, seed: int) -> None:  # type: ignore[no-untyped-def]
    from hwsim.camera.layout import LayoutCamera, ShowdownLayout

    rng = np.random.default_rng(seed)
    for number in range(showdowns):
        boxes = PRESET_BOXES[number % len(PRESET_BOXES)]
        camera = LayoutCamera(THEME, ShowdownLayout.dealt(rng, boxes, bought=number % 3), boxes,
                              seed=seed + number, condition="hard")
        check = _check_layout(camera, recogniser)
        assert not check.switched, [d.describe() for d in check.differences]


@needs_art
@pytest.mark.slow  # a long computation; the nightly run (`make test-slow`) keeps it
def test_switch_alarm_never_raised_without_a_switch_under_hard_light(layout_recogniser) -> None:  # type: ignore[no-untyped-def]
    _no_false_alarms(layout_recogniser, showdowns=12, seed=100)


@needs_art
@pytest.mark.slow
@pytest.mark.timeout(3600)  # a thousand 1920x1080 layouts rendered and read: some ten minutes on one core
def test_switch_alarm_never_raised_in_a_thousand_showdowns_under_hard_light(layout_recogniser) -> None:  # type: ignore[no-untyped-def]
    _no_false_alarms(layout_recogniser, showdowns=1000, seed=10_000)


@needs_art
def test_layout_camera_frames_are_read_by_the_camera_source(layout_recogniser) -> None:  # type: ignore[no-untyped-def]
    """The layout camera is a capture device like any other: the camera source reports each card turned up
    once (a card it cannot read as unreadable, never as another card)."""
    from hwsim.camera.layout import LayoutCamera, ShowdownLayout

    from drivers.base import CardEvent, StatusEvent
    from drivers.camera.source import CameraSource

    rng = np.random.default_rng(4)
    # One box's five cards on a two-box table: each card turned up is eight frames of the camera's, read whole.
    layout = ShowdownLayout({1: ShowdownLayout.dealt(rng, 2).boxes[1]}, dealer=())
    camera = LayoutCamera(THEME, layout, boxes=2, seed=4, size=(1280, 720), turn_frames=8, hold_frames=8)
    events = []
    with CameraSource("camera+sim://layout", camera, layout_recogniser, live=False) as source:
        while not isinstance(event := source.recv(timeout=None), StatusEvent):
            assert isinstance(event, CardEvent)
            events.append(event)
    turned_up = [card for cards in layout.spots().values() for card in cards]
    assert len(events) == len(turned_up)
    assert all(event.card in (None, card) for event, card in zip(events, turned_up, strict=True))
