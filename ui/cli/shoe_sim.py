"""`rptable shoe-sim`: run a simulated SHOE/1 shoe on a pty, a TCP port or the virtual USB bus until Ctrl-C.

Cards are dealt on a timer (`--rate` cards per second; 0 = never) and, when stdin is a terminal, on a key
press: Enter deals one card, a number then Enter deals that many, `q` then Enter stops.
"""

from __future__ import annotations

import argparse
import os
import secrets
import select
import signal
import sys
import threading
import time

from ui.cli.bounds import number, seconds, whole
from ui.cli.help_examples import add_examples
from ui.cli.said import refused

MAX_SEED = 2**63 - 1
MAX_DEAL = 520  # cards dealt at one key press: ten packs

EPILOG = """\
dealing: on the timer (--rate cards per second; 0 = never) and, when stdin is a terminal, on a key press:
  Enter deals one card now, a number then Enter deals that many, q then Enter stops (so does Ctrl-C).

--faults SPEC, comma-separated:
  garble=P, drop=P, dup=P   every frame garbled (detectably), dropped or sent twice with probability P
  unreadable@N              the Nth card (from 1) is sent as ??
  double@N                  cards N and N+1 drawn together: FAULT E02, then both cards
  jam@N[:D]                 before card N: FAULT E04, no card for D (default 2s)
  cover@N[:D]               before card N: STAT COVER_OPEN + FAULT E05 for D (default 2s)
  unplug@N:D                before card N the device disappears for D (pty closed, TCP closed, USB gone)
  hb-loss@N:D               from card N no heartbeat for D (the host declares the shoe offline after 3 s)
  e.g. garble=0.05,drop=0.02,dup=0.05,unreadable@7,double@12,jam@20,cover@30,unplug@40:2s,hb-loss@50:4s
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--pty", action="store_true", help="on a pseudo-terminal (serial:///dev/pts/N)")
    where.add_argument("--tcp", type=whole(0, 65535, "any free port"), metavar="PORT",
                       help="on a TCP port (socket://127.0.0.1:PORT; 0: any free port)")
    where.add_argument("--usb", action="store_true", help="on the virtual USB bus (hwsim.usb_backend)")
    parser.add_argument(
        "--seed", type=whole(0, MAX_SEED), default=None, help="shuffle seed (default: a random one, printed)"
    )
    parser.add_argument("--order", metavar="FILE", help="deal these cards in this order instead (card codes)")
    parser.add_argument("--packs", type=whole(0, 1000, "endless: a fresh pack whenever the shoe runs empty"),
                        default=1, metavar="N", help="packs (1; 0 = endless)")
    parser.add_argument("--faults", metavar="SPEC", default="", help="fault injection (below)")
    parser.add_argument(
        "--rate", type=number(0, 1000, "cards per second (0: only on a key press)"), default=1.0,
        metavar="CARDS_PER_S", help="timer rate (1; 0 = keys)"
    )
    parser.add_argument("--locked", action="store_true", help="gate closed until the host unlocks")
    parser.add_argument("--hb", type=seconds(0.05, 3600, low_allowed=True), default=1.0, metavar="S",
                        help="heartbeat interval (1 s; 0.05 to 3600)")
    parser.add_argument(
        "--link", metavar="PATH", help="--pty: the stable symlink to the pty (default in /tmp)"
    )
    parser.add_argument("--socket", metavar="PATH", help="--usb: the virtual cable's socket path")
    parser.add_argument("--key", metavar="FILE",
                        help="pair the shoe with this SHOE/1-A key (rptable shoe keygen makes one); the table gives "
                             "the same file in its URL: key=FILE")
    parser.add_argument("--quiet", action="store_true", help="do not print each card dealt")
    add_examples(parser,
                 "rptable shoe-sim --pty --seed 1  # illustrative",
                 "timeout --preserve-status 2 rptable shoe-sim --tcp 0 --seed 1 --rate 5",
                 "rptable shoe keygen T1-shoe.key",
                 "timeout --preserve-status 2 rptable shoe-sim --tcp 0 --seed 1 --rate 5 --key T1-shoe.key "
                 "--faults unreadable@3 --quiet",
                 "rptable shoe-sim --usb --rate 0 --locked  # illustrative")


def run(args: argparse.Namespace) -> int:
    from hwsim.device import ShoeDevice, Transport, build_model
    from hwsim.usb_ipc import SOCKET_ENV

    from drivers.shoe1.auth import KeyFileError, ShoeKey, read_key_file

    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    key: ShoeKey | None = None
    try:
        key = read_key_file(args.key) if args.key else None
    except KeyFileError as exc:
        return refused("shoe-sim", exc, 2)
    try:
        model, link = build_model(
            seed=seed,
            order=args.order,
            packs=args.packs,
            faults=args.faults,
            rate=args.rate,
            heartbeat_interval=args.hb,
            locked=args.locked,
        )
    except (ValueError, OSError) as exc:  # a fault SPEC, an order file or a number that cannot be used
        return refused("shoe-sim", exc, 2)
    transport: Transport
    keyed = f"?key={args.key}" if key is not None else ""
    try:
        if args.pty:
            from hwsim.pty_transport import PtyTransport

            transport = PtyTransport(link, args.link, key)
            where = [
                f"rptable shoe-test '{transport.address()}{keyed}'",
                f"(the stable link survives unplug faults: rptable shoe-test '{transport.stable_address()}{keyed}')",
            ]
        elif args.tcp is not None:
            from hwsim.tcp_transport import TcpTransport

            transport = TcpTransport(link, args.tcp, key=key)
            where = [f"rptable shoe-test '{transport.address()}{keyed}'"]
        else:
            from hwsim.usb_transport import UsbTransport

            transport = UsbTransport(link, model.hello, args.socket, key)
            env = f"{SOCKET_ENV}={transport.socket_path} " if args.socket else ""
            where = [f"{env}rptable shoe-test '{transport.address()}{keyed.replace('?', '&')}'"]
    except OSError as exc:
        return refused("shoe-sim", f"could not create the device: {exc}", 2)

    source = f"order {args.order}" if args.order else f"seed {seed}, {args.packs} pack(s)"
    pace = f"{args.rate:g} card(s)/s" if args.rate > 0 else "on key press only"
    keys = sys.stdin.isatty()
    print(
        f"Simulated SHOE/1 shoe {model.hello.model} {model.hello.serial}: {source}, "
        f"{model.cards_left} cards, dealing {pace}"
        + (f", faults {link.plan.spec()}" if link.plan.spec() else "")
        + (f", SHOE/1-A key {key.key_id}" if key is not None else ", plain SHOE/1 (no key)")
    )
    print("Connect with:  " + "\n  ".join(where))
    print(
        "Enter: deal one card now, N Enter: deal N, q Enter or Ctrl-C: stop." if keys else "Ctrl-C: stop.",
        flush=True,
    )
    # `kill` ends it as cleanly as Ctrl-C: the handler only asks the loop to end, so a SIGTERM that comes while the
    # shoe starts or stops cannot escape as an interrupt (exit 130 instead of 0)
    terminated = threading.Event()
    signal.signal(signal.SIGTERM, lambda _signum, _frame: terminated.set())
    shoe = ShoeDevice(model, link, transport).start()
    shown_cards = shown_faults = 0
    try:
        while not terminated.is_set():
            if keys:
                ready, _, _ = select.select([sys.stdin], [], [], 0.2)
                if ready:
                    line = sys.stdin.readline()
                    if not line or line.strip().lower() == "q":
                        break
                    shoe.deal(_cards_asked(line))
            else:
                time.sleep(0.2)
            if args.quiet:
                continue
            for dealt in list(model.truth):  # a copy: the shoe's thread deals on meanwhile
                if dealt.number > shown_cards:
                    reported = "" if dealt.reported is not None else " (reported as ??)"
                    print(f"dealt #{dealt.number:<4} seq {dealt.seq:<5} {dealt.card.code}{reported}", flush=True)
                    shown_cards = dealt.number
            for fault in model.applied_faults[shown_faults:]:
                print(
                    f"fault  {fault.kind} at card {fault.card}"
                    + (f" for {fault.duration:g} s" if fault.duration else ""),
                    flush=True,
                )
            shown_faults = len(model.applied_faults)
    except KeyboardInterrupt:
        pass
    finally:
        shoe.stop()
    c = link.counters
    print(
        f"\n{model.cards_dealt} card(s) dealt, {model.cards_left} left; frames sent {c.frames}, "
        f"dropped {c.dropped}, duplicated {c.duplicated}, garbled {c.garbled}",
        file=sys.stderr,
    )
    if os.environ.get("RPTABLE_SHOE_SIM_TRUTH"):
        # QA hook: write the ground truth (seq and reported code of the last cards dealt) for comparison with
        # shoe-test.
        with open(os.environ["RPTABLE_SHOE_SIM_TRUTH"], "w", encoding="utf-8") as out:
            for dealt in model.truth:
                out.write(f"{dealt.seq} {dealt.reported.code if dealt.reported else '??'}\n")
    return 0


def _cards_asked(line: str) -> int:
    """The cards a key press asks for: Enter alone one, a number that many (at most MAX_DEAL)."""
    text = line.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        if text:
            print(f"'{text[:20]}' is not a number of cards: Enter deals one, a number (1-{MAX_DEAL}) then Enter "
                  "deals that many, q then Enter stops.", flush=True)
            return 0
        return 1
    return max(0, min(int(text), MAX_DEAL))
