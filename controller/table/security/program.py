"""The installed program, verified: the SHA-256 of every installed file, one digest of them all, and the manifest
written at install that a table checks them against before it opens.

The files are those of rptable's packages (controller, drivers, ui, hwsim: the Python sources, the house-rule
presets, the translations), found where Python imports them from; byte-compiled caches are left out, as Python
remakes them. The digest is the SHA-256 of the sorted lines `path<TAB>sha256`, so anyone can recompute it from
the list with standard tools (`sha256sum`). The manifest (`rptable verify-install --write`, run by `make`'s
setup step) is a JSON file beside the virtual environment's interpreter tree; `RPTABLE_MANIFEST` moves it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from drivers.named_files import read_named_text, regular_file_problem

PACKAGES = ("controller", "drivers", "ui", "hwsim")
SKIPPED_DIRS = frozenset({"__pycache__"})
SKIPPED_SUFFIXES = (".pyc", ".pyo")
MANIFEST_FORMAT = "rptable-manifest/1"
MAX_MANIFEST_BYTES = 16 * 1024 * 1024


class ProgramError(Exception):
    """The manifest cannot be read or written; the message says which file and what to do."""


@dataclass(frozen=True)
class Installed:
    """Every installed file (path relative to its package's parent -> SHA-256) and one digest of them all."""

    files: dict[str, str]

    @property
    def digest(self) -> str:
        return hashlib.sha256("".join(f"{path}\t{digest}\n" for path, digest in sorted(self.files.items()))
                              .encode()).hexdigest()

    def to_dict(self, version: str) -> dict[str, object]:
        return {"format": MANIFEST_FORMAT, "version": version, "digest": self.digest, "files": self.files}


@dataclass(frozen=True)
class ProgramCheck:
    """The installed files against the manifest: `differs` names each file changed, added or missing."""

    installed: Installed
    manifest: Path
    found: bool  # False: there is no manifest (the program was not installed by `make`; nothing is checked)
    differs: tuple[str, ...] = ()
    version: str = ""

    @property
    def ok(self) -> bool:
        return self.found and not self.differs

    def fault_text(self) -> str:
        """The refusal in words, naming the first files that differ."""
        names = ", ".join(self.differs[:5]) + (f" and {len(self.differs) - 5} more" if len(self.differs) > 5 else "")
        return (f"The installed program differs from the one certified at install ({self.manifest}): {names}. The "
                "table will not open. Reinstall the certified program, or have the change certified "
                "(`rptable verify-install --write`).")


def package_roots() -> dict[str, Path]:
    """Each of rptable's packages and the folder it is imported from."""
    roots: dict[str, Path] = {}
    for name in PACKAGES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.submodule_search_locations:
            roots[name] = Path(next(iter(spec.submodule_search_locations)))
    return roots


def installed_files(roots: dict[str, Path] | None = None) -> Installed:
    """The SHA-256 of every file of the packages (from `roots`, default where Python imports them from)."""
    files: dict[str, str] = {}
    for name, root in sorted((roots or package_roots()).items()):
        for folder, dirs, names in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith("."))
            # Names as strings, not Path objects: a table walks every file at each start.
            inside = os.path.relpath(folder, root)
            prefix = name if inside == "." else f"{name}/{Path(inside).as_posix()}"
            for file in sorted(names):
                if not file.endswith(SKIPPED_SUFFIXES):
                    files[f"{prefix}/{file}"] = file_sha256(os.path.join(folder, file))
    return Installed(files)


def default_manifest() -> Path:
    """$RPTABLE_MANIFEST, else `share/rptable/manifest.json` under the Python environment rptable runs in."""
    override = os.environ.get("RPTABLE_MANIFEST")
    return Path(override) if override else Path(sys.prefix) / "share" / "rptable" / "manifest.json"


def write_manifest(version: str, path: Path | None = None, roots: dict[str, Path] | None = None) -> Installed:
    path = path or default_manifest()
    problem = regular_file_problem(path)
    if problem is not None:  # the manifest is renamed into place: a device there (/dev/zero) would be replaced
        raise ProgramError(f"The manifest {path} cannot be written: {problem}.")
    installed = installed_files(roots)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".new")
        temporary.write_text(json.dumps(installed.to_dict(version), indent=1, sort_keys=True) + "\n", encoding="utf-8")
        temporary.replace(path)
    except OSError as err:
        raise ProgramError(f"The manifest {path} cannot be written: {err.strerror or err}.") from err
    return installed


def check_program(path: Path | None = None, roots: dict[str, Path] | None = None) -> ProgramCheck:
    """The installed files against the manifest at `path` (default: `default_manifest()`)."""
    path = path or default_manifest()
    installed = installed_files(roots)
    try:
        present = path.exists()
    except OSError:  # a path the system will not look up (a name too long): said below as unreadable
        present = True
    if not present:
        return ProgramCheck(installed, path, False, version=program_version())
    try:
        data = json.loads(read_named_text(path, MAX_MANIFEST_BYTES))
        if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT or \
                not isinstance(data.get("files"), dict):
            raise ValueError(f"it is not an rptable manifest ({MANIFEST_FORMAT})")
        expected = {str(k): str(v) for k, v in data["files"].items()}
    except (OSError, ValueError) as err:
        return ProgramCheck(installed, path, True, (f"{path.name} (the manifest itself cannot be read: {err})",),
                            program_version())
    changed = [p for p in sorted(expected.keys() | installed.files.keys())
               if expected.get(p) != installed.files.get(p)]
    return ProgramCheck(installed, path, True, tuple(_what(p, expected, installed.files) for p in changed),
                        program_version())


def program_version() -> str:
    """The program's version (controller.__version__, which the package's metadata reads too): read where it is
    written rather than through importlib.metadata, whose import alone is a few hundredths of a second of every
    table's start."""
    from controller import __version__

    return __version__


def _what(path: str, expected: dict[str, str], found: dict[str, str]) -> str:
    if path not in found:
        return f"{path} (missing)"
    if path not in expected:
        return f"{path} (not in the certified program)"
    return f"{path} (changed)"


def file_sha256(path: str | Path) -> str:
    """The SHA-256 of a file's bytes, in hex."""
    with open(path, "rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()
