"""`rptable audit` over a dealer's shift (docs/journal.md "The journal"; the command-line contract): each box's
payment with who confirmed it and when (`show --json`), and the shift report by dealer: the rounds each dealt,
their hours at the table, rounds per hour and the adjustments of their rounds (HTML and dealers.csv)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from tables import acknowledged

from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.pump import CardPump
from controller.table.qa.autoplay import play_rounds
from controller.table.rule_files import load_preset
from controller.table.security.users import Role, User
from drivers.base import open_source
from ui.cli import main

# Exports and reports need a pit boss's login: given through the environment, as a script gives it.
pytestmark = pytest.mark.usefixtures("pit_boss_login")

ANNA, IVAN, VERA = User("anna", Role.DEALER), User("ivan", Role.DEALER), User("vera", Role.PIT_BOSS)
START = 1_750_000_000.0


class Clock:
    """The shift's time, moved on by hand: a round takes a minute here."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def shift(tmp_path: Path) -> Path:
    """Anna signs in and deals 3 rounds in 30 minutes; Ivan takes over and deals 2 in 15 minutes (one of them
    adjusted by a pit boss, +40); every payment is confirmed by the dealer who dealt."""
    path = tmp_path / "T1.journal"
    clock = Clock()
    with Journal(path) as journal:
        table = acknowledged(TableController(journal, load_preset("classic"), clock=clock, monotonic=clock))
        pump = CardPump(open_source("sim://?seed=8&rate=0&clock=virtual"), table, pack_seed=8)
        for dealer, rounds, minutes in ((ANNA, 3, 30), (IVAN, 2, 15)):
            table.staff.sign_in(dealer)
            started = clock.now
            for _ in range(rounds):
                play_rounds(table, pump, table.round_number + 1, boxes=2, ante=10)
                record = table.round_record
                if dealer is IVAN and table.round_number == 5:
                    table.overrides.adjust_payment(record.round_id, record.boxes[0].box, 40, VERA, "chip miscount")
                for box in record.boxes:
                    table.confirm_payment(box.box)
                clock.now += 60
            clock.now = started + minutes * 60
        table.staff.sign_out()
        pump.source.close()
    return path


