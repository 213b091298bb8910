"""A table closing while its reporter cannot report: the reporter waits at the close only where waiting can help
(a database that is away may come back), not where the floor has said no (a floor that needs an approved key takes
nothing from a table without one until an admin approves it, which no close waits for)."""

from __future__ import annotations

import time

import psycopg
from floor_kit import needs_postgres, wait_for
from jackpot_kit import NOTHING, deal_round, jackpot_rules
from tables import acknowledged

from controller.floor.reporter import TableReporter
from controller.floor.roles import init_floor
from controller.table.controller import TableController
from controller.table.journal import Journal

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`


def test_floor_a_table_without_an_approved_key_closes_at_once_not_after_the_whole_wait(database, tmp_path):
    """`rptable simulate --replica` on a floor set up by `rptable floor init`, for a table whose key nobody
    approved, took some 36 s to end a five-round session: its reporter tried again until the close's wait ran out."""
    with psycopg.connect(database) as owner:
        init_floor(owner)
    path = tmp_path / "K7.journal"
    with Journal(path, "K7") as journal:
        deal_round(acknowledged(TableController(journal, jackpot_rules())), NOTHING)
    reporter = TableReporter(path, "K7", database).start()
    try:
        wait_for(lambda: "no approved key" in reporter.status.reason, timeout=10)
    finally:
        started = time.monotonic()
        status = reporter.stop(timeout=30.0)
        took = time.monotonic() - started
    assert not status.reporting and "no approved key" in status.reason
    assert took < 10.0, f"the reporter's stop took {took:.1f} s of the 30 it was given"
