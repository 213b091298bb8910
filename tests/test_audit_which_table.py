"""ARCH-AUDIT: `rptable audit` on a journal file given without --table audits the table whose events the file
holds (a QA session of table T2 in T2.journal is verified as written: `audit verify --journal T2.journal`); asked
of another table, it says which table the file holds. Which tables a file holds is read down its key, at the same
cost on a long-lived file as on a new one (a scan took 1.6 s at 100,000 rounds)."""

from __future__ import annotations

import pytest

from controller.opening.simulate import simulate
from controller.table.journal import Journal
from controller.table.rule_files import load_preset
from controller.table.security.signing import table_key
from ui.cli import main


def test_arch_audit_a_journal_of_one_table_is_audited_without_naming_it(tmp_path, capsys) -> None:
    path = tmp_path / "T2.journal"
    simulate(load_preset("four-seat"), 3, 2, journal_path=path, table_id="T2", key=table_key("T2"))
    assert main(["audit", "--journal", str(path), "verify"]) == 0
    assert "OK:" in capsys.readouterr().out


def test_arch_audit_another_table_asked_of_a_journal_is_told_which_table_it_holds(tmp_path, capsys) -> None:
    path = tmp_path / "T2.journal"
    simulate(load_preset("four-seat"), 2, 2, journal_path=path, table_id="T2")
    with Journal(path, "T2", readonly=True) as journal:
        assert journal.table_ids() == ["T2"]
    assert main(["audit", "--journal", str(path), "--table", "T7", "rounds"]) == 1
    assert "holds no events of table T7 (tables in it: T2)" in capsys.readouterr().err


@pytest.fixture(autouse=True)
def _umask():
    import os

    umask = os.umask(0o022)
    os.umask(umask)
    yield
    os.umask(umask)  # the command sets its own
