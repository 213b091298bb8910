"""Card latency and throughput of the SHOE/1 serial driver against the simulated shoe on a real pty.

Latency: from the simulated shoe (its own process) writing a CARD on the pty to `recv()` returning the
CardEvent in the controller's process; both stamps are time.monotonic() (CLOCK_MONOTONIC, one clock for the
whole machine). Target p99 <= 5 ms. Throughput: 1,000 cards/s for several seconds, checked card by card
against the simulator's ground truth (no card lost, doubled or out of order).

    python benchmarks/bench_shoe.py [--cards N] [--rate R] [--burst-cards N]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "hardware-sim")]

import hwsim.schemes  # noqa: E402, F401  (the simulated shoe and camera: sim://, camera+sim://)

from drivers.base import CardEvent, DeviceFault, StatusEvent, open_source  # noqa: E402
from drivers.cards import PACK  # noqa: E402
from drivers.shoe1 import codec  # noqa: E402
from drivers.shoe1.messages import CardFrame  # noqa: E402


def run_shoe(link_path: str, out_path: str, rate: float, packs: int, stop: object) -> None:
    """The simulated shoe's process: deal at `rate`, note when each CARD's first copy is written."""
    from hwsim.device import ShoeDevice, build_model
    from hwsim.pty_transport import PtyTransport

    model, link = build_model(seed=2024, rate=rate, packs=packs, locked=True, truth_kept=None)  # every card checked
    sent: dict[int, float] = {}

    def stamp(transmissions: list, at: float) -> None:
        for t in transmissions:
            if isinstance(t.message, CardFrame) and t.message.seq not in sent:
                sent[t.message.seq] = at

    shoe = ShoeDevice(model, link, PtyTransport(link, link_path))
    shoe.on_send.append(stamp)
    shoe.start()
    stop.wait()  # type: ignore[attr-defined]
    shoe.stop()
    truth = [[d.seq, d.reported.code if d.reported else "??"] for d in model.truth]
    Path(out_path).write_text(json.dumps({"sent": sent, "truth": truth}))


def measure(rate: float, cards: int) -> dict[str, float | int | bool]:
    workdir = tempfile.mkdtemp(prefix="bench-shoe")
    link_path, out_path = os.path.join(workdir, "tty"), os.path.join(workdir, "out.json")
    stop = multiprocessing.Event()
    packs = cards // 52 + 2
    shoe = multiprocessing.Process(target=run_shoe, args=(link_path, out_path, rate, packs, stop))
    shoe.start()
    while not os.path.exists(link_path):
        time.sleep(0.01)
    source = open_source(f"serial://{link_path}?baud=115200")
    received: list[tuple[int, str, float]] = []
    faults: list[str] = []
    deadline = time.monotonic() + cards / rate + 30
    while len(received) < cards and time.monotonic() < deadline:
        event = source.recv(timeout=0.5)
        if isinstance(event, CardEvent):
            received.append((event.seq, event.code, time.monotonic()))
        elif isinstance(event, StatusEvent) and event.state == "CONNECTED":
            source.unlock()
        elif isinstance(event, DeviceFault):
            faults.append(event.code)
    status = source.status()
    source.close()
    stop.set()
    shoe.join(10)
    result = json.loads(Path(out_path).read_text())
    sent = {int(k): v for k, v in result["sent"].items()}
    truth = [tuple(x) for x in result["truth"]][: len(received)]
    latencies = sorted((at - sent[seq]) * 1000.0 for seq, _, at in received if seq in sent)
    span = received[-1][2] - received[0][2] if len(received) > 1 else 0.0

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p / 100.0 * len(latencies)))]

    return {
        "cards": len(received),
        "exact": [(s, c) for s, c, _ in received] == truth and len(received) == cards,
        "faults": len(faults),
        "duplicates_dropped": status.duplicates_dropped,
        "bad_frames": status.frames_dropped,
        "p50_ms": pct(50),
        "p99_ms": pct(99),
        "max_ms": latencies[-1],
        "mean_ms": statistics.fmean(latencies),
        "cards_per_s": (len(received) - 1) / span if span else 0.0,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000, help="cards for the latency run (at --rate)")
    parser.add_argument("--rate", type=float, default=100.0, help="cards per second for the latency run")
    parser.add_argument("--burst-cards", type=int, default=5000, help="cards for the 1,000 cards/s run")
    args = parser.parse_args()
    print(
        f"bench_shoe: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {os.getloadavg()[0]:.1f}"
    )
    lat = measure(args.rate, args.cards)
    print(
        f"latency over a pty, {lat['cards']} cards at {args.rate:g}/s: p50 {lat['p50_ms']:.2f} ms, "
        f"p99 {lat['p99_ms']:.2f} ms, max {lat['max_ms']:.2f} ms (target p99 <= 5 ms: "
        f"{'met' if lat['p99_ms'] <= 5.0 else 'NOT met'}); exact {lat['exact']}, faults {lat['faults']}"
    )
    burst = measure(1000.0, args.burst_cards)
    print(
        f"sustained: {burst['cards']} cards at {burst['cards_per_s']:.0f} cards/s; no loss, no double, "
        f"in order: {burst['exact']}; faults {burst['faults']}, duplicates dropped "
        f"{burst['duplicates_dropped']}, bad frames {burst['bad_frames']}; "
        f"latency p50 {burst['p50_ms']:.2f} ms, p99 {burst['p99_ms']:.2f} ms"
    )
    # A pty carries bytes as fast as the kernel copies them; a real 115200-baud line (8N1) does not.
    sentence = len(codec.encode(CardFrame(12345, PACK[51], 97)))
    line_rate = 115200 / 10 / sentence
    print(
        f"line rate: a CARD sentence is {sentence} bytes, so a real 115200-baud line carries at most "
        f"{line_rate:.0f} cards/s (the pty above has no baud limit)"
    )
    return 0 if lat["exact"] and burst["exact"] else 1


if __name__ == "__main__":
    sys.exit(main())
