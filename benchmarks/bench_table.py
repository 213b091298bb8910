"""Table application benchmark: journal appends with fsync, simulate with the journal on, recovery of a
100,000-event table, and `audit verify` of 1,000,000 events (on every core, and on one for comparison).

Usage: `.venv/bin/python benchmarks/bench_table.py [--verify-events N] [--recovery-events N] [--dir PATH]
[--no-one-core] [--peer DIR] [--simulate-only]`. With --peer (another checkout of rptable, e.g. `git worktree add
--detach ../old main`) recovery and verify are measured on the same journals by both checkouts, alternating,
each in a process of its own, and their ratio is printed. --simulate-only: just `rptable simulate --rules
classic --rounds 2000 --seed 3 --journal PATH` as a user runs it, five times (alternating with the peer when
given). The journals are written under --dir (default: a temporary folder on the same disk as this
repository), and removed afterwards. CPU times (each process and its workers) and the load average are printed
next to wall times: on a shared machine the wall time of a CPU-bound step reads high when other work holds the
cores.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "hardware-sim")]

import hwsim.schemes  # noqa: E402, F401  (the simulated shoe and camera: sim://, camera+sim://)

from controller.opening.simulate import simulate  # noqa: E402
from controller.table.audit.verify import verify_journal_file  # noqa: E402
from controller.table.journal import Journal, NewEvent  # noqa: E402
from controller.table.rule_files import load_preset  # noqa: E402

EVENTS_PER_ROUND = 61  # six boxes under `classic` and the simple strategy, measured

# What a checkout does with a journal, timed in a process of its own (the import paths of both layouts: this
# one's, and main's before the packages moved).
MEASURE = """
import json, resource, sys, time
what, path, cores = sys.argv[1], sys.argv[2], int(sys.argv[3])
try:
    from controller.table.audit.verify import verify_journal_file
except ImportError:
    from controller.table.verify import verify_journal_file
from controller.table.controller import TableController
from controller.table.journal import Journal
def cpu():
    mine, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + kids.ru_utime + kids.ru_stime
start, used = time.perf_counter(), cpu()
if what == "recovery":
    with Journal(path) as journal:
        assert TableController(journal).round_number > 0
else:
    assert verify_journal_file(path, cores=cores or None).ok
print(json.dumps({"seconds": time.perf_counter() - start, "cpu": cpu() - used}))
"""


def fsync_appends(folder: Path, count: int) -> float:
    journal = Journal(folder / "appends.journal")
    start = time.perf_counter()
    for i in range(count):
        journal.append([NewEvent("CardPlaced", {"card": "AS", "to": i % 7, "face_up": False}, at=float(i),
                                 round_id="T1-000001")])
    rate = count / (time.perf_counter() - start)
    journal.close()
    return rate


def session(folder: Path, name: str, events: int) -> tuple[Path, float, float, int]:
    """Play a session of about `events` events; (journal, rounds/s of wall time, rounds/s of CPU time, events)."""
    path = folder / f"{name}.journal"
    rounds = max(1, events // EVENTS_PER_ROUND)
    cpu = time.process_time()
    report = simulate(load_preset("classic"), rounds, seed=2026, boxes=6, journal_path=path)
    cpu = time.process_time() - cpu
    return path, report.rounds / report.seconds, report.rounds / cpu, report.events


def measure(tree: Path, what: str, journal: Path, cores: int = 0) -> dict[str, float]:
    """`what` ("recovery" or "verify", on `cores` cores, 0 for all) of `journal` by the checkout `tree`."""
    env = dict(os.environ, PYTHONPATH=f"{tree}{os.pathsep}{tree / 'hardware-sim'}")
    done = subprocess.run([sys.executable, "-c", MEASURE, what, str(journal), str(cores)], env=env, cwd=tree,
                          capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def alternating(trees: dict[str, Path], what: str, journal: Path, cores: int = 0, repeats: int = 3
                ) -> dict[str, dict[str, float]]:
    """The best (by wall time) of `repeats` runs of each tree, alternating, so that both see the same machine.
    Recovery copies the journal first: the checkout opens it for writing."""
    best: dict[str, dict[str, float]] = {}
    for _ in range(repeats):
        for name, tree in trees.items():
            path = journal
            if what == "recovery":
                path = journal.with_name(f"copy-{journal.name}")
                shutil.copyfile(journal, path)
            result = measure(tree, what, path, cores)
            if name not in best or result["seconds"] < best[name]["seconds"]:
                best[name] = result
            if what == "recovery":
                for leftover in path.parent.glob(path.name + "*"):
                    leftover.unlink()
    return best


def simulate_cli(tree: Path, journal: Path, rounds: int, seed: int) -> dict[str, float]:
    """`rptable simulate --rules classic --rounds N --seed S --journal PATH --json` of a checkout, as a user
    runs it (its own process), with that process's CPU time."""
    env = dict(os.environ, PYTHONPATH=f"{tree}{os.pathsep}{tree / 'hardware-sim'}")
    before = children_cpu()
    done = subprocess.run([sys.executable, "-m", "ui.cli", "simulate", "--rules", "classic", "--rounds",
                           str(rounds), "--seed", str(seed), "--journal", str(journal), "--json"],
                          env=env, cwd=tree, capture_output=True, text=True, check=True)
    report = json.loads(done.stdout)
    return {"rate": report["rounds"] / report["seconds"], "cpu_ms": 1000 * (children_cpu() - before) / rounds}


