"""`audit salvage`: what of a damaged journal is intact, and a new journal of those events that records the
damage, for the table to go on from. The damaged file is only read, never written.

The new journal holds the intact events (1 up to the first bad one, as verify found them) copied unchanged, so
their hashes still chain, then a table fault, JOURNAL, that says what was damaged, what was kept and what was
not (the SHA-256 of the damaged main file, its first bad event, how many of its rows were left out). Play stays stopped
on the new journal until a pit boss resolves that fault, with a reason. With `replace`, the damaged files are
moved into a folder beside them (`damaged-YYYYmmdd-HHMMSS/`, unchanged) and the new journal takes their name,
so the table starts on it as it started before.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from controller.opening.table_session import open_table_at_desk
from controller.table.audit.verify import VerifyReport, verify_journal_file
from controller.table.journal import Journal, JournalError
from controller.table.journal.head import head_path, writer_of
from controller.table.security.program import file_sha256
from controller.table.security.signing import SigningKey

FAULT_CODE = "JOURNAL"
SIDE_FILES = ("-wal", "-shm", ".head")  # what SQLite and the writer keep beside a journal


class SalvageError(JournalError):
    """Nothing could be salvaged, or the new journal could not be written; the message says why."""


@dataclass(frozen=True)
class SalvageReport:
    journal: str
    verify: VerifyReport
    salvaged: str | None = None  # the new journal (None: the journal verifies, nothing to do)
    kept: int = 0
    left_out: int = 0  # rows of the damaged file after the intact events
    sha256: str = ""
    fault_id: str | None = None
    moved_to: str | None = None  # with replace: where the damaged files are now

    def to_dict(self) -> dict[str, Any]:
        return {"journal": self.journal, "verify": self.verify.to_dict(), "salvaged": self.salvaged,
                "kept": self.kept, "left_out": self.left_out, "sha256": self.sha256, "fault_id": self.fault_id,
                "moved_to": self.moved_to}


def salvage(path: str | Path, table_id: str = "T1", out: str | Path | None = None, *, replace: bool = False,
            clock: Any = time.time, key: SigningKey | None = None) -> SalvageReport:
    """Verify the journal at `path`; if it is damaged, write the new journal (at `out`, or beside it) and, with
    `replace`, put it in the damaged one's place. `key`, the table's, seals the fault recorded there."""
    source = Path(path)
    holder = writer_of(source)
    if holder is not None:
        raise SalvageError(f"The journal {source} is open in {holder.holder()}: stop that program first.")
    report = verify_journal_file(str(source), table_id)
    if report.ok:
        return SalvageReport(str(source), report)
    if report.intact == 0:
        raise SalvageError(f"The journal {source} is damaged from its first event on ({report.reason}): no event "
                           "can be kept. Keep the file for the investigation and start the table on a new journal.")
    stamp = datetime.fromtimestamp(clock(), UTC).strftime("%Y%m%d-%H%M%S")
    target = Path(out) if out is not None else source.with_name(f"{source.stem}.salvaged-{stamp}{source.suffix}")
    if replace and out is not None:
        raise SalvageError("Give either --out or --replace: a replaced journal takes the damaged one's name.")
    if target.exists() or head_path(target).exists():
        raise SalvageError(f"{target} exists already: give another --out (a salvage never overwrites a file).")
    folder = source.with_name(f"damaged-{stamp}")
    if replace:
        folder.mkdir()  # first: a salvage that could not move the damaged files aside writes nothing
    digest = file_sha256(source)
    kept, rows_in_file = _copy_intact(source, target, table_id, report.intact)
    left_out = rows_in_file - kept
    kept_at = folder / source.name if replace else source
    fault_id = _record_damage(target, table_id, kept_at, digest, report, kept, left_out, clock, key)
    moved = _replace(source, target, folder) if replace else None
    salvaged = str(source) if replace else str(target)
    return SalvageReport(str(source), report, salvaged, kept, left_out, digest, fault_id, moved)


def _copy_intact(source: Path, target: Path, table_id: str, intact: int) -> tuple[int, int]:
    """Copy events 1..intact unchanged into a new journal; returns (copied, rows in the damaged file)."""
    rows_in_file = 0

    def intact_rows() -> Any:
        nonlocal rows_in_file
        taken = 0
        for row in reader.whole_file.scan_rows():
            rows_in_file += 1
            if taken < intact and row[0] == taken + 1 and row[1] == table_id:
                taken += 1
                yield row

    with Journal(source, table_id, readonly=True) as reader:
        try:
            with Journal(target, table_id) as writer:
                last = writer.append_rows(_rows_counting_all(intact_rows()))
        except JournalError as err:
            if not isinstance(err, SalvageError):
                target.unlink(missing_ok=True)
                head_path(target).unlink(missing_ok=True)
            raise SalvageError(f"The salvaged journal {target} could not be written: {err}") from err
    return last, rows_in_file


def _rows_counting_all(rows: Any) -> Any:
    """The rows to copy; the generator reads the damaged file to its end (counting every row) as it goes, and
    a page that cannot be read ends the count, not the salvage."""
    try:
        yield from rows
    except JournalError:
        return


def _record_damage(target: Path, table_id: str, source: Path, digest: str, report: VerifyReport, kept: int,
                   left_out: int, clock: Any, key: SigningKey | None) -> str:
    """Raise the JOURNAL fault on the new journal, as its table would: the fault's id."""
    where = f" (first bad event {report.first_bad_event})" if report.first_bad_event is not None else ""
    # The console shows this as the fault's text, followed by its own "Play is stopped until a pit boss ...".
    text = (f"This journal was salvaged from a damaged one: {report.reason}{where}. Events 1-{kept} were copied "
            f"unchanged; {left_out} row(s) after them are not in this journal. The damaged file is kept at "
            f"{source} (SHA-256 {digest}).")
    with open_table_at_desk(target, table_id, key=key, clock=clock) as session:
        controller = session.controller
        before = set(controller.faults)
        controller.raise_fault(FAULT_CODE, text, "journal")
        return next(iter(set(controller.faults) - before))


def _replace(source: Path, target: Path, folder: Path) -> str:
    """Move the damaged journal and its side files into `folder` beside it, unchanged, then give the salvaged
    journal (and its head file) the damaged one's name."""
    for name in [source.name, *(source.name + side for side in SIDE_FILES)]:
        moving = source.with_name(name)
        if moving.exists():
            moving.rename(folder / name)
    target.rename(source)
    head_path(target).rename(head_path(source))
    return str(folder)
