"""`rptable rules`: list the house-rule presets, show one, or check a TOML rules file."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from controller.core.rules import HouseRules, RulesError
from controller.table.rule_files import load_preset, load_rules_file, preset_names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="rules_command", metavar="list|show|check", required=True)
    sub.add_parser("list", help="the shipped presets, one a line")
    show = sub.add_parser("show", help="every setting of a preset, as TOML, with its notes")
    show.add_argument("name", metavar="NAME")
    check = sub.add_parser("check", help="validate a house-rules TOML file")
    check.add_argument("file", metavar="FILE")


def run(args: argparse.Namespace) -> int:
    try:
        if args.rules_command == "list":
            for name in preset_names():
                rules = load_preset(name)
                print(f"{name:16} {rules.table.boxes} boxes  {rules.source}")
            return 0
        if args.rules_command == "show":
            print(to_toml(load_preset(args.name)), end="")
            return 0
        rules = load_rules_file(args.file)
    except RulesError as err:
        print(f"rptable rules: {err}", file=sys.stderr)
        return 1
    print(f"{args.file}: valid house rules '{rules.name}' ({rules.table.boxes} boxes)")
    return 0


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
