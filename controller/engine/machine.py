"""The round machine: verify / can / do for every command.

`verify(state, cmd)` raises IllegalCommand (a reason a person can act on, and the clause it enforces) and
changes nothing; `can` answers yes or no; `do` verifies, then turns the command into events and applies
them, returning them. Cards from the shoe are never refused: a card the round cannot take becomes a
CardFault event that stops the round until a pit boss corrects the card, dismisses the read or voids the
round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from controller.cards import Card
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
    DEALER,
    AnteTaken,
    BetPlaced,
    BetsClosed,
    BonusSettled,
    BoxSettled,
    BuyingClosed,
    CardFault,
    CardPlaced,
    CardsExchanged,
    DealerCardReplaced,
    DealerDrawEnded,
    DealerRevealed,
    DiscardsReshuffled,
    Event,
    FaultResolved,
    Folded,
    GameBought,
    InsurancePlaced,
    RoundClosed,
    RoundVoided,
    SixthCardBought,
    StakesPlaced,
    StakesWithdrawn,
)
from controller.engine.settlement import settle_box, settle_void
from controller.engine.state import BoxState, Phase, RoundState, apply, buy_candidates, dealer_qualifies
from controller.engine.strength import hand_value
from controller.payouts import analyse_payout


class IllegalCommand(Exception):
    """A command the rules do not allow now. `reason` is for the dealer; `clause` names the rule."""

    def __init__(self, reason: str, clause: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.clause = clause


Emit = Callable[[Event], None]


def verify(state: RoundState, command: Command) -> None:
    """Raise IllegalCommand if `command` is not allowed now; change nothing."""
    try:
        verifier = _VERIFIERS[type(command)]
    except KeyError:
        raise IllegalCommand(f"{type(command).__name__} is not a round command.", "R-TABLE-1") from None
    verifier(state, command)


def can(state: RoundState, command: Command) -> bool:
    try:
        verify(state, command)
    except IllegalCommand:
        return False
    return True


def do(state: RoundState, command: Command) -> tuple[Event, ...]:
    """Verify the command, then apply the events it yields to `state` and return them."""
    verify(state, command)
    events: list[Event] = []

    def emit(event: Event) -> None:
        apply(state, event)
        events.append(event)

    _EXECUTORS[type(command)](state, command, emit)
    return tuple(events)


# ------------------------------------------------------------------------------------------ queries


def next_card_target(state: RoundState) -> int | None:
    """Where the next card from the shoe goes: a box number, DEALER (0), or None when no card is expected."""
    if state.fault is not None or state.voided:
        return None
    phase = state.phase
    if phase is Phase.DEALING:
        return state.deal_plan[state.deal_index]
    if phase is Phase.DECISIONS:
        box = state.boxes.get(state.turn)
        return box.box if box is not None and box.pending_cards else None
    if phase is Phase.BETTING:
        return state.order[0] if state.order else None
    if phase is Phase.DEALER_DRAW:
        return DEALER if state.dealer_pending else None
    return None


def describe_next_card(state: RoundState) -> str | None:
    """The next card in words: "card 3 to box 2", "card to the dealer (face up)", "dealer: replace AS"."""
    target = next_card_target(state)
    if target is None:
        return None
    if state.phase is Phase.DEALER_DRAW:
        return f"dealer: replace {highest_card(state.dealer).code}"
    if state.phase in (Phase.BETTING, Phase.DEALING):
        index = state.deal_index if state.phase is Phase.DEALING else 0
        seats = len(state.order) + 1
        card_no = index // seats + 1
        if target == DEALER:
            return f"card {card_no} to the dealer" + (" (face up)" if card_no == 5 else "")
        return f"card {card_no} to box {target}"
    box = state.boxes[target]
    return f"card {len(box.cards) + 1} to box {target}"


def highest_card(cards: list[Card]) -> Card:
    """R-BUY-1: the dealer's highest card (ranks are all different in a hand that does not qualify)."""
    return max(cards, key=lambda c: (c.rank, c.suit))


