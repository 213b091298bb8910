"""A table's link to the linked jackpot's meter: store and forward of its jackpot settlements, the gate of its
jackpot betting, and a pit boss's confirmation of a hit at the table.

The table's journal is the store: every jackpot stake is settled by the engine into the journal
(`JackpotSettled`) whether or not the meter can be reached. A thread of the link reads the journal past what
it has sent and hands each settlement to the meter, one transaction each, keyed on (table, round, box): a
settlement sent again after a kill or an outage counts once, and a hit made while the database was away is
held in the journal and reaches the meter when it is back, to be confirmed then. The same thread asks the
meter for its state: while the meter cannot be reached, or a hit anywhere on it waits for a pit boss, the
table takes no jackpot stakes (`closed_reason` says why) and plays on otherwise.

What else the journal says of the jackpot reaches the meter the same way, in journal order: a voided round's
settlements taken back (`JackpotVoided`), and a hit a pit boss rejected at the table while the meter was away.

The other way, a pit boss's decision on a hit of this table's journal made on the meter away from the table's
console (from the pit's window, or `rptable jackpot confirm` at a terminal) comes back to the table: each pass
asks the meter about the hits the journal holds as waiting, and the state says which the meter holds as decided
(`LinkState.decided`, woken by the meter's NOTIFY at once). The table program journals them on its own thread
(`journal_decisions`), once: a table that was off when the decision was made journals it when it next starts.

The meter takes a table's entries only from the history it already credited: the journal must hold the event the
meter credited the table up to (`credited`, the seq and hash kept on the meter), and its seals must be by the key
the floor approved for the table (controller.floor.table_keys), checked as they are appended. A copy of the
table's journal that went its own way, or one sealed elsewhere, is refused, and so is its confirmation of a hit
(`require_credited_journal`). A floor that takes nothing from a table without an approved key
(controller.floor.settings) links no such table.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.core.jackpot_rules import JackpotRules
from controller.core.rules import HouseRules
from controller.engine import Command, IllegalCommand, PlaceJackpotStake, RoundState, event_from_payload
from controller.engine.events import JackpotSettled, JackpotVoided
from controller.floor.database import FloorError, explain, psycopg_module
from controller.floor.jackpot_meter import DEFAULT_METER, AlreadyPaid, Hit, JackpotMeter, JackpotRefused
from controller.floor.settings import TABLES_NEED_APPROVED_KEY, floor_setting, no_approved_key
from controller.floor.table_binding import JournalIdentity, first_hash, identity_of
from controller.floor.table_keys import approved_key
from controller.table.audit.verify import RunningVerify, VerifyWith
from controller.table.controller import TableController
from controller.table.journal import Journal, JournalEntry, JournalError, JournalNotMade
from controller.table.security.users import User, name_in
from controller.table.table_events import JackpotPaid, JackpotRejected, table_event_from

POLL_SECONDS = 0.25  # how often the link reads the journal and the meter's state
HEARTBEAT_SECONDS = 2.0
RETRY_SECONDS = 1.0  # after the meter could not be reached
STOP_GRACE_SECONDS = 5.0  # a stopping link keeps trying to hand over what the journal holds (not to a meter that
# refused the table: its answer holds)


@dataclass(frozen=True)
class PendingHit:
    """The hit on the meter that waits for a pit boss (the first, when several do)."""

    hit: int
    table_id: str
    round_id: str
    box: int
    category: str
    amount: int


@dataclass(frozen=True)
class LinkState:
    """What the table knows of the meter now."""

    reachable: bool = False
    pending: bool = False  # a hit on the meter waits for a pit boss
    meter: int | None = None
    problem: str = "the jackpot meter has not answered yet"
    waiting: PendingHit | None = None  # the hit that locks the meter, where it is known
    # hits of this table's journal a pit boss confirmed or rejected on the meter that the journal holds as waiting
    decided: tuple[Hit, ...] = ()

    def amount_of(self, table_id: str, round_id: str, box: int) -> int | None:
        """The amount the meter holds for this box's hit while it waits, if the meter has it."""
        hit = self.waiting
        if hit is not None and (hit.table_id, hit.round_id, hit.box) == (table_id, round_id, box):
            return hit.amount
        return None

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
        self._answered = threading.Event()  # the meter's last word: it took the link, or refused the table
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
        """Whether the link reached the meter within `timeout` seconds; False at once when the meter refused the
        table (another journal holds its id, it has no approved key...): that answer does not change by waiting."""
        self._answered.wait(timeout)
        return self.state.reachable

    @property
    def closed_reason(self) -> str | None:
        return self.state.closed_reason

    def verify_stake(self, box: int) -> None:
        """IllegalCommand, saying why, when the table takes no jackpot stake now (the meter cannot be reached, or
        a hit waits for a pit boss); what the round itself allows, the engine verifies."""
        reason = self.closed_reason
        if reason is not None:
            said = reason.rstrip() if reason.rstrip().endswith(".") else reason.rstrip() + "."
            raise IllegalCommand(f"{said} Box {box}'s jackpot stake is refused; the rest of the game goes on.",
                                 "R-JACKPOT-1")

    def stake_for(self, state: RoundState, box: int) -> Command | None:
        """The jackpot stake for a box that has just placed its ante, while the meter takes jackpot bets."""
        if self.closed_reason is not None or state.rules.jackpot is None or box not in state.boxes:
            return None
        return PlaceJackpotStake(box)

    # ------------------------------------------------------------------------------------------ thread
    def _run(self) -> None:
        meter: JackpotMeter | None = None
        sent: set[tuple[str, str, int]] = set()
        waiting: set[tuple[str, int]] = set()  # the hits the journal holds as waiting for a pit boss
        after = 0
        bound = ""  # the hash of the first event of the journal the table's id is bound to, once it is
        credited = (0, "")  # the event of the journal the meter has taken the table's entries up to
        verify: RunningVerify | None = None  # the journal's seals, checked as they are appended (kept: a bad verdict
        beat = 0.0  # is not read again at every retry)
        pg_error = psycopg_module().Error
        while True:  # a stop sends what the journal holds first, when the meter can be reached
            stopping = self._stop.is_set()  # read before the pass: the last pass starts after the stop
            try:
                if meter is None:
                    meter = JackpotMeter(self.url, self.meter_id)
                    approved = _approved_or_refused(meter, self.table_id)
                    if verify is None:  # kept across reconnections: a bad verdict is not read again at every retry
                        verify = RunningVerify(self.table_id, VerifyWith(approved, "floor") if approved else None)
                    mine = self._journal_identity()
                    meter.link(self.table_id, self.rules.reseed, mine)  # refused: another journal holds the id
                    sent, after, bound = meter.settled_keys(self.table_id), 0, mine.first_hash
                    credited = meter.credited(self.table_id)
                    waiting = set()
                # opened afresh for each pass: a reader kept open would go on reading the file as it was
                if (journal := _journal_made(self.journal_path, self.table_id)) is not None:
                    try:
                        if not bound and journal.last_seq:
                            mine = identity_of(journal, self.journal_path)
                            meter.bind(self.table_id, mine)
                            bound = mine.first_hash
                        if bound:
                            assert verify is not None
                            _require_holds(journal, self.journal_path, self.table_id, credited)
                            if verify.verdict is None:  # the first check starts at the credited event's checkpoint
                                _start_at_credited(verify, journal, credited[0])
                            upto = _sealed_up_to(verify, journal, self.journal_path, self.table_id)
                            after = self._send(journal, meter, sent, after, bound, waiting, upto)
                            if after > credited[0] and (held := journal.row_before(after + 1)) is not None:
                                credited = meter.credit(self.table_id, credited, (int(held[0]), str(held[1])))
                    finally:
                        journal.close()
                if time.monotonic() - beat > HEARTBEAT_SECONDS:
                    meter.heartbeat(self.table_id)
                    beat = time.monotonic()
                decided = tuple(meter.decided_hits(self.table_id, bound, waiting)) if bound else ()
                status = meter.status()
                self._set(LinkState(True, bool(status["pending"]), status["meter"], "", _first_waiting(status),
                                    decided))
                self._answered.set()
                if stopping:
                    break
                self._wake.wait(POLL_SECONDS)
                self._wake.clear()
            except Exception as err:  # the table plays on whatever the link meets; the dealer is told why
                text = explain(err, self.url) if isinstance(err, pg_error) else \
                    str(err) if isinstance(err, FloorError | JackpotRefused | JournalError) else \
                    f"the jackpot link failed ({type(err).__name__}: {err})"
                self._set(LinkState(False, self.state.pending, self.state.meter, text, self.state.waiting,
                                    self.state.decided))
                refused = isinstance(err, JackpotRefused)  # the meter answered: trying again now changes nothing
                if refused:
                    self._answered.set()
                else:
                    self._answered.clear()  # unreachable: no word from the meter until it is back
                if meter is not None:
                    _close_quietly(meter)
                meter = None
                if stopping and (refused or time.monotonic() - self._stopped_at > STOP_GRACE_SECONDS):
                    break  # what is left stays in the journal: the table's next start sends it
                if stopping:
                    time.sleep(RETRY_SECONDS)
                else:
                    self._stop.wait(RETRY_SECONDS)  # a stop is heard at once: its last pass tries again
        if meter is not None:
            _close_quietly(meter)

    def _journal_identity(self) -> JournalIdentity:
        """The table's journal as the meter binds its id to it (a journal not made yet, or holding no event, has
        no first hash: the id is bound once it does)."""
        if (journal := _journal_made(self.journal_path, self.table_id)) is not None:
            try:
                if journal.last_seq:
                    return identity_of(journal, self.journal_path)
            finally:
                journal.close()
        return JournalIdentity("", str(self.journal_path.resolve()), socket.gethostname())

    def _send(self, journal: Journal, meter: JackpotMeter, sent: set[tuple[str, str, int]], after: int,
              journal_hash: str, waiting: set[tuple[str, int]], upto: int) -> int:
        """Hand the meter every jackpot entry journaled after `after` and up to `upto` (what verifies) that it has
        not got, in journal order: the settlements, a voided round's settlements taken back, the hits rejected at
        the table; and keep `waiting`, the hits the journal holds as waiting for a pit boss. The last seq read."""
        for entry in journal.jackpot_entries(after):
            if entry.seq > upto:
                break
            if entry.round_id is not None:
                self._hand_over(entry.round_id, entry, meter, sent, journal_hash)
                _follow_waiting(entry, waiting)
        return max(after, upto)

    def _hand_over(self, round_id: str, entry: JournalEntry, meter: JackpotMeter,
                   sent: set[tuple[str, str, int]], journal_hash: str) -> None:
        if entry.kind == JackpotRejected.KIND:
            rejected = table_event_from(entry.kind, entry.payload)
            assert isinstance(rejected, JackpotRejected)
            key = ("rejected", rejected.round_id, rejected.box)
            if key not in sent:
                # refused (paid, or not a pit boss the floor knows): the hit stays as the meter has it, for a pit boss
                with contextlib.suppress(JackpotRefused):
                    meter.reject(self.table_id, rejected.round_id, rejected.box, name_in(rejected.actor),
                                 rejected.reason)
                sent.add(key)
            return
        if entry.kind == JackpotPaid.KIND:
            return  # the meter fixed the payment before the table journaled it
        event = event_from_payload(entry.payload)
        if isinstance(event, JackpotSettled) and ("contribution", round_id, event.box) not in sent:
            meter.settle(self.table_id, round_id, event.box, contribution=event.contribution,
                         share_pct=event.share_pct, category=event.best.name, journal_hash=journal_hash)
            sent.add(("contribution", round_id, event.box))
        elif isinstance(event, JackpotVoided) and ("reversal", round_id, event.box) not in sent:
            meter.reverse(self.table_id, round_id, event.box, contribution=event.contribution,
                          actor=f"table {self.table_id}")
            sent.add(("reversal", round_id, event.box))

    def _set(self, state: LinkState) -> None:
        changed = state != self.state
        self.state = state
        if changed and self.on_state is not None:
            self.on_state(state)


