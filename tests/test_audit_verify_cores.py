"""`audit verify` on every core (docs/journal.md "The journal": "`audit verify` finds any edit, deletion or
reordering"): the journal is cut into stretches at round openings and checked on several processes, and the
answer is exactly the in-order answer: the lowest bad event wins, whichever process found it."""

import json
import re

import pytest
from cli_kit import rptable
from forgery import copy, raw_rows, rehash, rewrite
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.opening.simulate import simulate
from controller.table.audit.rounds import verify_journal
from controller.table.audit.verify import verify_journal_file
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.qa.autoplay import QA_PIT_BOSS
from controller.table.rule_files import load_preset

SEED = 11
FAULTS = "jam@40,double@90,unplug@300:2s,unreadable@500"


def on_cores(path, cores):
    return verify_journal_file(str(path), cores=cores, parallel_from=0).to_dict()


@pytest.fixture(scope="module")
def session(simulated_journal):
    """36 rounds with shoe faults (opened and resolved by the QA pit boss) and, after round 5, a pit boss's
    adjustment of a box settled in round 2: an adjustment that names a box of an earlier stretch."""
    path = simulated_journal(5, SEED, faults=FAULTS)
    with Journal(path) as journal:
        TableController(journal).overrides.adjust_payment("T1-000002", 3, 5, QA_PIT_BOSS,
                                                          "chip miscount, camera checked")
    simulate(load_preset("classic"), 36, SEED, journal_path=path, faults=FAULTS)
    return path


def test_audit_verify_on_two_and_three_cores_agrees_with_one(session):
    one = on_cores(session, 1)
    assert one["ok"] and one["rounds"] == 36
    assert on_cores(session, 2) == one == on_cores(session, 3)
    with Journal(session, readonly=True) as journal:
        kinds = {e.kind for e in journal.entries()}
    assert {"table.fault", "table.fault_resolved", "table.adjustment"} <= kinds  # the stretches' table state


def test_audit_verify_lowest_bad_event_wins_whichever_core_finds_it(session, tmp_path):
    # An edit (chain) late in the journal and a rehashed forged payment early: the forgery is the first bad
    # event although its stretch is checked by another process than the edit's.
    forged = copy(session, tmp_path / "two.journal")
    rows = raw_rows(forged)
    early = next(r[0] for r in rows if r[4] == "BoxSettled" and json.loads(r[7])["net"] < 0)

    def forge_early(rows):
        for row in rows:
            if row[0] == early:
                data = json.loads(row[7])
                data["net"] = -data["net"]
                row[7] = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return rows

    rehash(forged, forge_early)
    rows = raw_rows(forged)
    late = rows[-100]
    late[7] = late[7].replace('"v":1', '"v":1 ')  # an edit after the fact: the chain breaks there
    rewrite(forged, rows)
    report = on_cores(forged, 2)
    assert report["first_bad_event"] == early and "pay" in report["reason"]
    assert report == on_cores(forged, 1)


def adjust_round_30_box_9(rows):
    """A forger's adjustment of box 9 of round 30, which never played, inserted before round 31 opens."""
    at = next(i for i, r in enumerate(rows) if r[4] == "table.round_opened" and '"number":31' in r[7])
    payload = json.dumps({"actor": "pit_boss:qa-simulation", "amount": 50, "box": 9, "reason": "complaint",
                          "round_id": "T1-000030"}, sort_keys=True, separators=(",", ":"))
    before = rows[at - 1]
    rows.insert(at, [before[0] + 1, "T1", before[2], None, "table.adjustment", 1, "pit_boss:qa-simulation",
                     payload, ""])
    for i, row in enumerate(rows[at + 1:], start=at + 1):
        row[0] = rows[i - 1][0] + 1
    return rows


def test_audit_verify_an_adjustment_of_a_box_never_settled_is_named_across_stretches(session, tmp_path):
    forged = copy(session, tmp_path / "adjust.journal")
    rehash(forged, adjust_round_30_box_9)
    report = on_cores(forged, 2)
    assert not report["ok"] and "never settled" in report["reason"] and report["rounds"] == 30
    assert report == on_cores(forged, 1)


MUTATIONS = ("edit", "delete", "garble", "forge_rehashed", "swap")


