"""docs/security.md "The attacks, tried": what an attacker on the table's own disk and command line tried, and
what now refuses it. A link put in the accounts store's place answers to the pin of the path the table was given;
a head file (the journal's, the accounts') that is a named pipe or a link to /dev/zero is refused, never read;
`audit --journal F --db URL verify` verifies F and compares it with the floor's copy; a PIN that is a walk along
the keys, a pair of woven sequences, each character doubled, a common word with a number, or the account's name
with a number is refused; a refused bootstrap leaves no accounts file, and a manifest that is not a file is
refused before anything is listed."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

import pytest
from floor_kit import needs_postgres
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.table.security.accounts_pin import PIN_ENV
from controller.table.security.common_secrets import KEYBOARD_LINES
from controller.table.security.users import weak_secret
from ui.cli import main

pytest_plugins = ["floor_kit"]
ROOT, VERA, ANNA = "pin-4821", "vera-7314", "anna-5531"
DOCS = Path(__file__).resolve().parents[1] / "docs"


def run(capsys, monkeypatch, *argv, stdin: str | io.IOBase = ""):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin) if isinstance(stdin, str) else stdin)
    capsys.readouterr()
    status = main([str(arg) for arg in argv])
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.fixture
def pin(tmp_path, monkeypatch):
    path = tmp_path / "etc" / "accounts.pin"
    monkeypatch.setenv(PIN_ENV, str(path))
    return path


def bootstrapped(capsys, monkeypatch, users: Path, admin: str = "root", secret: str = ROOT) -> None:
    status, _, err = run(capsys, monkeypatch, "users", "--users", users, "bootstrap", admin, stdin=f"{secret}\n")
    assert status == 0, err


def pinned(capsys, monkeypatch, users: Path, pin: Path) -> None:
    status, _, err = run(capsys, monkeypatch, "users", "--users", users, "anchor", "--out", pin)
    assert status == 0, err


def linked_in_place(users: Path, other: Path) -> None:
    """The attacker's move: the store's three files replaced by links to another store's."""
    for suffix in ("", ".key", ".head"):
        Path(f"{users}{suffix}").unlink()
        Path(f"{users}{suffix}").symlink_to(f"{other}{suffix}")


# -- 1. the accounts pin and a store that is a link ----------------------------------------------------------
def test_accounts_pin_a_store_replaced_by_a_link_to_an_unpinned_store_is_checked_against_the_pin_of_its_path(
        tmp_path, pin, capsys, monkeypatch):
    users, evil = tmp_path / "data" / "users.db", tmp_path / "evil" / "users.db"
    bootstrapped(capsys, monkeypatch, users)
    pinned(capsys, monkeypatch, users, pin)
    bootstrapped(capsys, monkeypatch, evil, "evil", "evil-9402")  # a store of the attacker's, nowhere pinned
    linked_in_place(users, evil)
    status, out, err = run(capsys, monkeypatch, "users", "--users", users, "list")
    assert status == 1 and out == ""
    assert "not the one pinned" in err and f"users.db is a link to {evil}" in err


def test_accounts_pin_a_store_linked_to_another_pinned_store_does_not_pass_for_the_one_pinned_at_its_path(
        tmp_path, pin, capsys, monkeypatch):
    users, other = tmp_path / "data" / "users.db", tmp_path / "other" / "users.db"
    bootstrapped(capsys, monkeypatch, users)
    pinned(capsys, monkeypatch, users, pin)
    bootstrapped(capsys, monkeypatch, other, "boris", "boris-9402")  # another table's store, pinned by root too
    pinned(capsys, monkeypatch, other, pin)
    linked_in_place(users, other)  # its pin, keyed by the path the link leads to, matches: it must not count here
    status, out, err = run(capsys, monkeypatch, "users", "--users", users, "list")
    assert status == 1 and out == "" and "not the one pinned" in err
    status, _, err = run(capsys, monkeypatch, "users", "--users", users, "add", "mole", "--role", "admin", "--admin",
                         "boris", stdin="boris-9402\nmole-5820\n")
    assert status == 1 and "tampered" in err


