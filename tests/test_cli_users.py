"""`rptable users`: accounts from the command line, PINs from stdin when there is no terminal; the first admin
only by `bootstrap`."""

from cli_kit import rptable


def users(tmp_path, *args, stdin=""):
    """`rptable users` on this test's accounts file, in the test's process (tests/cli_kit.py)."""
    return rptable("users", "--users", str(tmp_path / "u.db"), *args, stdin=stdin)


def test_roles_users_bootstrap_add_list_disable_unlock_from_the_command_line(tmp_path):
    assert users(tmp_path, "add", "root", "--role", "admin", stdin="adminpin\n").returncode == 2
    assert users(tmp_path, "bootstrap", "root", stdin="adminpin\n").returncode == 0
    again = users(tmp_path, "bootstrap", "eve", stdin="evepin7\n")
    assert again.returncode == 1 and "set up already" in again.stderr
    out = users(tmp_path, "add", "boris", "--role", "pit_boss", "--admin", "root", stdin="adminpin\n432187\n")
    assert out.returncode == 0 and "added as pit boss" in out.stdout
    weak = users(tmp_path, "add", "ivan", "--role", "dealer", "--admin", "root", stdin="adminpin\n1111\n")
    assert weak.returncode == 1 and "at least 6" in weak.stderr
    refused = users(tmp_path, "add", "ivan", "--role", "dealer", "--admin", "root", stdin="nope\n222468\n")
    assert refused.returncode == 1 and "Name or PIN is wrong" in refused.stderr
    assert users(tmp_path, "unlock", "boris", "--admin", "root", stdin="adminpin\n").returncode == 0
    assert users(tmp_path, "pin", "boris", stdin="432187\n864213\n").returncode == 0
    assert users(tmp_path, "disable", "boris", "--admin", "root", stdin="adminpin\n").returncode == 0
    listing = users(tmp_path, "list").stdout
    assert "boris" in listing and "(disabled)" in listing and "root" in listing


def test_roles_users_list_of_a_tampered_store_refuses_and_lists_no_part_of_it(tmp_path):
    """An event in the middle edited; the accounts before it would fold, those after it not."""
    import sqlite3

    assert users(tmp_path, "bootstrap", "root", stdin="adminpin\n").returncode == 0
    for name, pin in (("anna", "482193"), ("boris", "432187")):
        added = users(tmp_path, "add", name, "--role", "dealer", "--admin", "root", stdin=f"adminpin\n{pin}\n")
        assert added.returncode == 0, added.stderr
    db = sqlite3.connect(tmp_path / "u.db")
    db.execute("DROP TRIGGER account_events_no_update")
    db.execute("UPDATE account_events SET detail = replace(detail, 'dealer', 'admin') WHERE name = 'anna' AND "
               "action = 'add'")
    db.commit()
    db.close()
    listing = users(tmp_path, "list")
    assert listing.returncode == 1 and listing.stdout == "", listing.stdout
    assert "The staff accounts were tampered with" in listing.stderr and "restores the accounts file" in listing.stderr
