"""The fuzz suite: a hostile user and a failing machine, at random (issue: every damaged file caught, every
bad input a clear answer, nothing silently lost).

- Journals: real journals (the five written by an older version, and a session of this one with its head
  file) damaged at random, bit by bit and byte by byte. `audit verify` says OK only when every event is still
  there unchanged; a writer opens only such a journal, and leaves any other exactly as it was; one, two or
  four cores give the same answer.
- Kills: a table committing every command killed at a random moment, its -wal then deleted, cut or garbled:
  verify never says OK while an event the table had shown is missing, and no writer resumes from it.
- Command lines: every command with generated bad (and some good) option values: a refusal naming the value
  (exit 1 or 2) or the work done, never a traceback, an unexpected error (exit 70) or a hang.
- Round scripts and rules files: real ones mutated as text, read by the commands that read them.

Each property runs a bounded number of examples in the default run (a quarter of a minute in all); the `slow` soak
runs the same properties much longer. Counts of inputs tried, handled and lost are kept in FUZZ_COUNTS and
written as JSON to $RPTABLE_FUZZ_COUNTS when it is set (the README's figures come from a soak run).
"""

from __future__ import annotations

import gzip
import io
import json
import os
import random
import shutil
import signal
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from damage import settled, stored_rows
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from kills import kill_after_commits, simulate_command

from controller.opening.simulate import simulate
from controller.table.audit.verify import verify_journal_file
from controller.table.controller import TableController
from controller.table.journal import Journal, JournalError
from controller.table.journal.head import head_path
from controller.table.qa.autoplay import QA_PIT_BOSS
from controller.table.rule_files import load_preset, preset_names
from drivers.cards import PACK
from ui.cli import COMMANDS, build_parser, main
from ui.cli.rules import to_toml
from ui.cli.unexpected import EXIT_UNEXPECTED

# Exports and reports need a pit boss's login: given through the environment, as a script gives it.
pytestmark = pytest.mark.usefixtures("pit_boss_login")

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'hardware-sim'}"}
OLD_JOURNALS = sorted((Path(__file__).parent / "data" / "journals-main-cb3386e").glob("*.journal.gz"))

FUZZ_COUNTS: Counter[str] = Counter()
# The default run's budget is a quarter of a minute in all (these counts, on the two-core machine CI runs on: the
# examples are drawn afresh at every run, so the default runs between two soaks try new inputs every time); the
# soak's is what a long run allows.
QUICK_JOURNALS, QUICK_COMMAND_LINES, QUICK_TEXTS, QUICK_KILLS = 30, 40, 40, 2
QUICK_RULES_FILES = 4  # each one's check measures what its settings are worth: a second or more
SOAK_EXAMPLES, SOAK_KILLS = 2_000, 120


def examples(count: int) -> settings:
    return settings(max_examples=count, deadline=None, suppress_health_check=list(HealthCheck), database=None)


SOAK = examples(SOAK_EXAMPLES)


def count(kind: str, outcome: str) -> None:
    """One input of `kind` tried, and what became of it: 'handled' (refused clearly, or harmless and
    intact) or 'lost' (said to be fine while something was lost: must never happen)."""
    FUZZ_COUNTS[f"{kind}.tried"] += 1
    FUZZ_COUNTS[f"{kind}.{outcome}"] += 1


@pytest.fixture(scope="module", autouse=True)
def counts_written() -> Iterator[None]:
    yield
    target = os.environ.get("RPTABLE_FUZZ_COUNTS")
    if target:
        old = json.loads(Path(target).read_text()) if Path(target).exists() else {}
        merged = Counter(old) + FUZZ_COUNTS
        Path(target).write_text(json.dumps(dict(sorted(merged.items())), indent=1) + "\n")


# -- journals damaged by a failing machine ---------------------------------------------------------------------
class Journals(list[tuple[Path, list[tuple[Any, ...]]]]):
    """The journals and their rows (shown by name only in a failing example)."""

    def __repr__(self) -> str:
        return f"Journals({', '.join(path.name for path, _ in self)})"


