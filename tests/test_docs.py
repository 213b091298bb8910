"""Tested documentation: every console block of README.md and of the manual (docs/**/*.md) is
run as written, its shown output compared, unless the page marks it `# illustrative: <why>`.

One test a page, its blocks in the page's order in one temporary folder (a later block may use what an earlier
one made), each command through `bash -c` with `set -o pipefail`, stdin empty, stdout and stderr together as at
a terminal, at most COMMAND_SECONDS. The page's conventions (a command, its output, `...`) are read by
tests/doc_blocks.py. The folder holds copies of the repository's entries the commands name (`docs/...`,
`benchmarks/...`, `hardware-sim/...`: its tracked files), so a command that writes beside them writes in the
copy. Where mount namespaces can be made (`unshare --mount`: root, most CI runners), each command sees the
repository read-only, so a write into it fails the command; elsewhere, in a clean checkout (CI's) no tracked file
may change while a command runs (with uncommitted changes someone's edits cannot be told from a command's: such
changes are only noted). The environment:

- PATH starts with this Python's bin folder (`rptable`, `python` are the virtual environment's);
- RPTABLE_DATA_DIR=<tmp>/data, HOME=<tmp>/home, QT_QPA_PLATFORM=offscreen, COLUMNS=80, TZ=UTC, LC_ALL=C.UTF-8;
- RPTABLE_MANIFEST=<tmp>/manifest.json, written as `rptable verify-install --write` writes it before each
  command (as `make run` does once on a fresh machine; before each, so an edit made meanwhile is not a fault);
- FLOOR_DB: when a page names `$FLOOR_DB`, a fresh database of the worker's throwaway PostgreSQL cluster
  (tests/floor_kit.py: started only if a story needs it).

A command left running in the background (`... &`) lives until the page ends; it must not keep the command's
output open (redirect it: `> sim.log 2>&1 &`).
"""

from __future__ import annotations

import contextlib
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from doc_blocks import Block, Command, blocks, matches, output_lines
from pg_cluster import Cluster

pytest_plugins = ["floor_kit"]  # the worker's PostgreSQL cluster, for the pages that name $FLOOR_DB

REPO = Path(__file__).resolve().parents[1]
COMMAND_SECONDS = 120  # a command that runs longer fails (the floor demo once ran for 23 days)
BACKGROUND_GRACE = 5.0  # seconds a command's output may stay open after it exits (a job left in the background)


READ_ONLY = ["unshare", "--mount", "--propagation", "private"]  # a mount namespace of the command's own
READ_ONLY_MOUNT = f"mount --bind '{REPO}' '{REPO}' && mount -o remount,ro,bind '{REPO}'"


