"""`rptable users add|list|disable`: staff accounts (dealer, pit boss, admin) for overrides and audit."""

from __future__ import annotations

import argparse
import getpass
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--users", metavar="PATH", help="the accounts file (default: in the user data folder)")
    where.add_argument("--db", metavar="URL",
                       help="the floor's staff accounts in its PostgreSQL (what tables started with --replica URL use)")
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    add = sub.add_parser("add", help="add an account (the first one must be an admin)")
    add.add_argument("name")
    add.add_argument("--role", required=True, choices=["dealer", "pit_boss", "admin"])
    add.add_argument("--admin", metavar="NAME", help="the admin adding it (not needed for the first account)")
    sub.add_parser("list", help="list the accounts")
    disable = sub.add_parser("disable", help="disable an account")
    disable.add_argument("name")
    disable.add_argument("--admin", metavar="NAME", required=True, help="the admin disabling it")
    parser.epilog = ("PINs are asked for at the terminal, never given on the command line. Without a terminal "
                     "they are read from standard input, one per line: the admin's first (when needed), then "
                     "the new account's.")


def run(args: argparse.Namespace) -> int:
    from controller.floor.database import FloorError
    from controller.floor.staff import FloorUserStore, open_accounts
    from controller.paths import default_users
    from controller.table.users import AccountsFileError, AuthError, Role

    try:
        store = open_accounts(args.db or str(args.users or default_users()))
    except (AccountsFileError, FloorError) as err:
        print(f"rptable users: {err}", file=sys.stderr)
        return 1
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
        admin = None
        if args.action == "disable" or not store.is_empty():
            if not args.admin:
                print("rptable users: accounts exist, so an admin must do this: add --admin NAME", file=sys.stderr)
                return 2
            admin = store.authenticate(args.admin, read_secret(f"PIN of admin {args.admin}: "), need=Role.ADMIN)
        if args.action == "disable":
            assert admin is not None
            store.disable(args.name, by=admin)
            print(f"Account '{args.name}' disabled.")
            return 0
        secret = read_secret(f"New PIN for {args.name}: ")
        if sys.stdin.isatty() and read_secret("Repeat it: ") != secret:
            print("rptable users: the two PINs differ; nothing was changed.", file=sys.stderr)
            return 1
        user = store.add(args.name, Role(args.role), secret, by=admin)
        print(f"Account '{user.name}' added as {user.role.words}.")
        return 0
    except AuthError as err:
        print(f"rptable users: {err}", file=sys.stderr)
        return 1
    finally:
        store.close()


def read_secret(prompt: str) -> str:
    """A PIN: asked for at the terminal, else the next line of standard input."""
    if sys.stdin.isatty():
        return getpass.getpass(prompt)
    line = sys.stdin.readline()
    return line.rstrip("\n")
