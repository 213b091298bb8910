"""Journals written before the redesign (main at cb3386e) stay readable: they verify, replay and audit exactly
as that version answered (tests/data/journals-main-cb3386e/README.md says how each was made)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from ui.cli import main
from ui.cli.audit import EXIT_UNSIGNED

# Exports and reports need a pit boss's login: given through the environment, as a script gives it.
pytestmark = pytest.mark.usefixtures("pit_boss_login")

DATA = Path(__file__).parent / "data" / "journals-main-cb3386e"
JOURNALS = sorted(p.name.removesuffix(".journal.gz") for p in DATA.glob("*.journal.gz"))


def unpack(name: str, folder: Path) -> Path:
    """The journal `name` as a file of its own in `folder` (the originals stay untouched)."""
    path = folder / f"{name}.journal"
    path.write_bytes(gzip.decompress((DATA / f"{name}.journal.gz").read_bytes()))
    return path


# Keys the audit's JSON has gained since that version (the command-line contract adds, it does not rename): a
# round's `box_count` (the boxes so far of a round in play). The rest answers exactly as it did.
ADDED_SINCE = frozenset({"box_count"})


def as_that_version_answered(answer: object) -> object:
    """`answer` without the keys added since that version."""
    if isinstance(answer, dict):
        return {k: as_that_version_answered(v) for k, v in answer.items() if k not in ADDED_SINCE}
    if isinstance(answer, list):
        return [as_that_version_answered(v) for v in answer]
    return answer


def audit(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    assert main(["audit", *args]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("name", JOURNALS)
def test_journal_written_before_the_redesign_still_verifies(tmp_path: Path, name: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    journal = unpack(name, tmp_path)
    capsys.readouterr()
    # Whole, and written before the table sealed its journals: verify says so in its exit status
    assert main(["audit", "verify", "--journal", str(journal), "--json"]) == EXIT_UNSIGNED
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and report["verdict"] == "UNSIGNED", report
    assert report["rounds"] == len(json.loads((DATA / f"{name}.rounds.json").read_text()))


@pytest.mark.parametrize("name", JOURNALS)
@pytest.mark.parametrize("action", ["rounds", "recall", "show-2"])
def test_journal_written_before_the_redesign_audits_as_it_did(tmp_path: Path, name: str, action: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    journal = unpack(name, tmp_path)
    words = ["show", "2"] if action == "show-2" else [action]
    answer = json.loads(audit(capsys, *words, "--journal", str(journal), "--json"))
    assert as_that_version_answered(answer) == json.loads((DATA / f"{name}.{action}.json").read_text())


@pytest.mark.parametrize("name", JOURNALS)
def test_journal_written_before_the_redesign_exports_and_reports_as_it_did(
        tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    journal = unpack(name, tmp_path)
    for form in ("json", "csv"):
        out = tmp_path / f"export.{form}"
        audit(capsys, "export", "--journal", str(journal), "--format", form, "--out", str(out))
        expected = (DATA / f"{name}.export.{form}").read_text()
        if form == "json":
            assert as_that_version_answered(json.loads(out.read_text())) == json.loads(expected)
        else:
            assert out.read_text() == expected
    audit(capsys, "report", "--journal", str(journal), "--out", str(tmp_path))
    assert (tmp_path / "report.csv").read_text() == (DATA / f"{name}.report.csv").read_text()


# What a seeded session journals changed since that version only in these documented, versioned ways
# (docs/journal.md, "Event versions"): DealerRevealed 2 records the boxes that may buy the dealer a game, and
# DealerCardReplaced 2 whether he changes a card again (the machine's rulings, recorded on the event); the house
# rules' record is the preset as it reads today (presets gained keys and were read more faithfully since: the
# changelog names each change); and the table journals three kinds of its own (the operator guard's
# acknowledgement, the shoe's sessions, the journal's seals).
NEW_KINDS = frozenset({"table.rules_edge_acknowledged", "table.shoe_session", "table.signature"})
RULINGS_ADDED = {"DealerRevealed": {"buyers"}, "DealerCardReplaced": {"again"}}


def as_that_version_wrote(kind: str, payload: dict[str, object]) -> dict[str, object]:
    """A payload written today, in the words that version wrote: without what each versioned change added."""
    if kind in RULINGS_ADDED:
        return {k: (1 if k == "v" else v) for k, v in payload.items() if k not in RULINGS_ADDED[kind]}
    return payload


@pytest.mark.parametrize(("name", "command"), [
    ("online", ["--rules", "online", "--rounds", "25", "--seed", "7"]),
    ("russian-club", ["--rules", "russian-club", "--rounds", "25", "--seed", "11", "--boxes", "1"]),
])
def test_seeded_session_journals_the_same_events_as_before_the_redesign(tmp_path: Path, name: str,
                                                                         command: list[str]) -> None:
    """The same seed deals the same cards, takes the same decisions and pays the same amounts, event for event,
    as that version did; only the documented versioned changes differ."""
    from controller.table.journal import Journal

    fresh = tmp_path / "today.journal"
    assert main(["simulate", *command, "--journal", str(fresh)]) == 0

    def events(path: Path) -> list[tuple[str, str | None, str | None, dict[str, object]]]:
        journal = Journal(path, "T1")
        try:
            return [(e.kind, e.round_id, e.actor, e.payload) for e in journal.entries() if e.kind not in NEW_KINDS]
        finally:
            journal.close()

    before, today = events(unpack(name, tmp_path)), events(fresh)
    assert [e[:3] for e in today] == [e[:3] for e in before]
    for (kind, round_id, _, old), (_, _, _, new) in zip(before, today, strict=True):
        if kind == "table.rules":
            assert _preset(new) == _preset(old)
        else:
            assert as_that_version_wrote(kind, new) == old, f"{round_id} {kind}: {old} became {new}"


def _preset(record: dict[str, object]) -> object:
    rules = record["rules"]
    assert isinstance(rules, dict)
    return rules["name"]