def _approved_or_refused(meter: JackpotMeter, table_id: str) -> Any:
    """The key the floor approved for the table (None: it has none, and the floor does not require one);
    JackpotRefused, saying what to run, on a floor that takes no stake from a table without one."""
    approved = approved_key(meter.db, table_id)
    if approved is None and floor_setting(meter.db, TABLES_NEED_APPROVED_KEY):
        said = no_approved_key(table_id)
        raise JackpotRefused(f"{said[0].upper()}{said[1:]}.")
    return approved


def _require_holds(journal: Journal, path: str | Path, table_id: str, credited: tuple[int, str]) -> None:
    """JackpotRefused unless the journal holds the event the meter credited the table's entries up to."""
    seq, digest = credited
    if not seq:
        return
    held = journal.row_before(seq + 1)
    if held is not None and int(held[0]) == seq and str(held[1]) == digest:
        return
    holds = f"holds another event #{seq:,}" if held is not None and int(held[0]) == seq else \
        f"holds {journal.last_seq:,} events"
    raise JackpotRefused(
        f"The journal {path} is not the history the jackpot meter took table {table_id}'s stakes from: the meter "
        f"credited the table's events up to #{seq:,} and this journal {holds}; it is a copy of the table's journal, "
        "or an older or another one. The meter takes nothing from it and pays nothing with it; run the table on its "
        "own journal, or call the floor manager.")


