"""`audit verify`: the whole file, the hash chain and a full replay of every round, spread over every core,
naming the first bad event exactly; the same answer on any number of cores.

First the file itself: SQLite's integrity check and the keys of every row (this table's events 1..N, nothing
else). Only a file that passes both is read by key, and only then is the work shared out: a round's replay
needs only its own events and the table as it stood when the round opened (the house rules in force, the open
faults), so a cheap pass over the table-level events cuts the journal into stretches at round openings and
gives each stretch its starting table; each stretch is then checked on its own core, row by row: the chain
link, the payload, the replay. The lowest bad event of any stretch wins, whichever core found it; a payment
adjustment, which may name a box settled in an earlier stretch, is checked when the stretches are joined.

A file that fails either check, or whose table-level events cannot be read, is checked in one pass, in order,
reading every row where it lies in the file (controller.table.journal.whole_file): a damaged key can then hide
no row. Last, the journal must reach the last event its writer recorded in its head file
(controller.table.journal.head): events committed and then lost (a -wal deleted or cut) are named.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from controller.engine.events import BoxSettled
from controller.table.audit.replay_check import ReplayCheck, Staff
from controller.table.audit.seals import SealCheck, SealFinding, join_seals
from controller.table.history import TableHistory
from controller.table.journal import Journal, JournalEntry, JournalError
from controller.table.journal.chain import ChainWalk, missing_tail
from controller.table.journal.head import Head, read_head
from controller.table.journal.rows import GENESIS_HASH, stored_row
from controller.table.security.signing import PublicKey
from controller.table.table_events import Checkpoint, PaymentAdjusted, RoundOpened

# Below this many events one core does it all: starting the others costs more than it saves.
PARALLEL_FROM_EVENTS = 40_000
STRETCHES_PER_CORE = 3  # a few stretches per core, so that one slow stretch does not leave a core idle
STOP_CHECK_EVERY = 500  # entries between two checks whether a verification is still wanted


@dataclass(frozen=True)
class VerifyReport:
    """What verify found. `intact`: events 1..intact are whole, chained and replay as journaled (all of them
    when `ok`): what a salvage keeps."""

    ok: bool
    events: int
    rounds: int
    first_bad_event: int | None
    reason: str
    intact: int = 0
    seals: int = 0  # the table's seals checked (0: an unsigned journal, written before signing)
    key_id: str | None = None  # the key they were checked with
    key_from: str = ""  # "given" (the table's public key, given), "table" (this machine's key for the table),
    # "floor" (the key the floor's admin approved for the table), "journal" (the key the journal's own first seal
    # names: not confirmed)
    other_key: str | None = None  # a key other than the table's that sealed events: the journal is a forger's

    @property
    def signed(self) -> bool:
        return self.seals > 0

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "events": self.events, "rounds": self.rounds,
                "first_bad_event": self.first_bad_event, "reason": self.reason, "intact": self.intact,
                "signed": self.signed, "seals": self.seals, "key_id": self.key_id,
                "key": self.key_from if self.signed or self.key_from in ("given", "floor") else "",
                "other_key": self.other_key}


@dataclass(frozen=True)
class VerifyWith:
    """What verify checks a journal against from outside it: the public key for its seals, and where it came
    from ("given": a seal is then required; "floor": the key the floor approved for the table, required as a
    given one; "table": this machine holds the table's key; "": none, the journal's own first seal names it),
    and the staff accounts (each account's timeline of roles: every override must then be by an account that
    held a pit boss's role at that moment)."""

    key: PublicKey | None = None
    source: str = ""
    staff: Staff | None = None

    @property
    def required(self) -> bool:
        return self.source in ("given", "floor")


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
    intact: int = 0  # the last event whole, chained and replayed before the bad one (or the stretch's last)
    seals: SealFinding = field(default_factory=SealFinding)


def check_rows(rows: Iterable[tuple[Any, ...]], walk: ChainWalk, replay: ReplayCheck,
               seals: SealCheck | None = None) -> Finding:
    """Each row in seq order: its chain link, its payload, its replay, its seal. Stops at the first bad row (or
    the first that cannot be read); where the chain and the replay both fault one row, the chain's finding is
    given (the row was changed)."""
    seals = seals or SealCheck()
    count = 0
    bad_seq: int | None = None
    reason, by_chain = "", False
    intact = walk.intact
    try:
        for row in rows:
            count += 1
            problem = walk.step(*row)
            if problem:
                bad_seq, reason, by_chain = row[0] if isinstance(row[0], int) else walk.expected_seq, problem, True
                break
            seq, _, at, round_id, kind, _, actor, text, _, _ = row
            if kind == RoundOpened.KIND:
                replay.rounds += 1  # whether its payload can be read or not
            try:
                payload = decode_payload(text)
            except (ValueError, TypeError, RecursionError) as err:
                bad_seq, reason = seq, f"event {seq} ({kind}): its payload cannot be read ({err}): the row was "
                reason += "damaged or edited"
                break
            problem = replay.feed(seq, at, round_id, kind, actor, payload) or \
                seals.feed(seq, row[1], kind, payload, row[8])
            if problem:
                bad_seq, reason = seq, f"event {seq} ({kind}): {problem}"
                break
            intact = seq
    except JournalError as err:  # a page of the file cannot be read: the events from there on are lost to it
        bad_seq = err.seq if err.seq is not None else walk.expected_seq
        reason, by_chain = f"{err}: the file is damaged", True
    return Finding(count, bad_seq, reason, by_chain, replay.rounds, replay.settled, replay.adjustments, intact,
                   seals.finding)


def verify_rows(rows: Iterable[tuple[Any, ...]], count: int, key: VerifyWith | None = None) -> VerifyReport:
    """The hash chain, the full replay and the seals of `count` stored rows in seq order (a journal's, or the
    floor database's copy of one), in one stretch."""
    key = key or VerifyWith()
    return _report([check_rows(rows, ChainWalk(), ReplayCheck(staff=key.staff), SealCheck(key.key))], count, key=key)


class VerifyStopped(Exception):
    """A verification given up before its end (the audit view that asked for it was closed)."""


def verify_journal(entries: Sequence[JournalEntry]) -> VerifyReport:
    """The hash chain and the full replay of a list of entries, in one stretch."""
    return verify_entries(entries, len(entries))


def verify_entries(entries: Iterable[JournalEntry], count: int, *,
                   stopped: Callable[[], bool] | None = None, key: VerifyWith | None = None) -> VerifyReport:
    """`verify_journal` for the `count` entries a journal gives one by one (the console's audit view: none is
    kept); VerifyStopped as soon as `stopped()` says so (it is asked every few hundred entries)."""
    def rows() -> Iterator[tuple[Any, ...]]:
        for index, entry in enumerate(entries):
            if stopped is not None and index % STOP_CHECK_EVERY == 0 and stopped():
                raise VerifyStopped
            yield stored_row(entry)

    key = key or VerifyWith()
    return _report([check_rows(rows(), ChainWalk(), ReplayCheck(staff=key.staff), SealCheck(key.key))], count, key=key)


def _report(findings: list[Finding], total_rows: int, below: str | None = None,
            head: Head | None = None, key: VerifyWith | None = None) -> VerifyReport:
    """The stretches' findings joined (see `_joined`), with what their seals show and the key they were
    checked with."""
    key = key or VerifyWith()
    report = _joined(findings, total_rows, below, head)
    verdict = join_seals([f.seals for f in findings], key.key, key.required)
    source = key.source if key.key is not None else ("journal" if verdict.seals else key.source)
    other = None
    if report.ok and verdict.problem:
        assert verdict.bad_seq is not None
        report = VerifyReport(False, report.events, report.rounds, verdict.bad_seq, verdict.problem,
                              verdict.bad_seq - 1)
        other = verdict.other_key
    elif not report.ok:
        bad = next((f for f in findings if f.bad_seq is not None), None)
        other = bad.seals.other_key if bad is not None and bad.bad_seq == report.first_bad_event else None
    return dataclasses.replace(report, seals=verdict.seals, key_id=verdict.key_id, key_from=source, other_key=other)


def _joined(findings: list[Finding], total_rows: int, below: str | None = None,
            head: Head | None = None) -> VerifyReport:
    """Join the stretches' findings (in journal order) into one report naming the lowest bad event; then what
    the rows cannot show: damage below them (`below`, SQLite's integrity check) and events its writer
    committed that the journal no longer reaches (`head`)."""
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
                                finding.reason, finding.intact)
        rows_before += finding.rows
    late = unsettled_adjustment(adjustments, settled)
    if late is not None:
        return _adjustment_report(late, total_rows)
    rounds = findings[-1].rounds if findings else 0
    tail = missing_tail(total_rows, head)
    if tail:
        return VerifyReport(False, total_rows, rounds, total_rows + 1, tail, total_rows)
    if below is not None:
        return VerifyReport(False, total_rows, rounds, None, f"{below}, though every event 1-{total_rows} reads "
                            "and verifies", total_rows)
    return VerifyReport(True, total_rows, rounds, None, "", total_rows)


