"""Insurance as the dealer takes it (R-ACT-6): offered alike to every box that may ask for it now (the box that
has just bet, and the box to act), whatever its cards hold, so that nothing on screen tells a face-down hand.
The dealer types the amount the player asks for; the engine checks it then against bounds that do not depend on
the hand (R-ACT-8: the hand's own limit is applied at the showdown), and an amount out of them is refused with
the bounds while the field keeps what was typed. An amount typed never carries into another box or
the next round."""

from __future__ import annotations

from collections.abc import Callable

from controller.engine import ActionKind, Insure, RoundState, insurance_askers, legal_commands
from ui.actions import SPECS
from ui.desk import Console
from ui.guidance import armed_question, second_press
from ui.i18n import translate
from ui.play_desk import find_action


class InsuranceDesk:
    def __init__(self, console: Console) -> None:
        self.console = console
        self.box: int | None = None  # the box the insurance field is for
        self._round: str | None = None

    def show(self, state: RoundState | None, locked: bool, why_not: Callable[[], str]) -> str:
        """The Insure button, its field and the switch to the other box; returns the reason Insure is off, if
        it is (`why_not` gives the engine's)."""
        panel = self.console.ui.actions_panel
        askers = insurance_askers(state) if state is not None and not locked else ()
        round_id = self.console.controller.round_id
        if self.box not in askers or round_id != self._round:
            self.box = askers[0] if askers else None
            self._round = round_id
            panel.insurance.clear()
        others = [n for n in askers if n != self.box]
        reason = "" if self.box is not None else why_not()
        text = SPECS[ActionKind.INSURE].label()
        if self.box:
            text += translate("ConsoleWindow", " — box {0}").format(self.box)
        panel.set_action(ActionKind.INSURE, enabled=self.box is not None, text=text, why_not=reason)
        caption = translate("ConsoleWindow", "Insurance, box {0}").format(self.box) if self.box else ""
        panel.insurance.set_caption(caption)
        panel.insurance_switch.setEnabled(bool(others))
        panel.insurance_switch.setText(translate("ConsoleWindow", "⇄ box {0}").format(others[0]) if others else "⇄")
        return reason

    def insure(self) -> None:
        """Insure the offered box with the amount typed, at the second press; with none typed yet, the field takes
        the digits."""
        panel = self.console.ui.actions_panel
        field = panel.insurance
        if self.box is None or not panel.buttons[ActionKind.INSURE].isEnabled():
            return
        typed = field.value()
        if typed is None:
            field.setFocus()
            typing = translate("ConsoleWindow", "Type box {0}'s insurance, then Enter.")
            self.console.message_text = typing.format(self.box)
            self.console.refresh()
            return
        box = self.box

        def insure() -> None:
            if self.console.submit(Insure(box, typed)):
                field.clear()
                field.clearFocus()

        state = self.console.display_round()
        offered = find_action(legal_commands(state), ActionKind.INSURE, box) if state is not None else None
        if offered is None or not (offered.minimum or 0) <= typed <= (offered.maximum or typed):
            insure()  # out of the table's bounds: refused at once with them, nothing to arm
            return
        # Money the box cannot have back: a second press, as for a bet (another amount typed is another action)
        question = armed_question(ActionKind.INSURE, box, typed, 0)
        key = SPECS[ActionKind.INSURE].key
        self.console.two_step.press(f"{ActionKind.INSURE}:{box}:{typed}", question + " " + second_press(key), insure,
                                    label=f"{question}  [{key}]")

    def switch(self) -> None:
        """Insurance for the other box that may insure now (the one that has just bet, or the one to act)."""
        state = self.console.display_round()
        others = [n for n in (insurance_askers(state) if state is not None else ()) if n != self.box]
        if others:
            self.box = others[0]
            self.console.ui.actions_panel.insurance.clear()
            self.console.refresh()
