"""`rptable audit`: the pit boss's view of a table's journal — list, replay, recall, verify, export, report."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ui.cli.audit_salvage import add_salvage, run_salvage
from ui.cli.bounds import day, floor_url, shown, whole
from ui.cli.help_examples import add_examples
from ui.cli.said import refused
from ui.cli.users import ADD_VERA, BOOTSTRAP, FLOOR_STAFF

if TYPE_CHECKING:
    from controller.table.audit.round_book import RoundBook
    from controller.table.audit.rounds import VerifyReport
    from controller.table.round_record import Step

RECALLED = 10  # the rounds `recall` shows
# `verify`'s exit status when every event is whole but something is left unproven (1: damaged or tampered). A
# script tells them apart; each has its line in the answer and its word in --json's "verdict".
EXIT_NOT_CONFIRMED = 3  # sealed by a key nothing here confirms as the table's (no --pubkey, no table key here)
EXIT_UNSIGNED = 4  # no seal at all: nothing proves who wrote it
EXIT_END_UNWITNESSED = 5  # no head file the table's key signed: events cut from its end, at a seal, would not show
EXIT_OTHER_KEY = 6  # sealed by a key other than the table's (given, this machine's, or the one the floor approved)
VERIFY_EXITS = ("Exit status 0: whole, sealed by the table's key, and ending where its writer's head file says; "
                "1: damaged or tampered (the first bad event is named, or a head file that is no file), or with "
                "--journal and --db, the floor's copy holds an event the file no longer holds or holds changed "
                f"(TAMPER EVIDENCE); {EXIT_NOT_CONFIRMED}: whole, but sealed by "
                f"a key not confirmed as the table's (give --pubkey); {EXIT_UNSIGNED}: whole, but holds no seal "
                f"(nothing proves who wrote it); {EXIT_END_UNWITNESSED}: whole and sealed, but its head file "
                "(JOURNAL.head) is missing or not signed by the table's key, so events cut from its end would not "
                f"show (verify it with its head file beside it); {EXIT_OTHER_KEY}: sealed with a key other than the "
                "table's (the one given, this machine's, or with --db the one the floor approved): written by "
                "someone else; 2: bad options.")
LOGIN_HELP = ("the pit boss exporting or reporting (default $RPTABLE_LOGIN), with --db one of the floor's staff "
              "accounts (a journal file given with --journal is still the one read); the PIN is asked at the "
              "terminal, or read from $RPTABLE_PIN or the first line of standard input")
# What the examples audit: a table's journal of 20 rounds; a pit boss, vera, to log in for exports and reports.
PLAYED = "rptable simulate --rules four-seat --rounds 20 --journal T1.journal"
STAFFED = (BOOTSTRAP, ADD_VERA)
REPLICATED = "rptable replicate --journal T1.journal --to \"$FLOOR_DB\""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # --journal and --table go before the action or after it (`audit verify --journal PATH`, as the command
    # line contract writes it); given after, they win. The actions' copies leave the value alone when absent.
    # --login too, but only export and report log in: only their pages show it.
    parser.add_argument("--journal", metavar="PATH", help="the table's journal file (or --db)")
    parser.add_argument("--db", metavar="URL", type=floor_url,
                        help="the floor's PostgreSQL instead of a journal file: the same answers, from the events the "
                             "tables reported (export and report with --journal too read the file, and log their pit "
                             "boss in against the floor's staff here)")
    parser.add_argument("--table", default=None, help="table id in the journal or the database (default T1)")
    parser.add_argument("--users", metavar="PATH", default=None, help="the staff accounts (default: in the user data "
                                                                      "folder)")
    parser.add_argument("--login", metavar="NAME", default=None, help=argparse.SUPPRESS)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--journal", metavar="PATH", default=argparse.SUPPRESS, help="the table's journal file")
    common.add_argument("--db", metavar="URL", type=floor_url, default=argparse.SUPPRESS, help="the floor's PostgreSQL")
    common.add_argument("--table", default=argparse.SUPPRESS, help="table id in the journal (default T1)")
    common.add_argument("--users", metavar="PATH", default=argparse.SUPPRESS,
                        help="the staff accounts (default: in the user data folder)")
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")

    def action(name: str, text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=text, parents=[common])

    rounds = action("rounds", "list rounds (filters: --date, --box, --min-payout; a page: --limit, --before)")
    rounds.add_argument("--limit", type=whole(1, 10**9), metavar="N",
                        help="only the last N rounds listed (of those the filters keep), in play order")
    rounds.add_argument("--before", metavar="ID", help="only rounds opened before this one (the next page back)")
    rounds.add_argument("--date", type=day, help="only rounds opened on this day (YYYY-MM-DD, UTC)")
    rounds.add_argument("--box", type=whole(1, 99), help="only rounds in which this box played")
    rounds.add_argument("--min-payout", type=whole(-10**15, 10**15),
                        help="only rounds paying some box at least this much")
    rounds.add_argument("--json", action="store_true")
    add_examples(rounds, PLAYED, "rptable audit rounds --journal T1.journal",
                 "rptable audit rounds --journal T1.journal --limit 5 --before T1-000010",
                 "rptable audit rounds --journal T1.journal --box 2 --min-payout 20 --json")
    show = action("show", "replay one round step by step")
    show.add_argument("round_id", metavar="ID", help="e.g. T1-000042, or just 42")
    show.add_argument("--json", action="store_true")
    add_examples(show, PLAYED, "rptable audit show --journal T1.journal 3",
                 "rptable audit show --journal T1.journal T1-000003 --json")
    recall = action("recall", "the last 10 rounds, oldest first (works while a fault is open)")
    recall.add_argument("--json", action="store_true")
    add_examples(recall, PLAYED, "rptable audit recall --journal T1.journal",
                 "rptable audit recall --journal T1.journal --json")
    verify = action("verify", "check the hash chain, the table's seals, and recompute every payment")
    verify.add_argument("--json", action="store_true")
    verify.add_argument("--pubkey", metavar="FILE", help="the table's public key (`rptable table pubkey`): every "
                                                         "seal is checked with it, and an unsealed journal refused")
    verify.add_argument("--staff", action="store_true", help="check every override against the staff accounts "
                                                             "(--users): the account existed and was a pit boss then")
    verify.epilog = VERIFY_EXITS
    add_examples(verify, PLAYED, "rptable audit verify --journal T1.journal",
                 "rptable table pubkey --out T1.pem",
                 "rptable audit verify --journal T1.journal --pubkey T1.pem --json",
                 *STAFFED, "rptable audit verify --journal T1.journal --staff",
                 REPLICATED, "rptable audit verify --db \"$FLOOR_DB\" --table T1")
    export = action("export", "every round as JSON, or every box result as CSV")
    export.add_argument("--login", metavar="NAME", default=argparse.SUPPRESS, help=LOGIN_HELP)
    export.add_argument("--format", choices=("json", "csv"), default="json")
    export.add_argument("--out", metavar="PATH", help="write here instead of standard output")
    add_examples(export, PLAYED, *STAFFED,
                 "echo pin-7350 | rptable audit export --journal T1.journal --login vera --out rounds.json",
                 "echo pin-7350 | rptable audit export --journal T1.journal --login vera --format csv --out boxes.csv",
                 "rptable audit export --journal T1.journal --login vera --format csv  # illustrative")
    report = action("report", "shift report: HTML with charts, and CSV (by hour, box and dealer)")
    report.add_argument("--login", metavar="NAME", default=argparse.SUPPRESS, help=LOGIN_HELP)
    report.add_argument("--out", metavar="DIR", default=".", help="folder for report.html, report.csv and dealers.csv")
    add_salvage(action)
    report.add_argument("--date", help="only rounds opened on this day (YYYY-MM-DD, UTC); with --db and no "
                                       "--table: every table side by side, by table and by hour")
    add_examples(report, PLAYED, *STAFFED,
                 "echo pin-7350 | rptable audit report --journal T1.journal --login vera --out shift",
                 *FLOOR_STAFF, REPLICATED,
                 "echo pin-7350 | rptable audit report --db \"$FLOOR_DB\" --login vera --date \"$(date -u +%F)\" "
                 "--out floor")
    add_examples(parser, PLAYED, "rptable audit rounds --journal T1.journal --limit 5",
                 "rptable audit verify --journal T1.journal",
                 REPLICATED, "rptable audit --db \"$FLOOR_DB\" --table T1 rounds --limit 5")


def run(args: argparse.Namespace) -> int:
    from controller.table.journal import Journal, JournalError
    from controller.table.journal.head import head_file_problem, head_path

    # An export or a report of a journal file given with --db reads the file: --db names the floor whose staff
    # accounts --login logs in against (a pit boss who is only on the floor's staff).
    # `verify` of a journal file given with --db verifies the file, with the key the floor approved for the table,
    # and compares it with the floor's copy (_verify): the file is what was asked about.
    from_floor = bool(args.db) and not (args.journal and args.action in ("export", "report", "verify"))
    whole_floor = from_floor and args.table is None and args.action == "report"
    args.table = args.table or _journal_table(args)
    if args.action in ("export", "report"):
        refusal = _pit_boss_login(args)
        if refusal:
            return refused("audit", refusal)
    if from_floor and args.action == "salvage":
        return refused("audit", "salvage keeps the intact events of a damaged journal file: give the file "
                                "(--journal PATH); the floor's database keeps its own copy and is checked with "
                                "`rptable audit --db URL --table ID verify`.", 2)
    if from_floor:
        from ui.cli.audit_db import run_from_database

        return run_from_database(args, whole_floor, {"rounds": _rounds, "show": _show, "recall": _recall,
                                                     "export": _export, "report": _report}, print_verify,
                                 verify_with=_verify_with, whole=whole_history(args))
    if not args.journal:
        return refused("audit", "give the table's journal file: --journal PATH (e.g. rptable audit verify --journal "
                                "T1.journal), or the floor's database: --db URL --table ID.", 2)
    if args.action == "salvage":  # it reads the damaged file itself, whole
        return run_salvage(args)
    from controller.table.audit.round_book import RoundBook

    action: Any = {"rounds": _rounds, "show": _show, "recall": _recall, "export": _export,
                   "report": _report}.get(args.action)
    try:
        with Journal(args.journal, args.table, readonly=True) as journal:
            if journal.last_seq == 0:
                tables = ", ".join(journal.table_ids()) or "none"
                return refused("audit", f"{args.journal} holds no events of table {args.table} (tables in it: "
                                        f"{tables}); give --table.")
            if args.action == "verify":
                journal.close()  # verify reads the whole file itself
                return _verify(args)
            # A question about a few rounds reads those rounds (the round index) and checks what it reads; one
            # about the whole history reads the whole file, and checks it whole first.
            damage = journal.whole_file.file_damage() if whole_history(args) or not journal.indexed else \
                journal.whole_file.tail_damage()
            if damage is not None:  # what follows is the intact part only: said first, and the exit status too
                print(f"rptable audit: WARNING: the journal is damaged: {damage.describe()}. Only those intact events "
                      "are shown; run `rptable audit verify`, and `rptable audit salvage` to keep them.",
                      file=sys.stderr)
                book = RoundBook.of_entries(list(journal.whole_file.intact_entries(damage.intact)), journal)
            else:
                book = RoundBook.of_journal(journal)
            not_a_head = head_file_problem(Path(args.journal))
            if not_a_head is not None:  # never read: the damage above is checked without it, so it is said
                print(f"rptable audit: WARNING: the journal's head file {head_path(Path(args.journal)).name} "
                      f"{not_a_head}, put in the place of the file its writer keeps: it was not read, so events cut "
                      "from the journal's end would not show. Run `rptable audit verify` and report it.",
                      file=sys.stderr)
            result: int = action(args, book) or (1 if damage is not None or not_a_head is not None else 0)
    except JournalError as err:  # events that cannot be read or replayed: the journal was damaged or edited
        return refused("audit", err)
    except BrokenPipeError:
        raise  # the reader went away (`| head`): the command's own ending, not a failure to write a file
    except OSError as err:
        return refused("audit", f"cannot write {err.filename or ''}: {err.strerror or err}")
    return result


def _journal_table(args: argparse.Namespace) -> str:
    """The table a journal file given without --table is about: the one whose events it holds, when it holds one
    table's (`simulate --table T2 --journal T2.journal` then `audit verify --journal T2.journal`); else T1."""
    from controller.table.journal import Journal, JournalError

    if not args.journal or (args.db and args.action not in ("export", "report", "verify")):
        return "T1"
    try:
        with Journal(args.journal, "T1", readonly=True) as journal:
            tables = journal.table_ids()
    except (JournalError, OSError, ValueError):
        return "T1"  # the audit's own opening of the file says what is wrong with it
    return tables[0] if len(tables) == 1 else "T1"


