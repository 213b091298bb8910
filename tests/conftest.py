"""Fixtures every test module may ask for: the dealer console on a table screen (tests/console_kit.py)."""

from console_kit import make_console, no_leaks

__all__ = ["make_console", "no_leaks"]
