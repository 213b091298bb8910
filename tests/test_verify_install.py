"""Program verification: `rptable verify-install` lists the SHA-256 of every installed file and one digest of
them all; a table refuses to open when an installed file differs from the manifest written at install (a fault
naming the file), and journals every version it runs with its digest."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from controller.table.security.program import check_program, installed_files, package_roots, write_manifest
from ui.cli import main


@pytest.fixture
def installed_copy(tmp_path):
    """A copy of the installed packages to edit, as the table's machine holds them."""
    roots = {}
    for name, root in package_roots().items():
        roots[name] = tmp_path / "site" / name
        shutil.copytree(root, roots[name], ignore=shutil.ignore_patterns("__pycache__"))
    return roots


def test_verify_install_the_digest_is_the_sha256_of_the_sorted_file_list(installed_copy, tmp_path):
    installed = installed_files(installed_copy)
    some = "drivers/cards.py"
    assert installed.files[some] == hashlib.sha256((installed_copy["drivers"] / "cards.py").read_bytes()
                                                   ).hexdigest()
    listing = "".join(f"{p}\t{d}\n" for p, d in sorted(installed.files.items()))
    assert installed.digest == hashlib.sha256(listing.encode()).hexdigest()
    assert not any("__pycache__" in p for p in installed.files)


def test_verify_install_an_edited_installed_file_is_named_and_refused(installed_copy, tmp_path):
    manifest = tmp_path / "manifest.json"
    write_manifest("0.1.0", manifest, installed_copy)
    assert check_program(manifest, installed_copy).ok
    payouts = installed_copy["controller"] / "core" / "payouts.py"
    payouts.write_text(payouts.read_text() + "\n# paid double\n")
    (installed_copy["drivers"] / "extra.py").write_text("print('hi')\n")
    check = check_program(manifest, installed_copy)
    assert not check.ok and check.differs == ("controller/core/payouts.py (changed)",
                                              "drivers/extra.py (not in the certified program)")
    assert "controller/core/payouts.py (changed)" in check.fault_text()


def test_verify_install_console_and_simulate_refuse_a_program_that_differs(tmp_path, monkeypatch, capsys):
    manifest = tmp_path / "manifest.json"
    write_manifest("0.1.0", manifest)
    data = json.loads(manifest.read_text())
    data["files"]["controller/core/payouts.py"] = "0" * 64  # as if payouts.py had been edited since install
    manifest.write_text(json.dumps(data))
    monkeypatch.setenv("RPTABLE_MANIFEST", str(manifest))
    journal = tmp_path / "T1.journal"
    assert main(["simulate", "--rules", "classic", "--rounds", "2", "--journal", str(journal)]) == 1
    assert "PROGRAM fault" in capsys.readouterr().err and not journal.exists()
    assert main(["console", "--journal", str(journal), "--screenshot", str(tmp_path / "s.png")]) == 1
    assert "controller/core/payouts.py (changed)" in capsys.readouterr().err
    assert main(["verify-install", "--json"]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert answer["ok"] is False and answer["differs"] == ["controller/core/payouts.py (changed)"]


def test_verify_install_every_version_change_is_journaled_with_its_digest(tmp_path, monkeypatch, capsys):
    manifest = tmp_path / "manifest.json"
    monkeypatch.setenv("RPTABLE_MANIFEST", str(manifest))
    assert main(["verify-install", "--write"]) == 0
    journal = tmp_path / "T1.journal"
    for rounds in (2, 3, 4):
        assert main(["simulate", "--rules", "classic", "--rounds", str(rounds), "--journal", str(journal)]) == 0
    capsys.readouterr()
    assert main(["verify-install", "--json"]) == 0
    digest = json.loads(capsys.readouterr().out)["digest"]
    assert main(["audit", "verify", "--journal", str(journal)]) == 0
    from controller.table.journal import Journal

    with Journal(journal, readonly=True) as read:
        programs = [e.payload for e in read.entries() if e.kind == "table.program"]
    assert [p["digest"] for p in programs] == [digest]  # the same program three times: journaled once


def test_verify_install_lists_every_file(capsys):
    assert main(["verify-install"]) == 1  # no manifest in a test's data folder: not certified
    out = capsys.readouterr().out
    assert "controller/table/security/program.py" in out and "NOT CERTIFIED" in out
    assert Path(__file__).name not in out  # the tests are not the program
