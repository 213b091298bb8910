"""The examples on every `--help` page: each command and action ends its help with a block

    Examples:
      $ rptable simulate --rules four-seat --rounds 20 --journal t.journal
      $ rptable audit verify --journal t.journal

one shell command a line, run in that order in an empty folder with a fresh data folder (RPTABLE_DATA_DIR); a
line ending in `# illustrative` needs what a test does not have (a serial port, a screen, the floor's own
database) and is only shown. tests/test_cli_help.py runs every other line.
"""

from __future__ import annotations

import argparse
import re

HEADING = "Examples:"
PROMPT = "  $ "
ILLUSTRATIVE = "# illustrative"
# What an example may take for granted, said under the examples that do.
NOTES = {
    "$FLOOR_DB": "FLOOR_DB: the floor's PostgreSQL, e.g. postgresql://rptable@db.casino/rptable",
    "pin-": "PINs are piped in here as a script gives them; at a terminal rptable asks for them instead",
}


class HelpFormatter(argparse.HelpFormatter):
    """argparse's own formatter, except that a paragraph with indented lines (the examples, a list of options)
    keeps its lines as written; prose is filled to the terminal's width as before."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = []
        for paragraph in re.split(r"\n\s*\n", text.strip("\n")):
            lines = paragraph.splitlines()
            if any(line[:1].isspace() for line in lines[1:]):
                paragraphs.append("\n".join(indent + line for line in lines))
            else:
                paragraphs.append(super()._fill_text(paragraph, width, indent))
        return "\n\n".join(paragraphs)


def add_examples(parser: argparse.ArgumentParser, *lines: str) -> None:
    """End `parser`'s help with these example command lines (after its epilog, if it has one)."""
    notes = [f"  ({note})" for mark, note in NOTES.items() if any(mark in line for line in lines)]
    block = "\n".join([HEADING, *(PROMPT + line for line in lines), *notes])
    epilog = (parser.epilog or "").rstrip("\n")
    parser.epilog = f"{epilog}\n\n{block}" if epilog else block
    if parser.formatter_class is argparse.HelpFormatter:
        parser.formatter_class = HelpFormatter


def examples(parser: argparse.ArgumentParser) -> list[str]:
    """The example command lines of `parser`'s help, in order, as a shell runs them."""
    text = parser.epilog or ""
    _, heading, block = text.partition(HEADING + "\n")
    if not heading:
        return []
    found = []
    for line in block.splitlines():
        if not line.startswith(PROMPT):
            break
        found.append(line[len(PROMPT):])
    return found


def illustrative(example: str) -> bool:
    """Whether an example is only shown, never run (it needs a serial port, a screen or the floor's database)."""
    return example.rstrip().endswith(ILLUSTRATIVE)


def subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, str | None, argparse.ArgumentParser]]:
    """The actions of a command (or the commands of `rptable`): name, one-line help, parser."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help for choice in action._choices_actions}
            found += [(name, helps.get(name), sub) for name, sub in action.choices.items()]
    return found


def finish(parser: argparse.ArgumentParser) -> None:
    """Every action's page says what it does, as its line in its command's list does, and keeps its examples'
    lines as written."""
    for _name, text, sub in subcommands(parser):
        if sub.description is None and text:
            sub.description = text
        if sub.formatter_class is argparse.HelpFormatter:
            sub.formatter_class = HelpFormatter
        finish(sub)
