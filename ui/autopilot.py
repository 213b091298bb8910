"""Plays the console the way a dealer does, by pressing its buttons: stakes, the draw key, each box's decision
(by the `simple` strategy of controller.players.simple), the reveal, buying, the payment list. `rptable console
--demo N` and the console's tests use it; it presses only enabled buttons, and a money action twice (its second
step), so it proves the console offers every step a round needs."""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtWidgets import QApplication, QPushButton

from controller.engine import ActionKind, Command, Exchange, Insure, Phase, legal_commands
from controller.players.simple import decide_box, decide_buy
from ui.main_window import ConsoleWindow
from ui.play_desk import focus_box

CARD_TIMEOUT = 10.0
CAMERA_TIMEOUT = 30.0  # a simulated camera renders every frame it reads: far slower than a real one


class AutopilotStuck(RuntimeError):
    """The console offered no way to go on (a fault, or a disabled button the round needs)."""


class Autopilot:
    def __init__(self, window: ConsoleWindow, *, ante: int = 100, boxes: int = 6, bonus: int = 0) -> None:
        self.window = window
        self.ante = ante
        self.boxes = boxes
        self.bonus = bonus

    # ---------------------------------------------------------------------------------------- rounds
    def play_rounds(self, count: int, *, confirm_last: bool = True) -> None:
        for number in range(count):
            self.play_round(confirm_payments=confirm_last or number < count - 1)

    def play_round(self, *, confirm_payments: bool = True) -> None:
        self.start_round()
        self.play_until(lambda: self.window.mode() == "payments")
        if confirm_payments:
            self.settle_payments()

    def start_round(self) -> None:
        window = self.window
        if window.mode() == "payments":
            self.settle_payments()
        rules = window.controller.rules
        assert rules is not None
        for number in range(1, min(self.boxes, rules.table.boxes) + 1):
            bonus = self.bonus if rules.bonus.enabled else 0
            window.bet_panel.fill(number, self.ante, bonus, player=f"P{number}")
        self.press(window.place_button)
        self.press_action(ActionKind.CLOSE_BETS)

    def settle_payments(self) -> None:
        window = self.window
        for button in list(window.payment_panel.paid_buttons.values()):
            for _ in range(3):  # the first press asks "Paid box 2: 100?", the second confirms; a journal entry
                if not button.isEnabled():  # arriving in between (the shoe's session, say) disarms: ask again
                    break
                self.press(button)
        self.press(window.next_round_button)

    def play_until(self, done: Callable[[], bool], max_steps: int = 400) -> None:
        for _ in range(max_steps):
            if done():
                return
            self.step()
        raise AutopilotStuck(f"no end after {max_steps} steps")

    # ------------------------------------------------------------------------------------------ steps
    def step(self) -> str:
        """One dealer action; returns what was pressed."""
        window = self.window
        state = window.display_round()
        if window.controller.locked_reason or (state is not None and state.fault is not None):
            raise AutopilotStuck(window.banner_text.text())
        if state is None or state.phase is Phase.CLOSED:
            raise AutopilotStuck("no round in play")
        legal = legal_commands(state)
        kinds = {a.kind for a in legal}
        if ActionKind.CARD in kinds:
            self.draw()
            return ActionKind.CARD
        if state.phase is Phase.DECISIONS and state.turn:
            return self.decide(decide_box(state, state.turn, legal))
        if state.phase is Phase.REVEAL and ActionKind.INSURE in kinds:
            insure = next(a for a in legal if a.kind == ActionKind.INSURE)
            decision = decide_box(state, insure.box or 0, legal) if insure.box else None
            if isinstance(decision, Insure):
                return self.decide(decision)
        if ActionKind.REVEAL in kinds:
            self.press_action(ActionKind.REVEAL)
            self.wait_for_camera()
            return ActionKind.REVEAL
        if state.phase is Phase.BUYING:
            focus = focus_box(state)
            if focus:
                return self.decide(decide_buy(state, focus, legal))
            self.press_action(ActionKind.CLOSE_BUYING)
            return ActionKind.CLOSE_BUYING
        raise AutopilotStuck(f"nothing to press in phase {state.phase}")

    def decide(self, command: Command) -> str:
        """Press the button of a player's decision, after setting the insurance amount or picking the cards to
        exchange as the command says."""
        window = self.window
        state = window.display_round()
        assert state is not None
        if isinstance(command, Insure):
            if window.insurance.box != command.box:
                self.press(window.actions_panel.insurance_switch)
            window.actions_panel.insurance.set_value(command.amount)
        if isinstance(command, Exchange):
            cards = state.boxes[command.box].cards
            panel = window.box_panels[command.box - 1]
            for card in command.discards:
                panel.cards.cards[cards.index(card)].click()
        self.press_action(command.action)
        return command.action

    def draw(self) -> None:
        self.press_action(ActionKind.CARD)
        self._wait_while(lambda: self.window.awaiting_card, CARD_TIMEOUT, "the shoe delivered no card", 0.0005)

    def wait_for_camera(self) -> None:
        """With a camera over the layout, Reveal first has it read the cards turned up: wait for its verdict."""
        self._wait_while(lambda: self.window.checking_layout, CAMERA_TIMEOUT,
                         "the camera over the layout gave no verdict", 0.005)
        QApplication.processEvents()  # its verdict, queued to the GUI thread

    @staticmethod
    def _wait_while(busy: Callable[[], bool], timeout: float, stuck: str, pause: float) -> None:
        give_up = time.monotonic() + timeout
        while busy():
            QApplication.processEvents()
            if time.monotonic() > give_up:
                raise AutopilotStuck(stuck)
            time.sleep(pause)

    def press_action(self, kind: str) -> None:
        """Press an action's button; an action that arms (a money action) is pressed again to carry it out."""
        button = self.window.actions_panel.buttons[kind]
        self.press(button)
        if self.window.two_step.armed is not None:
            self.press(button)

    def press(self, button: QPushButton) -> None:
        if not button.isEnabled() or button.isHidden():
            raise AutopilotStuck(f"'{button.text()}' is not available: {button.toolTip()}")
        button.click()
        QApplication.processEvents()
