"""Events as records: immutable, equal only to the same event, the same JSON form journals have always stored
(so old journals replay), and `make` builds exactly what the constructor builds."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import json
import pickle

import pytest

from controller.core.cards import parse_card
from controller.core.hands import HandCategory
from controller.engine.events import (
    EVENT_TYPES,
    AnteTaken,
    BoxSettled,
    BuyingClosed,
    CardPlaced,
    DealerCardReplaced,
    Folded,
    StakesWithdrawn,
    event_from_dict,
)

AS = parse_card("AS")
SETTLED = BoxSettled(3, "win", HandCategory.FLUSH, (HandCategory.FLUSH, HandCategory.ACE_KING), 6,
                     100, 1200, -100, 0, 0, 0, 1200)


def sample(cls):
    """An event of this type with a plausible value in every field."""
    values = {"int": 1, "str": "x", "bool": True, "Card": AS, "Card | None": AS, "HandCategory": HandCategory.FLUSH,
              "tuple[int, ...]": (1, 2), "tuple[Card, ...]": (AS,), "tuple[HandCategory, ...]": (HandCategory.FLUSH,)}
    annotations = inspect.get_annotations(cls)
    return [values[annotations[name]] for name in cls.field_names]


def test_journal_json_form_is_unchanged():
    """The exact dictionaries journals written before hold, so they still replay."""
    assert CardPlaced(AS, 0, True).to_dict() == {"type": "CardPlaced", "v": 1, "card": "AS", "to": 0,
                                                 "face_up": True}
    assert SETTLED.to_dict() == {
        "type": "BoxSettled", "v": 1, "box": 3, "outcome": "win", "best": "FLUSH", "paid": ["FLUSH", "ACE_KING"],
        "multiplier": 6, "ante": 100, "bet": 1200, "draw": -100, "insurance": 0, "bonus": 0, "buy_game": 0,
        "net": 1200,
    }
    assert BuyingClosed().to_dict() == {"type": "BuyingClosed", "v": 1}
    stored = json.loads('{"type": "DealerCardReplaced", "v": 1, "discarded": "KD", "card": "2C", "free": false}')
    assert event_from_dict(stored) == DealerCardReplaced(parse_card("KD"), parse_card("2C"), free=False)


@pytest.mark.parametrize("name", sorted(EVENT_TYPES))
def test_every_event_round_trips_and_make_equals_the_constructor(name):
    cls = EVENT_TYPES[name]
    values = sample(cls)
    event = cls(*values)
    assert cls.make(*values) == event == cls(**dict(zip(cls.field_names, values, strict=True)))
    assert [getattr(event, f) for f in cls.field_names] == values
    assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event
    assert copy.deepcopy(event) == event and pickle.loads(pickle.dumps(event)) == event
    assert hash(copy.copy(event)) == hash(event)
    assert repr(event).startswith(f"{name}(") and bool(event)
    with pytest.raises(TypeError):
        cls.make(*values, 1)  # a wrong number of fields is refused, never a malformed event


def test_events_are_frozen():
    event = CardPlaced(AS, 2, False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.to = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
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
