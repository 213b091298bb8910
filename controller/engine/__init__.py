"""The rules engine: a pure round state machine (commands in, frozen events out, state = replay of events).

Use: `state = new_round(rules)`; `events = do(state, command)` (raises IllegalCommand, changing nothing);
`can(state, command)`; `verify(state, command)`; `expected_next(state)`; `legal_commands(state)`, whose actions
build their commands (`action.command()`); `replay(rules, events)` rebuilds the state.

Inside: `commands/` (what the table may ask, one module per family, each command with its rules, its action
word, how an action builds it and how the guide offers it; `commands.base` keeps the registry), `events`
(what happened, with its versioned JSON), `apply` (how each event changes the `state`, moving its phase along
the declared graph `state.PHASE_MOVES`), `rulings` (the house rules' decisions the events record), `queries`,
`settlement` and `strength` (what commands and the console ask), `actions` and `guide` (the action words and
what is legal now), `legacy` (events as older journals hold them).
"""

from controller.engine.actions import BOX_DECISIONS, LegalAction, build_command
from controller.engine.apply import apply, replay
from controller.engine.commands.base import ActionKind, Command, IllegalCommand
from controller.engine.commands.box import Bet, BuySixth, Exchange, Fold, Insure
from controller.engine.commands.deal import CardDealt
from controller.engine.commands.dealer import BuyGame, CloseBuying, RevealDealer, TakeAnte
from controller.engine.commands.jackpot import PlaceJackpotStake
from controller.engine.commands.overrides import CorrectCard, DismissCard, VoidRound
from controller.engine.commands.stakes import CloseBets, PlaceStakes, WithdrawStakes
from controller.engine.events import DEALER, DEALER_UP_CARD, Event, event_from_payload
from controller.engine.guide import Expectation, expected_next, insurance_askers, legal_commands, turn_actions
from controller.engine.machine import can, do, verify
from controller.engine.queries import describe_next_card, exchange_price, insurance_range, next_card_target
from controller.engine.state import BoxState, BuyChoice, Phase, RoundState, dealer_qualifies, new_round

__all__ = [
    "BOX_DECISIONS",
    "DEALER",
    "DEALER_UP_CARD",
    "ActionKind",
    "Bet",
    "BoxState",
    "BuyChoice",
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
    "PlaceJackpotStake",
    "PlaceStakes",
    "RevealDealer",
    "RoundState",
    "TakeAnte",
    "VoidRound",
    "WithdrawStakes",
    "apply",
    "build_command",
    "can",
    "dealer_qualifies",
    "describe_next_card",
    "do",
    "event_from_payload",
    "exchange_price",
    "expected_next",
    "insurance_askers",
    "insurance_range",
    "legal_commands",
    "new_round",
    "next_card_target",
    "replay",
    "turn_actions",
    "verify",
]
