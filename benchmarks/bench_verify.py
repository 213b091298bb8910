"""`audit verify` with the table's seals checked, against the same session verified without them.

Usage: `.venv/bin/python benchmarks/bench_verify.py [--events N] [--seal-every-round] [--runs R] [--cores C]
[--dir PATH]`. Two journals of the same simulated session are written (same rules, seed and rounds): one sealed
with a table key, one without a key (its events are the same but for the seals). Each is then verified R times,
alternating, each verify in a process of its own, the signed one with the table's public key given; the best
and median wall times, their CPU times and the ratio signed/unsigned are printed. `simulate` seals once per ten
rounds (its commit); `--seal-every-round` writes the journal a live table writes, one seal per round (its
commit per round), the most seals a round of play makes.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "hardware-sim")]

import hwsim.schemes  # noqa: E402, F401  (the simulated shoe and camera: sim://, camera+sim://)

import controller.opening.simulate as simulated_session  # noqa: E402
from controller.table.rule_files import load_preset  # noqa: E402
from controller.table.security.signing import SigningKey  # noqa: E402

EVENTS_PER_ROUND = 61

MEASURE = """
import json, resource, sys, time
from controller.table.audit.verify import VerifyWith, verify_journal_file
from controller.table.security.signing import PublicKey
path, pem, cores = sys.argv[1], sys.argv[2], int(sys.argv[3])
key = VerifyWith(PublicKey.from_file(pem), "given") if pem else VerifyWith()
def cpu():
    mine, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + kids.ru_utime + kids.ru_stime
start, used = time.perf_counter(), cpu()
report = verify_journal_file(path, cores=cores or None, key=key)
assert report.ok and report.signed == bool(pem), report
print(json.dumps({"wall": time.perf_counter() - start, "cpu": cpu() - used, "events": report.events,
                  "seals": report.seals}))
"""


def write_session(path: Path, rounds: int, key: SigningKey | None, every_round: bool) -> None:
    if every_round:
        simulated_session.ROUNDS_PER_COMMIT = 1
    simulated_session.simulate(load_preset("classic"), rounds, 7, journal_path=path, key=key)


def measure(path: Path, pem: str, cores: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'hardware-sim'}"}
    out = subprocess.run([sys.executable, "-c", MEASURE, str(path), pem, str(cores)], capture_output=True, text=True,
                         env=env, check=True).stdout
    return dict(json.loads(out))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--seal-every-round", action="store_true")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cores", type=int, default=0, help="0: every core")
    parser.add_argument("--dir", type=Path)
    args = parser.parse_args()
    rounds = max(1, args.events // EVENTS_PER_ROUND)
    with tempfile.TemporaryDirectory(dir=args.dir or ROOT) as folder:
        signed, unsigned = Path(folder) / "signed.journal", Path(folder) / "unsigned.journal"
        pem = Path(folder) / "T1.pem"
        key = SigningKey.generate()
        pem.write_text(key.public.pem())
        write_session(signed, rounds, key, args.seal_every_round)
        write_session(unsigned, rounds, None, args.seal_every_round)
        times: dict[str, list[dict[str, float]]] = {"signed": [], "unsigned": []}
        for _ in range(args.runs):
            times["signed"].append(measure(signed, str(pem), args.cores))
            times["unsigned"].append(measure(unsigned, "", args.cores))
    best = {name: min(run["wall"] for run in runs) for name, runs in times.items()}
    median = {name: statistics.median(run["wall"] for run in runs) for name, runs in times.items()}
    first = times["signed"][0]
    print(f"audit verify, {first['events']:,.0f} events, {first['seals']:,.0f} seals "
          f"({'one a round' if args.seal_every_round else 'one per ten rounds'}), cores={args.cores or 'all'}, "
          f"load {os.getloadavg()[0]:.1f}")
    for name in ("signed", "unsigned"):
        cpu = statistics.median(run["cpu"] for run in times[name])
        print(f"  {name:<9} best {best[name]:.2f} s, median {median[name]:.2f} s, CPU {cpu:.2f} s")
    print(f"  ratio signed/unsigned: best {best['signed'] / best['unsigned']:.3f}, "
          f"median {median['signed'] / median['unsigned']:.3f} (target: 1,000,000 events in <= 30 s)")


if __name__ == "__main__":
    main()