@pytest.fixture(scope="module")
def journals(tmp_path_factory: pytest.TempPathFactory) -> Journals:
    """Real journals, each with its rows as a correct reader finds them: the five an older version wrote, and a
    session of this one (shoe faults, a pit boss's adjustment) with its head file beside it."""
    folder = tmp_path_factory.mktemp("fuzz-journals")
    paths = []
    for packed in OLD_JOURNALS:
        path = folder / packed.name.removesuffix(".gz")
        path.write_bytes(gzip.decompress(packed.read_bytes()))
        paths.append(path)
    session = folder / "session" / "T1.journal"
    simulate(load_preset("classic"), 12, 21, journal_path=session, faults="jam@30,unreadable@70,double@120")
    with Journal(session) as journal:
        TableController(journal).overrides.adjust_payment("T1-000002", 1, 5, QA_PIT_BOSS, "chip count")
    paths.append(settled(session))
    return Journals((path, rows_of(path)) for path in paths)


def rows_of(path: Path) -> list[tuple[Any, ...]]:
    """Every row by key, as the chain knows it (payload text, hashes in hex): what a correct reader finds."""
    return stored_rows(path)


DAMAGE = ("bits", "bytes", "zero_page", "copy_page", "truncate")


def damaged_copy(source: Path, target: Path, kind: str, where: float, size: int, seed: int) -> None:
    """A copy of the journal (with its head file, if any) after one kind of damage at `where` (0-1)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    data = bytearray(source.read_bytes())
    rng = random.Random(seed)
    at = int(where * (len(data) - 1))
    page = 4096
    if kind == "bits":
        for _ in range(size % 8 + 1):
            spot = rng.randrange(len(data)) if rng.random() < 0.5 else min(len(data) - 1, at + rng.randrange(64))
            data[spot] ^= 1 << rng.randrange(8)
    elif kind == "bytes":
        run = size % 64 + 1
        data[at:at + run] = bytes(rng.randrange(256) for _ in range(min(run, len(data) - at)))
    elif kind == "zero_page":
        start = at // page * page
        data[start:start + page] = bytes(min(page, len(data) - start))
    elif kind == "copy_page":
        pages = len(data) // page
        a, b = at // page, rng.randrange(max(pages, 1))
        data[a * page:(a + 1) * page] = data[b * page:(b + 1) * page]
    else:
        del data[max(1, at):]
    target.write_bytes(bytes(data))
    if head_path(source).exists():
        shutil.copyfile(head_path(source), head_path(target))


def judge_damaged_journal(original: list[tuple[Any, ...]], path: Path, cores: tuple[int, ...]) -> str:
    """verify, then a writer, on a damaged journal: 'handled' or 'lost' (see the module's docstring)."""
    answers = []
    for n in cores:
        try:
            answers.append(verify_journal_file(str(path), cores=n, parallel_from=0).to_dict())
        except JournalError:  # it cannot be opened as a journal at all: refused
            answers.append({"ok": False, "refused": True})
    assert all(answer == answers[0] for answer in answers), answers  # the same on any number of cores
    before = path.read_bytes()
    outcome = "handled"
    if answers[0]["ok"] and rows_of(path) != original:
        outcome = "lost"  # verify said OK while an event changed or went missing
    try:
        with Journal(path) as writer:
            opened_rows = [tuple(r) for r in writer.whole_file.scan_rows()]
        if opened_rows != original:
            outcome = "lost"  # a writer would have gone on from a damaged journal
    except JournalError:
        assert path.read_bytes() == before  # refused, and not a byte of it written
    return outcome


def journal_damage_property(journals: list[tuple[Path, list[tuple[Any, ...]]]], scratch: Path, which: int,
                            kind: str, where: float, size: int, seed: int, more_cores: bool) -> None:
    source, original = journals[which % len(journals)]
    target = scratch / f"{seed}" / source.name
    damaged_copy(source, target, kind, where, size, seed)
    outcome = judge_damaged_journal(original, target, (1, 2, 4) if more_cores else (1,))
    count("journal_damage", outcome)
    shutil.rmtree(target.parent, ignore_errors=True)
    assert outcome == "handled", f"{kind} damage to {source.name} at {where:.4f} was not caught"


journal_damage_args = {"which": st.integers(0, 5), "kind": st.sampled_from(DAMAGE), "where": st.floats(0, 1),
                       "size": st.integers(0, 10_000), "seed": st.integers(0, 2**32), "more_cores": st.booleans()}


@examples(QUICK_JOURNALS)
@given(**journal_damage_args)
# Bits flipped in the schema's text: SQLite's message quoted it, and Python could not decode the message.
@example(which=0, kind="bits", where=0.0050386313085235565, size=4, seed=1, more_cores=False)
def test_fuzz_journal_damage_is_caught_by_verify_and_recovery(journals: Any, tmp_path_factory: Any, which: int,
                                                             kind: str, where: float, size: int, seed: int,
                                                             more_cores: bool) -> None:
    journal_damage_property(journals, tmp_path_factory.mktemp("damage"), which, kind, where, size, seed,
                            more_cores and seed % 5 == 0)


@pytest.mark.slow
@SOAK
@given(**journal_damage_args)
def test_soak_journal_damage_is_caught_by_verify_and_recovery(journals: Any, tmp_path_factory: Any, which: int,
                                                             kind: str, where: float, size: int, seed: int,
                                                             more_cores: bool) -> None:
    journal_damage_property(journals, tmp_path_factory.mktemp("damage"), which, kind, where, size, seed,
                            more_cores and seed % 3 == 0)


# -- kills at random moments, and the -wal lost ------------------------------------------------------------------
WAL_LOSS = ("deleted", "cut", "garbled", "kept")


def kill_at_random(journal: Path, rng: random.Random) -> int:
    """A table committing every command (or every ten rounds), killed with SIGKILL after a random number of
    commits: the last seq it had shown."""
    commit = rng.choice(["command", "round"])
    command = simulate_command(journal, 100_000, rng.randrange(1000), commit)
    return int(kill_after_commits(command, rng.randint(1, 400 if commit == "command" else 30)))


def lose_wal(journal: Path, loss: str, rng: random.Random) -> None:
    wal = Path(f"{journal}-wal")
    if not wal.exists() or loss == "kept":
        return
    if loss == "deleted":
        wal.unlink()
        return
    data = bytearray(wal.read_bytes())
    if loss == "cut":
        del data[rng.randrange(len(data) + 1):]
    elif data:
        spot = rng.randrange(len(data))
        data[spot] ^= 1 << rng.randrange(8)
    wal.write_bytes(bytes(data))


def kill_property(folder: Path, seed: int) -> None:
    rng = random.Random(seed)
    journal = folder / f"kill-{seed}" / "T1.journal"
    journal.parent.mkdir(parents=True)
    shown = kill_at_random(journal, rng)
    loss = rng.choice(WAL_LOSS)
    lose_wal(journal, loss, rng)
    try:
        report = verify_journal_file(str(journal), cores=1)
        ok, events = report.ok, report.events
    except JournalError:
        ok, events = False, 0
    outcome = "lost" if ok and events < shown else "handled"
    try:
        with Journal(journal) as writer:
            if writer.last_seq < shown:
                outcome = "lost"  # a writer would go on from before events it had shown
    except JournalError:
        pass
    count("kill_wal", outcome)
    shutil.rmtree(journal.parent, ignore_errors=True)
    assert outcome == "handled", f"seed {seed}: {loss} -wal after event {shown}: verify said OK with {events}"


def test_fuzz_kills_with_the_wal_lost_never_lose_a_shown_event_silently(tmp_path: Path) -> None:
    for seed in range(QUICK_KILLS):
        kill_property(tmp_path, 1000 + seed)


@pytest.mark.slow
def test_soak_kills_with_the_wal_lost_never_lose_a_shown_event_silently(tmp_path: Path) -> None:
    for seed in range(SOAK_KILLS):
        kill_property(tmp_path, seed)


# -- command lines ---------------------------------------------------------------------------------------------
# Values a hostile user types: not numbers, numbers out of every range, numbers Python or a loop would choke on,
# paths that are not what they should be, and text of every kind.
HOSTILE = st.one_of(
    st.sampled_from(["", " ", "-", "--", "nan", "NaN", "inf", "-inf", "1e308", "-0", "0x1F", "10^23", "1_000",
                     "\u0663", "\u00bd", "1" + "0" * 30, "9" * 5000, "-" + "9" * 40, "../../x", "/dev/zero", "/",
                     "/proc/self/mem", "sim://", "%s%n", "T1\n", "\u202e", "a" * 3000, "0", "-1", "65536"]),
    st.integers(-(10**30), 10**30).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.text(max_size=30).filter(lambda t: "\x00" not in t),
)

# Per command: a base command line that runs quickly, and the options a fuzzed value may replace or join.
# Commands that run until stopped (console, shoe-sim, replicate --follow) are fuzzed only to be refused.
RUNS_UNTIL_STOPPED = {"console", "shoe-sim"}
BASES: dict[str, tuple[list[str], list[str]]] = {
    "hand": (["AS", "KD", "5C", "5D", "TH", "--json"], ["CARD", "--batch"]),
    "odds": (["--cards", "5", "--json"], ["--cards"]),
    "rules": (["check", "RULES"], ["check", "show"]),
    "round": (["SCRIPT", "--json"], ["--rules", "SCRIPT"]),
    "simulate": (["--rules", "classic", "--rounds", "1", "--seed", "1", "--boxes", "2", "--journal", "JOURNAL"],
                 ["--rules", "--rounds", "--seed", "--boxes", "--ante", "--journal", "--faults", "--commit", "--table",
                  "--pace", "--player", "--royal-at"]),
    "analyze": (["--rules", "classic", "--strategy", "always-bet", "--rounds", "1000"],
                ["--rules", "--strategy", "--rounds", "--seed"]),
    "audit": (["--journal", "JOURNAL", "rounds"], ["--journal", "--table", "--date", "--box", "--min-payout", "show",
                                                   "export", "--format", "--out"]),
    "replicate": (["--journal", "JOURNAL", "--to", "postgresql://nobody@/nothing?host=/nonexistent"],
                  ["--journal", "--to", "--table", "--interval", "--batch"]),
    "console": (["--screenshot"], ["--shoe", "--rules", "--table", "--language", "--demo", "--scene", "--journal"]),
    "shoe-sim": (["--pty"], ["--tcp", "--seed", "--order", "--packs", "--faults", "--rate", "--hb", "--link"]),
    "shoe-test": (["sim://?rate=50&seed=1", "--count", "2", "--timeout", "2"], ["URL", "--count", "--timeout"]),
    "shoe": (["keygen", "shoe.key"], ["keygen"]),
    "camera": (["scan", "/nonexistent.png", "--deck", "nodeck"], ["--deck"]),
    "users": (["--users", "USERS", "list"], ["--users"]),
    "table": (["pubkey", "--table", "T1"], ["--table", "--out"]),
    "pit": (["--db", "postgresql://nobody@/nothing?host=/nonexistent", "--json"], ["--db", "--html", "--size"]),
    "verify-install": (["--json"], ["--manifest", "--json"]),
    "jackpot": (["status", "--db", "postgresql://nobody@/nothing?host=/nonexistent", "--json"],
                ["status", "audit", "--db", "--meter"]),
    "floor": (["keys", "--db", "postgresql://nobody@/nothing?host=/nonexistent", "--json"],
              ["keys", "init", "--db", "--json", "--table"]),
}


def cheap_enough(command: str, args: Any) -> bool:
    """Whether a command line that parsed may be run here: a bounded but long job is not (those bounds are
    tested apart), nor a command that runs until stopped."""
    if command in RUNS_UNTIL_STOPPED or (command == "replicate" and getattr(args, "follow", False)):
        return False
    if command == "simulate":
        return bool(args.rounds <= 3)
    if command == "analyze":
        return bool((args.rounds or 10**9) <= 5_000 and args.strategy in ("always-bet", "pair-or-better"))
    if command == "odds":
        return bool(args.cards == 5)
    if command == "shoe-test":
        return bool((args.count or 10**9) <= 5 and args.timeout <= 3)
    return True


def fill(words: list[str], files: dict[str, Path]) -> list[str]:
    return [str(files[w]) if w in files else w for w in words]


class CommandHung(BaseException):
    """A fuzzed command did not stop in time (a BaseException: no command's own net may catch it)."""


def run_cli(argv: list[str], stdin: str = "", seconds: float = 60) -> tuple[int, str, str]:
    """`rptable ARGV` in this process, in its main thread (commands set signal handlers), its standard streams
    captured; a command that does not return within `seconds` fails the test (a hang). The signal handlers a
    command sets are put back afterwards."""
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGALRM)}

    def hung(signum: int, frame: Any) -> None:
        raise CommandHung(f"rptable {' '.join(argv)[:200]} did not stop within {seconds} s")

    out, err = io.StringIO(), io.StringIO()
    streams = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        try:
            code = main(argv)
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 2
    except CommandHung as hang:
        pytest.fail(str(hang))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        sys.stdin, sys.stdout, sys.stderr = streams
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
    return int(code), out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def cli_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("fuzz-cli")
    journal = folder / "T1.journal"
    simulate(load_preset("classic"), 2, 3, journal_path=journal)
    script = folder / "round.json"
    script.write_text(json.dumps(valid_script(0)))
    rules = folder / "house.toml"
    rules.write_text(to_toml(load_preset("online")))
    return {"JOURNAL": journal, "SCRIPT": script, "RULES": rules, "USERS": folder / "users.db"}


