"""`rptable console`: the dealer's console (Qt); with no options, the simulated shoe and a journal in the user
data folder. Without a display it says how to run it; `--screenshot` works without one."""

from __future__ import annotations

import argparse
import importlib

from ui.cli.bounds import table_id, whole
from ui.cli.floor_connection import add_table_floor_arguments
from ui.cli.help_examples import add_examples

SCENES = ("round", "stakes", "decisions", "payments", "fault", "audit", "report")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--shoe", metavar="URL",
                        help="card source (default: the simulated shoe, dealing on the Draw key: sim://?rate=0; a "
                             "sim:// URL without rate= deals on the Draw key too, and order=FILE deals the file's "
                             "cards in order across rounds)")
    parser.add_argument("--camera", metavar="URL",
                        help="a camera over the layout beside the shoe: it reads each showdown against the shoe's "
                             "record (card-switch alarm), e.g. camera://0?deck=NAME&zones=FILE or camera+sim://?deck=NAME")
    parser.add_argument("--rules", metavar="NAME|FILE", help="house rules for a new journal (default classic)")
    parser.add_argument("--journal", metavar="PATH", help="the table's journal (default: the user data folder)")
    parser.add_argument("--table", type=table_id, metavar="ID", help="table id (default T1)")
    add_table_floor_arguments(parser, staked_while="the boxes take the jackpot stake while the meter takes them, "
                                                   "and the floor's accounts log the staff in")
    parser.add_argument("--language", choices=("en", "ru"), default="en", help="language (switch with F4)")
    parser.add_argument("--screenshot", metavar="PATH", help="play --demo rounds by itself and save a PNG")
    parser.add_argument("--demo", type=whole(0, 10_000), default=0, metavar="N",
                        help="play N rounds automatically first (with --screenshot: then save the picture)")
    parser.add_argument("--scene", choices=SCENES, default="round",
                        help="with --screenshot: what to show (default: the payment list of the last round)")
    parser.add_argument("--size", metavar="WxH", type=window_size,
                        help="a window of exactly this size, e.g. 1024x768 (with --screenshot: the picture's size; "
                             "default 1366x768); without it the console fills the screen")
    parser.add_argument("--windowed", action="store_true", help="a window instead of the full screen")
    add_examples(parser,
                 "rptable console  # illustrative",
                 "rptable console --rules four-seat --windowed --size 1366x768 --language ru  # illustrative",
                 "rptable console --shoe 'serial:///dev/ttyUSB0?key=T1-shoe.key' --journal T1.journal  # illustrative",
                 "rptable console --rules four-seat --journal T1.journal --screenshot payments.png --demo 2 "
                 "--size 1024x768",
                 "rptable console --journal T1.journal --screenshot audit.png --scene audit")


SMALLEST_WINDOW = (800, 600)


def window_size(text: str) -> tuple[int, int]:
    """`1024x768` as (1024, 768); anything else is refused saying what to give."""
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"'{text}' is not a size: give WIDTHxHEIGHT in pixels, e.g. 1024x768")
    size = int(width), int(height)
    if size[0] < SMALLEST_WINDOW[0] or size[1] < SMALLEST_WINDOW[1]:
        raise argparse.ArgumentTypeError(
            f"{text} is too small for the console: at least {SMALLEST_WINDOW[0]}x{SMALLEST_WINDOW[1]}")
    return size


def run(args: argparse.Namespace) -> int:
    app = importlib.import_module("ui.app")  # Qt loads only when the console runs
    code: int = app.run(args)
    return code
