"""docs/architecture.md, convention 1: the rules engine does no I/O — the import contract in pyproject.toml holds;
and no class grows into a hub where every feature lands."""

import ast
import functools
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@functools.cache
def program_sources() -> dict[str, str]:
    """Every module of the program, read once for the stories that read its code."""
    folders = ("controller", "ui", "drivers", "hardware-sim")
    paths = [path for folder in folders for path in (ROOT / folder).rglob("*.py")]
    return {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8") for path in sorted(paths)}


def program_trees(could_hold) -> dict[str, ast.Module]:
    """The modules of the program whose text `could_hold(text)` says may hold what a story looks for, parsed: a
    module whose text cannot hold it (no `def` keyword enough times, no name called) needs no parsing."""
    return {path: ast.parse(text) for path, text in program_sources().items() if could_hold(text)}


def test_engine_modules_import_no_device_gui_or_os_libraries():
    lint = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    out = subprocess.run([lint], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "broken" in out.stdout and "0 broken" in out.stdout


MOST_PUBLIC_METHODS = 30  # a class past this holds more than one subject: move a group into an object beside it


def test_no_class_holds_more_than_30_public_methods():
    """Each object has one purpose: the table controller's staff, overrides and jackpot, the console's back
    office and the journal's whole-file check are objects of their own (docs/architecture.md)."""
    crowded = []
    for path, tree in program_trees(lambda text: len(re.findall(r"\bdef\b", text)) > MOST_PUBLIC_METHODS).items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                public = [m.name for m in node.body
                          if isinstance(m, ast.FunctionDef | ast.AsyncFunctionDef) and not m.name.startswith("_")]
                if len(public) > MOST_PUBLIC_METHODS:
                    crowded.append(f"{path}: {node.name} has {len(public)}")
    assert not crowded, crowded


def test_a_table_is_opened_one_way():
    """Every program opens its table through controller/opening/table_session.py: no other module of the program
    makes a table controller, nor both opens a card source and makes one (the console and simulate each
    assembled one by hand, and had drifted apart: one opened the shoe first, the other left a journal behind)."""
    called = {path: {node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                     for node in ast.walk(tree) if isinstance(node, ast.Call)}
              for path, tree in program_trees(lambda text: "TableController" in text).items()}
    by_hand = [path for path, names in called.items() if {"open_source", "TableController"} <= names]
    assert by_hand == ["controller/opening/table_session.py"], by_hand
    # Nor does a one-off command (acknowledging the rules, accepting the accounts, a jackpot verdict, a salvage)
    # make its table's controller itself: it opens the table at the desk, the same assembly without a shoe.
    assembled = [path for path, names in called.items() if "TableController" in names]
    assert assembled == ["controller/opening/table_session.py"], assembled


def test_every_event_a_journal_holds_is_written_and_read_one_way():
    """The round's events (the engine's) and the table's are coded one way: each names its journal kind `KIND`
    and its payload's version `VERSION`, writes its payload with `payload()`, and is read back from the kind and
    the payload (the engine's had a codec of its own: type_name, version, to_dict, event_from_dict)."""
    import controller.engine as engine
    from controller.engine.events import EVENT_TYPES, event_from_payload
    from controller.table.table_events import TABLE_EVENT_TYPES

    kinds = [*EVENT_TYPES.values(), *TABLE_EVENT_TYPES.values()]
    assert all(isinstance(cls.KIND, str) and cls.KIND and isinstance(cls.VERSION, int) and callable(cls.payload)
               for cls in kinds)
    assert len({cls.KIND for cls in kinds}) == len(kinds)  # no kind names two events
    assert all(name == cls.KIND for name, cls in EVENT_TYPES.items())
    assert not hasattr(EVENT_TYPES["Folded"], "to_dict") and not hasattr(engine, "event_from_dict")
    folded = EVENT_TYPES["Folded"](box=2)
    assert event_from_payload(folded.payload()) == folded
