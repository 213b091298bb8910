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

import copy
import itertools
import json
import multiprocessing
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from controller.table.audit.replay_check import ReplayCheck
from controller.table.history import TableHistory
from controller.table.journal import Journal, JournalEntry, JournalError
from controller.table.journal.chain import ChainWalk
from controller.table.journal.store import stored_row
from controller.table.table_events import PaymentAdjusted, RoundOpened

# Below this many events one core does it all: starting the others costs more than it saves.
PARALLEL_FROM_EVENTS = 40_000
STRETCHES_PER_CORE = 3  # a few stretches per core, so that one slow stretch does not leave a core idle


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


def decode_payload(text: Any) -> dict[str, Any]:
    """A stored payload as a dict; ValueError/TypeError when it is not one JSON object."""
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError("the payload is not a JSON object")
    return value


def unsettled_adjustment(adjustments: Iterable[tuple[int, str, int, int]],
                         settled: dict[tuple[str, int], int]) -> tuple[int, str, int] | None:
    """The first adjustment (seq, why, rounds opened by then) naming a box not settled before it, if any."""
    for seq, round_id, box, rounds in adjustments:
        at = settled.get((round_id, box))
        if at is None or at > seq:
            return seq, f"it adjusts box {box} of round {round_id}, which was never settled", rounds
    return None


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
    count = 0
    bad_seq: int | None = None
    reason, by_chain = "", False
    for row in rows:
        count += 1
        problem = walk.step(*row)
        if problem:
            bad_seq, reason, by_chain = row[0], problem, True
            break
        seq, _, at, round_id, kind, _, actor, text, _, _ = row
        if kind == RoundOpened.KIND:
            replay.rounds += 1  # whether its payload can be read or not
        try:
            payload = decode_payload(text)
        except (ValueError, TypeError) as err:
            bad_seq, reason = seq, f"event {seq} ({kind}): its payload cannot be read ({err}): the row was "
            reason += "damaged or edited"
            break
        problem = replay.feed(seq, at, round_id, kind, actor, payload)
        if problem:
            bad_seq, reason = seq, f"event {seq} ({kind}): {problem}"
            break
    return Finding(count, bad_seq, reason, by_chain, replay.rounds, replay.settled, replay.adjustments)


def verify_journal(entries: list[JournalEntry]) -> VerifyReport:
    """The hash chain and the full replay of a list of entries (the console's audit view), in one stretch."""
    return verify_rows((stored_row(e) for e in entries), len(entries))


def verify_rows(rows: Iterable[tuple[Any, ...]], count: int) -> VerifyReport:
    """The hash chain and the full replay of `count` stored rows in seq order (a journal's, or the floor
    database's copy of one), in one stretch."""
    return _report([check_rows(rows, ChainWalk(), ReplayCheck())], count)


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
    return VerifyReport(False, total_rows, rounds, seq, f"event {seq} ({PaymentAdjusted.KIND}): {why}")


# -- a journal file, on every core -----------------------------------------------------------------------
@dataclass(frozen=True)
class Stretch:
    """Rows lo <= seq < hi, and the table as it stood before them (its history of the table-level events)."""

    lo: int
    hi: int
    table: TableHistory | None = None
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
        replay = ReplayCheck(copy.deepcopy(stretch.table), stretch.rounds_before, stretch.wanted)
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
    """The stretches from each cut on, each with the table as it stood before it: the history of the
    table-level events up to there. None when those cannot be read or folded: one stretch then checks the
    journal in order, and names what is wrong."""
    table = TableHistory(every_round=False)
    rounds = 0
    starts: list[tuple[int, int, TableHistory, int]] = []
    try:
        entries = journal.table_entries()
        entry = next(entries, None)
        for lo, hi in itertools.pairwise([*cuts, WHOLE.hi]):
            while entry is not None and entry.seq < lo:
                if entry.kind == RoundOpened.KIND:
                    rounds += 1
                table.fold(entry)
                entry = next(entries, None)
            starts.append((lo, hi, copy.deepcopy(table), rounds))
        for entry in entries:  # the rest, for every adjustment
            table.fold(entry)
    except Exception:  # the plan only saves time; the in-order check names whatever is wrong
        return None
    wanted = frozenset((a.round_id, a.box) for a in table.adjustments)
    return [Stretch(lo, hi, start, rounds_before, wanted) for lo, hi, start, rounds_before in starts]


__all__ = ["VerifyReport", "verify_journal", "verify_journal_file", "verify_rows"]
