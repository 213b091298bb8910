"""verify / can: every rule a command must satisfy now, refused with a reason and the clause it enforces.
A verifier only reads the state; it never changes it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.engine.commands import (
    Bet,
    BuyGame,
    BuySixth,
    CardDealt,
    CloseBets,
    CloseBuying,
    Command,
    CorrectCard,
    DismissCard,
    Exchange,
    Fold,
    Insure,
    PlaceStakes,
    RevealDealer,
    TakeAnte,
    VoidRound,
    WithdrawStakes,
)
from controller.engine.events import (
    CardFault,
)
from controller.engine.queries import insurance_bounds
from controller.engine.state import (
    BETTING,
    BUYING,
    CLOSED,
    DEALING,
    DECISIONS,
    REVEAL,
    BoxState,
    RoundState,
    card_bit,
    cards_mask,
)
from controller.engine.strength import hand_value


class IllegalCommand(Exception):
    """A command the rules do not allow now. `reason` is for the dealer; `clause` names the rule."""

    def __init__(self, reason: str, clause: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.clause = clause


def verify(state: RoundState, command: Command) -> None:
    """Raise IllegalCommand if `command` is not allowed now; change nothing."""
    verifier = VERIFIERS.get(type(command))
    if verifier is None:
        raise IllegalCommand(f"{type(command).__name__} is not a round command.", "R-TABLE-1")
    verifier(state, command)


def can(state: RoundState, command: Command) -> bool:
    """Whether `verify` would accept the command now (the console and the strategies ask this a lot)."""
    verifier = VERIFIERS.get(type(command))
    if verifier is None:
        return False
    try:
        verifier(state, command)
    except IllegalCommand:
        return False
    return True


def _fail(reason: str, clause: str) -> IllegalCommand:
    return IllegalCommand(reason, clause)


def _require_open(state: RoundState) -> None:
    if state.phase is CLOSED:
        raise _fail("The round is closed; start a new round.", "R-SETTLE-1")
    if state.fault is not None:
        raise _fail(
            f"The round is stopped: {state.fault.text} Only a pit boss can go on (correct the card, dismiss "
            "the read, or void the round).",
            state.fault.clause,
        )


def _v_place_stakes(state: RoundState, c: PlaceStakes) -> None:
    if state.fault is not None or state.phase is not BETTING:
        _require_open(state)
        raise _fail(f"Bets are closed: box {c.box}'s stakes had to be placed before the deal.", "R-BET-1")
    rules = state.rules
    table = rules.table
    if not 1 <= c.box <= table.boxes:
        raise _fail(f"There is no box {c.box}: this table has boxes 1-{table.boxes}.", "R-TABLE-1")
    if c.box in state.boxes:
        raise _fail(f"Box {c.box} already has its stakes; withdraw them first to change them.", "R-BET-1")
    if not table.ante_min <= c.ante <= table.ante_max:
        raise _fail(
            f"An ante of {c.ante} on box {c.box} is outside the table's limits "
            f"({table.ante_min}-{table.ante_max}).",
            "R-BET-1",
        )
    if c.bonus:
        if not rules.bonus.enabled:
            raise _fail(f"This table has no bonus bet (box {c.box}).", "R-BONUS-1")
        if not rules.bonus.min <= c.bonus <= rules.bonus.max:
            raise _fail(
                f"A bonus of {c.bonus} on box {c.box} is outside its limits "
                f"({rules.bonus.min}-{rules.bonus.max}).",
                "R-BET-1",
            )
    if c.blind and not table.blind_boxes:
        raise _fail(f"This table has no blind boxes (box {c.box}).", "R-TABLE-2")
    if c.player:
        _verify_player_boxes(state, c)


def _verify_player_boxes(state: RoundState, c: PlaceStakes) -> None:
    """R-TABLE-2: one player's boxes are adjacent; past the open-box allowance they play blind."""
    mine = [b for b in state.boxes.values() if b.player == c.player]
    numbers = sorted([b.box for b in mine] + [c.box])
    if numbers[-1] - numbers[0] + 1 != len(numbers):
        raise _fail(
            f"Player {c.player}'s boxes must be adjacent: box {c.box} is not next to boxes "
            f"{', '.join(str(b.box) for b in mine)}.",
            "R-TABLE-2",
        )
    open_boxes = sum(1 for b in mine if not b.blind) + (0 if c.blind else 1)
    allowance = state.rules.table.open_boxes_per_player
    if open_boxes > allowance:
        raise _fail(
            f"Player {c.player} already plays {allowance} open box(es); box {c.box} must play blind.",
            "R-TABLE-2",
        )


