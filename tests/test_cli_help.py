"""Help that teaches: every `rptable` command and every action of a command says in one line what it does (in its
command's list and on its own --help page) and ends its help with examples, at least one of which runs; every
example not marked `# illustrative` runs as written, the examples of one page in order, in an empty folder with a
fresh data folder, on the simulator (and on a throwaway PostgreSQL where an example names the floor's, "$FLOOR_DB")."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import cli_kit
import pytest
from floor_kit import fresh_database
from pg_cluster import Cluster

from ui.cli import build_parser
from ui.cli.help_examples import examples, illustrative, subcommands

pytest_plugins = ["floor_kit"]  # the worker's PostgreSQL cluster

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent  # where `rptable` is installed, beside the interpreter running the tests


def pages(parser: argparse.ArgumentParser, path: tuple[str, ...] = ("rptable",)):
    """Every command and action: its words on the command line, its line in its parent's list, its parser."""
    for name, text, sub in subcommands(parser):
        yield (*path, name), text, sub
        yield from pages(sub, (*path, name))


PAGES = {" ".join(path[1:]): (text, parser) for path, text, parser in pages(build_parser())}


def test_every_command_and_action_says_in_one_line_what_it_does():
    for name, (text, parser) in PAGES.items():
        assert text and "\n" not in text, f"rptable {name}: no line in its command's list"
        assert parser.description and parser.description.strip(), f"rptable {name} --help: no description"


def test_every_command_and_action_shows_examples_one_of_which_runs():
    for name, (_text, parser) in PAGES.items():
        shown = examples(parser)
        assert shown, f"rptable {name} --help: no example"
        assert [e for e in shown if not illustrative(e)], f"rptable {name} --help: every example is illustrative"
        assert any(f"rptable {name}" in e for e in shown), f"rptable {name} --help: no example runs it"
        page = parser.format_help()
        assert "Examples:\n" in page
        for example in shown:  # kept as written, one a line, never wrapped
            assert f"  $ {example}\n" in page, f"rptable {name} --help: {example!r} is not shown as written"


