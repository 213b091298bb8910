"""Fixtures any test module may ask for by name: `consoles` (tests/console_kit.py), consoles on journals of
their own with the table's staff accounts."""

pytest_plugins = ["console_kit"]
