"""One contract for the two stores of a table's events: the table's journal (SQLite, controller.table.journal)
and the floor's copy of it (PostgreSQL, controller.floor.audit_source.FloorTable). The audit, the shift report
and the pit read either through the same questions (controller.table.audit.round_book.IndexedEvents); each
question here is asked of both stores holding the same session, and each answer is checked against what the
plain list of events says, worked out in the test without either store's index."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from floor_kit import database_rows, fresh_database, journal_rows, needs_postgres, wait_for

from controller.floor.audit_source import floor_table
from controller.floor.reporter import TableReporter
from controller.opening.simulate import simulate
from controller.table.audit.round_book import IndexedEvents
from controller.table.controller import TableController
from controller.table.journal import Journal, JournalEntry
from controller.table.pump import CardPump
from controller.table.qa.autoplay import play_rounds
from controller.table.rule_files import load_preset
from controller.table.security.users import Role, User
from drivers.base import open_source

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]

TABLE = "C1"
DEALERS = (User("dana", Role.DEALER), User("oleg", Role.DEALER))


@pytest.fixture(scope="module")
def session(cluster, tmp_path_factory) -> tuple[Path, str, list[JournalEntry]]:
    """A session of 12 rounds with two dealers' shifts, in a journal and in the floor's copy of it; and the plain
    list of its events, read in order."""
    path = tmp_path_factory.mktemp("stores") / f"{TABLE}.journal"
    simulate(load_preset("classic"), 6, 3, journal_path=path, table_id=TABLE, boxes=3)
    with Journal(path, TABLE) as journal:  # dealers sign in and out as the shift goes on, on the same shoe
        controller = TableController(journal)
        pump = CardPump(open_source("sim://?seed=4&rate=0&clock=virtual"), controller, pack_seed=4)
        for dealer in DEALERS:
            controller.staff.sign_in(dealer)
            play_rounds(controller, pump, controller.round_number + 3, boxes=2, ante=10)
            controller.staff.sign_out()
        pump.source.close()
    url = fresh_database(cluster)
    reporter = TableReporter(path, TABLE, url, heartbeat=0.2).start()
    try:
        wait_for(lambda: database_rows(url, TABLE) == journal_rows(path, TABLE), timeout=60, step=0.2)
        wait_for(lambda: reporter.status.reporting and reporter.status.backlog == 0, timeout=30)
    finally:
        reporter.stop()
    with Journal(path, TABLE, readonly=True) as journal:
        events = list(journal.entries())
    return path, url, events


@pytest.fixture(params=["journal", "floor copy"])
def store(request, session) -> Iterator[IndexedEvents]:
    path, url, _ = session
    if request.param == "journal":
        with Journal(path, TABLE, readonly=True) as journal:
            yield journal
    else:
        with floor_table(url, TABLE) as table:
            yield table


def same(entries: list[JournalEntry]) -> list[tuple[Any, ...]]:
    """What both stores keep of an entry, alike (the floor keeps no previous hash beside each row)."""
    return [(e.seq, e.kind, e.round_id, e.actor, e.payload, e.hash) for e in entries]


def opened(events: list[JournalEntry]) -> list[JournalEntry]:
    return [e for e in events if e.kind == "table.round_opened"]


def test_contract_every_event_is_read_back_in_order(store, session):
    _, _, events = session
    assert store.indexed
    assert same(list(store.entries())) == same(events)
    assert store.last_at() == events[-1].at


def test_contract_the_rounds_are_listed_in_play_order_and_paged_alike(store, session):
    _, _, events = session
    rounds = opened(events)
    assert store.round_count() == len(rounds) == 12
    page = store.rounds_page()
    assert [(r.opened_seq, r.round_id, r.number) for r in page] == \
        [(e.seq, e.round_id, e.payload["number"]) for e in rounds]
    assert store.rounds_page(last=3) == page[-3:]
    assert store.rounds_page(first=2) == page[:2]
    assert store.rounds_page(after=page[3].opened_seq, before=page[7].opened_seq) == page[4:7]
    assert store.rounds_page(since=page[5].opened_at) == [r for r in page if r.opened_at >= page[5].opened_at]


def test_contract_a_round_is_found_by_its_id_with_what_reading_it_needs(store, session):
    _, _, events = session
    for indexed in store.rounds_page():
        assert store.indexed_round(indexed.round_id) == indexed
        reading = store.round_reading(indexed)
        seqs = [e.seq for e in reading]
        assert seqs == sorted(set(seqs))  # in order, each once
        own = [e for e in events if e.round_id == indexed.round_id]
        assert same(own) == same([e for e in reading if e.round_id == indexed.round_id])
        rules = next(e for e in reversed(events) if e.kind == "table.rules" and e.seq < indexed.opened_seq)
        assert indexed.rules_seq == rules.seq and rules.seq in seqs  # the house rules it was played under
        if indexed.dealer_seq:
            assert indexed.dealer_seq in seqs  # and the dealer who dealt it
    assert store.indexed_round("C1-999999") is None


def test_contract_a_shifts_dealers_and_shoe_are_read_from_where_it_starts(store, session):
    _, _, events = session
    dealer_kinds = {"table.dealer_signed_in", "table.dealer_signed_out"}
    signed = [e for e in events if e.kind in dealer_kinds]
    assert [e.payload.get("dealer") for e in signed if e.kind == "table.dealer_signed_in"] == \
        ["dealer:dana", "dealer:oleg"]
    middle = signed[1].seq  # dana's sign-out: oleg's shift and what follows
    assert same(store.dealer_entries(signed[0].seq, middle)) == same([signed[0], *signed[1:]])
    assert same(store.dealer_entries(0, middle)) == same(signed[1:])
    shoe = [e for e in events if e.kind == "table.shoe_session"]
    assert len(shoe) >= 2
    after = shoe[-1].seq
    in_force = [e for e in shoe if e.seq < after][-1:]
    assert same(store.shoe_entries(after)) == same([*in_force, shoe[-1]])
    assert same(store.shoe_entries(events[-1].seq + 1)) == same(shoe[-1:])  # only the one in force
