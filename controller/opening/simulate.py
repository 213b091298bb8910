"""A QA session: the full table controller, journal on, against the simulated shoe, players on a strategy; opened
as every table is (table_session.py), with its floor links when it is given them."""

from __future__ import annotations

import dataclasses
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from controller.core.rules import HouseRules
from controller.opening.table_session import TableConfig, TableSession, open_table
from controller.table.controller import TableController
from controller.table.journal import JournalEntry
from controller.table.pump import CardPump
from controller.table.qa.autoplay import EVERYONE_SIMPLE, Seating, SessionTotals, play_rounds
from controller.table.qa.forced_deal import RoyalPump
from controller.table.security.program import ProgramCheck
from controller.table.security.signing import SigningKey
from controller.table.security.users import Role, User
from controller.table.table_events import RulesSet, ShoeSessionStarted, Signature

if TYPE_CHECKING:
    from controller.floor.jackpot_link import LinkState
    from controller.floor.reporter import ReportStatus

DEFAULT_ANTE = 10
# The admin of simulated sessions only, who acknowledges the edge of rules that favour a player or were never
# measured (simulate refuses any journal but its own).
QA_ADMIN = User("qa-simulation", Role.ADMIN)
ROUNDS_PER_COMMIT = 10  # the journal is synced to the drive once for this many simulated rounds


def acknowledged_for_qa(controller: TableController) -> TableController:
    """A simulated session's table (or a benchmark's): the operator guard is for tables that take money, so QA
    acknowledges the rules' edge, journaled as its own admin."""
    if not controller.edge_guard.acknowledged:
        controller.edge_guard.acknowledge(QA_ADMIN, "simulated session (QA): no money is at stake")
    return controller


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
    camera: tuple[int, int] | None = None  # with a camera over the layout: showdowns read, card switches seen
    shoe_key_id: str | None = None  # the SHOE/1-A key the simulated shoe proved; None: not authenticated

    @property
    def shoe_words(self) -> str:
        return f"shoe authenticated (key {self.shoe_key_id})" if self.shoe_key_id else "shoe not authenticated"

    def to_dict(self) -> dict[str, Any]:
        report = {"rounds": self.rounds, "boxes_played": self.boxes_played, "wagered": self.wagered,
                  "house_net": self.house_net, "hold_pct": round(self.hold_pct, 4), "faults": self.faults,
                  "events": self.events, "seconds": round(self.seconds, 3), "journal": self.journal,
                  "resumed_from_round": self.resumed_from_round, "shoe_authenticated": self.shoe_key_id is not None,
                  "shoe_key_id": self.shoe_key_id, "shoe": self.shoe_words}
        if self.camera is not None:
            report["showdowns_read"], report["card_switches"] = self.camera
        return report


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
    royal_at: tuple[int, ...] = (),
    camera: str | None = None,
    key: SigningKey | None = None,
    program: ProgramCheck | None = None,
    shoe_key: str | None = None,
    between_rounds: Callable[[TableController], object] | None = None,
    floor: FloorLinks | None = None,
) -> SessionReport:
    """Play until the journal holds `rounds` rounds (a journal with a session in it is resumed, even one cut
    off mid-round). Totals count the rounds played by this call; `on_round` hears of each as it closes;
    `royal_at` rigs the shoe to deal box 1 a royal flush in those rounds (QA).
    `camera`: the URL of a camera over the layout that reads every showdown (`camera+sim://?deck=NAME`). `key`
    seals the journal; `program`, the installed program as checked, is journaled when it changed. `shoe_key` pairs
    the simulated shoe and its driver with a SHOE/1-A key file. `between_rounds` is given the table once it is
    open and after each round, on the session's own thread. `floor`: the table's links to the floor (its reporter,
    the jackpot meter, whose stake every box places and whose decisions are journaled between rounds)."""
    temporary = None
    if journal_path is None:
        temporary = tempfile.TemporaryDirectory(prefix="rptable-sim-")
        journal_path = Path(temporary.name) / f"{table_id}.journal"
    url = f"sim://?seed={seed}&rate=0&clock=virtual" + (f"&faults={quote(faults)}" if faults else "") \
        + (f"&key={quote(shoe_key)}" if shoe_key else "")
    links = floor or FloorLinks()
    config = TableConfig(Path(journal_path), url, table_id, rules, camera=camera, key=key, commit_per=commit_per,
                         rounds_per_commit=ROUNDS_PER_COMMIT if commit_per == "round" else 1, program=program,
                         replica=links.replica, jackpot=links.jackpot, jackpot_wait=links.jackpot_wait,
                         floor_wait=links.close_wait)

    def claimed(controller: TableController) -> None:
        _claim_for_simulation(controller, seed)
        _keep_the_shoe_paired(controller, shoe_key)
        acknowledged_for_qa(controller)
    try:
        session = open_table(config, prepare=claimed, on_warning=links.on_warning,
                             on_jackpot_state=links.on_jackpot_state, on_report_status=links.on_report_status)
        try:
            return _play(session, rules, rounds, seed, boxes=boxes, ante=ante, on_entry=on_entry, seating=seating,
                         on_round=on_round, royal_at=royal_at, between_rounds=between_rounds,
                         journal="" if temporary else str(journal_path))
        finally:
            session.close()
            if links.on_close is not None:
                links.on_close(session)
    finally:
        if temporary is not None:
            temporary.cleanup()