def exchange_price(state: RoundState, box: BoxState, count: int) -> int:
    """R-ACT-4 / R-ACT-5: what exchanging `count` cards costs this box now."""
    draw = state.rules.draw
    if box.exchanges:  # a repeated single-card exchange
        return box.ante * (box.exchanges + 1) if draw.repeat_single == "rising" else box.ante
    if draw.exchange_price == "per_card":
        return box.ante * count
    if draw.exchange_price == "by_count":
        return box.ante * draw.exchange_price_by_count[count - 1]
    return box.ante


def insurance_range(state: RoundState, box: BoxState) -> tuple[int, int] | None:
    """R-ACT-6: the smallest and largest insurance this box may place on its hand, or None if it may not."""
    rules = state.rules.insurance
    if not rules.enabled or box.blind or len(box.cards) < 5 or box.pending_cards:
        return None
    value = hand_value(box.cards)
    if value.category < rules.min_category:
        return None
    pays = state.rules.pays
    multiplier = (
        analyse_payout(box.cards, pays).multiplier
        if rules.potential_includes_second_combination
        else pays.pay(value.category)
    )
    potential = 2 * box.ante * multiplier  # the bet is exactly 2 x ante (R-BET-1)
    if state.rules.table.max_payout:
        potential = min(potential, state.rules.table.max_payout)
    high = potential // 2 if rules.max == "half_potential" else potential
    low = max(1, rules.min_antes * box.ante)
    return (low, high) if low <= high else None


# ------------------------------------------------------------------------------------------ verifiers


def _fail(reason: str, clause: str) -> IllegalCommand:
    return IllegalCommand(reason, clause)


def _require_open(state: RoundState) -> None:
    if state.phase is Phase.CLOSED:
        raise _fail("The round is closed; start a new round.", "R-SETTLE-1")
    if state.fault is not None:
        raise _fail(
            f"The round is stopped: {state.fault.text} Only a pit boss can go on (correct the card, dismiss "
            "the read, or void the round).",
            state.fault.clause,
        )


def _v_place_stakes(state: RoundState, c: PlaceStakes) -> None:
    _require_open(state)
    if state.phase is not Phase.BETTING:
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
    if state.phase is not Phase.BETTING:
        raise _fail("Bets are closed: stakes cannot be taken back once the deal has begun.", "R-BET-1")
    if c.box not in state.boxes:
        raise _fail(f"Box {c.box} has no stakes to withdraw.", "R-BET-1")


def _v_close_bets(state: RoundState, c: CloseBets) -> None:
    _require_open(state)
    if state.phase is not Phase.BETTING:
        raise _fail("Bets are already closed.", "R-DEAL-1")
    if not state.order:
        raise _fail("No box has an ante: place stakes before dealing.", "R-BET-1")


def _v_card_dealt(state: RoundState, c: CardDealt) -> None:
    if state.phase is Phase.CLOSED:
        raise _fail("The round is closed: a card now belongs to the next round, after its bets.", "R-DEAL-1")
    if state.fault is not None:
        raise _fail(
            f"The round is stopped: {state.fault.text} No card is taken until a pit boss resolves it.",
            state.fault.clause,
        )


