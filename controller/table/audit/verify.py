"""`audit verify`: the hash chain and a full replay of every round, spread over every core, naming the first
bad event exactly.

A round's replay needs only its own events and the table as it stood when the round opened (the house rules in
force, the open faults), so a cheap pass over the table-level events cuts the journal into stretches at round
openings and gives each stretch its starting table; each stretch is then checked on its own core, row by row:
the chain link, the payload, the replay. The lowest bad event of any stretch wins, whichever core found it; a
payment adjustment, which may name a box settled in an earlier stretch, is checked when the stretches are
joined. A journal whose table-level events cannot even be read is checked in one stretch, in order.
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from controller.core.rules import HouseRules, rules_from_mapping
from controller.engine import RoundState, apply, event_from_dict, new_round
from controller.engine.events import EVENT_TYPES, BoxSettled, Event, RoundClosed
from controller.engine.settlement import settle_box, settle_void
from controller.engine.state import dealer_qualifies
from controller.engine.strength import hand_value
from controller.table.journal import Journal, JournalEntry, JournalError
from controller.table.journal.chain import ChainWalk
from controller.table.journal.store import stored_row

OVERRIDE_ROLES = ("pit_boss:", "admin:")
REPLAY_ERRORS = (KeyError, ValueError, TypeError, AttributeError, IndexError, AssertionError)
# Below this many events one core does it all: starting the others costs more than it saves.
PARALLEL_FROM_EVENTS = 40_000
# Payloads repeat (a card placed, a box folded: ~3,000 distinct texts in 100,000 events): each is read once.
CACHE_LIMIT = 100_000
STRETCHES_PER_CORE = 3  # a few stretches per core, so that one slow stretch does not leave a core idle
TABLE_KINDS = ("table.rules", "table.round_opened", "table.fault", "table.fault_resolved", "table.adjustment")


@dataclass(frozen=True)
class VerifyReport:
    ok: bool
    events: int
    rounds: int
    first_bad_event: int | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "events": self.events, "rounds": self.rounds,
                "first_bad_event": self.first_bad_event, "reason": self.reason}


# -- payloads ----------------------------------------------------------------------------------------------
_scan_json = json.JSONDecoder().scan_once  # type: ignore[attr-defined] # the C scanner, without json.loads's per-call set-up


def decode_payload(text: Any) -> dict[str, Any]:
    """A stored payload as a dict; ValueError/TypeError when it is not one JSON object."""
    try:
        value, end = _scan_json(text, 0)
    except StopIteration:
        value, end = None, -1
    if end != len(text):  # leading or trailing text: json.loads says exactly what is wrong (or accepts spaces)
        value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError("the payload is not a JSON object")
    return value


# -- the replay ----------------------------------------------------------------------------------------------
class ReplayCheck:
    """The replay half of verify, one event at a time: every box paid again from its cards, its decisions and
    the journaled house rules; each round's house net; and the table's own rules (overrides by a pit boss with
    a reason, no play while a table fault is open).

    Whether an adjustment names a box settled before it is left to `unsettled_adjustment`, because in a
    stretch the box may have been settled in an earlier one: `settled` and `adjustments` record what it needs.
    """

    def __init__(self, rules: HouseRules | None = None, open_faults: dict[str, bool] | None = None,
                 rounds_before: int = 0, wanted: frozenset[tuple[str, int]] | None = None) -> None:
        self.rules = rules
        self.state: RoundState | None = None
        self.round_id: str | None = None
        self.open_faults: dict[str, bool] = dict(open_faults or {})  # fault id -> clears itself
        self.rounds = rounds_before  # rounds opened so far, in the whole journal
        self.wanted = wanted  # the (round, box) pairs adjustments name; None: record every settled box
        self.settled: dict[tuple[str, int], int] = {}  # (round, box) -> seq of its BoxSettled
        self.adjustments: list[tuple[int, str, int, int]] = []  # (seq, round, box, rounds opened by then)
        self._events: dict[str, Event] = {}  # payload text -> its event

    def feed(self, seq: int, kind: str, round_id: str | None, actor: str | None, payload: dict[str, Any],
             text: str = "") -> str:
        """Why this event breaks the replay or the table's rules, or "" when it does not. `text`, the payload
        as stored, lets a round event read before be reused (events are frozen; most payloads repeat)."""
        try:
            if kind.startswith("table."):
                return self._table_event(seq, kind, payload)
            if kind in ("FaultResolved", "RoundVoided") and not _override_ok(payload):
                return "a card fault or a round was overridden without a pit boss and a reason"
            if kind in EVENT_TYPES:
                return self._round_event(seq, round_id, actor, payload, text)
            return ""
        except REPLAY_ERRORS as err:
            return f"it cannot be replayed: {type(err).__name__}: {err}"

    def _table_event(self, seq: int, kind: str, p: dict[str, Any]) -> str:
        if kind == "table.round_opened":
            self.rounds += 1
            if self.rules is None:
                return "a round opens before any house rules are recorded"
            self.state, self.round_id = new_round(self.rules), p["round_id"]
        elif kind == "table.fault":
            self.open_faults[p["fault_id"]] = bool(p.get("clears_itself"))
        elif kind == "table.fault_resolved":
            clears_itself = self.open_faults.pop(p["fault_id"], None)
            if clears_itself is None:
                return f"it resolves fault {p['fault_id']}, which is not open"
            by_device = clears_itself and str(p.get("actor", "")).startswith("source:")
            if not by_device and not _override_ok(p):
                return "a fault was resolved without a pit boss and a reason"
        elif kind == "table.adjustment":
            if not _override_ok(p):
                return "a payment was adjusted without a pit boss and a reason"
            self.adjustments.append((seq, p["round_id"], p["box"], self.rounds))
        elif kind == "table.rules":
            if self.rules is not None and not _override_ok(p):
                return "the house rules were changed without a pit boss and a reason"
            self.rules = rules_from_mapping(p["rules"], "journal")
        return ""

    def _round_event(self, seq: int, round_id: str | None, actor: str | None, payload: dict[str, Any],
                     text: str) -> str:
        state = self.state
        if state is None or round_id != self.round_id:
            return "a round event outside its round"
        if self.open_faults and not (actor or "").startswith(OVERRIDE_ROLES):
            return "play went on while a table fault was open"
        event = self._events.get(text) if text else None
        if event is None:
            event = event_from_dict(payload)
            if text:
                _remember(self._events, text, event)
        kind = type(event)
        if kind is BoxSettled or kind is RoundClosed:
            problem = _recompute(state, event)
            if problem:
                return problem
        apply(state, event)
        if kind is BoxSettled and round_id is not None:
            pair = (round_id, event.box)  # type: ignore[attr-defined]
            if self.wanted is None or pair in self.wanted:
                self.settled[pair] = seq
        return ""


def _remember(cache: dict[str, Any], key: str, value: Any) -> None:
    if len(cache) >= CACHE_LIMIT:
        cache.clear()  # a journal of mostly unique payloads: start again rather than grow without end
    cache[key] = value


def unsettled_adjustment(adjustments: Iterable[tuple[int, str, int, int]],
                         settled: dict[tuple[str, int], int]) -> tuple[int, str, int] | None:
    """The first adjustment (seq, why, rounds opened by then) naming a box not settled before it, if any."""
    for seq, round_id, box, rounds in adjustments:
        at = settled.get((round_id, box))
        if at is None or at > seq:
            return seq, f"it adjusts box {box} of round {round_id}, which was never settled", rounds
    return None


def _override_ok(payload: dict[str, Any]) -> bool:
    return str(payload.get("actor", "")).startswith(OVERRIDE_ROLES) and bool(str(payload.get("reason", "")).strip())


def _recompute(state: RoundState, event: Any) -> str:
    if isinstance(event, BoxSettled):
        box = state.boxes.get(event.box)
        if box is None:
            return f"it settles box {event.box}, which is not in the round"
        if event.outcome == "void":
            expected = settle_void(box)
        else:
            expected = settle_box(state.rules, box, hand_value(state.dealer), state.dealer_qualified,
                                  dealer_qualifies(state))
        if expected != event:
            return (f"box {event.box} was paid {event.net:+d} ({event.outcome}), but its cards, decisions and "
                    f"the house rules pay {expected.net:+d} ({expected.outcome})")
    elif isinstance(event, RoundClosed):
        nets = sum(b.settlement.net for b in state.boxes.values() if b.settlement is not None)
        if event.house_net != -nets:
            return f"the round closes with house net {event.house_net:+d}, but its boxes add up to {-nets:+d}"
    return ""


# -- one stretch of rows ----------------------------------------------------------------------------------
@dataclass
class Finding:
    """What one stretch of the journal showed: its first bad event, if any, and what the join needs."""

    rows: int = 0  # rows read (up to and including the bad one)
    bad_seq: int | None = None
    reason: str = ""
    by_chain: bool = False  # the chain broke (events are then counted up to the bad one)
    rounds: int = 0  # rounds opened up to the bad event, or in all, in the whole journal
    settled: dict[tuple[str, int], int] = field(default_factory=dict)
    adjustments: list[tuple[int, str, int, int]] = field(default_factory=list)


def check_rows(rows: Iterable[tuple[Any, ...]], walk: ChainWalk, replay: ReplayCheck) -> Finding:
    """Each row in seq order: its chain link, its payload, its replay. Stops at the first bad row; where the
    chain and the replay both fault one row, the chain's finding is given (the row was changed)."""
    step, feed = walk.step, replay.feed
    payloads: dict[str, dict[str, Any]] = {}  # payload text -> its dict (never changed by the replay)
    count = 0
    bad_seq: int | None = None
    reason, by_chain = "", False
    for row in rows:
        count += 1
        problem = step(*row)
        if problem:
            bad_seq, reason, by_chain = row[0], problem, True
            break
        seq, kind = row[0], row[4]
        text = row[7]
        payload = payloads.get(text) if type(text) is str else None
        if payload is None:
            try:
                payload = decode_payload(text)
            except (ValueError, TypeError) as err:
                if kind == "table.round_opened":
                    replay.rounds += 1  # counted as the replay would have
                bad_seq, reason = seq, f"event {seq} ({kind}): its payload cannot be read ({err}): the row was "
                reason += "damaged or edited"
                break
            if type(text) is str:
                _remember(payloads, text, payload)
        problem = feed(seq, kind, row[3], row[6], payload, text)
        if problem:
            bad_seq, reason = seq, f"event {seq} ({kind}): {problem}"
            break
    return Finding(count, bad_seq, reason, by_chain, replay.rounds, replay.settled, replay.adjustments)