def _v_withdraw_stakes(state: RoundState, c: WithdrawStakes) -> None:
    _require_open(state)
    if state.phase is not BETTING:
        raise _fail("Bets are closed: stakes cannot be taken back once the deal has begun.", "R-BET-1")
    if c.box not in state.boxes:
        raise _fail(f"Box {c.box} has no stakes to withdraw.", "R-BET-1")


def _v_close_bets(state: RoundState, c: CloseBets) -> None:
    _require_open(state)
    if state.phase is not BETTING:
        raise _fail("Bets are already closed.", "R-DEAL-1")
    if not state.order:
        raise _fail("No box has an ante: place stakes before dealing.", "R-BET-1")


def _v_card_dealt(state: RoundState, c: CardDealt) -> None:
    if state.phase is CLOSED:
        raise _fail("The round is closed: a card now belongs to the next round, after its bets.", "R-DEAL-1")
    if state.fault is not None:
        raise _fail(
            f"The round is stopped: {state.fault.text} No card is taken until a pit boss resolves it.",
            state.fault.clause,
        )


def _acting_box(state: RoundState, number: int, action: str) -> BoxState:
    """The box `number` if it is the one to act now, with no card pending (R-TABLE-1)."""
    box = state.boxes.get(number)
    if (
        state.turn == number  # the turn is always an open box that has not yet bet or folded
        and state.phase is DECISIONS
        and state.fault is None
        and box is not None
        and not box.pending_cards
    ):
        return box
    _require_open(state)
    if box is None:
        raise _fail(f"Box {number} is not in play this round.", "R-TABLE-1")
    if state.phase in (BETTING, DEALING):
        raise _fail(f"Box {number} cannot {action} yet: the deal is not complete.", "R-DEAL-1")
    if box.blind:
        raise _fail(f"Box {number} plays blind: no fold, draw or insurance.", "R-TABLE-2")
    if box.acted:
        done = "folded" if box.folded else "bet"
        raise _fail(f"Box {number} has already {done}; it cannot {action}.", "R-TABLE-1")
    if state.phase is not DECISIONS or state.turn != number:
        raise _fail(
            f"It is box {state.turn}'s turn, not box {number}'s: boxes act in order 1, 2, 3 ….", "R-TABLE-1"
        )
    if box.pending_cards:
        raise _fail(
            f"Box {number} is waiting for {box.pending_cards} card(s) from the shoe before it can {action}.",
            "R-ACT-4" if box.exchanges else "R-ACT-3",
        )
    return box


def _refuse_if_insured(box: BoxState, action: str) -> None:
    if box.insurance:
        raise _fail(
            f"Box {box.box} has insured: insurance goes with the bet, so it cannot {action} now; "
            "it must bet.",
            "R-ACT-6",
        )


def _ensure_stock(state: RoundState, count: int) -> None:
    """R-ACT-7: enough cards for a draw, counting the discards when the house reshuffles them."""
    available = state.stock_size
    reshuffles = state.rules.draw.when_stock_runs_out == "reshuffle_discards"
    if reshuffles:
        available += len(state.discards)
    if available < count:
        extra = " and discards" if reshuffles else ""
        raise _fail(
            f"Only {available} card(s) are left in the stock{extra}; this draw needs {count}.", "R-ACT-7"
        )


def _v_fold(state: RoundState, c: Fold) -> None:
    _refuse_if_insured(_acting_box(state, c.box, "fold"), "fold")


def _v_bet(state: RoundState, c: Bet) -> None:
    _acting_box(state, c.box, "bet")


def _v_buy_sixth(state: RoundState, c: BuySixth) -> None:
    box = _acting_box(state, c.box, "buy a 6th card")
    if not state.rules.draw.buy_sixth:
        raise _fail("This table does not sell a 6th card.", "R-ACT-3")
    if box.drew:
        raise _fail(f"Box {c.box} has already drawn: one draw per box (buy or exchange).", "R-ACT-4")
    _refuse_if_insured(box, "buy a card")
    _ensure_stock(state, 1)


