"""`rptable jackpot sign|status|confirm|reject|audit --db URL`: the linked progressive jackpot: its sign (Qt, full
screen), its state (`--json`: `{"meter", "pending", "tables", "hits": [...]}`), a pit boss's confirmation of a
hit at the table or its rejection (the hand is not what the shoe read), and the meter's audit against its
ledger."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any

from ui.cli.bounds import table_id, whole
from ui.cli.help_examples import add_examples
from ui.cli.pit import _size
from ui.cli.said import refused
from ui.cli.users import FLOOR_STAFF, read_secret

if TYPE_CHECKING:
    from pathlib import Path

    from controller.floor.jackpot_audit import TableJournal
    from controller.floor.jackpot_link import Rejection
    from controller.floor.jackpot_meter import JackpotMeter
    from controller.table.security.users import User


# What the examples play: house rules with a jackpot bet, and a simulated table whose box 1 is dealt a royal flush
# in round 3 (a hit that waits for a pit boss); the floor's pit boss vera.
RULES = ("rptable rules show four-seat > jackpot.toml",
         "printf '[jackpot]\\nstake = 10\\ncontribution_pct = 20\\nreseed = 100000\\n[jackpot.pays]\\n"
         "ROYAL_FLUSH = \"100%%\"\\n' >> jackpot.toml")
PLAYED = (*RULES, "rptable simulate --rules jackpot.toml --rounds 5 --journal T1.journal --jackpot \"$FLOOR_DB\" "
                  "--royal-at 3")
STAFFED = FLOOR_STAFF
ALREADY_PAID = 3  # `jackpot confirm` of a hit the table's journal holds as paid: nothing is paid again
DOES_NOT_ADD_UP = 4  # `jackpot confirm` from a meter whose audit does not add up: nothing is paid
JOURNALED_WAIT = 5.0  # seconds a decision made while the table runs waits to be seen in its journal
CONFIRMED = "echo pin-7350 | rptable jackpot confirm --db \"$FLOOR_DB\" --journal T1.journal --round T1-000003 " \
            "--box 1 --pit-boss vera"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", required=True, metavar="URL", help="the floor's PostgreSQL, where the meter is")
    common.add_argument("--meter", default="main", metavar="NAME", help="the meter (default: main)")
    status = sub.add_parser("status", parents=[common], help="the meter, whether a hit is pending, the linked "
                                                             "tables and the last hits")
    status.add_argument("--json", action="store_true", help='one JSON object: {"meter", "pending", "tables", "hits"}')
    sign = sub.add_parser("sign", parents=[common], help="the sign above the tables (Qt, full screen)")
    sign.add_argument("--windowed", action="store_true", help="a window instead of the full screen")
    sign.add_argument("--language", choices=("en", "ru"), default="en", help="the sign's language")
    sign.add_argument("--size", metavar="WxH", help="a window of exactly this size, e.g. 1366x768")
    sign.add_argument("--screenshot", metavar="PNG", help="save the sign as a picture once it shows the meter, "
                                                          "then stop")
    hit = argparse.ArgumentParser(add_help=False)
    hit.add_argument("--journal", metavar="PATH",
                     help="the table's journal, where the decision is journaled at once while the table is closed; "
                          "without it, or while the table runs, the meter decides and the table journals the "
                          "decision itself (at once while it runs, else when it next opens)")
    hit.add_argument("--table", type=table_id, default="T1", metavar="ID", help="the table's id (default T1)")
    hit.add_argument("--round", required=True, metavar="ID", help="the round of the hit, e.g. T1-000003")
    hit.add_argument("--box", type=whole(1, 10), required=True, help="the box that hit")
    hit.add_argument("--pit-boss", required=True, metavar="NAME",
                     help="the pit boss's floor account (rptable users --db URL add NAME --role pit_boss); "
                          "the PIN is asked at the terminal, or read from standard input")
    confirm = sub.add_parser("confirm", parents=[common, hit],
                             help="a pit boss confirms a box's jackpot hit at the table, once the hand is verified",
                             description="A pit boss confirms a box's jackpot hit at the table, once the hand is "
                                         "verified: the meter pays it and the table journals the payment (with "
                                         "--journal of a closed table at once; else the table itself, at once "
                                         "while it runs or when it next opens). Exit "
                                         f"status {ALREADY_PAID}: the hit was paid already (the table's journal, or "
                                         "without --journal the meter, holds it as paid; said by whom and when); "
                                         f"nothing is paid again. Exit status {DOES_NOT_ADD_UP}: the meter the hit is "
                                         "paid from does not add up (what `jackpot audit` checks); nothing is paid. "
                                         "With --journal, the journal must be the history the meter credited for the "
                                         "table, sealed by the key the floor approved for it.")
    reject = sub.add_parser("reject", parents=[common, hit],
                            help="a pit boss rejects a box's jackpot hit at the table (the hand is not what the shoe "
                                 "read, e.g. a misdeal): not paid; the meter unlocks unless another hit waits")
    reject.add_argument("--reason", required=True, metavar="WHY", help="why, journaled with the pit boss's name")
    audit = sub.add_parser("audit", parents=[common], help="the meter against its ledger: seeds and reseeds + "
                                                           "contributions - payouts, to the chip, the ledger "
                                                           "replayed entry by entry, and the tables' journals")
    audit.add_argument("--json", action="store_true")
    audit.add_argument("--journal", action="append", default=[], metavar="PATH",
                       help="a linked table's journal (repeat for each): the meter's contributions and hits of that "
                            "table are checked against it, so rows forged together in the database are named")
    reseed = sub.add_parser("reseed", parents=[common], help="an admin of the floor's staff adds the house's chips "
                                                             "to the meter, kept in the ledger with the admin's name")
    reseed.add_argument("--chips", type=whole(1, 10**12), required=True, help="the chips the house adds")
    reseed.add_argument("--admin", required=True, metavar="NAME",
                        help="an admin's floor account; the PIN is asked at the terminal, or read from standard input")
    add_examples(status, *PLAYED, "rptable jackpot status --db \"$FLOOR_DB\"",
                 "rptable jackpot status --db \"$FLOOR_DB\" --json")
    add_examples(sign, *PLAYED, "rptable jackpot sign --db \"$FLOOR_DB\" --screenshot sign.png --size 1366x768",
                 "rptable jackpot sign --db \"$FLOOR_DB\"  # illustrative")
    add_examples(confirm, *PLAYED, *STAFFED, CONFIRMED, "rptable jackpot status --db \"$FLOOR_DB\"")
    add_examples(reject, *PLAYED, *STAFFED,
                 "echo pin-7350 | rptable jackpot reject --db \"$FLOOR_DB\" --journal T1.journal --round T1-000003 "
                 "--box 1 --pit-boss vera --reason \"misdeal: the shoe read a card the dealer did not deal\"",
                 "rptable jackpot status --db \"$FLOOR_DB\"")
    add_examples(audit, *PLAYED, "rptable jackpot audit --db \"$FLOOR_DB\"",
                 "rptable jackpot audit --db \"$FLOOR_DB\" --journal T1.journal",
                 "rptable jackpot audit --db \"$FLOOR_DB\" --json")
    add_examples(reseed, *PLAYED, *STAFFED,
                 "echo pin-4821 | rptable jackpot reseed --db \"$FLOOR_DB\" --chips 50000 --admin root",
                 "rptable jackpot audit --db \"$FLOOR_DB\"")
    add_examples(parser, *PLAYED, "rptable jackpot status --db \"$FLOOR_DB\"",
                 "rptable jackpot audit --db \"$FLOOR_DB\"")


def run(args: argparse.Namespace) -> int:
    from controller.floor.database import FloorError, explain, psycopg_module

    try:
        pg_error = psycopg_module().Error
        if args.action == "sign":
            return _sign(args)
        if args.action in ("confirm", "reject"):
            return _at_the_table(args)
        if args.action == "reseed":
            return _reseed(args)
        from controller.floor.jackpot_meter import JackpotMeter

        journals = _table_journals(args.journal, args.db) if args.action == "audit" else ()
        meter = JackpotMeter(args.db, args.meter)
        try:
            if args.action == "status":
                _print_status(meter.status(), args.json)
                return 0
            audit = meter.audit(journals)
        finally:
            meter.close()
    except (JournalUnfit, FloorError) as err:
        return refused("jackpot", err)
    except pg_error as err:
        return refused("jackpot", explain(err, args.db))
    if args.json:
        print(json.dumps(audit.to_dict()))
    else:
        verdict = "OK" if audit.ok else "DOES NOT ADD UP"
        print(f"meter {audit.meter:,} = seeds and reseeds {audit.seeds:,} + contributions {audit.contributions:,} "
              f"- payouts {audit.payouts:,} ({audit.entries:,} ledger entries): {verdict}")
        for hit in audit.hits_changed:
            print(f"jackpot hit #{hit}: its amount is not what the ledger paid out for it (the database was changed)")
        for problem in audit.problems:
            print(problem)
        for entry, chips, admin in audit.reseeds_by:
            print(f"ledger entry #{entry}: {chips:+,} reseeded by {admin}, an admin of the floor")
        if audit.journals:
            print(f"checked against the journals of {', '.join(audit.journals)}")
    return 0 if audit.ok else 1


def _reseed(args: argparse.Namespace) -> int:
    """`reseed`: an admin logs in with the floor's accounts; the meter checks the account again under its lock."""
    from controller.floor.jackpot_meter import JackpotMeter, JackpotRefused
    from controller.floor.staff import open_accounts
    from controller.table.security.users import AuthError, Role

    staff = open_accounts(args.db)
    try:
        admin = staff.authenticate(args.admin, read_secret(f"PIN of admin {args.admin}: "), need=Role.ADMIN)
    except AuthError as err:
        return refused("jackpot", err)
    finally:
        staff.close()
    meter = JackpotMeter(args.db, args.meter)
    try:
        now = meter.reseed_by(admin.name, args.chips)
    except JackpotRefused as err:
        return refused("jackpot", err)
    finally:
        meter.close()
    print(f"Jackpot meter '{args.meter}' reseeded by {admin.name}: {args.chips:+,}, now {now:,}; kept in the ledger "
          "with the admin's name.")
    return 0