def verify_journal(entries: list[JournalEntry]) -> VerifyReport:
    """The hash chain and the full replay of a list of entries (the console's audit view), in one stretch."""
    rows = (stored_row(e) for e in entries)
    return _report([check_rows(rows, ChainWalk(), ReplayCheck())], len(entries))


def _report(findings: list[Finding], total_rows: int) -> VerifyReport:
    """Join the stretches' findings (in journal order) into one report naming the lowest bad event."""
    settled: dict[tuple[str, int], int] = {}
    adjustments: list[tuple[int, str, int, int]] = []
    rows_before = 0
    for finding in findings:
        settled.update(finding.settled)
        adjustments += finding.adjustments
        if finding.bad_seq is not None:
            late = unsettled_adjustment(adjustments, settled)  # all before this bad event
            if late is not None:
                return _adjustment_report(late, total_rows)
            events = rows_before + finding.rows if finding.by_chain else total_rows
            return VerifyReport(False, events, 0 if finding.by_chain else finding.rounds, finding.bad_seq,
                                finding.reason)
        rows_before += finding.rows
    late = unsettled_adjustment(adjustments, settled)
    if late is not None:
        return _adjustment_report(late, total_rows)
    return VerifyReport(True, total_rows, findings[-1].rounds if findings else 0, None, "")


