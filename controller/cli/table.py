"""`rptable table pubkey`: the table's public signing key, for whoever checks its journal."""

from __future__ import annotations

import argparse
import sys

from controller.cli.bounds import table_id
from controller.cli.help_examples import add_examples
from controller.cli.said import refused


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    pubkey = sub.add_parser("pubkey", help="print the table's public key (PEM), made with the table if need be")
    pubkey.add_argument("--table", type=table_id, default="T1", metavar="ID", help="the table's id (default T1)")
    pubkey.add_argument("--out", metavar="PATH", help="write the key here too (give it to `audit verify --pubkey`)")
    parser.epilog = ("The private key stays in the data folder (keys/ID.key, readable by the table's user only); "
                     "the public key printed here checks the table's seals anywhere: `rptable audit verify "
                     "--journal T1.journal --pubkey T1.pem`, or `openssl pkey -pubin -in T1.pem -text`.")
    examples = ("rptable table pubkey --out T1.pem",
                "rptable simulate --rules four-seat --rounds 20 --journal T1.journal",
                "rptable audit verify --journal T1.journal --pubkey T1.pem")
    add_examples(parser, examples[0], "rptable table pubkey --table T2")
    add_examples(pubkey, *examples, "rptable table pubkey --table T2")


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from controller.table.signing import SigningKeyError, table_key

    try:
        key = table_key(args.table)
    except SigningKeyError as err:
        return refused("table", err)
    pem = key.public.pem()
    if args.out:
        try:
            Path(args.out).write_text(pem, encoding="utf-8")
        except OSError as err:
            return refused("table", f"cannot write {args.out}: {err.strerror or err}")
    sys.stdout.write(pem)
    print(f"# table {args.table}, key id {key.public.key_id} ({key.path})", file=sys.stderr)
    return 0
