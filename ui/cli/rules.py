"""`rptable rules`: list the house-rule presets, show one, check a TOML rules file, or acknowledge a table's rules.

`show` and `check` say what the operator must know before a table opens on the rules: their measured house edge
under the basic strategy, and whether they favour a skilled player or were never measured (controller.analysis
.operator_guard); `check` also warns of a pay table out of order (controller.core.pay_order) and says which settings
hand a skilled player the edge, and what the play each allows is worth. `acknowledge` is an admin's journaled
acknowledgement of such rules, without which no round opens on them.
"""

from __future__ import annotations

import argparse
import textwrap
from pathlib import Path
from typing import Any

from controller.core.pay_order import pay_order_warnings
from controller.core.rules import HouseRules, RulesError
from controller.table.rule_files import load_preset, load_rules, load_rules_file, preset_names
from ui.cli.bounds import floor_url, table_id
from ui.cli.help_examples import add_examples
from ui.cli.said import refused
from ui.cli.users import BOOTSTRAP


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="rules_command", metavar="list|show|check|acknowledge", required=True)
    listed = sub.add_parser("list", help="the shipped presets, one a line")
    add_examples(listed, "rptable rules list")
    show = sub.add_parser("show", help="every setting of a preset or a rules file (one that extends a preset, "
                                       "resolved), as TOML, with its notes and its house edge")
    show.add_argument("name", metavar="NAME|FILE")
    add_examples(show, "rptable rules show four-seat", "rptable rules show classic > house.toml")
    check = sub.add_parser("check", help="validate a house-rules TOML file; its house edge and what favours a player")
    check.add_argument("file", metavar="FILE")
    add_examples(check, "rptable rules show four-seat > house.toml", "rptable rules check house.toml",
                 "rptable simulate --rules house.toml --rounds 20")
    acknowledge = sub.add_parser(
        "acknowledge", help="an admin acknowledges the edge of a table's rules (favouring a skilled player, or "
                            "never measured), so that rounds may open on them")
    acknowledge.add_argument("--journal", required=True, metavar="PATH", help="the table's journal")
    acknowledge.add_argument("--table", type=table_id, default="T1", metavar="ID", help="the table's id (default T1)")
    acknowledge.add_argument("--admin", required=True, metavar="NAME", help="the admin acknowledging")
    acknowledge.add_argument("--reason", required=True, help="why the table opens on these rules (journaled)")
    acknowledge.add_argument("--users", metavar="PATH", help="the accounts file (default: in the user data folder)")
    acknowledge.add_argument("--db", metavar="URL", type=floor_url,
                             help="a table on the floor: the admin's account is in the floor's PostgreSQL (as the "
                                  "console's --replica/--jackpot)")
    acknowledge.epilog = ("Run it before the table opens, with no console on that journal (a console already open "
                          "would not see it until restarted). The admin's PIN is asked for at the terminal, or read "
                          "from standard input.")
    add_examples(acknowledge, "rptable console --journal T1.journal --screenshot opened.png", BOOTSTRAP,
                 "echo pin-4821 | rptable rules acknowledge --journal T1.journal --admin root "
                 "--reason \"promotion night, approved by the casino manager\"",
                 "rptable console --journal T1.journal --screenshot first-round.png --demo 1",
                 "echo pin-4821 | rptable rules acknowledge --journal T2.journal --table T2 --admin root "
                 "--reason \"house rules, edge measured this week\" --db \"$FLOOR_DB\"  # illustrative")
    add_examples(parser, "rptable rules list", "rptable rules show four-seat > house.toml",
                 "rptable rules check house.toml")