def cli_property(files: dict[str, Path], folder: Path, command: str, option: int, value: str, how: str) -> None:
    base, options = BASES[command]
    words = fill(base, files)
    chosen = options[option % len(options)]
    if how == "replace" and chosen in words:
        at = words.index(chosen)
        words = [*words[:at + 1], value, *words[at + 2:]] if chosen.startswith("--") else \
            [*words[:at], value, *words[at + 1:]]
    elif how == "drop" and chosen in words:
        at = words.index(chosen)
        words = words[:at] + words[at + (2 if chosen.startswith("--") else 1):]
    else:
        words = [*words, chosen, value] if chosen.startswith("--") else [*words, value]
    argv = [command, *words]
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as refused:
        count("cli", "handled")
        assert refused.code == 2
        return
    if not cheap_enough(command, args):
        count("cli", "handled")  # parsed: the bounds of what it asks for are checked apart
        return
    code, out, err = run_cli(argv)
    count("cli", "handled" if code != EXIT_UNEXPECTED else "failed")
    assert "Traceback" not in out + err, (argv, err[-2000:])
    assert code != EXIT_UNEXPECTED, (argv, err)
    assert code in (0, 1, 2), (argv, code, err)
    assert code == 0 or err.strip() or out.strip(), argv  # a refusal says why


