"""One vocabulary of actions: a word (ActionKind) names a kind of command, and `build_command` makes the command
a word stands for, as the command's class says (the registry in `commands.base`). The legal actions the guide
lists (`LegalAction`) build their commands the same way, so the console's buttons, round scripts and the
strategies all speak these words."""

from __future__ import annotations

from controller.engine.commands.base import ActionKind, LegalAction, build_command

__all__ = ["BOX_DECISIONS", "TURN_DECISIONS", "LegalAction", "build_command"]

# The decisions offered to the box whose turn it is, in the order the console lists them.
TURN_DECISIONS = (ActionKind.FOLD, ActionKind.BET, ActionKind.BUY, ActionKind.EXCHANGE, ActionKind.INSURE)
# What a player decides for a box, in the order round scripts and the console list them: its turn's decisions,
# then whether it buys the dealer a game.
BOX_DECISIONS = (*TURN_DECISIONS, ActionKind.BUY_GAME, ActionKind.TAKE_ANTE)
