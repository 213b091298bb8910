"""The accounts store's anchor off its own folder: a pin file that root writes once and the table only reads
(`/etc/rptable/accounts.pin`, or the file named by RPTABLE_ACCOUNTS_PIN), naming each pinned store by its path
with the fingerprint of its signing key and the hash of its first event (the first admin's record).

Whoever can write the table's data folder can delete the accounts files and bootstrap a new first admin, or
re-sign a store with a key of his own; a store whose pin names another key or another first admin, or that holds
nothing where a pin names it, is tampered (controller.table.security.users). Only root changes the pin, so only root can
start the accounts anew.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from drivers.named_files import read_named_text

PIN_ENV = "RPTABLE_ACCOUNTS_PIN"
DEFAULT_PIN = "/etc/rptable/accounts.pin"
FORMAT = "rptable-accounts-pin/1"
MAX_PIN_BYTES = 64 * 1024


class PinError(Exception):
    """The pin file is there but cannot be read as one: every store it might name is then untrusted."""


@dataclass(frozen=True)
class Pin:
    """What root pinned of one store: its key's fingerprint (SHA-256 of the raw public key) and its first event."""

    key: str
    first: str


def pin_path() -> Path:
    return Path(os.environ.get(PIN_ENV) or DEFAULT_PIN)


def store_name(store: Path) -> str:
    """The store as a pin names it: the absolute path the table is given, links left as they are. A link put in
    the store's place (or in a folder's) then still answers to the pin of the path the table was given, and not to
    that of the store it leads to."""
    return os.path.abspath(store)


def store_names(store: Path) -> list[str]:
    """Every name a pin may know this store by: the path the table is given, then the file it leads to (a pin
    written before pins named the path given, or a store reached through a linked folder)."""
    given = store_name(store)
    try:
        resolved = str(store.resolve())
    except (OSError, RuntimeError):  # a loop of links: only the path given can be pinned
        return [given]
    return [given] if resolved == given else [given, resolved]


def read_pins(path: Path | None = None) -> dict[str, Pin]:
    """Every store the pin file names (empty when there is no pin file); PinError when it cannot be read."""
    path = path or pin_path()
    try:
        if not path.exists():
            return {}
        data = json.loads(read_named_text(path, MAX_PIN_BYTES))
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("stores"), dict):
            raise ValueError(f"it is not an accounts pin ({FORMAT})")
        return {str(name): Pin(str(pin["key"]), str(pin["first"])) for name, pin in data["stores"].items()}
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise PinError(f"the accounts pin {path} cannot be read ({err}): root must restore it") from err


def pinned(store: Path) -> Pin | None:
    """The pin of this store, None when the pin file names no such store (or there is none). The pin of the path
    the table is given comes first: a store replaced by a link to another store, pinned or not, is checked
    against the pin of the store it replaced."""
    pins = read_pins()
    return next((pins[name] for name in store_names(store) if name in pins), None)


def pin_text(existing: dict[str, Pin], store: Path, pin: Pin) -> str:
    """The pin file's text with this store pinned (the others kept as they were)."""
    stores = {name: {"key": p.key, "first": p.first} for name, p in existing.items()}
    for name in store_names(store):  # the path given, and the file it leads to when that is another path
        stores[name] = {"key": pin.key, "first": pin.first}
    return json.dumps({"format": FORMAT, "stores": stores}, indent=1, sort_keys=True) + "\n"
