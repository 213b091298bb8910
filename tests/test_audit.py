"""`rptable audit` (issue: table application): pit bosses list, replay, recall, verify, export and report."""

import dataclasses
import json

import pytest
from cli_kit import rptable_in_shell as rptable  # with only what a table's shell gives it
from forgery import rehash

from controller.engine import event_from_payload
from controller.table.audit.rounds import RoundRecord, read_rounds
from controller.table.audit.shift_report import build_report, report_csv, report_html
from controller.table.journal import Journal
from controller.table.round_record import BoxResult
from controller.table.rule_files import load_preset
from controller.table.table_events import PaymentAdjusted

# Exports and reports need a pit boss's login: given through the environment, as a script gives it.
pytestmark = pytest.mark.usefixtures("pit_boss_login")


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    path = tmp_path_factory.mktemp("audit") / "T1.journal"
    out = rptable("simulate", "--rules", "classic", "--rounds", "14", "--seed", "4", "--journal", str(path))
    assert out.returncode == 0, out.stderr
    # The table's public key, for verify run with another data folder (each test has its own): given, it
    # confirms the seals; without it they are NOT CONFIRMED (exit 3).
    out = rptable("table", "pubkey", "--out", str(path.with_suffix(".pem")))
    assert out.returncode == 0, out.stderr
    return path


def test_audit_verify_passes_on_a_simulated_session(session):
    out = rptable("audit", "--journal", str(session), "verify", "--json", "--pubkey", str(session.with_suffix(".pem")))
    report = json.loads(out.stdout)
    assert out.returncode == 0 and report["ok"] and report["rounds"] == 14 and report["first_bad_event"] is None
    assert report["verdict"] == "OK"


@pytest.mark.parametrize("action", [["verify"], ["recall"], ["rounds"], ["show", "3"], ["export"]])
def test_audit_takes_the_journal_after_the_action_as_the_command_line_contract_writes_it(session, action):
    """docs/architecture.md: `rptable audit rounds|show ID|recall|verify|export|report --journal PATH`."""
    if action == ["verify"]:
        action = [*action, "--pubkey", str(session.with_suffix(".pem"))]
    after = rptable("audit", *action, "--journal", str(session), "--table", "T1")
    before = rptable("audit", "--journal", str(session), *action)
    assert after.returncode == before.returncode == 0, after.stderr
    assert after.stdout == before.stdout


def test_audit_without_a_journal_says_how_to_give_one():
    out = rptable("audit", "verify")
    assert out.returncode == 2 and "--journal PATH" in out.stderr


def test_audit_verify_recomputes_payments_and_catches_a_rehashed_forgery(session, tmp_path):
    # A forger who knows the hash rule rewrites a payment and re-hashes the rest of the chain: the replay,
    # which pays every box again from its cards and the rules, still names the event.
    forged = tmp_path / "forged.journal"
    forged.write_bytes(session.read_bytes())
    target: list[int] = []

    def pay_a_loss_as_a_win(rows):
        row = next(r for r in rows if r[4] == "BoxSettled" and json.loads(r[7])["outcome"] == "lose")
        data = json.loads(row[7])
        data["bet"], data["net"] = -data["bet"], data["net"] - 2 * data["bet"]
        data["outcome"] = "win"
        row[7] = json.dumps(data, sort_keys=True, separators=(",", ":"))
        target.append(row[0])
        return rows

    rehash(forged, pay_a_loss_as_a_win)
    out = rptable("audit", "--journal", str(forged), "verify", "--json")
    report = json.loads(out.stdout)
    assert out.returncode == 1 and not report["ok"] and report["first_bad_event"] == target[0]
    assert "pay" in report["reason"]


def test_audit_recall_lists_the_last_10_rounds_oldest_first(session):
    rounds = json.loads(rptable("audit", "--journal", str(session), "recall", "--json").stdout)
    assert [r["round"] for r in rounds] == [f"T1-{n:06d}" for n in range(5, 15)]
    assert all(r["complete"] for r in rounds) and all("boxes" in r for r in rounds)


