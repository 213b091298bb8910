"""`rptable camera`: calibrate the card recogniser on a deck (`teach`); read the cards in images (`scan`)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ui.cli.help_examples import add_examples
from ui.cli.said import refused


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="camera_command", metavar="SUBCOMMAND")
    teach = sub.add_parser("teach", help="calibrate on a deck: DIR holds 52 images named by card code, photos of "
                                          "the cards or the deck's artwork")
    teach.add_argument("dir", metavar="DIR", type=Path,
                       help="folder of 52 images: AS.png, TD.jpg, 10h.svg… (photos on any plain background but the "
                            "card's colour; artwork cropped to the card, transparent PNG or SVG)")
    teach.add_argument("--deck", required=True, metavar="NAME", help="name to save the deck profile under")
    scan = sub.add_parser("scan", help="the cards found in each image, with position and confidence")
    scan.add_argument("images", nargs="+", metavar="IMAGE", type=Path)
    scan.add_argument("--deck", required=True, metavar="NAME", help="a deck taught with `camera teach`")
    scan.add_argument("--json", action="store_true", help="one JSON object per image")
    parser.epilog = ("`python -m hwsim.camera` (the Python rptable is installed in) writes a simulated deck's 52 "
                     "images and synthetic photos of a table, to try these on.")
    taught = ("python -m hwsim.camera export anglo anglo-cards",
              "rptable camera teach anglo-cards --deck anglo")
    scanned = ("python -m hwsim.camera photo anglo table.jpg --seed 1",
               "rptable camera scan table.jpg --deck anglo")
    add_examples(parser, *taught, *scanned)
    add_examples(teach, *taught, "rptable camera teach ~/deck-photos --deck casino-red  # illustrative")
    add_examples(scan, *taught, *scanned, "rptable camera scan table.jpg --deck anglo --json")


def run(args: argparse.Namespace) -> int:
    if args.camera_command == "teach":
        return _teach(args.dir, args.deck)
    if args.camera_command == "scan":
        return _scan(args.images, args.deck, args.json)
    print("rptable camera: say `teach DIR --deck NAME` or `scan IMAGE... --deck NAME`", file=sys.stderr)
    return 2


def _teach(folder: Path, deck: str) -> int:
    from drivers.camera.profile import ProfileError, deck_dir
    from drivers.camera.teach import TeachError, collect_images, teach

    try:
        deck_dir(deck)
        profile = teach(deck, collect_images(folder))
        saved = profile.save()
    except (TeachError, ProfileError) as err:
        return refused("camera teach", err)
    except OSError as err:
        return refused("camera teach", f"cannot save the deck profile: {err}")
    print(f"deck '{deck}' taught from {len(profile.cards)} images in {folder}; profile saved in {saved}")
    return 0


def _scan(images: list[Path], deck: str, as_json: bool) -> int:
    import cv2

    from drivers.camera.profile import DeckProfile, ProfileError
    from drivers.camera.recognise import Recogniser

    try:
        recogniser = Recogniser(DeckProfile.load(deck))
    except ProfileError as err:
        return refused("camera scan", err)
    status = 0
    for path in images:
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if frame is None:
            print(f"rptable camera scan: {path}: cannot be read as an image (missing, damaged or not a "
                  f"picture); skipped", file=sys.stderr)
            status = 1
            continue
        sightings = recogniser.read_frame(frame)
        result: dict[str, Any] = {
            "image": str(path),
            "cards": [{"card": s.card.code, "confidence": round(s.confidence, 4),
                       "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in s.corners]}
                      for s in sightings if s.card is not None],
            "unreadable": sum(1 for s in sightings if s.card is None),
        }
        if as_json:
            print(json.dumps(result))
        else:
            _print_scan(result, [s for s in sightings if s.card is None])
    return status


def _print_scan(result: dict[str, Any], unreadable: list[Any]) -> None:
    print(f"{result['image']}: {len(result['cards'])} card(s) read, {result['unreadable']} unreadable")
    for card in result["cards"]:
        x = sum(p[0] for p in card["corners"]) / 4
        y = sum(p[1] for p in card["corners"]) / 4
        print(f"  {card['card']:3s} at ({x:.0f}, {y:.0f})  confidence {card['confidence']:.2f}")
    for sighting in unreadable:
        x, y = sighting.centre
        print(f"  ??  at ({x:.0f}, {y:.0f})  unreadable (closest: {sighting.reading.best.code}, "
              f"confidence {sighting.confidence:.2f}); ask the dealer")