def _adjustment_report(late: tuple[int, str, int], total_rows: int) -> VerifyReport:
    seq, why, rounds = late
    return VerifyReport(False, total_rows, rounds, seq, f"event {seq} ({PaymentAdjusted.KIND}): {why}", seq - 1)


# -- a journal file, on every core -----------------------------------------------------------------------
@dataclass(frozen=True)
class Stretch:
    """Rows lo <= seq < hi, and the table as it stood before them (its history of the table-level events)."""

    lo: int
    hi: int
    table: TableHistory | None = None
    rounds_before: int = 0
    wanted: frozenset[tuple[str, int]] | None = None


def verify_journal_file(path: str, table_id: str = "T1", cores: int | None = None, *,
                        parallel_from: int = PARALLEL_FROM_EVENTS, key: VerifyWith | None = None) -> VerifyReport:
    """`verify_journal` for a journal file, whole (see the module's docstring): its stretches checked on
    `cores` processes (default: all) once it holds `parallel_from` events and the file is sound; the first
    stretch starts at once, and the table at the other cuts is read while it runs. Seals are checked with
    `key`. JournalError only when the file cannot be opened as a journal at all."""
    key = key or VerifyWith()
    cores = cores or len(os.sched_getaffinity(0))
    head = read_head(Path(path))  # read before the journal: the head is never ahead of what it holds
    witness = head if head is not None and head.table == table_id else None
    try:
        journal = Journal(path, table_id, readonly=True)
    except JournalError as err:
        if witness is None or witness.seq == 0:
            raise
        # Not even a journal now, yet its writer had committed events: they are all lost.
        return VerifyReport(False, 0, 0, 1, f"{missing_tail(0, witness)} ({err})", 0)
    with journal, journal.snapshot():
        below = journal.whole_file.integrity_problem()
        last = journal.whole_file.keys_in_order() if below is None else None
        if last is not None and cores > 1 and last >= parallel_from:
            findings = _on_every_core(journal, path, table_id, cores, last, witness, key)
            total = last
        else:
            findings, total = [], 0
        if not findings:  # one pass, in order: every row where it lies in the file
            rows = journal.whole_file.scan_rows()
            findings = [check_rows(rows, ChainWalk(table_id=table_id, witness=witness), ReplayCheck(staff=key.staff),
                                   SealCheck(key.key))]
            total = findings[0].rows + _count(rows)
        report = _report(findings, total, below, witness, key)
        # Last, what is derived from the events: the round index must be what they make.
        index = journal.index_problem() if report.ok else ""
    if index:
        return dataclasses.replace(report, ok=False, reason=f"{index}, though every event 1-{total} reads and "
                                   "verifies", intact=total)
    return report


