"""The rules engine: a pure round state machine (commands in, frozen events out, state = replay of events).

Use: `state = new_round(rules)`; `events = do(state, command)` (raises IllegalCommand, changing nothing);
`can(state, command)`; `verify(state, command)`; `expected_next(state)`; `legal_commands(state)`;
`replay(rules, events)` rebuilds the state.
"""

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
from controller.engine.events import DEALER, Event, event_from_dict
from controller.engine.guide import Expectation, LegalAction, expected_next, legal_commands, turn_actions
from controller.engine.machine import do
from controller.engine.queries import describe_next_card, exchange_price, insurance_range, next_card_target
from controller.engine.state import BoxState, Phase, RoundState, apply, buy_candidates, new_round, replay
from controller.engine.verifiers import IllegalCommand, can, verify

__all__ = [
    "DEALER",
    "Bet",
    "BoxState",
    "BuyGame",
    "BuySixth",
    "CardDealt",
    "CloseBets",
    "CloseBuying",
    "Command",
    "CorrectCard",
    "DismissCard",
    "Event",
    "Exchange",
    "Expectation",
    "Fold",
    "IllegalCommand",
    "Insure",
    "LegalAction",
    "Phase",
    "PlaceStakes",
    "RevealDealer",
    "RoundState",
    "TakeAnte",
    "VoidRound",
    "WithdrawStakes",
    "apply",
    "buy_candidates",
    "can",
    "describe_next_card",
    "do",
    "event_from_dict",
    "exchange_price",
    "expected_next",
    "insurance_range",
    "legal_commands",
    "new_round",
    "next_card_target",
    "replay",
    "turn_actions",
    "verify",
]