def test_accounts_pin_names_the_path_given_so_a_store_reached_through_a_linked_folder_is_still_pinned(
        tmp_path, pin, capsys, monkeypatch):
    real = tmp_path / "disk" / "rptable"
    bootstrapped(capsys, monkeypatch, real / "users.db")
    (tmp_path / "data").symlink_to(real)  # the data folder is a link (a home on another disk)
    users = tmp_path / "data" / "users.db"
    pinned(capsys, monkeypatch, users, pin)
    stores = json.loads(pin.read_text())["stores"]
    assert set(stores) == {str(users), str(real / "users.db")}
    for path in (users, real / "users.db"):
        status, out, err = run(capsys, monkeypatch, "users", "--users", path, "list")
        assert status == 0 and out.startswith("root"), err


# -- 2. head files that are no files --------------------------------------------------------------------------
@pytest.fixture
def journal(tmp_path, capsys, monkeypatch):
    path = tmp_path / "T1.journal"
    status, _, err = run(capsys, monkeypatch, "simulate", "--rules", "four-seat", "--rounds", "2", "--seed", "1",
                         "--journal", path)
    assert status == 0, err
    return path


def fifo_in_place(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def dev_zero_in_place(path: Path) -> None:
    path.unlink()
    path.symlink_to("/dev/zero")


@pytest.mark.parametrize("put", [fifo_in_place, dev_zero_in_place], ids=["fifo", "dev-zero"])
def test_journal_head_that_is_no_file_is_refused_by_verify_never_taken_for_a_missing_one(journal, put, capsys,
                                                                                         monkeypatch):
    put(Path(f"{journal}.head"))
    status, out, _ = run(capsys, monkeypatch, "audit", "--journal", journal, "verify")
    assert status == 1
    assert "TAMPERED OR DAMAGED: the journal's head file T1.journal.head is" in out
    assert "not a regular file" in out and "it was not read" in out


@pytest.mark.parametrize(("put", "kind"), [(fifo_in_place, "is a named pipe (FIFO)"),
                                           (dev_zero_in_place, "is a link to a device")], ids=["fifo", "dev-zero"])
def test_journal_head_that_is_no_file_is_refused_by_the_writer_before_anything_is_written(journal, put, kind, capsys,
                                                                                         monkeypatch):
    put(Path(f"{journal}.head"))
    before = journal.stat().st_size
    status, _, err = run(capsys, monkeypatch, "simulate", "--rules", "four-seat", "--rounds", "1", "--seed", "2",
                         "--journal", journal)
    assert status == 1
    assert f"its head file {journal}.head {kind}, not a regular file. Nothing was written." in err
    assert journal.stat().st_size == before


def test_journal_head_that_is_no_file_is_said_by_the_audits_views_with_exit_1(journal, capsys, monkeypatch):
    fifo_in_place(Path(f"{journal}.head"))
    status, out, err = run(capsys, monkeypatch, "audit", "--journal", journal, "rounds", "--limit", "1")
    assert status == 1 and "T1-000002" in out
    assert "WARNING: the journal's head file T1.journal.head is a named pipe (FIFO)" in err
    assert "it was not read, so events cut from the journal's end would not show" in err


@pytest.mark.parametrize("put", [fifo_in_place, dev_zero_in_place], ids=["fifo", "dev-zero"])
def test_accounts_head_that_is_no_file_does_not_hide_events_cut_from_the_end(tmp_path, put, capsys, monkeypatch):
    import sqlite3

    users = tmp_path / "data" / "users.db"
    bootstrapped(capsys, monkeypatch, users)
    status, _, err = run(capsys, monkeypatch, "users", "--users", users, "add", "anna", "--role", "dealer",
                         "--admin", "root", stdin=f"{ROOT}\n{ANNA}\n")
    assert status == 0, err
    db = sqlite3.connect(users)
    db.executescript("DROP TRIGGER account_events_no_delete; DELETE FROM account_events WHERE name = 'anna';")
    db.close()
    put(Path(f"{users}.head"))
    status, out, err = run(capsys, monkeypatch, "users", "--users", users, "list")
    assert status == 1 and out == ""
    assert "its head file users.db.head cannot be read (it is a" in err and "events cut from its end" in err


# -- 3. audit --journal F --db URL verify ---------------------------------------------------------------------
@needs_postgres
def test_audit_verify_with_db_verifies_the_journal_given_and_compares_it_with_the_floors_copy(
        tmp_path, journal, database, capsys, monkeypatch):
    floor_db = database
    status, _, err = run(capsys, monkeypatch, "replicate", "--journal", journal, "--to", floor_db)
    assert status == 0, err
    status, out, err = run(capsys, monkeypatch, "audit", "--journal", journal, "--db", floor_db, "verify")
    assert status == 0, err
    assert out.startswith("OK: ") and "FLOOR: the floor's copy holds" in out and "END UNWITNESSED" not in out

    status, out, err = run(capsys, monkeypatch, "audit", "--journal", tmp_path / "gone.journal", "--db", floor_db,
                           "verify")
    assert status == 1 and out == "" and "There is no journal at" in err and "gone.journal" in err

    other = tmp_path / "other" / "T1.journal"  # another journal of table T1, sealed with this machine's key
    status, _, err = run(capsys, monkeypatch, "simulate", "--rules", "four-seat", "--rounds", "2", "--seed", "7",
                         "--journal", other)
    assert status == 0, err
    status, out, _ = run(capsys, monkeypatch, "audit", "--journal", other, "--db", floor_db, "verify", "--json")
    answer = json.loads(out)
    assert status == 1 and answer["ok"] and answer["verdict"] == "TAMPER_EVIDENCE"
    assert not answer["floor_copy"]["agrees"] and "differs from the replica's copy" in answer["floor_copy"]["words"]


# -- 4. weak PINs -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("secret", "words"), [
    ("142536", "two sequences woven together"), ("11223344", "each written twice"),
    ("1qaz2wsx", "a walk along the keys"), ("qazwsx", "a walk along the keys"),
    ("q1w2e3r4", "two sequences woven together"), ("a1b2c3", "two sequences woven together"),
    ("123abc", "a common word with a number"), ("pass123", "a common word with a number"),
    ("741852963", "a walk along the keys"), ("147852369", "a walk along the keys"),
    ("qwerty1", "a common word with a number"), ("112233", "people choose most"),
    ("qweasdzxc", "a walk along the keys"), ("йцукенфыва", "a walk along the keys"),
])
def test_pins_a_guesser_tries_first_that_an_attack_got_through_are_refused(secret, words):
    assert words in weak_secret("zed", secret)