def test_audit_rounds_filters_and_show_replays_a_round(session):
    listing = json.loads(rptable("audit", "--journal", str(session), "rounds", "--min-payout", "20", "--json").stdout)
    assert listing and all(max(b["net"] for b in r["boxes"]) >= 20 for r in listing)
    shown = rptable("audit", "--journal", str(session), "show", "3")
    assert shown.returncode == 0 and "card" in shown.stdout and "house net" in shown.stdout
    missing = rptable("audit", "--journal", str(session), "show", "999")
    assert missing.returncode == 1 and "no round T1-000999" in missing.stderr


def test_audit_export_and_shift_report(session, tmp_path):
    csv_text = rptable("audit", "--journal", str(session), "export", "--format", "csv").stdout
    assert csv_text.splitlines()[0].startswith("round,opened_utc,box,cards")
    assert len(csv_text.splitlines()) == 1 + 14 * 6
    exported = json.loads(rptable("audit", "--journal", str(session), "export").stdout)
    assert len(exported) == 14
    out = rptable("audit", "--journal", str(session), "report", "--out", str(tmp_path))
    assert out.returncode == 0 and "hold" in out.stdout
    html = (tmp_path / "report.html").read_text()
    assert "<svg" in html and "Hold by hour" in html and "box 6" in html
    assert (tmp_path / "report.csv").read_text().startswith("section,key,rounds")


def test_audit_of_a_missing_journal_says_so():
    out = rptable("audit", "--journal", "/nonexistent/T9.journal", "verify")
    assert out.returncode == 1 and "no journal at" in out.stderr


def test_audit_verify_catches_a_rehashed_adjustment_by_nobody(session, tmp_path):
    forged = tmp_path / "forged.journal"
    forged.write_bytes(session.read_bytes())

    def add_adjustment(rows):
        last = rows[-1]
        payload = json.dumps({"actor": "dealer:anna", "amount": 5000, "box": 1, "reason": "",
                              "round_id": "T1-000003"}, sort_keys=True, separators=(",", ":"))
        return [*rows, [last[0] + 1, "T1", last[2] + 1, None, "table.adjustment", 1, "dealer:anna", payload, ""]]

    rehash(forged, add_adjustment)
    report = json.loads(rptable("audit", "--journal", str(forged), "verify", "--json").stdout)
    assert not report["ok"] and "without a pit boss" in report["reason"]


def test_audit_verify_names_an_unreadable_row(session, tmp_path):
    damaged = tmp_path / "damaged.journal"
    damaged.write_bytes(session.read_bytes())
    rehash(damaged, lambda rows: [r if r[0] != 40 else [*r[:7], "{not json", r[8]] for r in rows])
    out = rptable("audit", "--journal", str(damaged), "verify", "--json")
    report = json.loads(out.stdout)
    assert out.returncode == 1 and report["first_bad_event"] == 40


def settled(box, net, outcome="win", best="FLUSH"):
    """A box's settlement as the journal holds it."""
    return event_from_payload({"type": "BoxSettled", "v": 1, "box": box, "outcome": outcome, "best": best, "paid": [],
                            "multiplier": 5, "ante": 0, "bet": net, "draw": 0, "insurance": 0, "bonus": 0,
                            "buy_game": 0, "net": net})


