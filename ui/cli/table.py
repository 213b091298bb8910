"""`rptable table pubkey`: the table's public signing key, for whoever checks its journal; `rptable table
accept-accounts`: a pit boss accepts staff accounts the table's journal has not seen (journaled)."""

from __future__ import annotations

import argparse

from ui.cli.bounds import table_id
from ui.cli.help_examples import add_examples
from ui.cli.public_key import give_public_key
from ui.cli.said import refused
from ui.cli.users import ADD_VERA, BOOTSTRAP


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    pubkey = sub.add_parser("pubkey", help="print the table's public key (PEM), made with the table if need be")
    pubkey.add_argument("--table", type=table_id, default="T1", metavar="ID", help="the table's id (default T1)")
    pubkey.add_argument("--out", metavar="PATH", help="write the key here too (give it to `audit verify --pubkey`)")
    parser.epilog = ("The private key stays in the data folder (keys/ID.key, readable by the table's user only); "
                     "the public key printed here checks the table's seals anywhere: `rptable audit verify "
                     "--journal T1.journal --pubkey T1.pem`, or `openssl pkey -pubin -in T1.pem -text`.")
    examples = ("rptable table pubkey --out T1.pem",
                "rptable simulate --rules four-seat --rounds 20 --journal T1.journal",
                "rptable audit verify --journal T1.journal --pubkey T1.pem")
    add_examples(parser, examples[0], "rptable table pubkey --table T2")
    add_examples(pubkey, *examples, "rptable table pubkey --table T2")
    accept = sub.add_parser("accept-accounts", help="a pit boss accepts the staff accounts in place where the table's "
                                                    "journal saw others (journaled with the name and the reason)")
    accept.add_argument("--journal", required=True, metavar="PATH", help="the table's journal")
    accept.add_argument("--table", type=table_id, default="T1", metavar="ID", help="the table's id (default T1)")
    accept.add_argument("--users", metavar="PATH", help="the accounts file (default: in the user data folder)")
    accept.add_argument("--pit-boss", required=True, metavar="NAME", help="a pit boss of the accounts in place")
    accept.add_argument("--reason", required=True, help="why they are accepted (journaled)")
    accept.epilog = ("A table records which staff accounts it logs people in with. Accounts made anew, re-signed, "
                     "restored from an older backup or cut are not taken (an ACCOUNTS fault) until a pit boss of "
                     "theirs accepts them here; the acceptance is sealed in the journal and reported to the floor.")
    add_examples(accept, BOOTSTRAP, ADD_VERA, "rptable simulate --rules four-seat --rounds 2 --journal T1.journal",
                 "echo pin-7350 | rptable table accept-accounts --journal T1.journal --pit-boss vera "
                 "--reason 'restored from the backup of 29 November'")


def run(args: argparse.Namespace) -> int:
    if args.action == "accept-accounts":
        return _accept_accounts(args)

    from controller.table.security.signing import SigningKeyError, table_key

    try:
        key = table_key(args.table)
    except SigningKeyError as err:
        return refused("table", err)
    return give_public_key("table", key.public.pem(), args.out,
                           f"table {args.table}, key id {key.public.key_id} ({key.path})")


def _accept_accounts(args: argparse.Namespace) -> int:
    from pathlib import Path

    from controller.engine import IllegalCommand
    from controller.opening.table_session import NoTableYet, open_table_at_desk, require_journal
    from controller.table.controller import TableLocked
    from controller.table.journal import JournalError
    from controller.table.security.signing import SigningKeyError, table_key
    from controller.table.security.users import AccountsFileError, AuthError, Role, UserStore
    from drivers.paths import default_users
    from ui.cli.users import read_secret

    try:
        require_journal(Path(args.journal))  # before anything is made: the accounts file, the table's key
        accounts = UserStore(args.users or default_users())
    except (NoTableYet, AccountsFileError) as err:
        return refused("table", err)
    try:
        pit_boss = accounts.authenticate(args.pit_boss, read_secret(f"PIN of pit boss {args.pit_boss}: "),
                                         need=Role.PIT_BOSS)
        with open_table_at_desk(Path(args.journal), args.table, key=lambda: table_key(args.table),
                                accounts=accounts) as session:
            accepted = session.controller.staff.accept_accounts(pit_boss, args.reason)
    except IllegalCommand as err:
        return refused("table", err.reason)
    except (AuthError, SigningKeyError, TableLocked, JournalError) as err:
        return refused("table", err)
    finally:
        accounts.close()
    if not accepted:
        print(f"The staff accounts in {accounts.path} are the ones table {args.table}'s journal has seen: nothing to "
              "accept, nothing journaled.")
        return 0
    print(f"The staff accounts in {accounts.path} accepted by {pit_boss.name} at table {args.table}, journaled: "
          f"{args.reason}")
    return 0