def repository_can_be_read_only() -> bool:
    """Whether commands can see the repository read-only (mount namespaces: root, most CI runners)."""
    if shutil.which("unshare") is None:
        return False
    try:
        probe = subprocess.run([*READ_ONLY, "sh", "-c", f"{READ_ONLY_MOUNT} && ! test -w '{REPO}'"],
                               capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return False
    return probe.returncode == 0


def pages() -> list[Path]:
    """README.md and every page of the manual, as paths relative to the repository."""
    manual = sorted(p.relative_to(REPO) for p in (REPO / "docs").rglob("*.md")
                    if not any(part.startswith(".") for part in p.relative_to(REPO).parts))
    return [Path("README.md"), *manual]


PAGES = pages()


@dataclass
class Ran:
    status: int | None  # None: stopped at the time limit, or its output kept open by a job left running
    output: str
    seconds: float
    why_stopped: str = ""
    wrote_into_repository: list[str] = field(default_factory=list)  # tracked files changed while it ran


@dataclass
class Shell:
    """Runs a page's commands in `folder` with `env`; ends what they left running when the page is done."""

    folder: Path
    env: dict[str, str]
    groups: list[int] = field(default_factory=list)
    read_only_repository: bool = False  # each command sees the repository read-only (a mount namespace of its own)

    def run(self, text: str, timeout: float | None = None) -> Ran:
        timeout = timeout or COMMAND_SECONDS
        start = time.monotonic()
        argv = ["bash", "-c", "set -o pipefail\n" + text]
        if self.read_only_repository:
            argv = [*READ_ONLY, "bash", "-c", f"{READ_ONLY_MOUNT} || exit 97\nset -o pipefail\n{text}"]
        process = subprocess.Popen(argv, cwd=self.folder, env=self.env,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        self.groups.append(process.pid)
        chunks: list[bytes] = []
        exited_at = None
        why = ""
        while True:
            try:
                out, _ = process.communicate(timeout=0.2)
                chunks.append(out or b"")
                break
            except subprocess.TimeoutExpired:
                now = time.monotonic()
                if exited_at is None and process.poll() is not None:
                    exited_at = now
                if exited_at is not None and now - exited_at > BACKGROUND_GRACE:
                    why = ("it exited, but something it left running in the background keeps its output open "
                           "(redirect that: `> file 2>&1 &`)")
                elif now - start > timeout:
                    why = f"it ran longer than {timeout:.0f} s and was stopped"
                else:
                    continue
                self._end(process.pid, signal.SIGKILL)
                out, _ = process.communicate()
                chunks.append(out or b"")
                break
        output = b"".join(chunks).decode("utf-8", errors="replace")
        status = None if why else process.returncode
        return Ran(status, output, time.monotonic() - start, why)

    def close(self) -> None:
        for group in self.groups:
            self._end(group, signal.SIGTERM)
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and any(self._alive(g) for g in self.groups):
            time.sleep(0.05)
        for group in self.groups:
            self._end(group, signal.SIGKILL)

    @staticmethod
    def _end(group: int, how: signal.Signals) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(group, how)

    @staticmethod
    def _alive(group: int) -> bool:
        try:
            os.killpg(group, 0)
        except (ProcessLookupError, PermissionError):
            return False
        return True


class Floor:
    """The worker's PostgreSQL cluster, taken the first time a page asks for a database."""

    def __init__(self, request: pytest.FixtureRequest | None) -> None:
        self.request = request  # None: a page that names no $FLOOR_DB (the runner's own small pages)

    def database(self) -> str:
        if self.request is None:
            raise AssertionError("this page was given no floor for $FLOOR_DB")
        if not Cluster.available():
            pytest.skip("the page uses $FLOOR_DB, and PostgreSQL's server programs are not installed")
        from floor_kit import fresh_database

        return str(fresh_database(self.request.getfixturevalue("cluster")))


@pytest.fixture
def floor(request: pytest.FixtureRequest) -> Floor:
    return Floor(request)


def tracked_files() -> list[str] | None:
    """The repository's tracked files (None outside a git checkout)."""
    done = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True)
    if done.returncode != 0:
        return None
    return [name for name in done.stdout.decode().split("\0") if name]


def named_entries(commands: list[Command]) -> set[str]:
    """The repository's top-level entries the commands name as relative paths (`docs/jackpot/x.toml` -> docs)."""
    top = {entry.name for entry in REPO.iterdir() if not entry.name.startswith(".")}
    named = set()
    for command in commands:
        for token in re.split(r"[\s'\"=?&,;|()<>]+", command.text):
            first = token.split("/", 1)[0]
            if first in top and (first == token or "/" in token):
                named.add(first)
    return named


def copy_entries(entries: set[str], folder: Path) -> None:
    """Copies of the repository's entries in `folder` (their tracked files; every file outside a checkout)."""
    tracked = tracked_files()
    for entry in sorted(entries):
        source = REPO / entry
        if source.is_file():
            shutil.copy2(source, folder / entry)
        elif tracked is None:
            shutil.copytree(source, folder / entry, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            for name in tracked:
                if name.startswith(entry + "/") and (REPO / name).is_file():
                    (folder / name).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(REPO / name, folder / name)


def changed_tracked_files() -> set[str] | None:
    """The tracked files that differ from the last commit (None outside a git checkout)."""
    done = subprocess.run(["git", "status", "--porcelain", "-z", "--untracked-files=no"], cwd=REPO,
                          capture_output=True)
    if done.returncode != 0:
        return None
    return {entry[3:] for entry in done.stdout.decode(errors="replace").split("\0") if len(entry) > 3}


def children_cpu() -> float:
    """The CPU seconds of this process's children that have ended (the commands, and what they started)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


CERTIFIED: dict[Path, object] = {}  # manifest -> the program's files (names, sizes, times) when it was written


def program_files() -> list[tuple[str, str, int, int]]:
    """The program's files as the manifest covers them, by name, size and time (what tells an edit)."""
    from controller.table.security.program import SKIPPED_DIRS, package_roots

    files = []
    for root in package_roots().values():
        for folder, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS]
            for name in names:
                status = os.stat(os.path.join(folder, name))
                files.append((folder, name, status.st_size, status.st_mtime_ns))
    return files


def certify(manifest: Path) -> bool:
    """The program's manifest as `rptable verify-install --write` writes it, for the tree as it is now (the
    program refuses to run uncertified; files edited since the page began are the tree under test). Written
    again only when a file of the program changed; whether it was."""
    from controller.table.security.program import program_version, write_manifest

    files = program_files()
    if CERTIFIED.get(manifest) == files and manifest.exists():
        return False
    write_manifest(program_version(), manifest)
    CERTIFIED[manifest] = files
    return True


def run_certified(shell: Shell, text: str, manifest: Path) -> Ran:
    """The command run on the program as certified just before; once more if someone edited the program while
    it started, so that it refused to run (a refusal at the start has done nothing; never in a still checkout)."""
    certify(manifest)
    ran = shell.run(text)
    if "PROGRAM fault" in ran.output and certify(manifest):
        ran = shell.run(text)
    return ran


def environment(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("RPTABLE_", "LC_", "PYTEST_", "FLOOR_")) and k not in {"LANGUAGE", "PYTHONPATH"}}
    (tmp / "home").mkdir()
    env.update(
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        RPTABLE_DATA_DIR=str(tmp / "data"),
        RPTABLE_MANIFEST=str(tmp / "manifest.json"),
        HOME=str(tmp / "home"),
        QT_QPA_PLATFORM="offscreen",
        COLUMNS="80",
        TZ="UTC",
        LANG="C.UTF-8",
        LC_ALL="C.UTF-8",
        PYTHONUNBUFFERED="1",  # stdout and stderr interleaved as at a terminal
        PYTHONDONTWRITEBYTECODE="1",
    )
    return env