def _adjustment_report(late: tuple[int, str, int], total_rows: int) -> VerifyReport:
    seq, why, rounds = late
    return VerifyReport(False, total_rows, rounds, seq, f"event {seq} (table.adjustment): {why}")


# -- a journal file, on every core -----------------------------------------------------------------------
@dataclass(frozen=True)
class Stretch:
    """Rows lo <= seq < hi, and the table as it stood before them."""

    lo: int
    hi: int
    rules: dict[str, Any] | None = None
    open_faults: dict[str, bool] = field(default_factory=dict)
    rounds_before: int = 0
    wanted: frozenset[tuple[str, int]] | None = None


WHOLE = Stretch(-(2 ** 63), 2 ** 63 - 1)


def verify_journal_file(path: str, table_id: str = "T1", cores: int | None = None, *,
                        parallel_from: int = PARALLEL_FROM_EVENTS) -> VerifyReport:
    """`verify_journal` for a journal file, its stretches checked on `cores` processes (default: all) once it
    holds `parallel_from` events. The first stretch starts at once; the table at the other cuts is read while
    it runs."""
    cores = cores or len(os.sched_getaffinity(0))
    with Journal(path, table_id, readonly=True) as journal:
        big = cores > 1 and journal.last_seq >= parallel_from
        cuts = _cuts(journal, cores * STRETCHES_PER_CORE) if big else []
        if not cuts:
            findings = [check_stretch(path, table_id, WHOLE)]
        else:
            findings = []
            workers = _Workers(path, table_id, cores)
            try:
                first = workers.submit(Stretch(WHOLE.lo, cuts[0]))
                plan = _plan(journal, cuts)
                # No plan: the table-level events are unreadable; one stretch, in order, says where.
                pending = [workers.submit(WHOLE)] if plan is None else [first, *(workers.submit(s) for s in plan)]
                for index in pending:
                    findings.append(workers.result(index))
                    if findings[-1].bad_seq is not None:
                        break  # every later stretch holds only later events
            finally:
                workers.stop()
        clean = all(f.bad_seq is None for f in findings)
        total = sum(f.rows for f in findings) if clean else journal.count()
    return _report(findings, total)