def whole_history(args: argparse.Namespace) -> bool:
    """The action reads every round: the whole file is checked before it."""
    if args.action == "export":
        return True
    if args.action == "report":
        return args.date is None
    return args.action == "rounds" and args.limit is None and args.date is None


def _time(ts: float | None, fmt: str = "%Y-%m-%d %H:%M:%S") -> str:
    return datetime.fromtimestamp(ts, UTC).strftime(fmt) if ts else "-"


def _rounds(args: argparse.Namespace, book: RoundBook) -> int:
    from controller.table.round_record import RoundRecord

    def kept(r: RoundRecord) -> bool:
        if args.box is not None and not any(b.box == args.box for b in r.boxes):
            return False
        return args.min_payout is None or r.largest_payout >= args.min_payout

    before = _round_id(args, args.before) if args.before else None
    if before is not None and book.find(before) is None:
        return refused("audit", f"there is no round {before} to list rounds before; `audit rounds --limit 20` lists "
                                "the last ones.")
    chosen: Iterable[RoundRecord]
    if args.limit is not None or before is not None:
        chosen = _last_kept(book, args.limit, before, args.date, kept)
    else:
        chosen = (r for r in book.rounds(args.date) if kept(r))  # streamed: every round, one at a time
    listed = 0
    if args.json:
        sys.stdout.write("[")
        for r in chosen:
            sys.stdout.write((", " if listed else "") + json.dumps(r.summary()))
            listed += 1
        sys.stdout.write("]\n")
        return 0
    print(f"{'round':<12} {'opened (UTC)':<19} {'boxes':>5} {'wagered':>9} {'house net':>10}  state")
    first = None
    for r in chosen:
        state = "voided" if r.voided else "complete" if r.complete else "in play"
        net = f"{r.house_net:>+10,}" if r.complete else f"{'—':>10}"  # boxes and wagers so far; no net yet
        print(f"{r.round_id:<12} {_time(r.opened_at):<19} {r.box_count:>5} {r.wagered:>9,} {net}  "
              f"{state}{'  (fault)' if r.faults else ''}")
        first = first or r
        listed += 1
    earlier = f"; earlier ones: --before {first.round_id}" if args.limit is not None and first is not None and \
        listed == args.limit else ""
    print(f"{listed} round(s){earlier}")
    return 0