class JournalUnfit(Exception):
    """A journal given to the audit that cannot be read, or does not verify: the audit proves nothing with it."""


def _table_journals(paths: list[str], url: str) -> tuple[TableJournal, ...]:
    """Each journal given to `audit`, verified whole first (sealed at its table, it is what the database cannot
    forge; with the key the floor approved for the table, once it has one), as the audit reads it."""
    if not paths:  # the ledger alone: nothing to verify, and the verifier's imports are not paid
        return ()
    from controller.floor.jackpot_audit import TableJournal
    from controller.floor.table_binding import first_hash
    from controller.floor.table_keys import approved_key_of
    from controller.table.audit.verify import VerifyWith, verify_journal_file
    from controller.table.journal import Journal, JournalError

    journals = []
    for path in paths:
        if not os.path.lexists(path):
            raise JournalUnfit(f"--journal {path}: there is no journal there; give the path of a linked table's "
                               "journal")
        try:
            with Journal(path, "T1", readonly=True) as journal:
                tables = journal.table_ids()
            if len(tables) != 1:
                raise JournalUnfit(f"--journal {path}: it holds the events of {len(tables)} tables; give one table's "
                                   "journal")
            (table,) = tables
            approved = approved_key_of(url, table)
            checked = verify_journal_file(path, table, key=VerifyWith(approved, "floor") if approved else None)
            if not checked.ok:
                raise JournalUnfit(f"--journal {path}: the journal does not verify ({checked.reason}): the meter is "
                                   "not checked against it; `rptable audit --journal PATH verify` says more")
            with Journal(path, table, readonly=True) as journal:
                journals.append(TableJournal(table, path, first_hash(journal), tuple(journal.jackpot_entries())))
        except JournalError as err:
            raise JournalUnfit(f"--journal {path}: {err}") from err
    return tuple(journals)


