"""`rptable floor`: the floor's database set up by its owner (`init`: ui.cli.floor_init), and the floor's own
records of its tables: a table's signing key registered (`register-key`, at the
table), approved by an admin (`approve-key`), listed (`keys`) and given out (`pubkey`)
(controller.floor.table_keys)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ui.cli.bounds import floor_url, table_id
from ui.cli.floor_init import add_init_arguments, run_init
from ui.cli.help_examples import add_examples
from ui.cli.public_key import give_public_key
from ui.cli.said import refused
from ui.cli.users import FLOOR_STAFF

EXIT_NOT_APPROVED = 3  # `pubkey`: the table has no approved key on the floor
# What the examples do: the floor's first admin (root, PIN pin-4821), a table's key registered, the admin's approval.
REGISTER = "rptable floor register-key --table T1 --db \"$FLOOR_DB\""
APPROVE = "echo pin-4821 | rptable floor approve-key T1 --admin root --db \"$FLOOR_DB\""
SET_SHOES = "echo pin-4821 | rptable floor set shoes_must_authenticate on --admin root --db \"$FLOOR_DB\""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    add_init_arguments(sub)
    register = sub.add_parser("register-key", help="at the table: ask the floor to take this table's public signing "
                                                   "key (an admin approves it)")
    register.add_argument("--table", type=table_id, default="T1", metavar="ID", help="the table's id (default T1)")
    register.add_argument("--db", required=True, metavar="URL", type=floor_url, help="the floor's PostgreSQL")
    add_examples(register, REGISTER)
    approve = sub.add_parser("approve-key", help="an admin of the floor approves the key a table registered")
    approve.add_argument("table", type=table_id, metavar="TABLE")
    approve.add_argument("--admin", required=True, metavar="NAME", help="an admin of the floor's staff")
    approve.add_argument("--key-id", metavar="ID", help="the key to approve (default: the table's latest request)")
    approve.add_argument("--db", required=True, metavar="URL", type=floor_url, help="the floor's PostgreSQL")
    add_examples(approve, FLOOR_STAFF[0], REGISTER, APPROVE)
    keys = sub.add_parser("keys", help="every key the tables registered, and who approved which")
    keys.add_argument("--table", type=table_id, metavar="ID", help="one table's keys only")
    keys.add_argument("--db", required=True, metavar="URL", type=floor_url, help="the floor's PostgreSQL")
    keys.add_argument("--json", action="store_true", help="as a JSON list")
    add_examples(keys, FLOOR_STAFF[0], REGISTER, APPROVE, "rptable floor keys --db \"$FLOOR_DB\"",
                 "rptable floor keys --db \"$FLOOR_DB\" --table T1 --json")
    pubkey = sub.add_parser("pubkey", help="the table's approved public key (PEM), for audit verify --pubkey")
    pubkey.add_argument("table", type=table_id, metavar="TABLE")
    pubkey.add_argument("--db", required=True, metavar="URL", type=floor_url, help="the floor's PostgreSQL")
    pubkey.add_argument("--out", metavar="PATH", help="write the key here too")
    add_examples(pubkey, FLOOR_STAFF[0], REGISTER, APPROVE, "rptable floor pubkey T1 --db \"$FLOOR_DB\" --out T1.pem",
                 "rptable simulate --rules four-seat --rounds 5 --table T1 --journal T1.journal",
                 "rptable audit verify --journal T1.journal --pubkey T1.pem")
    show = sub.add_parser("settings", help="the floor's settings, on or off")
    show.add_argument("--db", required=True, metavar="URL", type=floor_url, help="the floor's PostgreSQL")
    show.add_argument("--json", action="store_true", help="as a JSON object")
    add_examples(show, "rptable floor settings --db \"$FLOOR_DB\"")
    change = sub.add_parser("set", help="an admin of the floor turns a setting on or off")
    change.add_argument("name", metavar="SETTING", help="the setting's name (`rptable floor settings` lists them)")
    change.add_argument("value", choices=("on", "off"), metavar="on|off")
    change.add_argument("--admin", required=True, metavar="NAME", help="an admin of the floor's staff")
    change.add_argument("--db", required=True, metavar="URL", type=floor_url, help="the floor's PostgreSQL")
    add_examples(change, "rptable floor init --db \"$FLOOR_DB\"", FLOOR_STAFF[0], SET_SHOES)
    parser.epilog = ("A table's key counts on the floor once an admin approved it: the reporter, the replica, "
                     "`audit verify --db` and `jackpot audit --journal` then check the table's seals with it, and "
                     "refuse a journal sealed with any other. A new key is registered and approved the same way; "
                     "the old approval stays in the history. `pubkey` exits "
                     f"{EXIT_NOT_APPROVED} when the table has no approved key.")
    add_examples(parser, "rptable floor init --db \"$FLOOR_DB\"", "rptable floor keys --db \"$FLOOR_DB\"")


def run(args: argparse.Namespace) -> int:
    from controller.floor.database import explain, psycopg_module
    from controller.floor.table_keys import TableKeyRefused
    from controller.table.security.signing import SigningKeyError
    from controller.table.security.users import AuthError
    from ui.cli.floor_connection import floor_connection

    if args.action == "init":
        return run_init(args)
    admin = ""
    if args.action in ("approve-key", "set"):
        logged_in = _admin(args)
        if isinstance(logged_in, int):
            return logged_in
        admin = logged_in
    connection = floor_connection("floor", args.db)
    if connection is None:
        return 1
    try:
        if args.action == "register-key":
            return _register(args, connection)
        if args.action == "approve-key":
            return _approve(args, connection, admin)
        if args.action == "keys":
            return _keys(args, connection)
        if args.action == "settings":
            return _settings(args, connection)
        if args.action == "set":
            return _set(args, connection, admin)
        return _pubkey(args, connection)
    except (TableKeyRefused, SigningKeyError, AuthError, ValueError) as err:
        return refused("floor", err)
    except psycopg_module().Error as err:
        return refused("floor", explain(err, args.db))
    finally:
        connection.close()


def _admin(args: argparse.Namespace) -> str | int:
    """The admin's name once the floor's accounts took the PIN, or the exit status of the refusal."""
    from controller.floor.database import FloorError
    from controller.floor.staff import open_accounts
    from controller.table.security.users import AuthError, Role
    from ui.cli.users import read_secret

    try:
        staff = open_accounts(args.db)
    except FloorError as err:
        return refused("floor", err)
    try:
        return staff.authenticate(args.admin, read_secret(f"PIN of admin {args.admin}: "), need=Role.ADMIN).name
    except AuthError as err:
        return refused("floor", err)
    finally:
        staff.close()


def _register(args: argparse.Namespace, connection: Any) -> int:
    from controller.floor.table_keys import current_record, register
    from controller.table.security.signing import table_key

    key = table_key(args.table)
    record = register(connection, args.table, key)
    current = current_record(connection, args.table)
    if current is not None and current.key_id == record.key_id:
        print(f"Table {args.table}'s key {record.key_id} is the floor's approved key (approved by "
              f"{current.approved_by}).")
        return 0
    was = f" It replaces key {current.key_id} once approved." if current is not None else ""
    print(f"Table {args.table}'s key {record.key_id} is registered with the floor (request #{record.request}); an "
          f"admin approves it: rptable floor approve-key {args.table} --admin NAME --db URL.{was}")
    return 0


def _approve(args: argparse.Namespace, connection: Any, admin: str) -> int:
    from controller.floor.table_keys import approve

    record, replaced = approve(connection, args.table, admin, args.key_id)
    was = f"; it replaces key {replaced.key_id}" if replaced is not None else ""
    print(f"Table {args.table}'s key {record.key_id} (from {record.host or 'its machine'}) approved by {admin}{was}. "
          "The floor now checks the table's seals with it.")
    return 0


def _keys(args: argparse.Namespace, connection: Any) -> int:
    from controller.floor.table_keys import history

    records = history(connection, args.table)
    if args.json:
        print(json.dumps([r.to_dict() for r in records]))
        return 0
    if not records:
        print("No table has registered a key with the floor.")
    for record in records:
        approved = record.to_dict()
        state = f"approved by {record.approved_by} {approved['approved_at']}" if record.approval is not None \
            else "waiting for an admin's approval"
        print(f"table {record.table_id}  key {record.key_id}  from {record.host or '?'} {approved['requested_at']}: "
              f"{state}")
    return 0


def _settings(args: argparse.Namespace, connection: Any) -> int:
    from controller.floor.settings import KNOWN, settings_now

    now = settings_now(connection)
    if args.json:
        print(json.dumps(now))
        return 0
    for name, on in now.items():
        print(f"{name}: {'on' if on else 'off'} ({'when on, ' if not on else ''}{KNOWN[name]})")
    return 0


def _set(args: argparse.Namespace, connection: Any, admin: str) -> int:
    from controller.floor.settings import KNOWN, set_setting

    set_setting(connection, args.name, args.value == "on", f"rptable floor set (admin {admin})")
    told = f": {KNOWN[args.name]}." if args.value == "on" else f" (when on, {KNOWN[args.name]})."
    print(f"{args.name} is {args.value}, set by {admin}{told}")
    return 0


def _pubkey(args: argparse.Namespace, connection: Any) -> int:
    from controller.floor.table_keys import current_record

    record = current_record(connection, args.table)
    if record is None:
        return refused("floor", f"table {args.table} has no approved key on the floor: it registers one (rptable "
                                f"floor register-key) and an admin approves it.", EXIT_NOT_APPROVED)
    return give_public_key("floor", record.public.pem(), args.out,
                           f"table {args.table}, key id {record.key_id}, approved by {record.approved_by}")