def _last_kept(book: RoundBook, limit: int | None, before: str | None, day: str | None,
               kept: Any) -> list[Any]:
    """The last `limit` rounds the filters keep, before the round `before`, in play order: read back a page
    at a time, so a page of the latest rounds reads those rounds."""
    from controller.table.audit.round_book import day_bounds

    found: list[Any] = []
    since = day_bounds(day)[0] if day else None
    page = max(limit or 0, 20)
    while limit is None or len(found) < limit:
        batch = book.latest(page, before)
        if not batch:
            break
        batch_kept = [r for r in batch if (day is None or _time(r.opened_at, "%Y-%m-%d") == day) and kept(r)]
        found = batch_kept + found
        before = batch[0].round_id
        if since is not None and batch[0].opened_at < since:
            break  # the rounds before are of an earlier day
    return found[-limit:] if limit is not None else found


def _round_id(args: argparse.Namespace, given: str) -> str | None:
    """A round's id as given (T1-000042) or from its number (42); None when it is neither."""
    number = given.isascii() and given.isdigit() and len(given) <= 9
    if "-" not in given and not number:
        return None
    return given if "-" in given else f"{args.table}-{int(given):06d}"


def _show(args: argparse.Namespace, book: RoundBook) -> int:
    from controller.table.audit.event_words import hand_name, outcome_words

    wanted = _round_id(args, args.round_id)
    if wanted is None:
        print(f"rptable audit: {shown(args.round_id)} is not a round: give its id (T1-000042) or number (42).",
              file=sys.stderr)
        return 2
    r = book.find(wanted)
    if r is None:
        where = args.journal or f"table {args.table} of the floor database"
        return refused("audit", f"there is no round {wanted} in {where}; `audit rounds --limit 20` lists the last "
                                "ones.")
    steps = book.steps(r)
    if args.json:
        summary = r.summary()
        for line, result in zip(summary["boxes"], r.boxes, strict=True):
            line["payment"] = r.payment(result)
        print(json.dumps({**summary, "dealt_by": r.dealt_by,
                          "steps": [{"seq": s.entry.seq, "at": s.entry.at, "actor": s.entry.actor,
                                     "kind": s.entry.kind, "payload": s.entry.payload} for s in steps]}))
        return 0
    print(f"Round {r.round_id} ({r.rules.name}), opened {_time(r.opened_at)} UTC"
          + (f", dealt by {r.dealt_by}" if r.dealt_by else ""))
    for s in steps:
        e = s.entry
        print(f"  {e.seq:>7} {_time(e.at, '%H:%M:%S')} {step_actor(s):<18} {describe(s)}")
    for b in r.boxes:
        line = r.box_line(b)
        lines = ", ".join(f"{k} {v:+d}" for k, v in line["lines"].items() if v)
        adjusted = r.adjustment(b.box)
        confirmed = r.confirmed.get(b.box)
        paid = (f"; confirmed by {confirmed.actor} at {_time(confirmed.at, '%H:%M:%S')}" if r.is_confirmed(b) and
                confirmed is not None else "; payment not confirmed" if r.complete else "")
        print(f"  box {b.box}: {' '.join(line['cards'])} {hand_name(line['best'])}, {outcome_words(line['outcome'])}, "
              f"net {line['net']:+,}"
              + (f" ({lines})" if lines else "") + (f" (adjusted {adjusted:+,})" if adjusted else "") + paid)
    for a in r.adjustments:
        print(f"  {a.describe()}")
    print(f"  house net {r.house_net:+,}" + ("  (voided)" if r.voided else "") + ("" if r.complete else "  (in play)"))
    return 0


