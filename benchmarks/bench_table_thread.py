"""The table controller's own CPU per round of `rptable simulate`: the thread that plays, with the shoe left out.

`rptable simulate --rules classic --rounds 2000 --seed 3` with 6 boxes plays every round on one thread: the
strategy, the engine, the table controller and its journal (hashing, one fsynced commit a round),
and the shoe's driver. This measures that thread with the simulated shoe left out: the
cards come from the round's shuffled pack, in the order the shoe would deal them, and everything else is the
real thing (journal on disk, fsync per round). It prints the playing thread's CPU time per round
(target: well under 1.1 ms), the rounds per second of wall time, and, for scale on a shared machine, the CPU
time of `sum(range(1000))` and the load average. Each figure is the best of --repeats runs.

Usage: `.venv/bin/python benchmarks/bench_table_thread.py [--rounds N] [--repeats K] [--peer PATH]`. With
--peer (another checkout of rptable, e.g. `git worktree add --detach ../old main`) both are measured in
alternation, in child processes, and the ratio of their CPU per round is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def pack_shoe() -> object:
    """A shoe left out: the cards the dealer draws come straight from the loaded pack, in order, as CardEvents
    (no device, no protocol), behind the card pump as any card source is."""
    from collections import deque

    from drivers.base import CardEvent, CardSource, SimulatedShoe, SourceEvent
    from drivers.cards import Card

    class PackShoe(CardSource, SimulatedShoe):
        def __init__(self) -> None:
            super().__init__("pack://")
            self.stock: deque[Card] = deque()
            self.sent: deque[CardEvent] = deque()
            self.seq = 0

        def simulated_shoe(self) -> SimulatedShoe:
            return self

        def deal(self, count: int = 1) -> None:
            for _ in range(count):
                self.seq += 1
                self.sent.append(CardEvent(self.stock.popleft(), self.seq, 90, self.url, 0.0))

        def load(self, cards: list[Card]) -> None:  # type: ignore[override]
            self.stock = deque(cards)

        @property
        def cards_left(self) -> int:
            return len(self.stock)

        def true_card(self, seq: int) -> None:
            return None

        def _recv_internal(self, timeout: float | None) -> SourceEvent | None:
            return self.sent.popleft() if self.sent else None

    return PackShoe()


class PackFeed:
    """For a peer checkout from before the card pump: cards on demand from the loaded pack, in order, as its
    ShoeFeed handed them on (no device, no protocol)."""

    def __init__(self) -> None:
        self.stock: list = []
        self.seq = 0
        self.last_card = None
        self.owed = 0
        self.source = None

    def true_card(self, seq: int) -> None:
        return None

    def load_pack(self, cards: list) -> None:
        self.stock = cards[::-1]

    def cards_left(self) -> int:
        return len(self.stock)

    def next_card(self, due: int = 1):
        from drivers.base import CardEvent

        self.seq += 1
        self.last_card = CardEvent(self.stock.pop(), self.seq, 90, "pack://", 0.0)
        return self.last_card


def measure(rounds: int, repeats: int) -> dict[str, float]:
    """In this process: the best of `repeats` sessions, as figures."""
    from controller.table.controller import TableController
    from controller.table.journal import Journal
    from controller.table.qa.autoplay import play_rounds

    try:
        from controller.table.rule_files import load_preset
    except ImportError:  # a peer checkout from before the layered packages
        from controller.rule_files import load_preset  # type: ignore[no-redef]
    try:
        import hwsim.schemes  # noqa: F401  (the simulated shoe: sim://)

        from controller.opening.simulate import acknowledged_for_qa
    except ImportError:  # a peer from before the operator guard: nothing to acknowledge
        def acknowledged_for_qa(controller: Any) -> Any:  # type: ignore[misc]
            return controller
    try:
        from controller.table.pump import CardPump
    except ImportError:  # a peer checkout from before the card pump
        CardPump = None

    rules = load_preset("classic")
    best_cpu = best_rate = None
    for _ in range(repeats):
        with tempfile.TemporaryDirectory(prefix="bench-thread-", dir=ROOT / "benchmarks") as folder:
            journal = Journal(Path(folder) / "T1.journal")
            controller = acknowledged_for_qa(TableController(journal, rules, commit_per="round"))
            controller.mark_session("simulation", seed=3)
            start, cpu = time.perf_counter(), time.thread_time()
            if CardPump is None:
                play_rounds(controller, PackFeed(), rounds, seed=3, boxes=6, ante=10)  # type: ignore[arg-type]
            else:
                pump = CardPump(pack_shoe(), controller, pack_seed=3)  # type: ignore[arg-type]
                play_rounds(controller, pump, rounds, boxes=6, ante=10)
            controller.flush()
            controller.sync()
            cpu, wall = time.thread_time() - cpu, time.perf_counter() - start
            journal.close()
        best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
        best_rate = rounds / wall if best_rate is None else max(best_rate, rounds / wall)
    assert best_cpu is not None and best_rate is not None
    return {"ms_per_round": 1000 * best_cpu / rounds, "rounds_per_s": best_rate,
            "sum_range_1000_us": _calibration_us(), "load": os.getloadavg()[0]}


def _calibration_us() -> float:
    best = float("inf")
    for _ in range(20):
        start = time.thread_time()
        for _ in range(1000):
            sum(range(1000))
        best = min(best, (time.thread_time() - start) * 1000)
    return best


def child(tree: Path, rounds: int, repeats: int) -> dict[str, float]:
    """The figures of the checkout at `tree`, measured in a process of its own."""
    code = (f"import sys, json; sys.path[:0] = [{str(tree)!r}, {str(tree / 'hardware-sim')!r}]; "
            f"sys.argv = ['bench']; import runpy; bench = runpy.run_path({str(Path(__file__))!r}); "
            f"print(json.dumps(bench['measure']({rounds}, {repeats})))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=tree)
    figures: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3, help="sessions per measurement; the best is kept")
    parser.add_argument("--peer", type=Path, help="another rptable checkout, measured in alternation")
    parser.add_argument("--turns", type=int, default=2, help="with --peer: how many times each is measured")
    args = parser.parse_args()
    print(f"rptable table thread, {time.strftime('%Y-%m-%d')}, {platform.machine()}, "
          f"{len(os.sched_getaffinity(0))} cores, Python {platform.python_version()}; simulate --rules classic "
          f"--rounds {args.rounds} --seed 3, 6 boxes, shoe left out; best of {args.repeats}")
    trees = [("this", ROOT)] + ([("peer", args.peer.resolve())] if args.peer else [])
    results: dict[str, list[dict[str, float]]] = {name: [] for name, _ in trees}
    for _ in range(args.turns if args.peer else 1):
        for name, tree in trees:
            figures = child(tree, args.rounds, args.repeats)
            results[name].append(figures)
            print(f"  {name:4s} {tree}: {figures['ms_per_round']:.3f} ms CPU a round on the playing thread "
                  f"(target well under 1.1); {figures['rounds_per_s']:,.0f} rounds/s; sum(range(1000)) "
                  f"{figures['sum_range_1000_us']:.1f} us; load {figures['load']:.1f}")
    if args.peer:
        mine = min(f["ms_per_round"] for f in results["this"])
        peer = min(f["ms_per_round"] for f in results["peer"])
        print(f"best: this {mine:.3f} ms, peer {peer:.3f} ms a round; this / peer = {mine / peer:.2f}")


if __name__ == "__main__":
    main()