cli_args = {"command": st.sampled_from(sorted(BASES)), "option": st.integers(0, 20), "value": HOSTILE,
            "how": st.sampled_from(["replace", "replace", "add", "drop"])}


@examples(QUICK_COMMAND_LINES)
@given(**cli_args)
def test_fuzz_every_command_refuses_bad_values_without_a_traceback_or_a_hang(cli_files: Any, tmp_path_factory: Any,
                                                                          monkeypatch_module: Any, command: str,
                                                                          option: int, value: str, how: str) -> None:
    cli_property(cli_files, tmp_path_factory.getbasetemp(), command, option, value, how)


@pytest.mark.slow
@SOAK
@given(**cli_args)
def test_soak_every_command_refuses_bad_values_without_a_traceback_or_a_hang(cli_files: Any, tmp_path_factory: Any,
                                                                          monkeypatch_module: Any, command: str,
                                                                          option: int, value: str, how: str) -> None:
    cli_property(cli_files, tmp_path_factory.getbasetemp(), command, option, value, how)


@pytest.fixture(scope="module")
def monkeypatch_module(tmp_path_factory: pytest.TempPathFactory) -> Iterator[pytest.MonkeyPatch]:
    """Fuzzed commands run in a folder of their own, with a data folder of their own, off screen."""
    patch = pytest.MonkeyPatch()
    folder = tmp_path_factory.mktemp("fuzz-cwd")
    patch.chdir(folder)
    patch.setenv("RPTABLE_DATA_DIR", str(folder / "data"))
    patch.setenv("QT_QPA_PLATFORM", "offscreen")
    yield patch
    patch.undo()


