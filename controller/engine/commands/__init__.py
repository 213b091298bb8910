"""Commands: what the table asks of a round, one module per family. Each command is a frozen record that keeps
its own rules: how it is checked (`verify`) and what events carry it out (`execute`).

- stakes: place and withdraw a box's stakes, close the bets
- deal: a card from the shoe (or a card fault)
- jackpot: a box's jackpot stake, placed with its ante
- box: a box's decisions (fold, bet, buy a 6th card, exchange, insure)
- dealer: the reveal, buying the dealer a game, his draw, the settlement
- overrides: a pit boss corrects a card, dismisses a read, voids the round

Each family enters its commands in the registry (`base.COMMANDS`, one class per action word) where they are
defined; importing the package checks that every action word has its class.
"""

from controller.engine.commands import box, deal, dealer, jackpot, overrides, stakes
from controller.engine.commands.base import check_complete

__all__ = ["box", "deal", "dealer", "jackpot", "overrides", "stakes"]

check_complete()
