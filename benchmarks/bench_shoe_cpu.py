"""CPU per card of the SHOE/1 path that `rptable simulate` drives: shoe model, codec both ways, driver, ACK.

The in-process simulated shoe (`sim://?rate=0&clock=virtual`) is loaded with a shuffled pack, deals 36 cards
(a round's worth) and the host receives them: every card is encoded as a CARD sentence, read back by the
SentenceReader, passed through the SHOE/1 driver's delivery rules, acknowledged with an ACK that is encoded and
decoded again, and counted by the CardSource. The figure is CPU time (`time.process_time()`) per card, next to
wall time and the load average. Each part of the codec is also timed on its own.

`--peer DIR` measures another checkout (e.g. `git worktree add --detach /tmp/old main`) in the same run,
alternating the two, and prints the ratio: each tree is measured in a child process of its own.
`--instructions` also counts the machine instructions per card under valgrind (cachegrind): unlike time, the
count does not depend on what else the machine is doing (the difference of a 100- and a 300-round run).

    python benchmarks/bench_shoe_cpu.py [--rounds N] [--repeats N] [--peer DIR] [--instructions] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time
import timeit
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARDS_PER_ROUND = 36


def player(url: str = "sim://?seed=7&rate=0&clock=virtual") -> Callable[[int], int]:
    """A function that deals `count` rounds of 36 cards through the tree first on sys.path (from the in-process
    simulated shoe at `url`) and returns the cards received (already warmed up: the HELLO exchange and the first
    heartbeats are behind it)."""
    import random

    import hwsim.schemes  # noqa: F401  (the simulated shoe: sim://)

    from drivers.base import CardEvent, open_source
    from drivers.cards import PACK

    source = open_source(url)
    # A peer checkout from before the SimulatedShoe interface deals through the source itself.
    shoe = source.simulated_shoe() if hasattr(source, "simulated_shoe") else source
    packs = [random.Random(n).sample(PACK, len(PACK)) for n in range(16)]

    def play(count: int) -> int:
        cards = 0
        for n in range(count):
            shoe.load(packs[n % len(packs)])
            shoe.deal(CARDS_PER_ROUND)
            got = 0
            while got < CARDS_PER_ROUND:
                event = source.recv(timeout=5.0)
                if isinstance(event, CardEvent):
                    got += 1
            cards += got
        return cards

    play(20)
    return play


def measure_tree(rounds: int) -> dict[str, float]:
    """Time the per-card path of the tree first on sys.path (in a child process), and the codec's parts."""
    from drivers.cards import BY_CODE
    from drivers.shoe1 import codec
    from drivers.shoe1.messages import Ack, CardFrame

    play = player()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    cards = play(rounds)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0

    frame = CardFrame(1234, BY_CODE["QS"], 93)
    sentence = codec.encode(frame)
    ack = Ack(1234)
    ack_sentence = codec.encode(ack)
    number = 10000

    def per_call(statement: Callable[[], object]) -> float:
        return min(timeit.repeat(statement, number=number, repeat=5)) / number * 1e6

    return {
        "cards": cards,
        "cpu_us_per_card": cpu / cards * 1e6,
        "wall_us_per_card": wall / cards * 1e6,
        "encode_card_us": per_call(lambda: codec.encode(frame)),
        "decode_card_us": per_call(lambda: codec.decode_sentence(sentence)),
        "encode_ack_us": per_call(lambda: codec.encode(ack)),
        "decode_ack_us": per_call(lambda: codec.decode_sentence(ack_sentence, codec.parse_host_body)),
        "sum_range_1000_us": per_call(lambda: sum(range(1000))),  # the machine's Python speed, for scale
    }


def run_child(tree: Path, *arguments: str, under: Sequence[str] = ()) -> subprocess.CompletedProcess[str]:
    """This script in a fresh interpreter whose imports come from TREE (optionally under a tool: valgrind)."""
    env = dict(os.environ, PYTHONPATH=f"{tree}{os.pathsep}{tree / 'hardware-sim'}")
    done = subprocess.run(
        [*under, sys.executable, str(Path(__file__).resolve()), *arguments],
        env=env, cwd=tree, capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"measuring {tree} failed:\n{done.stderr[-3000:]}")
    return done


def timed(tree: Path, rounds: int) -> dict[str, float]:
    result: dict[str, float] = json.loads(run_child(tree, "--child", "--rounds", str(rounds)).stdout)
    return result


def instructions_per_card(tree: Path) -> float:
    """Machine instructions per card: runs of 100 and 300 rounds under cachegrind; their difference is 200
    rounds' worth, without the start-up both share."""
    counts = []
    for rounds in (100, 300):
        done = run_child(tree, "--child-play", str(rounds), under=(
            "valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"))
        found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        if found is None:
            raise SystemExit(f"valgrind gave no instruction count for {tree}:\n{done.stderr[-2000:]}")
        counts.append(int(found.group(1).replace(",", "")))
    return (counts[1] - counts[0]) / (200 * CARDS_PER_ROUND)


def best_of(runs: list[dict[str, float]]) -> dict[str, float]:
    """Each figure's best (lowest) over the repeats: other load on a shared machine only ever adds time."""
    return {key: min(run[key] for run in runs) for key in runs[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # Many short measurements, alternating between the trees, rather than a few long ones: on a shared machine
    # the other jobs come and go, and the best of many is what the code itself costs.
    parser.add_argument("--rounds", type=int, default=500, help="rounds of 36 cards per measurement")
    parser.add_argument("--repeats", type=int, default=7, help="measurements per tree (the best is kept)")
    parser.add_argument("--peer", type=Path, help="another checkout to measure in the same run")
    parser.add_argument("--instructions", action="store_true", help="also count instructions (needs valgrind)")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--child-play", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure_tree(args.rounds)))
        return
    if args.child_play is not None:
        player()(args.child_play)
        return
    if args.instructions and shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    trees = {"this": ROOT} | ({"peer": args.peer.resolve()} if args.peer else {})
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for _ in range(args.repeats):
        for name, tree in trees.items():  # alternating, so both see the same background load
            runs[name].append(timed(tree, args.rounds))
    figures = {name: best_of(found) for name, found in runs.items()}
    if args.instructions:
        for name, tree in trees.items():
            figures[name]["instructions_per_card"] = instructions_per_card(tree)
    report: dict[str, object] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{os.cpu_count()}-core {platform.machine()}, Python {platform.python_version()}",
        "load_average": os.getloadavg(),
        "figures": figures,
    }
    if "peer" in figures:
        report["cpu_ratio"] = figures["peer"]["cpu_us_per_card"] / figures["this"]["cpu_us_per_card"]
        if args.instructions:
            report["instructions_ratio"] = (
                figures["peer"]["instructions_per_card"] / figures["this"]["instructions_per_card"])
    if args.json:
        print(json.dumps(report))
        return
    print(f"{report['date']}  {report['machine']}  load average {report['load_average']}")
    print(f"{'figure':<22}" + "".join(f"{name:>14}" for name in figures))
    for key in figures["this"]:
        print(f"{key:<22}" + "".join(f"{figures[name][key]:>14.2f}" for name in figures))
    if "cpu_ratio" in report:
        print(f"CPU per card: the peer takes {report['cpu_ratio']:.2f}x this tree's")
    if "instructions_ratio" in report:
        print(f"instructions per card: the peer runs {report['instructions_ratio']:.2f}x this tree's")


if __name__ == "__main__":
    main()
