"""The linked jackpot's meter: contributions per second it sustains (one transaction each, from several
connections at once, as linked tables send them) and the sign's update latency (a contribution committed ->
the sign's watcher has the new meter). A short run: `python benchmarks/bench_jackpot.py [--db URL] [--seconds S]`
(without --db, a throwaway cluster on a unix socket)."""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]


def contributions_per_second(url: str, writers: int, seconds: float) -> float:
    from controller.floor.jackpot_meter import JackpotMeter

    JackpotMeter(url).close()  # the schema made once, before the writers start together
    counts = [0] * writers
    stop = time.monotonic() + seconds

    def write(i: int) -> None:
        meter = JackpotMeter(url)
        meter.link(f"B{i}", 100_000)
        n = 0
        while time.monotonic() < stop:
            meter.settle(f"B{i}", f"B{i}-{n // 6:06d}", n % 6 + 1, contribution=2, share_pct=0, category="NO_GAME")
            n += 1
        counts[i] = n
        meter.close()

    threads = [threading.Thread(target=write, args=(i,)) for i in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts) / seconds


def sign_latency(url: str, samples: int) -> list[float]:
    from PySide6.QtCore import QCoreApplication

    from controller.floor.jackpot_meter import JackpotMeter
    from ui.jackpot.watcher import MeterWatcher

    app = QCoreApplication.instance() or QCoreApplication([])
    seen: list[tuple[float, int]] = []
    watcher = MeterWatcher(url, "main")
    watcher.changed.connect(lambda status: seen.append((time.perf_counter(), status["meter"])))
    watcher.start()
    meter = JackpotMeter(url)
    latencies = []
    for n in range(samples):
        time.sleep(0.05)
        app.processEvents()
        meter.settle("L1", f"L1-{n:06d}", 1, contribution=2, share_pct=0, category="NO_GAME")
        committed = time.perf_counter()
        target = meter.status()["meter"]
        while not any(m == target for _, m in seen):
            app.processEvents()
            time.sleep(0.001)
        latencies.append(next(t for t, m in seen if m == target) - committed)
    watcher.stop()
    meter.close()
    return latencies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", metavar="URL")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--samples", type=int, default=30)
    args = parser.parse_args()
    cluster = None
    url = args.db
    if url is None:
        from pg_cluster import Cluster

        cluster = Cluster().create().start()
        url = cluster.url
    try:
        rate = contributions_per_second(url, args.writers, args.seconds)
        print(f"meter: {rate:,.0f} contributions/s from {args.writers} connections, one transaction each "
              f"({args.seconds:g} s)")
        lat = sorted(sign_latency(url, args.samples))
        print(f"sign: contribution committed -> new meter on the sign: p50 {1000 * statistics.median(lat):.1f} ms, "
              f"max {1000 * lat[-1]:.1f} ms over {len(lat)} (target <= 1 s)")
    finally:
        if cluster is not None:
            cluster.destroy()
    return 0


if __name__ == "__main__":
    sys.exit(main())
