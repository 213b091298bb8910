"""`rptable users bootstrap|add|list|disable|enable|role|pin|unlock|anchor`: staff accounts (dealer, pit boss,
admin), and the store's anchor that root pins off the table's data folder (controller.table.security.accounts_pin)."""

from __future__ import annotations

import argparse
import getpass
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ui.cli.bounds import floor_url
from ui.cli.help_examples import add_examples
from ui.cli.said import refused

if TYPE_CHECKING:
    from controller.table.security.users import UserStore

ROLES = ["dealer", "pit_boss", "admin"]
# The examples' PINs, given on standard input as a script gives them: the admin root's, then the pit boss vera's.
BOOTSTRAP = "printf 'pin-4821\\npin-4821\\n' | rptable users bootstrap root"
ADD_VERA = "printf 'pin-4821\\npin-7350\\npin-7350\\n' | rptable users add vera --role pit_boss --admin root"
FLOOR_STAFF = ("printf 'pin-4821\\npin-4821\\n' | rptable users --db \"$FLOOR_DB\" bootstrap root",
               "printf 'pin-4821\\npin-7350\\npin-7350\\n' | rptable users --db \"$FLOOR_DB\" add vera "
               "--role pit_boss --admin root")
FLOOR_ACTIONS = ("bootstrap", "add", "list", "disable", "enable", "unlock")
NEEDS_ADMIN = "an admin must do this: add --admin NAME (the first admin comes from `rptable users bootstrap NAME`)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--users", metavar="PATH", help="the accounts file (default: in the user data folder)")
    where.add_argument("--db", metavar="URL", type=floor_url,
                       help="the floor's staff accounts in its PostgreSQL (what tables started with --replica URL use)")
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    bootstrap = sub.add_parser("bootstrap", help="make the first admin of a new accounts store (once)")
    bootstrap.add_argument("name")
    add_examples(bootstrap, BOOTSTRAP,
                 "printf 'pin-4821\\npin-4821\\n' | rptable users --users staff.db bootstrap root", FLOOR_STAFF[0])
    add = sub.add_parser("add", help="add an account (an admin does)")
    add.add_argument("name")
    add.add_argument("--role", required=True, choices=ROLES)
    add.add_argument("--admin", metavar="NAME", help="the admin adding it")
    add_examples(add, BOOTSTRAP, ADD_VERA,
                 "printf 'pin-4821\\npin-2690\\npin-2690\\n' | rptable users add ivan --role dealer --admin root",
                 *FLOOR_STAFF)
    listed = sub.add_parser("list", help="list the accounts")
    add_examples(listed, BOOTSTRAP, "rptable users list", "rptable users --db \"$FLOOR_DB\" list  # illustrative")
    for action, text in (("disable", "disable an account"), ("enable", "enable a disabled account"),
                         ("unlock", "lift an account's lockout after wrong PINs")):
        one = sub.add_parser(action, help=text)
        one.add_argument("name")
        one.add_argument("--admin", metavar="NAME", required=True, help="the admin doing it")
        before = ["echo pin-4821 | rptable users disable vera --admin root"] if action == "enable" else []
        add_examples(one, BOOTSTRAP, ADD_VERA, *before, f"echo pin-4821 | rptable users {action} vera --admin root")
    role = sub.add_parser("role", help="change an account's role")
    role.add_argument("name")
    role.add_argument("--role", required=True, choices=ROLES)
    role.add_argument("--admin", metavar="NAME", required=True, help="the admin doing it")
    add_examples(role, BOOTSTRAP, ADD_VERA, "echo pin-4821 | rptable users role vera --role admin --admin root")
    pin = sub.add_parser("pin", help="a new PIN or password for an account (its holder, or an admin)")
    pin.add_argument("name")
    pin.add_argument("--admin", metavar="NAME", help="the admin doing it (default: the account's holder)")
    add_examples(pin, BOOTSTRAP, ADD_VERA,
                 "printf 'pin-7350\\npin-9164\\npin-9164\\n' | rptable users pin vera",
                 "printf 'pin-4821\\npin-5038\\npin-5038\\n' | rptable users pin vera --admin root",
                 "rptable users pin vera  # illustrative")
    anchor = sub.add_parser("anchor", help="as root: pin this accounts store (its key and its first admin) in a file "
                                           "the table only reads")
    anchor.add_argument("--out", metavar="PATH", help="the pin file to write, the store added to what it pins "
                                                      "(default: only print the pin)")
    anchor.epilog = ("Root writes the pin once (e.g. /etc/rptable/accounts.pin, the file RPTABLE_ACCOUNTS_PIN names "
                     "instead), owned by root and readable by the table's user: a store at this path with another "
                     "key or another first admin, or none at all, is then tampered, and `users bootstrap` refuses "
                     "to make a new first admin there.")
    add_examples(anchor, BOOTSTRAP, "rptable users anchor",
                 "sudo rptable users anchor --out /etc/rptable/accounts.pin  # illustrative")
    parser.epilog = ("PINs are asked for at the terminal, never given on the command line. Without a terminal "
                     "they are read from standard input, one per line: the admin's (or the holder's) first, then "
                     "the new one. A PIN or password is text of 6 to 128 characters, is not one character "
                     "repeated, not a run (123456), not a short block repeated (121212), not one of the PINs and "
                     "passwords people choose most (112233, qwerty), not a walk along the keys (1qaz2wsx, "
                     "741852963), not each character twice (11223344), not two sequences woven together (a1b2c3), "
                     "not a common word with a number (pass123), not the name, nor the name with a number "
                     "(anna2024). A bootstrap refused leaves no accounts file.")
    add_examples(parser, BOOTSTRAP, ADD_VERA, "rptable users list")