def describe(step: Step) -> str:
    """One step of a round in words for a pit boss."""
    from controller.table.audit.event_words import event_words
    from controller.table.table_events import TableEvent

    if isinstance(step.event, TableEvent):
        return step.event.describe()
    return event_words(step.event)


def step_actor(step: Step) -> str:
    """Who did a step: nobody for what the rules made of a command (a settlement is not the act of the player
    whose bet closed the round)."""
    from controller.table.audit.event_words import CONSEQUENCES

    return "" if isinstance(step.event, CONSEQUENCES) else step.entry.actor or ""


def _recall(args: argparse.Namespace, book: RoundBook) -> int:
    from controller.table.audit.event_words import hand_name, outcome_words

    last = book.latest(RECALLED)
    if args.json:
        print(json.dumps([r.summary() for r in last]))
        return 0
    for r in last:
        state = "voided" if r.voided else "complete" if r.complete else "IN PLAY"
        print(f"{r.round_id}  {_time(r.opened_at)}  {state}  house net {r.house_net:+,}")
        print(f"    dealer {' '.join(c.code for c in r.dealer) or '-'} "
              f"{hand_name(r.dealer_best) if r.dealer_best is not None else ''}")
        for b in r.boxes:
            print(f"    box {b.box}: {' '.join(c.code for c in b.cards)} {outcome_words(b.settlement.outcome)} "
                  f"{r.net(b):+,}")
    return 0


