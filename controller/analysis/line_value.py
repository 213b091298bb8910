"""The value of one box's line of play on one deal, exact over what the player never sees.

A line is how a strategy plays a box heads-up: its first decision (fold, bet, buy a 6th card, or exchange and, where
the house allows, exchange again), then bet or fold after a draw and insure as its table says, as
controller.players.basic plays at a table. Its value on a deal has two parts:
- what the box gets against the dealer when it takes the ante should he not qualify: exact, every set of his four
  hidden cards counted given the cards the player has seen (controller.analysis.dealer_odds);
- what buying him a game adds over taking the ante (R-BUY-1..4): on the deal's own hidden cards, with the exact
  expectation of his draw (controller.players.buy_game_value), or where he redraws until he qualifies, on the deal's
  own replacement cards.
So the value's expectation over deals is the line's expectation, exactly, with the dealer's randomness, the largest
part of a round's, counted out. Every rule comes from the engine's own functions (prices, insurance limits,
settlement, the dealer's redraws); a test plays the same deals through the engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from controller.analysis.dealer_odds import DealerOdds
from controller.analysis.hand_order import RANKS, value_order
from controller.core.hands import HandCategory, HandValue
from controller.core.rules import HouseRules, RepeatSingle, StockRunsOut
from controller.engine import ActionKind, BoxState, BuyChoice, exchange_price, insurance_range, new_round
from controller.engine.queries import buy_game_price, sixth_card_price
from controller.engine.rulings import may_buy_game
from controller.engine.settlement import settle_box
from controller.engine.strength import hand_value, pattern_key
from controller.players.basic import Play
from controller.players.buy_game_value import buy_game_values, buys, dealer_draw, expectation_is_exact
from controller.players.hand_classes import after_draw_class, insurance_class
from drivers.cards import Card

ANTE = 10  # chips: insurance and draw amounts keep their proportions to it
HEADS_UP_STOCK = 52 - 10  # the stock after a heads-up deal (R-DEAL-1)

# Dealer hands standing for each outcome of dealer_odds.OUTCOMES (settlement compares values only): any hand that
# does not qualify; the weakest qualifying value (below any hand of its category); the player's own; above all.
_LOWEST = HandValue(HandCategory.NO_GAME, ())
_ABOVE_ALL = HandValue(HandCategory.ROYAL_FLUSH, (99,))


@dataclass(frozen=True)
class Deal:
    """A heads-up deal in shoe order: the box's five cards, the dealer's five (the last face up), the stock."""

    player: tuple[Card, ...]
    dealer: tuple[Card, ...]
    stock: tuple[Card, ...]
    seed: int = 0  # for shuffling discards into a new stock (R-ACT-7), should a line ever need it

    @classmethod
    def from_shoe(cls, shoe: Sequence[Card], seed: int = 0) -> Deal:
        """The deal a shuffled pack gives, cards in the order they leave the shoe (R-DEAL-1)."""
        return cls(tuple(shoe[0:10:2]), tuple(shoe[1:10:2]), tuple(shoe[10:]), seed)

    @property
    def up(self) -> Card:
        return self.dealer[4]


@dataclass(frozen=True)
class Line:
    """A line played on a deal: a fold's result, or what a box that bet gets for each of the dealer's outcomes
    (`nets`, dealer_odds.OUTCOMES, taking the ante when he does not qualify) with what counting them needs; and
    what buying the dealer a game added on this deal. Amounts in chips."""

    folded: float | None
    nets: tuple[int, int, int, int] = (0, 0, 0, 0)
    out_ranks: tuple[int, ...] = ()  # cards of each rank the player has seen: none of them is the dealer's
    out_of_up_suit: int = 0  # their ranks in the up card's suit, as a bitmask
    up: int = 0
    strength: int = 0
    excess: float = 0.0
    wager: float = 0.0  # all the box staked, the payment for a game it bought on this deal included
    bought: int = 0  # what it paid to buy the dealer a game on this deal
    drew: bool = False
    # The box's first draw, for controller.analysis.draw_control: its five cards dealt, those it kept, and the cards
    # the draw brought (card indices; none where it did not draw).
    dealt: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()
    first_draw: tuple[int, ...] = ()


class _Stock:
    """The stock a box draws from: the deal's, in order; discards reshuffled or a draw refused when it runs
    out, as the house says (R-ACT-7)."""

    def __init__(self, deal: Deal, rules: HouseRules) -> None:
        self.cards = list(deal.stock)
        self.next = 0
        self.discards: list[Card] = []
        self.seen: set[Card] = set()  # drawn by the box since the deal
        self.reshuffles = rules.draw.when_stock_runs_out == StockRunsOut.RESHUFFLE_DISCARDS
        self.seed = deal.seed

    @property
    def left(self) -> list[Card]:
        return self.cards[self.next:]

    def can_draw(self, count: int) -> bool:
        return len(self.cards) - self.next + (len(self.discards) if self.reshuffles else 0) >= count

    def draw(self, count: int, discarding: Sequence[Card] = ()) -> list[Card]:
        if len(self.cards) - self.next < count and self.discards and self.reshuffles:
            fresh = self.left + self.discards
            random.Random(self.seed).shuffle(fresh)
            self.cards, self.next, self.discards = fresh, 0, []
        self.discards += discarding
        drawn = self.cards[self.next:self.next + count]
        self.next += count
        self.seen.update(drawn)
        return drawn


class LineValuer:
    """Plays lines under `rules`, betting or folding after a draw and insuring as `after_draw` and `insurance`
    say (controller.players.basic's table rows), and values them."""

    def __init__(self, rules: HouseRules, after_draw: dict[str, str], insurance: dict[str, str]) -> None:
        self.rules = rules
        self.after_draw = after_draw
        self.insurance = insurance
        self.state = new_round(rules)  # only its rules are read: exchange prices and insurance limits
        self.odds = DealerOdds(rules.dealer_qualifies_with)
        self._nets: dict[tuple[int, ...], tuple[int, int, int, int]] = {}
        self._exact_buy = expectation_is_exact(rules, single_box=True)

    def play(self, play: Play, deal: Deal, *, as_drawn: bool = False) -> Line:
        """The line `play` on `deal`; `as_drawn` takes the five cards dealt for a hand the box has drawn to (the
        ante is then settled as after a draw, R-SETTLE-1)."""
        if play.action == ActionKind.FOLD:
            return Line(-ANTE, wager=ANTE)
        box = BoxState(1, ANTE, 0, False, "P", cards=list(deal.player), first_five=list(deal.player),
                       exchanges=int(as_drawn))
        stock = _Stock(deal, self.rules)
        after_draw = play.action != ActionKind.BET
        kept: list[Card] = []
        drawn: list[Card] = []
        if play.action == ActionKind.BUY and self.rules.draw.buy_sixth and stock.can_draw(1):
            box.draw_paid += sixth_card_price(box)
            box.bought_sixth = True
            kept, drawn = list(box.cards), stock.draw(1)
            box.cards += drawn
        elif play.action == ActionKind.EXCHANGE:
            kept, drawn = self._exchange(box, play, stock)
        first = (tuple(c.index for c in deal.player), tuple(c.index for c in kept), tuple(c.index for c in drawn))
        category = hand_value(box.cards).category
        if after_draw and self.after_draw[after_draw_class(category)] == "fold":
            return Line(-float(ANTE + box.draw_paid), up=deal.up.index, wager=ANTE + box.draw_paid, drew=box.drew,
                        dealt=first[0], kept=first[1], first_draw=first[2])
        self._bet(box)
        excess, bought = self._buying(box, deal, stock)
        out = set(deal.player) | stock.seen
        up = deal.up
        out_ranks = [0] * RANKS
        for card in out:
            out_ranks[card.rank - 2] += 1
        return Line(
            None, self._outcome_nets(box), tuple(out_ranks),
            sum(1 << (c.rank - 2) for c in out if c.suit == up.suit), up.index,
            value_order().strength_of(hand_value(box.cards)), excess,
            ANTE + box.draw_paid + box.bet + box.insurance + bought, bought, box.drew, *first)

    def bet_nets(self, cards: Sequence[Card], *, as_drawn: bool = False) -> tuple[tuple[int, int, int, int], int]:
        """A box that bets these cards (insured as the table says), as dealt or as after a draw: its net for each of
        the dealer's outcomes, taking the ante when he does not qualify, and its stakes, in chips."""
        box = BoxState(1, ANTE, 0, False, "P", cards=list(cards), first_five=list(cards), exchanges=int(as_drawn))
        self._bet(box)
        return self._outcome_nets(box), ANTE + box.bet + box.insurance

    def _bet(self, box: BoxState) -> None:
        """The box bets, insuring first as the table says (R-ACT-2, R-ACT-6)."""
        box.bet = 2 * ANTE
        row = insurance_class(hand_value(box.cards).category)
        if row is not None and self.insurance.get(row, "none") != "none":
            limits = insurance_range(self.state, box)
            if limits is not None:
                box.insurance = limits[0] if self.insurance[row] == "min" else limits[1]

    def _exchange(self, box: BoxState, play: Play, stock: _Stock) -> tuple[list[Card], list[Card]]:
        """Exchange as the play says (R-ACT-4, R-ACT-5); the cards kept at the first exchange and those it brought
        (none if the box could not exchange)."""
        draw = self.rules.draw
        discards = play.discards(box.cards)
        most = draw.exchange_max_cards
        if draw.max_cards_exchanged_per_box:
            most = min(most, draw.max_cards_exchanged_per_box)
        if not 1 <= len(discards) <= most or not stock.can_draw(len(discards)):
            return [], []  # a draw this box cannot make here: it bets or folds as after a draw (as basic does)
        first_kept: list[Card] = []
        first_drawn: list[Card] = []
        while True:
            box.draw_paid += exchange_price(self.state, box, len(discards))
            gone = set(discards)
            kept = [c for c in box.cards if c not in gone]
            new = stock.draw(len(discards), discards)
            if not first_drawn:
                first_kept, first_drawn = kept, new
            box.cards = kept + new
            box.exchanges += 1
            box.cards_exchanged += len(discards)
            box.last_exchange_size = len(discards)
            cap = draw.max_cards_exchanged_per_box
            if (draw.repeat_single == RepeatSingle.NONE or len(discards) != 1 or not stock.can_draw(1)
                    or (cap and box.cards_exchanged + 1 > cap) or not play.exchanges_again(box.cards, box.exchanges)):
                return first_kept, first_drawn
            discards = [box.cards[-1]]  # the card just drawn (R-ACT-5)

    def _buying(self, box: BoxState, deal: Deal, stock: _Stock) -> tuple[float, int]:
        """What buying the dealer a game adds, on this deal, over taking the ante (chips), and what the box paid
        for it: nothing unless his hand does not qualify and the box may and will buy (as basic decides)."""
        dealer = list(deal.dealer)
        if (hand_value(dealer).category >= self.rules.dealer_qualifies_with
                or not may_buy_game(self.rules.buy_game, box) or not stock.can_draw(1)):
            return 0.0, 0
        pack = stock.left + (stock.discards if stock.reshuffles else [])  # the dealer's cards are never in it
        take, buy = buy_game_values(self.rules, box, dealer, pack, single_box=True)
        if not buys(take, buy):
            return 0.0, 0
        price = buy_game_price(box)
        if self._exact_buy:
            return buy - take, price
        bought = replace(box, buy_choice=BuyChoice.BUY, buy_paid=price)
        final = hand_value(dealer_draw(self.rules, dealer, stock.left, single_box=True))
        qualifies = final.category >= self.rules.dealer_qualifies_with
        return settle_box(self.rules, bought, final, False, qualifies).net - take, price

    def _outcome_nets(self, box: BoxState) -> tuple[int, int, int, int]:
        """The box's net for each of the dealer's outcomes, taking the ante when he does not qualify. What it paid
        to draw is lost whatever the outcome (settlement's draw line), so the nets are remembered without it: a
        box that exchanged again and again is settled once for its hand, not once for every price it paid."""
        key = (pattern_key(box.cards), box.insurance, box.drew, len(box.cards))
        before_draws = self._nets.get(key)
        if before_draws is None:
            player = hand_value(box.cards)
            lowest_qualifying = HandValue(self.rules.dealer_qualifies_with, ())
            rules = self.rules
            settled = (settle_box(rules, box, _LOWEST, False, False),
                       settle_box(rules, box, lowest_qualifying, True, True),
                       settle_box(rules, box, player, True, True),
                       settle_box(rules, box, _ABOVE_ALL, True, True))
            low, below, level, above = (s.net - s.draw for s in settled)
            before_draws = self._nets[key] = (low, below, level, above)
        paid = box.draw_paid
        return (before_draws[0] - paid, before_draws[1] - paid, before_draws[2] - paid, before_draws[3] - paid)

    def against(self, line: Line, dealer: Sequence[Card]) -> float:
        """What the line gets, in chips, against this hand of the dealer's, taking the ante should he not qualify:
        what a table pays it, but for a game it buys him."""
        if line.folded is not None:
            return line.folded
        dealer_value = value_order().strength_of(hand_value(dealer))
        if dealer_value < self.odds.qualify:
            return line.nets[0]
        return line.nets[1 if dealer_value < line.strength else 2 if dealer_value == line.strength else 3]

    def values(self, lines: Sequence[Line]) -> npt.NDArray[np.float64]:
        """Each line's value and wager, in antes: (lines, 2)."""
        out = np.zeros((len(lines), 2))
        betting = [i for i, line in enumerate(lines) if line.folded is None]
        for i, line in enumerate(lines):
            out[i, 1] = line.wager / ANTE
            if line.folded is not None:
                out[i, 0] = line.folded / ANTE
        for start in range(0, len(betting), 2048):
            part = betting[start:start + 2048]
            rows = [lines[i] for i in part]
            counts = self.odds.count(
                np.array([r.out_ranks for r in rows], dtype=np.int64), np.array([r.up for r in rows], dtype=np.int64),
                np.array([r.out_of_up_suit for r in rows], dtype=np.int64),
                np.array([r.strength for r in rows], dtype=np.int64))
            nets = np.array([r.nets for r in rows], dtype=np.float64)
            expected = (counts * nets).sum(axis=1) / counts.sum(axis=1)
            out[part, 0] = (expected + np.array([r.excess for r in rows])) / ANTE
        return out
