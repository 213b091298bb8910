"""The dealer's main window, laid out for a table screen (1024x768 and up, full screen): the table's strip, the
next action, the notice slot (a fault's banner or a message), the dealer and the boxes (each box's stake form
while bets are open), and at the bottom the actions with the number pad, or the payment list. Every region has a
fixed height, so nothing moves under the dealer's finger as cards arrive, boxes act or messages come and go.

It is a listener of the TableController: it sends commands and redraws from the controller's state after every
durable event; every rule question goes to the engine. Every action key acts whatever has focus; digits go to
the amount field that has focus; Enter is that field's action, or the second step of an armed money action."""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QGridLayout,
    QHBoxLayout,
    QMainWindow,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from controller.core.cards import Card
from controller.core.rules import HouseRules
from controller.engine import (
    ActionKind,
    CloseBets,
    Command,
    IllegalCommand,
    Insure,
    LegalAction,
    Phase,
    RoundState,
    WithdrawStakes,
    build_command,
    exchange_price,
    expected_next,
    insurance_askers,
    legal_commands,
    new_round,
    verify,
)
from controller.table.controller import TableController, TableLocked
from controller.table.journal import JournalEntry
from controller.table.pump import CardPump, GateReopened
from drivers.base import CardEvent, CardSource, DeviceFault, SourceEvent, SourceStatus, StatusEvent
from ui import visibility
from ui.actions import BETTING, PLAY, SPECS, ActionPanel
from ui.amount_field import AmountField
from ui.ask import ask
from ui.bet_panel import BetPanel, StakeEditor
from ui.confirm import TwoStep
from ui.fit import TOUCH, FitButton, FitLabel, fixed_width
from ui.format import amount
from ui.i18n import Languages
from ui.info_bar import InfoBar
from ui.notice import Notice
from ui.number_pad import NumberPad
from ui.payments import Payment, PaymentPanel, payment_text, payments_of
from ui.shoe_link import ShoeReader
from ui.table_view import BOX_HEIGHT, BoxPanel, DealerPanel

STATUS_POLL_MS = 500
LATENCIES_KEPT = 10_000  # the last cards' times to the screen (bench_console.py reads them)
LOWER_HEIGHT = 212  # the actions and the number pad, or the payment list
PAD_WIDTH = 228
SPACING = 4
NEXT_ACTION_HEIGHT = 46
WINDOW_STYLE = "QMainWindow,QWidget#central{background:#0b1f10}QLabel{color:#f2f2f2}"
NEXT_ROUND_STYLE = ("QPushButton{font-size:18px;font-weight:bold;border-radius:8px;background:#2e7d32;color:white;"
                    "border:2px solid #1b4d1e}QPushButton:disabled{background:#3a3a3a;color:#8a8a8a;"
                    "border:2px solid #2a2a2a}")
# Money a box cannot have back once spent: these take a second press (ui.confirm).
TWO_STEP_ACTIONS = frozenset({ActionKind.FOLD, ActionKind.BUY, ActionKind.EXCHANGE, ActionKind.BUY_GAME})
BOX_ACTIONS = frozenset({ActionKind.FOLD, ActionKind.BET, ActionKind.BUY, ActionKind.EXCHANGE, ActionKind.INSURE,
                         ActionKind.BUY_GAME, ActionKind.TAKE_ANTE})


def box_columns(count: int) -> int:
    """Up to four boxes in one row; more in two rows, so that six boxes fit a 1024x768 screen."""
    return count if count <= 4 else (count + 1) // 2