def _pit_boss_login(args: argparse.Namespace) -> str:
    """Why the pit boss's login for an export or a report was refused ("" when a pit boss logged in). The floor's
    copy of a journal (--db) is the floor's to give: its pit bosses log in against the floor's staff accounts in
    that database, as the tables reporting to it do; a journal file, against this machine's accounts."""
    import os

    from controller.floor.database import FloorError
    from controller.floor.staff import FloorUserStore, open_accounts
    from controller.table.security.users import AccountsFileError, AuthError, Role
    from drivers.paths import default_users
    from ui.cli.users import read_secret

    name = args.login or os.environ.get("RPTABLE_LOGIN", "")
    if not name:
        what = "an export" if args.action == "export" else "a report"
        return (f"{what} needs a pit boss's login: give --login NAME (or set RPTABLE_LOGIN); the PIN is "
                "asked at the terminal, or read from RPTABLE_PIN or standard input.")
    try:
        secret = os.environ.get("RPTABLE_PIN")
        if secret is None:
            secret = read_secret(f"PIN of {name}: ")
    except AuthError as err:
        return str(err)
    try:
        store = open_accounts(args.db or str(args.users or default_users()))
    except (AccountsFileError, FloorError) as err:
        return str(err)
    try:
        if isinstance(store, FloorUserStore) and not store.sync():
            return (f"the floor database cannot be reached to log {name} in against the floor's staff accounts: "
                    f"{store.offline_reason}")
        store.authenticate(name, secret, need=Role.PIT_BOSS)
    except AuthError as err:
        return str(err)
    finally:
        store.close()
    return ""


