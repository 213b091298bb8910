"""A rules file that extends a preset (`extends = "classic"`): the preset's settings, the file's own over them key by
key, so that a house's file says only where its table differs (docs/rules.md, rules files).

The result is whole rules, read as strictly as a whole file; a journal records them whole, so that it never depends
on a preset a later version may change. Finding the preset is the caller's (this module does no I/O).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from controller.core.hands import HandCategory
from controller.core.rules import HouseRules, RulesError, parse_rules_toml, rules_from_mapping

EXTENDS = "extends"
PAY_SECTIONS = (("pays",), ("bonus", "pays"))


Presets = tuple[Sequence[str], Callable[[str], HouseRules]]  # the presets' names, and a preset by its name


def rules_from_file_text(text: str, origin: str, presets: Presets) -> HouseRules:
    """A rules file's rules: a whole file as `rules_from_toml` reads it, or one that names one of `presets` in
    `extends`, resolved over it."""
    data = parse_rules_toml(text, origin)
    if EXTENDS not in data:
        return rules_from_mapping(data, origin, complete=True)
    return rules_from_mapping(resolved(data, origin, presets), origin, complete=True)


def resolved(data: Mapping[str, Any], origin: str, presets: Presets) -> dict[str, Any]:
    """The whole mapping of a file that extends a preset: the preset's every setting, the file's over them."""
    names, preset = presets
    name = data[EXTENDS]
    if name not in names:
        shown = f"'{name}'" if isinstance(name, str) else repr(name)
        raise RulesError(f"{origin}: field {EXTENDS}: {shown} is not allowed; allowed: the name of a preset "
                         f"({', '.join(names)})")
    if "name" not in data:
        raise RulesError(f"{origin}: field name: missing; allowed: a name of these rules' own (a file that extends "
                         f"'{name}' makes other rules, and a journal and the floor tell them apart by name)")
    base = preset(name).to_mapping(every_setting=True)
    # The preset's notes describe the preset, not a table that changed it: an extending file's notes are its own.
    # Its source, unless it gives one, says which preset it extends, and that preset's source.
    base["notes"] = ""
    base["source"] = f"extends the preset '{name}' ({base['source']})" if base["source"] else f"extends '{name}'"
    return _merged(base, {key: value for key, value in data.items() if key != EXTENDS}, ())


def _merged(base: Mapping[str, Any], changes: Mapping[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    """`base` with each of `changes`' keys over it: a section merged key by key, any other value replaced."""
    if path in PAY_SECTIONS:
        return _merged_pays(base, changes)
    out = dict(base)
    for key, value in changes.items():
        if isinstance(value, Mapping) and isinstance(base.get(key), Mapping):
            out[key] = _merged(base[key], value, (*path, key))
        else:
            out[key] = value
    return out


def _merged_pays(base: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """A pay table, category by category: the file's word on a category (a pay, or `not_paid` naming it) over the
    preset's; the preset's for every category the file says nothing of."""
    named = changes.get("not_paid", [])
    if not isinstance(named, list):  # not a list of categories: the reader refuses it with the file's words
        return {**base, **changes}
    said = {key for key in changes if key in HandCategory.__members__} | {n for n in named if isinstance(n, str)}
    out = {key: value for key, value in base.items() if key not in said}
    out.update(changes)
    not_paid = [n for n in base.get("not_paid", []) if n not in said] + list(named)
    out["not_paid"] = sorted(not_paid, key=lambda n: HandCategory[n] if n in HandCategory.__members__ else -1)
    return out
