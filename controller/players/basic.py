"""The `basic` player strategy: for the preset in play, the action of each hand class chosen by measured expected
value (tables in controller/players/basic_tables/, written by benchmarks/derive_basic.py; docs/basic-strategy.md).

Same interface as controller.players.simple (`simple`): decide_box, decide_buy, next_action. Whether to buy the dealer a
game is not in the table: it is worked out exactly when it arises (controller.players.buy_game_value).
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from controller.core.hands import HandCategory
from controller.core.rules import HouseRules, rules_digest
from controller.engine import ActionKind, Command, LegalAction, RoundState, build_command
from controller.engine.strength import hand_value
from controller.players.buy_game_value import buy_game_values, buys
from controller.players.hand_classes import (
    AFTER_DRAW_CLASSES,
    CLASSES,
    INSURANCE_CLASSES,
    KEEPS,
    after_draw_class,
    cards_to_keep,
    classify,
    insurance_class,
)
from controller.players.simple import Actions, bet_or_fold, box_actions, next_action_of
from drivers.cards import PACK, Card

TABLES = "basic_tables"  # inside this package


class NoBasicTable(ValueError):
    """The rules in play have no basic-strategy table (a custom or changed rules file)."""


# How far a repeated single-card exchange (R-ACT-5) chases a four-card draw: until the hand holds a pair or better,
# or until the draw is made (a straight, a flush or better).
UNTIL = {"pair": HandCategory.ONE_PAIR, "made": HandCategory.STRAIGHT}


@dataclass(frozen=True)
class Play:
    """One class's action: fold, bet, buy (a 6th card) or exchange (keeping `keep`; then, where the house repeats a
    single-card exchange, exchanging the card just drawn again, up to `repeat` more times, while the hand is below
    what `until` names)."""

    action: ActionKind
    keep: str = ""
    repeat: int = 0
    until: str = "pair"

    @classmethod
    def parse(cls, label: str) -> Play:
        """'fold', 'bet', 'buy', 'exchange KEEP' or 'exchange KEEP repeat N [until made]' (the tables' words)."""
        words = label.split()
        if words in (["fold"], ["bet"], ["buy"]):
            return cls(ActionKind(words[0]))
        if len(words) in (2, 4, 6) and words[0] == "exchange" and words[1] in KEEPS:
            if len(words) == 2:
                return cls(ActionKind.EXCHANGE, words[1])
            until = words[5] if len(words) == 6 and words[4] == "until" else "pair"
            if words[2] == "repeat" and words[3].isdigit() and until in UNTIL and (len(words) == 4 or until != "pair"):
                return cls(ActionKind.EXCHANGE, words[1], int(words[3]), until)
        raise ValueError(f"'{label}' is not a play: fold, bet, buy, exchange KEEP [repeat N [until made]]; KEEP: "
                         f"{', '.join(KEEPS)}")

    @property
    def label(self) -> str:
        if self.action != ActionKind.EXCHANGE:
            return str(self.action)
        repeat = f" repeat {self.repeat}" if self.repeat else ""
        return f"exchange {self.keep}{repeat}" + (f" until {self.until}" if self.until != "pair" else "")

    def discards(self, cards: Sequence[Card]) -> list[Card]:
        """The cards the exchange gives up: all but those its kind keeps."""
        keep = cards_to_keep(cards, self.keep)
        return [c for c in cards if c not in keep]

    def exchanges_again(self, cards: Sequence[Card], exchanges: int) -> bool:
        """R-ACT-5: after `exchanges` exchanges, the last of a single card, whether to exchange the card just drawn
        once more (the house must allow it)."""
        return (self.action == ActionKind.EXCHANGE and exchanges <= self.repeat
                and hand_value(cards).category < UNTIL[self.until])


@dataclass(frozen=True)
class BasicTable:
    """A preset's basic strategy: the play of each pre-draw class, bet or fold after a draw, and insurance."""

    rules_name: str
    play_sha256: str
    plays: dict[str, Play]
    after_draw: dict[str, str]  # AFTER_DRAW_CLASSES -> "bet" | "fold"
    insurance: dict[str, str]  # INSURANCE_CLASSES -> "none" | "min" | "max"

    @classmethod
    def from_mapping(cls, data: dict[str, Any], origin: str) -> BasicTable:
        try:
            meta = data["meta"]
            plays = {name: Play.parse(data["classes"][name]["play"]) for name in CLASSES}
            after = {name: str(data["after_draw"][name]) for name in AFTER_DRAW_CLASSES}
            insurance = {name: str(data.get("insurance", {}).get(name, "none")) for name in INSURANCE_CLASSES}
        except (KeyError, TypeError, ValueError) as err:
            raise NoBasicTable(f"{origin}: not a basic-strategy table ({err}); derive it again with "
                               "benchmarks/derive_basic.py") from err
        if set(after.values()) - {"bet", "fold"} or set(insurance.values()) - {"none", "min", "max"}:
            raise NoBasicTable(f"{origin}: after_draw takes bet or fold, insurance none, min or max")
        return cls(str(meta["rules"]), str(meta["play_sha256"]), plays, after, insurance)


@lru_cache(maxsize=1)
def shipped_tables() -> dict[str, BasicTable]:
    """Every shipped table, by the play digest of the rules it was derived for."""
    folder = resources.files("controller.players").joinpath(TABLES)
    found: dict[str, BasicTable] = {}
    for item in folder.iterdir():
        if item.name.endswith(".toml"):
            table = BasicTable.from_mapping(tomllib.loads(item.read_text(encoding="utf-8")), item.name)
            found[table.play_sha256] = table
    return found


# Tables derived for a casino's own rules file, added by the layer that reads them (controller.analysis).
_DERIVED: dict[str, BasicTable] = {}


def add_derived_table(table: BasicTable) -> None:
    """Make a table derived for a rules file the basic strategy of those rules (their play digest)."""
    _DERIVED[table.play_sha256] = table


def find_table(rules: HouseRules) -> BasicTable | None:
    """The table derived for exactly these rules' play (names and notes aside): shipped, or derived and added."""
    digest = _play_digest(rules)
    return shipped_tables().get(digest) or _DERIVED.get(digest)


@lru_cache(maxsize=64)
def _play_digest(rules: HouseRules) -> str:
    """The digest of the rules' play, once per rules (the floor values every decision of a long history)."""
    return rules_digest(rules, play_only=True)


def table_for(rules: HouseRules) -> BasicTable:
    """The table derived for exactly these rules' play, or NoBasicTable saying how to derive one."""
    table = find_table(rules)
    if table is None:
        names = ", ".join(sorted(t.rules_name for t in shipped_tables().values()))
        raise NoBasicTable(
            f"no basic-strategy table for the rules '{rules.name}': the basic strategy is derived for each "
            f"preset's exact rules ({names}), and these differ from all of them. Derive one for this file with "
            "`rptable analyze --rules FILE --strategy basic` (it is kept in your data folder), or use --strategy "
            "simple.")
    return table


def decide_box(state: RoundState, box_number: int, legal: tuple[LegalAction, ...]) -> Command:
    """The basic strategy's next command for an open box whose turn it is."""
    return decide_box_by(table_for(state.rules), state, box_number, legal)


def decide_box_by(table: BasicTable, state: RoundState, box_number: int, legal: tuple[LegalAction, ...]) -> Command:
    """The next command of an open box whose turn it is, playing `table`."""
    box = state.boxes[box_number]
    actions = box_actions(legal, box_number)
    up = state.dealer[4]
    exchange = actions.get(ActionKind.EXCHANGE)
    play = table.plays[classify(box.first_five, up, state.rules.pays)]
    if box.drew:
        if exchange is not None and box.last_exchange_size == 1 and play.exchanges_again(box.cards, box.exchanges):
            return exchange.command(discards=[box.cards[-1]])  # the card just drawn
        return _bet_or_fold(table, box_number, box.cards, actions, after_draw=True)
    if play.action == ActionKind.BUY and ActionKind.BUY in actions:
        return actions[ActionKind.BUY].command()
    if play.action == ActionKind.EXCHANGE and exchange is not None:
        discards = play.discards(box.cards)
        if 1 <= len(discards) <= (exchange.maximum or 0):
            return exchange.command(discards=discards)
    if play.action == ActionKind.FOLD and ActionKind.FOLD in actions:
        return actions[ActionKind.FOLD].command()
    # bet, or a draw this box cannot make here (a cap on exchanged cards): bet or fold as after a draw
    return _bet_or_fold(table, box_number, box.cards, actions, after_draw=play.action != ActionKind.BET)


def _bet_or_fold(table: BasicTable, box_number: int, cards: list[Card], actions: Actions,
                 after_draw: bool) -> Command:
    category = hand_value(cards).category
    if after_draw and table.after_draw[after_draw_class(category)] == "fold" and ActionKind.FOLD in actions:
        return actions[ActionKind.FOLD].command()
    insure = actions.get(ActionKind.INSURE)
    row = insurance_class(category)
    if insure is not None and row is not None and table.insurance[row] != "none":
        amount = insure.minimum if table.insurance[row] == "min" else insure.maximum
        if amount:
            return insure.command(amount=amount)
    return bet_or_fold(actions, box_number, bet=True)


def decide_buy(state: RoundState, box_number: int, legal: tuple[LegalAction, ...]) -> Command:
    """Buy the dealer a game when its exact expected value beats taking the ante."""
    take_ante = build_command(ActionKind.TAKE_ANTE, box_number)
    buy_game = box_actions(legal, box_number).get(ActionKind.BUY_GAME)
    if buy_game is None:
        return take_ante
    box = state.boxes[box_number]
    pack = [c for c in PACK if state.in_stock(c)]
    take, buy = buy_game_values(state.rules, box, state.dealer, pack, single_box=len(state.order) == 1)
    return buy_game.command() if buys(take, buy) else take_ante


def next_action(state: RoundState) -> Command | None:
    """What the table does next under the basic strategy (see controller.players.simple.next_action_of)."""
    return next_action_of(state, decide_box, decide_buy)
