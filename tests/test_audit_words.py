"""`rptable audit show` and `recall` in words a pit boss reads: "box 1 bets 200", "dealer shows
one pair: qualifies", "box 3 settled: wins, flush, net +1,000", never the journal's names ("BetPlaced: amount
200", "ONE_PAIR no_qualify"); and a settlement is nobody's act, so it is not credited to the player whose bet
happened to close the round."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_kit import rptable_in_shell as rptable  # with only what a table's shell gives it

JOURNAL_NAME = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b|\b[A-Z]+_[A-Z_]+\b|\bno_qualify\b")


@pytest.fixture(scope="module")
def journal(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("words") / "T1.journal"
    out = rptable("simulate", "--rules", "progressive", "--rounds", "12", "--seed", "5", "--journal", str(path))
    assert out.returncode == 0, out.stderr
    return path


def test_audit_show_says_every_step_in_words_and_credits_no_one_with_a_settlement(journal: Path) -> None:
    for number in range(1, 13):
        out = rptable("audit", "--journal", str(journal), "show", str(number))
        assert out.returncode == 0, out.stderr
        assert not JOURNAL_NAME.findall(out.stdout), (number, JOURNAL_NAME.findall(out.stdout), out.stdout)
        settled = [line for line in out.stdout.splitlines() if " settled: " in line or "round closed" in line]
        assert settled
        for line in settled:  # "    139 14:03:21                    box 1 settled: ..." - no one in the actor column
            _seq, _at, rest = line.split(maxsplit=2)
            assert rest.startswith(("box", "round closed")), line


def test_audit_recall_says_hands_and_outcomes_in_words(journal: Path) -> None:
    out = rptable("audit", "--journal", str(journal), "recall")
    assert out.returncode == 0, out.stderr
    assert not JOURNAL_NAME.findall(out.stdout), JOURNAL_NAME.findall(out.stdout)
