"""CPU per card of SHOE/1-A's authentication, with plain SHOE/1 as the peer in the same run.

The whole card path of `rptable simulate` (the in-process simulated shoe under the SHOE/1 driver,
`sim://?rate=0&clock=virtual`) deals rounds of 36 cards, once paired with a key (`key=`) and once plain,
alternating the two so that both see the same background load; each figure is the best of the repeats (other
load only ever adds time). The difference per card is what authentication costs on both ends of the cable: the
shoe seals each CARD and checks each ACK, the host checks each CARD and seals each ACK. The host's own share is
also timed on its own: checking a sealed CARD sentence and sealing its ACK, against parsing and encoding them
plain. The target: authentication <= 20 us of CPU per card.

    python benchmarks/bench_shoe_auth.py [--rounds N] [--repeats N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
import timeit
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "hardware-sim"), str(ROOT / "benchmarks")]

from bench_shoe_cpu import CARDS_PER_ROUND, player  # noqa: E402 - the same card path, plain or paired

from drivers.shoe1 import auth, codec  # noqa: E402
from drivers.shoe1.messages import Ack, ShoeHello  # noqa: E402
from drivers.shoe1.serial_auth import HostSession  # noqa: E402

TARGET_US = 20.0


def cpu_per_card(play: Callable[[int], int], rounds: int) -> float:
    start = time.process_time()
    cards = play(rounds)
    return (time.process_time() - start) / cards * 1e6


def host_share() -> dict[str, float]:
    """The host's per-card work on its own: one CARD sentence in, one ACK out; sealed against plain."""
    key = auth.ShoeKey.generate()
    host = HostSession(key)
    shoe_nonce = auth.new_nonce()
    host.open(codec.body_of(ShoeHello("RS-200", "SN1", "1.0", shoe_nonce,
                                      auth.hello_tag(key, host.host_nonce, shoe_nonce, "SN1"))))
    session = auth.session_key(key, host.host_nonce, shoe_nonce)
    plain_body = "CARD,1234,QS,93"
    ack = Ack(1234)
    number = 20000

    # Each sealed CARD carries a new counter, as on the line (one taken twice would be refused as a replay).
    bodies = iter([auth.seal_body(session, auth.SHOE_TO_HOST, n, plain_body) for n in range(number * 6)])

    def per_call(statement: Callable[[], object]) -> float:
        return min(timeit.repeat(statement, number=number, repeat=5)) / number * 1e6

    return {
        "host_plain_us": per_call(lambda: (codec.parse_shoe_body(plain_body), codec.encode(ack))),
        "host_sealed_us": per_call(lambda: (host.open(next(bodies)), host.seal(ack))),
        "shoe_seal_card_us": per_call(lambda: auth.seal_body(session, auth.SHOE_TO_HOST, 7, plain_body)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200, help="rounds of 36 cards per measurement")
    parser.add_argument("--repeats", type=int, default=5, help="measurements of each (the best is kept)")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-shoe-auth-") as folder:
        key_path = Path(folder) / "shoe.key"
        auth.write_key_file(key_path)
        plays = {"plain": player("sim://?seed=7&rate=0&clock=virtual"),
                 "authenticated": player(f"sim://?seed=7&rate=0&clock=virtual&key={key_path}")}
        runs: dict[str, list[float]] = {name: [] for name in plays}
        for _ in range(args.repeats):
            for name, play in plays.items():  # alternating, so both see the same background load
                runs[name].append(cpu_per_card(play, args.rounds))
    plain, sealed = min(runs["plain"]), min(runs["authenticated"])
    host = host_share()
    report: dict[str, object] = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{os.cpu_count()}-core {platform.machine()}, Python {platform.python_version()}",
        "load_average": os.getloadavg(),
        "cards_per_measurement": args.rounds * CARDS_PER_ROUND,
        "plain_cpu_us_per_card": plain,
        "authenticated_cpu_us_per_card": sealed,
        "ratio": sealed / plain,
        "authentication_us_per_card": sealed - plain,
        "host_authentication_us_per_card": host["host_sealed_us"] - host["host_plain_us"],
        **host,
        "target_us": TARGET_US,
        "within_target": sealed - plain <= TARGET_US,
    }
    if args.json:
        print(json.dumps(report))
        return
    print(f"{report['date']}  {report['machine']}  load average {report['load_average']}")
    print(f"whole card path, CPU per card: plain {plain:.2f} us, authenticated {sealed:.2f} us "
          f"(ratio {sealed / plain:.2f}x)")
    print(f"authentication, both ends of the cable: {sealed - plain:.2f} us per card (target <= {TARGET_US:g} us)")
    print(f"the host's share: {report['host_authentication_us_per_card']:.2f} us per card "
          f"(check the CARD and seal the ACK: {host['host_sealed_us']:.2f} us against {host['host_plain_us']:.2f} us "
          "plain)")


if __name__ == "__main__":
    main()
