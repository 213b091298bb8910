"""The actions once bets are closed: the draw key, each box's decision and the dealer's steps. A button is on
exactly when the engine lists its action for the box in focus, its label carries the box and the engine's price,
and a button that is off says the engine's reason. The exchange is of the cards the dealer picked by position;
money a box cannot have back (fold, a 6th card, an exchange, buying the dealer a game) takes a second press."""

from __future__ import annotations

from collections.abc import Callable

from controller.engine import (
    ActionKind,
    Command,
    IllegalCommand,
    LegalAction,
    Phase,
    RoundState,
    build_command,
    exchange_price,
    expected_next,
    legal_commands,
    verify,
)
from drivers.cards import Card
from ui.actions import SPECS
from ui.desk import Console
from ui.format import amount
from ui.guidance import armed_question, second_press
from ui.i18n import translate
from ui.sentences import stopped_words

# Money a box cannot have back once spent: these take a second press (ui.confirm).
# Taking the ante ends the box's say as surely: pressed twice on one press's habit, it took the next box's too.
TWO_STEP = frozenset({ActionKind.FOLD, ActionKind.BET, ActionKind.BUY, ActionKind.EXCHANGE, ActionKind.BUY_GAME,
                      ActionKind.TAKE_ANTE})
BOX_ACTIONS = frozenset({ActionKind.FOLD, ActionKind.BET, ActionKind.BUY, ActionKind.EXCHANGE, ActionKind.INSURE,
                         ActionKind.BUY_GAME, ActionKind.TAKE_ANTE})
PRICED = frozenset({ActionKind.BET, ActionKind.BUY, ActionKind.BUY_GAME})
SHOWN = (ActionKind.CARD, ActionKind.CLOSE_BETS, ActionKind.REVEAL, ActionKind.CLOSE_BUYING, ActionKind.FOLD,
         ActionKind.BET, ActionKind.BUY, ActionKind.EXCHANGE, ActionKind.BUY_GAME, ActionKind.TAKE_ANTE)


def find_action(legal: tuple[LegalAction, ...], kind: str, focus: int | None) -> LegalAction | None:
    """The legal action of this kind for the focused box (or for no box)."""
    for action in legal:
        if action.kind == kind and (action.box is None or action.box == focus):
            return action
    return None


def focus_box(state: RoundState | None) -> int | None:
    """The box the action buttons act on: the box to decide, or the first still to choose buying."""
    if state is None:
        return None
    if state.phase is Phase.DECISIONS and state.turn:
        return state.turn
    if state.phase is Phase.BUYING:
        return expected_next(state).box
    if state.phase is Phase.REVEAL and state.insurance_window:
        return state.insurance_window
    return None


