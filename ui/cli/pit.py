"""`rptable pit --db URL`: the pit boss's live view of every table reporting to the floor's database (Qt), with
today's players and the linked jackpot's waiting hits; `--json` prints one snapshot, `--html OUT` writes it as a
page a manager can open."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from ui.cli.help_examples import add_examples
from ui.cli.said import refused


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", required=True, metavar="URL",
                        help="the floor's PostgreSQL, e.g. postgresql://pit@db.casino/rptable")
    parser.add_argument("--json", action="store_true", help="print one snapshot as JSON and stop")
    parser.add_argument("--html", metavar="OUT", help="write one snapshot as an HTML page and stop")
    parser.add_argument("--no-ratings", action="store_true",
                        help="leave the player ratings out (a snapshot then reads only the tables' rows)")
    parser.add_argument("--size", metavar="WxH", help="the window's size, e.g. 1366x768")
    parser.add_argument("--screenshot", metavar="PNG", help="save the window as a picture once it shows the floor")
    parser.add_argument("--language", choices=("en", "ru"), default="en", help="the window's language")
    parser.epilog = ("A table reports when started with --replica URL (rptable simulate, rptable console). Open "
                     "faults come first, in red; then tables not heard from for 10 s (NOT REPORTING), then tables "
                     "with a dealer signed in and no round for 10 minutes (IDLE), named on a line above the floor. "
                     "Click a table for its rounds, any round replayed, the last 10, its faults and overrides; the "
                     "Players tab lists today's players (theo, actual, average bet, time, EV lost a decision); a "
                     "jackpot hit that waits for a pit boss is confirmed or rejected there, with a PIN.")
    add_examples(parser, "rptable simulate --rules four-seat --rounds 10 --journal T1.journal --replica \"$FLOOR_DB\"",
                 "rptable pit --db \"$FLOOR_DB\" --json --no-ratings",
                 "rptable pit --db \"$FLOOR_DB\" --html pit.html",
                 "rptable pit --db \"$FLOOR_DB\" --size 1366x768 --language ru  # illustrative")


def run(args: argparse.Namespace) -> int:
    from controller.floor.database import explain, psycopg_module
    from ui.cli.floor_connection import floor_connection

    size = _size(args.size) if args.size else None
    if args.size and size is None:
        return refused("pit", f"--size {args.size!r}: give WIDTHxHEIGHT, e.g. 1366x768", 2)
    if args.json or args.html:
        from controller.floor.pit import pit_html, snapshot

        connection = floor_connection("pit", args.db)
        if connection is None:
            return 1
        psycopg = psycopg_module()
        try:
            snap = snapshot(connection, with_ratings=not args.no_ratings)
        except psycopg.Error as err:
            return refused("pit", explain(err, args.db))
        finally:
            connection.close()
        if args.html:
            Path(args.html).write_text(pit_html(snap), encoding="utf-8")
            print(f"wrote {args.html}: {len(snap.tables)} table(s)", file=sys.stderr)
        if args.json:
            print(json.dumps(snap.to_dict()))
        return 0
    return _window(args, size)


def _window(args: argparse.Namespace, size: tuple[int, int] | None) -> int:
    from controller.floor.database import FloorError, open_pool

    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("QT_QPA_PLATFORM")):
        return refused("pit", "no display found. Run it on a screen, or: xvfb-run -a rptable pit --db URL; for one "
                              "snapshot without a screen: rptable pit --db URL --json (or --html pit.html).", 2)
    try:
        pool = open_pool(args.db)
    except FloorError as err:
        return refused("pit", err)
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from ui.i18n import LanguageError, Languages
    from ui.pit.window import PitWindow
    from ui.present import picture_when

    app = QApplication.instance() or QApplication(["rptable pit"])
    languages = Languages()
    try:
        languages.switch(args.language)
    except LanguageError as err:
        pool.close()
        return refused("pit", err, 2)
    window = PitWindow(pool, args.db, rate=not args.no_ratings)
    try:
        if size is not None:
            window.setFixedSize(*size)
        else:
            screen = QGuiApplication.primaryScreen()
            window.resize(screen.availableGeometry().size() if screen is not None else window.size())
        window.show()
        if args.screenshot:
            # once the tables are read (by 2.5 s) and, unless left out, the players rated
            picture_when(window, args.screenshot, lambda: args.no_ratings or bool(window.players.text()),
                         after_ms=2500)
        return int(app.exec())
    finally:
        window.shutdown()
        pool.close()


def _size(text: str) -> tuple[int, int] | None:
    width, _, height = text.lower().partition("x")
    return (int(width), int(height)) if width.isdigit() and height.isdigit() else None
