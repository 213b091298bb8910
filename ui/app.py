"""Starts the console: the house rules, the journal, the card source, the Qt application and the window; or,
with `--screenshot`, plays rounds by itself and saves the window (or a pit-boss view) as a PNG."""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QCoreApplication

    from controller.floor.jackpot_link import JackpotLink
    from controller.floor.reporter import TableReporter
    from controller.table.controller import TableController
    from controller.table.showdown import ShowdownGuard
    from drivers.base import CardSource

NO_DISPLAY = (
    "rptable console: no display found (DISPLAY and WAYLAND_DISPLAY are not set).\n"
    "The console is a window: run it on the table's screen, or on a machine without one under a virtual\n"
    "display:  xvfb-run -a rptable console {args}\n"
    "For a picture of the console without any display: rptable console --screenshot console.png --demo 3"
)


STOPPED_BY: list[int] = []  # the stop signal that came, if one did (SIGTERM, SIGHUP)


def has_display() -> bool:
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith(("xcb", "wayland")):
        return True  # offscreen, vnc, eglfs, linuxfb...: Qt draws without a desktop display
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run(args: argparse.Namespace) -> int:
    if not has_display():
        if not args.screenshot:
            print(NO_DISPLAY.format(args=" ".join(sys.argv[2:])).replace("  \n", "\n"), file=sys.stderr)
            return 2
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # a screenshot needs no screen
    from drivers.paths import default_journal

    table = args.table or "T1"
    scratch = None
    if args.journal:
        journal_path = Path(args.journal)
    elif args.screenshot:
        # pictures for the docs must not leave demo rounds in the table's real journal
        scratch = tempfile.TemporaryDirectory(prefix="rptable-screenshot-")
        journal_path = Path(scratch.name) / f"{table}.journal"
    else:
        journal_path = default_journal(table)
    from controller.table.stop_signals import stopping_like_ctrl_c

    STOPPED_BY.clear()
    try:
        with stopping_like_ctrl_c(_stop_console):
            return _open_and_run(args, table, journal_path)
    finally:
        if scratch is not None:
            scratch.cleanup()


def _open_and_run(args: argparse.Namespace, table: str, journal_path: Path) -> int:
    from controller.core.rules import RulesError
    from controller.opening.table_session import CardSourceUnavailable, TableConfig, open_table
    from controller.table.controller import TableLocked
    from controller.table.journal import JournalError
    from controller.table.pump import dealt_on_demand
    from controller.table.rule_files import load_rules
    from controller.table.security.program import check_program
    from controller.table.security.signing import SigningKeyError, table_key
    from controller.table.security.users import AccountsFileError
    from drivers.base import SourceError, url_query
    from drivers.paths import default_users

    program = check_program()
    if program.found and not program.ok:  # the certified program only: 25 CFR 547's check at every start
        print(f"rptable console: PROGRAM fault: {program.fault_text()}", file=sys.stderr)
        return 1
    if not program.found:
        print(f"rptable console: the program is not certified (no manifest at {program.manifest}); "
              "`rptable verify-install` says more.", file=sys.stderr)

    seed = random.SystemRandom().randrange(1 << 30)
    url = dealt_on_demand(args.shoe) if args.shoe else f"sim://?seed={seed}&rate=0"
    floor = getattr(args, "replica", None) or getattr(args, "jackpot", None)  # the floor's database, if any
    try:
        rules = load_rules(args.rules) if args.rules else None
        # A live table deals for a dealer signed in; a demonstration or a picture plays by itself. A table on the
        # floor takes its staff from the floor's database (cached for when it cannot be reached), and follows
        # the floor's settings.
        config = TableConfig(journal_path, url, table, rules, camera=getattr(args, "camera", None),
                             key=table_key(table), staff=None if floor else default_users(),
                             dealer_required=not (args.demo or args.screenshot), program=program,
                             replica=getattr(args, "replica", None), jackpot=getattr(args, "jackpot", None),
                             follows_floor=True, make_journal_folder=True)
        session = open_table(config, on_warning=_warn)
    except CardSourceUnavailable as err:  # opened first: a console that cannot start leaves no journal behind
        print(f"rptable console: the card source cannot be opened: {err}", file=sys.stderr)
        return 1
    except (RulesError, JournalError, OSError, TableLocked, ValueError, SourceError, SigningKeyError,
            AccountsFileError) as err:
        print(f"rptable console: {err}", file=sys.stderr)
        return 1
    with session:  # whatever was opened is closed, last first, however this ends
        controller = session.controller
        if args.screenshot and not args.journal and not controller.edge_guard.acknowledged:
            # A picture for the docs plays in a scratch journal, where no money is at stake: the operator
            # guard's acknowledgement is the demonstration's own (a live table needs an admin's).
            from controller.table.security.users import Role, User

            try:
                controller.edge_guard.acknowledge(User("screenshot", Role.ADMIN), "a picture of the console, no money")
            except (TableLocked, ValueError, JournalError) as err:
                print(f"rptable console: {err}", file=sys.stderr)
                return 1
        # The packs the dealer loads into a simulated shoe: shuffled by the URL's seed where it gives one, so that
        # a session on `--shoe sim://?seed=S` deals the same cards again.
        given = url_query(url).get("seed", "")
        pack_seed = int(given) if given.isdigit() else seed
        where = floor or str(default_users())
        return _run_qt(args, controller, session.source, where, pack_seed, session.reporter, session.showdown,
                       session.jackpot)


