"""ARCHITECTURE.md "Journal": "an event is durable before it is shown" also when the journal commits on a
thread of its own (`rptable simulate`, one fsynced commit per round, the drive syncing while play goes on)."""

import sqlite3

import pytest

from controller.rule_files import load_preset
from controller.table.autoplay import ShoeFeed, play_rounds
from controller.table.chain import verify_chain
from controller.table.controller import TableController, TableLocked
from controller.table.journal import Journal
from drivers.base import open_source


def behind_table(path, seed=3):
    journal = Journal(path, write_behind=True)
    controller = TableController(journal, load_preset("classic"), commit_per="round")
    feed = ShoeFeed(open_source(f"sim://?seed={seed}&rate=0&clock=virtual"), controller)
    return journal, controller, feed


def test_journal_writing_behind_shows_each_event_once_in_order_and_only_once_on_disk(tmp_path):
    journal, controller, feed = behind_table(tmp_path / "T1.journal")
    seen = []
    controller.add_listener(lambda e: seen.append((e.seq, e.seq <= journal.durable_seq)))
    play_rounds(controller, feed, 8, seed=3, boxes=6, ante=10)
    controller.sync()
    assert [s for s, _ in seen] == list(range(seen[0][0], journal.last_seq + 1))
    assert all(durable for _, durable in seen)
    journal.close()
    with Journal(tmp_path / "T1.journal", readonly=True) as again:
        assert again.last_seq == seen[-1][0] and verify_chain(again.entries()).ok


def test_journal_writing_behind_a_full_disk_stops_play_and_shows_nothing_unrecorded(tmp_path):
    journal, controller, feed = behind_table(tmp_path / "T1.journal")
    seen = []
    controller.add_listener(seen.append)
    play_rounds(controller, feed, 2, seed=3, boxes=6, ante=10)
    controller.sync()
    pages = journal._db.execute("PRAGMA page_count").fetchone()[0]
    journal._db.execute(f"PRAGMA max_page_count = {pages + 2}")
    with pytest.raises(TableLocked, match="disk is full"):
        play_rounds(controller, feed, 40, seed=3, boxes=6, ante=10)
        controller.sync()
    on_disk = sqlite3.connect(tmp_path / "T1.journal").execute("SELECT max(seq) FROM events").fetchone()[0]
    assert journal.last_seq == journal.durable_seq == on_disk  # the next append follows the disk
    assert seen and all(e.seq <= on_disk for e in seen)  # shown = recorded
    assert controller.storage_error and controller.round_number <= on_disk
    with pytest.raises(TableLocked):
        play_rounds(controller, feed, 41, seed=3, boxes=6, ante=10)
    journal.close()
    with Journal(tmp_path / "T1.journal", readonly=True) as again:
        assert verify_chain(again.entries()).ok
