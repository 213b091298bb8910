"""Stakes before the deal, entered in each box's own place on the layout: an ante, a bonus (where the table has
one), blind (where it has blind boxes), the jackpot stake (a tick, at a table linked to a jackpot: the stake is
the rules') and the player's name (boxes of one player must be adjacent, R-TABLE-2).

Each round starts from a clean form; "Repeat last bets" fills it with the previous round's stakes. A box whose
stakes are placed shows them; Withdraw takes them back into the form to be corrected, until bets close. A box
filled in but not placed is never dropped silently: `unplaced()` names it for the window to ask about. The
engine verifies every stake, and a refusal is shown with its reason; nothing here clamps an amount."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QInputDialog, QLineEdit, QWidget

from controller.core.rules import HouseRules
from controller.engine import ActionKind, BoxState, LegalAction, PlaceStakes
from ui.amount_field import AmountField
from ui.ask import take_keyboard_back
from ui.fit import FitButton, FitLabel, keep_place
from ui.i18n import translate
from ui.login import STAFF_STYLE
from ui.sentences import reworded

SMALL_BUTTON = ("QPushButton{font-size:15px;background:#37474f;color:white;border:2px solid #263238;border-radius:6px}"
                "QPushButton:checked{background:#6a1b9a;border:2px solid #ce93d8}"
                "QPushButton:disabled{background:#2a2a2a;color:#777;border:2px solid #222}")
WITHDRAW_STYLE = SMALL_BUTTON.replace("#37474f", "#8d4a00", 1)
PLAYER_NAME_MOST = 24


@dataclass(frozen=True)
class Stake:
    """What the form holds for a box: exactly what was typed (None: nothing typed)."""

    ante: int | None
    bonus: int | None
    blind: bool
    player: str
    jackpot: bool = False  # the jackpot stake ticked

    @property
    def filled(self) -> bool:
        return self.ante is not None or self.bonus is not None

    def command(self, box: int) -> PlaceStakes:
        """The stakes as typed: an empty ante is 0, for the engine to refuse with the table's limits."""
        return PlaceStakes(box, self.ante or 0, self.bonus or 0, self.blind, self.player)