def test_audit_shift_report_counts_adjustments_per_box_and_leaves_voided_stakes_out():
    """One definition of the money: a box's net and a round's house net include every adjustment, in the
    round list as in the report; a voided round's stakes went back, so it adds no drop."""
    classic = load_preset("classic")
    played = RoundRecord("T1-000001", 1, classic, "d", 1_750_000_000.0, closed_at=1_750_000_060.0,
                         settled_house_net=-300, boxes=[BoxResult(settled(2, 300), (), 100, 0, 300)],
                         adjustments=[PaymentAdjusted("T1-000001", 2, 50, "pit_boss:anna", "short-paid")])
    voided = RoundRecord("T1-000002", 2, classic, "d", 1_750_000_100.0, closed_at=1_750_000_160.0, voided=True,
                         boxes=[BoxResult(settled(2, 0, "void"), (), 100, 0, 0)],
                         adjustments=[PaymentAdjusted("T1-000002", 2, 20, "pit_boss:anna", "goodwill")])
    report = build_report("T1", [played, voided])
    assert report.total.drop == 300 and report.total.win == -370 and report.adjustments == 2
    assert report.by_box[2].win == -370
    assert (played.house_net, voided.house_net) == (-350, -20)
    assert played.summary()["boxes"][0]["net"] == played.largest_payout == 350


def test_audit_shift_report_sets_theoretical_win_beside_actual_and_names_rules_without_an_edge():
    from controller.measured.house_edges import HouseEdge

    edge = HouseEdge("classic", "basic", 0.05, (0.045, 0.055), 1_000_000, "2026-11-22", bonus_edge=0.25)
    box = BoxResult(settled(1, -100, "lose", "NO_GAME"), (), 40, 20, 100)
    known = RoundRecord("T1-000001", 1, load_preset("classic"), "d-classic", 1_750_000_000.0,
                        closed_at=1_750_000_060.0, settled_house_net=100, boxes=[box])
    house_own = dataclasses.replace(load_preset("classic"), name="house-own")
    other = RoundRecord("T1-000002", 2, house_own, "d-own", 1_750_000_100.0, closed_at=1_750_000_160.0,
                        settled_house_net=100, boxes=[box])
    report = build_report("T1", [known, other], {"d-classic": edge})
    # 40 ante x 5% + 20 bonus x 25% = 7 chips expected on the known round; nothing invented for the other.
    assert report.total.theoretical == pytest.approx(7.0)
    assert report.by_box[1].theoretical == pytest.approx(7.0)
    assert report.total.win == 200 and report.total.theoretical_hold_pct == pytest.approx(3.5)
    assert report.rules_without_edge == {"house-own"}
    assert "theoretical_win" in report_csv(report).splitlines()[0]
    page = report_html(report)
    assert "theoretical win +7" in page and "house-own" in page and "5.00% per ante under basic" in page


def test_audit_report_reads_each_rounds_rules_digest_from_the_journal(session):
    from controller.core.rules import rules_digest

    with Journal(session, readonly=True) as journal:
        rounds = read_rounds(journal.entries())
    assert rounds and {r.rules_digest for r in rounds} == {rules_digest(load_preset(rounds[0].rules.name))}
    assert all("stakes" in r.box_line(box) for r in rounds for box in r.boxes)


def test_audit_of_a_journal_whose_events_cannot_be_replayed_says_so_without_a_traceback(session, tmp_path):
    """A row re-hashed by a forger into an event the table never writes (an opening without its round's id):
    the audit names the event and says to run verify, which names it too."""
    damaged = tmp_path / "damaged.journal"
    damaged.write_bytes(session.read_bytes())
    target: list[int] = []

    def drop_a_round_id(rows):
        row = next(r for r in rows if r[4] == "table.round_opened" and '"number":3' in r[7])
        row[7] = row[7].replace('"round_id":"T1-000003",', "")
        target.append(row[0])
        return rows

    rehash(damaged, drop_a_round_id)
    out = rptable("audit", "--journal", str(damaged), "rounds")
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert f"event {target[0]} (table.round_opened) cannot be replayed" in out.stderr and "audit verify" in out.stderr
    report = json.loads(rptable("audit", "--journal", str(damaged), "verify", "--json").stdout)
    assert report["first_bad_event"] == target[0] and "round_id" in report["reason"]