def _print_status(status: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(status))
        return
    if status["meter"] is None:
        print(f"jackpot meter '{status['meter_id']}': no table has linked to it yet")
        return
    print(f"jackpot meter '{status['meter_id']}': {status['meter']:,}" + ("  JACKPOT PENDING" if status["pending"]
                                                                         else ""))
    for table in status["tables"]:
        print(f"  table {table['table']}: " + ("linked" if table["linked_now"] else
                                              f"not heard from for {table['seconds_since']:.0f} s"))
    for hit in status["hits"]:
        who = {"paid": f"confirmed by {hit['confirmed_by']}",
               "rejected": f"REJECTED by {hit['confirmed_by']}: {hit['reason']}"}.get(
            hit["status"], "PENDING: a pit boss confirms or rejects")
        print(f"  hit #{hit['hit']}: table {hit['table']} round {hit['round']} box {hit['box']} {hit['category']} "
              f"{hit['share_pct']}% of {hit['meter_at_hit']:,} = {hit['amount']:,}, {who}")


def _at_the_table(args: argparse.Namespace) -> int:
    """`confirm` or `reject`: the pit boss logs in with the floor's accounts, then acts on the table's journal."""
    from pathlib import Path

    from controller.engine import IllegalCommand
    from controller.floor.jackpot_link import confirm_hit, reject_hit
    from controller.floor.jackpot_meter import AlreadyPaid, JackpotRefused, LedgerDoesNotAddUp
    from controller.floor.staff import FloorUserStore, open_accounts
    from controller.opening.table_session import open_table_at_desk
    from controller.table.controller import TableLocked
    from controller.table.journal import JournalError
    from controller.table.journal.writer_lock import JournalBusy
    from controller.table.security.signing import SigningKeyError, table_key
    from controller.table.security.users import AuthError, Role

    if args.action == "reject" and not args.reason.strip():
        print("rptable jackpot: --reason: say why the hit is rejected; it is journaled with your name.",
              file=sys.stderr)
        return 2
    staff = FloorUserStore(args.db, Path(args.journal).with_suffix(".accounts-cache.db"), table_id=args.table) \
        if args.journal else open_accounts(args.db, table_id=args.table)
    try:
        pit_boss = staff.authenticate(args.pit_boss, read_secret(f"PIN of pit boss {args.pit_boss}: "),
                                      need=Role.PIT_BOSS)
    except AuthError as err:
        return refused("jackpot", err)
    finally:
        staff.close()
    if not args.journal:
        return _on_the_meter(args, pit_boss)
    try:  # the payment or the rejection is sealed with the table's key like every table event
        session = open_table_at_desk(Path(args.journal), args.table, key=lambda: table_key(args.table))
    except JournalBusy:  # the table runs: the meter decides, and the table's link brings it to the journal
        return _on_the_meter(args, pit_boss, Path(args.journal))
    except (JournalError, SigningKeyError, TableLocked) as err:
        return refused("jackpot", err)
    try:
        controller = session.controller
        if args.action == "reject":
            rejection = reject_hit(controller, args.db, args.round, args.box, pit_boss, args.reason, args.meter)
        else:
            hit = confirm_hit(controller, args.db, args.round, args.box, pit_boss, args.meter)
    except IllegalCommand as err:
        return refused("jackpot", err.reason)
    except AlreadyPaid as err:
        return refused("jackpot", err, ALREADY_PAID)
    except LedgerDoesNotAddUp as err:
        return refused("jackpot", err, DOES_NOT_ADD_UP)
    except (JackpotRefused, TableLocked, ValueError) as err:
        return refused("jackpot", err)
    finally:
        session.close()
    if args.action == "reject":
        print(rejection_words(rejection, args.table))
        return 0
    print(f"Jackpot hit #{hit.hit} paid: table {hit.table_id} round {hit.round_id} box {hit.box}, {hit.category}, "
          f"{hit.share_pct}% of {hit.meter_at_hit:,} = {hit.amount:,}; confirmed by {hit.confirmed_by}, journaled at "
          "the table.")
    return 0


