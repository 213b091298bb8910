"""Engine speed: whole rounds per second with six boxes and random legal decisions, on one core.

Run: `python benchmarks/bench_engine.py [--rounds N] [--rules NAME] [--seed S] [--peer DIR [--runs N]]`. Each
round places six antes, deals from a freshly shuffled pack, lets every box fold, bet, buy or exchange (and insure
when it may) at random, lets boxes buy the dealer a game at random, and settles. Target: >= 5,000 rounds/s. The
figure is CPU time of the engine alone: the same rounds' commands replayed through `do` on fresh states, so the
random player's own work is not counted.

`--peer DIR` runs DIR's own copy of this benchmark (DIR/benchmarks/bench_engine.py, an older tree with its own
module paths) and this one, each in a process of its own, alternately `--runs` times, so both see the same
machine, and prints both figures and the ratio (this tree's best over the peer's).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from controller.core.rules import HouseRules
from controller.engine import (
    ActionKind,
    Command,
    Phase,
    RoundState,
    build_command,
    insurance_range,
    new_round,
    next_card_target,
)
from controller.engine import do as engine_do
from controller.table.rule_files import load_preset
from drivers.cards import PACK, Card

ROOT = Path(__file__).resolve().parent.parent


def next_card(state: RoundState, shoe: list[Card], rng: random.Random) -> Card:
    """The next card out of the shoe; after the discards are reshuffled (R-ACT-7), from the new stock."""
    if not shoe:
        shoe.extend(c for c in PACK if state.in_stock(c))
        rng.shuffle(shoe)
    return shoe.pop()


def play_round(rules: HouseRules, rng: random.Random, boxes: int = 6, log: list[Command] | None = None
               ) -> RoundState:
    """One whole round with random legal decisions; returns the closed state (commands appended to `log`)."""
    if log is not None:
        def do(state: RoundState, command: Command) -> None:
            log.append(command)
            engine_do(state, command)
    else:
        do = engine_do
    shoe = list(PACK)
    rng.shuffle(shoe)
    state = new_round(rules)
    for number in range(1, min(boxes, rules.table.boxes) + 1):  # six, or every box of a smaller table
        do(state, build_command(ActionKind.PLACE_STAKES, number, amount=10 * rng.randint(1, 10)))
    do(state, build_command(ActionKind.CLOSE_BETS))
    while next_card_target(state) is not None:
        do(state, build_command(ActionKind.CARD, card=next_card(state, shoe, rng)))
    draw = rules.draw
    while state.phase is Phase.DECISIONS:
        box = state.boxes[state.turn]
        roll = rng.random()
        if not box.drew and roll < 0.45:
            if draw.buy_sixth and roll < 0.15:
                do(state, build_command(ActionKind.BUY, box.box))
            elif draw.exchange_max_cards:
                k = rng.randint(1, draw.exchange_max_cards)
                do(state, build_command(ActionKind.EXCHANGE, box.box, discards=rng.sample(box.cards, k)))
            while next_card_target(state) is not None:
                do(state, build_command(ActionKind.CARD, card=next_card(state, shoe, rng)))
            continue
        if roll > 0.9:
            do(state, build_command(ActionKind.FOLD, box.box))
            continue
        limits = insurance_range(state, box)
        if limits is not None and rng.random() < 0.5:
            do(state, build_command(ActionKind.INSURE, box.box, amount=rng.randint(*limits)))
        do(state, build_command(ActionKind.BET, box.box))
    do(state, build_command(ActionKind.REVEAL))
    if state.phase is Phase.BUYING:
        for number in state.buyers:
            if state.phase is Phase.BUYING:
                do(state, build_command(ActionKind.BUY_GAME if rng.random() < 0.3 else ActionKind.TAKE_ANTE, number))
        if state.phase is Phase.BUYING:
            do(state, build_command(ActionKind.CLOSE_BUYING))
    while next_card_target(state) is not None:
        do(state, build_command(ActionKind.CARD, card=next_card(state, shoe, rng)))
    assert state.phase is Phase.CLOSED
    return state


def measure(rules_name: str, rounds: int, seed: int, repeat: int) -> tuple[float, float, float, float]:
    """The engine alone on `rounds` random rounds: (rounds/s of CPU time, of wall time, commands and events a
    round), the best of `repeat` passes."""
    rules = load_preset(rules_name)
    rng = random.Random(seed)
    for _ in range(500):  # warm the pattern caches as a running table would be
        play_round(rules, rng)
    logs: list[list[Command]] = []
    for _ in range(rounds):
        logs.append([])
        play_round(rules, rng, log=logs[-1])
    # The same rounds' commands (random legal decisions, drawn above) played again through verify/do on fresh
    # states: every rule check, event and settlement, no random number drawn. Best of `repeat` passes, as
    # timeit reports: other processes on a shared machine only ever slow it.
    best_cpu = best_wall = float("inf")
    commands = events = 0
    for _ in range(repeat):
        cpu_start, start = time.process_time(), time.perf_counter()
        commands = events = 0
        for log in logs:
            state = new_round(rules)
            for command in log:
                engine_do(state, command)
            commands += len(log)
            events += state.events_applied
        best_cpu = min(best_cpu, time.process_time() - cpu_start)
        best_wall = min(best_wall, time.perf_counter() - start)
    return rounds / best_cpu, rounds / best_wall, commands / rounds, events / rounds


def python_speed() -> float:
    """How long a sum(range(1000)) takes here now, in µs: how fast this machine runs plain Python at the moment
    (an idle modern x86 core with CPython 3.11: about 8-10 µs)."""
    return min(timeit.repeat("sum(range(1000))", number=2000, repeat=5)) / 2000 * 1e6


RATE_LINE = re.compile(r"engine alone: ([\d,]+) rounds/s")


def run_tree(tree: Path, args: argparse.Namespace) -> float:
    """One run of `tree`'s own benchmarks/bench_engine.py in a process of its own: its rounds/s."""
    env = dict(os.environ, PYTHONPATH=f"{tree}{os.pathsep}{tree / 'hardware-sim'}")
    done = subprocess.run([sys.executable, str(tree / "benchmarks" / "bench_engine.py"), "--rounds", str(args.rounds),
                           "--rules", args.rules, "--seed", str(args.seed), "--repeat", str(args.repeat)],
                          env=env, cwd=tree, capture_output=True, text=True, check=True)
    found = RATE_LINE.search(done.stdout)
    if found is None:
        raise SystemExit(f"{tree}: no 'engine alone: N rounds/s' line in its output:\n{done.stdout}{done.stderr}")
    return float(found.group(1).replace(",", ""))