def _sealed_up_to(verify: RunningVerify, journal: Journal, path: str | Path, table_id: str) -> int:
    """The last event of the journal that verifies, seals included (by the key the floor approved for the table,
    when it has one); JackpotRefused when any event does not."""
    verdict = verify.advance(journal)
    if not verdict.ok:
        raise JackpotRefused(
            f"Table {table_id}'s journal {path} does not verify ({verdict.reason}): the jackpot meter takes nothing "
            "from it and pays nothing with it. `rptable audit --journal PATH verify` says more; call the floor "
            "manager.")
    return verdict.intact


def require_credited_journal(meter: JackpotMeter, table_id: str, journal: Journal, path: str | Path) -> None:
    """JackpotRefused unless `journal` is the history the meter credited for the table (it holds the event the
    meter credited it up to) and is sealed by the key the floor approved for the table, from the checkpoint before
    that event on (the events before it were checked as the link sent them): what a hit is paid or rejected with."""
    approved = _approved_or_refused(meter, table_id)
    credited = meter.credited(table_id)
    _require_holds(journal, path, table_id, credited)
    verify = RunningVerify(table_id, VerifyWith(approved, "floor") if approved else None)
    _start_at_credited(verify, journal, credited[0])
    _sealed_up_to(verify, journal, path, table_id)


