"""The simulated shoe in a process of its own (`sim://?process=1`, what `rptable simulate` uses) shows the
controller exactly what the in-process shoe shows: the same events in the same order, the same status at every
call, the same ground truth; a shoe process that dies is a clear SourceError, and it ends with its controller."""

from __future__ import annotations

import os
import random
import signal
from pathlib import Path
from typing import Any

import pytest

from controller.cards import PACK
from controller.rule_files import load_preset
from controller.table.journal import Journal
from controller.table.simulate import simulate
from drivers.base import CardEvent, CardSource, SourceError, open_source

FAULTS = "garble=0.05,drop=0.03,dup=0.05,unreadable@7,double@12,jam@20,cover@30,unplug@40:2s,hb-loss@50:4s"


def session_events(path: Path, url_part: str) -> list[tuple[Any, ...]]:
    with Journal(path, readonly=True) as journal:
        return [(e.kind, e.round_id, e.actor, e.payload_json.replace(url_part, "")) for e in journal.entries()]


def test_shoe_process_simulated_session_with_every_fault_journals_what_the_in_process_shoe_does(
        tmp_path: Path) -> None:
    rules = load_preset("classic")
    apart = simulate(rules, 30, seed=5, journal_path=tmp_path / "apart.journal", faults=FAULTS)
    here = simulate(rules, 30, seed=5, journal_path=tmp_path / "here.journal", faults=FAULTS, shoe_in_process=True)
    assert apart.faults == here.faults > 5
    events = session_events(tmp_path / "apart.journal", "&process=1")
    assert events == session_events(tmp_path / "here.journal", "&process=1")
    assert sum(kind == "table.fault" for kind, *_ in events) >= 5


def script(source: CardSource, seed: int) -> list[Any]:
    """Load, deal, lock and unlock at random, noting every event and the status after each call."""
    rng, seen = random.Random(seed), []
    for _ in range(40):
        step = rng.random()
        if step < 0.1:
            pack = list(PACK)
            rng.shuffle(pack)
            source.load(pack[: rng.randrange(10, 53)])
        elif step < 0.4:
            source.deal(rng.randrange(1, 8))  # type: ignore[attr-defined]
        elif step < 0.45:
            source.lock()
        elif step < 0.55:
            source.unlock()
        else:
            event = source.recv(timeout=rng.choice((0.0, 0.5, 5.0)))
            seen.append(event if not isinstance(event, CardEvent) else (event.card, event.seq, event.quality))
        status = source.status()
        seen.append((source.cards_left, status.locked, status.connected, status.duplicates_dropped,  # type: ignore[attr-defined]
                     status.frames_dropped, status.cards, status.faults, status.state))
    seen.append(source.truth_of(3))  # type: ignore[attr-defined]
    return seen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_shoe_process_every_call_answers_as_the_in_process_shoe(seed: int) -> None:
    url = f"sim://?seed={seed}&rate=0&clock=virtual&faults=" + FAULTS.replace(",", "%2C")
    with open_source(url) as here, open_source(url + "&process=1") as apart:
        mine, theirs = script(here, seed), script(apart, seed)
    strip = [repr(x).replace("&process=1", "") for x in theirs]
    assert strip == [repr(x) for x in mine]


def test_shoe_process_that_dies_is_a_clear_source_error() -> None:
    source = open_source("sim://?seed=1&rate=0&clock=virtual&process=1")
    try:
        os.kill(source._process.pid, signal.SIGKILL)  # type: ignore[attr-defined]
        source._process.join(5)  # type: ignore[attr-defined]
        source.deal(1)  # type: ignore[attr-defined]
        with pytest.raises(SourceError, match=r"simulated shoe.s process .* is gone"):
            source.recv(timeout=1)
    finally:
        source.close()


def test_shoe_process_ends_with_its_controller_and_refuses_a_bad_url_in_words() -> None:
    source = open_source("sim://?seed=1&rate=0&clock=virtual&process=1")
    process = source._process  # type: ignore[attr-defined]
    assert process.is_alive()
    source.close()
    assert not process.is_alive()
    with pytest.raises(SourceError, match="jam@x"):
        open_source("sim://?process=1&faults=jam@x")
