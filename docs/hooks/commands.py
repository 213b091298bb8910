"""MkDocs hook: the command reference page is rendered from the `rptable` parsers at build time.

`docs/commands.md` holds the marker `<!-- rptable-help -->`; this hook replaces it with the help of `rptable`,
of every command and of every action under a command, exactly as `rptable ... --help` prints it, so the page
can never say something the program does not.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

MARKER = "<!-- rptable-help -->"
PAGE = "commands.md"
WIDTH = "100"  # the terminal width the help is wrapped to, so the page is the same on every machine


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.ArgumentParser]]:
    """The sub-parsers of a parser, in the order they were added."""
    found: list[tuple[str, argparse.ArgumentParser]] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found.extend(action.choices.items())
    return found


def _render(parser: argparse.ArgumentParser, level: int) -> list[str]:
    heading = "#" * min(level, 6)
    lines = [f"{heading} `{parser.prog}`", "", "```text", parser.format_help().rstrip(), "```", ""]
    for _name, child in _subcommands(parser):
        lines.extend(_render(child, level + 1))
    return lines


def render_help() -> str:
    """Every help text of the `rptable` command line, as Markdown."""
    root = str(Path(__file__).resolve().parents[2])
    if root not in sys.path:
        sys.path.insert(0, root)  # the tree being documented, whatever the environment points at
    from ui.cli import build_parser

    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = WIDTH
    try:
        return "\n".join(_render(build_parser(), 2))
    finally:
        if before is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = before


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if page.file.src_uri != PAGE:
        return markdown
    if MARKER not in markdown:
        raise ValueError(f"{PAGE} lost its marker {MARKER}: the command reference would be empty")
    return markdown.replace(MARKER, render_help())