def _verify_with(args: argparse.Namespace) -> Any:
    """What verify checks the journal against: the table's public key (given, or this machine's) and, with
    --staff, the staff accounts. ValueError saying what cannot be used."""
    from controller.table.audit.verify import VerifyWith
    from controller.table.security.signing import PublicKey, SigningKeyError, known_public_key
    from controller.table.security.users import AccountsFileError, AuthError, UserStore
    from drivers.paths import default_users

    staff = None
    key: PublicKey | None
    try:
        if getattr(args, "pubkey", None):
            key, source = PublicKey.from_file(args.pubkey), "given"
        else:
            key = known_public_key(args.table)
            source = "table" if key is not None else ""
        if getattr(args, "staff", False):
            store = UserStore(args.users or default_users())
            try:
                staff = store.timelines()
            finally:
                store.close()
    except (SigningKeyError, AccountsFileError, AuthError) as err:
        raise ValueError(str(err)) from err
    return VerifyWith(key, source, staff)


def _verify(args: argparse.Namespace) -> int:
    try:
        checked_with = _verify_with(args)
    except ValueError as err:
        return refused("audit", err, 2)
    if args.db:
        return _verify_against_floor(args, checked_with)
    return _verify_file(args, checked_with)


def _verify_against_floor(args: argparse.Namespace, checked_with: Any) -> int:
    """`audit --journal F --db URL verify`: the file F verified with the key the floor approved for the table
    (unless --pubkey gives one), then compared, event by event, with the floor's copy: an event the floor holds
    that F no longer holds, or holds changed, is tamper evidence (exit 1). F may hold more (not reported yet)."""
    from controller.floor.database import explain, psycopg_module
    from ui.cli.audit_db import _with_approved_key
    from ui.cli.floor_connection import floor_connection

    connection = floor_connection("audit", args.db)
    if connection is None:
        return 1
    psycopg = psycopg_module()
    try:
        checked_with = _with_approved_key(connection, args, checked_with)
        status = _verify_file(args, checked_with, lambda: _floor_copy(args, connection))
    except psycopg.Error as err:
        return refused("audit", explain(err, args.db))
    finally:
        connection.close()
    return status


def _floor_copy(args: argparse.Namespace, connection: Any) -> FloorCopy:
    """The journal file against the floor's copy of its table."""
    from controller.floor.replica import ReplicaError, check
    from controller.table.journal import Journal, JournalError

    try:
        with Journal(args.journal, args.table, readonly=True) as journal:
            compared = check(journal, connection)
    except (JournalError, ReplicaError) as err:
        return FloorCopy(False, f"FLOOR: the journal cannot be compared with the floor's copy: {err}")
    if not compared.ok:
        return FloorCopy(False, f"TAMPER EVIDENCE: {compared.reason}")
    if compared.replica_head == 0:
        return FloorCopy(True, f"FLOOR: the floor holds no event of table {args.table} yet: nothing to compare the "
                               "journal with.")
    return FloorCopy(True, f"FLOOR: the floor's copy holds {compared.replica_head:,} events of table {args.table}, "
                           f"each the same in the journal ({compared.journal_head:,} events).",
                     compared.replica_head >= compared.journal_head)


