"""`rptable shoe-test URL`: a technician's check: connect to a shoe and print each card, fault and status.

Technicians pair shoes by its verdict, so "authenticated" means what the shoe proved, not what the URL asks: a
HELLO that proved the pairing key, then cards under it. A key given (`key=`) that the shoe did not prove (a plain
shoe, a shoe with another key) is a failed check, exit status 3.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from ui.cli.bounds import seconds, whole
from ui.cli.help_examples import add_examples
from ui.cli.said import refused

NOT_PROVED = 3  # exit status: a key was given and the shoe did not prove it holds it


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "url", metavar="URL", help="the shoe, e.g. serial:///dev/ttyUSB0, usb://16c0:05dc, sim://"
    )
    parser.add_argument("--count", type=whole(1, 10**9), default=None, metavar="N", help="stop after N cards")
    parser.add_argument(
        "--timeout", type=seconds(0, 86_400), default=10.0, metavar="S",
        help="stop after S seconds without a card (10; at most a day)"
    )
    parser.add_argument(
        "--json", action="store_true", help="one JSON object per line (docs/architecture.md shapes)"
    )
    parser.add_argument(
        "--unlock", action="store_true", help="open the shoe's gate once connected (locked after a fault?)"
    )
    parser.epilog = ("Exit status 0: cards received (and, with key=, the shoe proved the key); 1: no card; 2: a bad "
                     "URL; 3: key= was given and the shoe did not prove it holds that key (a plain shoe, or one "
                     "with another key): it is not paired, whatever it sends.")
    add_examples(parser,
                 "rptable shoe-test 'sim://?seed=1&rate=50' --count 5",
                 "rptable shoe-test 'sim://?seed=1&rate=50' --count 5 --json",
                 "rptable shoe-test serial:///dev/ttyUSB0 --count 10  # illustrative",
                 "rptable shoe-test 'socket://127.0.0.1:7000?key=T1-shoe.key' --unlock  # illustrative")


def run(args: argparse.Namespace) -> int:
    from drivers.base import CardEvent, DeviceFault, SourceError, StatusEvent, open_source
    from drivers.shoe1.link_source import Shoe1Source

    try:
        source = open_source(args.url)
    except SourceError as exc:
        return refused("shoe-test", exc, 2)
    # A check watches the shoe; it does not lock it on a fault the way the table does.
    if isinstance(source, Shoe1Source):
        source.lock_on_fault = False

    def emit(obj: dict[str, Any], text: str) -> None:
        print(json.dumps(obj) if args.json else text, flush=True)

    cards = faults = 0
    proved: str | None = None  # the key id the shoe's last HELLO proved; None: it proved none
    last_card = time.monotonic()
    try:
        while args.count is None or cards < args.count:
            left = args.timeout - (time.monotonic() - last_card)
            if left <= 0:
                break
            event = source.recv(timeout=min(left, 0.5))
            if isinstance(event, CardEvent):
                cards += 1
                last_card = time.monotonic()
                quality = "" if event.quality is None else f"  quality {event.quality}"
                emit(
                    {"type": "card", "card": event.code, "seq": event.seq, "quality": event.quality},
                    f"card   #{cards:<4} seq {event.seq:<5} {event.code}{quality}",
                )
            elif isinstance(event, DeviceFault):
                faults += 1
                emit(
                    {"type": "fault", "code": event.code, "text": event.text},
                    f"FAULT  {event.code}: {event.text}",
                )
            elif isinstance(event, StatusEvent):
                if args.unlock and event.state == "CONNECTED":
                    source.unlock()
                detail = f" ({event.detail})" if event.detail else ""
                line: dict[str, Any] = {"type": "status", "state": event.state, "detail": event.detail}
                identity = event.identity
                if identity is not None:
                    proved = identity.key_id  # each session's HELLO says anew: a later plain one proves nothing
                    line.update(serial=identity.serial, key_id=identity.key_id, authenticated=identity.authenticated)
                    detail += f", {_verdict(identity.key_id, identity.key_id, identity.authenticated)}"
                emit(line, f"status {event.state}{detail}")
    except KeyboardInterrupt:
        pass
    finally:
        status = source.status()
        source.close()
    key_id = status.info.get("key_id")  # the key the URL gave; None: plain SHOE/1 was asked for
    authenticated = proved is not None and proved == key_id and cards > 0
    summary = {
        "type": "summary",
        "cards": cards,
        "duplicates_dropped": status.duplicates_dropped,
        "bad_frames": status.frames_dropped,
        "faults": faults,
        "authenticated": authenticated,
        "forged": int(status.info.get("forged", "0")),
    }
    emit(
        summary,
        f"{cards} card(s), {status.duplicates_dropped} duplicate(s) dropped, "
        f"{status.frames_dropped} bad frame(s), {faults} fault(s); "
        f"{_verdict(key_id, proved, authenticated)}, "
        f"{summary['forged']} forged message(s) refused",
    )
    if key_id is not None and proved != key_id:
        return refused("shoe-test", f"the shoe did not prove it holds SHOE/1-A key {key_id}: it is a plain SHOE/1 "
                       "shoe or holds another key, so it is not paired with this table and none of its cards count. "
                       "Do not pair by it: install the key in the shoe, then check again.", NOT_PROVED)
    if cards == 0:
        return refused("shoe-test", f"no card within {args.timeout:g} s from {args.url}")
    return 0


def _verdict(key_id: str | None, proved: str | None, authenticated: bool) -> str:
    """What the shoe proved, in words: authenticated only when it proved the key given (and, in the summary, dealt
    cards under it); a key given and not proved is said plainly, for a technician pairs shoes by this line."""
    if authenticated:
        return f"authenticated with SHOE/1-A key {key_id}"
    if key_id is None:
        return "shoe not authenticated"
    if proved == key_id:
        return f"SHOE/1-A key {key_id} proved, but no card dealt under it: not yet authenticated"
    return f"NOT authenticated: the shoe did not prove SHOE/1-A key {key_id}"
