"""`python -m hwsim.camera`: card images to teach from, and synthetic table photos to scan.

    python -m hwsim.camera themes
    python -m hwsim.camera export THEME DIR [--form photo|png|crop|svg]   # 52 images for `rptable camera teach`
    python -m hwsim.camera photo THEME OUT.jpg [--condition normal|hard|small] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hwsim.camera", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("themes", help="list the card themes installed")
    export = sub.add_parser("export", help="write a theme's 52 card images, named by card code")
    export.add_argument("theme")
    export.add_argument("dir", type=Path)
    export.add_argument("--form", default="photo",
                        help="photo (on felt), png (artwork, transparent), crop (artwork, opaque) or svg")
    photo = sub.add_parser("photo", help="a synthetic photo of cards on felt; prints the truth as JSON")
    photo.add_argument("theme")
    photo.add_argument("out", type=Path)
    photo.add_argument("--condition", default="normal")
    photo.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    import cv2
    import numpy as np

    from hwsim.camera.art import ArtError, available_themes, export_teach_images, load_deck
    from hwsim.camera.scene import CONDITIONS, random_scene

    try:
        if args.command == "themes":
            print("\n".join(available_themes()))
        elif args.command == "export":
            export_teach_images(args.theme, args.dir, args.form)
            print(f"52 card images ({args.form}) of '{args.theme}' written to {args.dir}")
        else:
            if args.condition not in CONDITIONS:
                known = ", ".join(CONDITIONS)
                print(f"unknown condition '{args.condition}' (known: {known})", file=sys.stderr)
                return 2
            scene = random_scene(load_deck(args.theme), CONDITIONS[args.condition],
                                 np.random.default_rng(args.seed))
            if not cv2.imwrite(str(args.out), scene.image):
                print(f"cannot write {args.out}", file=sys.stderr)
                return 1
            cards = [{"card": p.card.code, "corners": [[round(float(v), 1) for v in xy] for xy in p.corners]}
                     for p in scene.cards]
            print(json.dumps({"image": str(args.out), "cards": cards}))
    except ArtError as err:
        print(err, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