def _start_at_credited(verify: RunningVerify, journal: Journal, credited: int) -> None:
    """Check the seals from the checkpoint before the event the meter credited the table up to: the events before
    it were checked as the link sent them, so a table that played for months starts its link in the time its
    last rounds take, not its whole history's."""
    checkpoint = journal.last_checkpoint(before=credited + 1) if credited else None
    if checkpoint is not None:
        verify.start_at(journal, checkpoint)


def _journal_made(path: Path, table_id: str) -> Journal | None:
    """The table's journal to read, or None while the table has not made it: a new table makes its file as it
    starts, and its tables a moment later (a link that took that moment for a wrong file closed jackpot betting)."""
    if not path.exists():
        return None
    try:
        return Journal(path, table_id, readonly=True)
    except JournalNotMade:
        return None


def open_link(journal_path: str | Path, table_id: str, url: str, rules: HouseRules, *,
              on_state: Callable[[LinkState], None] | None = None, wait: float = 0.0) -> JackpotLink:
    """A table's link to the meter, started (and given `wait` seconds to reach it: jackpot betting stays closed
    until it has). ValueError, saying what to give, for rules without a [jackpot] section: the `--jackpot` of
    `rptable simulate` and of `rptable console` alike."""
    link = JackpotLink(journal_path, table_id, url, jackpot_rules_of(rules), on_state=on_state).start()
    if wait:
        link.wait_reachable(wait)
    return link


