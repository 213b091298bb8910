"""Events as records: immutable, equal only to the same event, with the JSON form journals store (version 1 of
every event as journals have always held it, so old journals replay; version 2 of the two events that record
a decision of the house rules)."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle

import pytest

from controller.core.hands import HandCategory
from controller.engine.events import (
    EVENT_TYPES,
    OLDER_FORMS,
    AnteTaken,
    BoxSettled,
    BuyingClosed,
    CardPlaced,
    DealerCardReplaced,
    DealerCardReplacedV1,
    DealerRevealed,
    DealerRevealedV1,
    Folded,
    StakesWithdrawn,
    event_from_payload,
)
from drivers.cards import parse_card

AS = parse_card("AS")
SETTLED = BoxSettled(3, "win", HandCategory.FLUSH, (HandCategory.FLUSH, HandCategory.ACE_KING), 6,
                     100, 1200, -100, 0, 0, 0, 1200)


def sample(cls):
    """An event of this type with a plausible value in every field."""
    values = {"int": 1, "str": "x", "bool": True, "Card": AS, "Card | None": AS, "HandCategory": HandCategory.FLUSH,
              "tuple[int, ...]": (1, 2), "tuple[Card, ...]": (AS,), "tuple[HandCategory, ...]": (HandCategory.FLUSH,)}
    return {field.name: values[field.type] for field in dataclasses.fields(cls)}


def test_journal_json_form_is_unchanged():
    """The exact dictionaries journals written before hold, so they still replay."""
    assert CardPlaced(AS, 0, True).payload() == {"type": "CardPlaced", "v": 1, "card": "AS", "to": 0,
                                                 "face_up": True}
    assert SETTLED.payload() == {
        "type": "BoxSettled", "v": 1, "box": 3, "outcome": "win", "best": "FLUSH", "paid": ["FLUSH", "ACE_KING"],
        "multiplier": 6, "ante": 100, "bet": 1200, "draw": -100, "insurance": 0, "bonus": 0, "buy_game": 0,
        "net": 1200,
    }
    assert BuyingClosed().payload() == {"type": "BuyingClosed", "v": 1}
    stored = json.loads('{"type": "DealerCardReplaced", "v": 1, "discarded": "KD", "card": "2C", "free": false}')
    assert event_from_payload(stored) == DealerCardReplacedV1(parse_card("KD"), parse_card("2C"), free=False)
    assert event_from_payload(stored).payload() == stored  # an old event keeps the form it was written in


def test_r_buy_1_r_buy_3_events_that_record_the_house_rules_decisions_are_version_2():
    """The reveal names the boxes that may buy the dealer a game; a replacement says whether he replaces again."""
    assert DealerRevealed(HandCategory.ACE_KING, False, (1, 3)).payload() == {
        "type": "DealerRevealed", "v": 2, "best": "ACE_KING", "qualified": False, "buyers": [1, 3]}
    assert DealerCardReplaced(parse_card("KD"), parse_card("KC"), free=False, again=True).payload() == {
        "type": "DealerCardReplaced", "v": 2, "discarded": "KD", "card": "KC", "free": False, "again": True}
    assert {(cls.KIND, cls.VERSION) for cls in OLDER_FORMS.values()} == {
        ("DealerRevealed", 1), ("DealerCardReplaced", 1)}
    assert event_from_payload({"type": "DealerRevealed", "v": 1, "best": "FLUSH", "qualified": True}) == \
        DealerRevealedV1(HandCategory.FLUSH, True)


@pytest.mark.parametrize("cls", [*EVENT_TYPES.values(), *OLDER_FORMS.values()], ids=lambda cls: cls.__name__)
def test_every_event_round_trips_through_json_copy_and_pickle(cls):
    values = sample(cls)
    event = cls(**values)
    assert event == cls(*values.values())
    assert {name: getattr(event, name) for name in values} == values
    assert event_from_payload(json.loads(json.dumps(event.payload()))) == event
    assert copy.deepcopy(event) == event and pickle.loads(pickle.dumps(event)) == event
    assert hash(copy.copy(event)) == hash(event)
    assert repr(event).startswith(f"{cls.__name__}(") and bool(event)
    with pytest.raises(TypeError):
        cls(*values.values(), 1)  # a wrong number of fields is refused, never a malformed event


def test_events_are_frozen():
    event = CardPlaced(AS, 2, False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.to = 3  # type: ignore[misc]
    # A name that is not a field is refused too (as a TypeError by Python 3.11's slotted frozen dataclasses).
    with pytest.raises((dataclasses.FrozenInstanceError, TypeError)):
        event.extra = 1  # type: ignore[attr-defined]
    assert event.to == 2


def test_an_event_equals_only_the_same_event():
    assert Folded(3) == Folded(3) and Folded(3) != Folded(4)
    assert Folded(3) != AnteTaken(3) and Folded(3) != StakesWithdrawn(3)  # same fields, other events
    assert len({Folded(3), AnteTaken(3), Folded(3)}) == 2
    with pytest.raises(TypeError):
        assert Folded(3) < Folded(4)
    assert repr(CardPlaced(AS, 0, True)) == "CardPlaced(card=Card(AS), to=0, face_up=True)"
    plain = (3,)  # a plain tuple holding the same values is not the event, from either side
    assert plain != Folded(3)
    assert not plain == Folded(3)  # noqa: SIM201
    assert not Folded(3) == plain  # noqa: SIM201
    assert Folded(3) != AnteTaken(3)


def test_every_event_and_every_older_form_has_its_applier():
    """replay reads any event a journal may hold: each type, current or older, is applied by a function of its own."""
    from controller.engine.apply import _APPLIERS

    assert set(_APPLIERS) == {*EVENT_TYPES.values(), *OLDER_FORMS.values()}
