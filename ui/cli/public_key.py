"""A public key given out by a command (`table pubkey`, `floor pubkey`): its PEM on standard output and, with
--out, in a file, for `audit verify --pubkey`; a comment naming whose key it is on standard error, so the PEM
piped elsewhere stays a key and nothing else."""

from __future__ import annotations

import sys
from pathlib import Path

from ui.cli.said import refused


def give_public_key(command: str, pem: str, out: str | None, whose: str) -> int:
    if out:
        try:
            Path(out).write_text(pem, encoding="utf-8")
        except OSError as err:
            return refused(command, f"cannot write {out}: {err.strerror or err}")
    sys.stdout.write(pem)
    print(f"# {whose}", file=sys.stderr)
    return 0