def _v_exchange(state: RoundState, c: Exchange) -> None:
    box = _acting_box(state, c.box, "exchange")
    draw = state.rules.draw
    if draw.exchange_max_cards == 0:
        raise _fail("This table has no exchange of cards.", "R-ACT-4")
    count = len(c.discards)
    if count == 0:
        raise _fail(f"Name the cards box {c.box} discards (1-{draw.exchange_max_cards}).", "R-ACT-4")
    named = cards_mask(c.discards)
    if named.bit_count() != count:
        raise _fail(f"A card is named twice among box {c.box}'s discards.", "R-ACT-4")
    held = cards_mask(box.cards)
    if named & ~held:
        missing = next(card for card in c.discards if not held & card_bit(card))
        raise _fail(f"{missing.code} is not in box {c.box}'s hand ({' '.join(x.code for x in box.cards)}).",
                    "R-ACT-4")
    if box.drew:
        repeat_allowed = draw.repeat_single != "none" and not box.bought_sixth and box.last_exchange_size == 1
        if not repeat_allowed:
            raise _fail(f"Box {c.box} has already drawn: one draw per box (buy or exchange).", "R-ACT-4")
        if count != 1:
            raise _fail(f"A repeated exchange is of exactly one card; box {c.box} named {count}.", "R-ACT-5")
    elif count > draw.exchange_max_cards:
        raise _fail(
            f"Box {c.box} may exchange 1 to {draw.exchange_max_cards} cards, not {count}.", "R-ACT-4"
        )
    cap = draw.max_cards_exchanged_per_box
    if cap and box.cards_exchanged + count > cap:
        raise _fail(
            f"This table caps exchanges at {cap} card(s) per box; box {c.box} has exchanged "
            f"{box.cards_exchanged}.",
            "R-ACT-7",
        )
    _refuse_if_insured(box, "exchange")
    _ensure_stock(state, count)


def _v_insure(state: RoundState, c: Insure) -> None:
    _require_open(state)
    if not state.rules.insurance.enabled:
        raise _fail("This table has no insurance.", "R-ACT-6")
    box = state.boxes.get(c.box)
    if box is None:
        raise _fail(f"Box {c.box} is not in play this round.", "R-TABLE-1")
    if box.blind:
        raise _fail(f"Box {c.box} plays blind: no insurance.", "R-TABLE-2")
    if box.insurance:
        raise _fail(f"Box {c.box} is already insured.", "R-ACT-6")
    just_bet = state.insurance_window == c.box and state.phase in (DECISIONS, REVEAL)
    if box.folded:
        raise _fail(f"Box {c.box} has folded; it cannot insure.", "R-ACT-6")
    if not just_bet:
        if box.acted:
            raise _fail(
                f"Box {c.box} can no longer insure: insurance is placed with the bet, "
                "before the next box acts.",
                "R-ACT-6",
            )
        _acting_box(state, c.box, "insure")
    bounds = insurance_bounds(state, box)
    if bounds is None:
        category = hand_value(box.cards).category.name.replace("_", " ").lower()
        raise _fail(
            f"Box {c.box} holds {category}: insurance needs "
            f"{state.rules.insurance.min_category.name.replace('_', ' ').lower()} or better.",
            "R-ACT-6",
        )
    low, high, capped = bounds
    if high < low:
        if capped:
            raise _fail(
                f"Box {c.box} cannot insure: the table's maximum payout of {state.rules.table.max_payout} chips "
                f"caps what its hand can win, so insurance could be at most {high} chips, less than the "
                f"least insurance of {low}.",
                "R-SETTLE-1",
            )
        raise _fail(
            f"Box {c.box} cannot insure: its hand allows at most {high} chips of insurance, less than the "
            f"least insurance of {low}.",
            "R-ACT-6",
        )
    if not low <= c.amount <= high:
        raise _fail(
            f"Insurance on box {c.box} must be from {low} to {high} chips, not {c.amount}.", "R-ACT-6"
        )


