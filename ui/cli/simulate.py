"""`rptable simulate`: QA — the full controller with its journal against the simulated shoe."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from controller.floor.jackpot_link import LinkState
    from controller.floor.reporter import ReportStatus
    from controller.opening.simulate import FloorLinks
    from controller.opening.table_session import TableSession
    from controller.table.qa.autoplay import Seating

from ui.cli.bounds import seconds, table_id, whole
from ui.cli.floor_connection import add_table_floor_arguments
from ui.cli.help_examples import add_examples
from ui.cli.said import refused

PIT_BOSS_WALK = 20.0  # seconds a fault waits for the QA pit boss at a live pace
MAX_ROUNDS = 10**9  # about three weeks of simulated play at this machine's pace
MAX_SEED = 2**63 - 1
JACKPOT_WAIT = 10.0  # seconds a session waits for the jackpot meter before it plays (with betting closed)
FLOOR_CLOSE_WAIT = 30.0  # seconds the jackpot link and the reporter are given to send what is left at the end


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", required=True, metavar="NAME|FILE", help="a preset name or a rules file")
    parser.add_argument("--rounds", type=whole(1, MAX_ROUNDS), required=True,
                        help="rounds the session should reach")
    parser.add_argument("--seed", type=whole(0, MAX_SEED), default=1,
                        help="shuffles: the same seed deals the same cards")
    parser.add_argument("--boxes", type=whole(1, 7), default=6, help="boxes in play (default 6, at most the table's)")
    parser.add_argument("--ante", type=whole(1, 10**9), default=10, help="every box's ante (default 10)")
    parser.add_argument("--journal", metavar="PATH",
                        help="keep the journal here; a journal holding a session is resumed (default: temporary)")
    parser.add_argument("--faults", metavar="SPEC", help="faults for the simulated shoe to inject (see shoe-sim)")
    parser.add_argument("--camera", metavar="URL",
                        help="a camera over the layout that reads every showdown against the shoe's record "
                             "(card-switch alarm), e.g. camera+sim://?deck=NAME&condition=hard&switch=2:3")
    parser.add_argument("--commit", choices=("round", "command"), default="round",
                        help="commit the journal once every 10 rounds (default, fast) or per command (as a live "
                             "table)")
    parser.add_argument("--table", type=table_id, default="T1", metavar="ID",
                        help="the table's id in its journal (default T1)")
    add_table_floor_arguments(parser, staked_while="every box places the jackpot stake while the meter takes them")
    parser.add_argument("--pace", type=seconds(0.0, 3600.0, low_allowed=True), default=0.0, metavar="S",
                        help="play one round every S seconds, as a live table does, committing every command; "
                             "a fault then waits 20 s for the QA pit boss (default: as fast as it goes)")
    parser.add_argument("--player", action="append", default=[], metavar="BOX=NAME[:STRATEGY]",
                        help="name a box's player and the strategy he plays (simple, basic or expert), e.g. "
                             "3=Ivanov:expert; repeat for more boxes")
    parser.add_argument("--royal-at", type=whole(1, MAX_ROUNDS), action="append", default=[], metavar="ROUND",
                        help="QA: the shoe deals box 1 a royal flush in round ROUND (repeat for more)")
    parser.add_argument("--shoe-key", metavar="FILE",
                        help="pair the simulated shoe with this SHOE/1-A key (rptable shoe keygen); without it the "
                             "shoe is not authenticated, and the summary says so. A journal whose shoe proved a key "
                             "is resumed only with one (refused otherwise, exit status 1)")
    parser.add_argument("--progress", action="store_true", help="print each committed journal seq (for tests)")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.epilog = ("Players follow the `simple` strategy (controller/players/simple.py): bet a pair or better, draw "
                     "to ace-king and four-flushes, fold the rest; buy the dealer a game with trips or better.")
    add_examples(parser,
                 "rptable simulate --rules four-seat --rounds 20",
                 "rptable simulate --rules classic --rounds 20 --seed 7 --journal T1.journal",
                 "rptable simulate --rules classic --rounds 40 --seed 7 --journal T1.journal",
                 "rptable simulate --rules four-seat --rounds 10 --faults unreadable@7,garble=0.05 --json",
                 "rptable simulate --rules four-seat --rounds 5 --player 1=Ivanov:basic --player 2=Petrov",
                 "rptable simulate --rules four-seat --rounds 10 --journal T2.journal --table T2 "
                 "--replica \"$FLOOR_DB\"")


def run(args: argparse.Namespace) -> int:
    from controller.core.rules import RulesError
    from controller.engine import IllegalCommand
    from controller.opening.simulate import simulate
    from controller.table.controller import TableLocked
    from controller.table.journal import JournalError
    from controller.table.rule_files import load_rules
    from controller.table.security.program import check_program
    from controller.table.security.signing import SigningKeyError, table_key
    from controller.table.stop_signals import Stopped, stopping_like_ctrl_c
    from drivers.base import SourceError

    if args.jackpot and not args.journal:
        return refused("simulate", "--jackpot needs --journal PATH: the journal holds each jackpot settlement until "
                                   "the meter has it.", 2)
    if args.replica and not args.journal:
        return refused("simulate", "--replica needs --journal PATH: the journal is what the table reports from, and "
                                   "keeps what the database has not taken yet.", 2)
    program = check_program()
    if program.found and not program.ok:
        return refused("simulate", f"PROGRAM fault: {program.fault_text()}")
    closed: list[TableSession] = []  # the table, once its session closed: the floor links' last word
    try:
        key = table_key(args.table)
        rules = load_rules(args.rules)
        seating = _seating(args)
        progress = (lambda e: print(f"committed {e.seq}", flush=True)) if args.progress else None
        with stopping_like_ctrl_c():  # a service manager's stop, or a closed terminal, ends it as Ctrl-C does
            report = simulate(rules, args.rounds, args.seed, boxes=args.boxes, ante=args.ante,
                              journal_path=args.journal, faults=args.faults,
                              commit_per="command" if args.pace else args.commit,
                              on_entry=progress, table_id=args.table, seating=seating,
                              on_round=(lambda _totals: time.sleep(args.pace)) if args.pace else None,
                              royal_at=tuple(args.royal_at), camera=args.camera, key=key, program=program,
                              shoe_key=args.shoe_key, floor=_floor_links(args, closed.append))
    except Stopped as stop:
        print(f"rptable simulate: stopped by {stop}; the journal keeps every round played.", file=sys.stderr)
        raise
    except (RulesError, JournalError, SourceError, TableLocked, IllegalCommand, ValueError, SigningKeyError) as err:
        return refused("simulate", err)
    finally:
        for session in closed:
            _last_word(args, session)
    if args.json:
        print(json.dumps(report.to_dict()))
        return 0
    resumed = f" (resumed after round {report.resumed_from_round})" if report.resumed_from_round else ""
    print(f"{report.rounds} rounds{resumed}, {report.boxes_played} boxes played, {report.wagered:,} wagered")
    print(f"house net {report.house_net:+,}, hold {report.hold_pct:.2f}%")
    print(f"{report.faults} faults, {report.events:,} journal events, {report.seconds:.2f} s"
          f"{pace_words(report.rounds, report.seconds)}")
    if report.camera is not None:
        read, switches = report.camera
        stopped = " (each a CARD_SWITCH fault that stopped its round, resolved by the QA pit boss)" if switches else ""
        print(f"camera over the layout: {read:,} showdown{'' if read == 1 else 's'} read, "
              f"{switches:,} card switch{'' if switches == 1 else 'es'} seen{stopped}")
    print(report.shoe_words)
    if report.journal:
        print(f"journal: {report.journal}  (rptable audit verify --journal {report.journal})")
    return 0


def pace_words(rounds: int, seconds: float) -> str:
    """` (35 rounds/s)`, `` (0.4 rounds/s)``: the session's pace, to two figures when slow; nothing when no round
    was played or the time was too short to measure (a resumed session with nothing left to play)."""
    if rounds <= 0 or seconds < MEASURABLE_SECONDS:
        return ""
    pace = rounds / seconds
    return f" ({pace:,.0f} rounds/s)" if pace >= 10 else f" ({pace:.2g} rounds/s)"


MEASURABLE_SECONDS = 0.005


def _seating(args: argparse.Namespace) -> Seating:
    from controller.floor.seats import Seat, SeatError, seating

    try:
        seats = {seat.box: seat for seat in map(Seat.parse, args.player)}
    except SeatError as err:
        raise ValueError(str(err)) from err
    walk = (lambda: time.sleep(PIT_BOSS_WALK)) if args.pace else None
    return seating(seats, seed=args.seed, pit_boss_walk=walk)


def _floor_links(args: argparse.Namespace, closed: Callable[[TableSession], None]) -> FloorLinks:
    """The session's links to the floor, each saying on the terminal how it stands: whenever jackpot betting
    closes or opens, and whenever reporting stops or starts again."""
    from controller.opening.simulate import FloorLinks

    def warn(problem: str) -> None:
        print(f"rptable simulate: WARNING: {problem}", file=sys.stderr)

    def say_jackpot(state: LinkState) -> None:
        reason = state.closed_reason
        print(f"rptable simulate: {args.table}: {reason or 'jackpot betting open'}"
              f" (meter {state.meter if state.meter is not None else '?'})", file=sys.stderr, flush=True)

    def say_report(status: ReportStatus) -> None:
        print(f"rptable simulate: {args.table}: {status.text}", file=sys.stderr, flush=True)

    return FloorLinks(replica=args.replica, jackpot=args.jackpot, jackpot_wait=JACKPOT_WAIT,
                      close_wait=FLOOR_CLOSE_WAIT, on_warning=warn, on_jackpot_state=say_jackpot,
                      on_report_status=say_report, on_close=closed)


def _last_word(args: argparse.Namespace, session: TableSession) -> None:
    """Where the jackpot meter and the floor's report stood when the table closed."""
    state = session.jackpot_state
    if state is not None:
        print(f"rptable simulate: {args.table}: jackpot meter {state.meter if state.meter is not None else '?'}"
              f"{' (jackpot pending)' if state.pending else ''}"
              f"{'' if state.reachable else ': ' + state.problem}", file=sys.stderr)
    if session.report_status is not None:
        print(f"rptable simulate: {args.table}: {session.report_status.text}", file=sys.stderr)
