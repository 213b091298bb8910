"""Plays whole rounds on a TableController with nobody at the table: `rptable simulate`, QA sessions, tests.

The players follow a strategy (controller.players.simple), the dealer follows the engine's `legal_commands`, and the
cards come from a real card source (the simulated shoe, in-process). Faults are resolved by a QA pit boss
account, each with a journaled reason, so a session with injected faults still plays to its end.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from controller.core.cards import PACK, Card
from controller.engine import CloseBets, Phase, PlaceStakes
from controller.players.simple import next_action
from controller.table.controller import TableController
from controller.table.users import Role, User
from drivers.base import CardEvent, CardSource, DeviceFault, SourceError

# The pit boss of simulated sessions only: simulate refuses any journal but its own (simulate.py).
QA_PIT_BOSS = User("qa-simulation", Role.PIT_BOSS)
MAX_STEPS_PER_ROUND = 500  # a round has ~60 steps; more means something is stuck


class ShoeFeed:
    """Cards on demand from a source that deals when told to (the simulator with rate=0).

    The dealer draws the cards a round needs in a row (the whole deal of R-DEAL-1) in one go, as at a real
    table: they leave the shoe together and reach the controller one by one, each through the full SHOE/1
    path (sentence, checksum, delivery, ACK). Cards drawn but not yet taken are `owed`: if the round stops
    before taking them, they are handed to the table controller before the next pack (it journals them as
    cards no round expected), never silently dropped."""

    def __init__(self, source: CardSource, controller: TableController, timeout: float = 10.0) -> None:
        self.source = source
        self.controller = controller
        self.timeout = timeout
        self.last_card: CardEvent | None = None
        self.owed = 0  # drawn from the shoe, not yet handed on
        self._after_fault = False

    def true_card(self, seq: int) -> Card | None:
        """What the card with this seq really was, when the source is a simulator that knows (else None)."""
        truth_of = getattr(self.source, "truth_of", None)
        return None if truth_of is None else truth_of(seq)

    def load_pack(self, cards: list[Card]) -> None:
        self.hand_on_owed()
        self.source.load(cards)  # type: ignore[attr-defined]

    def cards_left(self) -> int:
        """Cards the round has not seen yet: those in the shoe and those drawn but not yet handed on."""
        left = getattr(self.source, "cards_left", None)  # the simulator knows; a real shoe does not say
        return (52 if left is None else int(left)) + self.owed

    def next_card(self, due: int = 1) -> CardEvent:
        """The next card; when none is drawn yet, the dealer draws the `due` cards the round needs in a row."""
        if self._after_fault and not self.owed:
            # After a device fault a card may be out of the shoe unasked (two drawn together): what the shoe has
            # sent already comes first, and a card among it is that one. Only then does the dealer draw.
            self._after_fault = False
            card = self._take_until_card(timeout=0)
            if card is not None:
                return card
        if not self.owed:
            self.source.deal(due)  # type: ignore[attr-defined]
            self.owed = due
        card = self._take_until_card(self.timeout)
        if card is None:
            raise SourceError(f"The shoe {self.source.url} sent no card for {self.timeout:.0f} s.")
        return card

    def _take_until_card(self, timeout: float) -> CardEvent | None:
        """The next card, handing the controller what comes before it (faults, status); None if none comes."""
        while True:
            event = self.source.recv(timeout=timeout)
            if event is None:
                return None
            if isinstance(event, CardEvent):
                self.owed = max(0, self.owed - 1)
                self.last_card = event
                return event
            self.controller.source_event(event)
            if isinstance(event, DeviceFault):
                self._after_fault = True
                resolve_table_faults(self.controller, self.source)

    def hand_on_owed(self) -> None:
        """Cards drawn for a round that stopped before taking them go to the controller, which journals them."""
        while self.owed:
            self.controller.card(self.next_card())
            resolve_table_faults(self.controller, self.source)


@dataclass
class SessionTotals:
    rounds: int = 0
    boxes_played: int = 0
    wagered: int = 0
    house_net: int = 0
    faults: int = 0
    voided: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)


def play_rounds(
    controller: TableController,
    feed: ShoeFeed,
    rounds: int,
    *,
    seed: int,
    boxes: int,
    ante: int,
    totals: SessionTotals | None = None,
    on_round: Callable[[SessionTotals], None] | None = None,
) -> SessionTotals:
    """Play until `rounds` rounds have closed on this table (a resumed session counts those already played)."""
    totals = totals or SessionTotals()
    if _round_open(controller):  # resuming a round cut short: the shoe holds what the round has not taken
        assert controller.round is not None
        stock = controller.round.in_stock
        feed.load_pack([c for c in shuffled_pack(seed, controller.round_number) if stock(c)])
    while controller.round_number < rounds or _round_open(controller):
        if not _round_open(controller):
            feed.load_pack(shuffled_pack(seed, controller.round_number + 1))
        play_one_round(controller, feed, boxes=boxes, ante=ante, totals=totals)
        if on_round is not None:
            on_round(totals)
    return totals


def shuffled_pack(seed: int, round_number: int) -> list[Card]:
    """The pack the dealer loads for a round: a shuffle fixed by the session seed and the round number, so a
    resumed session deals the same cards it would have."""
    pack = list(PACK)
    random.Random(f"{seed}:{round_number}").shuffle(pack)
    return pack


def play_one_round(controller: TableController, feed: ShoeFeed, *, boxes: int, ante: int,
                   totals: SessionTotals) -> None:
    resolve_table_faults(controller)
    open_round = controller.round if _round_open(controller) else None
    if open_round is None or open_round.phase is Phase.BETTING:
        assert controller.rules is not None
        placed = open_round.boxes if open_round is not None else {}
        for number in range(1, min(boxes, controller.rules.table.boxes) + 1):
            if number not in placed:  # a resumed round may hold some antes already
                # one player per box: no box is blind (R-TABLE-2)
                controller.submit(PlaceStakes(number, ante, player=f"P{number}"))
        controller.submit(CloseBets())
    state = controller.round
    assert state is not None
    for _ in range(MAX_STEPS_PER_ROUND):
        if state.phase is Phase.CLOSED:
            break
        _step(controller, feed, totals)
        state = controller.round
        assert state is not None
    else:
        raise RuntimeError(f"round {controller.round_id} did not finish in {MAX_STEPS_PER_ROUND} steps")
    totals.rounds += 1
    totals.house_net += state.house_net
    if state.voided:
        totals.voided += 1
    for box in state.boxes.values():
        totals.boxes_played += 1
        if not state.voided:  # a voided round's stakes all went back
            totals.wagered += box.wagered
        if box.settlement is not None:
            totals.outcomes[box.settlement.outcome] = totals.outcomes.get(box.settlement.outcome, 0) + 1


def resolve_table_faults(controller: TableController, source: CardSource | None = None) -> None:
    """The QA pit boss resolves every open fault and, as on a real table, unlocks the shoe the driver locked
    when the fault came (a jam, two cards drawn together, an open cover): otherwise no card comes again."""
    for fault_id in list(controller.faults):
        controller.resolve_fault(fault_id, QA_PIT_BOSS, "simulated session: the QA pit boss checked the shoe")
    if source is not None and source.status().locked:
        source.unlock()


def _round_open(controller: TableController) -> bool:
    return controller.round is not None and controller.round.phase is not Phase.CLOSED


def _step(controller: TableController, feed: ShoeFeed, totals: SessionTotals) -> None:
    state = controller.round
    assert state is not None
    if controller.faults:
        resolve_table_faults(controller, feed.source)
        return
    if state.fault is not None:
        totals.faults += 1
        last = feed.last_card
        truth = feed.true_card(last.seq) if last is not None else None
        if truth is not None and state.fault.kind != "unexpected" and state.in_stock(truth):
            controller.correct_card(truth.code, QA_PIT_BOSS, "simulated session: the card as dealt")
        else:
            controller.void_round(QA_PIT_BOSS, f"simulated session: {state.fault.text}")
        return
    action = next_action(state)
    if action is None:  # a card is due: in the deal, every card still to deal is (R-DEAL-1)
        due = len(state.deal_plan) - state.deal_index if state.phase is Phase.DEALING else 1
        controller.card(feed.next_card(due))
        if state.stock_size > feed.cards_left():
            # R-ACT-7: the dealer shuffles the discards and puts them in the shoe
            stock = [c for c in PACK if state.in_stock(c)]
            random.Random(f"reshuffle:{controller.round_id}:{state.stock_size}").shuffle(stock)
            feed.load_pack(stock)
        return
    box = getattr(action, "box", None)
    controller.submit(action, actor=f"player:P{box}" if box else "dealer")
