"""What the table should do next, and what it may do now: the console asks these, never a rule of its own."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from controller.engine.commands import (
    Bet,
    BuyGame,
    BuySixth,
    CloseBets,
    CloseBuying,
    Exchange,
    Fold,
    RevealDealer,
    TakeAnte,
)
from controller.engine.frozen import Frozen, frozen_record
from controller.engine.queries import describe_next_card, exchange_price, insurance_range
from controller.engine.state import Phase, RoundState, buy_candidates
from controller.engine.verifiers import can


@dataclass(frozen=True, slots=True)
class Expectation:
    """Whose move it is and what is expected, in short words for the dealer's screen."""

    actor: str  # "players", "shoe", "box", "dealer", "pit_boss" or "nobody"
    box: int | None
    text: str


@frozen_record
class LegalAction(Frozen):
    """One kind of command that is legal now; amounts and card counts as inclusive ranges. (A tuple record:
    a player's strategy asks for these at every decision.)"""

    __slots__ = ()

    kind: str  # place_stakes close_bets card fold bet buy exchange insure reveal buy_game take_ante
    #            close_buying correct_card dismiss_card void_round
    box: int | None = None
    minimum: int | None = None  # insure: chips; exchange: cards; place_stakes: ante
    maximum: int | None = None
    price: int | None = None  # buy / exchange: what the draw costs (for exchange: of the fewest cards)


def expected_next(state: RoundState) -> Expectation:
    if state.fault is not None:
        return Expectation("pit_boss", None, state.fault.text)
    phase = state.phase
    if phase is Phase.CLOSED:
        verdict = "voided, every stake returned" if state.voided else f"house net {state.house_net:+d}"
        return Expectation("nobody", None, f"round closed ({verdict})")
    card = describe_next_card(state)
    if phase is Phase.BETTING:
        if not state.order:
            return Expectation("players", None, "place antes")
        return Expectation("shoe", state.order[0], f"place antes, or deal: {card}")
    if card is not None:
        if phase is Phase.DEALER_DRAW:
            return Expectation("dealer", None, card)
        target = state.deal_plan[state.deal_index] if phase is Phase.DEALING else state.turn
        return Expectation("shoe", target or None, card)
    if phase is Phase.DECISIONS:
        return Expectation("box", state.turn, f"box {state.turn}: {_choices(state)}")
    if phase is Phase.REVEAL:
        window = state.boxes.get(state.insurance_window)
        may_insure = window is not None and insurance_range(state, window) is not None
        late = f" (box {state.insurance_window} may still insure)" if may_insure else ""
        return Expectation("dealer", None, "dealer: show your hand" + late)
    waiting = [str(n) for n in buy_candidates(state) if not state.boxes[n].buy_choice]
    return Expectation("box", int(waiting[0]) if waiting else None,
                       f"box {', '.join(waiting)}: buy the dealer a game or take the ante")


def _choices(state: RoundState) -> str:
    kinds = [a.kind for a in legal_commands(state) if a.box == state.turn]
    words = {"fold": "fold", "bet": "bet", "buy": "buy", "exchange": "exchange", "insure": "insure"}
    names = [words[k] for k in kinds if k in words]
    return ", ".join(names[:-1]) + (" or " if len(names) > 1 else "") + names[-1] if names else "wait"


def legal_commands(state: RoundState) -> tuple[LegalAction, ...]:
    """Every kind of command that is legal now (the console enables exactly these)."""
    out: list[LegalAction] = []
    if state.phase is Phase.CLOSED:
        return ()
    if state.fault is not None:
        if state.fault.kind != "unexpected":
            out.append(LegalAction("correct_card"))
        out += [LegalAction("dismiss_card"), LegalAction("void_round")]
        return tuple(out)
    phase = state.phase
    if phase is Phase.BETTING:
        table = state.rules.table
        for number in range(1, table.boxes + 1):
            if number not in state.boxes:
                out.append(LegalAction("place_stakes", number, table.ante_min, table.ante_max))
        if can(state, CloseBets()):
            out.append(LegalAction("close_bets"))
    if describe_next_card(state) is not None:
        out.append(LegalAction("card"))
    if phase is Phase.DECISIONS and state.turn:
        out += _box_actions(state, state.turn)
    if phase in (Phase.DECISIONS, Phase.REVEAL) and state.insurance_window:
        _add_insurance(state, state.insurance_window, out)
    if can(state, RevealDealer()):
        out.append(LegalAction("reveal"))
    if phase is Phase.BUYING:
        for number in buy_candidates(state):
            if can(state, BuyGame(number)):
                out.append(LegalAction("buy_game", number, price=state.boxes[number].ante))
            if can(state, TakeAnte(number)):
                out.append(LegalAction("take_ante", number))
        if can(state, CloseBuying()):
            out.append(LegalAction("close_buying"))
    out.append(LegalAction("void_round"))
    return tuple(out)


def turn_actions(state: RoundState) -> tuple[LegalAction, ...]:
    """What `legal_commands` lists for the box whose turn it is, without working out the rest of the table's:
    a player's strategy asks this for every decision (the same kinds, the same ranges)."""
    number = state.turn
    if state.phase is not Phase.DECISIONS or not number or state.fault is not None:
        return tuple(a for a in legal_commands(state) if number and a.box == number)
    return tuple(_box_actions(state, number))


@cache
def _box_probes(number: int) -> tuple[Fold, Bet, BuySixth, LegalAction]:
    """The commands a box's choices are checked with, and its fold action: immutable, so made once a box."""
    return Fold(number), Bet(number), BuySixth(number), LegalAction("fold", number)


def _box_actions(state: RoundState, number: int) -> list[LegalAction]:
    box = state.boxes[number]
    out: list[LegalAction] = []
    fold, bet, buy_sixth, may_fold = _box_probes(number)
    if can(state, fold):
        out.append(may_fold)
    if can(state, bet):
        out.append(LegalAction("bet", number, price=2 * box.ante))
    if can(state, buy_sixth):
        out.append(LegalAction("buy", number, price=box.ante))
    if box.cards and can(state, Exchange(number, (box.cards[0],))):
        draw = state.rules.draw
        most = 1 if box.drew else draw.exchange_max_cards
        if draw.max_cards_exchanged_per_box:
            most = min(most, draw.max_cards_exchanged_per_box - box.cards_exchanged)
        out.append(LegalAction("exchange", number, 1, most, exchange_price(state, box, 1)))
    _add_insurance(state, number, out)
    return out


def _add_insurance(state: RoundState, number: int, out: list[LegalAction]) -> None:
    box = state.boxes[number]
    if box.insurance or not state.rules.insurance.enabled:
        return
    limits = insurance_range(state, box)
    if limits is not None and (state.insurance_window == number or (state.turn == number and not box.acted)):
        out.append(LegalAction("insure", number, limits[0], limits[1]))