class PlayDesk:
    def __init__(self, console: Console, awaiting_card: Callable[[], bool],
                 order_spent: Callable[[], str | None] = lambda: None) -> None:
        self.console = console
        self._awaiting_card = awaiting_card  # a card drawn has not reached the table yet
        self._order_spent = order_spent  # why nothing is left to draw from the shoe's chosen order (None: there is)

    def show(self, state: RoundState | None, legal: tuple[LegalAction, ...], redact: Callable[[str], str]) -> None:
        """Every action's button: on or off, its label, and the reason it is off (passed through `redact`, which
        also says the engine's reason in the console's language)."""
        focus = focus_box(state)
        for kind in SHOWN:
            enabled, text, why_not = self._button(state, legal, kind, focus)
            self.console.ui.actions_panel.set_action(kind, enabled=enabled, text=text, why_not=redact(why_not))

    def _button(self, state: RoundState | None, legal: tuple[LegalAction, ...], kind: ActionKind,
                focus: int | None) -> tuple[bool, str, str]:
        label = SPECS[kind].label()
        action = find_action(legal, kind, focus)
        if kind == ActionKind.CARD:
            enabled = (action is not None and not self._awaiting_card() and self._order_spent() is None
                       and (state is None or state.phase is not Phase.BETTING or bool(state.order)))
            return enabled, label, "" if enabled else self.why_no_card(state)
        box = action.box if action is not None else focus
        text = translate("ConsoleWindow", "{0} — box {1}").format(label, box) if box and kind in BOX_ACTIONS else label
        if action is not None and kind in PRICED and action.price:
            text += f" ({amount(action.price)})"
        if kind == ActionKind.EXCHANGE and action is not None and state is not None and box:
            chosen = len(self.selected_positions(box))
            low, high = action.minimum or 1, action.maximum or 1
            if low <= chosen <= high:
                price = amount(exchange_price(state, state.boxes[box], chosen))
                exchange = translate("ConsoleWindow", "Exchange %n card(s) — box {0} ({1})", None, chosen)
                return True, exchange.format(box, price), ""
            pick = translate("ConsoleWindow", "Exchange — box {0}: pick cards (1-6)")
            how = translate("ConsoleWindow", "Select {0} to {1} cards to discard: tap them or press 1-6.")
            return False, pick.format(box), how.format(low, high)
        if action is not None:
            return True, text, ""
        return False, text, self.why_not(state, kind, box)

    def why_no_card(self, state: RoundState | None) -> str:
        locked = stopped_words(self.console.controller)
        if self._awaiting_card():
            return translate("ConsoleWindow", "Waiting for the shoe to deliver the card.")
        spent = self._order_spent()
        if spent is not None:
            return spent
        if locked:
            return locked
        if state is None or not state.order:
            return translate("ConsoleWindow", "Place antes first.")
        return translate("ConsoleWindow", "No card is due now.")

    def why_not(self, state: RoundState | None, kind: str, box: int | None) -> str:
        """The engine's reason the command would be refused now."""
        locked = stopped_words(self.console.controller)
        if locked:
            return locked
        if state is None:
            return translate("ConsoleWindow", "No round is open: place antes first.")
        command = self.command(kind, box, state, probe=True)
        if command is None:
            return translate("ConsoleWindow", "No box can do this now.")
        try:
            verify(state, command)
        except IllegalCommand as err:
            return err.reason
        return translate("ConsoleWindow", "Not now.")

    # -- commands -------------------------------------------------------------------------------------------
    def command(self, kind: str, box: int | None, state: RoundState, *, probe: bool = False) -> Command | None:
        """The command of the button `kind` for `box`: an exchange of the cards picked, insurance of the amount
        typed. None when it needs a box, cards or an amount and has none; a `probe` (asking why a button is off)
        exchanges the first card and insures one chip."""
        if kind not in (ActionKind.CLOSE_BETS, ActionKind.REVEAL, ActionKind.CLOSE_BUYING) and not box:
            return None
        discards: tuple[Card, ...] = ()
        if kind == ActionKind.EXCHANGE and box:
            cards = state.boxes[box].cards if box in state.boxes else []
            positions = self.selected_positions(box) or ([1] if probe else [])
            discards = tuple(cards[p - 1] for p in positions if p <= len(cards))
            if not discards:
                return None
        typed = self.console.ui.actions_panel.insurance.value()
        if kind == ActionKind.INSURE and typed is None and not probe:
            return None
        return build_command(kind, box, discards=discards, amount=typed if typed is not None else 1)

    def decide(self, kind: str) -> None:
        """A box's decision or the dealer's step; a money action the box cannot have back takes a second press."""
        console = self.console
        state = console.display_round()
        if state is None:
            return
        legal = legal_commands(state)
        action = find_action(legal, kind, focus_box(state))
        box = action.box if action is not None else None
        command = self.command(kind, box, state)
        if command is None:
            return
        if kind not in TWO_STEP or box is None or action is None:
            console.submit(command)
            return
        chosen = self.selected_positions(box) if kind == ActionKind.EXCHANGE else []
        price = exchange_price(state, state.boxes[box], len(chosen)) if chosen else action.price or 0
        key = f"{kind}:{box}:" + ",".join(map(str, chosen))  # another pick of cards is another action
        question = armed_question(kind, box, price, len(chosen))
        console.two_step.press(key, question + " " + second_press(SPECS[kind].key), lambda: console.submit(command),
                               label=f"{question}  [{SPECS[kind].key}]")

    # -- the exchange's cards ---------------------------------------------------------------------------------
    def exchange_action(self, state: RoundState) -> LegalAction | None:
        return find_action(legal_commands(state), ActionKind.EXCHANGE, focus_box(state))

    def selected_positions(self, box: int) -> list[int]:
        return self.console.ui.box_panels[box - 1].cards.selected_positions()

    def toggle_discard(self, position: int) -> None:
        """Keys 1-6: pick (or put back) the card at that position of the box exchanging."""
        state = self.console.display_round()
        focus = focus_box(state)
        if state is not None and focus and self.exchange_action(state) is not None:
            self.console.ui.box_panels[focus - 1].cards.toggle(position)