class _Workers:
    """Stretches checked on forked processes, at most `cores` at a time, each answering on a pipe of its own:
    stopping early (a bad event found) kills the rest, and no lock shared with them can be left held."""

    def __init__(self, path: str, table_id: str, cores: int) -> None:
        self._context = multiprocessing.get_context("fork")
        self._path, self._table_id, self._cores = path, table_id, cores
        self._waiting: list[tuple[int, Stretch]] = []
        self._running: dict[Connection, tuple[int, BaseProcess]] = {}
        self._results: dict[int, Finding] = {}
        self._count = 0

    def submit(self, stretch: Stretch) -> int:
        self._count += 1
        self._waiting.append((self._count, stretch))
        self._launch()
        return self._count

    def result(self, index: int) -> Finding:
        while index not in self._results:
            for ready in wait(list(self._running)):
                assert isinstance(ready, Connection)
                number, process = self._running.pop(ready)
                try:
                    outcome, value = ready.recv()
                except EOFError:
                    outcome, value = "error", (f"The journal {self._path} could not be verified: the process "
                                               f"checking a part of it stopped (exit code {process.exitcode}).")
                ready.close()
                process.join()
                if outcome == "error":
                    raise JournalError(value)
                self._results[number] = value
            self._launch()
        return self._results[index]

    def stop(self) -> None:
        for connection, (_, process) in self._running.items():
            process.kill()
            process.join()
            connection.close()
        self._running.clear()

    def _launch(self) -> None:
        while self._waiting and len(self._running) < self._cores:
            number, stretch = self._waiting.pop(0)
            receiver, sender = self._context.Pipe(duplex=False)
            process = self._context.Process(target=_stretch_worker, daemon=True,
                                            args=(sender, self._path, self._table_id, stretch))
            process.start()
            sender.close()
            self._running[receiver] = (number, process)


def _stretch_worker(sender: Connection, path: str, table_id: str, stretch: Stretch) -> None:
    try:
        sender.send(("ok", check_stretch(path, table_id, stretch)))
    except Exception as err:  # said to the parent, which raises it as a JournalError
        text = str(err) if isinstance(err, JournalError) else \
            f"The journal {path} could not be verified: {type(err).__name__}: {err}."
        sender.send(("error", text))
    finally:
        sender.close()


def check_stretch(path: str, table_id: str, stretch: Stretch) -> Finding:
    """Check one stretch of a journal file (in a worker process, or in this one)."""
    with Journal(path, table_id, readonly=True) as journal:
        before = journal.row_before(stretch.lo)
        walk = ChainWalk() if before is None else ChainWalk(before[0] + 1, before[1])
        rules = None if stretch.rules is None else rules_from_mapping(stretch.rules, "journal")
        replay = ReplayCheck(rules, stretch.open_faults, stretch.rounds_before, stretch.wanted)
        return check_rows(journal.raw_rows(stretch.lo, stretch.hi), walk, replay)


def _cuts(journal: Journal, stretches: int) -> list[int]:
    """Round openings that cut the journal into about `stretches` stretches of equal size."""
    last = journal.last_seq
    cuts: list[int] = []
    for i in range(1, stretches):
        cut = journal.next_seq_of_kind("table.round_opened", last * i // stretches)
        if cut is not None and (not cuts or cut > cuts[-1]):
            cuts.append(cut)
    return cuts


def _plan(journal: Journal, cuts: list[int]) -> list[Stretch] | None:
    """The stretches from each cut on, each with the table as it stood before it. None when the table-level
    events cannot be read: one stretch then checks the journal in order, and names what is wrong."""
    try:
        table_events = [(seq, kind, decode_payload(payload)) for seq, kind, payload in journal.raw_kinds(TABLE_KINDS)]
        wanted = frozenset((p["round_id"], p["box"]) for _, kind, p in table_events if kind == "table.adjustment")
        for _, kind, p in table_events:
            if kind == "table.rules":
                rules_from_mapping(p["rules"], "journal")  # refused here: the stretch holding it names it
    except Exception:  # the plan only saves time; the in-order check names whatever is wrong
        return None
    plan: list[Stretch] = []
    rules: dict[str, Any] | None = None
    faults: dict[str, bool] = {}
    rounds = 0
    events = iter(table_events)
    pending = next(events, None)
    for lo, hi in itertools.pairwise([*cuts, WHOLE.hi]):
        while pending is not None and pending[0] < lo:
            _, kind, p = pending
            try:
                if kind == "table.rules":
                    rules = p["rules"]
                elif kind == "table.round_opened":
                    rounds += 1
                elif kind == "table.fault":
                    faults[p["fault_id"]] = bool(p.get("clears_itself"))
                elif kind == "table.fault_resolved":
                    faults.pop(p["fault_id"], None)
            except REPLAY_ERRORS:
                return None
            pending = next(events, None)
        plan.append(Stretch(lo, hi, rules, dict(faults), rounds, wanted))
    return plan


__all__ = ["VerifyReport", "verify_journal", "verify_journal_file"]