def _acting_box(state: RoundState, number: int, action: str) -> BoxState:
    """The box `number` if it is the one to act now, with no card pending (R-TABLE-1)."""
    _require_open(state)
    box = state.boxes.get(number)
    if box is None:
        raise _fail(f"Box {number} is not in play this round.", "R-TABLE-1")
    if state.phase in (Phase.BETTING, Phase.DEALING):
        raise _fail(f"Box {number} cannot {action} yet: the deal is not complete.", "R-DEAL-1")
    if box.blind:
        raise _fail(f"Box {number} plays blind: no fold, draw or insurance.", "R-TABLE-2")
    if box.acted:
        done = "folded" if box.folded else "bet"
        raise _fail(f"Box {number} has already {done}; it cannot {action}.", "R-TABLE-1")
    if state.phase is not Phase.DECISIONS or state.turn != number:
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
    if len(set(c.discards)) != count:
        raise _fail(f"A card is named twice among box {c.box}'s discards.", "R-ACT-4")
    for card in c.discards:
        if card not in box.cards:
            held = " ".join(x.code for x in box.cards)
            raise _fail(f"{card.code} is not in box {c.box}'s hand ({held}).", "R-ACT-4")
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
    just_bet = state.insurance_window == c.box and state.phase in (Phase.DECISIONS, Phase.REVEAL)
    if not just_bet:
        if box.acted:
            raise _fail(
                f"Box {c.box} can no longer insure: insurance is placed with the bet, "
                "before the next box acts.",
                "R-ACT-6",
            )
        _acting_box(state, c.box, "insure")
    limits = insurance_range(state, box)
    if limits is None:
        category = hand_value(box.cards).category.name.replace("_", " ").lower()
        raise _fail(
            f"Box {c.box} holds {category}: insurance needs "
            f"{state.rules.insurance.min_category.name.replace('_', ' ').lower()} or better.",
            "R-ACT-6",
        )
    low, high = limits
    if not low <= c.amount <= high:
        raise _fail(
            f"Insurance on box {c.box} must be from {low} to {high} chips, not {c.amount}.", "R-ACT-6"
        )


def _v_reveal(state: RoundState, c: RevealDealer) -> None:
    _require_open(state)
    if state.phase is Phase.REVEAL:
        return
    if state.phase is Phase.DECISIONS:
        raise _fail(f"Box {state.turn} has not finished acting; the dealer shows his hand after every box.",
                    "R-TABLE-1")
    if state.phase in (Phase.BETTING, Phase.DEALING):
        raise _fail("The deal is not complete.", "R-DEAL-1")
    raise _fail("The dealer's hand is already shown.", "R-DEALER-1")


def _buying_box(state: RoundState, number: int) -> BoxState:
    _require_open(state)
    if not state.rules.buy_game.enabled:
        raise _fail("This table does not let a box buy the dealer a game.", "R-BUY-1")
    if state.phase is not Phase.BUYING:
        raise _fail(
            "Buying the dealer a game comes only after he shows a hand that does not qualify.", "R-BUY-1"
        )
    box = state.boxes.get(number)
    if box is None:
        raise _fail(f"Box {number} is not in play this round.", "R-TABLE-1")
    if box.blind:
        raise _fail(f"Box {number} plays blind: it cannot buy the dealer a game.", "R-TABLE-2")
    if box.folded or box.bet == 0:
        raise _fail(f"Box {number} has no bet: only a box that bet may buy the dealer a game.", "R-BUY-1")
    if number not in buy_candidates(state):
        raise _fail(f"Box {number} is insured: only uninsured boxes may buy the dealer a game.", "R-BUY-1")
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
    if state.phase is not Phase.BUYING:
        raise _fail("No box is choosing whether to buy the dealer a game now.", "R-BUY-2")


def _require_fault(state: RoundState) -> CardFault:
    if state.phase is Phase.CLOSED:
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
    if state.phase is Phase.CLOSED:
        raise _fail("The round is already closed and settled; it cannot be voided.", "R-SETTLE-1")


# ------------------------------------------------------------------------------------------ executors


def _x_place_stakes(state: RoundState, c: PlaceStakes, emit: Emit) -> None:
    emit(StakesPlaced(c.box, c.ante, 2 * c.ante if c.blind else 0, c.bonus, c.blind, c.player))


def _x_withdraw_stakes(state: RoundState, c: WithdrawStakes, emit: Emit) -> None:
    emit(StakesWithdrawn(c.box))


def _x_close_bets(state: RoundState, c: CloseBets, emit: Emit) -> None:
    emit(BetsClosed(tuple(state.order)))


