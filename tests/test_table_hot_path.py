"""The table's hot path (ARCHITECTURE.md "Journal", "Faults"): the short cuts that make a round cheap give the
same journal, the same entries and the same engine answers as the plain way, and lose nothing on a fault."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.core.cards import PACK, parse_card
from controller.core.hands import best_five
from controller.engine import CloseBets, LegalAction, PlaceStakes, strength
from controller.engine.events import BetPlaced, CardPlaced, Event, Folded, StakesPlaced
from controller.table.controller import TableController
from controller.table.journal import Journal, NewEvent, payload_to_json
from controller.table.journal.chain import verify_chain
from controller.table.journal.store import AppendedEntries
from controller.table.rule_files import load_preset
from drivers.base import CardEvent


class Clock:
    def __init__(self, now: float = 1_750_000_000.25) -> None:
        self.now = now

    def __call__(self) -> float:
        self.now += 0.125
        return self.now


def test_journal_append_returns_the_entries_the_file_holds(tmp_path: Path) -> None:
    """The entries an append returns, built when read, are those read back from the file: every field."""
    with Journal(tmp_path / "T1.journal") as journal:
        appended = journal.append([
            NewEvent("table.note", {"text": "dealer change", "n": 1}, 1000.5, actor="pit_boss:boris"),
            NewEvent("CardPlaced", {"card": "QS", "to": 3}, 1001.0, "T1-000001", "shoe#7", 1,
                     payload_to_json({"card": "QS", "to": 3})),
        ])
        assert isinstance(appended, AppendedEntries) and len(appended) == 2
        read_back = list(journal.entries())
        assert list(appended) == read_back and appended == read_back and read_back == list(appended)
        assert appended[-1] == read_back[-1] and appended[:1] == read_back[:1]
        assert appended[1].payload_json == '{"card":"QS","to":3}' and appended[0].prev_hash == "0" * 64
        assert verify_chain(read_back).ok and journal.append([]) == []


def test_journal_write_behind_append_entries_match_the_file_once_synced(tmp_path: Path) -> None:
    with Journal(tmp_path / "T1.journal", write_behind=True) as journal:
        appended = [entry for i in range(5)
                    for entry in journal.append([NewEvent("table.note", {"i": i}, 2000.0 + i)])]
        journal.sync()
        assert appended == list(journal.entries()) and journal.durable_seq == 5


def test_new_event_takes_its_optional_fields_by_keyword_and_is_immutable() -> None:
    event = NewEvent("table.note", {"a": 1}, at=5.0, actor="dealer")
    assert (event.round_id, event.actor, event.version, event.payload_json) == (None, "dealer", 1, None)
    assert event == NewEvent("table.note", {"a": 1}, 5.0, None, "dealer", 1, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.kind = "other"  # type: ignore[misc]


def test_legal_actions_compare_as_values_of_their_own_kind_only() -> None:
    insure = LegalAction("insure", 2, 10, 40)
    assert insure == LegalAction("insure", 2, minimum=10, maximum=40) and insure.price is None
    assert insure != ("insure", 2, 10, 40, None) and len({insure, LegalAction("insure", 2, 10, 40)}) == 1
    assert repr(LegalAction("fold", 1)) == "LegalAction(kind='fold', box=1, minimum=None, maximum=None, price=None)"


@settings(max_examples=300, deadline=None)
@given(st.integers(5, 7).flatmap(lambda n: st.lists(st.sampled_from(PACK), min_size=n, max_size=n, unique=True)))
def test_r_hand_2_a_hand_valued_for_the_first_time_is_its_best_five(cards: list) -> None:
    """On a cache miss the engine values the cards themselves: the value best_five gives, for 5, 6 or 7 cards."""
    strength._VALUES.pop(strength.pattern_key(cards), None)
    assert strength.hand_value(cards) == best_five(cards)[0]
    assert strength.hand_value(cards) == best_five(cards)[0]  # and the remembered one


def test_r_hand_2_a_hand_of_four_cards_has_no_value() -> None:
    with pytest.raises(ValueError, match="5 or 6 cards"):
        strength.hand_value([parse_card(c) for c in ("AS", "KS", "QS", "JS")])


EVENTS = [CardPlaced(card, to, False) for card in PACK[:6] for to in (0, 1)] + [
    Folded(1), Folded(2), BetPlaced(1, 20), StakesPlaced(1, 10, 0, 0, False, "P1")]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, len(EVENTS) - 1), min_size=1, max_size=40), st.booleans())
def test_journal_form_of_an_engine_event_is_its_own_even_when_found_by_identity(picks: list[int],
                                                                               copies: bool) -> None:
    """Events found by identity or by value, equal copies or the same instance, after the caches are cleared:
    each is journaled as its own to_dict, never another event's."""
    table = TableController.__new__(TableController)  # only the journal-form caches are used
    table._forms, table._forms_by_value = {}, {}
    kept: list[Event] = []  # instances made and dropped would let Python reuse their ids: the test makes some
    for i, pick in enumerate(picks):
        event = EVENTS[pick]
        if copies and i % 2:
            event = dataclasses.replace(event)  # an equal instance, not the same one
            kept.append(event)
        if i % 7 == 6:  # as when the caches are full
            table._forms.clear()
            table._forms_by_value.clear()
        form = table._forms.get(id(event))
        if form is None or form[0] is not event:
            form = table._journal_form(event)
        assert form[1:] == (event.type_name, event.to_dict(), payload_to_json(event.to_dict()))
        assert all(form[0] is table._forms_by_value[form[0]][0] for form in table._forms.values())