class ConsoleWindow(QMainWindow):
    def __init__(
        self,
        controller: TableController,
        source: CardSource,
        *,
        users_path: str,
        languages: Languages | None = None,
        start_reader: bool = True,
        clock: Callable[[], float] = time.time,
        pack_seed: int | None = None,
    ) -> None:
        super().__init__()
        self.controller = controller
        self.source = source
        self.users_path = users_path
        self.languages = languages or Languages()
        self.clock = clock
        self.paid: set[int] = set()
        self.next_round_for: str | None = None  # the closed round whose payments are done
        self.message_text = ""
        self.entries_seen: list[JournalEntry] = []
        # Seconds from the reader thread, and from the driver's receipt (CardEvent.at), to the redrawn screen.
        self.card_latencies: deque[float] = deque(maxlen=LATENCIES_KEPT)
        self.card_ages: deque[float] = deque(maxlen=LATENCIES_KEPT)
        self._dirty = False
        self._shut_down = False
        self.insurance_box: int | None = None  # the box the insurance field is for
        self._insurance_round: str | None = None
        self.selected_box: int | None = None  # while bets are open: the box whose stake field was used last
        self.two_step = TwoStep(self)
        self.two_step.changed.connect(self._show_armed)
        self.bet_panel = BetPanel()
        if pack_seed is None:
            pack_seed = random.SystemRandom().randrange(1 << 30)
        self.pump = CardPump(source, controller, pack_seed=pack_seed)
        self._build()
        controller.add_listener(self._on_entry)
        self.reader = ShoeReader(source)
        self.reader.event_received.connect(self.on_source_event, Qt.ConnectionType.QueuedConnection)
        self.reader.failed.connect(self._on_reader_failed, Qt.ConnectionType.QueuedConnection)
        self.status_timer = QTimer(self)
        self.status_timer.timeout.connect(self._show_shoe_status)
        self.status_timer.start(STATUS_POLL_MS)
        self.pump.ready_shoe()
        if start_reader:
            self.reader.start()
        self.retranslate()

    # ------------------------------------------------------------------------------------------- build
    def _build(self) -> None:
        self.setStyleSheet(WINDOW_STYLE)
        central = QWidget(self)
        central.setObjectName("central")
        self.setCentralWidget(central)
        outer = QVBoxLayout(central)
        outer.setContentsMargins(6, 6, 6, 4)
        outer.setSpacing(SPACING)

        self.info_bar = InfoBar(central)
        self.info_bar.pit_boss_button.clicked.connect(self.open_pit_boss)
        self.info_bar.audit_button.clicked.connect(self.open_audit)
        self.info_bar.language_button.clicked.connect(self.toggle_language)
        outer.addWidget(self.info_bar)

        self.next_action = FitLabel(central, align=Qt.AlignmentFlag.AlignCenter)
        self.next_action.setObjectName("next_action")
        self.next_action.setFixedHeight(NEXT_ACTION_HEIGHT)
        self.next_action.setStyleSheet("font-size:26px;font-weight:bold;color:#1a1a1a;background:#ffd54f;"
                                       "border-radius:8px;padding:0 10px")
        outer.addWidget(self.next_action)

        self.notice = Notice(central)
        self.notice.banner_button.clicked.connect(self.open_pit_boss)
        outer.addWidget(self.notice)

        self.dealer_panel = DealerPanel(central)
        outer.addWidget(self.dealer_panel)
        self.boxes_area = QWidget(central)
        self.boxes_row = QGridLayout(self.boxes_area)
        self.boxes_row.setContentsMargins(0, 0, 0, 0)
        self.boxes_row.setSpacing(SPACING)
        self.box_panels: list[BoxPanel] = []
        outer.addWidget(self.boxes_area)
        outer.addStretch(1)  # on a taller screen the spare height goes here: the actions stay at the bottom

        self.lower = QStackedWidget(central)
        self.lower.setFixedHeight(LOWER_HEIGHT)
        playing = QWidget(self.lower)
        playing_row = QHBoxLayout(playing)
        playing_row.setContentsMargins(0, 0, 0, 0)
        playing_row.setSpacing(8)
        self.actions_panel = ActionPanel(self._on_action, playing)
        self.actions_panel.insurance.entered.connect(self.insure)
        self.actions_panel.insurance_switch.clicked.connect(self.switch_insurance_box)
        self.number_pad = NumberPad(playing, key_height=44)
        fixed_width(self.number_pad, PAD_WIDTH)
        playing_row.addWidget(self.actions_panel, 1)
        playing_row.addWidget(self.number_pad)
        paying = QWidget(self.lower)
        paying_row = QHBoxLayout(paying)
        paying_row.setContentsMargins(0, 0, 0, 0)
        self.payment_panel = PaymentPanel(self.confirm_paid, paying)
        paying_row.addWidget(self.payment_panel, 1)
        self.next_round_button = FitButton(paying, height=TOUCH + 14)
        self.next_round_button.setObjectName("next_round")
        fixed_width(self.next_round_button, 170)
        self.next_round_button.setStyleSheet(NEXT_ROUND_STYLE)
        self.next_round_button.clicked.connect(self.next_round)
        paying_row.addWidget(self.next_round_button, 0, Qt.AlignmentFlag.AlignTop)
        self.lower.addWidget(playing)
        self.lower.addWidget(paying)
        outer.addWidget(self.lower)

        self.shoe_status = FitLabel(central)
        self.shoe_status.setObjectName("shoe_status")
        self.shoe_status.setStyleSheet("font-size:12px;color:#bdbdbd")
        outer.addWidget(self.shoe_status)

        self.place_button = self.actions_panel.buttons[ActionKind.PLACE_STAKES]
        self.banner = self.notice.banner
        self.banner_text = self.notice.banner_text
        self.banner_button = self.notice.banner_button
        self.message = self.notice.message

        self._keys: list[QShortcut] = []
        for key, slot in (("F2", self.open_pit_boss), ("F3", self.open_audit), ("F4", self.toggle_language),
                          ("Space", self.confirm_next_paid), ("N", self._key_next_round),
                          ("Return", self.two_step.confirm), ("Enter", self.two_step.confirm),
                          ("Escape", self.cancel)):
            self._keys.append(QShortcut(QKeySequence(key), self, slot))
        self.key_positions = [QShortcut(QKeySequence(str(n)), self, lambda n=n: self.toggle_discard(n))
                              for n in range(1, 7)]
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)
        self.resize(1366, 768)

    def retranslate(self) -> None:
        rules = self.controller.rules
        self.setWindowTitle(self.tr("rptable — table {0} — {1}").format(
            self.controller.table_id, rules.name if rules else ""))
        self.info_bar.pit_boss_button.setText(self.tr("Pit boss [F2]"))
        self.info_bar.audit_button.setText(self.tr("Audit [F3]"))
        self.info_bar.language_button.setText(self.tr("Русский [F4]") if self.languages.current == "en" else
                                              self.tr("English [F4]"))
        if rules is not None:
            self.info_bar.show_table(self.controller.table_id, rules, force=True)
        self.banner_button.setText(self.tr("Pit boss login [F2]"))
        self.next_round_button.setText(self.tr("Next round") + "  [N]")
        for editor in self.bet_panel.editors:
            editor.retranslate()
        self.number_pad.show_target()
        self.refresh()

    def toggle_language(self) -> None:
        self.switch_language("ru" if self.languages.current == "en" else "en")

    def switch_language(self, code: str) -> None:
        self.languages.switch(code)
        self.retranslate()

    # ------------------------------------------------------------------------------------------ redraw
    def display_round(self) -> RoundState | None:
        """The round on the layout: None between rounds (after the payments were confirmed)."""
        state = self.controller.round
        if state is None or (state.phase is Phase.CLOSED and self.next_round_for == self.controller.round_id):
            return None
        return state

    def mode(self) -> str:
        state = self.display_round()
        if state is None or state.phase is Phase.BETTING:
            return "betting"
        if state.phase is Phase.CLOSED:
            return "payments"
        return "play"

    def refresh(self) -> None:
        self._dirty = False
        state = self.display_round()
        hidden = visibility.hidden_cards(state)
        hands = visibility.hidden_hands(state)
        rules = self.controller.rules
        assert rules is not None
        self._ensure_box_panels(rules.table.boxes)
        self.info_bar.show_table(self.controller.table_id, rules)
        self.info_bar.show_dealer(self.controller.history.dealer)
        mode = self.mode()
        if mode == "betting":
            self._show_betting(state, rules)
        else:
            self._show_play(state)
        self.dealer_panel.show_dealer(state)
        self.next_action.setText(visibility.redact(self._next_action_text(state), hidden, hands))
        self._show_notice(state, hidden, hands)
        self._show_actions(state, mode, hidden, hands)
        if mode == "payments":
            assert state is not None
            self.lower.setCurrentIndex(1)
            self.payment_panel.show_payments(self._payments(state), self.paid)
            self.next_round_button.setEnabled(self._all_paid(state))
        else:
            self.lower.setCurrentIndex(0)
        self.number_pad.show_target()
        self._show_shoe_status()

    def _show_betting(self, state: RoundState | None, rules: HouseRules) -> None:
        if state is None and not self.bet_panel.previous and self.controller.round is not None:
            self.bet_panel.remember(self.controller.round.boxes)  # after a restart between rounds
        legal = legal_commands(state) if state is not None else _new_round_stakes(rules)
        if self.controller.locked_reason is not None:
            legal = ()
        self.bet_panel.configure(rules, legal, dict(state.boxes) if state is not None else {})
        for panel in self.box_panels:
            panel.show_stake_form(active=panel.number == self.selected_box)

    def _show_play(self, state: RoundState | None) -> None:
        focus = self._focus_box(state)
        exchanging = state is not None and self._exchange_action(state) is not None
        for panel in self.box_panels:
            box = state.boxes.get(panel.number) if state is not None else None
            panel.show_box(state, box, active=box is not None and focus == panel.number)
            panel.cards.set_selectable(exchanging and focus == panel.number)

    def _ensure_box_panels(self, count: int) -> None:
        if len(self.box_panels) == count:
            return
        for panel in self.box_panels:
            panel.deleteLater()
        self.bet_panel.editors = [StakeEditor(n, self._stake_entered, self.withdraw_stakes) for n in
                                  range(1, count + 1)]
        self.box_panels = [BoxPanel(n, self.bet_panel.editor(n), self.boxes_area) for n in range(1, count + 1)]
        columns = box_columns(count)
        for index, panel in enumerate(self.box_panels):
            self.boxes_row.addWidget(panel, index // columns, index % columns)
            panel.cards.on_toggle = self._selection_changed
            panel.editor.edited.connect(self._stakes_edited)
        for column in range(columns):
            self.boxes_row.setColumnStretch(column, 1)
        rows = (count + columns - 1) // columns
        self.boxes_area.setFixedHeight(rows * BOX_HEIGHT + (rows - 1) * SPACING)

    def _stakes_edited(self) -> None:
        """A stake typed or changed: the box's state and the Place button follow."""
        if self.mode() == "betting":
            self.refresh()

    def _selection_changed(self) -> None:
        self.two_step.cancel()  # an armed exchange was of the cards picked before
        state = self.display_round()
        self._show_actions(state, self.mode(), visibility.hidden_cards(state), visibility.hidden_hands(state))

    def _focus_box(self, state: RoundState | None) -> int | None:
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

    def _next_action_text(self, state: RoundState | None) -> str:
        locked = self.controller.locked_reason
        if locked is not None:
            return self.tr("STOP: table fault — call a pit boss")
        if state is None:
            return self.tr("Place antes, then close bets")
        if state.fault is not None:
            return self.tr("STOP: card fault — call a pit boss")
        phase = state.phase
        if phase is Phase.BETTING:
            return self.tr("Place antes, then close bets") if not state.order else self.tr(
                "Place more antes, or close bets and deal")
        if phase is Phase.CLOSED:
            for payment in self._payments(state):
                if payment.box not in self.paid:
                    return payment_text(payment)
            return self.tr("Round over: next round")
        e = expected_next(state)
        if e.actor == "shoe":
            if phase is Phase.DEALING:
                return self.tr("Deal to box {0}").format(e.box) if e.box else self.tr("Deal to the dealer")
            due = state.boxes[e.box].pending_cards if e.box in state.boxes else 1
            if due > 1:
                return self.tr("Deal box {0} its drawn cards: {1} to go").format(e.box, due)
            return self.tr("Deal box {0} its drawn card").format(e.box)
        if e.actor == "dealer":
            if phase is Phase.DEALER_DRAW:
                return self.tr("Deal the dealer's new card")
            return self.tr("Reveal the dealer's hand")
        if e.actor == "box" and e.box:
            if phase is Phase.BUYING:
                return self.tr("Box {0}: buy the dealer a game or take the ante").format(e.box)
            return self.tr("Box {0}: player decides").format(e.box)
        return e.text

    def _show_notice(self, state: RoundState | None, hidden: set[Card], hands: set[int]) -> None:
        locked = self.controller.locked_reason
        round_fault = state.fault if state is not None else None
        if locked is not None or round_fault is not None:
            what = locked if locked is not None else round_fault.text if round_fault is not None else ""
            self.notice.show_fault(visibility.redact(what, hidden, hands))
        elif self.two_step.armed is not None:
            self.notice.show_message(self.two_step.armed.prompt, armed=True)
        else:
            self.notice.show_message(visibility.redact(self.message_text, hidden, hands))

    def _show_actions(self, state: RoundState | None, mode: str, hidden: set[Card], hands: set[int]) -> None:
        panel = self.actions_panel
        rules = self.controller.rules
        assert rules is not None
        panel.set_stage(BETTING if mode == "betting" else PLAY)
        panel.set_available(ActionKind.CARD, self.pump.shoe is not None)
        panel.set_available(ActionKind.BUY, rules.draw.buy_sixth)
        panel.set_available(ActionKind.EXCHANGE, rules.draw.exchange_max_cards > 0)
        panel.set_available(ActionKind.INSURE, rules.insurance.enabled)
        for kind in (ActionKind.BUY_GAME, ActionKind.TAKE_ANTE, ActionKind.CLOSE_BUYING):
            panel.set_available(kind, rules.buy_game.enabled)
        locked = self.controller.locked_reason is not None
        legal = legal_commands(state) if state is not None and not locked else ()
        if mode == "betting":
            self._show_stake_actions(state, legal, locked, hidden)
        focus = self._focus_box(state)
        for kind in (ActionKind.CARD, ActionKind.CLOSE_BETS, ActionKind.REVEAL, ActionKind.CLOSE_BUYING,
                     ActionKind.FOLD, ActionKind.BET, ActionKind.BUY, ActionKind.EXCHANGE, ActionKind.BUY_GAME,
                     ActionKind.TAKE_ANTE):
            self._show_action(state, legal, kind, focus, hidden, hands)
        self._show_insurance(state, locked, hidden, hands)
        self._show_armed()

    def _show_action(self, state: RoundState | None, legal: tuple[LegalAction, ...], kind: ActionKind,
                     focus: int | None, hidden: set[Card], hands: set[int]) -> None:
        panel = self.actions_panel
        spec_text = _label(kind)
        action = _find(legal, kind, focus)
        enabled = action is not None
        if kind == ActionKind.CARD:
            enabled = enabled and not self.awaiting_card and (state is None or state.phase is not Phase.BETTING or
                                                              bool(state.order))
            panel.set_action(kind, enabled=enabled, text=spec_text,
                             why_not=visibility.redact(self._why_not_card(state), hidden, hands))
            return
        box = action.box if action is not None else focus
        text = spec_text
        if box and kind in BOX_ACTIONS:
            text = self.tr("{0} — box {1}").format(text, box)
        if action is not None and kind in (ActionKind.BET, ActionKind.BUY, ActionKind.BUY_GAME) and action.price:
            text += f" ({amount(action.price)})"
        why_not = ""
        if kind == ActionKind.EXCHANGE and action is not None and state is not None and box:
            chosen = len(self._selected_positions(box))
            low, high = action.minimum or 1, action.maximum or 1
            if low <= chosen <= high:
                price = exchange_price(state, state.boxes[box], chosen)
                text = self.tr("Exchange {0} card(s) — box {1} ({2})").format(chosen, box, amount(price))
            else:
                enabled = False
                text = self.tr("Exchange — box {0}: pick cards (1-6)").format(box)
                why_not = self.tr("Select {0} to {1} cards to discard: tap them or press 1-6.").format(low, high)
        if not enabled and not why_not:
            why_not = self._why_not(state, kind, box)
        panel.set_action(kind, enabled=enabled, text=text, why_not=visibility.redact(why_not, hidden, hands))

    def _show_stake_actions(self, state: RoundState | None, legal: tuple[LegalAction, ...], locked: bool,
                            hidden: set[Card]) -> None:
        panel = self.actions_panel
        unplaced = self.bet_panel.unplaced()
        open_for_stakes = not locked and (state is None or state.phase is Phase.BETTING)
        panel.set_action(ActionKind.PLACE_STAKES, enabled=open_for_stakes and bool(unplaced),
                         text=_label(ActionKind.PLACE_STAKES) + (
                             self.tr(" — box {0}").format(", ".join(map(str, unplaced))) if unplaced else ""),
                         why_not=self.controller.locked_reason or self.tr("Type an ante in a box first."))
        withdrawable = {a.box for a in legal if a.kind == ActionKind.WITHDRAW_STAKES}
        box = self.selected_box
        panel.set_action(ActionKind.WITHDRAW_STAKES, enabled=box in withdrawable,
                         text=_label(ActionKind.WITHDRAW_STAKES) + (self.tr(" — box {0}").format(box) if box else ""),
                         why_not=self.tr("Tap a box whose stakes are placed, then withdraw them."))
        panel.set_action("repeat_stakes", enabled=open_for_stakes and bool(self.bet_panel.previous),
                         text=_label("repeat_stakes"),
                         why_not=self.tr("No earlier round at this table to repeat."))

    def _show_insurance(self, state: RoundState | None, locked: bool, hidden: set[Card], hands: set[int]) -> None:
        """Insurance is offered alike to every box that may ask for it now, whatever its cards hold: its range is
        the engine's to check when the dealer names an amount, so nothing on screen tells a face-down hand."""
        panel = self.actions_panel
        askers = insurance_askers(state) if state is not None and not locked else ()
        round_id = self.controller.round_id
        if self.insurance_box not in askers or round_id != self._insurance_round:
            # a stale amount never carries into another box or the next round
            self.insurance_box = askers[0] if askers else None
            self._insurance_round = round_id
            panel.insurance.clear()
        box = self.insurance_box
        others = [n for n in askers if n != box]
        text = _label(ActionKind.INSURE) + (self.tr(" — box {0}").format(box) if box else "")
        why_not = ""
        if box is None:
            focus = self._focus_box(state)
            why_not = self._why_not(state, ActionKind.INSURE, focus) if state is not None and focus else self.tr(
                "No box may insure now: insurance goes with a box's bet.")
        panel.set_action(ActionKind.INSURE, enabled=box is not None, text=text,
                         why_not=visibility.redact(why_not, hidden, hands))
        panel.insurance.set_caption(self.tr("Insurance, box {0}").format(box) if box else "")
        panel.insurance_switch.setEnabled(bool(others))
        panel.insurance_switch.setText(self.tr("⇄ box {0}").format(others[0]) if others else "⇄")

    def _show_armed(self) -> None:
        armed = self.two_step.armed
        kind = armed.key.split(":")[0] if armed is not None else None
        self.actions_panel.set_armed(kind if kind in self.actions_panel.buttons else None,
                                     armed.prompt if armed is not None else "")
        state = self.display_round()
        self._show_notice(state, visibility.hidden_cards(state), visibility.hidden_hands(state))

    def _why_not_card(self, state: RoundState | None) -> str:
        if self.awaiting_card:
            return self.tr("Waiting for the shoe to deliver the card.")
        if self.controller.locked_reason:
            return self.controller.locked_reason
        if state is None or not state.order:
            return self.tr("Place antes first.")
        return self.tr("No card is due now.")

    def _why_not(self, state: RoundState | None, kind: str, box: int | None) -> str:
        """The engine's reason the command would be refused now."""
        if self.controller.locked_reason:
            return self.controller.locked_reason
        if state is None:
            return self.tr("No round is open: place antes first.")
        command = self._command(kind, box, state, probe=True)
        if command is None:
            return self.tr("No box can do this now.")
        try:
            verify(state, command)
        except IllegalCommand as err:
            return err.reason
        return self.tr("Not now.")

    def _exchange_action(self, state: RoundState) -> LegalAction | None:
        return _find(legal_commands(state), ActionKind.EXCHANGE, self._focus_box(state))

    def _selected_positions(self, box: int) -> list[int]:
        return self.box_panels[box - 1].cards.selected_positions()

    def _payments(self, state: RoundState) -> list[Payment]:
        return payments_of(state, self.controller.round_record)

    def _all_paid(self, state: RoundState) -> bool:
        return all(p.box in self.paid for p in self._payments(state))

    def _show_shoe_status(self) -> None:
        try:
            status: SourceStatus | None = self.source.status()
        except Exception as err:  # a driver's status must never take the console down
            self.shoe_status.setText(self.tr("Shoe: status unavailable ({0})").format(err))
            self.info_bar.show_gate(None)
            return
        assert status is not None
        self.info_bar.show_gate(status)
        parts = [self.tr("Shoe {0}").format(status.device),
                 self.tr("connected") if status.connected else self.tr("NOT CONNECTED")]
        if status.last_heartbeat:
            parts.append(self.tr("heartbeat {0} s ago").format(f"{max(0.0, self.clock() - status.last_heartbeat):.1f}"))
        if status.state not in ("UNKNOWN", "READY", "CONNECTED", ""):
            parts.append(status.state)  # the device's own word (COVER_OPEN, EMPTY, LOCKED...), as SHOE/1 sends it
        if status.cards_left is not None:
            parts.append(self.tr("{0} cards left").format(status.cards_left))
        if status.locked:
            parts.append(self.tr("gate locked"))
        parts.append(self.tr("table {0}").format(self.controller.table_id))
        parts.append(self.tr("journal #{0}").format(self.controller.journal.last_seq))
        self.shoe_status.setText("  ·  ".join(parts))

    # ---------------------------------------------------------------------------------------- commands
    def _command(self, kind: str, box: int | None, state: RoundState, *, probe: bool = False) -> Command | None:
        """The command of the button `kind` for `box` (the focused one): an exchange of the cards picked, insurance
        of the amount typed. None when it needs a box, cards or an amount and has none; a `probe` (asking why a
        button is off) exchanges the first card and insures one chip."""
        if kind not in (ActionKind.CLOSE_BETS, ActionKind.REVEAL, ActionKind.CLOSE_BUYING) and not box:
            return None
        discards: tuple[Card, ...] = ()
        if kind == ActionKind.EXCHANGE and box:
            cards = state.boxes[box].cards if box in state.boxes else []
            positions = self._selected_positions(box) or ([1] if probe else [])
            discards = tuple(cards[p - 1] for p in positions if p <= len(cards))
            if not discards:
                return None
        typed = self.actions_panel.insurance.value()
        if kind == ActionKind.INSURE and typed is None and not probe:
            return None
        return build_command(kind, box, discards=discards, amount=typed if typed is not None else 1)

    def _on_action(self, kind: str) -> None:
        if kind == ActionKind.CARD:
            self.draw_card()
        elif kind == ActionKind.PLACE_STAKES:
            self.place_stakes()
        elif kind == ActionKind.WITHDRAW_STAKES:
            if self.selected_box:
                self.withdraw_stakes(self.selected_box)
        elif kind == "repeat_stakes":
            self.repeat_last_bets()
        elif kind == ActionKind.CLOSE_BETS:
            self.close_bets()
        elif kind == ActionKind.INSURE:
            self.insure()
        else:
            self._decide(kind)

    def _decide(self, kind: str) -> None:
        """A box's decision or the dealer's step; a money action the box cannot have back takes a second press."""
        state = self.display_round()
        if state is None:
            return
        action = _find(legal_commands(state), kind, self._focus_box(state))
        box = action.box if action is not None else None
        command = self._command(kind, box, state)
        if command is None:
            return
        if kind not in TWO_STEP_ACTIONS:
            self.submit(command)
            return
        key = f"{kind}:{box}"
        if kind == ActionKind.EXCHANGE and box:
            key += ":" + ",".join(map(str, self._selected_positions(box)))
        self.two_step.press(key, self._armed_prompt(kind, box, state), lambda: self.submit(command))

    def _armed_prompt(self, kind: str, box: int | None, state: RoundState) -> str:
        """What the second press will do, and how to give it."""
        key = SPECS[kind].key
        price = next((a.price for a in legal_commands(state) if a.kind == kind and a.box == box), None)
        if kind == ActionKind.FOLD:
            what = self.tr("Fold box {0}?").format(box)
        elif kind == ActionKind.BUY:
            what = self.tr("Buy box {0} a 6th card for {1}?").format(box, amount(price or 0))
        elif kind == ActionKind.EXCHANGE and box:
            chosen = len(self._selected_positions(box))
            what = self.tr("Exchange {0} card(s) of box {1} for {2}?").format(
                chosen, box, amount(exchange_price(state, state.boxes[box], chosen)))
        else:
            what = self.tr("Box {0} buys the dealer a game for {1}?").format(box, amount(price or 0))
        return what + " " + self.tr("Press {0} again or Enter; Esc cancels.").format(key)

    def submit(self, command: Command) -> bool:
        """Send a command to the table; a refusal is shown with its reason, never raised."""
        try:
            self.controller.submit(command, actor="dealer")
        except IllegalCommand as err:
            self.message_text = self.tr("Refused: {0}").format(err.reason)
            self.refresh()
            return False
        except TableLocked as err:
            self.message_text = str(err)
            self.refresh()
            return False
        self.message_text = ""
        self.pump.restock_if_outgrown()  # an exchange may have reshuffled the discards (R-ACT-7)
        self.refresh()
        return True

    @property
    def awaiting_card(self) -> bool:
        """A card was drawn and has not reached the table yet."""
        return self.pump.owed > 0

    def draw_card(self) -> None:
        """The dealer's draw key for a shoe that deals on demand (the simulated shoe). The first card closes the
        bets, so a box filled in but not placed is asked about first."""
        state = self.display_round()
        if state is not None and state.phase is Phase.BETTING and not self._settle_unplaced():
            return
        if self.pump.draw(1):
            self._refresh_actions_only()

    def _refresh_actions_only(self) -> None:
        state = self.display_round()
        self._show_actions(state, self.mode(), visibility.hidden_cards(state), visibility.hidden_hands(state))

    # ------------------------------------------------------------------------------------------ stakes
    def place_stakes(self) -> bool:
        """Place every box filled in and not placed yet, exactly as typed; stops at the first refusal, whose
        reason is shown while the form keeps what was typed."""
        stakes = self.bet_panel.stakes()
        if not stakes:
            self.message_text = self.tr("Type an ante in the boxes that play, then place their stakes.")
            self.refresh()
            return False
        self._open_next_round()
        return all(self.submit(command) for command in stakes)

    def _stake_entered(self, number: int) -> None:
        """Enter in a box's ante or bonus: place that box's stakes, then go on to the next box's ante."""
        editor = self.bet_panel.editor(number)
        if editor.placed or not editor.stake().filled or self.mode() != "betting":
            return
        self._open_next_round()
        if self.submit(editor.stake().command(number)) and number < len(self.bet_panel.editors):
            following = self.bet_panel.editor(number + 1)
            if not following.placed:
                following.ante.setFocus()

    def withdraw_stakes(self, number: int) -> None:
        """Take a box's stakes back before bets close; they return to its form to be corrected."""
        state = self.display_round()
        box = state.boxes.get(number) if state is not None else None
        if box is None:
            return
        taken = (box.ante, box.bonus, box.blind, box.player)
        if self.submit(WithdrawStakes(number)):
            editor = self.bet_panel.editor(number)
            editor.fill(*taken)
            self.selected_box = number
            editor.ante.setFocus()
            self.refresh()

    def repeat_last_bets(self) -> None:
        if self.bet_panel.repeat_last():
            self.message_text = self.tr("Last round's stakes filled in: check them, then place them (P).")
        self.refresh()

    def close_bets(self) -> None:
        if not self._settle_unplaced():
            return
        self.submit(CloseBets())

    def _settle_unplaced(self) -> bool:
        """Before the bets close: a box filled in but not placed is placed or left out as the dealer says, never
        dropped without a word. False: the dealer went back to the form."""
        unplaced = self.bet_panel.unplaced()
        if not unplaced:
            return True
        boxes = ", ".join(map(str, unplaced))
        answer = ask(self, self.tr("Stakes not placed"),
                     self.tr("Box {0}: stakes typed in but not placed. Place them, or leave the box out of this "
                             "round?").format(boxes),
                     [("place", self.tr("Place box {0}, then close bets").format(boxes)),
                      ("leave", self.tr("Leave box {0} out").format(boxes)),
                      ("back", self.tr("Go back to the stakes"))])
        if answer == "place":
            return self.place_stakes()
        if answer == "leave":
            for number in unplaced:
                self.bet_panel.editor(number).clear()
            return True
        return False

    def _open_next_round(self) -> None:
        if self.display_round() is None:
            self.next_round_for = None

    # --------------------------------------------------------------------------------------- insurance
    def insure(self) -> None:
        """Insure the offered box with the amount typed; with none typed yet, the field takes the digits. An
        amount out of range is refused with the range, and the field keeps it."""
        box = self.insurance_box
        field = self.actions_panel.insurance
        if box is None or not self.actions_panel.buttons[ActionKind.INSURE].isEnabled():
            return
        typed = field.value()
        if typed is None:
            field.setFocus()
            self.message_text = self.tr("Type box {0}'s insurance, then Enter.").format(box)
            self.refresh()
            return
        if self.submit(Insure(box, typed)):
            field.clear()
            field.clearFocus()

    def switch_insurance_box(self) -> None:
        """Insurance for the other box that may insure now (the one that has just bet, or the one to act)."""
        state = self.display_round()
        askers = insurance_askers(state) if state is not None else ()
        others = [n for n in askers if n != self.insurance_box]
        if others:
            self.insurance_box = others[0]
            self.actions_panel.insurance.clear()
            self.refresh()

    # ----------------------------------------------------------------------------------------- keys
    def toggle_discard(self, position: int) -> None:
        state = self.display_round()
        focus = self._focus_box(state)
        if state is not None and focus and self._exchange_action(state) is not None:
            self.box_panels[focus - 1].cards.toggle(position)

    def cancel(self) -> None:
        """Esc: disarm an armed action, and leave the amount field."""
        self.two_step.cancel()
        focused = QApplication.focusWidget()
        if isinstance(focused, AmountField):
            focused.clearFocus()
        self.number_pad.set_target(None)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if isinstance(new, AmountField) and new.window() is self:
            editor = new.parentWidget()
            if isinstance(editor, StakeEditor) and editor.number != self.selected_box:
                self.selected_box = editor.number
                if self.mode() == "betting":
                    self.refresh()

    # ---------------------------------------------------------------------------------------- payments
    def confirm_paid(self, box: int) -> None:
        self.paid.add(box)
        self.refresh()

    def confirm_next_paid(self) -> None:
        state = self.display_round()
        if state is None or state.phase is not Phase.CLOSED:
            return
        for payment in self._payments(state):
            if payment.box not in self.paid:
                self.confirm_paid(payment.box)
                return

    def _key_next_round(self) -> None:
        if self.next_round_button.isEnabled() and self.mode() == "payments":
            self.next_round()

    def next_round(self) -> None:
        state = self.display_round()
        if state is None or state.phase is not Phase.CLOSED or not self._all_paid(state):
            return
        self.next_round_for = self.controller.round_id
        self.paid = set()
        self.bet_panel.remember(state.boxes)
        self.bet_panel.clear()  # each round starts from a clean form; R fills in the last one's
        self.selected_box = None
        self.pump.load_fresh_pack()
        self.refresh()

    # ------------------------------------------------------------------------------------ card source
    def on_source_event(self, event: SourceEvent, received_at: float = 0.0) -> None:
        """On the GUI thread: a card, fault or status from the source, through the card pump to the controller."""
        try:
            # Every event goes to the controller, which decides (and journals) what it means, even a card
            # read between rounds: the engine's refusal is shown to the dealer.
            self.pump.handle(event)
            if isinstance(event, CardEvent):
                self.message_text = ""
        except IllegalCommand as err:
            self.message_text = self.tr("Card refused: {0}").format(err.reason)
        except TableLocked as err:
            self.message_text = str(err)
        self.refresh()
        if received_at and isinstance(event, CardEvent):
            self.card_latencies.append(time.perf_counter() - received_at)
            self.card_ages.append(time.time() - event.at)
        if isinstance(event, (DeviceFault, StatusEvent)):
            self._show_shoe_status()

    def _on_reader_failed(self, text: str) -> None:
        self.message_text = self.tr("The card source stopped: {0}").format(text)
        self.refresh()

    def _on_entry(self, entry: JournalEntry) -> None:
        self.entries_seen.append(entry)
        self.two_step.cancel()  # the table changed: an armed action is of what was on screen before
        reopened = self.pump.reopen_gate()  # a pit boss may just have resolved the last fault
        if reopened is not None:
            self.message_text = self._gate_text(reopened)
        if not self._dirty:
            self._dirty = True
            QTimer.singleShot(0, self._refresh_if_dirty)

    def _refresh_if_dirty(self) -> None:
        if self._dirty:
            self.refresh()

    def _gate_text(self, reopened: GateReopened) -> str:
        if reopened.reached_shoe:
            return self.tr("Fault resolved: the shoe's gate is open again.")
        return self.tr("Fault resolved: the shoe's gate opens again as soon as the shoe is back online.")

    # -------------------------------------------------------------------------------------- pit boss
    def open_pit_boss(self) -> None:
        from ui.pitboss import PitBossDialog

        self.two_step.cancel()
        dialog = PitBossDialog(self.controller, self.users_path, self.refresh, self)
        dialog.exec()
        dialog.deleteLater()
        self.refresh()

    def open_audit(self) -> None:
        from ui.audit_view import AuditDialog

        self.two_step.cancel()
        dialog = AuditDialog(self.controller, self)
        dialog.exec()
        dialog.deleteLater()

    # ------------------------------------------------------------------------------------------- close
    def round_in_play(self) -> bool:
        """A round is dealt and not finished, or its payments are not all confirmed."""
        state = self.display_round()
        return state is not None and (self.controller.round_open or not self._all_paid(state))

    def shutdown(self) -> None:
        self._shut_down = True
        self.status_timer.stop()
        self.reader.stop()
        if self._on_entry in self.controller.listeners:
            self.controller.listeners.remove(self._on_entry)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._shut_down and self.round_in_play():
            answer = ask(self, self.tr("Close the console?"),
                         self.tr("A round is in play. The table resumes exactly here when the console starts "
                                 "again. Close it now?"),
                         [("close", self.tr("Close the console")), ("stay", self.tr("Keep playing"))])
            if answer != "close":
                event.ignore()
                return
        self.shutdown()
        super().closeEvent(event)


def _label(kind: str) -> str:
    return SPECS[kind].label()


def _find(legal: tuple[LegalAction, ...], kind: str, focus: int | None) -> LegalAction | None:
    """The legal action of this kind for the focused box (or for no box)."""
    for action in legal:
        if action.kind == kind and (action.box is None or action.box == focus):
            return action
    return None


def _new_round_stakes(rules: HouseRules) -> tuple[LegalAction, ...]:
    """Between rounds: the stakes a new round will take (the engine's legal actions of a fresh round)."""
    return legal_commands(new_round(rules))

