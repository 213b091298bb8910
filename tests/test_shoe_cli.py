"""`rptable shoe-sim` and `rptable shoe-test` (docs/architecture.md, the command-line contract), run as a user would:
the simulator in one process, the check in another."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from cli_kit import rptable
from hwsim.deck import shuffled_packs

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'hardware-sim'}"}

pytestmark = pytest.mark.timeout(60)


def test_shoe_test_json_lines_have_the_contract_shapes() -> None:
    out = rptable(
        "shoe-test", "sim://?seed=5&rate=100&faults=unreadable@2,jam@4:0.1s", "--count", "5", "--json"
    )
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    cards = [x for x in lines if x["type"] == "card"]
    assert [c["card"] for c in cards] == [
        c.code if i != 1 else "??" for i, c in enumerate(shuffled_packs(5)[:5])
    ]
    assert all(set(c) >= {"type", "card", "seq", "quality"} for c in cards)
    assert cards[1]["quality"] is None and isinstance(cards[0]["quality"], int)
    faults = [x for x in lines if x["type"] == "fault"]
    assert faults and set(faults[0]) >= {"code", "text"} and faults[0]["code"] == "E04"
    summary = lines[-1]
    contract = {"type": "summary", "cards": 5, "duplicates_dropped": 0, "bad_frames": 0, "faults": 1}
    assert {key: summary[key] for key in contract} == contract  # the contract's keys; more may be added
    assert summary["authenticated"] is False and summary["forged"] == 0  # a sim:// without key=: plain SHOE/1


def test_shoe_test_stops_after_timeout_without_a_card_and_says_so() -> None:
    out = rptable("shoe-test", "sim://?rate=0", "--timeout", "0.5")
    assert out.returncode == 1
    assert "0 card(s)" in out.stdout and "no card within 0.5 s" in out.stderr


def test_shoe_test_bad_url_is_a_usage_error() -> None:
    out = rptable("shoe-test", "nosuch://x")
    assert out.returncode == 2 and "names no known card source" in out.stderr


def test_shoe_sim_bad_fault_spec_is_refused() -> None:
    out = rptable("shoe-sim", "--pty", "--faults", "jam@x")
    assert out.returncode == 2 and "jam@x" in out.stderr


def _start_sim(*args: str, env: dict[str, str] = ENV) -> tuple[subprocess.Popen[str], list[str]]:
    sim = subprocess.Popen(
        [sys.executable, "-m", "ui.cli", "shoe-sim", *args, "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert sim.stdout is not None
    lines = [sim.stdout.readline() for _ in range(3)]
    return sim, lines


@pytest.mark.parametrize("transport", ["--pty", "--usb", "--tcp"])
def test_shoe_sim_and_shoe_test_from_two_terminals(transport: str, tmp_path: Path) -> None:
    env = {**ENV, "HWSIM_USB_SOCKET": str(tmp_path / "usb.sock")}
    args = [transport, "--seed", "77", "--rate", "50"]
    if transport == "--tcp":
        args.insert(1, "0")  # any free port; the printed URL names it
    sim, lines = _start_sim(*args, "--locked", env=env)
    try:
        connect = next(line for line in lines if "rptable shoe-test" in line)
        command = connect.split("rptable shoe-test", 1)[1].split()[0].strip("'")
        test = rptable("shoe-test", command, "--count", "10", "--unlock", "--json", env=env)  # the second terminal
    finally:
        sim.send_signal(signal.SIGTERM)
        sim.wait(10)
    assert test.returncode == 0, test.stderr + test.stdout
    cards = [json.loads(line)["card"] for line in test.stdout.splitlines() if '"card"' in line]
    assert cards == [c.code for c in shuffled_packs(77)[:10]]


def test_shoe_keygen_then_shoe_sim_and_shoe_test_paired_from_two_terminals(tmp_path: Path) -> None:
    """How a casino pairs a shoe: `shoe keygen`, the key in the shoe (here `shoe-sim --key`) and in the URL."""
    key = tmp_path / "T4-shoe.key"
    made = rptable("shoe", "keygen", str(key))
    assert made.returncode == 0, made.stderr
    assert (key.stat().st_mode & 0o777) == 0o600 and "written to" in made.stdout
    again = rptable("shoe", "keygen", str(key))
    assert again.returncode == 1 and "never overwritten" in again.stderr
    sim, lines = _start_sim("--pty", "--seed", "77", "--rate", "50", "--locked", "--key", str(key))
    try:
        assert "SHOE/1-A key" in lines[0]
        connect = next(line for line in lines if "rptable shoe-test" in line)
        url = connect.split("rptable shoe-test", 1)[1].split()[0].strip("'")
        assert url.endswith(f"?key={key}")
        test = rptable("shoe-test", url, "--count", "10", "--unlock", "--json")
        plain = rptable("shoe-test", url.split("?")[0], "--count", "1", "--timeout", "3", "--unlock", "--json")
    finally:
        sim.send_signal(signal.SIGTERM)
        sim.wait(10)
    assert test.returncode == 0, test.stderr + test.stdout
    lines_out = [json.loads(line) for line in test.stdout.splitlines()]
    assert [x["card"] for x in lines_out if x["type"] == "card"] == [c.code for c in shuffled_packs(77)[:10]]
    connected = next(x for x in lines_out if x["type"] == "status" and x.get("authenticated"))
    assert connected["serial"] == "SN000001" and connected["key_id"]
    assert lines_out[-1]["authenticated"] is True and lines_out[-1]["forged"] == 0
    # The same shoe read without its key: plain SHOE/1, and the check says so.
    assert '"authenticated": false' in plain.stdout


@pytest.mark.parametrize("shoe_key", ["none", "another key"])
def test_shoe_test_with_a_key_says_authenticated_only_when_the_shoe_proved_it(shoe_key: str, tmp_path: Path) -> None:
    """Technicians pair shoes by shoe-test's verdict. A plain shoe, or one paired with another key, read
    with `key=` is not authenticated: the check says so and fails (exit 3), where it used to say "authenticated
    with SHOE/1-A key ..." because a key was configured."""
    key, other = tmp_path / "T4-shoe.key", tmp_path / "other.key"
    for path in (key, other):
        assert rptable("shoe", "keygen", str(path)).returncode == 0
    shoe_args = ["--key", str(other)] if shoe_key == "another key" else []
    sim, _lines = _start_sim("--pty", "--link", str(tmp_path / "tty"), "--seed", "77", "--rate", "50", *shoe_args)
    try:
        url = f"serial://{tmp_path / 'tty'}?key={key}"
        # No card comes from a shoe that does not prove the key, so each check waits out its timeout: a second is
        # ample, the shoe's HELLO and the AUTH fault it raises come within milliseconds (asserted below).
        checked = rptable("shoe-test", url, "--count", "3", "--timeout", "1", "--unlock", "--json")
        said = rptable("shoe-test", url, "--count", "3", "--timeout", "1", "--unlock")
    finally:
        sim.send_signal(signal.SIGTERM)
        sim.wait(10)
    summary = json.loads(checked.stdout.splitlines()[-1])
    assert summary["type"] == "summary" and summary["authenticated"] is False and summary["cards"] == 0
    faults = [json.loads(line) for line in checked.stdout.splitlines() if '"fault"' in line]
    assert {f["code"] for f in faults} == {"AUTH"}  # the verdict is the shoe's answer, not its silence
    assert checked.returncode == 3 and "did not prove it holds SHOE/1-A key" in checked.stderr
    assert not any(json.loads(line).get("authenticated") for line in checked.stdout.splitlines())
    assert said.returncode == 3 and "authenticated with" not in said.stdout
    assert "NOT authenticated: the shoe did not prove SHOE/1-A key" in said.stdout


@pytest.mark.parametrize("backend", ["os:abort", "os:_exit", "subprocess:call", "no.such.module:factory"])
def test_a_usb_url_picks_a_backend_from_the_list_and_never_runs_the_code_it_names(backend: str) -> None:
    """`usb://...?backend=os:abort` imported os and called abort (exit 134): a URL could run any
    callable on the table's machine. Now a backend is a name from rptable's list, or the URL is refused."""
    out = rptable("shoe-test", f"usb://16c0:05dc?backend={backend}", "--timeout", "1")
    assert out.returncode == 2, (out.returncode, out.stderr)
    assert "is not one rptable knows" in out.stderr and "hwsim" in out.stderr and "libusb1" in out.stderr
