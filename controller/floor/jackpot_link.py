"""A table's link to the linked jackpot's meter: store and forward of its jackpot settlements, the gate of its
jackpot betting, and a pit boss's confirmation of a hit at the table.

The table's journal is the store: every jackpot stake is settled by the engine into the journal
(`JackpotSettled`) whether or not the meter can be reached. A thread of the link reads the journal past what
it has sent and hands each settlement to the meter, one transaction each, keyed on (table, round, box): a
settlement sent again after a kill or an outage counts once, and a hit made while the database was away is
held in the journal and reaches the meter when it is back, to be confirmed then. The same thread asks the
meter for its state: while the meter cannot be reached, or a hit anywhere on it waits for a pit boss, the
table takes no jackpot stakes (`closed_reason` says why) and plays on otherwise.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from controller.core.jackpot_rules import JackpotRules
from controller.engine import Command, PlaceJackpotStake, RoundState, event_from_dict
from controller.engine.events import JackpotSettled
from controller.floor.database import FloorError, explain, psycopg_module
from controller.floor.jackpot_meter import DEFAULT_METER, Hit, JackpotMeter, JackpotRefused
from controller.table.controller import TableController
from controller.table.journal import Journal, JournalEntry, JournalError
from controller.table.users import User

POLL_SECONDS = 0.25  # how often the link reads the journal and the meter's state
HEARTBEAT_SECONDS = 2.0
RETRY_SECONDS = 1.0  # after the meter could not be reached
STOP_GRACE_SECONDS = 5.0  # a stopping link keeps trying to hand over what the journal holds


@dataclass(frozen=True)
class LinkState:
    """What the table knows of the meter now."""

    reachable: bool = False
    pending: bool = False  # a hit on the meter waits for a pit boss
    meter: int | None = None
    problem: str = "the jackpot meter has not answered yet"

    @property
    def closed_reason(self) -> str | None:
        """Why jackpot betting is closed at this table now, for the dealer; None while it is open."""
        if not self.reachable:
            return f"Jackpot betting closed: {self.problem}"
        if self.pending:
            return "Jackpot betting closed: jackpot pending, a hit waits for a pit boss."
        return None


class JackpotLink:
    """One table's link to the meter, on a thread of its own; start() it, stop() it."""

    def __init__(self, journal_path: str | Path, table_id: str, url: str, rules: JackpotRules, *,
                 meter_id: str = DEFAULT_METER, on_state: Callable[[LinkState], None] | None = None) -> None:
        self.journal_path = Path(journal_path)
        self.table_id = table_id
        self.url = url
        self.rules = rules
        self.meter_id = meter_id
        self.on_state = on_state
        self.state = LinkState()
        self._stop = threading.Event()
        self._stopped_at = 0.0
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"jackpot-{table_id}", daemon=True)

    def start(self) -> JackpotLink:
        self._thread.start()
        return self

    def stop(self, timeout: float = 10.0) -> LinkState:
        """Stop, once the journal's settlements are sent (or after a few seconds' trying, if the meter is away)."""
        self._stopped_at = time.monotonic()
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout)
        return self.state

    def wake(self, entry: JournalEntry | None = None) -> None:
        """A journal listener: new entries are there to send."""
        self._wake.set()

    def wait_reachable(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not self.state.reachable and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.state.reachable

    @property
    def closed_reason(self) -> str | None:
        return self.state.closed_reason

    def stake_for(self, state: RoundState, box: int) -> Command | None:
        """The jackpot stake for a box that has just placed its ante, while the meter takes jackpot bets."""
        if self.closed_reason is not None or state.rules.jackpot is None or box not in state.boxes:
            return None
        return PlaceJackpotStake(box)

    # ------------------------------------------------------------------------------------------ thread
    def _run(self) -> None:
        meter: JackpotMeter | None = None
        sent: set[tuple[str, int]] = set()
        after = 0
        beat = 0.0
        pg_error = psycopg_module().Error
        while True:  # a stop sends what the journal holds first, when the meter can be reached
            stopping = self._stop.is_set()  # read before the pass: the last pass starts after the stop
            try:
                if meter is None:
                    meter = JackpotMeter(self.url, self.meter_id)
                    meter.link(self.table_id, self.rules.reseed)
                    sent, after = meter.settled_keys(self.table_id), 0
                if self.journal_path.exists():  # a new table makes its journal as it starts
                    # opened afresh for each pass: a reader kept open would go on reading the file as it was
                    journal = Journal(self.journal_path, self.table_id, readonly=True)
                    try:
                        after = self._send(journal, meter, sent, after)
                    finally:
                        journal.close()
                if time.monotonic() - beat > HEARTBEAT_SECONDS:
                    meter.heartbeat(self.table_id)
                    beat = time.monotonic()
                status = meter.status()
                self._set(LinkState(True, bool(status["pending"]), status["meter"], ""))
                if stopping:
                    break
                self._wake.wait(POLL_SECONDS)
                self._wake.clear()
            except Exception as err:  # the table plays on whatever the link meets; the dealer is told why
                text = explain(err, self.url) if isinstance(err, pg_error) else \
                    str(err) if isinstance(err, FloorError | JackpotRefused | JournalError) else \
                    f"the jackpot link failed ({type(err).__name__}: {err})"
                self._set(LinkState(False, self.state.pending, self.state.meter, text))
                if meter is not None:
                    _close_quietly(meter)
                meter = None
                if stopping and time.monotonic() - self._stopped_at > STOP_GRACE_SECONDS:
                    break  # what is left stays in the journal: the table's next start sends it
                time.sleep(RETRY_SECONDS)
        if meter is not None:
            _close_quietly(meter)

    def _send(self, journal: Journal, meter: JackpotMeter, sent: set[tuple[str, int]], after: int) -> int:
        """Hand the meter every settlement journaled after `after` that it has not got; the last seq read."""
        for entry in journal.entries(after):
            if entry.kind == JackpotSettled.type_name and entry.round_id is not None:
                settled = event_from_dict(entry.payload)
                assert isinstance(settled, JackpotSettled)
                key = (entry.round_id, settled.box)
                if key not in sent:
                    meter.settle(self.table_id, entry.round_id, settled.box, contribution=settled.contribution,
                                 share_pct=settled.share_pct, category=settled.best.name)
                    sent.add(key)
            after = entry.seq
        return after

    def _set(self, state: LinkState) -> None:
        changed = state != self.state
        self.state = state
        if changed and self.on_state is not None:
            self.on_state(state)


def confirm_hit(controller: TableController, url: str, round_id: str, box: int, pit_boss: User,
                meter_id: str = DEFAULT_METER) -> Hit:
    """R-JACKPOT-3: a pit boss (logged in with the floor's staff accounts) has verified the box's hand at the
    table: the meter pays the hit and the table journals the payment. Repeated after a lost answer, it pays
    nothing again and journals nothing again."""
    meter = JackpotMeter(url, meter_id)
    try:
        hit = meter.hit_of(controller.table_id, round_id, box)
        if hit is None:
            raise JackpotRefused(f"The meter holds no jackpot hit of round {round_id} box {box} at table "
                                 f"{controller.table_id}: if the hand was a hit, the table still holds it and sends "
                                 "it once the meter can be reached; try again in a moment.")
        paid, _ = meter.confirm(hit.hit, pit_boss.name)
    finally:
        _close_quietly(meter)
    controller.record_jackpot_paid(round_id, box, paid.hit, paid.amount, pit_boss)
    return paid


def _close_quietly(meter: JackpotMeter) -> None:
    with contextlib.suppress(Exception):  # a connection the server has already dropped
        meter.close()


def held_hits(journal: Journal) -> list[tuple[str, JackpotSettled]]:
    """The hits journaled at this table (share-of-the-meter awards), oldest first, with their rounds."""
    hits: list[tuple[str, JackpotSettled]] = []
    for entry in journal.entries(0):
        if entry.kind == JackpotSettled.type_name and entry.round_id is not None:
            settled = event_from_dict(entry.payload)
            if isinstance(settled, JackpotSettled) and settled.share_pct:
                hits.append((entry.round_id, settled))
    return hits
