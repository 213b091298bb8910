"""A player's decisions and what each cost against `basic`, in antes.

A decision is valued with what the player knew when making it: the stakes, the five cards dealt to the box,
the dealer's up card, and what the box had done before in the round with the cards each draw brought. The
dealer's four hidden cards and the order of the cards still to come are unknown to him, so they are drawn at
random, many times; on each draw the same cards play two lines through the rules engine, one box against
the dealer:

- `basic`'s line: from the situation on, the box plays as `basic` does (controller.players.basic);
- the player's line: the box makes the decision, then plays as `basic` does.

The decision's cost is the mean difference of the two nets (common random numbers: the difference is far
steadier than either line), with its standard error. SAMPLES draws, always as many: a cost to about 0.3 ante,
enough for one decision, as a rating averages many and its interval holds each valuation's error; stopping
once the error looked small would stop before the rare big hand that makes it large, and cost too little on
average. A decision `basic` would have made costs 0 exactly (its two lines
are one line) and is not played at all: at the table, or when the line played by one box finds it is basic's.
Buying the dealer a game or taking the ante is valued exactly (his hand is shown by then):
controller.players.buy_game_value. Other boxes' cards are unknown to the player, as they are at the table;
the lines are played by one box, so a rule that depends on how many boxes play is read for one box.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from controller.core.rules import HouseRules
from controller.engine import (
    DEALER,
    ActionKind,
    CardDealt,
    CloseBets,
    Command,
    IllegalCommand,
    Phase,
    PlaceStakes,
    RoundState,
    build_command,
    do,
    new_round,
    next_card_target,
    turn_actions,
)
from controller.engine.events import (
    AnteTaken,
    BetPlaced,
    CardsExchanged,
    Event,
    Folded,
    GameBought,
    InsurancePlaced,
    SixthCardBought,
)
from controller.players import basic
from controller.players.buy_game_value import buy_game_values, buys
from controller.players.hand_classes import KEEPS, cards_to_keep
from drivers.cards import PACK, Card, parse_card

SAMPLES = 64  # lines per decision a player made otherwise than basic (see the module's docstring)

# The engine's events that are a player's decision, by journal kind (the event's class name).
DECISION_EVENTS: dict[str, type[Event]] = {cls.__name__: cls for cls in (
    Folded, BetPlaced, SixthCardBought, CardsExchanged, InsurancePlaced, GameBought, AnteTaken)}
_WORDS: dict[type[Event], ActionKind] = {
    Folded: ActionKind.FOLD, BetPlaced: ActionKind.BET, SixthCardBought: ActionKind.BUY,
    CardsExchanged: ActionKind.EXCHANGE, InsurancePlaced: ActionKind.INSURE, GameBought: ActionKind.BUY_GAME,
    AnteTaken: ActionKind.TAKE_ANTE}
BUYING_WORDS = (ActionKind.BUY_GAME, ActionKind.TAKE_ANTE)


@dataclass(frozen=True, slots=True)
class Move:
    """One decision of a box: the action word, the cards it exchanged or the chips it insured, and the cards
    the shoe then brought it (for a draw)."""

    word: ActionKind
    discards: tuple[Card, ...] = ()
    amount: int | None = None
    drawn: tuple[Card, ...] = ()

    @classmethod
    def of(cls, event: Event) -> Move:
        """The move a decision event records."""
        word = _WORDS[type(event)]
        discards = tuple(sorted(event.discards)) if isinstance(event, CardsExchanged) else ()
        amount = event.amount if isinstance(event, InsurancePlaced) else None
        return cls(word, discards, amount)

    @classmethod
    def of_command(cls, command: Command) -> Move:
        """The move a strategy's command makes."""
        word = ActionKind(command.action)
        discards = tuple(sorted(getattr(command, "discards", ()))) if word == ActionKind.EXCHANGE else ()
        amount = getattr(command, "amount", None) if word == ActionKind.INSURE else None
        return cls(word, discards, amount)

    @classmethod
    def parse(cls, label: str) -> Move:
        """A move from its label (`exchange 2H 7C`, `insure 300`, `bet`)."""
        word, *rest = label.split()
        kind = ActionKind(word)
        if kind == ActionKind.EXCHANGE:
            return cls(kind, tuple(sorted(parse_card(c) for c in rest)))
        if kind == ActionKind.INSURE:
            return cls(kind, amount=int(rest[0]))
        return cls(kind)

    def command(self, box: int) -> Command:
        return build_command(self.word, box, discards=self.discards, amount=self.amount)

    def same_choice(self, other: Move) -> bool:
        return (self.word, self.discards, self.amount) == (other.word, other.discards, other.amount)

    @property
    def label(self) -> str:
        """The move in a pit boss's words: `exchange 2H 7C`, `insure 300`, `bet`."""
        if self.word == ActionKind.EXCHANGE:
            return f"exchange {' '.join(c.code for c in self.discards)}"
        if self.word == ActionKind.INSURE:
            return f"insure {self.amount}"
        return str(self.word)

    def to_dict(self) -> dict[str, Any]:
        return {"word": str(self.word), "discards": [c.code for c in self.discards], "amount": self.amount,
                "drawn": [c.code for c in self.drawn]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Move:
        return cls(ActionKind(data["word"]), tuple(parse_card(c) for c in data["discards"]), data["amount"],
                   tuple(parse_card(c) for c in data["drawn"]))


@dataclass(frozen=True, slots=True)
class Situation:
    """What the box's player knew when deciding (see the module's docstring)."""

    ante: int
    bonus: int
    five: tuple[Card, ...]
    up: Card
    before: tuple[Move, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"ante": self.ante, "bonus": self.bonus, "five": [c.code for c in self.five], "up": self.up.code,
                "before": [m.to_dict() for m in self.before]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Situation:
        return cls(int(data["ante"]), int(data["bonus"]), tuple(parse_card(c) for c in data["five"]),
                   parse_card(data["up"]), tuple(Move.from_dict(m) for m in data["before"]))

    def unseen(self) -> list[Card]:
        """The cards the player has not seen: the dealer's hidden four and the stock are among them."""
        seen = {*self.five, self.up, *(c for m in self.before for c in m.drawn)}
        return [c for c in PACK if c not in seen]


@dataclass(frozen=True, slots=True)
class Valuation:
    """A decision's cost against `basic` in antes (+ = the player gave up expected value), and its standard
    error; `note` says why a decision could not be valued (cost 0 then, and it is not counted)."""

    cost: float
    se: float
    note: str = ""


class CannotValue(Exception):
    """The decision's line cannot be played again by one box (the message says why)."""


# -- valuing a decision -----------------------------------------------------------------------------------
def value_decision(rules: HouseRules, situation: Situation, decision: Move, *, samples: int = SAMPLES,
                   seed: int = 0) -> Valuation:
    """The decision's cost against basic's own play from the same situation (see the module's docstring)."""
    rng = random.Random(seed)
    diffs: list[float] = []
    try:
        if _is_basic_choice(rules, situation, decision):
            return Valuation(0.0, 0.0)
        for _ in range(samples):
            hidden, stream = _deal_unknown(situation, rng)
            basic_net = play_line(rules, situation, None, hidden, stream)
            player_net = play_line(rules, situation, decision, hidden, stream)
            diffs.append((basic_net - player_net) / situation.ante)
    except (IllegalCommand, StopIteration) as err:
        return Valuation(0.0, 0.0, f"not valued: the line cannot be played again by one box ({err})")
    return Valuation(*_mean_and_se(diffs))


def _mean_and_se(diffs: Sequence[float]) -> tuple[float, float]:
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / max(len(diffs) - 1, 1)
    return mean, math.sqrt(var / len(diffs))


def _is_basic_choice(rules: HouseRules, situation: Situation, decision: Move) -> bool:
    """Whether basic, playing the situation's box alone, makes the decision itself: then both lines are one and
    the cost is 0 exactly (a table's basic may have chosen otherwise where a rule depends on the boxes playing).
    Basic's choice depends on the box's cards and the up card only, so any hidden cards will do."""
    hidden, stream = _deal_unknown(situation, random.Random(0))
    state, _ = _line_to_decision(rules, situation, hidden, stream)
    if state.phase is Phase.CLOSED:
        return False
    command = basic.next_action(state)
    return command is not None and Move.of_command(command).same_choice(decision)


def value_moves(rules: HouseRules, situation: Situation, moves: Sequence[Move], *, samples: int, rng: random.Random
                ) -> list[float]:
    """Each move's mean net in antes, every move played on the same deals (a strategy choosing among them)."""
    totals = [0.0] * len(moves)
    for _ in range(samples):
        hidden, stream = _deal_unknown(situation, rng)
        for i, move in enumerate(moves):
            totals[i] += play_line(rules, situation, move, hidden, stream) / situation.ante
    return [t / samples for t in totals]


def value_buying(rules: HouseRules, state: RoundState, box_number: int, decision: Move) -> tuple[Valuation, Move]:
    """A choice to buy the dealer a game or take the ante, valued exactly against basic's (which is the better
    of the two), with basic's choice."""
    box = state.boxes[box_number]
    pack = [c for c in PACK if state.in_stock(c)]
    take, buy = buy_game_values(rules, box, state.dealer, pack, single_box=len(state.order) == 1)
    best = Move(ActionKind.BUY_GAME) if buys(take, buy) else Move(ActionKind.TAKE_ANTE)
    chosen = buy if decision.word == ActionKind.BUY_GAME else take
    return Valuation((max(take, buy) - chosen) / box.ante, 0.0), best


def play_line(rules: HouseRules, situation: Situation, decision: Move | None, hidden: Sequence[Card],
              stream: Sequence[Card]) -> int:
    """One box's net in chips: dealt the situation's five cards against a dealer holding `hidden` and the up
    card, it makes the situation's earlier moves (drawing the cards they drew), then `decision` if given,
    then plays as basic; every later card comes from `stream`."""
    state, cards = _line_to_decision(rules, situation, hidden, stream)
    if decision is not None and state.phase is not Phase.CLOSED:
        do(state, decision.command(1))
    while state.phase is not Phase.CLOSED:
        if next_card_target(state) is not None:
            do(state, CardDealt(next(cards)))
        else:
            command = basic.next_action(state)
            if command is None:
                raise CannotValue("basic found nothing to do")
            do(state, command)
    box = state.boxes[1]
    assert box.settlement is not None
    return box.settlement.net


def _line_to_decision(rules: HouseRules, situation: Situation, hidden: Sequence[Card], stream: Sequence[Card]
                      ) -> tuple[RoundState, Iterator[Card]]:
    """The one-box round at the situation's decision (or closed before it), and the cards still to come."""
    state = new_round(rules)
    do(state, PlaceStakes(1, situation.ante, situation.bonus))
    do(state, CloseBets())
    box_cards, dealer_cards = iter(situation.five), iter((*hidden, situation.up))
    for target in state.deal_plan:  # the dealer's fifth card is the one dealt face up (R-DEAL-1)
        do(state, CardDealt(next(dealer_cards) if target == DEALER else next(box_cards)))
    forced = list(situation.before)
    cards = _cards_to_come(situation.before, stream)
    while state.phase is not Phase.CLOSED:
        if next_card_target(state) is not None:
            do(state, CardDealt(next(cards)))
        elif forced:
            do(state, forced.pop(0).command(1))
        else:
            break
    return state, cards


def _cards_to_come(before: Sequence[Move], stream: Sequence[Card]) -> Iterator[Card]:
    for move in before:
        yield from move.drawn
    yield from stream


def _deal_unknown(situation: Situation, rng: random.Random) -> tuple[list[Card], list[Card]]:
    """The dealer's hidden four and the rest of the pack in shoe order, at random among the unseen cards."""
    unseen = situation.unseen()
    rng.shuffle(unseen)
    return unseen[:4], unseen[4:]


# -- a strategy that values every choice -------------------------------------------------------------------
def candidate_moves(state: RoundState, box_number: int) -> list[Move]:
    """Every move open to the box now: fold, bet, buy, each kind of exchange basic knows (KEEPS), the least
    and the most insurance."""
    box = state.boxes[box_number]
    moves: list[Move] = []
    for action in turn_actions(state):
        if action.box != box_number:
            continue
        if action.kind == ActionKind.EXCHANGE:
            most = action.maximum or 0
            for keep in KEEPS:
                try:
                    kept = cards_to_keep(box.cards, keep)
                except StopIteration:
                    continue  # a kind of exchange this hand cannot make (ace-king without an ace)
                discards = tuple(sorted(c for c in box.cards if c not in kept))
                if 1 <= len(discards) <= most:
                    moves.append(Move(ActionKind.EXCHANGE, discards))
        elif action.kind == ActionKind.INSURE:
            moves += [Move(ActionKind.INSURE, amount=a) for a in {action.minimum, action.maximum} if a]
        elif action.kind in (ActionKind.FOLD, ActionKind.BET, ActionKind.BUY):
            moves.append(Move(action.kind))
    unique: list[Move] = []
    for move in moves:
        if not any(move.same_choice(m) for m in unique):
            unique.append(move)
    return unique


# -- following a box through a round ----------------------------------------------------------------------
@dataclass
class BoxLine:
    """What a box has done so far this round, as its next decision's situation needs it."""

    five: tuple[Card, ...]
    moves: list[Move] = field(default_factory=list)
    cards_after: tuple[Card, ...] = ()  # the box's cards just after its last move (before its draw arrived)

    def situation(self, state: RoundState, box_number: int) -> Situation:
        """The situation now, the cards drawn since the last move counted to it."""
        box = state.boxes[box_number]
        if self.moves:
            drawn = tuple(c for c in box.cards if c not in self.cards_after)
            last = self.moves[-1]
            self.moves[-1] = Move(last.word, last.discards, last.amount, drawn)
            self.cards_after = tuple(c for c in box.cards)
        return Situation(box.ante, box.bonus, self.five, state.dealer[4], tuple(self.moves))

    def made(self, move: Move, state: RoundState, box_number: int) -> None:
        self.moves.append(move)
        kept = [c for c in state.boxes[box_number].cards if c not in move.discards]
        self.cards_after = tuple(kept)