class StakeEditor(QWidget):
    """One box's stakes: two rows of touch-sized controls. `on_enter(box)` is the ante's or bonus's Enter;
    `on_withdraw(box)` the Withdraw button; `edited` fires when what the form holds changes."""

    edited = Signal()

    def __init__(self, number: int, on_enter: Callable[[int], None], on_withdraw: Callable[[int], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.number = number
        self.placed = False
        self.player_name = ""
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(4)
        self.ante_caption = FitLabel(self)
        self.ante = AmountField("", self)
        self.ante.setObjectName(f"stake_ante_{number}")
        self.bonus_caption = FitLabel(self)
        self.bonus = AmountField("", self)
        self.bonus.setObjectName(f"stake_bonus_{number}")
        for caption in (self.ante_caption, self.bonus_caption):
            caption.setStyleSheet("font-size:14px;color:#d7e8d9")
        self.blind = FitButton(self, lines=1)
        self.blind.setObjectName(f"stake_blind_{number}")
        self.blind.setCheckable(True)
        self.player = FitButton(self, lines=1)
        self.player.setObjectName(f"stake_player_{number}")
        self.withdraw = FitButton(self, lines=1)
        self.withdraw.setObjectName(f"stake_withdraw_{number}")
        self.jackpot = FitButton(self, lines=1)
        self.jackpot.setObjectName(f"stake_jackpot_{number}")
        self.jackpot.setCheckable(True)
        self.jackpot.setHidden(True)
        for button in (self.blind, self.player, self.jackpot):
            button.setStyleSheet(SMALL_BUTTON)
        self.withdraw.setStyleSheet(WITHDRAW_STYLE)
        # twelve even columns: a caption and its field take two and four; the second row's buttons share them
        # (three, or four with the jackpot's tick)
        self.grid = grid
        grid.addWidget(self.ante_caption, 0, 0, 1, 2)
        grid.addWidget(self.ante, 0, 2, 1, 4)
        grid.addWidget(self.bonus_caption, 0, 6, 1, 2)
        grid.addWidget(self.bonus, 0, 8, 1, 4)
        self._place_buttons(with_jackpot=False)
        for column in range(12):
            grid.setColumnStretch(column, 1)
        self.ante.entered.connect(lambda: on_enter(self.number))
        self.bonus.entered.connect(lambda: on_enter(self.number))
        self.withdraw.clicked.connect(lambda: on_withdraw(self.number))
        self.player.clicked.connect(self.ask_player_name)
        self.ante.textChanged.connect(self.edited)
        self.bonus.textChanged.connect(self.edited)
        self.blind.toggled.connect(self.edited)
        self.jackpot.toggled.connect(self.edited)
        self.retranslate()

    def _place_buttons(self, *, with_jackpot: bool) -> None:
        buttons = [self.player, self.blind, *([self.jackpot] if with_jackpot else []), self.withdraw]
        span = 12 // len(buttons)
        for index, button in enumerate(buttons):
            self.grid.addWidget(button, 1, index * span, 1, span)

    def offer_jackpot(self, offered: bool, closed_reason: str | None) -> None:
        """The jackpot's tick: shown at a table linked to a jackpot, usable while the box takes stakes and the meter
        takes jackpot bets (`closed_reason`: why it does not; a tick made before it closed stays, to be refused
        with that reason when the stakes are placed)."""
        if offered == self.jackpot.isHidden():
            self._place_buttons(with_jackpot=offered)
            self.jackpot.setVisible(offered)
        self.jackpot.setEnabled(offered and not self.placed and self.ante.isEnabled() and closed_reason is None)
        self.jackpot.setToolTip(reworded(closed_reason) if closed_reason else "")

    def retranslate(self) -> None:
        self.ante_caption.setText(translate("BetPanel", "Ante"))
        self.bonus_caption.setText(translate("BetPanel", "Bonus"))
        self.blind.setText(translate("BetPanel", "Blind"))
        self.withdraw.setText(translate("BetPanel", "Withdraw"))
        self.jackpot.setText(translate("BetPanel", "Jackpot"))
        self.ante.set_caption(translate("BetPanel", "Ante, box {0}").format(self.number))
        self.bonus.set_caption(translate("BetPanel", "Bonus, box {0}").format(self.number))
        self._show_player()

    def configure(self, rules: HouseRules, open_for_stakes: bool, placed: BoxState | None) -> None:
        """Which controls the table has, whether the box takes stakes now, and the stakes it holds."""
        for widget in (self.bonus_caption, self.bonus):
            keep_place(widget, rules.bonus.enabled)
        keep_place(self.blind, rules.table.blind_boxes)
        was_placed, self.placed = self.placed, placed is not None
        if placed is not None:
            self.ante.set_value(placed.ante)
            self.bonus.set_value(placed.bonus or None)
            self.blind.setChecked(placed.blind)
            self.jackpot.setChecked(placed.jackpot > 0)
            self.player_name = placed.player
        elif was_placed:
            self.clear()  # withdrawn elsewhere (the window refills the form when it withdraws)
        editable = open_for_stakes and not self.placed
        for widget in (self.ante, self.bonus):
            widget.setReadOnly(not editable)
            widget.setEnabled(open_for_stakes or self.placed)
        self.blind.setEnabled(editable)
        self.player.setEnabled(editable)
        self.withdraw.setEnabled(self.placed and open_for_stakes)
        self._show_player()

    def stake(self) -> Stake:
        jackpot = self.jackpot.isChecked() and not self.jackpot.isHidden()
        return Stake(self.ante.value(), self.bonus.value(), self.blind.isChecked(), self.player_name, jackpot)

    def fill(self, ante: int | None, bonus: int | None = None, blind: bool = False, player: str = "",
             jackpot: bool = False) -> None:
        self.ante.set_value(ante)
        self.bonus.set_value(bonus or None)
        self.blind.setChecked(blind)
        self.jackpot.setChecked(jackpot)
        self.player_name = player
        self._show_player()

    def clear(self) -> None:
        self.fill(None)

    def status(self) -> str:
        """A word for the box's title row: placed, or typed in and not placed yet."""
        if self.placed:
            return translate("BetPanel", "placed ✓")
        if self.stake().filled:
            return translate("BetPanel", "not placed")
        return ""

    def ask_player_name(self) -> None:
        """The player's name is typed in a dialog of its own: on the main screen every letter is an action key."""
        question = translate("BetPanel", "Player at box {0} (boxes of one player are next to each other):")
        dialog = QInputDialog(self)
        dialog.setObjectName("player_name")
        dialog.setStyleSheet(STAFF_STYLE)  # the staff's dialogs' look: light text on dark, buttons a finger can hit
        dialog.setWindowTitle(translate("BetPanel", "Player"))
        dialog.setLabelText(question.format(self.number))
        dialog.setTextEchoMode(QLineEdit.EchoMode.Normal)
        dialog.setTextValue(self.player_name)
        ok = dialog.exec() == QInputDialog.DialogCode.Accepted
        name = dialog.textValue()
        dialog.deleteLater()
        take_keyboard_back(self)
        if ok:
            self.player_name = name.strip()[:PLAYER_NAME_MOST]
            self._show_player()
            self.edited.emit()

    def _show_player(self) -> None:
        self.player.setText(self.player_name or translate("BetPanel", "Player…"))


class BetPanel:
    """The stake editors of every box (each shown inside its box on the layout) as one form."""

    def __init__(self) -> None:
        self.editors: list[StakeEditor] = []
        self.previous: dict[int, Stake] = {}  # the last closed round's stakes, for "Repeat last bets"

    def editor(self, number: int) -> StakeEditor:
        return self.editors[number - 1]

    def configure(self, rules: HouseRules, legal: tuple[LegalAction, ...], placed: dict[int, BoxState]) -> None:
        open_boxes = {a.box for a in legal if a.kind == ActionKind.PLACE_STAKES}
        withdrawable = {a.box for a in legal if a.kind == ActionKind.WITHDRAW_STAKES}
        for editor in self.editors:
            editor.configure(rules, editor.number in open_boxes or editor.number in withdrawable,
                             placed.get(editor.number))

    def stakes(self) -> list[tuple[int, Stake]]:
        """Every box filled in and not placed yet, with its stakes exactly as typed."""
        return [(e.number, e.stake()) for e in self.editors if not e.placed and e.stake().filled]

    def unplaced(self) -> list[int]:
        """The boxes filled in but not placed."""
        return [e.number for e in self.editors if not e.placed and e.stake().filled]

    def fill(self, number: int, ante: int, bonus: int = 0, blind: bool = False, player: str = "",
             jackpot: bool = False) -> None:
        """Fill a box's stakes (what a dealer does by hand; the autopilot and tests use it too)."""
        self.editor(number).fill(ante, bonus or None, blind, player, jackpot)

    def clear(self) -> None:
        """A clean form for a new round."""
        for editor in self.editors:
            if not editor.placed:
                editor.clear()

    def remember(self, boxes: dict[int, BoxState]) -> None:
        """The stakes of a round that has closed, for "Repeat last bets"."""
        self.previous = {n: Stake(b.ante, b.bonus or None, b.blind, b.player, b.jackpot > 0) for n, b in boxes.items()}

    def repeat_last(self) -> bool:
        """Fill the boxes not placed yet with the previous round's stakes; False when there is none to repeat."""
        if not self.previous:
            return False
        for editor in self.editors:
            stake = self.previous.get(editor.number)
            if stake is not None and not editor.placed:
                editor.fill(stake.ante, stake.bonus, stake.blind, stake.player, stake.jackpot)
        return True