def _verify_file(args: argparse.Namespace, checked_with: Any,
                 floor: Callable[[], FloorCopy] | None = None) -> int:
    """The journal file verified with `checked_with`; with `floor`, compared with the floor's copy too."""
    from controller.table.audit.rounds import VerifyReport, verify_journal_file
    from controller.table.journal import JournalError
    from controller.table.journal.head import head_file_problem, head_path, read_head

    head = read_head(Path(args.journal))  # read before the journal: the head is never ahead of what it holds
    try:
        report = verify_journal_file(args.journal, args.table, key=checked_with)
    except JournalError as err:  # the file itself cannot be read (damaged below the rows)
        if args.json:
            print(json.dumps({**VerifyReport(False, 0, 0, None, str(err)).to_dict(), "verdict": "DAMAGED"}))
        return refused("audit", f"{err} Keep the file as it is and report it.")
    name = head_path(Path(args.journal)).name
    unwitnessed = None if head is not None and head.table == args.table else f"there is no head file ({name})"
    not_a_head = head_file_problem(Path(args.journal))
    if not_a_head is not None and report.ok:  # never read: no writer makes one, so something was put in its place
        from dataclasses import replace

        report = replace(report, ok=False, first_bad_event=None,
                         reason=f"the journal's head file {name} {not_a_head}, put in the place of the file its "
                                "writer keeps; it was not read, and nothing witnesses where the journal ends")
    if head is not None and unwitnessed is None and report.ok and report.signed and checked_with.key is not None:
        from dataclasses import replace

        from controller.table.audit.seals import head_problem

        problem = head_problem(head, checked_with.key)
        if problem == "unsigned":
            unwitnessed = f"its head file ({name}) is not signed by the table's key"
        elif problem is not None:
            report = replace(report, ok=False, first_bad_event=None,
                             reason=f"the journal's head file {name} names event {head.seq} as its end, but {problem}")
    return print_verify(args, report, unwitnessed, floor() if floor is not None else None)


def print_verify(args: argparse.Namespace, report: VerifyReport, unwitnessed: str | None = None,
                 floor: FloorCopy | None = None) -> int:
    """`verify`'s answer, the same for a journal file and for the floor database's copy of one; its exit status
    (VERIFY_EXITS). `unwitnessed`: why nothing witnesses where a journal file ends (no head file beside it, or
    one the table's key did not sign): its end is then unproven. `floor`: a journal file compared with the floor's
    copy (--journal with --db): a copy that differs is tamper evidence (1); one that holds every event of the
    file witnesses where it ends."""
    if floor is not None and floor.agrees and floor.holds_the_end:
        unwitnessed = None
    verdict, status = verify_verdict(report, unwitnessed)
    if floor is not None and not floor.agrees and status not in (1, EXIT_OTHER_KEY):
        verdict, status = "TAMPER_EVIDENCE", 1
    if args.json:
        copy = {} if floor is None else {"floor_copy": {"agrees": floor.agrees, "words": floor.words}}
        print(json.dumps({**report.to_dict(), "verdict": verdict, **copy}))
        return status
    elif report.ok:
        print(f"OK: {report.events:,} events in {report.rounds:,} rounds; the chain is whole and every payment "
              "agrees with the cards, the decisions and the house rules.")
        print(signatures_in_words(report))
        if unwitnessed is not None:
            print(f"END UNWITNESSED: {unwitnessed} to record its last event, so events cut from its end at a seal "
                  "would not show. Verify the journal with its own head file beside it, or against the floor's copy "
                  "(audit --db).")
    else:
        where = f"The first bad event is {report.first_bad_event}." if report.first_bad_event is not None else \
            "Every event is whole: the damage is in the file around them."
        word = "SEALED BY ANOTHER KEY" if status == EXIT_OTHER_KEY else "TAMPERED OR DAMAGED"
        print(f"{word}: {report.reason}\n{where} Keep the file as it is and report it.")
    if floor is not None:
        print(floor.words)
    return status


@dataclass(frozen=True)
class FloorCopy:
    """A journal file against the floor's copy of its table (`audit --journal F --db URL verify`)."""

    agrees: bool  # every event the floor holds is in the file, unchanged
    words: str
    holds_the_end: bool = False  # the floor holds the file's last event too: it witnesses where the file ends


