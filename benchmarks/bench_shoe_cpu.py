"""CPU per card of the SHOE/1 path that `rptable simulate` drives: shoe model, codec both ways, delivery, ACK.

The in-process simulated shoe (`sim://?rate=0&clock=virtual`) is loaded with a shuffled pack, deals 36 cards
(a round's worth) and the host receives them: every card is encoded as a CARD sentence, read back by the
SentenceReader, passed through the delivery rules, acknowledged with an ACK that is encoded and decoded again,
and counted by the CardSource. The figure is CPU time (`time.process_time()`) per card, next to wall time and
the load average. Each part of the codec is also timed on its own.

`--peer DIR` measures another checkout (e.g. `git worktree add --detach /tmp/old main`) in the same run,
alternating the two, and prints the ratio: each tree is measured in a child process of its own.

    python benchmarks/bench_shoe_cpu.py [--rounds N] [--repeats N] [--peer DIR] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARDS_PER_ROUND = 36


def measure_tree(rounds: int) -> dict[str, float]:
    """Time the per-card path of the tree that is first on sys.path (run in a child process)."""
    import random

    from hwsim.inprocess import SimulatedShoeSource

    from controller.cards import BY_CODE, PACK
    from drivers.base import CardEvent
    from drivers.shoe1 import codec
    from drivers.shoe1.messages import Ack, CardFrame

    source = SimulatedShoeSource("sim://?rate=0&clock=virtual", seed=7, rate=0, virtual_clock=True)
    packs = [random.Random(n).sample(PACK, len(PACK)) for n in range(16)]

    def play(count: int) -> int:
        cards = 0
        for n in range(count):
            source.load(packs[n % len(packs)])
            source.deal(CARDS_PER_ROUND)
            got = 0
            while got < CARDS_PER_ROUND:
                event = source.recv(timeout=5.0)
                if isinstance(event, CardEvent):
                    got += 1
            cards += got
        return cards

    play(20)  # warm up: caches, the first heartbeats, the HELLO exchange
    cpu0, wall0 = time.process_time(), time.perf_counter()
    cards = play(rounds)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0

    frame = CardFrame(1234, BY_CODE["QS"], 93)
    sentence = codec.encode(frame)
    ack = Ack(1234)
    ack_sentence = codec.encode(ack)
    number = 20000

    def per_call(statement: object) -> float:
        best = min(timeit.repeat(statement, number=number, repeat=5))  # type: ignore[arg-type]
        return best / number * 1e6

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


def run_child(tree: Path, rounds: int) -> dict[str, float]:
    """Measure TREE in a fresh interpreter whose imports come from TREE."""
    env = dict(os.environ, PYTHONPATH=f"{tree}{os.pathsep}{tree / 'hardware-sim'}")
    done = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--child", "--rounds", str(rounds)],
        env=env, cwd=tree, capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"measuring {tree} failed:\n{done.stderr}")
    result: dict[str, float] = json.loads(done.stdout)
    return result


def best_of(runs: list[dict[str, float]]) -> dict[str, float]:
    """Each figure's best (lowest) over the repeats: other load on a shared machine only ever adds time."""
    return {key: min(run[key] for run in runs) for key in runs[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000, help="rounds of 36 cards per measurement")
    parser.add_argument("--repeats", type=int, default=3, help="measurements per tree (the best is kept)")
    parser.add_argument("--peer", type=Path, help="another checkout to measure in the same run")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure_tree(args.rounds)))
        return
    trees = {"this": ROOT} | ({"peer": args.peer.resolve()} if args.peer else {})
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for _ in range(args.repeats):
        for name, tree in trees.items():  # alternating, so both see the same background load
            runs[name].append(run_child(tree, args.rounds))
    figures = {name: best_of(found) for name, found in runs.items()}
    report: dict[str, object] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{os.cpu_count()}-core {platform.machine()}, Python {platform.python_version()}",
        "load_average": os.getloadavg(),
        "figures": figures,
    }
    if "peer" in figures:
        report["speedup_cpu_per_card"] = figures["peer"]["cpu_us_per_card"] / figures["this"]["cpu_us_per_card"]
    if args.json:
        print(json.dumps(report))
        return
    print(f"{report['date']}  {report['machine']}  load average {report['load_average']}")
    keys = list(figures["this"])
    print(f"{'figure':<22}" + "".join(f"{name:>14}" for name in figures))
    for key in keys:
        print(f"{key:<22}" + "".join(f"{figures[name][key]:>14.2f}" for name in figures))
    if "speedup_cpu_per_card" in report:
        print(f"CPU per card: this tree is {report['speedup_cpu_per_card']:.2f}x the peer's speed")


if __name__ == "__main__":
    main()