def simulate_figures(folder: Path, peer: Path | None, rounds: int = 2000, seed: int = 3, repeats: int = 5) -> None:
    """`rptable simulate --rules classic --rounds 2000 --seed 3 --journal PATH`, `repeats` times (alternating
    with the peer checkout, when given, so both see the same machine): rounds/s of wall time and CPU per round
    of the whole process (and of any process it starts), best and median."""
    load = os.getloadavg()
    trees = {"this checkout": ROOT, **({"peer " + str(peer): peer} if peer else {})}
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for attempt in range(repeats):
        for name, tree in trees.items():
            journal = folder / f"simulate-{attempt}.journal"
            runs[name].append(simulate_cli(tree, journal, rounds, seed))
            if name == "this checkout":
                assert verify_journal_file(str(journal), cores=1).ok
            for leftover in folder.glob(journal.name + "*"):
                leftover.unlink()
    print(f"simulate --rules classic --rounds {rounds} --seed {seed}, journal on, 6 boxes, {repeats} runs each "
          f"(target >= 300 rounds/s); load {load[0]:.1f} -> {os.getloadavg()[0]:.1f}; a sum(range(1000)) "
          f"takes {python_speed():.1f} µs")
    best = {}
    for name, results in runs.items():
        rates = sorted(r["rate"] for r in results)
        cpu = sorted(r["cpu_ms"] for r in results)
        best[name] = rates[-1]
        print(f"  {name}: best {rates[-1]:,.0f} rounds/s, median {statistics.median(rates):,.0f}; "
              f"{cpu[0]:.2f} ms CPU a round at best (median {statistics.median(cpu):.2f})")
    if peer:
        print(f"  ratio of the bests: {best['this checkout'] / best['peer ' + str(peer)]:.2f}")


def python_speed() -> float:
    """µs for sum(range(1000)): the machine's Python speed at the moment (8-10 when this one is idle)."""
    return min(timeit.repeat("sum(range(1000))", number=2000, repeat=5)) / 2000 * 1e6


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def print_against_peer(label: str, target: str, best: dict[str, dict[str, float]]) -> None:
    mine = best.pop("this checkout")
    line = f"{label:<48}{mine['seconds']:8.3f} s ({mine['cpu']:.2f} CPU s; target {target})"
    for name, theirs in best.items():
        line += f"; {name} {theirs['seconds']:.3f} s, ratio {mine['seconds'] / theirs['seconds']:.2f}"
    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verify-events", type=int, default=1_000_000)
    parser.add_argument("--recovery-events", type=int, default=100_000)
    parser.add_argument("--dir", default=str(ROOT / "benchmarks"), help="where to write the journals")
    parser.add_argument("--no-one-core", action="store_true", help="skip the one-core verify (for comparison)")
    parser.add_argument("--simulate-only", action="store_true", help="only the simulate figures (a minute)")
    parser.add_argument("--peer", type=Path, help="another checkout to measure in the same run, alternating "
                        "(e.g. `git worktree add --detach ../old main`)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-table-", dir=args.dir))
    if args.simulate_only:
        try:
            simulate_figures(folder, args.peer)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return
    trees = {"this checkout": ROOT, **({"peer": args.peer} if args.peer else {})}
    load_before = os.getloadavg()
    try:
        appends = fsync_appends(folder, 2000)
        path, sim_rate, sim_cpu_rate, events = session(folder, "recovery", args.recovery_events)
        load_sim = os.getloadavg()
        recovery = alternating(trees, "recovery", path)
        big, _, _, big_events = session(folder, "verify", args.verify_events)
        verify = alternating(trees, "verify", big)
        load_verify = os.getloadavg()
        one_core = None if args.no_one_core else alternating(trees, "verify", big, cores=1)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    cores = len(os.sched_getaffinity(0))
    print(f"rptable table benchmark, {date.today()}, {platform.machine()}, {cores} cores, "
          f"Python {platform.python_version()}; load average {load_before[0]:.1f} at the start")
    print(f"journal appends, one event per fsynced commit   {appends:10,.0f} events/s")
    print(f"simulate, journal on, 6 boxes                   {sim_rate:10,.0f} rounds/s (target >= 300); "
          f"{sim_cpu_rate:,.0f} rounds per CPU second; load {load_sim[0]:.1f}")
    figures = {"date": str(date.today()), "cores": cores, "appends_per_s": appends, "simulate_rounds_per_s": sim_rate,
               "simulate_rounds_per_cpu_s": sim_cpu_rate, "recovery_events": events, "verify_events": big_events,
               "recovery": dict(recovery), "verify": dict(verify), "verify_one_core": one_core and dict(one_core),
               "load_average": [load_before[0], load_sim[0], load_verify[0]]}
    print_against_peer(f"recovery of a table with {events:,} events", "<= 2 s", recovery)
    print_against_peer(f"audit verify of {big_events:,} events, {cores} cores", "<= 30 s", verify)
    if one_core is not None:
        print_against_peer("audit verify of the same, one core", "-", one_core)
    out = HERE / "results"
    out.mkdir(exist_ok=True)
    (out / "table.json").write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
