"""R-BUY-1, R-BUY-3: journals written before DealerRevealed and DealerCardReplaced recorded the house rules'
decisions (main at cb3386e) replay to the rounds they played. Each version-1 event is given the decision the
machine's own ruling makes on the state it is applied to, and that decision is the one the journal shows the
table took: buying opened exactly when the boxes went on to choose, and the dealer replaced his highest card
again exactly when another replacement followed."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from controller.core.rules import HouseRules, rules_from_mapping
from controller.engine import Event, apply, event_from_dict, legacy, new_round, replay
from controller.engine.events import (
    EVENT_TYPES,
    BoxSettled,
    DealerCardReplaced,
    DealerCardReplacedV1,
    DealerDrawEnded,
    DealerRevealed,
    DealerRevealedV1,
    RoundClosed,
)
from controller.table.journal import Journal

DATA = Path(__file__).parent / "data" / "journals-main-cb3386e"
JOURNALS = sorted(p.name.removesuffix(".journal.gz") for p in DATA.glob("*.journal.gz"))


def rounds_of(name: str, folder: Path) -> list[tuple[HouseRules, list[Event]]]:
    """Each round of the journal `name`: the house rules it was played under and its engine events."""
    path = folder / f"{name}.journal"
    path.write_bytes(gzip.decompress((DATA / f"{name}.journal.gz").read_bytes()))
    rounds: dict[str, tuple[HouseRules, list[Event]]] = {}
    rules: HouseRules | None = None
    with Journal(path, readonly=True) as journal:
        for entry in journal.entries():
            if entry.kind == "table.rules":
                rules = rules_from_mapping(entry.payload["rules"])
            elif entry.kind in EVENT_TYPES and entry.round_id is not None:
                assert rules is not None
                rounds.setdefault(entry.round_id, (rules, []))[1].append(event_from_dict(entry.payload))
    return list(rounds.values())


def upgraded_rounds(name: str, folder: Path) -> list[list[Event]]:
    """Each round of the journal `name` with its version-1 events upgraded as replay upgrades them, checking
    that each decision made again is the one the journal shows the table took, and that the old events and
    the upgraded ones make one round."""
    out = []
    for rules, events in rounds_of(name, folder):
        state = new_round(rules)
        upgraded: list[Event] = []
        for event, following in zip(events, [*events[1:], None], strict=True):
            if isinstance(event, DealerRevealedV1):
                revealed = legacy.dealer_revealed(state, event)
                settled_at_once = isinstance(following, BoxSettled | RoundClosed)
                assert bool(revealed.buyers) != settled_at_once
                upgraded.append(revealed)
            elif isinstance(event, DealerCardReplacedV1):
                replaced = legacy.dealer_card_replaced(state, event)
                assert replaced.again == (not isinstance(following, DealerDrawEnded))
                upgraded.append(replaced)
            else:
                upgraded.append(event)
            apply(state, event)
        assert replay(rules, upgraded) == state
        if isinstance(events[-1], RoundClosed):
            assert state.house_net == events[-1].house_net
        out.append(upgraded)
    return out


@pytest.mark.parametrize("name", JOURNALS)
def test_r_buy_1_r_buy_3_a_journal_from_before_version_2_replays_with_the_decisions_it_played(
        tmp_path: Path, name: str) -> None:
    rounds = upgraded_rounds(name, tmp_path)
    reveals = [e for events in rounds for e in events if isinstance(e, DealerRevealed)]
    assert len(reveals) >= len(rounds) - 1  # a voided round may end before the dealer shows his hand


@pytest.mark.parametrize("name", ["classic-bought-games", "online-single-box"])
def test_r_buy_3_the_dealers_repeated_replacements_of_old_journals_are_made_again(tmp_path: Path, name: str) -> None:
    upgraded = [event for events in upgraded_rounds(name, tmp_path) for event in events]
    replaced = [e for e in upgraded if isinstance(e, DealerCardReplaced)]
    assert any(e.again for e in replaced) and any(not e.again for e in replaced)
    assert any(e.buyers for e in upgraded if isinstance(e, DealerRevealed))
