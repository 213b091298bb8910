"""`rptable console`: the dealer's console (Qt); with no options, the simulated shoe and a journal in the user
data folder. Without a display it says how to run it; `--screenshot` works without one."""

from __future__ import annotations

import argparse
import importlib
import sys

SCENES = ("round", "decisions", "payments", "fault", "audit", "report")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--shoe", metavar="URL",
                        help="card source (default: the simulated shoe, dealing on the Draw key: sim://?rate=0)")
    parser.add_argument("--rules", metavar="NAME|FILE", help="house rules for a new journal (default classic)")
    parser.add_argument("--journal", metavar="PATH", help="the table's journal (default: the user data folder)")
    parser.add_argument("--table", metavar="ID", help="table id (default T1)")
    parser.add_argument("--replica", metavar="URL",
                        help="report every event to the floor's PostgreSQL as it is journaled (rptable pit shows it)")
    parser.add_argument("--language", choices=("en", "ru"), default="en", help="language (switch with F4)")
    parser.add_argument("--screenshot", metavar="PATH", help="play --demo rounds by itself and save a PNG")
    parser.add_argument("--demo", type=int, default=0, metavar="N",
                        help="play N rounds automatically first (with --screenshot: then save the picture)")
    parser.add_argument("--scene", choices=SCENES, default="round",
                        help="with --screenshot: what to show (default: the payment list of the last round)")


def run(args: argparse.Namespace) -> int:
    if args.demo < 0:
        print("rptable console: --demo must be 0 or more", file=sys.stderr)
        return 2
    app = importlib.import_module("ui.app")  # Qt loads only when the console runs
    code: int = app.run(args)
    return code