def mutate(rows, kind, index):
    """One tampering of the raw rows at `index`; True if the hashes are to be recomputed (a forger's)."""
    row = rows[index]
    if kind == "edit":
        row[7] = row[7].replace(":", ": ", 1)
    elif kind == "delete":
        del rows[index]
    elif kind == "garble":
        row[7] = "{not json"
    elif kind == "swap" and index + 1 < len(rows):
        rows[index][7], rows[index + 1][7] = rows[index + 1][7], rows[index][7]
    elif kind == "forge_rehashed":
        try:
            data = json.loads(row[7])
        except json.JSONDecodeError:  # garbled by the first tampering: nothing left to forge
            return False
        for key in ("net", "house_net", "card", "box", "amount"):
            if isinstance(data.get(key), int):
                data[key] += 1
                break
            if key == "card" and isinstance(data.get(key), str):
                data[key] = "AS" if data[key] != "AS" else "KD"
                break
        row[7] = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return True
    return False


# Each example verifies on 1, 2 and 4 cores, forking a process per stretch: a few, drawn afresh at every run.
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=st.sampled_from(MUTATIONS), second=st.sampled_from(MUTATIONS), where=st.floats(0.0, 1.0),
       gap=st.floats(0.0, 1.0))
def test_audit_verify_every_tampering_names_the_same_event_on_any_number_of_cores(session, tmp_path_factory,
                                                                                  first, second, where, gap):
    path = copy(session, tmp_path_factory.mktemp("tamper") / "T1.journal")
    rows = raw_rows(path)
    a = int(where * (len(rows) - 2))
    b = min(len(rows) - 2, a + int(gap * len(rows)))
    if mutate(rows, first, a):
        rehash(path, lambda _: [r[:9] for r in rows])
        rows = raw_rows(path)
    if mutate(rows, second, min(b, len(rows) - 2)):
        rehash(path, lambda _: [r[:9] for r in rows])
    else:
        rewrite(path, rows)
    one = on_cores(path, 1)
    assert on_cores(path, 2) == one == on_cores(path, 4)
    if first in ("edit", "delete", "garble") and second != "forge_rehashed":  # (a forger's re-hash hides it)
        assert not one["ok"]


def test_audit_verify_the_list_form_agrees_with_the_file_form(session):
    with Journal(session, readonly=True) as journal:
        assert verify_journal(list(journal.entries())).to_dict() == on_cores(session, 2)


def test_audit_verify_a_file_damaged_below_its_rows_is_a_clear_refusal_on_any_number_of_cores(session, tmp_path):
    damaged = copy(session, tmp_path / "damaged.journal")
    size = damaged.stat().st_size
    with open(damaged, "r+b") as raw:
        raw.seek(size // 2)
        raw.write(b"\xde\xad" * 4096)
    one = on_cores(damaged, 1)
    assert not one["ok"] and re.search(r"malformed|cannot be read|damaged below", one["reason"]), one
    assert on_cores(damaged, 2) == one  # a damaged file is read in one pass, in order, on any number of cores
    out = rptable("audit", "--journal", str(damaged), "verify", "--json")  # the command's answer, in this process
    assert out.returncode == 1 and json.loads(out.stdout)["ok"] is False and "Traceback" not in out.stderr


def test_audit_verify_kept_running_over_a_growing_journal_agrees_with_verify(tmp_path):
    # The replica's follower checks only what was appended since its last pass; pass by pass it must reach the
    # answer verify gives the whole journal, adjustments of boxes settled passes earlier included.
    from controller.table.audit.verify import RunningVerify

    path = tmp_path / "T1.journal"
    running = RunningVerify("T1")
    simulate(load_preset("classic"), 3, SEED, journal_path=path, faults=FAULTS)
    with Journal(path, readonly=True) as journal:
        assert running.advance(journal).ok
    with Journal(path) as journal:
        TableController(journal).overrides.adjust_payment("T1-000002", 3, 5, QA_PIT_BOSS,
                                                          "chip miscount, camera checked")
    simulate(load_preset("classic"), 8, SEED, journal_path=path, faults=FAULTS)
    with Journal(path, readonly=True) as journal:
        answer = running.advance(journal).to_dict()
    assert answer == on_cores(path, 1) and answer["ok"] and answer["rounds"] == 8


def test_audit_verify_kept_running_names_an_adjustment_of_a_box_never_settled(session, tmp_path):
    from controller.table.audit.verify import RunningVerify

    forged = copy(session, tmp_path / "adjust.journal")
    rehash(forged, adjust_round_30_box_9)
    with Journal(forged, readonly=True) as journal:
        answer = RunningVerify("T1").advance(journal).to_dict()
    assert answer == on_cores(forged, 1) and "never settled" in answer["reason"]
