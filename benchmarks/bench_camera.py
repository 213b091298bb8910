"""Camera recogniser benchmark: per deck and condition, detection, correct, unreadable, misread, frames/s.

Each deck is taught from its own 52 card images (as `rptable camera teach` would: photos on felt, or the deck's
artwork as transparent PNGs, opaque crops or SVGs), then read in synthetic 1280x720 table photos (hwsim.camera)
under three conditions: normal, hard (strong perspective, uneven light, glare, blur, noise, heavy JPEG) and
small cards. The decks are the hold-out set by default (themes never looked at while tuning), or the tuning set.
Rates are over all cards placed in the photos; misread = a wrong card accepted. Frames/s is the whole per-frame
pipeline (detect + read every card in a photo no frame before it has seen: the worst case, as no card is known
yet) on one core: OpenCV and the BLAS held to one thread, timed both by the CPU time of the process ("cpu", what
one core delivers whatever else the machine runs) and by the clock ("wall", which other programs' load slows
down). The load average is printed with each row so that a wall figure can be judged.

`--showdowns N` measures the card-switch check instead: N simulated 1920x1080 layouts per deck under hard light,
each read as dealt (an alarm would be false) and with one card switched (it must be found), with the time from
the frame in which the last card is up to the verdict. `--table` measures it on the table: N simulated rounds per
deck (every third with a card switched) played on a table controller with its journal, from the frame in which
the last card is up to the verdict journaled (and the CARD_SWITCH fault with it).

    PYTHONPATH=.:hardware-sim python benchmarks/bench_camera.py [--set holdout|tuning] [--decks a,b] [--scenes N]
        [--conditions normal,hard,small] [--teach photo|png|crop|svg] [--showdowns N [--table]] [--seed S]
        [--courts-to-the-edges 0,60,110] [--sessions N]

`--sessions N` measures the camera as the card source instead: N simulated sessions per deck and condition
(`camera+sim://`, 3 rounds of 6 cards sliding in from the shoe's side, over the cards already lying there),
counting the sessions in which the cards reported are not the cards dealt, one report each in order (a card
reported twice, one missed, one wrong), and the reports of an unreadable card.

`--courts-to-the-edges` reads decks derived from the themes instead, their court pictures stretched to run off
the card's edges in the theme's colours or turned to felt greens and blues: court art the themes do not have.

Targets: no misread; correct >= 99.5% normal, >= 97% hard; >= 30 frames/s (cpu); the check's verdict <= 200 ms
after the last card is up, and no false alarm.
"""

from __future__ import annotations

import os

# One core: the BLAS reads these when numpy is first imported, so they are set before any import of it.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import argparse  # noqa: E402
import platform  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from datetime import UTC, datetime  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import cv2  # noqa: E402
import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "hardware-sim")]

import hwsim.schemes  # noqa: E402, F401  (the simulated shoe and camera: sim://, camera+sim://)
from hwsim.camera.art import (  # noqa: E402
    HOLDOUT_THEMES,
    TEACH_FORMS,
    TUNING_THEMES,
    CardArt,
    courts_to_the_edges,
    export_teach_images,
    load_deck,
)
from hwsim.camera.feed import SimCameraFeed  # noqa: E402
from hwsim.camera.layout import LayoutCamera, ShowdownLayout  # noqa: E402
from hwsim.camera.scene import CONDITIONS, random_scene  # noqa: E402
from hwsim.camera.source import SimulatedCameraSource  # noqa: E402
from hwsim.camera.watch import SimulatedShowdownCamera  # noqa: E402

from controller.opening.simulate import acknowledged_for_qa  # noqa: E402
from controller.table.controller import TableController  # noqa: E402
from controller.table.journal import Journal  # noqa: E402
from controller.table.pump import CardPump  # noqa: E402
from controller.table.qa.autoplay import play_rounds  # noqa: E402
from controller.table.rule_files import load_preset  # noqa: E402
from controller.table.showdown import ShowdownGuard  # noqa: E402
from drivers.base import CardEvent, StatusEvent, open_source  # noqa: E402
from drivers.camera.detect import DETECT_WIDTH  # noqa: E402
from drivers.camera.layout import LAYOUT_DETECT_WIDTH, LayoutReader  # noqa: E402
from drivers.camera.recognise import Recogniser  # noqa: E402
from drivers.camera.teach import TeachError, collect_images, teach  # noqa: E402
from drivers.cards import PACK, Card  # noqa: E402
from drivers.showdown import ATTEMPTS, check_showdown  # noqa: E402