def test_faults_a_card_read_as_the_clock_jumps_back_is_held_and_journaled(tmp_path: Path) -> None:
    """A clock jump seen when a card arrives is a table fault; the card itself is journaled as held, not lost."""
    clock = Clock()
    journal = Journal(tmp_path / "T1.journal")
    table = TableController(journal, load_preset("classic"), clock=clock)
    table.submit(PlaceStakes(1, 10, player="P1"))
    table.submit(CloseBets())
    clock.now -= 3600
    table.card(CardEvent(parse_card("7D"), 1, 90, "sim://", 0.0))
    kinds = [(e.kind, e.payload.get("code") or e.payload.get("card")) for e in journal.entries()]
    assert kinds[-2:] == [("table.fault", "CLOCK"), ("table.card_held", "7D")]
    assert not table.round.dealer and "clock jumped back" in (table.locked_reason or "")
    times = [e.at for e in journal.entries()]
    assert times == sorted(times)
    journal.close()


def test_journal_a_round_committed_once_is_the_round_committed_per_command(tmp_path: Path) -> None:
    """commit_per="round" changes when the drive syncs, not what is journaled: the same kinds, actors and
    payloads, in the same order, as a table that commits every command."""
    journals = {}
    for mode in ("command", "round"):
        journal = Journal(tmp_path / f"{mode}.journal", write_behind=mode == "round")
        table = TableController(journal, load_preset("classic"), clock=Clock(), commit_per=mode)
        seen: list[int] = []
        table.add_listener(lambda entry, seen=seen: seen.append(entry.seq))
        for box in (1, 2, 3):
            table.submit(PlaceStakes(box, 10, player=f"P{box}"))
        table.submit(CloseBets())
        pack = list(PACK)
        random.Random(5).shuffle(pack)
        for seq, card in enumerate(pack[:20], 1):
            table.card(CardEvent(card, seq, 90, "sim://", 0.0))
        table.flush()
        table.sync()
        assert seen == list(range(2, journal.last_seq + 1))  # every entry after the rules, once, in order
        journals[mode] = [(e.kind, e.round_id, e.actor, e.payload_json) for e in journal.entries()]
        assert verify_chain(journal.entries()).ok
        journal.close()
    assert journals["command"] == journals["round"] and len(journals["round"]) > 20


def test_faults_a_clock_set_forward_while_dealing_is_found_at_the_next_card(tmp_path: Path) -> None:
    """Against monotonic time: a wall clock moved two hours ahead mid-deal is a fault at the next card (held),
    while the small steps a time service makes (a second here and there) are not."""
    clock, mono = Clock(), [100.0]

    def monotonic() -> float:
        mono[0] += 0.125
        return mono[0]

    journal = Journal(tmp_path / "T1.journal")
    table = TableController(journal, load_preset("classic"), clock=clock, monotonic=monotonic)
    table.submit(PlaceStakes(1, 10, player="P1"))
    table.submit(CloseBets())
    for seq, code in enumerate(("2C", "3C", "4C"), 1):
        clock.now += 1.0  # a time service's correction: not a jump
        table.card(CardEvent(parse_card(code), seq, 90, "sim://", 0.0))
    assert not table.faults and len(table.round.boxes[1].cards) + len(table.round.dealer) == 3
    clock.now += 7200
    table.card(CardEvent(parse_card("5C"), 4, 90, "sim://", 0.0))
    assert "clock jumped forward 7200 s" in (table.locked_reason or "")
    held = [e.payload["card"] for e in journal.entries() if e.kind == "table.card_held"]
    assert held == ["5C"]
    journal.close()