def _count(rows: Iterator[Any]) -> int:
    """The rows left after a bad one (a page that cannot be read ends the count)."""
    count = 0
    try:
        for _ in rows:
            count += 1
    except JournalError:
        pass
    return count


def _on_every_core(journal: Journal, path: str, table_id: str, cores: int, last: int,
                   witness: Head | None, key: VerifyWith) -> list[Finding]:
    """The stretches' findings in journal order, up to the first bad one; [] when the table-level events
    cannot be read or folded, or a stretch cannot be read at all (the in-order pass then says what is wrong)."""
    cuts = [cut for cut in _cuts(journal, last, cores * STRETCHES_PER_CORE) if cut <= last]
    findings: list[Finding] = []
    workers = _Workers(path, table_id, cores, witness, key)
    try:
        first = workers.submit(Stretch(1, cuts[0] if cuts else last + 1))
        plan = _plan(journal, cuts, last) if cuts else []
        if plan is None:
            return []
        for index in [first, *(workers.submit(s) for s in plan)]:
            findings.append(workers.result(index))
            if findings[-1].bad_seq is not None:
                break  # every later stretch holds only later events
    except JournalError:  # a worker could not read its stretch at all: the in-order pass says where and why
        return []
    finally:
        workers.stop()
    return findings


class RunningVerify:
    """verify, kept running over a journal that grows (the replica's follower): the first pass reads the whole
    file in one pass, in order, exactly as `verify_journal_file` does on a damaged file; each later pass checks
    only the events appended since, continuing the same chain and replay. A bad event stops it for good."""

    def __init__(self, table_id: str = "T1", key: VerifyWith | None = None) -> None:
        self.table_id = table_id
        self.key = key or VerifyWith()
        self.walk = ChainWalk(table_id=table_id)
        self.seals = SealCheck(self.key.key)
        # No settled box is remembered (a follower runs for months): an adjustment's box is looked up in the
        # journal when the adjustment is met.
        self.replay = ReplayCheck(wanted=frozenset(), staff=self.key.staff)
        self.rows = 0
        self.verdict: VerifyReport | None = None
        self._from_checkpoint = False

    def start_at(self, journal: Journal, checkpoint: JournalEntry) -> RunningVerify:
        """Start from a checkpoint instead of event 1: what a follower does once the events before it are
        copied (and were verified when they were): the check then costs what the events since it cost, however
        long the table has played. The checkpoint itself is checked as every event after it is: its place in
        the chain, and the table the events after it make from it."""
        before = journal.row_before(checkpoint.seq)
        if before is None or self.verdict is not None:
            return self
        present = Checkpoint.from_payload(checkpoint.payload)
        self.walk = ChainWalk(checkpoint.seq, before[1], table_id=self.table_id)
        history = TableHistory.resume(present.present, checkpoint.at)
        self.replay = ReplayCheck(history, present.round, wanted=frozenset(), staff=self.key.staff)
        self.rows = checkpoint.seq - 1
        self._from_checkpoint = True
        return self

    def advance(self, journal: Journal) -> VerifyReport:
        """The verdict on the journal as it stands now: `intact` is the last event that may be trusted."""
        if self.verdict is not None and not self.verdict.ok:
            return self.verdict
        head = read_head(journal.path)  # read before the journal: the head is never ahead of what it holds
        witness = head if head is not None and head.table == self.table_id else None
        self.walk.witness = witness
        with journal.snapshot():
            below = None
            if self.verdict is None and not self._from_checkpoint:
                below = journal.whole_file.integrity_problem()
                rows: Iterator[tuple[Any, ...]] = journal.whole_file.scan_rows()
            else:
                rows = journal.raw_rows(self.walk.expected_seq, 2 ** 63 - 1)
            finding = check_rows(rows, self.walk, self.replay, self.seals)
            finding.rows += self.rows  # the rows of every pass so far
            total = finding.rows + (_count(rows) if finding.bad_seq is not None else 0)
            late = unsettled_adjustment(self.replay.adjustments, _settled_in(journal, self.replay.adjustments))
        self.replay.adjustments.clear()
        finding.adjustments = []
        if finding.bad_seq is None:
            self.rows = finding.rows
        # An adjustment met is before the bad event, if any: it comes first, as in `_report`.
        self.verdict = _adjustment_report(late, total) if late else \
            _report([finding], total, below, witness, self.key)
        return self.verdict


