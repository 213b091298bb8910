"""Plays whole rounds on a TableController with nobody at the table: `rptable simulate`, QA sessions, tests.

The players follow a strategy (controller.players.simple), the dealer follows the engine's `legal_commands`, and
the cards come from a real card source (the simulated shoe, in-process) through the card pump. Faults are
resolved by a QA pit boss account, each with a journaled reason, so a session with injected faults still plays
to its end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from controller.engine import CloseBets, Command, Phase, PlaceStakes, RoundState
from controller.players.simple import next_action
from controller.table.controller import TableController
from controller.table.pump import CardPump
from controller.table.security.users import Role, User
from controller.table.showdown import ShowdownGuard

# The pit boss of simulated sessions only: simulate refuses any journal but its own (simulate.py).
QA_PIT_BOSS = User("qa-simulation", Role.PIT_BOSS)
MAX_STEPS_PER_ROUND = 500  # a round has ~60 steps; more means something is stuck


@dataclass(frozen=True)
class Seating:
    """Who plays at a simulated table: the table's moves under the players' strategies (a box's decisions and
    the dealer's steps: controller.players.simple.next_action_of composes them), and each box's player's name
    (`P` and the box number unless named); `pit_boss_walk` is called before a fault is resolved (a live pace:
    the pit boss takes a while to come)."""

    next_action: Callable[[RoundState], Command | None] = next_action
    names: Mapping[int, str] = field(default_factory=dict)
    pit_boss_walk: Callable[[], None] | None = None
    # a side bet a box places with its ante (the jackpot stake, while the meter takes them), or None
    side_bet: Callable[[RoundState, int], Command | None] | None = None

    def name(self, box: int) -> str:
        return self.names.get(box, f"P{box}")


EVERYONE_SIMPLE = Seating()


@dataclass
class SessionTotals:
    """What a simulated session played: `rptable simulate`'s report."""

    rounds: int = 0
    boxes_played: int = 0
    wagered: int = 0  # chips staked, but in voided rounds (their stakes all went back)
    house_net: int = 0  # the house's result; + = the house won
    faults: int = 0  # rounds stopped by a card fault
    voided: int = 0
    showdowns: int = 0  # showdowns the camera over the layout read (each showing of the layout once)
    card_switches: int = 0  # of them, those in which it saw a card switched
    outcomes: dict[str, int] = field(default_factory=dict)


def play_rounds(
    controller: TableController,
    pump: CardPump,
    rounds: int,
    *,
    boxes: int,
    ante: int,
    totals: SessionTotals | None = None,
    on_round: Callable[[SessionTotals], None] | None = None,
    seating: Seating = EVERYONE_SIMPLE,
    showdown: ShowdownGuard | None = None,
) -> SessionTotals:
    """Play until `rounds` rounds have closed on this table (a resumed session counts those already played);
    `showdown`: the camera over the layout, which reads every showdown before the dealer shows his hand."""
    totals = totals or SessionTotals()
    while controller.round_number < rounds or _round_open(controller):
        if not _round_open(controller):
            _hand_on_cards_no_round_took(controller, pump, seating)
        pump.ready_shoe()
        play_one_round(controller, pump, boxes=boxes, ante=ante, totals=totals, seating=seating, showdown=showdown)
        if on_round is not None:
            on_round(totals)
    return totals


def play_one_round(controller: TableController, pump: CardPump, *, boxes: int, ante: int,
                   totals: SessionTotals, seating: Seating = EVERYONE_SIMPLE,
                   showdown: ShowdownGuard | None = None) -> None:
    resolve_table_faults(controller, seating)
    open_round = controller.round if _round_open(controller) else None
    if open_round is None or open_round.phase is Phase.BETTING:
        assert controller.rules is not None
        placed = open_round.boxes if open_round is not None else {}
        for number in range(1, min(boxes, controller.rules.table.boxes) + 1):
            if number not in placed:  # a resumed round may hold some antes already
                # one player per box: no box is blind (R-TABLE-2)
                controller.submit(PlaceStakes(number, ante, player=seating.name(number)))
                side_bet = seating.side_bet(controller.round, number) if seating.side_bet and controller.round \
                    else None
                if side_bet is not None:
                    controller.submit(side_bet, actor=f"player:{seating.name(number)}")
        controller.submit(CloseBets())
    state = controller.round
    assert state is not None
    for _ in range(MAX_STEPS_PER_ROUND):
        if state.phase is Phase.CLOSED:
            break
        _step(controller, pump, totals, seating, showdown)
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


def resolve_table_faults(controller: TableController, seating: Seating = EVERYONE_SIMPLE) -> None:
    """The QA pit boss resolves every open fault (the card pump then opens the gate the driver locked)."""
    if controller.faults and seating.pit_boss_walk is not None:
        seating.pit_boss_walk()
    for fault_id in list(controller.faults):
        controller.overrides.resolve_fault(fault_id, QA_PIT_BOSS, "simulated session: the QA pit boss checked the shoe")


def _hand_on_cards_no_round_took(controller: TableController, pump: CardPump,
                                 seating: Seating = EVERYONE_SIMPLE) -> None:
    """Cards out of the shoe that no round took (drawn for a round that stopped before taking them, or sent
    unasked with two drawn together) reach the table, which journals them, before the next pack goes in: none
    is carried into the next round."""
    while True:
        resolve_table_faults(controller, seating)
        if pump.owed:
            pump.take_card()
        elif not pump.take_sent():
            return


def _round_open(controller: TableController) -> bool:
    return controller.round is not None and controller.round.phase is not Phase.CLOSED


def _step(controller: TableController, pump: CardPump, totals: SessionTotals,
          seating: Seating = EVERYONE_SIMPLE, showdown: ShowdownGuard | None = None) -> None:
    state = controller.round
    assert state is not None
    if controller.faults:
        resolve_table_faults(controller, seating)
        return
    if state.fault is not None:
        if seating.pit_boss_walk is not None:
            seating.pit_boss_walk()
        totals.faults += 1
        last = pump.last_card
        truth = pump.true_card(last.seq) if last is not None else None
        if truth is not None and state.fault.kind != "unexpected" and state.in_stock(truth):
            controller.overrides.correct_card(truth.code, QA_PIT_BOSS, "simulated session: the card as dealt")
        else:
            controller.overrides.void_round(QA_PIT_BOSS, f"simulated session: {state.fault.text}")
        return
    if showdown is not None and showdown.due:  # the cards turned up for the camera before the dealer shows his
        look = showdown.check()
        totals.showdowns += 1
        totals.card_switches += look.check.switched
        return
    action = seating.next_action(state)
    if action is None:  # a card is due: in the deal, every card still to deal is (R-DEAL-1)
        pump.take_card(len(state.deal_plan) - state.deal_index if state.phase is Phase.DEALING else 1)
        return
    box = getattr(action, "box", None)
    controller.submit(action, actor=f"player:{seating.name(box)}" if box else "dealer")
