"""`rptable users`: accounts from the command line, PINs from stdin when there is no terminal; the first admin
only by `bootstrap`."""

import subprocess
import sys


def users(tmp_path, *args, stdin=""):
    return subprocess.run([sys.executable, "-m", "controller", "users", "--users", str(tmp_path / "u.db"), *args],
                          input=stdin, capture_output=True, text=True, timeout=60)


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