def _settled_in(journal: Journal, adjustments: list[tuple[int, str, int, int]]) -> dict[tuple[str, int], int]:
    """(round, box) -> seq of its BoxSettled, for the boxes these adjustments name, read from the journal."""
    settled: dict[tuple[str, int], int] = {}
    for _, round_id, box, _ in adjustments:
        for entry in journal.round_entries(round_id):
            if entry.kind == BoxSettled.__name__ and entry.payload.get("box") == box:
                settled[(round_id, box)] = entry.seq
    return settled


class _Workers:
    """Stretches checked on forked processes, at most `cores` at a time, each answering on a pipe of its own:
    stopping early (a bad event found) kills the rest, and no lock shared with them can be left held."""

    def __init__(self, path: str, table_id: str, cores: int, witness: Head | None, key: VerifyWith) -> None:
        self._context = multiprocessing.get_context("fork")
        self._path, self._table_id, self._cores, self._witness = path, table_id, cores, witness
        self._key = key
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
                                            args=(sender, self._path, self._table_id, stretch, self._witness,
                                                  self._key))
            process.start()
            sender.close()
            self._running[receiver] = (number, process)


def _stretch_worker(sender: Connection, path: str, table_id: str, stretch: Stretch, witness: Head | None,
                    key: VerifyWith) -> None:
    try:
        sender.send(("ok", check_stretch(path, table_id, stretch, witness, key)))
    except Exception as err:  # said to the parent, which raises it as a JournalError
        text = str(err) if isinstance(err, JournalError) else \
            f"The journal {path} could not be verified: {type(err).__name__}: {err}."
        sender.send(("error", text))
    finally:
        sender.close()