@dataclass(frozen=True)
class FloorLinks:
    """A simulated session's links to the floor, and who hears how they stand: `on_close` is given the closed
    session (its `jackpot_state` and `report_status`, the floor parts' last word)."""

    replica: str | None = None
    jackpot: str | None = None
    jackpot_wait: float = 0.0
    close_wait: float | None = None
    on_warning: Callable[[str], None] | None = None
    on_jackpot_state: Callable[[LinkState], None] | None = None
    on_report_status: Callable[[ReportStatus], None] | None = None
    on_close: Callable[[TableSession], None] | None = None


def _play(session: TableSession, rules: HouseRules, rounds: int, seed: int, *, boxes: int, ante: int,
          on_entry: Callable[[JournalEntry], None] | None, seating: Seating,
          on_round: Callable[[SessionTotals], None] | None, royal_at: tuple[int, ...],
          between_rounds: Callable[[TableController], object] | None, journal: str) -> SessionReport:
    """The session's rounds on the open table, and what they came to."""
    controller, source, guard = session.controller, session.source, session.showdown
    if session.jackpot is not None:
        from controller.floor.jackpot_link import journal_decisions

        link = session.jackpot
        seating = dataclasses.replace(seating, side_bet=link.stake_for)
        between_rounds = _both(lambda table: journal_decisions(table, link.state), between_rounds)
    if on_entry is not None:
        controller.add_listener(on_entry)
    resumed_from = controller.round_number
    pump = RoyalPump(source, controller, pack_seed=seed, boxes=min(boxes, rules.table.boxes),
                     royal_rounds=royal_at) if royal_at else CardPump(source, controller, pack_seed=seed)
    pump.arm_gate()
    if between_rounds is not None:
        between_rounds(controller)

    def each_round(totals: SessionTotals) -> None:
        if between_rounds is not None:
            between_rounds(controller)
        if on_round is not None:
            on_round(totals)
    start = time.perf_counter()
    totals: SessionTotals = play_rounds(controller, pump, rounds, boxes=boxes, ante=ante, seating=seating,
                                        on_round=each_round if between_rounds or on_round else None,
                                        showdown=guard)
    controller.sync()
    seconds = time.perf_counter() - start
    hold = 100.0 * totals.house_net / totals.wagered if totals.wagered else 0.0
    return SessionReport(totals.rounds, totals.boxes_played, totals.wagered, totals.house_net, hold,
                         totals.faults + source.status().faults, controller.journal.last_seq, seconds, journal,
                         resumed_from, (totals.showdowns, totals.card_switches) if guard is not None else None,
                         source.status().info.get("key_id") if controller.shoe_authenticated else None)


def _both(first: Callable[[TableController], object],
          then: Callable[[TableController], object] | None) -> Callable[[TableController], object]:
    if then is None:
        return first

    def each(controller: TableController) -> None:
        first(controller)
        then(controller)
    return each


class NotASimulation(ValueError):
    """The journal holds something other than this simulated session."""


def _claim_for_simulation(controller: TableController, seed: int) -> None:
    """A simulated session resumes only its own journal: never a live table's (its faults would be resolved
    by the QA pit boss), and never with another seed (it would deal other cards)."""
    session = controller.session
    new = not session and all(entry.kind in (RulesSet.KIND, Signature.KIND)  # only its house rules (and seal)
                              for entry in controller.journal.entries())
    if new:
        controller.mark_session("simulation", seed=seed)
        return
    if session.get("mode") != "simulation":
        raise NotASimulation(f"{controller.journal.path} holds a live table's journal, not a simulated session; "
                             "simulate writes only its own journals. Give a new --journal path.")
    if session.get("seed") != seed:
        raise NotASimulation(f"{controller.journal.path} holds the simulated session of seed {session.get('seed')}; "
                             f"resume it with --seed {session.get('seed')}, or give a new --journal path.")


class PairedShoeRequired(ValueError):
    """The session's shoe proved a SHOE/1-A key, and it is being resumed with a shoe that proves none."""


def _keep_the_shoe_paired(controller: TableController, shoe_key: str | None) -> None:
    """A session whose shoe proved a SHOE/1-A key resumes only with a key. A live table stops on the shoe that
    proves none (SHOE_CHANGED) until a pit boss, journaled, says so; a simulated session's QA pit boss would clear
    that at once, and the session would carry on with cards no key vouches for."""
    if shoe_key:
        return
    paired = _paired_session(controller)
    if paired is not None:
        raise PairedShoeRequired(
            f"{controller.journal.path} holds a session whose shoe proved SHOE/1-A key {paired.key_id} (serial "
            f"{paired.serial}); it is not resumed with a shoe that is not authenticated. Resume it with --shoe-key "
            f"FILE, the key whose id is {paired.key_id}, or give a new --journal path.")


def _paired_session(controller: TableController) -> ShoeSessionStarted | None:
    """The last session start whose shoe proved a key, if any: the last one, or (rarely read, in a journal that was
    resumed plain before this check) an earlier one."""
    last = controller.history.shoe
    if last is None or last.authenticated:
        return last
    found = None
    for entry in controller.journal.entries():
        if entry.kind == ShoeSessionStarted.KIND and entry.payload.get("authenticated") is True:
            found = entry
    return ShoeSessionStarted.from_payload(found.payload) if found is not None else None