CENTRE_TOLERANCE = 0.25  # of the card width: a detection this close to a placed card is that card
FRAME_INTERVAL = 1 / 30  # seconds between two frames of the camera over the layout


def bench_deck(theme: str, scenes: int, seed: int, conditions: list[str],
               form: str = "photo", hue_turn: int | None = None) -> list[dict[str, float | str]]:
    """`hue_turn`: read, instead of the theme, the deck derived from it with its court pictures stretched to the
    card's edges and their hues turned this much (courts_to_the_edges)."""
    deck = load_deck(theme) if hue_turn is None else courts_to_the_edges(load_deck(theme), hue_turn)
    recogniser = _taught(theme, form, deck=None if hue_turn is None else deck)
    label = _deck_label(theme, hue_turn)
    rows = []
    for name in conditions:
        condition = CONDITIONS[name]
        rng = np.random.default_rng([seed, list(CONDITIONS).index(name)])
        placed = detected = correct = unreadable = misread = 0
        cpu = wall = 0.0
        for _ in range(scenes):
            scene = random_scene(deck, condition, rng)
            # CPU time of this process (one thread does all the work, so this is one core's throughput) and,
            # beside it, the clock, which counts the time other programs held the core too.
            started_cpu, started_wall = time.process_time(), time.perf_counter()
            sightings = recogniser.read_frame(scene.image)
            cpu += time.process_time() - started_cpu
            wall += time.perf_counter() - started_wall
            for truth in scene.cards:
                placed += 1
                centre = truth.corners.mean(axis=0)
                width = float(np.linalg.norm(truth.corners[1] - truth.corners[0]))
                reach = CENTRE_TOLERANCE * width
                near = [s for s in sightings if np.linalg.norm(np.float32(s.centre) - centre) < reach]
                if not near:
                    continue
                detected += 1
                card = near[0].card
                if card is None:
                    unreadable += 1
                elif card == truth.card:
                    correct += 1
                else:
                    misread += 1
                    print(f"  misread: {label} {name}: {truth.card.code} read as {card.code} "
                          f"(score {near[0].reading.score:.3f}, margin {near[0].reading.margin:.3f})")
        rows.append({"deck": label, "condition": name, "cards": placed, "detected": detected / placed,
                     "correct": correct / placed, "unreadable": unreadable / placed,
                     "misread": misread / placed,
                     "misread_n": misread, "fps": scenes / cpu, "fps_wall": scenes / wall,
                     "load": os.getloadavg()[0]})
    return rows