def _v_reveal(state: RoundState, c: RevealDealer) -> None:
    _require_open(state)
    if state.phase is REVEAL:
        return
    if state.phase is DECISIONS:
        raise _fail(f"Box {state.turn} has not finished acting; the dealer shows his hand after every box.",
                    "R-TABLE-1")
    if state.phase in (BETTING, DEALING):
        raise _fail("The deal is not complete.", "R-DEAL-1")
    raise _fail("The dealer's hand is already shown.", "R-DEALER-1")


def _buying_box(state: RoundState, number: int) -> BoxState:
    if state.revealed and state.dealer_qualified:
        raise _fail("The dealer qualified: there is no game to buy and no ante to take instead.", "R-BUY-1")
    if state.fault is not None:
        _require_open(state)
    if not state.rules.buy_game.enabled:
        raise _fail("This table does not let a box buy the dealer a game.", "R-BUY-1")
    box = state.boxes.get(number)
    if box is None:
        raise _fail(f"Box {number} is not in play this round.", "R-TABLE-1")
    if box.blind:
        raise _fail(f"Box {number} plays blind: it cannot buy the dealer a game.", "R-TABLE-2")
    if box.folded or box.bet == 0:
        raise _fail(f"Box {number} has no bet: only a box that bet may buy the dealer a game.", "R-BUY-1")
    if box.insurance and state.rules.buy_game.who == "uninsured":
        raise _fail(f"Box {number} is insured: only uninsured boxes may buy the dealer a game.", "R-BUY-1")
    if state.phase is CLOSED:
        raise _fail("The round is closed: buying the dealer a game is over.", "R-BUY-1")
    if state.phase is not BUYING:
        raise _fail(
            "Buying the dealer a game comes only after he shows a hand that does not qualify.", "R-BUY-1"
        )
    if box.buy_choice:
        raise _fail(f"Box {number} has already chosen (took the ante or bought the game).", "R-BUY-1")
    return box


def _v_buy_game(state: RoundState, c: BuyGame) -> None:
    _buying_box(state, c.box)
    _ensure_stock(state, 1)


def _v_take_ante(state: RoundState, c: TakeAnte) -> None:
    _buying_box(state, c.box)


def _v_close_buying(state: RoundState, c: CloseBuying) -> None:
    _require_open(state)
    if state.phase is not BUYING:
        raise _fail("No box is choosing whether to buy the dealer a game now.", "R-BUY-2")


def _require_fault(state: RoundState) -> CardFault:
    if state.phase is CLOSED:
        raise _fail("The round is closed.", "R-SETTLE-1")
    if state.fault is None:
        raise _fail("There is no card fault to resolve.", "R-CARD-1")
    return state.fault


def _v_correct_card(state: RoundState, c: CorrectCard) -> None:
    fault = _require_fault(state)
    if fault.kind == "unexpected":
        raise _fail(
            "No card was expected, so there is nothing to correct: dismiss the read or void the round.",
            "R-DEAL-1",
        )
    if state.is_live(c.card):
        raise _fail(f"{c.card.code} is already in play ({state.holder_of(c.card)}); it cannot be the card.",
                    "R-CARD-1")
    if not state.in_stock(c.card):
        raise _fail(f"{c.card.code} was already played and discarded this round; it cannot be the card.",
                    "R-CARD-1")


def _v_dismiss_card(state: RoundState, c: DismissCard) -> None:
    _require_fault(state)


def _v_void_round(state: RoundState, c: VoidRound) -> None:
    if state.phase is CLOSED:
        raise _fail("The round is already closed and settled; it cannot be voided.", "R-SETTLE-1")


VERIFIERS: dict[type[Command], Callable[[RoundState, Any], None]] = {
    PlaceStakes: _v_place_stakes,
    WithdrawStakes: _v_withdraw_stakes,
    CloseBets: _v_close_bets,
    CardDealt: _v_card_dealt,
    Fold: _v_fold,
    Bet: _v_bet,
    BuySixth: _v_buy_sixth,
    Exchange: _v_exchange,
    Insure: _v_insure,
    RevealDealer: _v_reveal,
    BuyGame: _v_buy_game,
    TakeAnte: _v_take_ante,
    CloseBuying: _v_close_buying,
    CorrectCard: _v_correct_card,
    DismissCard: _v_dismiss_card,
    VoidRound: _v_void_round,
}

