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