def jackpot_rules_of(rules: HouseRules) -> JackpotRules:
    """The rules' [jackpot] section; ValueError, saying what to give, for rules without one (a table opening
    with a jackpot link asks before it opens anything)."""
    if rules.jackpot is None:
        raise ValueError(f"--jackpot: the rules '{rules.name}' have no [jackpot] section, so the table takes no "
                         "jackpot bets; give rules with one (docs/jackpot/classic-jackpot.toml)")
    return rules.jackpot


def confirm_hit(controller: TableController, url: str, round_id: str, box: int, pit_boss: User,
                meter_id: str = DEFAULT_METER) -> Hit:
    """R-JACKPOT-3: a pit boss (logged in with the floor's staff accounts) has verified the box's hand at the
    table: the meter pays the hit and the table journals the payment. A hit confirmed from the pit is journaled
    at the table the first time its pit boss confirms it there. Once the table's journal holds the payment, a
    confirmation pays nothing and journals nothing again: AlreadyPaid says by whom and when it was paid."""
    held = controller.jackpot.hit(round_id, box)
    if held.paid is None and not held.waiting:
        controller.jackpot.record_paid(round_id, box, 0, 0, pit_boss)  # refused, saying why
    meter = JackpotMeter(url, meter_id)
    try:
        hit = meter.hit_of(controller.table_id, round_id, box)
        if hit is None:
            raise JackpotRefused(f"The meter holds no jackpot hit of round {round_id} box {box} at table "
                                 f"{controller.table_id}: if the hand was a hit, the table still holds it and sends "
                                 "it once the meter can be reached; try again in a moment.")
        _require_made_by(controller, hit)
        if held.paid is not None and hit.status == "paid":
            raise AlreadyPaid(hit)
        require_credited_journal(meter, controller.table_id, controller.journal, controller.journal.path)
        paid, _ = meter.confirm(hit.hit, pit_boss.name)
    finally:
        _close_quietly(meter)
    controller.jackpot.record_paid(round_id, box, paid.hit, paid.amount, pit_boss)
    return paid


@dataclass(frozen=True)
class Rejection:
    """A hit rejected at the table: journaled there, and `on_meter` the meter's hit as rejected (None: the meter
    did not have the hit, or could not be reached; the table's link hands it the rejection later)."""

    round_id: str
    box: int
    on_meter: Hit | None
    meter_problem: str = ""
    already: bool = False  # it was rejected before: nothing changed
    still_waiting: Hit | None = None  # the hit that keeps the meter locked after this one was rejected


def reject_hit(controller: TableController, url: str, round_id: str, box: int, pit_boss: User, reason: str,
               meter_id: str = DEFAULT_METER) -> Rejection:
    """R-JACKPOT-3: a pit boss has found at the table that the box's hand is not the hit the shoe read (a
    misdeal, say): the hit is not paid and the meter unlocks unless another hit waits (`still_waiting`). The
    meter is told first where it can be reached (it checks the pit boss's floor account again); where it cannot,
    or it has not got the hit yet, the table's journal holds the rejection and its link hands it over with the
    hit. Repeated, it changes nothing."""
    held = controller.jackpot.hit(round_id, box)
    if held.rejected is not None:
        return Rejection(round_id, box, None, already=True)
    if not held.waiting or not reason.strip():
        controller.jackpot.record_rejected(round_id, box, 0, pit_boss, reason)  # refused, saying why
    on_meter, problem, still_waiting = None, "", None
    try:
        meter = JackpotMeter(url, meter_id)
    except FloorError as err:
        problem = str(err)
    else:
        try:
            found = meter.hit_of(controller.table_id, round_id, box)
            if found is not None:
                _require_made_by(controller, found)
                on_meter, _ = meter.reject(controller.table_id, round_id, box, pit_boss.name, reason)
                still_waiting = meter.first_waiting()
        except psycopg_module().Error as err:
            problem = explain(err, url)
        finally:
            _close_quietly(meter)
    controller.jackpot.record_rejected(round_id, box, on_meter.hit if on_meter is not None else 0, pit_boss, reason)
    return Rejection(round_id, box, on_meter, problem, still_waiting=still_waiting)