def rptable_words(example: str) -> list[list[str]]:
    """The arguments of each `rptable` an example line runs (up to a pipe, a redirection or the line's end)."""
    lexer = shlex.shlex(example, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    runs: list[list[str]] = []
    words: list[str] | None = None
    for token in lexer:
        if token == "rptable":
            words = []
            runs.append(words)
        elif words is not None and token in ("|", ">", ">>", "&&", ";", "&"):
            words = None
        elif words is not None:
            words.append(token)
    return runs


def test_every_example_even_an_illustrative_one_is_a_command_line_rptable_takes():
    parser = build_parser()
    for name, (_text, page) in PAGES.items():
        for example in examples(page):
            # the shell gives "$FLOOR_DB" its value, a floor's URL, before rptable reads it
            for words in rptable_words(example.replace("$FLOOR_DB", "postgresql:///floor?host=/run/postgresql")):
                try:
                    parser.parse_args(words)
                except SystemExit:
                    pytest.fail(f"rptable {name} --help: {example!r} is refused by rptable's own options")


def test_the_audit_shows_login_only_on_the_actions_that_log_in():
    for name, (_text, parser) in PAGES.items():
        if name.startswith("audit"):
            shows = "--login" in parser.format_help().partition("Examples:")[0]  # its options, not its examples
            assert shows == (name in ("audit export", "audit report")), f"rptable {name} --help"
    parser = build_parser()
    for spelling in (["audit", "--login", "vera", "export", "--journal", "T1.journal"],
                     ["audit", "export", "--journal", "T1.journal", "--login", "vera"],
                     ["audit", "--journal", "T1.journal", "report", "--login", "vera"]):
        assert parser.parse_args(spelling).login == "vera", spelling


IMPORTS_AT_START = """
import contextlib, sys
from ui.cli import main
with contextlib.suppress(SystemExit):
    main(sys.argv[1:])
commands = sorted(m for m in sys.modules if m.startswith("ui.cli.") and m != "ui.cli.__main__")
engine = any(m.startswith("controller.engine") for m in sys.modules)
print("imported:", " ".join(commands), file=sys.stderr)
print("engine:", "yes" if engine else "no", file=sys.stderr)
"""


def modules_imported_by(*words: str, cwd: Path) -> tuple[set[str], bool]:
    """The command modules (ui.cli.*) a fresh process imported to run `rptable WORDS`, and whether the rules
    engine was among its imports."""
    done = subprocess.run([sys.executable, "-c", IMPORTS_AT_START, *words], capture_output=True, text=True,
                          cwd=cwd, timeout=60, env={**os.environ, "RPTABLE_DATA_DIR": str(cwd / "data"),
                                                    "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'hardware-sim'}"})
    said = dict(line.split(": ", 1) for line in done.stderr.splitlines() if line.startswith(("imported:", "engine:")))
    assert said, done.stderr
    return set(said["imported"].split()), said["engine"] == "yes"


def test_a_command_starts_with_its_own_options_only_and_the_floors_meter_without_the_rules_engine(tmp_path):
    """Every start pays for what its command needs: `rptable hand` imports the hand's module (and what it shares
    with others), not the other 18 commands' to build their options; `--help` lists every command without
    importing any; a `--db` option is checked without importing the floor's staff; the floor's staff and jackpot
    meter (a PIN check, the meter's status) open without the rules engine, which only a journal's replay needs."""
    commands, engine = modules_imported_by("hand", "AS", "KD", "5c", "5d", "10h", cwd=tmp_path)
    assert "ui.cli.hand" in commands and not {"ui.cli.simulate", "ui.cli.console", "ui.cli.floor"} & commands
    assert not engine
    commands, _ = modules_imported_by("--help", cwd=tmp_path)
    assert commands <= {"ui.cli.help_examples", "ui.cli.unexpected"}, commands
    db_option = subprocess.run([sys.executable, "-c", "import sys; from ui.cli.bounds import floor_url; "
                                "floor_url('postgresql://pit@db.casino/rptable'); "
                                "print('controller.floor.staff' in sys.modules)"],
                               capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert db_option.stdout.strip() == "False", db_option.stderr  # a --db option is checked without the staff
    floor = subprocess.run([sys.executable, "-c", "import sys, controller.floor.staff, controller.floor.jackpot_meter; "
                            "print(any(m.startswith('controller.engine') for m in sys.modules))"],
                           capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert floor.stdout.strip() == "False", floor.stderr


@pytest.fixture(scope="module")
def floor(request: pytest.FixtureRequest) -> Cluster | None:
    """The worker's PostgreSQL cluster for the examples that name the floor's database; each command gets a fresh
    database of it (None where the server programs are not installed)."""
    if not Cluster.available():
        return None
    cluster: Cluster = request.getfixturevalue("cluster")
    return cluster


def card_art_installed() -> bool:
    with contextlib.suppress(ImportError):
        from hwsim.camera import art

        return art.THEME_DIR.is_dir() and shutil.which("rsvg-convert") is not None
    return False


def runnable_examples(name: str) -> list[str]:
    return [e for e in examples(PAGES[name][1]) if not illustrative(e)]


def covering_page(name: str) -> str | None:
    """Another page whose runnable examples begin with all of this page's, in order (`camera teach`'s two lines
    are the first of `camera scan`'s): run from an empty folder, that page's story runs these lines as this one
    would, so it proves this page's examples too."""
    mine = runnable_examples(name)
    covering = [other for other in PAGES if other != name and mine and len(mine) < len(runnable_examples(other))
                and runnable_examples(other)[:len(mine)] == mine]
    return max(covering, key=lambda other: len(runnable_examples(other)), default=None)  # the longest: not covered


def example_pages() -> list[object]:
    """Every page with examples; a page another page's story covers (covering_page) runs in `make test-slow`
    only: in the default run its lines run as the first lines of the covering page's story."""
    return [pytest.param(name, marks=pytest.mark.slow) if name in COVERED else name  # proved by COVERED[name]'s
            for name, (_text, parser) in PAGES.items() if examples(parser)]


# A page left to the slow run -> the page whose story, in the default run, runs its examples as its first lines
COVERED = {name: covering for name in PAGES if (covering := covering_page(name)) is not None}


def test_a_page_left_to_the_slow_run_is_covered_by_one_that_runs_its_examples_first():
    """The default run leaves out only pages whose examples another page, in the default run, runs first."""
    for name, covered_by in COVERED.items():
        assert covered_by not in COVERED, name
        mine = runnable_examples(name)
        assert mine and runnable_examples(covered_by)[:len(mine)] == mine, name


@pytest.mark.parametrize("name", example_pages())
def test_the_examples_run_as_written(name, tmp_path, floor, no_leaks):
    """Each page's examples run as written (no_leaks: a console run here leaves no window to the stories after)."""
    runnable = runnable_examples(name)
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
           "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'hardware-sim'}",  # the tree under test
           "RPTABLE_DATA_DIR": str(tmp_path / "data"), "QT_QPA_PLATFORM": "offscreen"}
    for name_of_login in ("RPTABLE_LOGIN", "RPTABLE_PIN", "FLOOR_DB"):
        env.pop(name_of_login, None)
    if any("$FLOOR_DB" in e for e in runnable):
        if floor is None:
            pytest.skip("PostgreSQL server programs are not installed")
        env["FLOOR_DB"] = fresh_database(floor)
    if any("hwsim.camera" in e for e in runnable) and not card_art_installed():
        pytest.skip("card art needs the Debian packages gnome-cards-data and librsvg2-bin (make setup)")
    folder = tmp_path / "work"
    folder.mkdir()
    for example in runnable:
        done = run_example(example, folder, env)
        assert done.returncode == 0, f"$ {example}\n{done.stdout}{done.stderr}"


# The commands an example runs as a process of its own: they start servers, pools of processes or windows, or
# keep going (--follow) until stopped. A window's program run here (the pit's, the sign's) would leave this
# process's Qt application quit and another language installed, and every window story after it would fail.
# The exceptions run here like any command: the console's --screenshot never runs the application's loop nor
# quits it, and puts English back as it ends (ui/app.py); the pit's --json and --html open no window at all.
# (`analyze` runs here too: a run of one job is played in the command's own process, and a pool of more forks from
# this one as the audit's stretches do in test_audit_verify_cores.)
OWN_PROCESS = {"console", "shoe-sim", "pit", "jackpot sign"}
HERE_WITH = {"console": {"--screenshot"}, "pit": {"--json", "--html"}}  # a command of OWN_PROCESS run here with these
SHELL_SYNTAX = {"|", "||", "&", "&&", ";", ";;", "<", "<<", ">&", "<&", "(", ")", "`"}
ONE_RPTABLE = re.compile(r"^(?:(?P<feed>[^|]*?) \| )?rptable (?P<words>.*?)(?: (?P<into>>>?) (?P<file>[\w.-]+))?$")


def run_example(example: str, folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """An example line as the shell runs it. One `rptable` (what a `printf`/`echo` pipes into it on standard input,
    its output into a file with `>`) runs in this process, its words as bash expands them (quotes, "$FLOOR_DB",
    "$(date ...)"): a program start for each of the help's 180 examples cost minutes of CPU, and the program's start
    is told elsewhere (test_stop_signals, the manual's blocks). Anything else runs in bash as written."""
    shape = ONE_RPTABLE.match(example)
    command = shape["words"].split(" ") if shape is not None else []
    if (shape is None or not one_rptable(example)
            or ({command[0], " ".join(command[:2])} & OWN_PROCESS and not HERE_WITH.get(command[0], set()) & {*command})
            or "--follow" in shape["words"].split()):
        return subprocess.run(["bash", "-c", example], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=120)
    feed = b""
    if shape["feed"]:
        fed = subprocess.run(["bash", "-c", shape["feed"]], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                             capture_output=True, timeout=30)
        assert fed.returncode == 0, f"$ {shape['feed']}\n{fed.stderr.decode()}"
        feed = fed.stdout
    expanded = subprocess.run(["bash", "-c", f"printf '%s\\0' {shape['words']}"], cwd=folder, env=env,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30)
    assert expanded.returncode == 0, f"$ {example}\n{expanded.stderr}"
    words = expanded.stdout.split("\0")[:-1]
    done = cli_kit.rptable(*words, stdin=feed, env=env, cwd=folder)
    if words[0] == "console":
        # Its window is deleted later, by an event loop this process never runs here: deleted now, or the window
        # stories this worker runs next would read its cards among their own.
        from PySide6.QtCore import QCoreApplication, QEvent

        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if shape["into"]:
        with open(folder / shape["file"], "a" if shape["into"] == ">>" else "w", encoding="utf-8") as into:
            into.write(done.stdout)
        done.stdout = ""
    return done


def one_rptable(example: str) -> bool:
    """Whether the line runs one `rptable`, at most fed by a pipe and written into a file (nothing else of the
    shell's: no second command, no background job, no subshell)."""
    lexer = shlex.shlex(example, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        tokens = list(lexer)
    except ValueError:
        return False
    pipes = tokens.count("|")
    return (tokens.count("rptable") == 1 and pipes <= 1 and not SHELL_SYNTAX - {"|"} & set(tokens)
            and (pipes == 0 or tokens[tokens.index("|") + 1] == "rptable"))
