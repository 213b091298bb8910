"""Peer for the odds benchmark: rank every 5- or 6-card hand with phevaluator, and nothing more.

Run as a whole process: `python benchmarks/peer_phevaluator.py 5|6`. It calls phevaluator's C functions
directly in a plain loop: the fastest way to rank every hand from Python with it.
"""

import sys
from itertools import combinations

from phevaluator import _pheval


def main() -> None:
    cards = int(sys.argv[1])
    evaluate = _pheval.evaluate_5cards if cards == 5 else _pheval.evaluate_6cards
    for hand in combinations(range(52), cards):
        evaluate(*hand)


if __name__ == "__main__":
    main()
