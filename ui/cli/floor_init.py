"""`rptable floor init`: the floor's schema and its least-privilege roles, made by the database's owner
(controller.floor.roles), and the URL each program is given."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ui.cli.bounds import floor_url
from ui.cli.help_examples import add_examples
from ui.cli.said import refused

USES = {"table": "the tables (console/simulate --replica, --jackpot; floor register-key)",
        "pit": "the pit (rptable pit, audit --db: its rounds and the floor report)",
        "admin": "the admins (users --db, jackpot reseed, floor approve-key)"}


def add_init_arguments(sub: Any) -> None:
    init = sub.add_parser("init", help="as the database's owner: make the floor's tables and a role for the tables, "
                                       "the pit and the admins, and print the URL to give each")
    init.add_argument("--db", required=True, metavar="URL", type=floor_url,
                      help="the floor's PostgreSQL, as its owner (a user who may create roles)")
    init.add_argument("--new-passwords", action="store_true",
                      help="give the roles new passwords (the old URLs stop working)")
    init.add_argument("--json", action="store_true", help="what was made, as JSON")
    init.epilog = ("Run once when the floor is set up, and again after an rptable upgrade: it makes what is "
                   "missing and changes nothing else (a role's password stays unless --new-passwords). It turns on "
                   "the setting tables_need_approved_key: the floor then copies nothing from, and the jackpot takes "
                   "no stake from, a table until an admin approved its key (floor register-key, floor "
                   "approve-key). A floor "
                   "whose staff an earlier rptable kept as plain rows has them set aside (floor_staff_unsigned): "
                   "make the first admin again with `rptable users --db URL bootstrap NAME`.")
    add_examples(init, "rptable floor init --db \"$FLOOR_DB\"", "rptable floor init --db \"$FLOOR_DB\" --json")


def run_init(args: argparse.Namespace) -> int:
    from controller.floor.database import explain, psycopg_module
    from controller.floor.roles import FloorInitError, init_floor
    from controller.floor.settings import TABLES_NEED_APPROVED_KEY
    from ui.cli.floor_connection import floor_connection

    connection = floor_connection("floor init", args.db)
    if connection is None:
        return 1
    try:
        report = init_floor(connection, new_passwords=args.new_passwords)
    except FloorInitError as err:
        return refused("floor init", err)
    except psycopg_module().Error as err:
        return refused("floor init", explain(err, args.db))
    finally:
        connection.close()
    if args.json:
        print(json.dumps(report.to_dict(args.db)))
        return 0
    print(f"The floor's tables are in place in database {report.database} ({len(report.tables)} tables, each "
          "append-only where it keeps history).")
    if report.set_aside:
        print(f"{report.set_aside} staff account(s) an earlier rptable kept as plain rows were set aside "
              "(floor_staff_unsigned): make the first admin with `rptable users --db ADMIN_URL bootstrap NAME` and "
              "add the staff again.")
    if report.settings.get(TABLES_NEED_APPROVED_KEY):
        print("The floor copies nothing from, and the jackpot takes no stake from, a table without an approved key "
              f"(setting {TABLES_NEED_APPROVED_KEY}): each table runs `rptable floor register-key --table ID --db "
              "TABLE_URL`, then an admin runs `rptable floor approve-key ID --admin NAME --db ADMIN_URL`.")
    for role, made, password in report.roles.values():
        state = "made now" if made else ("given a new password" if password else
                                        "there already; its password is unchanged (PASSWORD below)")
        print(f"role {role}: {state}")
    print("Give each program its URL (keep them as secret as a password):")
    for kind in report.roles:
        print(f"  {USES[kind]}:\n    {report.url_for(args.db, kind)}")
    return 0
