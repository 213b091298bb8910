"""Stakes before the deal, as the dealer handles them: typed into each box's form, placed with P (or Enter in a
box's field, which goes on to the next box), withdrawn to be corrected until bets close, repeated from the last
round with R. When the bets close (C, or the first card) a box filled in but not placed is asked about: placed,
or left out, never dropped without a word."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from controller.core.rules import HouseRules
from controller.engine import ActionKind, LegalAction, RoundState, WithdrawStakes, legal_commands, new_round
from ui.actions import SPECS
from ui.amount_field import AmountField
from ui.ask import ask
from ui.bet_panel import BetPanel, Stake, StakeEditor
from ui.desk import Console
from ui.i18n import translate


class StakesDesk:
    def __init__(self, console: Console) -> None:
        self.console = console
        self.form = BetPanel()
        self.selected_box: int | None = None  # the box whose stake field was used last

    def make_editors(self, count: int, edited: Callable[[], None]) -> list[StakeEditor]:
        self.form.editors = [StakeEditor(n, self.entered, self.withdraw) for n in range(1, count + 1)]
        for editor in self.form.editors:
            editor.edited.connect(edited)
        return self.form.editors

    # -- drawing --------------------------------------------------------------------------------------------
    def show(self, state: RoundState | None, rules: HouseRules, locked: bool) -> None:
        """The boxes' forms: which take stakes now, and what is placed."""
        controller = self.console.controller
        if state is None and not self.form.previous and controller.round is not None:
            self.form.remember(controller.round.boxes)  # after a restart between rounds
        legal = () if locked else legal_commands(state) if state is not None else legal_commands(new_round(rules))
        self.form.configure(rules, legal, dict(state.boxes) if state is not None else {})
        offered, closed = self.console.jackpot_offer()
        for editor in self.form.editors:
            editor.offer_jackpot(offered, closed)
        for panel in self.console.ui.box_panels:
            panel.show_stake_form(active=panel.number == self.selected_box)

    def show_actions(self, state: RoundState | None, legal: tuple[LegalAction, ...], locked_reason: str | None
                     ) -> None:
        panel = self.console.ui.actions_panel
        unplaced = self.form.unplaced()
        open_for_stakes = locked_reason is None
        boxes = translate("ConsoleWindow", " — box {0}").format(", ".join(map(str, unplaced))) if unplaced else ""
        panel.set_action(ActionKind.PLACE_STAKES, enabled=open_for_stakes and bool(unplaced),
                         text=SPECS[ActionKind.PLACE_STAKES].label() + boxes,
                         why_not=locked_reason or translate("ConsoleWindow", "Type an ante in a box first."))
        withdrawable = {a.box for a in legal if a.kind == ActionKind.WITHDRAW_STAKES}
        box = self.selected_box
        which = translate("ConsoleWindow", " — box {0}").format(box) if box else ""
        panel.set_action(ActionKind.WITHDRAW_STAKES, enabled=box in withdrawable,
                         text=SPECS[ActionKind.WITHDRAW_STAKES].label() + which,
                         why_not=translate("ConsoleWindow", "Tap a box whose stakes are placed, then withdraw them."))
        panel.set_action("repeat_stakes", enabled=open_for_stakes and bool(self.form.previous),
                         text=SPECS["repeat_stakes"].label(),
                         why_not=translate("ConsoleWindow", "No earlier round at this table to repeat."))

    # -- the dealer's actions ---------------------------------------------------------------------------------
    def place(self) -> bool:
        """Place every box filled in and not placed yet, exactly as typed; stops at the first refusal, whose
        reason is shown while the form keeps what was typed."""
        stakes = self.form.stakes()
        if not stakes:
            self.console.message_text = translate("ConsoleWindow",
                                                  "Type an ante in the boxes that play, then place their stakes.")
            self.console.refresh()
            return False
        return all(self._place_box(number, stake) for number, stake in stakes)

    def _place_box(self, number: int, stake: Stake) -> bool:
        """A box's stakes, then its jackpot stake if ticked (the form forgets the tick once the box is placed)."""
        return self.console.submit(stake.command(number)) and (not stake.jackpot or self.console.place_jackpot(number))

    def entered(self, number: int) -> None:
        """Enter in a box's ante or bonus: place that box's stakes, then go on to the next box's ante."""
        editor = self.form.editor(number)
        if editor.placed or not editor.stake().filled or self.console.mode() != "betting":
            return
        if self._place_box(number, editor.stake()) and number < len(self.form.editors):
            following = self.form.editor(number + 1)
            if not following.placed:
                following.ante.setFocus()

    def withdraw(self, number: int | None = None) -> None:
        """Take a box's stakes back before bets close (the box tapped last, by default); they return to its form
        to be corrected."""
        number = number or self.selected_box
        state = self.console.display_round()
        box = state.boxes.get(number) if state is not None and number else None
        if box is None or number is None:
            return
        taken = (box.ante, box.bonus, box.blind, box.player, box.jackpot > 0)
        if self.console.submit(WithdrawStakes(number)):
            editor = self.form.editor(number)
            editor.fill(*taken)
            self.selected_box = number
            editor.ante.setFocus()
            self.console.refresh()

    def repeat_last(self) -> None:
        if self.form.repeat_last():
            self.console.message_text = translate("ConsoleWindow",
                                                  "Last round's stakes filled in: check them, then place them (P).")
        self.console.refresh()

    def settle_unplaced(self, parent: QWidget) -> bool:
        """Before the bets close: a box filled in but not placed is placed or left out as the dealer says, never
        dropped without a word. False: the dealer went back to the form."""
        unplaced = self.form.unplaced()
        if not unplaced:
            return True
        boxes = ", ".join(map(str, unplaced))
        if len(unplaced) == 1:
            question = translate("ConsoleWindow", "Box {0}: stakes typed in but not placed. Place them, or leave the "
                                                  "box out of this round?")
            place = translate("ConsoleWindow", "Place box {0}, then close bets")
            leave = translate("ConsoleWindow", "Leave box {0} out")
        else:
            question = translate("ConsoleWindow", "Boxes {0}: stakes typed in but not placed. Place them, or leave "
                                                  "these boxes out of this round?")
            place = translate("ConsoleWindow", "Place boxes {0}, then close bets")
            leave = translate("ConsoleWindow", "Leave boxes {0} out")
        answer = ask(parent, translate("ConsoleWindow", "Stakes not placed"), question.format(boxes),
                     [("place", place.format(boxes)), ("leave", leave.format(boxes)),
                      ("back", translate("ConsoleWindow", "Go back to the stakes"))])
        if answer == "place":
            return self.place()
        if answer == "leave":
            for number in unplaced:
                self.form.editor(number).clear()
            return True
        return False

    def round_over(self, state: RoundState) -> None:
        """The round's payments are done: its stakes are the ones R repeats; the next starts from a clean form."""
        self.form.remember(state.boxes)
        self.form.clear()
        self.selected_box = None

    def focus_changed(self, new: QWidget | None) -> bool:
        """A stake field took focus: its box is the one Withdraw acts on. Whether that changed the box."""
        editor = new.parentWidget() if isinstance(new, AmountField) else None
        if isinstance(editor, StakeEditor) and editor.number != self.selected_box:
            self.selected_box = editor.number
            return True
        return False