def indented(lines: list[str] | tuple[str, ...]) -> str:
    return "\n".join(f"    | {line}" for line in lines) if lines else "    (nothing)"


def failure(page: Path, command: Command, ran: Ran, after_failure: bool) -> str | None:
    """What is wrong with a command's run, or None."""
    got = output_lines(ran.output)
    wrong = []
    if ran.status is None:
        wrong.append(ran.why_stopped)
    elif ran.status < 0:
        wrong.append(f"killed by {signal.Signals(-ran.status).name}")
    elif ran.status != 0:
        wrong.append(f"exit status {ran.status} (a command must exit 0; one shown failing: `... || echo \"exit $?\"`)")
    if command.checks_output and not matches(command.expected, got):
        wrong.append("its output is not the one shown")
    if ran.wrote_into_repository:
        wrong.append(f"tracked files of the repository changed while it ran (it wrote into the repository, or "
                     f"someone edited them meanwhile): {', '.join(ran.wrote_into_repository)}")
    if not wrong:
        return None
    shown = "\n".join(f"    $ {line}" if i == 0 else f"      {line}"
                      for i, line in enumerate(command.text.splitlines()))
    text = [f"{page}:{command.line}: " + "; ".join(wrong), shown]
    if command.checks_output:
        text += ["  expected:", indented(command.expected)]
    text += ["  got:", indented(got)]
    if after_failure:
        text.append("  (an earlier command of the page failed: this may follow from it)")
    return "\n".join(text)


def run_page(page: Path, tmp: Path, floor: Floor) -> tuple[list[str], str]:
    """The failures of a page's blocks, and a line counting what ran."""
    found: list[Block] = blocks(page, (REPO / page).read_text(encoding="utf-8"))
    failures = [f"{block.where}: {block.problem}" for block in found if block.problem]
    commands = [command for block in found for command in block.commands]
    folder = tmp / "page"
    folder.mkdir()
    env = environment(tmp)
    if any(re.search(r"\$\{?FLOOR_DB\b", command.text) for command in commands):
        env["FLOOR_DB"] = floor.database()
    copy_entries(named_entries(commands), folder)
    shell = Shell(folder, env, read_only_repository=repository_can_be_read_only())
    times: list[tuple[float, float, int]] = []  # CPU and wall seconds of each command, its line
    notes: list[str] = []
    cpu = children_cpu()
    start = time.monotonic()
    try:
        for command in commands:
            watched = not shell.read_only_repository  # else a command's write into the repository fails
            changed_before = changed_tracked_files() if watched else None
            cpu_before = children_cpu()
            ran = run_certified(shell, command.text, Path(env["RPTABLE_MANIFEST"]))
            times.append((children_cpu() - cpu_before, ran.seconds, command.line))
            changed_after = changed_tracked_files() if watched else None
            if changed_before is not None and changed_after is not None and changed_after - changed_before:
                changed = sorted(changed_after - changed_before)
                if changed_before:  # someone is editing the checkout: their edits cannot be told from the command's
                    notes.append(f"line {command.line}: tracked files changed while it ran, not counted in a "
                                 f"checkout with uncommitted changes: {', '.join(changed)}")
                else:
                    ran.wrote_into_repository = changed
            wrong = failure(page, command, ran, after_failure=bool(failures))
            if wrong:
                failures.append(wrong)
    finally:
        shell.close()
    illustrative = sum(1 for block in found if block.illustrative)
    summary = (f"{page}: {len(found)} console block(s): {sum(1 for b in found if b.commands)} run "
               f"({len(commands)} command(s)), {illustrative} illustrative, "
               f"{sum(1 for b in found if b.problem)} neither; {time.monotonic() - start:.1f} s, "
               f"{children_cpu() - cpu:.1f} s CPU" + "".join(f"; line {line} {used:.1f} s CPU ({wall:.1f} s)"
                                                             for used, wall, line in sorted(times, reverse=True)[:3])
               + "".join(f"\n  {note}" for note in notes))
    return failures, summary


