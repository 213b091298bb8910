"""R-BUY-1, R-BUY-3: journals written before DealerRevealed and DealerCardReplaced recorded the house rules'
decisions (main at cb3386e) replay to the rounds they played. Each version-1 event is given the decision the
machine's own ruling makes on the state it is applied to, and that decision is the one the journal shows the
table took: buying opened exactly when the boxes went on to choose, and the dealer replaced his highest card
again exactly when another replacement followed."""

from __future__ import annotations

import gzip
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_engine_properties import as_version_1

from controller.core.rules import DealerRedraw, HouseRules, rules_from_mapping
from controller.engine import (
    ActionKind,
    CardDealt,
    Event,
    Phase,
    PlaceStakes,
    RoundState,
    apply,
    do,
    event_from_payload,
    legacy,
    legal_commands,
    new_round,
    next_card_target,
    replay,
)
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
from controller.table.rule_files import load_preset
from drivers.cards import PACK

DATA = Path(__file__).parent / "data" / "journals-main-cb3386e"
JOURNALS = sorted(p.name.removesuffix(".journal.gz") for p in DATA.glob("*.journal.gz"))
CLASSIC = load_preset("classic")


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
                rounds.setdefault(entry.round_id, (rules, []))[1].append(event_from_payload(entry.payload))
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


def buying_round(rules: HouseRules, rng: random.Random, boxes: int) -> tuple[RoundState, list[Event]]:
    """A round whose boxes all bet and, when the dealer does not qualify, all buy him a game."""
    state, events = new_round(rules), []
    for number in range(1, boxes + 1):
        events += do(state, PlaceStakes(number, 10))
    shoe = list(PACK)
    rng.shuffle(shoe)
    while state.phase is not Phase.CLOSED:
        if next_card_target(state) is not None:
            card = next(c for c in shoe if state.in_stock(c))
            shoe.remove(card)
            events += do(state, CardDealt(card))
            continue
        kinds = {a.kind: a for a in legal_commands(state)}
        word = next(w for w in (ActionKind.BET, ActionKind.REVEAL, ActionKind.BUY_GAME, ActionKind.CLOSE_BUYING)
                    if w in kinds)
        events += do(state, kinds[word].command())
    return state, events


@settings(max_examples=60, deadline=None)
@given(redraw=st.sampled_from(list(DealerRedraw)), limit=st.integers(0, 3), boxes=st.integers(1, 2),
       seed=st.integers(0, 2**32 - 1))
def test_r_buy_3_every_way_of_redrawing_replays_from_version_1_to_the_same_round(
        redraw: DealerRedraw, limit: int, boxes: int, seed: int) -> None:
    """Whatever the house says about the dealer's further replacements, a round journaled before version 2
    (its decisions left out) replays to the state the machine reached while deciding them."""
    rules = replace(CLASSIC, buy_game=replace(CLASSIC.buy_game, redraw=redraw, max_free_redraws=limit))
    rng = random.Random(seed)
    for _ in range(8):
        state, events = buying_round(rules, rng, boxes)
        older = [as_version_1(e) for e in events]
        assert replay(rules, older) == state