def bench_showdowns(theme: str, showdowns: int, seed: int, form: str) -> dict[str, float | str]:
    """The card-switch check on simulated layouts under hard light, boxes as the presets have them (4, 6, 7):
    each showdown once as dealt (an alarm is a false alarm) and once with one card switched (it must be found).
    Latency: the CPU time from the frame in which the last card is up to the verdict, a re-reading taking the
    next frame (no sooner than a 30 frames/s camera gives it)."""
    recogniser = _taught(theme, form, detect_width=LAYOUT_DETECT_WIDTH)
    rng = np.random.default_rng([seed, 99])
    false_alarms = found = left = 0
    first: list[float] = []
    verdict: list[float] = []
    for number in range(showdowns):
        boxes = (4, 6, 7)[number % 3]
        layout = ShowdownLayout.dealt(rng, boxes, bought=number % 3)
        for switched in (False, True):
            camera = LayoutCamera(theme, layout, boxes, seed=seed + 2 * number + switched, condition="hard")
            if switched:
                spots = sorted(layout.spots(), key=str)
                spot = spots[number % len(spots)]
                in_play = {card for cards in layout.spots().values() for card in cards}
                camera.switch(spot, 0, next(card for card in PACK if card not in in_play))
            reader = LayoutReader(recogniser, camera.zones)
            spent: list[float] = []

            def read(spots: object, camera: LayoutCamera = camera, reader: LayoutReader = reader,
                     spent: list[float] = spent) -> object:
                frame = camera.photo()
                started = time.process_time()
                reading = reader.read(frame, spots)  # type: ignore[arg-type]
                spent.append(time.process_time() - started)
                return reading

            check = check_showdown(read, layout.spots())  # type: ignore[arg-type]
            latency = spent[0] + sum(max(t, FRAME_INTERVAL) for t in spent[1:])
            if switched:
                found += check.switched
            else:
                false_alarms += check.switched
                left += bool(check.ask_again)
                first.append(spent[0])
                verdict.append(latency)
    milliseconds = {f"{name}_p{q}": float(np.percentile(times, q)) * 1000
                    for name, times in (("first", first), ("verdict", verdict)) for q in (50, 99)}
    return {"deck": theme, "showdowns": showdowns, "false_alarms": false_alarms, "found": found, "left": left,
            **milliseconds, "load": os.getloadavg()[0]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", type=int, default=60, help="photos per deck and condition (default 60)")
    parser.add_argument("--decks", help="aisleriot themes, comma-separated (default: the hold-out set)")
    parser.add_argument("--set", choices=("holdout", "tuning"), default="holdout",
                        help="which set of themes, when --decks is not given (default: holdout)")
    parser.add_argument("--conditions", default=",".join(CONDITIONS), help="comma-separated (default: all)")
    parser.add_argument("--teach", choices=TEACH_FORMS, default="photo",
                        help="what each deck is taught from: photos on felt, or its artwork as transparent PNGs, "
                             "opaque crops or SVGs (default: photo)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--courts-to-the-edges", metavar="HUES",
                        help="instead of each deck: decks derived from it, its court pictures stretched to the "
                             "card's edges and their hues turned by each of these (comma-separated, 0-179: 0 as "
                             "printed, 60 green, 110 blue)")
    parser.add_argument("--showdowns", type=int, default=0,
                        help="instead of photos: this many simulated showdowns per deck for the card-switch check")
    parser.add_argument("--sessions", type=int, default=0,
                        help="instead of photos: this many simulated sessions per deck and condition of the camera "
                             "as the card source")
    parser.add_argument("--table", action="store_true",
                        help="with --showdowns: rounds played on a table with its journal, to the verdict journaled")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    if args.showdowns and args.courts_to_the_edges:
        parser.error("--courts-to-the-edges reads photos of derived decks; the card-switch check (--showdowns) "
                     "reads the themes themselves")
    if args.sessions and (args.showdowns or args.courts_to_the_edges):
        parser.error("--sessions measures the camera as the card source on the themes themselves: not with "
                     "--showdowns or --courts-to-the-edges")
    if args.sessions:
        return session_report(args)
    if args.showdowns and args.table:
        return table_report(args)
    if args.showdowns:
        return showdown_report(args)
    print(f"{_machine()}, {args.scenes} scenes per deck and condition, decks taught from {args.teach} images")
    print(f"{'deck':16s} {'condition':9s} {'cards':>6s} {'detected':>9s} {'correct':>8s} {'unread':>7s} "
          f"{'misread':>8s} {'fps cpu':>8s} {'fps wall':>9s} {'load':>5s}")
    rows = []
    decks = _decks(args)
    conditions = args.conditions.split(",")
    unknown = [c for c in conditions if c not in CONDITIONS]
    if unknown:
        parser.error(f"unknown condition {', '.join(unknown)} (known: {', '.join(CONDITIONS)})")
    hue_turns: list[int | None] = [None]
    if args.courts_to_the_edges:
        try:
            hue_turns = [int(h) for h in args.courts_to_the_edges.split(",")]
            if not all(0 <= h <= 179 for h in hue_turns):
                raise ValueError(args.courts_to_the_edges)
        except ValueError:
            parser.error(f"--courts-to-the-edges takes hue turns 0-179, comma-separated: {args.courts_to_the_edges}")
    if args.courts_to_the_edges and args.teach == "svg":
        parser.error("a deck derived with --courts-to-the-edges has no SVG artwork: teach it from photo, png or crop")
    for theme, hue_turn in [(theme, hue_turn) for theme in decks for hue_turn in hue_turns]:
        try:
            measured = bench_deck(theme, args.scenes, args.seed, conditions, args.teach, hue_turn)
        except TeachError as err:  # as `camera teach` would refuse the deck: said, and the next deck measured
            print(f"{_deck_label(theme, hue_turn)}: not taught: {err}", flush=True)
            continue
        for row in measured:
            rows.append(row)
            print(f"{row['deck']:16s} {row['condition']:9s} {row['cards']:6d} {row['detected']:9.2%} "
                  f"{row['correct']:8.2%} {row['unreadable']:7.2%} {row['misread']:8.3%} {row['fps']:8.1f} "
                  f"{row['fps_wall']:9.1f} {row['load']:5.1f}",
                  flush=True)
    print()
    if not rows:
        print("no deck was taught: nothing measured")
        return 1
    for name in conditions:
        part = [r for r in rows if r["condition"] == name]
        cards = sum(int(r["cards"]) for r in part)
        misread = sum(int(r["misread_n"]) for r in part)
        correct = sum(float(r["correct"]) * int(r["cards"]) for r in part) / cards
        print(f"all decks {name:7s}: {cards} cards, correct {correct:.2%}, misread {misread} "
              f"({misread / cards:.3%}), frames/s {min(float(r['fps']) for r in part):.1f} cpu, "
              f"{min(float(r['fps_wall']) for r in part):.1f} wall (slowest deck)")
    return 0


def _taught(theme: str, form: str, deck: dict[Card, CardArt] | None = None,
            detect_width: int = DETECT_WIDTH) -> Recogniser:
    """The recogniser of a deck taught from its 52 images, as `rptable camera teach` would teach it (`deck`: the
    faces of a deck derived from the theme instead of its own)."""
    with tempfile.TemporaryDirectory() as tmp:
        export_teach_images(theme, Path(tmp), form, deck=deck)
        return Recogniser(teach(theme, collect_images(Path(tmp))), detect_width=detect_width)


def _deck_label(theme: str, hue_turn: int | None) -> str:
    """A theme's name, or that of the deck derived from it with its courts to the edges (`paris/60`)."""
    return theme if hue_turn is None else f"{theme}/{hue_turn}"


def _decks(args: argparse.Namespace) -> list[str]:
    return args.decks.split(",") if args.decks else list(HOLDOUT_THEMES if args.set == "holdout" else TUNING_THEMES)


def _machine() -> str:
    return (f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, OpenCV {cv2.__version__} on 1 thread")


def _per_deck(args: argparse.Namespace, heading: list[str], measure: Callable[[str], dict[str, Any]],
              row_text: Callable[[str, dict[str, Any]], str]) -> int:
    """A report's heading, then one measured row per deck as each is done."""
    decks = _decks(args)
    print("\n".join(heading))
    for theme in decks:
        print(row_text(theme, measure(theme)), flush=True)
    return 0


def showdown_report(args: argparse.Namespace) -> int:
    return _per_deck(args, [
        f"{_machine()}, {args.showdowns} showdowns per deck under hard light (1920x1080, 4, 6 and 7 boxes), each "
        "also with a card switched",
        f"{'deck':16s} {'false alarms':>12s} {'switches found':>15s} {'left to dealer':>15s} "
        f"{'first reading p50/p99 ms':>25s} {'verdict p50/p99 ms':>19s} {'load':>5s}"],
        lambda theme: bench_showdowns(theme, args.showdowns, args.seed, args.teach),
        lambda theme, row: f"{theme:16s} {row['false_alarms']:12d} {row['found']:9d} of {args.showdowns:<3d} "
                           f"{row['left']:15d} {row['first_p50']:15.0f} / {row['first_p99']:<7.0f} "
                           f"{row['verdict_p50']:9.0f} / {row['verdict_p99']:<7.0f} {row['load']:5.1f}")


SESSION_ROUNDS = 3


def bench_sessions(theme: str, sessions: int, seed: int, condition: str, form: str) -> dict[str, Any]:
    """The camera as the card source: `sessions` simulated sessions of SESSION_ROUNDS rounds, each compared
    with the cards the simulator dealt."""
    recogniser = _taught(theme, form)
    wrong = twice = unread = dealt_cards = 0
    for session in range(sessions):
        feed = SimCameraFeed(theme, seed=seed + session, condition=condition, size=(960, 540),
                             rounds=SESSION_ROUNDS)
        reported = []
        with SimulatedCameraSource("camera+sim://bench", feed, recogniser, live=False, fps=0) as source:
            while not isinstance(event := source.recv(timeout=None), StatusEvent):
                if isinstance(event, CardEvent):
                    reported.append(event.card)
        dealt_cards += len(feed.dealt)
        unread += reported.count(None)
        twice += len(reported) - len(set(reported)) - max(0, reported.count(None) - 1)
        wrong += len(reported) != len(feed.dealt) or any(
            card not in (dealt, None) for card, dealt in zip(reported, feed.dealt, strict=False))
    return {"cards": dealt_cards, "wrong": wrong, "twice": twice, "unread": unread, "load": os.getloadavg()[0]}


def session_report(args: argparse.Namespace) -> int:
    print(f"{_machine()}, {args.sessions} camera-source sessions per deck and condition, {SESSION_ROUNDS} rounds "
          f"of 6 cards each, decks taught from {args.teach} images")
    print(f"{'deck':16s} {'condition':9s} {'cards':>6s} {'sessions wrong':>15s} {'reported twice':>15s} "
          f"{'unreadable':>11s} {'load':>5s}")
    for theme in _decks(args):
        for condition in args.conditions.split(","):
            row = bench_sessions(theme, args.sessions, args.seed, condition, args.teach)
            print(f"{theme:16s} {condition:9s} {row['cards']:6d} {row['wrong']:8d} of {args.sessions:<3d} "
                  f"{row['twice']:15d} {row['unread']:11d} {row['load']:5.1f}", flush=True)
    return 0


class PrerenderedCamera(SimulatedShowdownCamera):
    """The simulator's camera with the frames of each showdown rendered when it is turned up, so that rendering
    (the simulator's work, not the camera's) stays out of the time measured; it keeps each reading's CPU time."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.frames: list[np.ndarray] = []
        self.read_times: list[float] = []
        self.render_time = 0.0

    def turn_up(self, spots, boxes):  # type: ignore[no-untyped-def]
        started = time.process_time()
        super().turn_up(spots, boxes)
        if not self.frames:
            self.frames = [super(PrerenderedCamera, self).next_frame() for _ in range(ATTEMPTS)]
        self.render_time += time.process_time() - started

    def next_frame(self) -> np.ndarray:
        return self.frames.pop(0) if self.frames else super().next_frame()

    def read(self, spots=None):  # type: ignore[no-untyped-def]
        started = time.process_time()
        reading = super().read(spots)
        self.read_times.append(time.process_time() - started)
        return reading


class TimedGuard(ShowdownGuard):
    """The table's check at showdown, timed: from the frame with every card up to the verdict journaled."""

    latencies: list[float]

    def check(self):  # type: ignore[no-untyped-def]
        camera = self.camera
        assert isinstance(camera, PrerenderedCamera)
        camera.frames, camera.read_times, camera.render_time = [], [], 0.0
        started = time.process_time()
        look = super().check()
        spent = time.process_time() - started - camera.render_time
        # a re-reading waits for the next frame of a 30 frames/s camera
        self.latencies.append(spent + sum(max(0.0, FRAME_INTERVAL - t) for t in camera.read_times[1:]))
        return look


def bench_table_showdowns(theme: str, rounds: int, seed: int, form: str) -> dict[str, float | str]:
    """Rounds of the classic preset on a table controller with its journal (committed per command, as a live
    table), the simulated shoe, and the simulator's camera under hard light; every third showdown with a card
    switched at one of its boxes."""
    recogniser = _taught(theme, form, detect_width=LAYOUT_DETECT_WIDTH)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"camera+sim://?deck={theme}&condition=hard"
        camera = PrerenderedCamera(url, recogniser, theme, condition="hard", seed=seed,
                                   switches={n: 1 + n % 6 for n in range(3, rounds + 1, 3)})
        journal = Journal(Path(tmp) / "T1.journal")
        controller = acknowledged_for_qa(TableController(journal, load_preset("classic"), camera=url))
        guard = TimedGuard(controller, camera)
        guard.latencies = []
        source = open_source(f"sim://?seed={seed}&rate=0&clock=virtual")
        try:
            totals = play_rounds(controller, CardPump(source, controller, pack_seed=seed), rounds, boxes=6, ante=10,
                                 showdown=guard)
        finally:
            source.close()
            journal.close()
    switched = rounds // 3
    return {"deck": theme, "rounds": rounds, "switched": switched, "alarms": totals.card_switches,
            "p50": float(np.percentile(guard.latencies, 50)) * 1000,
            "p99": float(np.percentile(guard.latencies, 99)) * 1000,
            "max": max(guard.latencies) * 1000, "load": os.getloadavg()[0]}


def table_report(args: argparse.Namespace) -> int:
    return _per_deck(args, [
        f"{_machine()}, {args.showdowns} rounds per deck on a table (classic, 6 boxes, journal per command) under "
        "hard light, every third with a card switched; CPU time from the frame with every card up to the verdict "
        "journaled",
        f"{'deck':16s} {'rounds':>6s} {'switched':>8s} {'alarms':>6s} {'p50 ms':>7s} {'p99 ms':>7s} "
        f"{'max ms':>7s} {'load':>5s}"],
        lambda theme: bench_table_showdowns(theme, args.showdowns, args.seed, args.teach),
        lambda theme, row: f"{theme:16s} {row['rounds']:6d} {row['switched']:8d} {row['alarms']:6d} "
                           f"{row['p50']:7.0f} {row['p99']:7.0f} {row['max']:7.0f} {row['load']:5.1f}")


if __name__ == "__main__":
    sys.exit(main())