def test_fuzz_every_command_is_in_the_command_line_fuzz() -> None:
    assert set(BASES) == set(COMMANDS)


# -- round scripts and rules files, mutated as text ------------------------------------------------------------
def valid_script(seed: int) -> dict[str, Any]:
    """A whole round: a shuffled pack, three boxes, each bets."""
    rng = random.Random(seed)
    shoe = [c.code for c in PACK]
    rng.shuffle(shoe)
    return {"rules": rng.choice(["classic", "online", "russian-club"]),
            "boxes": [{"box": b, "ante": 10 * b, "bonus": 5 if b == 2 else 0} for b in (1, 2, 3)],
            "shoe": shoe, "decisions": [{"box": b, "action": "bet"} for b in (1, 2, 3)]}


MUTATIONS = ("delete", "insert", "duplicate", "swap", "number", "nest")


def mutate_text(text: str, rng: random.Random, times: int) -> str:
    """Text damaged as a person or a tool might: characters lost, added, doubled or moved; a number made huge;
    a value nested deep."""
    for _ in range(times):
        if not text:
            break
        at = rng.randrange(len(text))
        match rng.choice(MUTATIONS):
            case "delete":
                text = text[:at] + text[at + rng.randint(1, 8):]
            case "insert":
                text = text[:at] + rng.choice(['{', '}', '[', ']', '"', ',', ':', '=', '\n', '#', '0', '-', 'e',
                                               '\\', '\u00e9', ' ', 'true', 'null', '1e999', '"""']) + text[at:]
            case "duplicate":
                text = text[:at] + text[at:at + rng.randint(1, 40)] * rng.randint(2, 4) + text[at:]
            case "swap":
                other = rng.randrange(len(text))
                a, b = sorted((at, other))
                text = text[:a] + text[b:b + 5] + text[a + 5:b] + text[a:a + 5] + text[b + 5:]
            case "number":
                text = text[:at] + rng.choice(["9" * rng.randint(20, 6000), "-1", "0", "1e308", "NaN"]) + text[at:]
            case "nest":
                depth = rng.choice([10, 500, 5000, 50000])
                opener, closer = rng.choice([("[", "]"), ("{\"a\":", "}"), ("{a=", "}")])
                text = text[:at] + opener * depth + "1" + closer * depth + text[at:]
    return text