def _on_the_meter(args: argparse.Namespace, pit_boss: User, running: Path | None = None) -> int:
    """`confirm` or `reject` without the table's journal, or with the journal of a table that runs: the meter
    checks the pit boss's floor account again and decides under its lock; the table's link brings the decision to
    its journal (at once while it runs, else when it next opens). With the running table's journal (`running`),
    a hit made by another journal of the table is refused, and the answer says when the table has journaled it."""
    from controller.floor.jackpot_meter import AlreadyPaid, JackpotMeter, JackpotRefused, LedgerDoesNotAddUp

    meter = JackpotMeter(args.db, args.meter)
    try:
        hit = meter.hit_of(args.table, args.round, args.box)
        if hit is None:
            raise JackpotRefused(f"The meter holds no jackpot hit of round {args.round} box {args.box} at table "
                                 f"{args.table}: if the hand was a hit, the table still holds it and sends it once "
                                 "the meter can be reached; try again in a moment.")
        if running is not None:
            _require_made_by_journal(hit.journal_hash, running, args.table, hit.hit)
            if args.action == "confirm":
                _require_credited(meter, running, args.table)
        if args.action == "reject":
            decided, now = meter.reject(args.table, args.round, args.box, pit_boss.name, args.reason)
            waiting = meter.first_waiting()
        else:
            decided, now = meter.confirm(hit.hit, pit_boss.name)
            if not now:
                raise AlreadyPaid(decided)
    except AlreadyPaid as err:
        return refused("jackpot", err, ALREADY_PAID)
    except LedgerDoesNotAddUp as err:
        return refused("jackpot", err, DOES_NOT_ADD_UP)
    except JackpotRefused as err:
        return refused("jackpot", err)
    finally:
        meter.close()
    head = f"Jackpot hit #{decided.hit} of table {decided.table_id} round {decided.round_id} box {decided.box}"
    if args.action == "reject" and not now:
        print(f"{head} was rejected already, by {decided.confirmed_by}; nothing changed.")
        return 0
    what = "rejection" if args.action == "reject" else "payment"
    journaled = running is not None and _journaled_soon(running, args.table, args.round, args.box)
    where = f"table {decided.table_id} journaled the {what}" if journaled else \
        f"table {decided.table_id} journals the {what} (at once while it runs, else when it next opens)"
    if args.action == "reject":
        unlocks = "the meter unlocks" if waiting is None else \
            f"the meter stays locked: hit #{waiting.hit} (table {waiting.table_id} round {waiting.round_id} box " \
            f"{waiting.box}) still waits for a pit boss to confirm or reject it"
        print(f"{head} rejected on the meter by {decided.confirmed_by}; it took back {decided.amount:,} and "
              f"{unlocks}; {where}.")
        return 0
    print(f"Jackpot hit #{decided.hit} paid on the meter: table {decided.table_id} round {decided.round_id} box "
          f"{decided.box}, {decided.category}, {decided.share_pct}% of {decided.meter_at_hit:,} = {decided.amount:,}; "
          f"confirmed by {decided.confirmed_by}; {where}.")
    return 0


