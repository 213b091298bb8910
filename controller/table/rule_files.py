"""Finding and reading house-rule files: the shipped presets (controller/presets/*.toml), a casino's own (whole, or
extending a preset)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from controller.core.extends import rules_from_file_text
from controller.core.rules import HouseRules, RulesError, rules_from_toml
from drivers.named_files import read_named_text

PRESET_ORDER = ("classic", "online", "progressive", "four-seat", "russian-club", "caribbean-stud")


def preset_names() -> list[str]:
    """Every shipped preset: the §5 rows in their table order, then any other file in the folder."""
    found = {p.name[:-5] for p in resources.files("controller.core.presets").iterdir() if p.name.endswith(".toml")}
    return [n for n in PRESET_ORDER if n in found] + sorted(found - set(PRESET_ORDER))


def load_preset(name: str) -> HouseRules:
    if name not in preset_names():
        raise RulesError(f"no preset named '{name}'; presets: {', '.join(preset_names())}")
    text = resources.files("controller.core.presets").joinpath(f"{name}.toml").read_text(encoding="utf-8")
    return rules_from_toml(text, f"preset {name}")


MAX_RULES_BYTES = 1 << 20  # a rules file is a few kilobytes of settings and notes


def load_rules_file(path: str | Path) -> HouseRules:
    try:
        text = read_named_text(path, MAX_RULES_BYTES)
    except OSError as err:
        raise RulesError(f"{path}: cannot read the rules file: {err.strerror or err}") from err
    except UnicodeDecodeError as err:
        raise RulesError(f"{path}: not a UTF-8 text file: {err}") from err
    try:
        return rules_from_file_text(text, str(path), (preset_names(), load_preset))
    except RulesError:
        raise
    except RecursionError:  # TOML nested thousands deep: Python's parser runs out of stack
        raise RulesError(f"{path}: not valid TOML for a rules file: nested too deeply") from None
    except ValueError as err:
        if "digits" not in str(err):
            raise
        # An integer longer than Python reads (4,300 digits): no setting is anything like it.
        raise RulesError(f"{path}: not valid TOML for a rules file: a number in it has more than 4,300 digits"
                         ) from None


def is_file(path: str | Path) -> bool:
    """Path.is_file, but False (not an exception) for a name too long or otherwise impossible."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def load_rules(name_or_path: str) -> HouseRules:
    """A preset by name, else a TOML file by path (what `--rules NAME|FILE` accepts)."""
    if name_or_path in preset_names():
        return load_preset(name_or_path)
    if name_or_path.endswith(".toml") or "/" in name_or_path or is_file(name_or_path):
        return load_rules_file(name_or_path)
    raise RulesError(f"no preset or rules file '{name_or_path}'; presets: {', '.join(preset_names())}")