def verify_verdict(report: VerifyReport, unwitnessed: str | None) -> tuple[str, int]:
    """The verdict's word and exit status: damage first, then who wrote it, then where it ends."""
    if not report.ok:
        if report.other_key is not None and report.key_from in ("given", "table", "floor"):
            return "OTHER_KEY", EXIT_OTHER_KEY
        return "DAMAGED", 1
    if not report.signed:
        return "UNSIGNED", EXIT_UNSIGNED
    if report.key_from not in ("given", "table", "floor"):
        return "NOT_CONFIRMED", EXIT_NOT_CONFIRMED
    if unwitnessed is not None:
        return "END_UNWITNESSED", EXIT_END_UNWITNESSED
    return "OK", 0


def signatures_in_words(report: VerifyReport) -> str:
    """What the journal's seals prove, in a line for the pit boss."""
    if not report.signed:
        return ("UNSIGNED: the journal holds no seal of the table's key: it was written before this version signed "
                "its journals. Nothing proves who wrote it; give the table's key (--pubkey) to refuse such a journal.")
    whose = {"given": "the table's key given", "table": "this machine's key for the table",
             "floor": "the key the floor approved for the table"}.get(report.key_from)
    confirmed = f"checked with {whose}" if whose else \
        "NOT CONFIRMED: compare this key id with `rptable table pubkey` at the table, or give --pubkey"
    return f"SIGNED: {report.seals:,} seal(s) of key {report.key_id} cover every event ({confirmed})."


def _export(args: argparse.Namespace, book: RoundBook) -> int:
    from controller.table.round_record import LINES

    rounds = list(book.rounds())
    if args.format == "json":
        text = json.dumps([r.summary() for r in rounds], indent=1)
    else:
        out = io.StringIO()
        writer = csv.writer(out)
        lines = list(LINES)
        writer.writerow(["round", "opened_utc", "box", "cards", "best", "paid", "multiplier", "outcome", *lines,
                         "net", "wagered", "dealer", "voided"])
        for r in rounds:
            for b in map(r.box_line, r.boxes):
                writer.writerow([r.round_id, _time(r.opened_at), b["box"], " ".join(b["cards"]), b["best"],
                                 "+".join(b["paid"]), b["multiplier"], b["outcome"], *(b["lines"][k] for k in lines),
                                 b["net"], b["wagered"], " ".join(c.code for c in r.dealer), r.voided])
        text = out.getvalue()
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"{len(rounds)} rounds written to {args.out}")
    else:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


def _report(args: argparse.Namespace, book: RoundBook) -> int:
    from controller.measured.house_edges import measured_edges
    from controller.table.audit.shift_report import (
        NOBODY,
        build_report,
        dealers_csv,
        report_csv,
        report_html,
        theoretical_basis,
    )
    shift = book.shift(args.date)  # a day's rounds and the dealers' turns in it, or every one of them
    report = build_report(args.table, shift.rounds, measured_edges(), turns=shift.turns, until=shift.until,
                          shoe_sessions=shift.shoe_sessions)
    folder = Path(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "report.html").write_text(report_html(report), encoding="utf-8")
    (folder / "report.csv").write_text(report_csv(report), encoding="utf-8")
    (folder / "dealers.csv").write_text(dealers_csv(report), encoding="utf-8")
    t = report.total
    print(f"{t.rounds:,} rounds, drop {t.drop:,}, house win {t.win:+,}, hold {t.hold_pct:.2f}%")
    print(f"theoretical win {t.theoretical:+,.0f}, theoretical hold {t.theoretical_hold_pct:.2f}%")
    if report.jackpot_line:
        print(report.jackpot_line)
    if report.shoe_line:
        print(report.shoe_line)
    print(theoretical_basis(report))
    for d in report.by_dealer.values():
        adjusted = f"{d.adjustments} adjustment(s) {d.adjusted:+,}"
        if d.dealer == NOBODY:  # rounds dealt with nobody signed in have no hours to count
            print(f"no dealer signed in: {d.rounds:,} rounds, {adjusted}")
            continue
        per_hour = "-" if d.rounds_per_hour is None else f"{d.rounds_per_hour:.1f}"
        print(f"dealer {d.name}: {d.rounds:,} rounds in {d.hours:.2f} h ({per_hour} an hour), {adjusted}")
    print(f"wrote {folder / 'report.html'}, {folder / 'report.csv'} and {folder / 'dealers.csv'}")
    return 0
