"""The console blocks of a documentation page (README.md, docs/*.md), read as tests/test_docs.py runs them.

A fenced block tagged `console` holds commands:

- each command line starts with `$ `; a line ending in ` \\` continues the command on the next line;
- the lines after a command, up to the next `$ ` line, are its expected output: compared line by line after
  trailing spaces are stripped, where `...` on a line of its own matches any number of lines (none too);
- a command with no output lines shown is only required to exit 0 (every command must exit 0: a command
  shown failing is written `rptable ... || echo "exit $?"`, with `exit 1` in its output);
- a block whose first line is `# illustrative: <why>` is not run (it needs a real shoe, a screen, hours...);
- any other block (text before its first command, no command at all, an unfinished ` \\` line) is neither
  runnable nor marked: `Block.problem` says why, and the test fails on it, naming the page and the line.

Only `console` blocks are run: ```sh, ```toml, ```json and untagged blocks are text to read, but a shell, text or
untagged block with `$ ` lines is a console block mistagged, a problem like the above.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

PROMPT = "$ "
SHELL_TAGS = {"sh", "bash", "shell", "shell-session", "zsh", "text", ""}  # `$ ` lines here: console mistagged
ANY_LINES = "..."
ILLUSTRATIVE = re.compile(r"#\s*illustrative\s*:(.*)$")
FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*)$")


@dataclass(frozen=True)
class Command:
    line: int  # the page's line (1-based) of the command's `$ `
    text: str  # as bash runs it: the prompt removed, continuation lines kept (with their ` \\`)
    expected: tuple[str, ...]  # the output lines shown, trailing spaces stripped; () when none is shown

    @property
    def checks_output(self) -> bool:
        return bool(self.expected)


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # the page's line (1-based) of the opening fence
    commands: tuple[Command, ...] = ()
    illustrative: str | None = None  # the reason the page gives for not running the block
    problem: str | None = None  # why the block is neither runnable nor marked illustrative

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def blocks(path: Path | str, text: str | None = None) -> list[Block]:
    """The console blocks of the page at `path` (its `text` if given), in the page's order."""
    page = Path(path)
    lines = (page.read_text(encoding="utf-8") if text is None else text).splitlines()
    found: list[Block] = []
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        index += 1
        if not opening:
            continue
        fence, indent = opening["fence"], len(opening["indent"])
        start = index  # 0-based index of the body's first line = 1-based line of the fence
        while index < len(lines) and not _closes(lines[index], fence):
            index += 1
        body = [_unindent(line, indent) for line in lines[start:index]]
        closed = index < len(lines)
        index += 1
        tag = (opening["info"].split() or [""])[0]
        if tag == "console":
            found.append(_block(page, start, body, closed))
        elif tag in SHELL_TAGS and any(line.startswith(PROMPT) for line in body):
            tagged = f"tagged `{tag}`" if tag else "untagged"
            found.append(Block(page, start, problem=f"a block of `$ ` commands {tagged}, not `console`: tag it "
                                                    f"`console` (then it is run, or marked illustrative)"))
    return found


def _closes(line: str, fence: str) -> bool:
    stripped = line.strip()
    return len(stripped) >= len(fence) and set(stripped) == {fence[0]}


def _unindent(line: str, indent: int) -> str:
    removable = len(line) - len(line.lstrip(" "))
    return line[min(indent, removable):]


def _block(page: Path, start: int, body: list[str], closed: bool) -> Block:
    """The block whose fence is the page's line `start` (1-based) and whose lines are `body`."""
    if not closed:
        return Block(page, start, problem="the block is never closed (no ``` after it)")
    index = 0
    while index < len(body) and not body[index].strip():
        index += 1
    if index == len(body):
        return Block(page, start, problem="the block is empty")
    marked = ILLUSTRATIVE.match(body[index].strip())
    if marked:
        reason = marked[1].strip()
        if not reason:
            return Block(page, start, problem="`# illustrative:` gives no reason (say why the block is not run)")
        return Block(page, start, illustrative=reason)
    if not body[index].startswith(PROMPT):
        return Block(page, start, problem=f"line {start + index + 1} comes before any command (a command line "
                                          f"starts with `$ `): {body[index].strip()!r}; a block that is not run "
                                          f"starts with `# illustrative: <why>`")
    commands: list[Command] = []
    while index < len(body):  # here body[index] starts with the prompt
        command_line = start + index + 1
        text = [body[index][len(PROMPT):].rstrip()]
        while text[-1].endswith(" \\") or text[-1] == "\\":
            index += 1
            if index == len(body):
                return Block(page, start, problem=f"the command at line {command_line} ends in ` \\` but the "
                                                  f"block ends there")
            text.append(body[index].rstrip())
        index += 1
        expected: list[str] = []
        while index < len(body) and not body[index].startswith(PROMPT):
            expected.append(body[index].rstrip())
            index += 1
        while expected and not expected[-1]:
            expected.pop()
        commands.append(Command(command_line, "\n".join(text), tuple(expected)))
    return Block(page, start, commands=tuple(commands))


def matches(expected: Sequence[str], actual: Sequence[str]) -> bool:
    """Whether the output lines `actual` are those shown (`expected`), `...` on a line standing for any lines."""
    want = [line.rstrip() for line in expected]
    got = [line.rstrip() for line in actual]
    # reachable[j]: the expected lines so far can match the first j actual lines
    reachable = [True] + [False] * len(got)
    for line in want:
        if line == ANY_LINES:
            for j in range(1, len(got) + 1):
                reachable[j] = reachable[j] or reachable[j - 1]
        else:
            reachable = [False] + [reachable[j - 1] and got[j - 1] == line for j in range(1, len(got) + 1)]
    return reachable[len(got)]


def output_lines(output: str) -> list[str]:
    """A command's output as compared: its lines, trailing spaces and trailing empty lines removed."""
    lines = [line.rstrip() for line in output.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines
