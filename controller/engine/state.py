"""The round's state: every box, the dealer, the stock and where the round stands. Only the appliers
(controller.engine.apply) write to it; everything else reads it. Where the round stands moves along a declared
graph of phases (`PHASE_MOVES`), checked when this module is imported, and only through `RoundState.move_to`."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from controller.core.rules import HouseRules
from controller.engine.events import BoxSettled, CardFault, JackpotSettled
from controller.engine.strength import hand_value
from drivers.cards import PACK, Card

DEAL_PASSES = 5  # R-DEAL-1


class Phase(StrEnum):
    BETTING = "betting"
    DEALING = "dealing"
    DECISIONS = "decisions"
    REVEAL = "reveal"  # every box has acted; the dealer is to show his hand
    BUYING = "buying"  # R-BUY-1: boxes choose to buy the dealer a game or take the ante
    DEALER_DRAW = "dealer_draw"
    CLOSED = "closed"


# The moves a round makes from one phase to the next, and no other (R-DEAL-1 to R-SETTLE-1). Bets close and the
# deal starts; the deal's last card opens the boxes' decisions; after the last box's decision the dealer shows
# his hand; a hand that does not qualify opens buying him a game (R-BUY-1), and a game bought, his draw
# (R-BUY-2); the settlement closes the round from the reveal, the buying or the draw. A pit boss may void the
# round, which closes it, in any phase before it closes.
PHASE_MOVES: dict[Phase, frozenset[Phase]] = {
    Phase.BETTING: frozenset({Phase.DEALING, Phase.CLOSED}),
    Phase.DEALING: frozenset({Phase.DECISIONS, Phase.CLOSED}),
    Phase.DECISIONS: frozenset({Phase.REVEAL, Phase.CLOSED}),
    Phase.REVEAL: frozenset({Phase.BUYING, Phase.CLOSED}),
    Phase.BUYING: frozenset({Phase.DEALER_DRAW, Phase.CLOSED}),
    Phase.DEALER_DRAW: frozenset({Phase.CLOSED}),
    Phase.CLOSED: frozenset(),
}


def reachable(graph: dict[Phase, frozenset[Phase]], start: Phase) -> set[Phase]:
    """Every phase a round in `start` can come to along `graph`'s moves (`start` too)."""
    seen = {start}
    todo = [start]
    while todo:
        for after in graph[todo.pop()]:
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return seen


def check_phase_graph(graph: dict[Phase, frozenset[Phase]]) -> None:
    """The graph of phases is whole (ValueError saying what is wrong): it names the moves from every phase,
    every phase can be come to from betting, the round can close from every phase, and closed is the end."""
    if set(graph) != set(Phase):
        raise ValueError(f"The phase graph names the moves of {sorted(graph)}, not of every phase.")
    unreached = set(Phase) - reachable(graph, Phase.BETTING)
    if unreached:
        raise ValueError(f"No round comes to {', '.join(sorted(unreached))}: no move from betting leads there.")
    stuck = [phase for phase in Phase if Phase.CLOSED not in reachable(graph, phase)]
    if stuck:
        raise ValueError(f"A round in {', '.join(stuck)} can never close: no move from there leads to closed.")
    if graph[Phase.CLOSED]:
        raise ValueError("A closed round moves no more, yet the phase graph moves it on.")


check_phase_graph(PHASE_MOVES)


class BuyChoice(StrEnum):
    """R-BUY-1: what a box chose when the dealer did not qualify."""

    UNDECIDED = ""
    BUY = "buy"  # bought the dealer a game
    ANTE = "ante"  # took the ante


@dataclass(slots=True)
class BoxState:
    box: int
    ante: int
    bonus: int
    blind: bool
    player: str
    bet: int = 0
    cards: list[Card] = field(default_factory=list)
    first_five: list[Card] = field(default_factory=list)  # its cards as dealt (R-DEAL-1), whatever it draws later
    folded: bool = False
    draw_paid: int = 0
    exchanges: int = 0
    cards_exchanged: int = 0
    last_exchange_size: int = 0
    bought_sixth: bool = False
    pending_cards: int = 0
    insurance: int = 0
    bonus_result: int = 0
    jackpot: int = 0  # R-JACKPOT-1: the jackpot stake (0: none)
    jackpot_settled: JackpotSettled | None = None  # R-JACKPOT-2: its settlement on the first five cards
    buy_choice: BuyChoice = BuyChoice.UNDECIDED
    buy_paid: int = 0
    settlement: BoxSettled | None = None

    @property
    def acted(self) -> bool:
        return self.folded or self.bet > 0

    @property
    def bonus_only(self) -> bool:
        """R-BET-1: the box holds a bonus instead of an ante: it is dealt five cards and takes no decision."""
        return self.ante == 0

    @property
    def drew(self) -> bool:
        return self.bought_sixth or self.exchanges > 0

    @property
    def wagered(self) -> int:
        """Everything the box put on the layout this round: ante, bet, draw payments, insurance, bonus and the
        payment for buying the dealer a game (the shift report's drop, the analysis's total wagered)."""
        return self.ante + self.bet + self.draw_paid + self.insurance + self.bonus + self.buy_paid


@dataclass(slots=True)
class RoundState:
    rules: HouseRules
    phase: Phase = Phase.BETTING
    boxes: dict[int, BoxState] = field(default_factory=dict)
    order: list[int] = field(default_factory=list)  # boxes in play, ascending (R-TABLE-1)
    dealer: list[Card] = field(default_factory=list)
    deal_plan: tuple[int, ...] = ()  # where each card of the deal goes (R-DEAL-1)
    deal_index: int = 0
    insurance_window: int = 0  # a box that has just bet and may still insure (R-ACT-6)
    seen: set[Card] = field(default_factory=set)  # cards out of the stock this round
    live: set[Card] = field(default_factory=set)  # cards in a hand now
    discards: list[Card] = field(default_factory=list)
    revealed: bool = False
    dealer_qualified: bool = False
    buyers: tuple[int, ...] = ()  # R-BUY-1: the boxes that may buy the dealer a game, named at the reveal
    dealer_pending: int = 0
    dealer_draws: list[Card] = field(default_factory=list)
    dealer_discards: list[Card] = field(default_factory=list)
    free_redraws: int = 0
    fault: CardFault | None = None
    voided: bool = False
    house_net: int = 0
    events_applied: int = 0

    @property
    def turn(self) -> int:
        """R-TABLE-1: the open box acting now (0 = none): in the decisions, the first box in order that has not yet
        bet or folded (boxes act in order, so every box before it has); a blind box and a bonus-only one do not
        act."""
        if self.phase is not Phase.DECISIONS:
            return 0
        return next((number for number in self.order if not (self.boxes[number].blind or self.boxes[number].acted
                                                             or self.boxes[number].bonus_only)), 0)

    @property
    def stock_size(self) -> int:
        return len(PACK) - len(self.seen)

    def move_to(self, phase: Phase) -> None:
        """The round goes on to `phase`: a move of the phase graph (`PHASE_MOVES`); any other is a fault of the
        engine, refused (ValueError naming both phases) before anything changes."""
        if phase not in PHASE_MOVES[self.phase]:
            allowed = ", ".join(sorted(PHASE_MOVES[self.phase])) or "nowhere: the round is over"
            raise ValueError(f"A round cannot move from {self.phase} to {phase}; from {self.phase} it moves to "
                             f"{allowed}.")
        self.phase = phase

    def in_stock(self, card: Card) -> bool:
        return card not in self.seen

    def is_live(self, card: Card) -> bool:
        return card in self.live

    def holder_of(self, card: Card) -> str:
        """Who holds a live card, in words ("box 3", "the dealer")."""
        if card in self.dealer:
            return "the dealer"
        for box in self.boxes.values():
            if card in box.cards and not box.folded:
                return f"box {box.box}"
        return "the discards"


def new_round(rules: HouseRules) -> RoundState:
    return RoundState(rules)


def dealer_qualifies(state: RoundState) -> bool:
    """R-DEALER-1: whether the dealer's hand qualifies now."""
    return hand_value(state.dealer).category >= state.rules.dealer_qualifies_with
