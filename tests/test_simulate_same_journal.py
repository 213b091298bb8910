"""`rptable simulate` is a fixed function of its seed: speeding up the table, the shoe path or the strategy
must never change one event of a seeded session (digests recorded before that work, from main at 134bd07)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

import controller.players.simple as strategy
from controller.engine import RoundState, legal_commands
from controller.table.journal import Journal
from controller.table.rule_files import load_preset
from controller.table.simulate import simulate

# (preset, seed, rounds) -> (events, SHA-256 over every event's kind, round, actor and payload, in order)
RECORDED = {
    ("classic", 3, 300): (18339, "866eb636294d1b6921374cfdd6b9f23cf770d8dbc03ab0b43b3883193b387bcb"),
    ("online", 7, 100): (6105, "7d4311ead0c577d70d427252ceecdb70f6c7c1568e5f598955e221f836f82b5e"),
    ("four-seat", 7, 100): (4379, "3963e0afa5f2862f121976c30eb2cd8d62c4eddcb2d991002e269eb298e6d5ad"),
    ("russian-club", 7, 100): (4392, "c3a2e93055a90ef2786ef758d013b57b8e2219ec9601f48de427bd3f633d33ff"),
    ("caribbean-stud", 7, 100): (5702, "eb0d168e571b76c0a3efd9cef99421aedd1af41670d48606b4ff0cfa5cd5c7e3"),
}


def session_digest(path: Path) -> tuple[int, str]:
    """The events in order, without their times (the table's clock is the wall clock)."""
    digest, count = hashlib.sha256(), 0
    with Journal(path, readonly=True) as journal:
        for e in journal.entries():
            digest.update(f"{e.kind}|{e.round_id}|{e.actor}|{e.payload_json}\n".encode())
            count += 1
    return count, digest.hexdigest()


@pytest.mark.parametrize(("preset", "seed", "rounds"), list(RECORDED))
def test_simulate_seeded_session_journals_the_recorded_events(tmp_path: Path, preset: str, seed: int,
                                                              rounds: int) -> None:
    rules = load_preset(preset)
    path = tmp_path / "T1.journal"
    simulate(rules, rounds, seed=seed, boxes=min(6, rules.table.boxes), journal_path=path)
    assert session_digest(path) == RECORDED[(preset, seed, rounds)]


def test_strategy_sees_for_the_box_in_turn_exactly_what_legal_commands_lists(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The strategy's short cut (turn_actions) against the full list, at every decision of a session."""
    checked = []
    cheap = strategy.turn_actions

    def compared(state: RoundState) -> tuple[object, ...]:
        mine = cheap(state)
        listed = {a for a in legal_commands(state) if a.box == state.turn}
        assert set(mine) == listed and len(mine) == len(set(mine))
        checked.append(state.turn)
        return mine

    monkeypatch.setattr(strategy, "turn_actions", compared)
    simulate(load_preset("classic"), 40, seed=11, boxes=6, journal_path=tmp_path / "T1.journal")
    assert len(checked) > 200
