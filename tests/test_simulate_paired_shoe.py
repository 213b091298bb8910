"""A simulated session whose shoe proved its SHOE/1-A key is never resumed with a shoe that proves none:
a live table stops on such a shoe (SHOE_CHANGED) until a pit boss says so, but a simulation's QA pit boss clears
that at once, and the session carried on unauthenticated."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from controller.opening.simulate import PairedShoeRequired, simulate
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.rule_files import load_preset
from drivers.base import DeviceIdentity, StatusEvent
from drivers.shoe1.auth import write_key_file


def shoe_sessions(path: Path) -> list[bool]:
    journal = Journal(path, "T1")
    try:
        return [e.payload["authenticated"] for e in journal.entries() if e.kind == "table.shoe_session"]
    finally:
        journal.close()


def test_a_paired_session_resumed_without_its_shoe_key_is_refused_with_what_to_do(tmp_path: Path) -> None:
    rules, path, key = load_preset("four-seat"), tmp_path / "T1.journal", tmp_path / "T1-shoe.key"
    key_id = write_key_file(key).key_id
    first = simulate(rules, 3, 1, journal_path=path, shoe_key=str(key))
    assert first.shoe_key_id == key_id
    with pytest.raises(PairedShoeRequired, match=f"Resume it with --shoe-key FILE, the key whose id is {key_id}"):
        simulate(rules, 5, 1, journal_path=path)
    assert shoe_sessions(path) == [True]  # nothing was journaled by the refused resumption
    resumed = simulate(rules, 5, 1, journal_path=path, shoe_key=str(key))
    assert resumed.rounds == 2 and resumed.shoe_key_id == key_id and resumed.faults == 0
    assert shoe_sessions(path) == [True, True]


def test_a_session_resumed_plain_before_this_check_is_still_refused_without_the_key(tmp_path: Path) -> None:
    """A journal whose last session is plain but whose shoe once proved a key (resumed plain by an older rptable)."""
    rules, path, key = load_preset("four-seat"), tmp_path / "T1.journal", tmp_path / "T1-shoe.key"
    write_key_file(key)
    simulate(rules, 2, 1, journal_path=path, shoe_key=str(key))
    journal = Journal(path, "T1")
    try:
        table = TableController(journal, rules)
        plain = DeviceIdentity("RS-200-SIM", "SN000001", "1.0.0")
        table.source_event(StatusEvent("CONNECTED", "sim://", time.time(), "", plain))
    finally:
        journal.close()
    assert shoe_sessions(path) == [True, False]
    with pytest.raises(PairedShoeRequired, match="--shoe-key"):
        simulate(rules, 4, 1, journal_path=path)