@pytest.mark.timeout(900)
@pytest.mark.parametrize("page", PAGES, ids=[page.as_posix() for page in PAGES])
def test_every_console_block_of_the_page_runs_as_shown_or_is_marked_illustrative(page, tmp_path, floor):
    failures, summary = run_page(page, tmp_path, floor)
    print(summary)
    assert not failures, f"{summary}\n\n" + "\n\n".join(failures)


# -- the runner itself, on small pages --------------------------------------------------------------------------
def small_page(tmp_path, text):
    page = tmp_path / "small.md"
    page.write_text(text, encoding="utf-8")
    (tmp_path / "run").mkdir()
    return run_page(page, tmp_path / "run", Floor(None))


def test_the_runner_runs_a_pages_blocks_in_order_in_one_folder_with_the_pages_environment(tmp_path):
    failures, summary = small_page(tmp_path, (
        "```console\n$ printf 'a\\nb\\nc\\n' > abc.txt\n$ cat abc.txt | grep -v b\na\nc\n```\n\ntext\n\n"
        "```console\n$ echo $RPTABLE_DATA_DIR $HOME $QT_QPA_PLATFORM | sed \"s|$(dirname \"$PWD\")|TMP|g\"\n"
        "TMP/data TMP/home offscreen\n"
        "$ command -v rptable python\n...\n$ cat abc.txt \\\n    | wc -l\n3\n```\n"
        "```console\n# illustrative: a real shoe\n$ rptable shoe-test serial:///dev/ttyUSB0\n```\n"))
    assert failures == [] and "3 console block(s): 2 run (5 command(s)), 1 illustrative, 0 neither" in summary
    assert (tmp_path / "run" / "page" / "abc.txt").exists()


def test_the_runner_names_the_line_the_command_and_what_it_printed_against_what_the_page_shows(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "COMMAND_SECONDS", 1)
    monkeypatch.setattr(sys.modules[__name__], "BACKGROUND_GRACE", 0.3)
    failures, _ = small_page(tmp_path, (
        "```console\n$ echo one\ntwo\n$ false | cat\n$ sleep 5\n$ sleep 5 &\n$ (sleep 5 > /dev/null 2>&1 &)\n```\n"
        "```console\nterminal 1$ rptable shoe-sim\n```\n"))
    said = "\n".join(failures)
    assert f"{tmp_path / 'small.md'}:9: line 10 comes before any command" in said
    assert f"{tmp_path / 'small.md'}:2: its output is not the one shown\n    $ echo one\n  expected:\n    | two\n" \
           "  got:\n    | one" in said
    assert ":4: exit status 1" in said  # pipefail
    assert ":5: it ran longer than 1 s and was stopped" in said
    assert ":6: it exited, but something it left running in the background keeps its output open" in said
    assert ":7:" not in said  # a job left running with its output redirected is fine


@pytest.mark.skipif(not repository_can_be_read_only(), reason="no mount namespace here: writes are detected instead")
def test_a_command_that_writes_into_the_repository_fails_and_the_repository_is_untouched(tmp_path):
    target = REPO / "benchmarks" / "results" / f"written-by-a-page-{uuid.uuid4().hex}"  # out of git, if it were
    failures, _ = small_page(tmp_path, f"```console\n$ mkdir -p '{target.parent}' && echo x > '{target}'\n```\n")
    assert not target.exists()
    assert len(failures) == 1 and "Read-only file system" in failures[0] and ":2: exit status 1" in failures[0]