@pytest.mark.parametrize(("name", "secret"), [("anna", "anna2024"), ("ivan", "ivan123"), ("anna", "Anna-2024"),
                                              ("ivan", "77ivan"), ("vera", "veraqwerty"), ("anna", "anna_anna")])
def test_pins_the_account_name_with_a_number_or_a_sequence_are_refused(name, secret):
    assert "the account's name with a number or a sequence" in weak_secret(name, secret)


@st.composite
def keyboard_walks(draw):
    """Runs of three or more keys along lines of the keyboard or the keypad, either way, one after another."""
    lines = [line for line in KEYBOARD_LINES if len(line) >= 3]
    walk = ""
    while len(walk) < 6:
        line = draw(st.sampled_from(lines))
        line = line[::-1] if draw(st.booleans()) else line
        start = draw(st.integers(0, len(line) - 3))
        end = draw(st.integers(start + 3, len(line)))
        walk += line[start:end]
    return walk


# The default run draws 60 walks and names; the `_nightly` twins (marked slow, `make test-slow`) draw 200.
@settings(max_examples=60, deadline=None)
@given(keyboard_walks())
def test_every_keyboard_walk_is_refused(walk):
    assert weak_secret("zed", walk) != ""


@pytest.mark.slow  # test_every_keyboard_walk_is_refused over 200 walks
@settings(max_examples=200, deadline=None)
@given(keyboard_walks())
def test_every_keyboard_walk_is_refused_nightly(walk):
    test_every_keyboard_walk_is_refused.hypothesis.inner_test(walk)


names = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz"), min_size=3, max_size=8)
guessable_numbers = st.sampled_from(["1", "12", "123", "1234", "2024", "1999", "007", "111", "4321"])


@settings(max_examples=60, deadline=None)
@given(names, guessable_numbers)
def test_every_name_with_a_guessable_number_before_or_after_it_is_refused(word, number):
    assert weak_secret(word, word + number) != ""
    assert weak_secret(word, number + word) != ""


@pytest.mark.slow  # test_every_name_with_a_guessable_number_before_or_after_it_is_refused over 200 names
@settings(max_examples=200, deadline=None)
@given(names, guessable_numbers)
def test_every_name_with_a_guessable_number_before_or_after_it_is_refused_nightly(word, number):
    test_every_name_with_a_guessable_number_before_or_after_it_is_refused.hypothesis.inner_test(word, number)


