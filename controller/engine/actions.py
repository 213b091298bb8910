"""One vocabulary of actions: a word (ActionKind) names a kind of command, and `build_command` makes the command
a word stands for. The legal actions the guide lists (`LegalAction`) build their commands the same way, so the
console's buttons, round scripts and the strategies all speak these words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar, assert_never

from controller.engine.commands.base import ActionKind, Command
from controller.engine.commands.box import Bet, BuySixth, Exchange, Fold, Insure
from controller.engine.commands.deal import CardDealt
from controller.engine.commands.dealer import BuyGame, CloseBuying, RevealDealer, TakeAnte
from controller.engine.commands.jackpot import PlaceJackpotStake
from controller.engine.commands.overrides import CorrectCard, DismissCard, VoidRound
from controller.engine.commands.stakes import CloseBets, PlaceStakes, WithdrawStakes
from drivers.cards import Card

# What a player decides for a box, in the order round scripts and the console list them.
BOX_DECISIONS = (ActionKind.FOLD, ActionKind.BET, ActionKind.BUY, ActionKind.EXCHANGE, ActionKind.INSURE,
                 ActionKind.BUY_GAME, ActionKind.TAKE_ANTE)

T = TypeVar("T")


def build_command(kind: ActionKind | str, box: int | None = None, *, discards: Sequence[Card] = (),
                  amount: int | None = None, card: Card | None = None, actor: str = "", reason: str = "") -> Command:
    """The command the action word `kind` stands for, for `box` where it is a box's action. An exchange names
    its `discards`; insurance its `amount` in chips, and stakes their ante as `amount`; a card from the shoe and
    a pit boss's corrected card are `card` (None: a card the shoe could not read); a pit boss's override names
    its `actor` and `reason`. An unknown word, or a missing box or amount, raises ValueError saying which."""
    word = ActionKind(kind)
    match word:
        case ActionKind.PLACE_STAKES:
            return PlaceStakes(_given(box, "a box", word), _given(amount, "an ante (amount)", word))
        case ActionKind.WITHDRAW_STAKES:
            return WithdrawStakes(_given(box, "a box", word))
        case ActionKind.PLACE_JACKPOT:
            return PlaceJackpotStake(_given(box, "a box", word))
        case ActionKind.CLOSE_BETS:
            return CloseBets()
        case ActionKind.CARD:
            return CardDealt(card)
        case ActionKind.FOLD:
            return Fold(_given(box, "a box", word))
        case ActionKind.BET:
            return Bet(_given(box, "a box", word))
        case ActionKind.BUY:
            return BuySixth(_given(box, "a box", word))
        case ActionKind.EXCHANGE:
            return Exchange(_given(box, "a box", word), tuple(discards))
        case ActionKind.INSURE:
            return Insure(_given(box, "a box", word), _given(amount, "an amount", word))
        case ActionKind.REVEAL:
            return RevealDealer()
        case ActionKind.BUY_GAME:
            return BuyGame(_given(box, "a box", word))
        case ActionKind.TAKE_ANTE:
            return TakeAnte(_given(box, "a box", word))
        case ActionKind.CLOSE_BUYING:
            return CloseBuying()
        case ActionKind.CORRECT_CARD:
            return CorrectCard(_given(card, "the right card", word), actor, reason)
        case ActionKind.DISMISS_CARD:
            return DismissCard(actor, reason)
        case ActionKind.VOID_ROUND:
            return VoidRound(actor, reason)
    assert_never(word)


def _given(value: T | None, what: str, kind: ActionKind) -> T:
    if value is None:
        raise ValueError(f"The action '{kind}' needs {what}.")
    return value


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One kind of command that is legal now; amounts and card counts as inclusive ranges."""

    kind: ActionKind
    box: int | None = None
    minimum: int | None = None  # insure: chips; exchange: cards; place_stakes: ante
    maximum: int | None = None
    price: int | None = None  # bet, buy, buy_game, exchange: what it costs (an exchange: of the fewest cards)

    def command(self, *, discards: Sequence[Card] = (), amount: int | None = None, card: Card | None = None,
                actor: str = "", reason: str = "") -> Command:
        """This action's command (`build_command` says what each kind needs)."""
        return build_command(self.kind, self.box, discards=discards, amount=amount, card=card, actor=actor,
                             reason=reason)
