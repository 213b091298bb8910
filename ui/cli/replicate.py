"""`rptable replicate`: copy a table's journal into the casino's PostgreSQL replica, idempotently; with
--follow keep copying as play goes on and catch up after an outage; --check compares every copied event."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from types import FrameType
from typing import Any

from ui.cli.bounds import seconds, table_id, whole
from ui.cli.help_examples import add_examples
from ui.cli.said import refused

EXIT_OTHER_KEY = 3  # sealed with a key other than the table's: written by someone else, not copied
EXIT_NO_APPROVED_KEY = 4  # the floor takes nothing from a table without an approved key (floor_settings)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--journal", required=True, metavar="PATH", help="the table's journal (read only)")
    parser.add_argument("--to", required=True, metavar="URL",
                        help="the replica database, e.g. postgresql://audit@db.casino/rptable")
    parser.add_argument("--table", type=table_id, default="T1", help="the table id in the journal (default T1)")
    parser.add_argument("--follow", action="store_true",
                        help="keep copying new events until stopped (Ctrl-C); wait out a database outage")
    parser.add_argument("--interval", type=seconds(0, 3600), default=1.0, metavar="S",
                        help="with --follow: seconds between looks at the journal (default 1)")
    parser.add_argument("--check", action="store_true",
                        help="compare every replicated event with the journal, column by column, and copy nothing")
    parser.add_argument("--batch", type=whole(1, 100_000), default=5000,
                        help="events per replica transaction (default 5000)")
    parser.add_argument("--progress", action="store_true", help="print each committed batch's last seq")
    parser.add_argument("--json", action="store_true", help="print the outcome as one JSON object per pass")
    parser.add_argument("--pubkey", metavar="FILE", help="the table's public key (`rptable table pubkey`): the "
                                                         "journal's seals are checked with it before anything is "
                                                         "copied (default: the key the floor approved for the "
                                                         "table, else this machine's key for the table)")
    parser.epilog = ("Exit status: 0 the replica agrees with the journal; 1 they differ (tamper evidence: the "
                     "first differing seq is named); 2 the journal or the database cannot be used; "
                     f"{EXIT_OTHER_KEY} the journal is sealed with a key other than the table's (the one the floor "
                     "approved, --pubkey, or this machine's): nothing from the first such seal on is copied; "
                     f"{EXIT_NO_APPROVED_KEY} the floor takes nothing from a table without an approved key (a floor "
                     "set up by `rptable floor init`) and the table has none: nothing is copied.")
    add_examples(parser, "rptable simulate --rules four-seat --rounds 20 --journal T1.journal",
                 "rptable replicate --journal T1.journal --to \"$FLOOR_DB\"",
                 "rptable simulate --rules four-seat --rounds 30 --journal T1.journal",
                 "rptable replicate --journal T1.journal --to \"$FLOOR_DB\" --progress --json",
                 "rptable replicate --journal T1.journal --to \"$FLOOR_DB\" --check",
                 "rptable replicate --journal T1.journal --to \"$FLOOR_DB\" --follow  # illustrative")


def run(args: argparse.Namespace) -> int:
    from controller.floor.replica import ReplicaError, check, connect, redact, replicate
    from controller.floor.settings import TABLES_NEED_APPROVED_KEY, floor_setting, no_approved_key
    from controller.floor.table_keys import approved_key
    from controller.table.audit.verify import RunningVerify, VerifyWith
    from controller.table.journal import Journal, JournalError
    from controller.table.security.signing import PublicKey, SigningKeyError, known_public_key

    try:
        given = PublicKey.from_file(args.pubkey) if args.pubkey else None
        key = given or known_public_key(args.table)
    except SigningKeyError as err:
        return refused("replicate", err, 2)
    stop = _StopFlag()
    # Kept over the passes: each checks only what was appended, the seals with the table's key.
    verified = RunningVerify(args.table, VerifyWith(key, "given" if given else "table" if key else ""))
    on_batch = (lambda seq: print(f"replicated {seq}", flush=True)) if args.progress else None
    connection: Any = None
    last_trouble = ""
    approved_asked = False
    while True:
        try:
            if connection is None:
                connection = connect(args.to)
                if not approved_asked:  # the floor's word on the table's key, over this machine's
                    approved_asked = True
                    approved = approved_key(connection, args.table)
                    if approved is None and not args.check and floor_setting(connection, TABLES_NEED_APPROVED_KEY):
                        connection.close()
                        return refused("replicate", f"nothing copied: {no_approved_key(args.table)}.",
                                       EXIT_NO_APPROVED_KEY)
                    if approved is not None and given is None:
                        verified = RunningVerify(args.table, VerifyWith(approved, "floor"))
                if last_trouble:
                    print(f"rptable replicate: {redact(args.to)} is back; catching up.", file=sys.stderr, flush=True)
                    last_trouble = ""
            with Journal(args.journal, args.table, readonly=True) as journal:
                others = journal.table_ids() if journal.last_seq == 0 else []
                if others:  # else the replica's rows of this table would be compared with none, as if removed
                    connection.close()
                    return refused("replicate", f"{args.journal} holds no events of table {args.table} (tables in "
                                                f"it: {', '.join(others)}); give its table with --table.", 2)
                report = check(journal, connection) if args.check else replicate(
                    journal, connection, batch=args.batch, on_batch=on_batch, verified=verified)
        except JournalError as err:
            return refused("replicate", err, 2)
        except ReplicaError as err:
            if connection is not None:
                connection.close()
                connection = None
            if not args.follow:
                return refused("replicate", err, 2)
            if str(err) != last_trouble:  # said once per outage, not once a second
                print(f"rptable replicate: {err} Retrying every {args.interval:g} s.", file=sys.stderr, flush=True)
                last_trouble = str(err)
            if stop.wait(args.interval):
                return 2
            continue
        other_key = not report.ok and verified.verdict is not None and verified.verdict.other_key is not None
        if args.json:
            print(json.dumps(report.to_dict()), flush=True)
        elif other_key:
            print(f"SEALED BY ANOTHER KEY: {report.reason}", flush=True)
        elif not report.ok:
            print(f"TAMPER EVIDENCE: {report.reason}", flush=True)
        elif report.copied or not args.follow:
            what = "checked" if args.check else f"{report.copied:,} new event(s) copied"
            print(f"{report.table}: {what}; the replica holds events 1-{report.replica_head:,} of "
                  f"{report.journal_head:,}.", flush=True)
        if not report.ok:
            connection.close()
            return EXIT_OTHER_KEY if other_key else 1
        if not args.follow or stop.wait(args.interval):
            connection.close()
            return 0


class _StopFlag:
    """Ctrl-C or SIGTERM ends --follow between passes (a pass is a transaction: it finishes or rolls back)."""

    def __init__(self) -> None:
        self.stopped = False
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, self._stop)

    def _stop(self, signum: int, frame: FrameType | None) -> None:
        self.stopped = True

    def wait(self, seconds: float) -> bool:
        """Sleep up to `seconds`; True if asked to stop."""
        end = time.monotonic() + seconds
        while not self.stopped and time.monotonic() < end:
            time.sleep(min(0.05, max(0.0, end - time.monotonic())))
        return self.stopped
