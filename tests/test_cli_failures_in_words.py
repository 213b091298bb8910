"""Every command's failure is a sentence with the exit status the command-line contract gives it: bytes that are
not text where a PIN is read, a --db that is not the floor's database, a journal that is not there. None of them
ends in an error rptable did not expect (70), passes as done (0), or leaves a file behind. A PIN is read from the
standard input of a process of its own, as the program reads it; the other commands run in this process."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_kit import rptable, rptable_process  # the latter: standard input read as the program reads it

NOT_TEXT = b"\xff\xfe\x8c\x01\x02pin\n" * 3


@pytest.mark.parametrize("stdin", [NOT_TEXT, Path("/dev/zero")], ids=["bytes that are not text", "/dev/zero"])
def test_users_bootstrap_with_a_pin_that_is_not_text_is_refused_in_a_sentence(tmp_path: Path,
                                                                              stdin: bytes | Path) -> None:
    done = rptable_process("users", "--users", "new.db", "bootstrap", "root", stdin=stdin, cwd=tmp_path)
    said = done.stderr
    assert done.returncode == 1 and "not text" in said, said
    assert "did not expect" not in said
    assert rptable("users", "--users", "new.db", "list", cwd=tmp_path).stdout == ""  # no admin was made


@pytest.mark.program_pin_cost  # the accounts made here are read by a process of its own
def test_users_an_admins_pin_that_is_not_text_is_a_wrong_pin(tmp_path: Path) -> None:
    made = rptable("users", "--users", "staff.db", "bootstrap", "root", stdin=b"pin-4821\n", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    done = rptable_process("users", "--users", "staff.db", "add", "anna", "--role", "dealer", "--admin", "root",
                           stdin=NOT_TEXT, cwd=tmp_path)
    assert done.returncode == 1 and "Name or PIN is wrong." in done.stderr, done.stderr


@pytest.mark.parametrize("command", [("users", "--db", "notaurl", "list"),
                                     ("audit", "--db", "notaurl", "--table", "T1", "recall"),
                                     ("rules", "acknowledge", "--journal", "T1.journal", "--admin", "root",
                                      "--reason", "x", "--db", "notaurl")], ids=lambda c: c[0])
def test_a_db_that_is_not_the_floors_database_is_refused_and_no_file_is_made_of_it(tmp_path: Path,
                                                                                   command: tuple[str, ...]) -> None:
    done = rptable(*command, cwd=tmp_path)
    assert done.returncode == 2 and "'notaurl' is not the floor's database" in done.stderr, done.stderr
    assert not (tmp_path / "notaurl").exists()


def test_rules_acknowledge_on_a_journal_that_is_not_there_says_so_and_makes_none(tmp_path: Path) -> None:
    done = rptable("rules", "acknowledge", "--journal", "missing.journal", "--admin", "root", "--reason", "x",
                   cwd=tmp_path)
    assert done.returncode == 1 and "There is no journal at missing.journal" in done.stderr, done.stderr
    assert list(tmp_path.iterdir()) == []


def test_audit_verify_of_damage_below_the_events_names_no_event_and_never_says_none(tmp_path: Path) -> None:
    played = rptable("simulate", "--rules", "four-seat", "--rounds", "3", "--seed", "1", "--journal", "T1.journal",
                     cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    journal = tmp_path / "T1.journal"
    with open(journal, "r+b") as file:  # a page in the middle of the file zeroed
        file.seek(8192)
        file.write(bytes(4096))
    for args in ((), ("--json",)):
        done = rptable("audit", "verify", "--journal", "T1.journal", *args, cwd=tmp_path)
        said = done.stdout + done.stderr
        assert done.returncode == 1 and "None" not in said, said


@pytest.mark.parametrize("action", [("list",), ("disable", "anna", "--admin", "root")], ids=lambda a: a[0])
def test_users_on_an_accounts_file_that_is_not_there_says_so_and_makes_none(tmp_path: Path,
                                                                            action: tuple[str, ...]) -> None:
    done = rptable("users", "--users", "staff/users.db", *action, stdin=b"pin-4821\n", cwd=tmp_path)
    assert done.returncode == 1 and "There are no staff accounts at staff/users.db" in done.stderr, done.stderr
    assert list(tmp_path.iterdir()) == []