def manual_pins() -> list[tuple[str, str]]:
    """Every (account, PIN) the manual shows being accepted: a bootstrap's, an add's or a new PIN's."""
    shown = []
    for page in DOCS.rglob("*.md"):
        for line in page.read_text(encoding="utf-8").splitlines():
            found = re.search(r"printf '([^']*)' \| rptable users .*?(bootstrap|add|pin) ([\w.-]+)", line)
            if found:
                secrets = found.group(1).split("\\n")
                shown.append((found.group(3), secrets[-2] if found.group(2) != "bootstrap" else secrets[0]))
    return shown


def test_the_pins_the_manual_shows_accepted_are_still_accepted():
    shown = manual_pins()
    assert ("vera", VERA) in shown and ("anna", ANNA) in shown and ("root", ROOT) in shown and len(shown) >= 6
    assert [(name, secret) for name, secret in shown if weak_secret(name, secret)] == []


# -- 5. junk on standard input; a manifest that is no file ---------------------------------------------------
def test_bootstrap_with_binary_junk_on_standard_input_leaves_no_accounts_file_and_a_proper_one_then_works(
        tmp_path, capsys, monkeypatch):
    users = tmp_path / "new.db"
    # Bytes that are no UTF-8 before any newline: random bytes alone began with a short line of text now and then
    # (a newline among the first few), which was then a PIN too short, not junk.
    junk = io.TextIOWrapper(io.BytesIO(b"x\xff\xfe" + os.urandom(100_000)), encoding="utf-8",
                            errors="surrogateescape")
    status, out, err = run(capsys, monkeypatch, "users", "--users", users, "bootstrap", "root", stdin=junk)
    assert status == 1 and out == "" and "not text" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    status, out, err = run(capsys, monkeypatch, "users", "--users", users, "bootstrap", "root", stdin=f"{ROOT}\n")
    assert status == 0 and "made as the first admin" in out, err


def test_bootstrap_refused_by_a_weak_pin_leaves_no_accounts_file(tmp_path, capsys, monkeypatch):
    users = tmp_path / "new.db"
    status, _, err = run(capsys, monkeypatch, "users", "--users", users, "bootstrap", "root", stdin="1qaz2wsx\n")
    assert status == 1 and "a walk along the keys" in err
    assert list(tmp_path.iterdir()) == []


def test_verify_install_refuses_a_manifest_that_is_no_file_before_listing_anything(tmp_path, capsys, monkeypatch):
    fifo = tmp_path / "manifest.fifo"
    os.mkfifo(fifo)
    for manifest in ("/dev/zero", fifo):
        status, out, err = run(capsys, monkeypatch, "verify-install", "--manifest", manifest)
        assert status == 2 and out == ""
        assert f"{manifest} cannot be the manifest: it is a" in err and "Nothing was checked or written." in err


def test_verify_install_write_never_puts_a_manifest_in_the_place_of_a_pipe_or_a_device(tmp_path, capsys,
                                                                                       monkeypatch):
    # A pipe only: a program that wrongly wrote here as root would replace the device itself (/dev/zero).
    fifo = tmp_path / "manifest.fifo"
    os.mkfifo(fifo)
    status, out, err = run(capsys, monkeypatch, "verify-install", "--manifest", fifo, "--write")
    assert status == 2 and out == "" and "it is a named pipe (FIFO)" in err
    assert fifo.is_fifo() and sorted(p.name for p in tmp_path.iterdir()) == ["manifest.fifo"]


def test_every_new_refusal_of_a_weak_pin_is_said_in_russian_at_the_console(qapp):
    """The console's staff desk says the new refusals in Russian too, their examples in Russian letters."""
    from russian_kit import english_in

    from ui import sentences
    from ui.i18n import Languages

    languages = Languages()
    languages.switch("ru")
    try:
        for name, pin in (("olga", "1qaz2wsx"), ("olga", "11223344"), ("olga", "a1b2c3"), ("olga", "pass123"),
                          ("anna", "anna2024")):
            reason = weak_secret(name, pin)
            said = sentences.reworded(reason)
            assert said != reason and said.startswith("PIN или пароль не может") and not english_in(said), said
    finally:
        languages.switch("en")
