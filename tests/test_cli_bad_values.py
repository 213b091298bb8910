"""Every bad input a clear answer (docs/architecture.md: the command-line contract; convention 10: an error says what
happened and what to do): each command refuses a bad value naming the value and what is allowed, no traceback
ever reaches a user, and no option can ask for unbounded time or memory."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
import tracemalloc
from pathlib import Path

import pytest
from cli_kit import rptable, rptable_said
from env_kit import with_test_env

import ui.cli.odds
from drivers.base import CardEvent, open_source
from ui.cli.unexpected import EXIT_UNEXPECTED

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'hardware-sim'}"}


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("inputs")
    (folder / "deep.json").write_text('{"a":' * 100_000 + "1" + "}" * 100_000)
    (folder / "big-ante.json").write_text('{"rules": "classic", "boxes": [{"box": 1, "ante": ' + "9" * 5000 +
                                          '}], "shoe": [], "decisions": []}')
    (folder / "deep-array.toml").write_text("a = " + "[" * 100_000 + "]" * 100_000)
    (folder / "deep-table.toml").write_text("a = " + "{b=" * 3000 + "1" + "}" * 3000)
    (folder / "binary.order").write_bytes(bytes(range(256)) * 8)
    (folder / "notes.db").write_text("shopping list\n")
    (folder / "accounts").mkdir()
    return folder


# -- tracebacks the issue found -------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "said"), [("deep.json", "nested too deeply"), ("big-ante.json", "digits")])
def test_round_a_script_too_deep_or_with_a_5000_digit_number_is_refused(files: Path, name: str, said: str,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = rptable_said("round", str(files / name), "--json")
    assert code == 1 and said in out and "Traceback" not in err
    done = rptable("round", "-", "--json", stdin=(files / name).read_text())
    assert done.returncode == 1 and said in done.stdout and "Traceback" not in done.stderr


@pytest.mark.parametrize("name", ["deep-array.toml", "deep-table.toml"])
def test_rules_check_a_file_nested_too_deeply_is_refused(files: Path, name: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = rptable_said("rules", "check", str(files / name))
    assert code == 1 and "nested too deeply" in err


def test_analyze_rounds_beyond_any_run_are_refused_with_the_range(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = rptable_said("analyze", "--rules", "classic", "--strategy", "always-bet", "--rounds", "1" + "0" * 23)
    assert code == 2 and "'100000000000000000000000' is not allowed" in err and "10,000,000,000" in err


@pytest.mark.parametrize("port", ["99999", "-1", "7e3", "nan"])
def test_shoe_sim_a_port_out_of_range_is_refused(port: str) -> None:
    done = rptable("shoe-sim", "--tcp", port)
    assert done.returncode == 2 and f"'{port}' is not allowed" in done.stderr and "0 to 65,535" in done.stderr


def test_shoe_sim_an_order_file_that_is_not_card_codes_is_refused(files: Path) -> None:
    done = rptable("shoe-sim", "--pty", "--order", str(files / "binary.order"))
    assert done.returncode == 2 and "not a text file of card codes" in done.stderr and "Traceback" not in done.stderr
    endless = rptable("shoe-sim", "--pty", "--order", "/dev/zero")  # read to its end, it never ends
    assert endless.returncode == 2 and "it is a device, not a regular file" in endless.stderr


@pytest.mark.parametrize(("where", "said"), [("accounts", "is a folder"), ("notes.db", "not a database"),
                                             ("missing/deeper/\x01/users.db", "There are no staff accounts at")])
def test_users_a_path_that_is_not_an_accounts_file_is_refused(files: Path, where: str, said: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    target = files / where if not where.startswith("missing") else Path("/proc/no-such-folder") / where
    for action in (["list"], ["add", "root", "--role", "admin", "--admin", "root"]):
        code, _, err = rptable_said("users", "--users", str(target), *action)
        assert code == 1 and said in err and "Traceback" not in err


def test_audit_rounds_a_date_that_is_not_a_day_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = rptable_said("audit", "--journal", str(tmp_path / "T1.journal"), "rounds", "--date", "not-a-date")
    assert code == 2 and "'not-a-date' is not a day: give YYYY-MM-DD" in err


def test_audit_salvage_of_the_floor_database_is_refused_with_what_to_do(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = rptable_said("audit", "--db", "postgresql:///nowhere", "salvage")
    assert code == 2 and "give the file (--journal PATH)" in err and "did not expect" not in err


def test_audit_a_reader_that_goes_away_ends_the_listing_quietly(tmp_path: Path) -> None:
    """`rptable audit rounds | head -1`: the listing stops when the reader does, exit 0, nothing said."""
    journal = tmp_path / "T1.journal"
    assert rptable("simulate", "--rules", "four-seat", "--rounds", "160", "--seed", "1", "--journal",
                   str(journal)).returncode == 0
    # The pipe holds one page (4 KB) and `head` reads at most that before it goes: a listing of more than twice
    # that (160 rounds, about 11 KB) cannot all be written before the reader has gone, so the command always
    # meets the broken pipe (with the 64 KB a pipe holds by default, the whole listing could fit and it never would).
    reader_end, writer_end = os.pipe()
    fcntl.fcntl(writer_end, fcntl.F_SETPIPE_SZ, 4096)
    with open(writer_end, "wb") as into, open(reader_end, "rb") as out_of:
        listing = subprocess.Popen([sys.executable, "-m", "ui.cli", "audit", "--journal", str(journal), "rounds"],
                                   stdout=into, stderr=subprocess.PIPE, text=True, env=with_test_env(ENV), cwd=ROOT)
        head = subprocess.run(["head", "-1"], stdin=out_of, capture_output=True, text=True, timeout=60)
    _, said = listing.communicate(timeout=60)
    assert head.stdout.startswith("round")
    assert listing.returncode == 0 and said == "", said


def test_audit_show_a_round_number_of_5000_digits_is_refused(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    from controller.opening.simulate import simulate
    from controller.table.rule_files import load_preset

    journal = tmp_path / "T1.journal"
    simulate(load_preset("classic"), 1, 1, journal_path=journal)
    code, _, err = rptable_said("audit", "--journal", str(journal), "show", "9" * 5000)
    assert code == 2 and "is not a round" in err and len(err) < 300


# -- runaways -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("args", "named"), [
    (["shoe-sim", "--pty", "--hb", "0"], "'0' is not allowed"),
    (["shoe-sim", "--pty", "--hb", "1e-9"], "'1e-9' is not allowed"),
    (["shoe-sim", "--pty", "--rate", "-1"], "'-1' is not allowed"),
    (["shoe-sim", "--pty", "--rate", "inf"], "'inf' is not allowed"),
    (["shoe-sim", "--pty", "--packs", "-1"], "'-1' is not allowed"),
    (["shoe-sim", "--pty", "--packs", "100000000"], "'100000000' is not allowed"),
    (["shoe-test", "sim://", "--timeout", "nan"], "'nan' is not allowed"),
    (["shoe-test", "sim://", "--timeout", "inf"], "'inf' is not allowed"),
    (["shoe-test", "sim://?packs=-1", "--timeout", "1"], "packs -1: give 1 to 1000"),
    (["shoe-test", "sim://?hb=0", "--timeout", "1"], "heartbeat interval 0 is not"),
    (["shoe-test", "sim://?rate=1e12", "--timeout", "1"], "rate 1e+12 is not"),
    (["shoe-test", "sim://?seed=" + "9" * 40, "--timeout", "1"], "seed=999999999999999999999999999... is not"),
    (["shoe-test", "sim://?seed=" + "9" * 5000, "--timeout", "1"], "at most 1,024 characters"),
    (["shoe-test", "serial:///dev/null?hb_timeout=nan", "--timeout", "1"], "hb_timeout=nan is not"),
    (["simulate", "--rules", "classic", "--rounds", "1" + "0" * 23], "'100000000000000000000000' is not allowed"),
    (["replicate", "--journal", "x", "--to", "postgresql://", "--interval", "nan"], "'nan' is not allowed"),
    (["replicate", "--journal", "x", "--to", "postgresql://", "--batch", "1" + "0" * 20], "is not allowed"),
    (["console", "--demo", "1" + "0" * 12], "'1000000000000' is not allowed"),
    (["console", "--table", "../../etc/T1"], "'../../etc/T1' is not a table id"),
])
def test_runaway_an_option_that_would_never_stop_is_refused_at_once(args: list[str], named: str) -> None:
    done = rptable(*args, timeout=30)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert named in done.stderr  # the value, and what is allowed
    assert len(done.stderr) < 1200


@pytest.mark.slow  # a soak: memory over long sessions
def test_memory_the_simulated_shoe_stays_flat_over_any_session_length() -> None:
    source = open_source("sim://?seed=4&rate=0&packs=0&clock=virtual")
    shoe = source.simulated_shoe()
    assert shoe is not None

    def deal(cards: int) -> None:
        shoe.deal(cards)
        got = 0
        while got < cards:
            got += isinstance(source.recv(timeout=5), CardEvent)

    tracemalloc.start()
    try:
        deal(4_000)
        early = tracemalloc.get_traced_memory()[0]
        deal(16_000)  # four times as many cards again
        late = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
        source.close()
    assert late - early < 150_000  # not ~6 KB a round: nothing kept per card beyond a bounded window


# -- the net under every command ------------------------------------------------------------------------------
def test_unexpected_an_error_no_command_expected_is_one_line_and_a_log(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path))

    def broken(args: object) -> int:
        raise IndexError("list index out of range")

    monkeypatch.setattr(ui.cli.odds, "run", broken)
    code, _, err = rptable_said("odds")
    log = tmp_path / "logs" / "errors.log"
    assert code == EXIT_UNEXPECTED and "Traceback" not in err and len(err.splitlines()) == 1
    assert str(log) in err and "IndexError" in err
    assert "Traceback (most recent call last)" in log.read_text() and "broken" in log.read_text()


def test_unexpected_an_error_in_another_thread_is_one_line_and_a_log(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path))

    def with_a_failing_thread(args: object) -> int:
        worker = threading.Thread(target=lambda: 1 / 0, name="reader")
        worker.start()
        worker.join()
        return 0

    monkeypatch.setattr(ui.cli.odds, "run", with_a_failing_thread)
    code, _, err = rptable_said("odds")
    assert code == 0 and "Traceback" not in err and "(reader)" in err and "ZeroDivisionError" in err
    assert "ZeroDivisionError" in (tmp_path / "logs" / "errors.log").read_text()


def test_unexpected_a_data_folder_that_cannot_be_written_still_gives_one_line(monkeypatch: pytest.MonkeyPatch,
                                                                              tmp_path: Path,
                                                                              capsys: pytest.CaptureFixture[str]
                                                                              ) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(blocked / "data"))
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(blocked / "tmp"))

    def broken(args: object) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(ui.cli.odds, "run", broken)
    code, _, err = rptable_said("odds")
    assert code == EXIT_UNEXPECTED and "could not be saved" in err and "Traceback" not in err


@pytest.mark.parametrize("url", ["bogus://x", "sim://?hb=0", "serial:///dev/ttyUSB0?baud=12"])
def test_console_a_card_source_that_cannot_be_opened_leaves_no_journal(url: str, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path / "data"))
    journal = tmp_path / "tables" / "T1.journal"
    code, _, err = rptable_said("console", "--shoe", url, "--journal", str(journal))
    assert code == 1 and "card source cannot be opened" in err
    assert not journal.parent.exists()  # no journal, not even its folder