def _require_made_by(controller: TableController, hit: Hit) -> None:
    """JackpotRefused unless the hit came from this table's journal: a second journal under the table's id (whose
    rounds are numbered like the first's) never pays, nor rejects, the first one's hit."""
    if hit.journal_hash and hit.journal_hash != first_hash(controller.journal):
        raise JackpotRefused(
            f"Jackpot hit #{hit.hit} (table {hit.table_id} round {hit.round_id} box {hit.box}) was made by another "
            f"journal of table {hit.table_id}, not {controller.journal.path}: a hit is confirmed or rejected only "
            "with the journal that made it. Nothing is paid; give the table's own journal.")


def journal_decisions(controller: TableController, state: LinkState) -> list[JournalEntry]:
    """On the table program's own thread: journal each decision the link found on the meter (`state.decided`)
    that the journal does not hold yet, as the meter holds it: who decided, and when. What the table journaled;
    a decision journaled already, or a hit whose round was voided since, adds nothing."""
    journaled: list[JournalEntry] = []
    for hit in state.decided:
        if hit.table_id != controller.table_id or (hit.journal_hash and hit.journal_hash != first_hash(
                controller.journal)):
            continue  # never another table's hit, nor one of another journal under this table's id
        try:
            held = controller.jackpot.hit(hit.round_id, hit.box)
        except IllegalCommand:
            continue
        if not held.waiting:
            continue
        actor = f"pit_boss:{hit.confirmed_by}"
        at = hit.confirmed_at or 0.0
        if hit.status == "paid":
            journaled += controller.jackpot.record_decided(hit.round_id, hit.box, hit.hit, actor, at, amount=hit.amount)
        elif hit.status == "rejected":
            journaled += controller.jackpot.record_decided(hit.round_id, hit.box, hit.hit, actor, at,
                                                           reason=hit.reason or "rejected on the meter")
    return journaled


def _follow_waiting(entry: JournalEntry, waiting: set[tuple[str, int]]) -> None:
    """The hits waiting for a pit boss, after this journal entry (controller.table.jackpot_hits reads it whole)."""
    assert entry.round_id is not None
    if entry.kind in (JackpotPaid.KIND, JackpotRejected.KIND):
        event = table_event_from(entry.kind, entry.payload)
        assert isinstance(event, JackpotPaid | JackpotRejected)
        waiting.discard((event.round_id, event.box))
        return
    settled = event_from_payload(entry.payload)
    if isinstance(settled, JackpotSettled) and settled.share_pct:
        waiting.add((entry.round_id, settled.box))
    elif isinstance(settled, JackpotVoided):
        waiting.discard((entry.round_id, settled.box))


def _first_waiting(status: dict[str, Any]) -> PendingHit | None:
    """The oldest hit on the meter that waits for a pit boss, among those the status lists."""
    waiting = [h for h in status["hits"] if h["status"] == "pending"]
    if not waiting:
        return None
    first = min(waiting, key=lambda h: h["hit"])
    return PendingHit(first["hit"], first["table"], first["round"], first["box"], first["category"], first["amount"])


def _close_quietly(meter: JackpotMeter) -> None:
    with contextlib.suppress(Exception):  # a connection the server has already dropped
        meter.close()