def run(args: argparse.Namespace) -> int:
    made = _files_a_bootstrap_makes(args)
    status = 1
    try:
        status = _run(args)
        return status
    finally:
        if status != 0:  # a bootstrap refused (a PIN that is not text, a weak one, a pin) leaves no store behind
            for path in made:
                path.unlink(missing_ok=True)


def _files_a_bootstrap_makes(args: argparse.Namespace) -> list[Path]:
    """The files of a new local accounts store that `users bootstrap` would make: those not there yet, when the
    store itself is not there. An empty store left by a refused bootstrap would be taken for the accounts later."""
    from drivers.paths import default_users

    if args.db or args.action != "bootstrap":
        return []
    store = Path(args.users or default_users())
    try:
        if store.exists() or store.is_symlink():
            return []
        beside = [Path(f"{store}{suffix}") for suffix in ("-wal", "-shm", "-journal", ".key", ".head", ".head.new")]
        return [store, *(path for path in beside if not path.exists() and not path.is_symlink())]
    except (OSError, ValueError):  # a path no file can have: the store's opening says why
        return []


def _run(args: argparse.Namespace) -> int:
    from controller.floor.database import FloorError
    from controller.floor.staff import FloorUserStore, open_accounts
    from controller.table.security.users import AccountsFileError, AuthError, Role, UserStore
    from drivers.paths import default_users

    if not args.db:
        refusal = _no_accounts_file(args, Path(args.users or default_users()))
        if refusal:
            return refusal
    try:
        store = open_accounts(args.db or str(args.users or default_users()))
    except (AccountsFileError, FloorError) as err:
        return refused("users", err)
    try:
        if args.action == "list":
            users = store.accounts()
            if isinstance(store, FloorUserStore) and store.offline_reason:
                print(f"rptable users: the floor database cannot be reached: {store.offline_reason}",
                      file=sys.stderr)
                return 1
            for user in users:
                state = "  (disabled)" if user.disabled else ""
                print(f"{user.name:<20} {user.role.value}{state}")
            return 0
        if isinstance(store, FloorUserStore) and args.action not in FLOOR_ACTIONS:
            return refused("users --db", f"the floor's accounts take {', '.join(FLOOR_ACTIONS)}; {args.action} is for "
                                         "a table's own accounts file.", 2)
        if args.action == "anchor":
            assert isinstance(store, UserStore)  # not one of FLOOR_ACTIONS: refused above on the floor
            return _anchor(store, args.out)
        if args.action == "bootstrap":
            if not store.is_empty():
                return refused("users", "the accounts are set up already: an admin adds accounts (add NAME --role ROLE "
                                        "--admin ADMIN).")
            secret = _new_secret(args.name)
            if secret is None:
                return 1
            user = store.bootstrap(args.name, secret)
            if isinstance(store, FloorUserStore):
                from controller.floor.staff import pinned_key_path, staff_key_path
                print(f"Account '{user.name}' made as the floor's first admin.")
                print(f"The floor's staff key, which signs every change to its staff, is {staff_key_path()}: keep it "
                      f"on this machine and back it up. Give each table its public half, {pinned_key_path()} "
                      "(see the manual's page on the floor).", file=sys.stderr)
            else:
                print(f"Account '{user.name}' made as the first admin. Keep {store.path}, {store.key_path.name} and "
                      f"{store.head_path.name} together, and back them up; root pins the store with `rptable users "
                      "anchor --out /etc/rptable/accounts.pin`.")
            return 0
        if args.action == "pin" and not args.admin:
            actor = store.authenticate(args.name, read_secret(f"Current PIN of {args.name}: "))
        else:
            if not args.admin:
                return refused("users", NEEDS_ADMIN, 2)
            actor = store.authenticate(args.admin, read_secret(f"PIN of admin {args.admin}: "), need=Role.ADMIN)
        if args.action in ("add", "pin"):
            secret = _new_secret(args.name)
            if secret is None:
                return 1
            if args.action == "add":
                user = store.add(args.name, Role(args.role), secret, by=actor)
                print(f"Account '{user.name}' added as {user.role.words}.")
                return 0
            assert isinstance(store, UserStore)  # not one of FLOOR_ACTIONS: refused above on the floor
            store.set_secret(args.name, secret, by=actor)
            print(f"New PIN for '{args.name}' set.")
            return 0
        if args.action == "disable":
            store.disable(args.name, by=actor)
        elif args.action == "enable":
            store.enable(args.name, by=actor)
        elif args.action == "unlock":
            store.unlock(args.name, by=actor)
        else:
            assert isinstance(store, UserStore)  # not one of FLOOR_ACTIONS: refused above on the floor
            store.set_role(args.name, Role(args.role), by=actor)
        print(f"Account '{args.name}': {args.action} done.")
        return 0
    except AuthError as err:
        return refused("users", err)
    finally:
        store.close()


