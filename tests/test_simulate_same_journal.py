"""`rptable simulate` is a fixed function of its seed: speeding up the table, the shoe path or the strategy
must never change one event of a seeded session. The digests were recorded from main at 134bd07; version 2 of
DealerRevealed and DealerCardReplaced, which record the house rules' decisions, changed those two kinds of
event only, and mapped back to their version 1 the sessions give the digests recorded before. The shoe's
identity at each session start (`table.shoe_session`) is journaled since; the digests leave it out."""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path
from typing import Any

import pytest

import controller.players.simple as strategy
from controller.engine import RoundState, legal_commands
from controller.engine.events import OLDER_FORMS
from controller.table.journal import Journal, payload_to_json
from controller.table.rule_files import load_preset
from controller.table.simulate import simulate

# (preset, seed, rounds) -> (events, SHA-256 over every event's kind, round, actor and payload, in order;
# the same with every version-2 event mapped back to version 1, as recorded before version 2)
RECORDED = {
    ("classic", 3, 300): (18339, "6e3efe4e39f882237c3b16e7e4a92bcaa144cc57738659fa6f72ee8eb99feafd",
                          "866eb636294d1b6921374cfdd6b9f23cf770d8dbc03ab0b43b3883193b387bcb"),
    ("online", 7, 100): (6105, "7433cb0a45e63e212057209b1563950b56b84af62c6fd2cdc5c670b79092ba29",
                         "7d4311ead0c577d70d427252ceecdb70f6c7c1568e5f598955e221f836f82b5e"),
    ("four-seat", 7, 100): (4379, "81eeda0609e18809740653e81fc91d13bce2e4bc65f182d51203be86603032ab",
                            "3963e0afa5f2862f121976c30eb2cd8d62c4eddcb2d991002e269eb298e6d5ad"),
    ("russian-club", 7, 100): (4392, "b51be59e7411f78af955d967f5c65dca84e939e42ff1567a5fa0ffa00813decc",
                               "c3a2e93055a90ef2786ef758d013b57b8e2219ec9601f48de427bd3f633d33ff"),
    ("caribbean-stud", 7, 100): (5702, "e5825dfe5a20c32eb9800fc74a5e5bb7cc13377baae5d6bd59fc734f9960d65f",
                                 "eb0d168e571b76c0a3efd9cef99421aedd1af41670d48606b4ff0cfa5cd5c7e3"),
}


def as_version_1(payload: dict[str, Any]) -> dict[str, Any] | None:
    """A version-2 event's payload as version 1 wrote it (the decision it records left out); None for any
    other payload."""
    older = OLDER_FORMS.get((payload.get("type"), 1)) if payload.get("v") == 2 else None
    if older is None:
        return None
    kept = {field.name for field in dataclasses.fields(older)} | {"type"}
    return {key: value for key, value in payload.items() if key in kept} | {"v": 1}


ADDED_SINCE = ("table.shoe_session",)  # kinds journaled since the recording


def session_digests(path: Path) -> tuple[int, str, str]:
    """The events in order, without their times (the table's clock is the wall clock): their count, their
    digest, and their digest with every version-2 event written as version 1."""
    digest, as_before, count = hashlib.sha256(), hashlib.sha256(), 0
    with Journal(path, readonly=True) as journal:
        for e in journal.entries():
            if e.kind in ADDED_SINCE:
                continue
            digest.update(f"{e.kind}|{e.round_id}|{e.actor}|{e.payload_json}\n".encode())
            older = as_version_1(e.payload)
            payload_json = e.payload_json if older is None else payload_to_json(older)
            as_before.update(f"{e.kind}|{e.round_id}|{e.actor}|{payload_json}\n".encode())
            count += 1
    return count, digest.hexdigest(), as_before.hexdigest()


@pytest.mark.parametrize(("preset", "seed", "rounds"), list(RECORDED))
def test_simulate_seeded_session_journals_the_recorded_events(tmp_path: Path, preset: str, seed: int,
                                                              rounds: int) -> None:
    rules = load_preset(preset)
    path = tmp_path / "T1.journal"
    simulate(rules, rounds, seed=seed, boxes=min(6, rules.table.boxes), journal_path=path)
    assert session_digests(path) == RECORDED[(preset, seed, rounds)]
    with Journal(path, readonly=True) as journal:
        sessions = [e.payload for e in journal.entries() if e.kind == "table.shoe_session"]
    assert sessions and all(s["serial"] == "SN000001" and s["authenticated"] is False for s in sessions)


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