def _x_card_dealt(state: RoundState, c: CardDealt, emit: Emit) -> None:
    card = c.card
    where = describe_next_card(state)
    if where is None:
        shown = card.code if card is not None else "??"
        emit(CardFault("unexpected", card, "R-DEAL-1",
                       f"Card {shown} came from the shoe when no card was expected ({_phase_words(state)}). "
                       "Stop dealing; a pit boss must check the shoe."))
        return
    if card is None:
        emit(CardFault("unreadable", None, "R-CARD-1",
                       f"The shoe could not read a card ({where}). "
                       "Stop dealing; a pit boss must identify it."))
        return
    fault = _card_fault(state, card, where)
    if fault is not None:
        emit(fault)
        return
    _place_card(state, card, emit)


def _card_fault(state: RoundState, card: Card, where: str) -> CardFault | None:
    if state.is_live(card):
        return CardFault("duplicate", card, "R-CARD-1",
                         f"Card {card.code} read twice this round ({state.holder_of(card)} holds it; "
                         f"now {where}). "
                         "Stop dealing; a pit boss must check the shoe.")
    if not state.in_stock(card):
        return CardFault("not_in_stock", card, "R-CARD-1",
                         f"Card {card.code} was already played and discarded this round, so it cannot "
                         f"come from the stock ({where}). Stop dealing; a pit boss must check the shoe.")
    return None


def _place_card(state: RoundState, card: Card, emit: Emit) -> None:
    if state.phase is Phase.BETTING:
        emit(BetsClosed(tuple(state.order)))
    if state.phase is Phase.DEALER_DRAW:
        emit(DealerCardReplaced(highest_card(state.dealer), card, free=bool(state.dealer_draws)))
        _continue_dealer_draw(state, emit)
        return
    target = next_card_target(state)
    assert target is not None
    dealing = state.phase is Phase.DEALING
    face_up = target == DEALER and len(state.dealer) == 4  # R-DEAL-1: the dealer's fifth card
    emit(CardPlaced(card, target, face_up))
    if dealing and state.phase is not Phase.DEALING:
        _settle_bonuses(state, emit)


def _settle_bonuses(state: RoundState, emit: Emit) -> None:
    """R-BONUS-1: every bonus on the box's first five cards, right after the deal."""
    pays = state.rules.bonus.pays
    for number in state.order:
        box = state.boxes[number]
        if box.bonus:
            category = hand_value(box.cards).category
            multiplier = pays.pay(category)
            result = box.bonus * multiplier if multiplier else -box.bonus
            emit(BonusSettled(number, category, multiplier, result))


def _reshuffle_if_short(state: RoundState, count: int, emit: Emit) -> None:
    """R-ACT-7: when the stock cannot serve a draw, the discards become a new stock (never a live card)."""
    reshuffles = state.rules.draw.when_stock_runs_out == "reshuffle_discards"
    if state.stock_size < count and state.discards and reshuffles:
        emit(DiscardsReshuffled(tuple(state.discards)))


def _x_fold(state: RoundState, c: Fold, emit: Emit) -> None:
    emit(Folded(c.box))


def _x_bet(state: RoundState, c: Bet, emit: Emit) -> None:
    emit(BetPlaced(c.box, 2 * state.boxes[c.box].ante))


def _x_buy_sixth(state: RoundState, c: BuySixth, emit: Emit) -> None:
    box = state.boxes[c.box]
    _reshuffle_if_short(state, 1, emit)
    emit(SixthCardBought(c.box, box.ante))


def _x_exchange(state: RoundState, c: Exchange, emit: Emit) -> None:
    box = state.boxes[c.box]
    price = exchange_price(state, box, len(c.discards))
    _reshuffle_if_short(state, len(c.discards), emit)
    emit(CardsExchanged(c.box, tuple(c.discards), price))


def _x_insure(state: RoundState, c: Insure, emit: Emit) -> None:
    emit(InsurancePlaced(c.box, c.amount))


def _x_reveal(state: RoundState, c: RevealDealer, emit: Emit) -> None:
    qualified = dealer_qualifies(state)
    emit(DealerRevealed(hand_value(state.dealer).category, qualified))
    if state.phase is not Phase.BUYING:
        _finish(state, emit)


def _x_buy_game(state: RoundState, c: BuyGame, emit: Emit) -> None:
    emit(GameBought(c.box, state.boxes[c.box].ante))
    _close_buying_if_all_chose(state, emit)