def _warn(problem: str) -> None:
    print(f"rptable console: WARNING: {problem}", file=sys.stderr)


def _run_qt(args: argparse.Namespace, controller: TableController, source: CardSource, users_path: str,
            pack_seed: int, reporter: TableReporter | None = None, showdown: ShowdownGuard | None = None,
            jackpot: JackpotLink | None = None) -> int:
    from PySide6.QtWidgets import QApplication

    from ui.i18n import LanguageError, Languages
    from ui.main_window import ConsoleWindow
    from ui.present import present

    _quiet_platform_notices()
    app = QApplication.instance() or QApplication(["rptable console"])
    languages = Languages()
    try:
        languages.switch(args.language)
    except LanguageError as err:
        print(f"rptable console: {err}", file=sys.stderr)
        return 2
    window = ConsoleWindow(controller, source, users_path=users_path, languages=languages, pack_seed=pack_seed,
                           showdown=showdown, jackpot=jackpot)
    if reporter is not None:
        from ui.floor_status import FloorStatus

        window.ui.add_status(FloorStatus(reporter, window))
    try:
        if args.screenshot:
            from ui.autopilot import AutopilotStuck
            from ui.screens import SCREEN_SIZE, take_screenshot

            try:
                path = take_screenshot(window, args.scene, args.demo, Path(args.screenshot),
                                       args.size or SCREEN_SIZE)
            except (AutopilotStuck, OSError) as err:
                print(f"rptable console: no screenshot: {err}", file=sys.stderr)
                if not controller.edge_guard.acknowledged:  # the guard, not the picture, kept the round shut
                    print(f"rptable console: the rules '{controller.edge_guard.status.rules}' wait for an admin's "
                          f"acknowledgement on {args.journal} (rptable rules acknowledge --journal {args.journal}); "
                          "without --journal a picture plays in a scratch journal, where none is needed",
                          file=sys.stderr)
                return 1
            print(f"saved {path}")
            return 0
        present(window, args.size, windowed=args.windowed)
        if controller.dealer_required:
            from PySide6.QtCore import QTimer

            QTimer.singleShot(0, window.back_office.welcome)  # a first admin, the rules, a dealer: whatever is missing
        if args.demo:
            from PySide6.QtCore import QTimer

            from ui.autopilot import Autopilot, AutopilotStuck

            def demo() -> None:
                try:
                    Autopilot(window, ante=100, boxes=6).play_rounds(args.demo)
                except AutopilotStuck as err:  # a fault during the demo: the banner shows it; the dealer goes on
                    window.message_text = str(err)
                    window.refresh()

            QTimer.singleShot(0, demo)
        if STOPPED_BY:  # a signal came while the console was starting: it ends before it begins
            return 128 + STOPPED_BY[0]
        _let_python_see_signals(app)
        return int(app.exec())
    finally:
        window.shutdown()
        window.deleteLater()
        languages.switch("en")  # the application's translators go with the console (a caller may open another)




def _stop_console(signum: int) -> None:
    """SIGTERM or SIGHUP closes the console as Ctrl-C would, without the question asked of a dealer closing it
    mid-round (the table resumes where it stands): the event loop ends (every loop, a dialog's too), and what was
    opened is closed in order (the floor's backlog sent, the table marked closed there, the journal closed). A
    signal that comes while the console starts is kept, and the console ends as soon as its window is built."""
    from controller.table.stop_signals import signal_name

    print(f"rptable console: stopped by {signal_name(signum)}; the table resumes where it stands.", file=sys.stderr)
    STOPPED_BY.append(signum)
    if "PySide6.QtCore" in sys.modules:
        from PySide6.QtCore import QCoreApplication, QTimer

        app = QCoreApplication.instance()
        if app is not None:
            QTimer.singleShot(0, app, lambda: app.exit(128 + signum))


def _let_python_see_signals(app: QCoreApplication) -> None:
    """Python handles a signal only when it runs: a timer lets it run a few times a second while the window
    waits."""
    from PySide6.QtCore import QTimer

    ticker = QTimer(app)
    ticker.timeout.connect(lambda: None)
    ticker.start(200)


def _quiet_platform_notices() -> None:
    """The offscreen and Xvfb platforms report features they lack on every resize; nobody can act on it."""
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    def handler(kind: QtMsgType, _context: object, message: str) -> None:
        if "does not support propagateSizeHints" in message:
            return
        print(message, file=sys.stderr)

    qInstallMessageHandler(handler)
