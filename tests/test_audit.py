"""`rptable audit` (issue: table application): pit bosses list, replay, recall, verify, export and report."""

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from controller.table.journal import entry_hash

ROOT = Path(__file__).resolve().parents[1]
ENV = {"PYTHONPATH": f"{ROOT}:{ROOT / 'hardware-sim'}", "PATH": "/usr/bin:/bin"}


def rptable(*args):
    return subprocess.run([sys.executable, "-m", "controller", *args], capture_output=True, text=True, env=ENV,
                          cwd=ROOT, timeout=120)


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    path = tmp_path_factory.mktemp("audit") / "T1.journal"
    out = rptable("simulate", "--rules", "classic", "--rounds", "14", "--seed", "4", "--journal", str(path))
    assert out.returncode == 0, out.stderr
    return path


def test_audit_verify_passes_on_a_simulated_session(session):
    out = rptable("audit", "--journal", str(session), "verify", "--json")
    report = json.loads(out.stdout)
    assert out.returncode == 0 and report["ok"] and report["rounds"] == 14 and report["first_bad_event"] is None


def test_audit_verify_recomputes_payments_and_catches_a_rehashed_forgery(session, tmp_path):
    # A forger who knows the hash rule rewrites a payment and re-hashes the rest of the chain: the replay,
    # which pays every box again from its cards and the rules, still names the event.
    forged = tmp_path / "forged.journal"
    forged.write_bytes(session.read_bytes())
    db = sqlite3.connect(forged)
    db.execute("DROP TRIGGER events_no_update")
    rows = db.execute("SELECT seq, table_id, at, round_id, kind, version, actor, payload, prev_hash FROM events "
                      "ORDER BY seq").fetchall()
    target = next(r for r in rows if r[4] == "BoxSettled" and json.loads(r[7])["outcome"] == "lose")
    prev = None
    for seq, table_id, at, round_id, kind, version, actor, payload, prev_hash in rows:
        if seq == target[0]:
            data = json.loads(payload)
            data["bet"], data["net"] = -data["bet"], data["net"] - 2 * data["bet"]
            data["outcome"] = "win"
            payload = json.dumps(data, sort_keys=True, separators=(",", ":"))
        prev_hash = prev or prev_hash
        digest = entry_hash(seq, table_id, at, round_id, kind, version, actor, payload, prev_hash)
        db.execute("UPDATE events SET payload = ?, prev_hash = ?, hash = ? WHERE seq = ?",
                   (payload, prev_hash, digest, seq))
        prev = digest
    db.commit()
    db.close()
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
