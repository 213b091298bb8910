"""`rptable audit --db URL`: the audit answered from the floor's PostgreSQL, from the events the tables
reported, folded exactly as a journal file is (controller.floor.audit_source); with `report` and no --table,
the floor report of a day (controller.floor.floor_report)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ui.cli.said import refused

if TYPE_CHECKING:
    from controller.table.audit.rounds import VerifyReport

Action = Callable[[argparse.Namespace, Any], int]


def run_from_database(args: argparse.Namespace, whole_floor: bool, actions: Mapping[str, Action],
                      print_verify: Callable[[argparse.Namespace, VerifyReport], int], *,
                      verify_with: Callable[[argparse.Namespace], Any] | None = None, whole: bool = True) -> int:
    """Answer `args.action` from the database with the journal's own actions (`actions`, `print_verify`, and
    `verify_with`: the key and the staff a verification checks against, as for a journal; `whole`: the action
    reads every round, so the copy is read whole)."""
    from controller.floor.audit_source import FloorTable, table_ids
    from controller.floor.database import explain, psycopg_module
    from controller.table.journal import JournalError
    from ui.cli.floor_connection import floor_connection

    connection = floor_connection("audit", args.db)
    if connection is None:
        return 1
    psycopg = psycopg_module()
    try:
        if whole_floor:
            return _floor_report(args, connection)
        table = FloorTable(connection, args.table)
        if table.count() == 0:
            tables = ", ".join(table_ids(connection)) or "none"
            return refused("audit", f"the floor database holds no events of table {args.table} (tables in it: "
                                    f"{tables}); give --table.")
        behind = table.behind()
        if behind:
            print(f"rptable audit: WARNING: {behind}", file=sys.stderr)
        if args.action == "verify":
            try:
                checked_with = verify_with(args) if verify_with is not None else None
            except ValueError as err:
                return refused("audit", err, 2)
            checked_with = _with_approved_key(connection, args, checked_with)
            return print_verify(args, table.verify(checked_with))
        from controller.table.audit.round_book import RoundBook
        from controller.table.history import EntriesRead

        if table.indexed and not whole:  # the rounds asked for, through the tables' round index
            return actions[args.action](args, RoundBook.of_journal(table))
        entries = list(table.entries())
        return actions[args.action](args, RoundBook.of_entries(entries, EntriesRead(args.table, entries)))
    except JournalError as err:  # an event that cannot be read or replayed: the copy was damaged or edited
        return refused("audit", err)
    except BrokenPipeError:
        raise  # the reader went away (`| head`): the command's own ending, not a failure to write a file
    except OSError as err:
        return refused("audit", f"cannot write {err.filename or ''}: {err.strerror or err}")
    except psycopg.Error as err:
        return refused("audit", explain(err, args.db))
    finally:
        connection.close()


def _with_approved_key(connection: Any, args: argparse.Namespace, checked_with: Any) -> Any:
    """The key the floor approved for the table, in place of this machine's (a key file put in the table's place
    on this machine is not the floor's word); a key given with --pubkey stays the one checked with."""
    from dataclasses import replace

    from controller.floor.table_keys import approved_key
    from controller.table.audit.verify import VerifyWith

    approved = approved_key(connection, args.table)
    if approved is None or (checked_with is not None and checked_with.source == "given"):
        return checked_with
    return replace(checked_with or VerifyWith(), key=approved, source="floor")


def _floor_report(args: argparse.Namespace, connection: Any) -> int:
    from controller.floor.floor_report import build_floor_report, floor_csv, floor_html

    if not args.date:
        return refused("audit", "the floor report is of one day: give --date YYYY-MM-DD (UTC), or --table ID for one "
                                "table's report.", 2)
    try:
        report = build_floor_report(connection, args.date)
    except ValueError:
        return refused("audit", f"'{args.date}' is not a day: give it as YYYY-MM-DD.", 2)
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "report.html").write_text(floor_html(report), encoding="utf-8")
    (folder / "report.csv").write_text(floor_csv(report), encoding="utf-8")
    t = report.total
    print(f"{args.date}: {len(report.tables)} table(s), {t.rounds:,} rounds, drop {t.drop:,}, house win {t.win:+,}, "
          f"hold {t.hold_pct:.2f}% (theoretical {t.theoretical_hold_pct:.2f}%)")
    for table, r in sorted(report.tables.items()):
        print(f"  {table:<8} {r.total.rounds:>6,} rounds  drop {r.total.drop:>10,}  house win {r.total.win:>+9,}  "
              f"hold {r.total.hold_pct:6.2f}%")
    print(f"wrote {folder / 'report.html'} and {folder / 'report.csv'}")
    return 0