def audit(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    assert main(["audit", *args]) == 0
    return capsys.readouterr().out


def test_audit_show_json_gives_each_boxs_payment_with_who_confirmed_it_and_when(
        shift: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shown = json.loads(audit(capsys, "show", "5", "--journal", str(shift), "--json"))
    assert shown["dealt_by"] == "dealer:ivan"
    for box in shown["boxes"]:
        payment = box["payment"]
        assert payment["amount"] == box["net"] and payment["confirmed"]
        assert payment["confirmed_by"] == "dealer:ivan" and payment["confirmed_at"] >= START
    first = shown["boxes"][0]
    assert first["payment"]["confirmed_amount"] == first["net"]  # confirmed after the +40 adjustment
    kinds = [step["kind"] for step in shown["steps"]]
    assert kinds.count("table.payment_confirmed") == len(shown["boxes"]) and "table.adjustment" in kinds
    text = audit(capsys, "show", "5", "--journal", str(shift))
    assert "dealt by dealer:ivan" in text and "confirmed by dealer:ivan" in text


def test_audit_report_by_dealer_gives_rounds_rounds_per_hour_and_adjustments(
        shift: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = audit(capsys, "report", "--journal", str(shift), "--out", str(tmp_path / "report"))
    assert "dealer anna: 3 rounds in 0.50 h (6.0 an hour), 0 adjustment(s) +0" in out
    assert "dealer ivan: 2 rounds in 0.25 h (8.0 an hour), 1 adjustment(s) +40" in out
    rows = list(csv.DictReader(io.StringIO((tmp_path / "report" / "dealers.csv").read_text())))
    assert [(r["dealer"], r["rounds"], r["hours"], r["rounds_per_hour"], r["adjustments"], r["adjusted"])
            for r in rows] == [("dealer:anna", "3", "0.50", "6.0", "0", "0"),
                               ("dealer:ivan", "2", "0.25", "8.0", "1", "40")]
    page = (tmp_path / "report" / "report.html").read_text()
    assert "<h2>By dealer</h2>" in page and "<td>ivan</td><td>2</td><td>0.25</td><td>8.0</td>" in page


def test_audit_report_counts_rounds_dealt_while_nobody_was_signed_in(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "T1.journal"
    with Journal(path) as journal:
        table = acknowledged(TableController(journal, load_preset("classic")))
        pump = CardPump(open_source("sim://?seed=8&rate=0&clock=virtual"), table, pack_seed=8)
        play_rounds(table, pump, 2, boxes=2, ante=10)
        pump.source.close()
    audit(capsys, "report", "--journal", str(path), "--out", str(tmp_path))
    rows = list(csv.DictReader(io.StringIO((tmp_path / "dealers.csv").read_text())))
    assert [(r["dealer"], r["rounds"], r["rounds_per_hour"]) for r in rows] == [("-", "2", "")]


def test_audit_report_of_a_day_reads_that_days_rounds_and_the_dealers_hours_within_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Across midnight (UTC): Anna deals 2 rounds from 23:30, Ivan takes over at 00:10 and deals 2. The second
    day's report has Ivan's 2 rounds and Anna's 10 minutes of it, read through the round index, and says what the
    whole journal read whole says of that day."""
    from controller.table.audit.round_book import RoundBook
    from controller.table.audit.shift_report import build_report, dealers_csv, report_csv

    path = tmp_path / "T1.journal"
    midnight = 1_750_032_000.0  # 2025-06-16 00:00 UTC
    clock = Clock()
    clock.now = midnight - 30 * 60
    with Journal(path) as journal:
        table = acknowledged(TableController(journal, load_preset("classic"), clock=clock, monotonic=clock))
        pump = CardPump(open_source("sim://?seed=8&rate=0&clock=virtual"), table, pack_seed=8)
        for dealer, start in ((ANNA, midnight - 30 * 60), (IVAN, midnight + 10 * 60)):
            clock.now = start
            table.staff.sign_in(dealer)
            for _ in range(2):
                play_rounds(table, pump, table.round_number + 1, boxes=2, ante=10)
                for box in table.round_record.boxes:
                    table.confirm_payment(box.box)
                clock.now += 60
        pump.source.close()
    out = audit(capsys, "report", "--journal", str(path), "--date", "2025-06-16", "--out", str(tmp_path / "day"))
    assert out.startswith("2 rounds") and "dealer ivan: 2 rounds" in out
    assert "dealer anna: 0 rounds in 0.17 h" in out  # her turn from midnight to the handover at 00:10
    with Journal(path, readonly=True) as journal:
        indexed, whole = RoundBook.of_journal(journal), RoundBook.of_entries(list(journal.entries()), journal)
        assert journal.indexed
        reports = []
        for book in (indexed, whole):
            shift = book.shift("2025-06-16")
            report = build_report("T1", shift.rounds, turns=shift.turns, until=shift.until)
            reports.append((report_csv(report), dealers_csv(report)))
    assert reports[0] == reports[1]


def test_audit_report_rounds_dealt_with_nobody_signed_in_are_said_so(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A table that played with no dealer signed in: its report said "dealer -: 3 rounds in 0.00 h (- an
    hour)"; it says the rounds were dealt with no dealer signed in."""
    from controller.opening.simulate import simulate

    path = tmp_path / "T1.journal"
    simulate(load_preset("classic"), 3, 5, journal_path=path)
    out = audit(capsys, "report", "--journal", str(path), "--out", str(tmp_path / "report"))
    assert "no dealer signed in: 3 rounds, 0 adjustment(s) +0" in out
    assert "dealer -" not in out and "an hour" not in out


def test_the_shift_report_says_how_many_rounds_a_shoe_that_proved_no_key_dealt(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A plain shoe proves nothing of its cards (a wire on its cable can change them): the shift report says how
    many of its rounds were dealt so, read whole or through the round index for one day; a paired shoe's not."""
    from datetime import UTC, datetime

    from controller.opening.simulate import simulate
    from controller.table.audit.round_book import RoundBook
    from drivers.shoe1.auth import write_key_file

    plain, paired, key = tmp_path / "P1.journal", tmp_path / "K1.journal", tmp_path / "K1-shoe.key"
    write_key_file(key)
    simulate(load_preset("classic"), 3, 5, journal_path=plain, table_id="P1")
    simulate(load_preset("classic"), 3, 5, journal_path=paired, table_id="K1", shoe_key=str(key))
    with Journal(plain, "P1", readonly=True) as journal:
        opened = RoundBook.of_journal(journal).latest(1)[0].opened_at
    day = datetime.fromtimestamp(opened, UTC).strftime("%Y-%m-%d")
    said = "shoe not authenticated: 3 of 3 rounds were dealt by a shoe that proved no key"
    for dated in ((), ("--date", day)):
        out = audit(capsys, "report", "--journal", str(plain), "--table", "P1", *dated, "--out", str(tmp_path / "p"))
        assert said in out
        assert said in (tmp_path / "p" / "report.html").read_text()
        out = audit(capsys, "report", "--journal", str(paired), "--table", "K1", *dated, "--out", str(tmp_path / "k"))
        assert "not authenticated" not in out + (tmp_path / "k" / "report.html").read_text()
