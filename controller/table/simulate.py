"""A QA session: the full table controller, journal on, against the simulated shoe, players on a strategy."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from controller.core.rules import HouseRules
from controller.table.autoplay import EVERYONE_SIMPLE, Seating, SessionTotals, play_rounds
from controller.table.controller import TableController
from controller.table.journal import Journal, JournalEntry
from controller.table.pump import CardPump
from controller.table.users import Role, User
from drivers.base import open_source

DEFAULT_ANTE = 10
# The admin of simulated sessions only, who acknowledges the edge of rules that favour a player or were never
# measured (simulate refuses any journal but its own).
QA_ADMIN = User("qa-simulation", Role.ADMIN)
ROUNDS_PER_COMMIT = 10  # the journal is synced to the drive once for this many simulated rounds


@dataclass(frozen=True)
class SessionReport:
    rounds: int
    boxes_played: int
    wagered: int
    house_net: int
    hold_pct: float
    faults: int
    events: int
    seconds: float
    journal: str
    resumed_from_round: int

    def to_dict(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "boxes_played": self.boxes_played, "wagered": self.wagered,
                "house_net": self.house_net, "hold_pct": round(self.hold_pct, 4), "faults": self.faults,
                "events": self.events, "seconds": round(self.seconds, 3), "journal": self.journal,
                "resumed_from_round": self.resumed_from_round}


def simulate(
    rules: HouseRules,
    rounds: int,
    seed: int,
    *,
    boxes: int = 6,
    ante: int = DEFAULT_ANTE,
    journal_path: str | Path | None = None,
    faults: str | None = None,
    commit_per: str = "round",
    on_entry: Callable[[JournalEntry], None] | None = None,
    table_id: str = "T1",
    seating: Seating = EVERYONE_SIMPLE,
    on_round: Callable[[SessionTotals], None] | None = None,
) -> SessionReport:
    """Play until the journal holds `rounds` rounds (a journal with a session in it is resumed, even one cut
    off mid-round). Totals count the rounds played by this call; `on_round` hears of each as it closes."""
    temporary = None
    if journal_path is None:
        temporary = tempfile.TemporaryDirectory(prefix="rptable-sim-")
        journal_path = Path(temporary.name) / f"{table_id}.journal"
    url = f"sim://?seed={seed}&rate=0&clock=virtual" + (f"&faults={quote(faults)}" if faults else "")
    journal = Journal(journal_path, table_id)
    source = open_source(url)
    try:
        controller = TableController(journal, rules, commit_per=commit_per,
                                     rounds_per_commit=ROUNDS_PER_COMMIT if commit_per == "round" else 1)
        _claim_for_simulation(controller, seed)
        if not controller.rules_edge_acknowledged:  # the guard is for tables that take money; QA says it saw it
            controller.acknowledge_rules_edge(QA_ADMIN, "simulated session (QA): no money is at stake")
        if on_entry is not None:
            controller.add_listener(on_entry)
        resumed_from = controller.round_number
        pump = CardPump(source, controller, pack_seed=seed)
        pump.arm_gate()
        start = time.perf_counter()
        totals: SessionTotals = play_rounds(controller, pump, rounds, boxes=boxes, ante=ante, seating=seating,
                                            on_round=on_round)
        controller.sync()
        seconds = time.perf_counter() - start
        hold = 100.0 * totals.house_net / totals.wagered if totals.wagered else 0.0
        return SessionReport(totals.rounds, totals.boxes_played, totals.wagered, totals.house_net, hold,
                             totals.faults + source.status().faults, journal.last_seq, seconds,
                             "" if temporary else str(journal_path), resumed_from)
    finally:
        source.close()
        journal.close()
        if temporary is not None:
            temporary.cleanup()


class NotASimulation(ValueError):
    """The journal holds something other than this simulated session."""


def _claim_for_simulation(controller: TableController, seed: int) -> None:
    """A simulated session resumes only its own journal: never a live table's (its faults would be resolved
    by the QA pit boss), and never with another seed (it would deal other cards)."""
    session = controller.session
    if not session and controller.journal.last_seq <= 1:  # a new journal: only its house rules so far
        controller.mark_session("simulation", seed=seed)
        return
    if session.get("mode") != "simulation":
        raise NotASimulation(f"{controller.journal.path} holds a live table's journal, not a simulated session; "
                             "simulate writes only its own journals. Give a new --journal path.")
    if session.get("seed") != seed:
        raise NotASimulation(f"{controller.journal.path} holds the simulated session of seed {session.get('seed')}; "
                             f"resume it with --seed {session.get('seed')}, or give a new --journal path.")
