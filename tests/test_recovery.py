"""Recovery (issue: table application): a session killed with SIGKILL at random moments, restarted each time,
loses nothing that was shown and ends exactly as the same session played without a break."""

import random
import subprocess

import pytest
from env_kit import with_test_env
from kills import ENV, ROOT, kill_after_commits, simulate_command
from tables import acknowledged

from controller.engine.events import EVENT_TYPES
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.journal.chain import verify_chain
from controller.table.rule_files import load_preset


def simulate_cmd(journal, rounds, seed, commit):
    return simulate_command(journal, rounds, seed, commit)


def run_and_kill(journal, rounds, seed, commit, rng):
    """Start the session, let it commit a random number of events, SIGKILL it; return the last seq shown."""
    pause = rng.random() * 0.01  # sometimes in the middle of the next commit
    return kill_after_commits(simulate_cmd(journal, rounds, seed, commit), rng.randint(1, 60), pause=pause)


def engine_events(journal_path):
    with Journal(journal_path, readonly=True) as journal:
        return [(e.round_id, e.payload) for e in journal.entries() if e.kind in EVENT_TYPES]


def check_journal(journal_path, shown):
    with Journal(journal_path, readonly=True) as journal:
        report = verify_chain(journal.entries())
        assert report.ok, report.reason
        assert journal.last_seq >= shown, f"event {shown} was shown but the journal ends at {journal.last_seq}"
    # the controller resumes from the journal; the engine's own replay of the open round must agree with it
    from controller.engine import event_from_payload, replay

    with Journal(journal_path) as journal:
        resumed = TableController(journal)
        if resumed.round is not None:
            payloads = [e.payload for e in journal.round_entries(resumed.round_id) if e.kind in EVENT_TYPES]
            assert resumed.round == replay(resumed.rules, [event_from_payload(p) for p in payloads])


def kill_and_resume(tmp_path, kills, seed, rounds=6):
    rng = random.Random(seed)
    reference = tmp_path / "reference.journal"
    subprocess.run(simulate_cmd(reference, rounds, seed, "round")[:-1], check=True, env=with_test_env(ENV), cwd=ROOT,
                   capture_output=True, timeout=120)
    journal = tmp_path / "killed.journal"
    for attempt in range(kills):
        commit = "command" if attempt % 2 else "round"
        shown = run_and_kill(journal, rounds, seed, commit, rng)
        if journal.exists():
            check_journal(journal, shown)
    done = subprocess.run(simulate_cmd(journal, rounds, seed, "command")[:-1], env=with_test_env(ENV), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    check_journal(journal, 0)
    # play went on to completion, and the cards and payments are exactly those of the unbroken session
    assert engine_events(journal) == engine_events(reference)


@pytest.mark.slow  # a soak of kills at random moments; a kill at each named moment is a story of its own
def test_recovery_survives_kills_at_random_moments(tmp_path):
    kill_and_resume(tmp_path, kills=12, seed=11)


@pytest.mark.slow
def test_recovery_survives_hundreds_of_kills(tmp_path):
    kill_and_resume(tmp_path, kills=300, seed=12, rounds=40)


def test_recovery_resumes_the_same_round_and_next_step(tmp_path):
    from controller.engine import expected_next

    path = tmp_path / "t.journal"
    journal = Journal(path)
    controller = acknowledged(TableController(journal, load_preset("classic")))
    from controller.engine import CloseBets, PlaceStakes
    from controller.table.pump import CardPump
    from controller.table.qa.autoplay import SessionTotals, _step
    from drivers.base import open_source

    source = open_source("sim://?seed=5&rate=0&clock=virtual")
    pump = CardPump(source, controller, pack_seed=5)
    pump.load_fresh_pack()
    for box in (1, 2, 3):
        controller.submit(PlaceStakes(box, 10, player=f"P{box}"))
    controller.submit(CloseBets())
    for _ in range(23):  # part-way through the decisions
        _step(controller, pump, SessionTotals())
    before = (controller.round_id, expected_next(controller.round), controller.round)
    journal.close()
    source.close()
    resumed = TableController(Journal(path))
    assert (resumed.round_id, expected_next(resumed.round), resumed.round) == before