def _require_made_by_journal(journal_hash: str, path: Path, table: str, number: int) -> None:
    """JackpotRefused unless the hit came from the journal at `path` (read without its writer's lock)."""
    from controller.floor.jackpot_meter import JackpotRefused
    from controller.floor.table_binding import first_hash
    from controller.table.journal import Journal

    with Journal(path, table, readonly=True) as journal:
        mine = first_hash(journal)
    if journal_hash and journal_hash != mine:
        raise JackpotRefused(
            f"Jackpot hit #{number} (table {table}) was made by another journal of table {table}, not {path}: a hit "
            "is confirmed or rejected only with the journal that made it. Nothing is paid; give the table's own "
            "journal.")


def _require_credited(meter: JackpotMeter, path: Path, table: str) -> None:
    """JackpotRefused unless the running table's journal is the history the meter credited, sealed by the key the
    floor approved for the table (read without its writer's lock)."""
    from controller.floor.jackpot_link import require_credited_journal
    from controller.table.journal import Journal

    with Journal(path, table, readonly=True) as journal:
        require_credited_journal(meter, table, journal, path)


def _journaled_soon(path: Path, table: str, round_id: str, box: int) -> bool:
    """Whether the running table journals the decision within a few seconds (its link hears the meter at once)."""
    import time

    from controller.table.jackpot_hits import table_hits
    from controller.table.journal import Journal

    deadline = time.monotonic() + JOURNALED_WAIT
    while True:
        with Journal(path, table, readonly=True) as journal:
            held = [h for h in table_hits(journal.jackpot_entries()) if (h.round_id, h.box) == (round_id, box)]
        if held and not held[0].waiting:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)


def rejection_words(rejection: Rejection, table: str) -> str:
    """What a rejection did, on the table and on the meter."""
    head = f"Jackpot hit of table {table} round {rejection.round_id} box {rejection.box}"
    if rejection.already:
        return f"{head} was rejected already; nothing changed."
    head += " rejected, journaled at the table"
    if rejection.on_meter is not None:
        took_back = f"{head}; the meter took back hit #{rejection.on_meter.hit} ({rejection.on_meter.amount:,})"
        waiting = rejection.still_waiting
        if waiting is None:
            return f"{took_back} and unlocks."
        return (f"{took_back}. The meter stays locked: hit #{waiting.hit} (table {waiting.table_id} round "
                f"{waiting.round_id} box {waiting.box}) still waits for a pit boss to confirm or reject it.")
    if rejection.meter_problem:
        return (f"{head}; the meter cannot be reached ({rejection.meter_problem}): the table's link hands it the "
                "rejection when it can.")
    return f"{head}; the meter does not hold the hit yet: the table's link hands it the hit and its rejection."


def _sign(args: argparse.Namespace) -> int:
    size = _size(args.size) if args.size else None
    if args.size and size is None:
        return refused("jackpot", f"--size {args.size!r}: give WIDTHxHEIGHT, e.g. 1366x768", 2)
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("QT_QPA_PLATFORM")):
        return refused("jackpot", "no display found. Run the sign on a screen, or: xvfb-run -a rptable jackpot sign "
                                  "--db URL; for the state without a screen: rptable jackpot status --db URL --json", 2)
    from ui.jackpot.run import run_sign

    return run_sign(args.db, args.meter, size=size, windowed=args.windowed, screenshot=args.screenshot,
                    language=args.language)
