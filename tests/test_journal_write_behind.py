"""ARCHITECTURE.md "Journal": "an event is durable before it is shown" also when the journal commits in a
process of its own (`rptable simulate`, one fsynced commit per round, the drive syncing while play goes on)."""

import os
import resource
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from controller.table.autoplay import play_rounds
from controller.table.controller import TableController, TableLocked
from controller.table.journal import Journal
from controller.table.journal.chain import verify_chain
from controller.table.pump import CardPump
from controller.table.rule_files import load_preset
from drivers.base import open_source


def behind_table(path, seed=3):
    journal = Journal(path, write_behind=True)
    controller = TableController(journal, load_preset("classic"), commit_per="round")
    feed = CardPump(open_source(f"sim://?seed={seed}&rate=0&clock=virtual"), controller, pack_seed=seed)
    return journal, controller, feed


def test_journal_writing_behind_shows_each_event_once_in_order_and_only_once_on_disk(tmp_path):
    journal, controller, feed = behind_table(tmp_path / "T1.journal")
    seen = []
    controller.add_listener(lambda e: seen.append((e.seq, e.seq <= journal.durable_seq)))
    play_rounds(controller, feed, 8, boxes=6, ante=10)
    controller.sync()
    assert [s for s, _ in seen] == list(range(seen[0][0], journal.last_seq + 1))
    assert all(durable for _, durable in seen)
    journal.close()
    with Journal(tmp_path / "T1.journal", readonly=True) as again:
        assert again.last_seq == seen[-1][0] and verify_chain(again.entries()).ok


def test_journal_writing_behind_a_full_disk_stops_play_and_shows_nothing_unrecorded(tmp_path):
    path = tmp_path / "T1.journal"
    journal, controller, feed = behind_table(path)
    play_rounds(controller, feed, 2, boxes=6, ante=10)
    controller.sync()
    journal.close()
    # The drive fills up: the writer process may grow no file past 48 KiB (its log of new pages, here).
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (48 * 1024, limits[1]))
    try:
        journal, controller, feed = behind_table(path)  # the table resumes; its writer starts on the full drive
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
    seen = []
    controller.add_listener(seen.append)
    with pytest.raises(TableLocked, match="could not be written"):
        play_rounds(controller, feed, 40, boxes=6, ante=10)
        controller.sync()
    on_disk = sqlite3.connect(path).execute("SELECT max(seq) FROM events").fetchone()[0]
    assert journal.last_seq == journal.durable_seq == on_disk  # the next append follows the disk
    assert all(e.seq <= on_disk for e in seen)  # shown = recorded
    assert controller.storage_error and controller.round_number <= on_disk
    with pytest.raises(TableLocked):
        play_rounds(controller, feed, 41, boxes=6, ante=10)
    journal.close()
    with Journal(path, readonly=True) as again:
        assert verify_chain(again.entries()).ok


def test_journal_writer_process_dies_with_the_table_and_a_reopened_journal_goes_on_from_the_disk(tmp_path):
    """A killed table takes its writer with it (nothing lands behind a reopened journal's back); the writer
    gone on its own is a JournalError, and what it had committed is all there is."""
    path = tmp_path / "T1.journal"
    journal, controller, feed = behind_table(path)
    play_rounds(controller, feed, 3, boxes=6, ante=10)
    controller.sync()
    durable = journal.durable_seq
    os.kill(journal._behind._process.pid, signal.SIGKILL)
    journal._behind._process.wait(5)
    with pytest.raises(TableLocked, match=r"writer process was killed \(SIGKILL"):
        play_rounds(controller, feed, 5, boxes=6, ante=10)
        controller.sync()
    journal.close()
    with Journal(path, readonly=True) as again:
        assert again.last_seq == durable and verify_chain(again.entries()).ok
    code = ("import os, sys, time; sys.path[:0] = ['.', 'hardware-sim']\n"
            "from controller.table.journal.store import Journal\n"
            f"j = Journal({str(path)!r}, write_behind=True)\n"
            "print(j._behind._process.pid, flush=True); time.sleep(60)")
    table = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                             cwd=Path(__file__).resolve().parent.parent)
    writer = int(table.stdout.readline())
    table.kill()
    table.wait(10)
    for _ in range(100):  # the kernel ends the writer with its table
        try:
            os.kill(writer, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        pytest.fail("the journal's writer outlived its table")


def test_journal_writer_process_leaves_ctrl_c_to_the_table(tmp_path):
    """Ctrl-C in a terminal reaches the whole process group: the writer ignores it, the table decides, and the
    writer commits what it holds when the journal closes."""
    path = tmp_path / "T1.journal"
    journal, controller, feed = behind_table(path)
    play_rounds(controller, feed, 2, boxes=6, ante=10)
    os.kill(journal._behind._process.pid, signal.SIGINT)
    play_rounds(controller, feed, 4, boxes=6, ante=10)
    appended = journal.last_seq
    journal.close()
    with Journal(path, readonly=True) as again:
        assert again.last_seq == appended and verify_chain(again.entries()).ok