def _anchor(store: UserStore, out: str | None) -> int:
    """Print the store's pin, and with `out` write it into that pin file (the other stores it pins kept)."""
    from controller.table.file_modes import create_private
    from controller.table.security.accounts_pin import PinError, pin_text, read_pins

    anchor = store.anchor()
    if anchor is None:
        return refused("users", f"{store.path} holds no account yet: make the first admin (users bootstrap NAME), "
                                "then pin the store.")
    try:
        existing = read_pins(Path(out)) if out else {}
    except PinError as err:
        return refused("users", err)
    text = pin_text(existing, store.path, anchor.pin)
    print(text, end="")
    if out:
        target = Path(out)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            temporary = target.with_name(target.name + ".new")
            temporary.unlink(missing_ok=True)
            create_private(temporary, text.encode())
            temporary.chmod(0o644)  # the table reads it; only its owner (root) writes it
            temporary.replace(target)
        except OSError as err:
            return refused("users", f"cannot write the pin {out}: {err.strerror or err}")
        print(f"# {store.path} pinned in {out}: key {anchor.key[:16]}, first admin's record {anchor.first[:16]}",
              file=sys.stderr)
    return 0


def _no_accounts_file(args: argparse.Namespace, path: Path) -> int:
    """The refusal of an action on an accounts file that is not there (0: none). Only `bootstrap` makes one:
    opened for any other action, the file (and its folders) would be made empty, and listed or refused from."""
    try:
        if args.action == "bootstrap" or path.exists():
            return 0
    except (OSError, ValueError):  # a path no file can have (a name too long): the store's opening says why
        return 0
    if args.action not in ("list", "pin", "anchor") and not args.admin:  # said as it is said of an existing file
        return refused("users", NEEDS_ADMIN, 2)
    from controller.table.security.accounts_pin import PinError, pin_path, pinned
    from controller.table.security.users import AccountsTampered

    try:
        pin = pinned(path)
    except PinError as err:
        return refused("users", AccountsTampered(str(err)))
    if pin is not None:  # root pinned a store here: it is gone, and no bootstrap makes it again
        return refused("users", AccountsTampered(f"the accounts pinned in {pin_path()} are gone: there is no store "
                                                 "at its path; restore the accounts files from their backup"))
    return refused("users", f"There are no staff accounts at {path}: make the first admin with `rptable users "
                            "bootstrap NAME`, or give the accounts file with --users.")


def _new_secret(name: str) -> str | None:
    secret = read_secret(f"New PIN for {name}: ")
    if sys.stdin.isatty() and read_secret("Repeat it: ") != secret:
        print("rptable users: the two PINs differ; nothing was changed.", file=sys.stderr)
        return None
    return secret


def read_secret(prompt: str) -> str:
    """A PIN: asked for at the terminal, else the next line of standard input, read no further than a PIN can be
    long (a stream with no line end, /dev/zero, is not read until memory runs out). AuthError when what was read
    is not text; a line longer than any PIN is refused by the store as one."""
    from controller.table.security.users import MAX_SECRET_LENGTH, AuthError

    try:
        if sys.stdin.isatty():
            return getpass.getpass(prompt)
        return sys.stdin.readline(MAX_SECRET_LENGTH + 2).rstrip("\n")
    except UnicodeDecodeError:
        raise AuthError("What was read for the PIN is not text: type it at the terminal, or give it on a line of "
                        "standard input.") from None
