"""docs/journal.md "The journal": "an event is durable before it is shown" also when the table commits once per
round (`rptable simulate`: one fsynced commit a round, nobody watching in between)."""

import sqlite3

import pytest
from tables import acknowledged

from controller.table.controller import TableController, TableLocked
from controller.table.journal import Journal
from controller.table.journal.chain import verify_chain
from controller.table.pump import CardPump
from controller.table.qa.autoplay import play_rounds
from controller.table.rule_files import load_preset
from drivers.base import open_source


def per_round_table(path, seed=3, rounds_per_commit=1):
    journal = Journal(path)
    controller = acknowledged(TableController(journal, load_preset("classic"), commit_per="round",
                                              rounds_per_commit=rounds_per_commit))
    pump = CardPump(open_source(f"sim://?seed={seed}&rate=0&clock=virtual"), controller, pack_seed=seed)
    return journal, controller, pump


def on_disk(path):
    """The last seq in the file, read behind the journal's back."""
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT max(seq) FROM events").fetchone()[0]
    finally:
        db.close()


def test_journal_committing_per_round_shows_each_event_once_in_order_and_only_once_on_disk(tmp_path):
    path = tmp_path / "T1.journal"
    journal, controller, pump = per_round_table(path)
    seen = []
    controller.add_listener(lambda e: seen.append((e.seq, e.seq <= on_disk(path))))
    play_rounds(controller, pump, 8, boxes=6, ante=10)
    controller.sync()
    assert [s for s, _ in seen] == list(range(seen[0][0], journal.last_seq + 1))
    assert all(durable for _, durable in seen)
    journal.close()
    with Journal(path, readonly=True) as again:
        assert again.last_seq == seen[-1][0] and verify_chain(again.entries()).ok


def test_journal_committing_per_round_a_full_disk_stops_play_and_shows_nothing_unrecorded(tmp_path):
    path = tmp_path / "T1.journal"
    journal, controller, pump = per_round_table(path)
    play_rounds(controller, pump, 2, boxes=6, ante=10)
    seen = []
    controller.add_listener(seen.append)
    pages = journal._db.execute("PRAGMA page_count").fetchone()[0]
    journal._db.execute(f"PRAGMA max_page_count = {pages + 2}")  # the drive fills up a few rounds on
    with pytest.raises(TableLocked, match="could not be written"):
        play_rounds(controller, pump, 40, boxes=6, ante=10)
    assert journal.last_seq == on_disk(path)  # the next append follows the disk
    assert all(e.seq <= on_disk(path) for e in seen)  # shown = recorded
    assert controller.storage_error and controller.round_number <= on_disk(path)
    with pytest.raises(TableLocked):
        play_rounds(controller, pump, 41, boxes=6, ante=10)
    journal.close()
    with Journal(path, readonly=True) as again:
        assert verify_chain(again.entries()).ok


def test_journal_committing_every_few_rounds_syncs_once_for_them_and_shows_nothing_before(tmp_path):
    path = tmp_path / "T1.journal"
    journal, controller, pump = per_round_table(path, rounds_per_commit=3)
    seen = []
    controller.add_listener(lambda e: seen.append((e.seq, e.seq <= on_disk(path))))
    first_round_seq = journal.last_seq
    play_rounds(controller, pump, 2, boxes=6, ante=10)
    assert on_disk(path) == first_round_seq and not [s for s, _ in seen if s > first_round_seq]
    play_rounds(controller, pump, 3, boxes=6, ante=10)
    assert on_disk(path) == journal.last_seq and controller.round_number == 3  # the third round's close commits
    play_rounds(controller, pump, 4, boxes=6, ante=10)
    controller.sync()  # a session that stops commits what it holds
    assert on_disk(path) == journal.last_seq
    assert [s for s, _ in seen] == list(range(seen[0][0], journal.last_seq + 1)) and all(d for _, d in seen)