def compare_with_peer(peer: Path, args: argparse.Namespace) -> None:
    if not (peer / "benchmarks" / "bench_engine.py").is_file():
        raise SystemExit(f"{peer} has no benchmarks/bench_engine.py: give the folder of a checkout of rptable.")
    load = os.getloadavg()[0]
    trees = {"this tree": ROOT, f"peer {peer}": peer}
    rates: dict[str, list[float]] = {name: [] for name in trees}
    for _ in range(args.runs):
        for name, tree in trees.items():
            rates[name].append(run_tree(tree, args))
    print(f"engine alone ({args.rules}, {args.rounds} rounds, best of {args.repeat} passes a run), {args.runs} runs "
          f"each, alternating; load {load:.1f} -> {os.getloadavg()[0]:.1f}; a sum(range(1000)) takes "
          f"{python_speed():.1f} µs")
    for name, figures in rates.items():
        shown = ", ".join(f"{rate:,.0f}" for rate in figures)
        print(f"  {name}: best {max(figures):,.0f} rounds/s, median {statistics.median(figures):,.0f} ({shown})")
    ours, theirs = (max(figures) for figures in rates.values())
    print(f"  ratio of the bests (this tree / peer): {ours / theirs:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=20_000)
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="passes of the engine-alone timing (best kept)")
    parser.add_argument("--peer", type=Path, help="another checkout of rptable to measure alternately with this one")
    parser.add_argument("--runs", type=int, default=5, help="with --peer: runs of each tree")
    args = parser.parse_args()
    if args.peer is not None:
        compare_with_peer(args.peer.resolve(), args)
        return
    rate, wall, commands, events = measure(args.rules, args.rounds, args.seed, args.repeat)
    boxes = min(6, load_preset(args.rules).table.boxes)
    verdict = "met" if rate >= 5000 else "NOT met"
    # CPU time is the one-core figure: on a shared machine the wall clock also counts other processes' turns.
    print(f"engine ({args.rules}, {boxes} boxes, random legal decisions), {args.rounds} rounds:")
    print(f"  engine alone: {rate:,.0f} rounds/s on one core (CPU time; {wall:,.0f} by the wall clock), "
          f"{1e6 / rate:.0f} us/round  (target >= 5,000: {verdict})")
    print(f"  per round: {commands:.1f} commands, {events:.1f} events")
    print(f"  calibration: sum(range(1000)) takes {python_speed():.1f} us here; "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