def script_property(folder: Path, seed: int, times: int) -> None:
    rng = random.Random(seed)
    text = mutate_text(json.dumps(valid_script(seed)), rng, times)
    path = folder / "script.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    for argv, stdin in ((["round", str(path), "--json"], ""), (["round", "-", "--json"], text.replace("\n", " "))):
        code, out, err = run_cli(argv, stdin)
        assert "Traceback" not in out + err and code in (0, 1), (code, err[-2000:])
        results = [json.loads(line) for line in out.splitlines()]  # one JSON object per script, always
        assert any("error" in result for result in results) == (code == 1), (code, out[-500:])
    count("round_script", "handled")


# A file that extends a preset (docs/rules.md, rules files): its keys merged over the preset's, pays by category.
EXTENDING = ('extends = "{preset}"\nname = "house"\n[draw]\nrepeat_single = "flat"\n[bonus.pays]\nTWO_PAIR = 5\n'
             'not_paid = ["STRAIGHT"]\n[jackpot]\nstake = 10\ncontribution_pct = 20\nreseed = 100000\n'
             '[jackpot.pays]\nROYAL_FLUSH = "100%"\nFLUSH = 500\n')


def rules_property(folder: Path, seed: int, times: int) -> None:
    rng = random.Random(seed)
    names = preset_names()
    preset = names[seed % len(names)]
    whole = EXTENDING.format(preset=preset) if seed % 3 == 0 else to_toml(load_preset(preset))
    text = mutate_text(whole, rng, times)
    path = folder / "house.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    code, out, err = run_cli(["rules", "check", str(path)])
    assert "Traceback" not in out + err and code in (0, 1), (code, err[-2000:])
    assert (code == 0) == ("valid house rules" in out)
    count("rules_file", "handled")


@examples(QUICK_TEXTS)
@given(seed=st.integers(0, 2**32), times=st.integers(1, 6))
def test_fuzz_round_scripts_mutated_are_played_or_refused(tmp_path_factory: Any, seed: int, times: int) -> None:
    script_property(tmp_path_factory.mktemp("script"), seed, times)


@examples(QUICK_RULES_FILES)
@given(seed=st.integers(0, 2**32), times=st.integers(1, 6))
def test_fuzz_rules_files_mutated_are_valid_or_refused(tmp_path_factory: Any, seed: int, times: int) -> None:
    rules_property(tmp_path_factory.mktemp("rules"), seed, times)


@pytest.mark.slow
@SOAK
@given(seed=st.integers(0, 2**32), times=st.integers(1, 12))
def test_soak_round_scripts_and_rules_files_mutated(tmp_path_factory: Any, seed: int, times: int) -> None:
    folder = tmp_path_factory.mktemp("text")
    script_property(folder, seed, times)
    rules_property(folder, seed, times)


def test_fuzz_counts_are_kept() -> None:
    """Ran last in this module: every fuzzed input was counted, and none was lost."""
    if not FUZZ_COUNTS:
        pytest.skip("run with the other fuzz tests")
    assert all(n == 0 for key, n in FUZZ_COUNTS.items() if key.endswith((".lost", ".failed")))

