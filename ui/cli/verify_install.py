"""`rptable verify-install [--json] [--write]`: the SHA-256 of every installed file, one digest of them all, and
whether they are the program certified at install (its manifest)."""

from __future__ import annotations

import argparse
import json

from ui.cli.help_examples import add_examples
from ui.cli.said import refused


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="one JSON object: version, digest, files, manifest")
    parser.add_argument("--write", action="store_true",
                        help="certify the program as installed now: write its manifest (`make` does at install)")
    parser.add_argument("--manifest", metavar="PATH", help="the manifest (default: in the Python environment, or "
                                                           "$RPTABLE_MANIFEST)")
    parser.epilog = ("Exit status 0: every file is as certified; 1: a file differs, or there is no manifest; 2: "
                     "the manifest named is not a regular file (a pipe, a device, a folder), so nothing was read. The "
                     "digest is the SHA-256 of the lines `path<TAB>sha256` sorted, one per file, each ending in a "
                     "newline: any tool can recompute it.")
    add_examples(parser,
                 "rptable verify-install  # illustrative",
                 "rptable verify-install --manifest certified.json --write",
                 "rptable verify-install --manifest certified.json",
                 "rptable verify-install --manifest certified.json --json")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from controller.table.security.program import (
        ProgramError,
        check_program,
        default_manifest,
        program_version,
        write_manifest,
    )
    from drivers.named_files import regular_file_problem

    manifest = Path(args.manifest) if args.manifest else None
    problem = regular_file_problem(manifest or default_manifest())
    if problem is not None:  # said before anything is listed, read or written (--write would replace a device)
        return refused("verify-install", f"{manifest or default_manifest()} cannot be the manifest: {problem} "
                                         "(--manifest, or $RPTABLE_MANIFEST). Nothing was checked or written.", 2)
    version = program_version()
    if args.write:
        try:
            installed = write_manifest(version, manifest)
        except ProgramError as err:
            return refused("verify-install", err)
        print(f"Certified rptable {version}: {len(installed.files)} files, digest {installed.digest}")
        return 0
    check = check_program(manifest)
    if args.json:
        print(json.dumps({"version": version, "digest": check.installed.digest, "files": check.installed.files,
                          "manifest": str(check.manifest), "certified": check.found, "ok": check.ok,
                          "differs": list(check.differs)}))
    else:
        for path, digest in sorted(check.installed.files.items()):
            print(f"{digest}  {path}")
        print(f"rptable {version}: {len(check.installed.files)} files, digest {check.installed.digest}")
        if not check.found:
            print(f"NOT CERTIFIED: there is no manifest at {check.manifest} (`make` writes it at install).")
        elif check.differs:
            print(f"DIFFERS from the certified program ({check.manifest}):")
            for what in check.differs:
                print(f"  {what}")
        else:
            print(f"OK: every file is as certified ({check.manifest}).")
    return 0 if check.ok else 1
