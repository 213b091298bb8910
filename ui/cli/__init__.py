"""The `rptable` command line: one small module per command (see docs/architecture.md, the command-line contract).

Each command module defines `add_arguments(parser)` and `run(args) -> int`, and imports heavy libraries
(numpy, Qt, OpenCV, pyusb) inside `run`, so that `rptable hand` starts as fast as Python does.

Exit status: 0 done, 1 the command's own refusal or finding (a bad script, a damaged journal), 2 bad options,
70 an error rptable did not expect (its details logged in the data folder: ui.cli.unexpected), 130
interrupted. No traceback ever reaches the person at the terminal.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence

import hwsim.schemes  # noqa: F401  (the program offers the simulated shoe and camera: sim://, camera+sim://)

from ui.cli import help_examples, unexpected

# command name -> (module under ui.cli, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "hand": ("hand", "best hand, combinations paid and multiplier of 5 or 6 cards"),
    "odds": ("odds", "exhaustive counts of every hand category and paid multiplier"),
    "rules": ("rules", "house-rule presets: list, show NAME, check FILE"),
    "round": ("round", "play scripted rounds and print each settlement"),
    "simulate": ("simulate", "QA: the full controller and its journal against the simulated shoe"),
    "analyze": ("analyze", "house edge and hit frequencies of a preset under a player strategy"),
    "audit": ("audit", "pit boss: rounds, show, recall, verify, export, report, salvage of a table's journal"),
    "replicate": ("replicate", "copy a table's journal into the casino's PostgreSQL replica (--follow, --check)"),
    "floor": ("floor", "the floor's database: init (its tables and roles); its tables' keys: register-key, "
              "approve-key, keys, pubkey"),
    "pit": ("pit", "the pit boss's live view of every table reporting to the floor's PostgreSQL (--json, --html)"),
    "jackpot": ("jackpot", "the linked progressive jackpot: status, sign, a pit boss's confirm or reject, audit"),
    "console": ("console", "the dealer's console (Qt): next action, legal actions, payments, pit-boss views"),
    "shoe-sim": ("shoe_sim", "run a simulated SHOE/1 shoe on a pty, TCP or the virtual USB bus"),
    "shoe-test": ("shoe_test", "technician's check: connect to a shoe and print what it sends"),
    "shoe": ("shoe", "pair a shoe with its table: keygen PATH writes a SHOE/1-A key"),
    "camera": ("camera", "calibrate the camera card recogniser on a deck; read the cards in images"),
    "users": ("users", "staff accounts: bootstrap, add, list, disable, enable, role, pin, unlock"),
    "table": ("table", "the table's signing key: pubkey (for audit verify --pubkey and the replica)"),
    "verify-install": ("verify_install", "the installed program's SHA-256 digests, checked against its manifest"),
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """`rptable` and every command and action under it, each page with its one line and its examples
    (ui.cli.help_examples). With `only`, the options and actions of that command alone (the others keep their
    one line): a command line names one command, and each command's module, imported to add its options, is
    paid for at every start."""
    parser = argparse.ArgumentParser(
        prog="rptable", description="Dealer-assist controller for live Russian Poker tables.",
        formatter_class=help_examples.HelpFormatter,
        epilog="`rptable COMMAND --help` says what a command does, with examples that run as written.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        command_parser = sub.add_parser(name, help=help_text, description=help_text,
                                        formatter_class=help_examples.HelpFormatter)
        if only is not None and name != only:
            continue
        module = importlib.import_module(f"ui.cli.{module_name}")
        module.add_arguments(command_parser)
        command_parser.set_defaults(_run=module.run)
    help_examples.add_examples(parser, "rptable hand AS KD 10h 5c 5d", "rptable rules list",
                               "rptable simulate --rules four-seat --rounds 20 --journal T1.journal",
                               "rptable audit verify --journal T1.journal", "rptable console  # illustrative")
    help_examples.finish(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    command = ""
    # Whatever a command creates (journals, accounts, keys, deck profiles, exports, reports) is its owner's only.
    os.umask(0o077)
    try:
        words = sys.argv[1:] if argv is None else list(argv)
        # The command named first (`rptable` has no option of its own but --help): only its options are built.
        parser = build_parser(only=words[0] if words else "")
        args = parser.parse_args(words)
        command = getattr(args, "command", None) or ""
        if not command:
            parser.print_help()
            return 2
        with unexpected.caught_everywhere(command):
            return int(args._run(args))
    except KeyboardInterrupt as stop:  # Ctrl-C, or SIGTERM/SIGHUP where a command stops as after it
        return 128 + int(getattr(stop, "signum", 2))
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away: not an error of ours.
        with contextlib.suppress(OSError):
            sys.stderr.close()
        return 0
    except Exception as err:  # the net under every command: one line for the person, the details logged
        return unexpected.report(command, err)


if __name__ == "__main__":
    sys.exit(main())
