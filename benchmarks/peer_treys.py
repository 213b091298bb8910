"""Peer for the odds benchmark: rank every 5-card hand with treys (pure Python), and nothing more.

Run as a whole process: `python benchmarks/peer_treys.py 5`.
"""

import sys
from itertools import combinations

from treys import Card, Evaluator


def main() -> None:
    cards = int(sys.argv[1])
    evaluator = Evaluator()
    pack = [Card.new(rank + suit) for rank in "23456789TJQKA" for suit in "cdhs"]
    evaluate = evaluator.hand_size_map[cards]
    for hand in combinations(pack, cards):
        evaluate(list(hand))


if __name__ == "__main__":
    main()
