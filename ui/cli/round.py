"""`rptable round`: play scripted rounds (bets, shoe order, decisions) and print each settlement."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from controller.core.rules import HouseRules, RulesError
from controller.table.rule_files import is_file, load_rules
from drivers.named_files import read_named_text
from ui.cli.help_examples import add_examples
from ui.cli.said import refused

MAX_SCRIPT_BYTES = 16 << 20  # a round's script is a few kilobytes; a whole shoe of packs well under this

EPILOG = """\
A script is a JSON object: {"rules", "boxes": [{"box", "ante", "bonus", "blind", "player"}],
"shoe": [cards in the order they leave the shoe; "??" is an unreadable card],
"decisions": [{"box", "action", ...}]}; actions: fold, bet, buy, exchange (+discard), insure (+amount),
buy_game, take_ante.
An illegal script gives {"script", "error", "clause", "step"}: step 0 = the stakes and the deal,
N = the N-th decision (with the cards it draws), len(decisions) + 1 = the dealer's part after the last one.
Scripts read from stdin are named stdin:LINE. Exit status 1 if any script failed, 2 for bad options.
The shoe deals one card to each playing box in turn (lowest box first), then one to the dealer, five times
over; the cards after those are drawn in the order the decisions draw them.
"""
# Box 1 is dealt a flush, the dealer a pair of sevens; box 1 bets.
FLUSH_SCRIPT = ('{"rules": "classic", "boxes": [{"box": 1, "ante": 100}], '
                '"shoe": ["2H", "7C", "5H", "7D", "9H", "3S", "JH", "4D", "KH", "9C"], '
                '"decisions": [{"box": 1, "action": "bet"}]}')


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EPILOG
    parser.add_argument(
        "scripts", nargs="+", metavar="SCRIPT",
        help="round script files (JSON); '-' reads JSON lines from stdin, one script a line "
        "(named stdin:LINE)",
    )
    parser.add_argument(
        "--rules", metavar="NAME|FILE", help="house rules for every script (overrides its 'rules')"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per script, one per line")
    add_examples(parser,
                 f"echo '{FLUSH_SCRIPT}' | rptable round -",
                 f"echo '{FLUSH_SCRIPT}' > flush.json",
                 "rptable round flush.json --rules four-seat --json")


def run(args: argparse.Namespace) -> int:
    from controller.players.scripted import read_json_lines, run_script

    override: HouseRules | None = None
    if args.rules:
        try:
            override = load_rules(args.rules)
        except RulesError as err:
            return refused("round", err, 2)
    failed = False
    for name, script, problem in _scripts(args.scripts, read_json_lines):
        if problem is not None:
            result: dict[str, Any] = {"script": name, "error": problem, "clause": None, "step": 0}
        else:
            result = run_script(script, name, _relative_loader(name), override)
        failed |= "error" in result
        print(json.dumps(result) if args.json else _readable(result), flush=True)
    return 1 if failed else 0


def _scripts(paths: list[str], read_json_lines: Any) -> Any:
    from controller.players.scripted import script_from_json

    for path in paths:
        if path == "-":
            yield from read_json_lines(iter(sys.stdin))
            continue
        try:
            text = read_named_text(path, MAX_SCRIPT_BYTES)
        except (OSError, UnicodeDecodeError) as err:
            yield path, None, f"cannot read the script: {getattr(err, 'strerror', None) or err}"
            continue
        yield path, *script_from_json(text)


def _relative_loader(script_path: str) -> Callable[[str], HouseRules]:
    return lambda name: _load_relative(name, script_path)


def _load_relative(name: str, script_path: str) -> HouseRules:
    """A script's rules: a preset name, or a TOML file (relative paths from the script's own folder)."""
    try:
        return load_rules(name)
    except RulesError:
        candidate = Path(script_path).parent / name
        if not script_path.startswith("stdin:") and is_file(candidate):
            return load_rules(str(candidate))
        raise


def _readable(result: dict[str, Any]) -> str:
    if "error" in result:
        clause = f" [{result['clause']}]" if result.get("clause") else ""
        return f"{result['script']}: ILLEGAL at step {result['step']}{clause}: {result['error']}\n"
    d = result["dealer"]
    how = "qualifies" if d["qualified"] else "does not qualify"
    lines = [f"{result['script']} ({result['rules']})",
             f"  dealer {' '.join(d['cards'])}: {_words(d['best'])}, {how}"
             + (f" (drew {' '.join(d['draws'])} for {' '.join(d['replaced'])})" if d["draws"] else "")]
    for b in result["boxes"]:
        paid = " + ".join(_words(c) for c in b["paid"]) or "nothing"
        lines.append(f"  box {b['box']} {' '.join(b['cards'])}: {_words(b['best'])} (pays {paid}, "
                     f"{b['multiplier']} to 1) {b['outcome']}: net {b['net']:+d}")
        parts = [f"{k} {v:+d}" for k, v in b["lines"].items() if v]
        lines.append("      " + (", ".join(parts) if parts else "every stake returned"))
    lines.append(f"  house net {result['house_net']:+d}")
    return "\n".join(lines) + "\n"


def _words(category: str | None) -> str:
    return (category or "no hand").replace("_", " ").lower().replace("ace king", "ace-king")