def check_stretch(path: str, table_id: str, stretch: Stretch, witness: Head | None = None,
                  key: VerifyWith | None = None) -> Finding:
    """Check one stretch of a sound journal file (in a worker process): rows lo <= seq < hi, by key."""
    with Journal(path, table_id, readonly=True) as journal:
        before = journal.row_before(stretch.lo)
        start = (1, GENESIS_HASH) if before is None else (before[0] + 1, before[1])
        walk = ChainWalk(*start, table_id=table_id, witness=witness)
        key = key or VerifyWith()
        replay = ReplayCheck(copy.deepcopy(stretch.table), stretch.rounds_before, stretch.wanted, staff=key.staff)
        return check_rows(journal.raw_rows(stretch.lo, stretch.hi), walk, replay, SealCheck(key.key))


def _cuts(journal: Journal, last: int, stretches: int) -> list[int]:
    """Round openings that cut the journal's events 1..last into about `stretches` stretches of equal size."""
    cuts: list[int] = []
    for i in range(1, stretches):
        cut = journal.next_seq_of_kind("table.round_opened", last * i // stretches)
        if cut is not None and (not cuts or cut > cuts[-1]):
            cuts.append(cut)
    return cuts


def _plan(journal: Journal, cuts: list[int], last: int) -> list[Stretch] | None:
    """The stretches from each cut on, each with the table as it stood before it: the history of the
    table-level events up to there. None when those cannot be read or folded: one stretch then checks the
    journal in order, and names what is wrong."""
    table = TableHistory(every_round=False)
    rounds = 0
    starts: list[tuple[int, int, TableHistory, int]] = []
    adjusted: set[tuple[str, int]] = set()

    def fold(entry: JournalEntry) -> None:
        if entry.kind == PaymentAdjusted.KIND:
            adjusted.add((entry.payload["round_id"], entry.payload["box"]))
        table.fold(entry)

    try:
        entries = journal.table_entries()
        entry = next(entries, None)
        for lo, hi in itertools.pairwise([*cuts, last + 1]):
            while entry is not None and entry.seq < lo:
                if entry.kind == RoundOpened.KIND:
                    rounds += 1
                fold(entry)
                entry = next(entries, None)
            starts.append((lo, hi, copy.deepcopy(table), rounds))
        for entry in entries:  # the rest, for every adjustment
            if entry.seq > last:
                break
            fold(entry)
    except Exception:  # the plan only saves time; the in-order check names whatever is wrong
        return None
    wanted = frozenset(adjusted)
    return [Stretch(lo, hi, start, rounds_before, wanted) for lo, hi, start, rounds_before in starts]


__all__ = ["RunningVerify", "VerifyReport", "VerifyWith", "verify_journal", "verify_journal_file", "verify_rows"]
