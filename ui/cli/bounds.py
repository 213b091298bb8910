"""The values a command-line option may take: argparse types that refuse anything else with the value and
what is allowed, so that no option can ask for unbounded time, memory or counts, or for a number that is not
one (nan, inf, 10^23)."""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable
from datetime import date

# A table id names the journal's file (T1.journal): letters, digits, '-' and '_', as a casino numbers its tables.
TABLE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,31}")
_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def whole(low: int, high: int, zero_means: str = "") -> Callable[[str], int]:
    """A whole number from `low` to `high` (`zero_means`: what 0 asks for, when 0 is allowed)."""

    def parse(text: str) -> int:
        value = _int(text)
        if value is None or not low <= value <= high:
            zero = f" ({zero_means})" if zero_means and low <= 0 <= high else ""
            raise argparse.ArgumentTypeError(f"{shown(text)} is not allowed: give a whole number from {low:,} to "
                                             f"{high:,}{zero}")
        return value

    return parse


def seconds(low: float, high: float, *, low_allowed: bool = False) -> Callable[[str], float]:
    """A number of seconds above `low` (or from it, `low_allowed`) up to `high`."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        above = value >= low if low_allowed else value > low
        if not (math.isfinite(value) and above and value <= high):
            bound = f"from {low:g}" if low_allowed else f"above {low:g}"
            raise argparse.ArgumentTypeError(f"{shown(text)} is not allowed: give a number of seconds {bound} up "
                                             f"to {high:g}")
        return value

    return parse


def number(low: float, high: float, what: str) -> Callable[[str], float]:
    """A finite number from `low` to `high` of `what` (e.g. cards per second)."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and low <= value <= high):
            raise argparse.ArgumentTypeError(f"{shown(text)} is not allowed: give {what} from {low:g} to {high:g}")
        return value

    return parse


def table_id(text: str) -> str:
    """A table id: 1-32 letters, digits, '-' or '_', starting with a letter or digit."""
    if not TABLE_ID.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a table id: give 1-32 letters, digits, '-' or '_' "
                                         "(e.g. T1)")
    return text


def floor_url(text: str) -> str:
    """The floor's PostgreSQL URL (anything else would be taken for a file of a table's own: made empty, and
    answered from as if it were the floor's)."""
    from controller.floor.url import is_floor_url

    if not is_floor_url(text):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not the floor's database: give its PostgreSQL URL "
                                         "(postgresql://USER@HOST/DATABASE)")
    return text


def day(text: str) -> str:
    """A calendar day, YYYY-MM-DD."""
    try:
        return date.fromisoformat(text).isoformat() if _DAY.fullmatch(text) else _refuse_day(text)
    except ValueError:
        return _refuse_day(text)


def _refuse_day(text: str) -> str:
    raise argparse.ArgumentTypeError(f"{shown(text)} is not a day: give YYYY-MM-DD (e.g. 2026-11-22)")


def _int(text: str) -> int | None:
    """The whole number written in plain digits (at most 30 of them), or None."""
    stripped = text.strip()
    return int(stripped) if _WHOLE.fullmatch(stripped) else None


def shown(text: str) -> str:
    """The value as given, short enough to print."""
    return repr(text if len(text) <= 40 else text[:37] + "...")