def run(args: argparse.Namespace) -> int:
    try:
        if args.rules_command == "list":
            for name in preset_names():
                rules = load_preset(name)
                print(f"{name:16} {rules.table.boxes} boxes  {rules.source}")
            return 0
        if args.rules_command == "show":
            rules = load_rules(args.name)
            print(_commented(_edge_words(rules)) + "\n" + to_toml(rules), end="")
            return 0
        if args.rules_command == "acknowledge":
            return _acknowledge(args)
        rules = load_rules_file(args.file)
    except RulesError as err:
        return refused("rules", err)
    print(f"{args.file}: valid house rules '{rules.name}' ({rules.table.boxes} boxes)")
    for warning in pay_order_warnings(rules):
        print(_wrapped(warning))
    print(_wrapped(_edge_words(rules)))
    _print_sources(rules)
    return 0


def _edge_words(rules: HouseRules) -> str:
    from controller.analysis.casino_files import load_derived_tables
    from controller.measured.operator_guard import rules_edge

    load_derived_tables()
    return rules_edge(rules).words()


def _print_sources(rules: HouseRules) -> None:
    """The settings that hand a skilled player the edge, where the rules have any, with what they are worth."""
    from controller.analysis.edge_sources import edge_sources

    sources = edge_sources(rules)
    if not sources:
        return
    print("Settings that hand a skilled player value (a play worth more than 0 wins the player money each time):")
    for source in sources:
        print(_wrapped(source.words(), "- "))


def _acknowledge(args: argparse.Namespace) -> int:
    from controller.engine import IllegalCommand
    from controller.floor.database import FloorError
    from controller.floor.staff import open_accounts
    from controller.opening.table_session import NoTableYet, open_table_at_desk, require_journal
    from controller.table.controller import TableLocked
    from controller.table.journal import JournalError
    from controller.table.security.signing import SigningKeyError, table_key
    from controller.table.security.users import AccountsFileError, AuthError, Role, UserStore
    from drivers.paths import default_users
    from ui.cli.users import read_secret

    try:
        require_journal(Path(args.journal))  # before anything is made: the accounts file, the table's key
        store = open_accounts(args.db or str(args.users or default_users()))
    except (NoTableYet, AccountsFileError, FloorError) as err:
        return refused("rules", err)
    try:
        # The table holds the accounts before anyone logs in: a tampered store raises its ACCOUNTS fault there.
        # It seals what it journals with the table's key, as the console does (an unsealed event is one
        # appended behind the table's back for `audit verify`).
        with open_table_at_desk(Path(args.journal), args.table, key=lambda: table_key(args.table),
                                accounts=store if isinstance(store, UserStore) else None) as session:
            guard = session.controller.edge_guard
            admin = store.authenticate(args.admin, read_secret(f"PIN of admin {args.admin}: "), need=Role.ADMIN)
            guard.acknowledge(admin, args.reason)
            print(_wrapped(f"Acknowledged by {admin.label}: {guard.status.words(asking=False)} Rounds may "
                           "open on these rules at this table."))
            return 0
    except (AuthError, IllegalCommand, TableLocked, JournalError, SigningKeyError) as err:
        return refused("rules", err)
    finally:
        store.close()


def _wrapped(text: str, first: str = "") -> str:
    return textwrap.fill(text, width=116, initial_indent=first, subsequent_indent=" " * len(first))


def _commented(text: str) -> str:
    return "\n".join(f"# {line}" for line in textwrap.wrap(text, width=116))


def to_toml(rules: HouseRules) -> str:
    """Every setting, in the layout a rules file uses (so `show` output is itself a valid file)."""
    data = rules.to_mapping(every_setting=True)
    out = [f"name = {_value(data['name'])}", f"source = {_value(data['source'])}",
           'notes = """' + data["notes"].replace('"""', "'''") + '"""']
    for section, values in data.items():
        if not isinstance(values, dict):
            continue
        nested = {k: v for k, v in values.items() if isinstance(v, dict)}
        out.append(f"\n[{section}]")
        out += [f"{k} = {_value(v)}" for k, v in values.items() if not isinstance(v, dict)]
        for key, table in nested.items():
            out.append(f"\n[{section}.{key}]")
            out += [f"{k} = {_value(v)}" for k, v in table.items()]
    return "\n".join(out) + "\n"


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return str(value)

