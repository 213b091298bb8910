"""`rptable shoe keygen PATH`: a new SHOE/1-A pairing key, for a shoe and its table to share."""

from __future__ import annotations

import argparse

from ui.cli.help_examples import add_examples
from ui.cli.said import refused

PAIRING = """\
Pair the shoe with the table:
  1. install this key in the shoe (the shoe maker's tool; for the simulator: rptable shoe-sim --key {path});
  2. keep the file on the table's machine, readable only by the user that runs rptable (it is: mode 600);
  3. give it in the shoe's URL: --shoe 'serial:///dev/ttyUSB0?key={path}' (socket:// and usb:// alike).
The table journals the key's id ({key_id}) with the shoe's serial at every session start."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="shoe_command", metavar="SUBCOMMAND", required=True)
    keygen = sub.add_parser("keygen", help="write a new SHOE/1-A pairing key to PATH (owner-only, never overwritten)",
                            description="Write a new SHOE/1-A pairing key: 64 hex digits, mode 600.")
    keygen.add_argument("path", metavar="PATH", help="the key file to create (it must not exist)")
    examples = ("rptable shoe keygen T1-shoe.key",
                "rptable simulate --rules four-seat --rounds 5 --shoe-key T1-shoe.key")
    add_examples(parser, *examples)
    add_examples(keygen, *examples, "timeout --preserve-status 2 rptable shoe-sim --tcp 0 --key T1-shoe.key")


def run(args: argparse.Namespace) -> int:
    from drivers.shoe1.auth import KeyFileError, write_key_file

    try:
        key = write_key_file(args.path)
    except KeyFileError as err:
        return refused("shoe keygen", err)
    print(f"SHOE/1-A key {key.key_id} written to {args.path}")
    print(PAIRING.format(path=args.path, key_id=key.key_id))
    return 0