def _x_take_ante(state: RoundState, c: TakeAnte, emit: Emit) -> None:
    emit(AnteTaken(c.box))
    _close_buying_if_all_chose(state, emit)


def _close_buying_if_all_chose(state: RoundState, emit: Emit) -> None:
    if all(state.boxes[n].buy_choice for n in buy_candidates(state)):
        _close_buying(state, emit)


def _x_close_buying(state: RoundState, c: CloseBuying, emit: Emit) -> None:
    _close_buying(state, emit)


def _close_buying(state: RoundState, emit: Emit) -> None:
    emit(BuyingClosed())
    # R-BUY-2: boxes that did not buy are settled before the dealer draws.
    for number in state.order:
        box = state.boxes[number]
        if box.buy_choice != "buy":
            emit(_settlement(state, box))
    if state.phase is Phase.DEALER_DRAW:
        _continue_dealer_draw(state, emit)
    else:
        _finish(state, emit)


def _continue_dealer_draw(state: RoundState, emit: Emit) -> None:
    """Wait for the dealer's next card if he draws again (R-BUY-3) and one can come; else settle buyers."""
    if state.dealer_pending:
        _reshuffle_if_short(state, 1, emit)
        if state.stock_size >= 1:
            return
    emit(DealerDrawEnded(hand_value(state.dealer).category, dealer_qualifies(state)))
    _finish(state, emit)


def _settlement(state: RoundState, box: BoxState) -> BoxSettled:
    return settle_box(
        state.rules, box, hand_value(state.dealer), state.dealer_qualified, dealer_qualifies(state)
    )


def _finish(state: RoundState, emit: Emit) -> None:
    """Settle every box not yet settled, then close the round with the house's net."""
    for number in state.order:
        box = state.boxes[number]
        if box.settlement is None:
            emit(_settlement(state, box))
    emit(RoundClosed(-sum(_net(state.boxes[n]) for n in state.order)))


def _net(box: BoxState) -> int:
    assert box.settlement is not None
    return box.settlement.net


def _x_correct_card(state: RoundState, c: CorrectCard, emit: Emit) -> None:
    emit(FaultResolved("corrected", c.card, c.actor, c.reason))
    _place_card(state, c.card, emit)


def _x_dismiss_card(state: RoundState, c: DismissCard, emit: Emit) -> None:
    emit(FaultResolved("dismissed", None, c.actor, c.reason))


def _x_void_round(state: RoundState, c: VoidRound, emit: Emit) -> None:
    emit(RoundVoided(c.actor, c.reason))
    for number in state.order:
        emit(settle_void(state.boxes[number]))
    emit(RoundClosed(0))


def _phase_words(state: RoundState) -> str:
    if state.phase is Phase.BETTING:
        return "bets are open and no box has an ante"
    if state.phase is Phase.DECISIONS:
        return f"box {state.turn} is to decide"
    return {
        Phase.REVEAL: "the dealer is to show his hand",
        Phase.BUYING: "boxes are choosing whether to buy the dealer a game",
        Phase.DEALER_DRAW: "the dealer's draw is over",
    }.get(state.phase, state.phase.value)


_VERIFIERS: dict[type[Command], Callable[[RoundState, Any], None]] = {
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

_EXECUTORS: dict[type[Command], Callable[[RoundState, Any, Emit], None]] = {
    PlaceStakes: _x_place_stakes,
    WithdrawStakes: _x_withdraw_stakes,
    CloseBets: _x_close_bets,
    CardDealt: _x_card_dealt,
    Fold: _x_fold,
    Bet: _x_bet,
    BuySixth: _x_buy_sixth,
    Exchange: _x_exchange,
    Insure: _x_insure,
    RevealDealer: _x_reveal,
    BuyGame: _x_buy_game,
    TakeAnte: _x_take_ante,
    CloseBuying: _x_close_buying,
    CorrectCard: _x_correct_card,
    DismissCard: _x_dismiss_card,
    VoidRound: _x_void_round,
}
