"""The dealer's main window: next action, fault banner, the layout, the legal actions, stakes entry, the
payment list and the shoe's status. It is a listener of the TableController: it sends commands and redraws
from the controller's state after every durable event; every rule question goes to the engine."""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from controller.core.cards import Card
from controller.core.rules import HouseRules
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
    new_round,
    verify,
)
from controller.table.controller import TableController, TableLocked
from controller.table.journal import JournalEntry
from controller.table.pump import CardPump, GateReopened
from drivers.base import CardEvent, CardSource, DeviceFault, SourceEvent, StatusEvent
from ui import visibility
from ui.actions import ACTIONS, BUTTON_STYLE, ActionPanel
from ui.bet_panel import BetPanel
from ui.dealer_sign_in import DealerBadge
from ui.format import amount
from ui.i18n import Languages
from ui.payments import Payment, PaymentPanel, first_unconfirmed, payment_text, payments_of
from ui.shoe_link import ShoeReader
from ui.table_view import BoxPanel, DealerPanel

STATUS_POLL_MS = 500
LATENCIES_KEPT = 10_000  # the last cards' times to the screen (bench_console.py reads them)
BOXES_PER_ROW = 4
WINDOW_STYLE = "QMainWindow,QWidget#central{background:#0b1f10}QLabel{color:#f2f2f2}QCheckBox{color:#f2f2f2}"


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
        record = controller.round_record  # a round paid in full before a restart stays paid: on to the next
        self.next_round_for: str | None = record.round_id if record is not None and record.fully_confirmed else None
        self.message_text = ""
        self.entries_seen: list[JournalEntry] = []
        # Seconds from the reader thread, and from the driver's receipt (CardEvent.at), to the redrawn screen.
        self.card_latencies: deque[float] = deque(maxlen=LATENCIES_KEPT)
        self.card_ages: deque[float] = deque(maxlen=LATENCIES_KEPT)
        self._dirty = False
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
        outer.setSpacing(8)

        self.next_action = QLabel(central)
        self.next_action.setObjectName("next_action")
        self.next_action.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.next_action.setWordWrap(True)
        self.next_action.setStyleSheet("font-size:30px;font-weight:bold;color:#1a1a1a;background:#ffd54f;"
                                       "border-radius:10px;padding:10px")
        outer.addWidget(self.next_action)

        self.banner = QFrame(central)
        self.banner.setObjectName("fault_banner")
        self.banner.setStyleSheet("QFrame#fault_banner{background:#b71c1c;border:3px solid #ffeb3b;"
                                  "border-radius:10px}QLabel{color:white}")
        banner_row = QHBoxLayout(self.banner)
        self.banner_text = QLabel(self.banner)
        self.banner_text.setObjectName("fault_text")
        self.banner_text.setWordWrap(True)
        self.banner_text.setStyleSheet("font-size:20px;font-weight:bold")
        self.banner_button = QPushButton(self.banner)
        self.banner_button.setObjectName("pit_boss_button")
        self.banner_button.setStyleSheet("font-size:20px;font-weight:bold;min-height:58px;padding:4px 18px;"
                                         "background:#ffeb3b;color:#1a1a1a;border-radius:8px")
        self.banner_button.clicked.connect(self.open_pit_boss)
        banner_row.addWidget(self.banner_text, 1)
        banner_row.addWidget(self.banner_button)
        outer.addWidget(self.banner)

        self.message = QLabel(central)
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("font-size:17px;color:#ffcc80")
        outer.addWidget(self.message)

        self.dealer_panel = DealerPanel(central)
        outer.addWidget(self.dealer_panel)
        self.boxes_row = QGridLayout()
        self.box_panels: list[BoxPanel] = []
        outer.addLayout(self.boxes_row)

        self.actions_panel = ActionPanel(self._on_action, central)
        outer.addWidget(self.actions_panel)

        # Below the actions: stakes entry, the payment list, or nothing. Plain widgets shown one at a time (a
        # QStackedWidget would reserve the tallest page's height all the time).
        self.lower_area = QWidget(central)
        lower_layout = QVBoxLayout(self.lower_area)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        betting = QWidget(self.lower_area)
        betting_layout = QHBoxLayout(betting)
        self.bet_panel = BetPanel(betting)
        betting_layout.addWidget(self.bet_panel, 1)
        self.place_button = QPushButton(betting)
        self.place_button.setObjectName("place_stakes")
        self.place_button.setStyleSheet(BUTTON_STYLE)
        self.place_button.clicked.connect(self.place_stakes)
        betting_layout.addWidget(self.place_button, 0, Qt.AlignmentFlag.AlignTop)
        paying = QWidget(self.lower_area)
        paying_layout = QHBoxLayout(paying)
        self.payment_panel = PaymentPanel(self.confirm_paid, paying)
        paying_layout.addWidget(self.payment_panel, 1)
        self.next_round_button = QPushButton(paying)
        self.next_round_button.setObjectName("next_round")
        self.next_round_button.setStyleSheet(BUTTON_STYLE)
        self.next_round_button.clicked.connect(self.next_round)
        paying_layout.addWidget(self.next_round_button, 0, Qt.AlignmentFlag.AlignTop)
        self.lower_pages = [betting, paying]
        for page in self.lower_pages:
            lower_layout.addWidget(page)
        lower_layout.addStretch(1)
        outer.addWidget(self.lower_area, 1)

        self.shoe_status = QLabel(self)
        self.shoe_status.setObjectName("shoe_status")
        self.shoe_status.setStyleSheet("font-size:15px;color:#f2f2f2")
        self.statusBar().setStyleSheet("background:#1c1c1c")
        self.statusBar().addWidget(self.shoe_status, 1)

        self.pit_boss_action = QAction(self)
        self.pit_boss_action.setShortcut(QKeySequence("F2"))
        self.pit_boss_action.triggered.connect(self.open_pit_boss)
        self.audit_action = QAction(self)
        self.audit_action.setShortcut(QKeySequence("F3"))
        self.audit_action.triggered.connect(self.open_audit)
        self.language_action = QAction(self)
        self.language_action.setShortcut(QKeySequence("F4"))
        self.language_action.triggered.connect(self.toggle_language)
        toolbar = self.addToolBar("main")
        toolbar.setObjectName("toolbar")
        toolbar.setMovable(False)
        toolbar.setStyleSheet("QToolBar{background:#1c1c1c}QToolButton{font-size:17px;color:#f2f2f2;"
                              "background:#333;border-radius:6px;padding:8px 14px;margin:2px}")
        for action in (self.pit_boss_action, self.audit_action, self.language_action):
            toolbar.addAction(action)
        self.dealer_badge = DealerBadge(self.controller, self.users_path, self.refresh, toolbar)
        toolbar.addWidget(self.dealer_badge)

        self.key_place = QShortcut(QKeySequence("P"), self, self._key_place)
        self.key_paid = QShortcut(QKeySequence("Space"), self, self.confirm_next_paid)
        self.key_next = QShortcut(QKeySequence("N"), self, self._key_next_round)
        self.key_positions = [QShortcut(QKeySequence(str(n)), self, lambda n=n: self.toggle_discard(n))
                              for n in range(1, 7)]
        self.resize(1280, 900)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("rptable — table {0} — {1}").format(
            self.controller.table_id, self.controller.rules.name if self.controller.rules else ""))
        self.pit_boss_action.setText(self.tr("Pit boss [F2]"))
        self.audit_action.setText(self.tr("Audit [F3]"))
        self.language_action.setText(self.tr("Русский [F4]") if self.languages.current == "en" else
                                     self.tr("English [F4]"))
        self.banner_button.setText(self.tr("Pit boss login [F2]"))
        self.place_button.setText(self.tr("Place stakes") + "  [P]")
        self.next_round_button.setText(self.tr("Next round") + "  [N]")
        self.bet_panel.retranslate()
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
        record = self.controller.round_record
        if state is None or (state.phase is Phase.CLOSED and self.next_round_for == self.controller.round_id
                             and record is not None and record.fully_confirmed):
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
        rules = self.controller.rules
        assert rules is not None
        self._ensure_box_panels(rules.table.boxes)
        expectation = expected_next(state) if state is not None else None
        focus = self._focus_box(state)
        exchanging = state is not None and self._exchange_action(state) is not None
        for panel in self.box_panels:
            box = state.boxes.get(panel.number) if state is not None else None
            panel.show_box(state, box, active=box is not None and focus == panel.number)
            panel.cards.set_selectable(exchanging and focus == panel.number)
        self.dealer_panel.show_dealer(state)
        self.next_action.setText(visibility.redact(self._next_action_text(state, expectation), hidden))
        self._show_fault(state, hidden)
        self._show_actions(state, hidden)
        mode = self.mode()
        self.actions_panel.setHidden(mode == "payments")
        if mode == "betting":
            self._show_lower(0)
            legal = legal_commands(state) if state is not None else _new_round_stakes(rules)
            self.bet_panel.configure(rules, legal, set(state.boxes) if state is not None else set())
            self.place_button.setEnabled(self.controller.locked_reason is None)
        elif mode == "payments":
            assert state is not None
            self._show_lower(1)
            self.payment_panel.show_payments(self._payments(state))
            self.next_round_button.setEnabled(self._all_paid(state))
        else:
            self._show_lower(None)
        self.message.setText(visibility.redact(self.message_text, hidden))
        self.message.setHidden(not self.message_text)
        self.dealer_badge.refresh()
        self._show_shoe_status()

    def _show_lower(self, index: int | None) -> None:
        for i, page in enumerate(self.lower_pages):
            page.setVisible(i == index)

    def _ensure_box_panels(self, count: int) -> None:
        if len(self.box_panels) == count:
            return
        for panel in self.box_panels:
            panel.deleteLater()
        self.box_panels = [BoxPanel(n, self.centralWidget()) for n in range(1, count + 1)]
        # up to 4 boxes in one row; more in two rows, so that a 1366-pixel screen shows every card full size
        columns = count if count <= BOXES_PER_ROW else (count + 1) // 2
        for index, panel in enumerate(self.box_panels):
            self.boxes_row.addWidget(panel, index // columns, index % columns)
            panel.cards.on_toggle = self._refresh_actions_only

    def _refresh_actions_only(self) -> None:
        state = self.display_round()
        self._show_actions(state, visibility.hidden_cards(state))

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

    def _next_action_text(self, state: RoundState | None, expectation: object) -> str:
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
            unpaid = first_unconfirmed(self._payments(state))
            return payment_text(unpaid) if unpaid is not None else self.tr("Round over: next round")
        e = expected_next(state)
        if e.actor == "shoe":
            if phase is Phase.DEALING:
                return self.tr("Deal to box {0}").format(e.box) if e.box else self.tr("Deal to the dealer")
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

    def _show_fault(self, state: RoundState | None, hidden: set[Card]) -> None:
        locked = self.controller.locked_reason
        round_fault = state.fault if state is not None else None
        if locked is None and round_fault is None:
            self.banner.hide()
            return
        what = locked if locked is not None else round_fault.text if round_fault is not None else ""
        todo = self.tr("Stop dealing. A pit boss must log in to resolve it, correct the card or void the round.")
        self.banner_text.setText(visibility.redact(what, hidden) + "\n" + todo)
        self.banner.show()

    def _show_actions(self, state: RoundState | None, hidden: set[Card]) -> None:
        legal = legal_commands(state) if state is not None and self.controller.locked_reason is None else ()
        focus = self._focus_box(state)
        can_deal = self.pump.shoe is not None
        for spec in ACTIONS:
            action = _find(legal, spec.kind, focus)
            text, enabled = spec.label(), action is not None
            box = action.box if action is not None else focus
            if spec.kind == "card":
                enabled = enabled and can_deal and not self.awaiting_card
                self.actions_panel.set_action("card", visible=can_deal, enabled=enabled, text=text,
                                              why_not=visibility.redact(self._why_not_card(state), hidden))
                continue
            if box and spec.kind in ("fold", "bet", "buy", "exchange", "insure", "buy_game", "take_ante"):
                text = self.tr("{0} — box {1}").format(text, box)
            if action is not None and spec.kind == "bet" and action.price:
                text += f" ({amount(action.price)})"
            if action is not None and spec.kind in ("buy", "buy_game") and action.price:
                text += f" ({amount(action.price)})"
            why_not = ""
            if spec.kind == "exchange" and action is not None and state is not None and box:
                chosen = len(self._selected_positions(box))
                low, high = action.minimum or 1, action.maximum or 1
                if low <= chosen <= high:
                    price = exchange_price(state, state.boxes[box], chosen)
                    text = self.tr("Exchange {0} card(s) — box {1} ({2})").format(chosen, box, amount(price))
                else:
                    enabled = False
                    text = self.tr("Exchange — box {0}: pick cards (1-6)").format(box)
                    why_not = self.tr("Select {0} to {1} cards to discard: click them or press 1-6.").format(
                        low, high)
            if spec.kind == "insure":
                self._show_insurance_range(action)
            if not enabled and not why_not:
                why_not = self._why_not(state, spec.kind, box)
            self.actions_panel.set_action(spec.kind, visible=True, enabled=enabled, text=text,
                                          why_not=visibility.redact(why_not, hidden))

    def _show_insurance_range(self, action: LegalAction | None) -> None:
        spin = self.actions_panel.insurance
        label = self.actions_panel.insurance_range
        if action is None or action.minimum is None or action.maximum is None:
            label.setText("")
            return
        if (spin.minimum(), spin.maximum()) != (action.minimum, action.maximum):
            spin.setRange(action.minimum, action.maximum)
            spin.setValue(action.minimum)
        label.setText(self.tr("{0} to {1}").format(amount(action.minimum), amount(action.maximum)))

    def _why_not_card(self, state: RoundState | None) -> str:
        if self.awaiting_card:
            return self.tr("Waiting for the shoe to deliver the card.")
        if self.controller.locked_reason:
            return self.controller.locked_reason
        if state is None:
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
        return _find(legal_commands(state), "exchange", self._focus_box(state))

    def _selected_positions(self, box: int) -> list[int]:
        return self.box_panels[box - 1].cards.selected_positions()

    def _payments(self, state: RoundState) -> list[Payment]:
        return payments_of(state, self.controller.round_record)

    def _all_paid(self, state: RoundState) -> bool:
        return first_unconfirmed(self._payments(state)) is None

    def _show_shoe_status(self) -> None:
        try:
            status = self.source.status()
        except Exception as err:  # a driver's status must never take the console down
            self.shoe_status.setText(self.tr("Shoe: status unavailable ({0})").format(err))
            return
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
        of the amount set. None when it needs a box, or cards, and has none; a `probe` (asking why a button is off)
        exchanges the first card."""
        if kind not in (ActionKind.CLOSE_BETS, ActionKind.REVEAL, ActionKind.CLOSE_BUYING) and not box:
            return None
        discards: tuple[Card, ...] = ()
        if kind == ActionKind.EXCHANGE and box:
            cards = state.boxes[box].cards if box in state.boxes else []
            positions = self._selected_positions(box) or ([1] if probe else [])
            discards = tuple(cards[p - 1] for p in positions if p <= len(cards))
            if not discards:
                return None
        return build_command(kind, box, discards=discards, amount=self.actions_panel.insurance.value())

    def _on_action(self, kind: str) -> None:
        if kind == "card":
            self.draw_card()
            return
        state = self.display_round()
        if state is None:
            return
        legal = legal_commands(state)
        action = _find(legal, kind, self._focus_box(state))
        command = self._command(kind, action.box if action is not None else None, state)
        if command is not None:
            self.submit(command)

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
        """The dealer's draw key for a shoe that deals on demand (the simulated shoe)."""
        if self.pump.draw(1):
            self._refresh_actions_only()

    def place_stakes(self) -> None:
        stakes = self.bet_panel.stakes()
        if not stakes:
            self.message_text = self.tr("Tick the boxes that play and set their antes.")
            self.refresh()
            return
        if self.display_round() is None:
            self.next_round_for = None
        for command in stakes:
            if not self.submit(command):
                return

    def _key_place(self) -> None:
        if self.mode() == "betting":
            self.place_stakes()

    def toggle_discard(self, position: int) -> None:
        state = self.display_round()
        focus = self._focus_box(state)
        if state is not None and focus and self._exchange_action(state) is not None:
            self.box_panels[focus - 1].cards.toggle(position)

    def confirm_paid(self, box: int) -> None:
        """The dealer paid or collected this box: journaled in the name of the dealer signed in."""
        try:
            self.controller.confirm_payment(box)
        except (IllegalCommand, TableLocked) as err:
            self.message_text = getattr(err, "reason", str(err))
        self.refresh()

    def confirm_next_paid(self) -> None:
        state = self.display_round()
        if state is None or state.phase is not Phase.CLOSED:
            return
        unpaid = first_unconfirmed(self._payments(state))
        if unpaid is not None:
            self.confirm_paid(unpaid.box)

    def _key_next_round(self) -> None:
        if self.next_round_button.isEnabled() and self.mode() == "payments":
            self.next_round()

    def next_round(self) -> None:
        state = self.display_round()
        if state is None or state.phase is not Phase.CLOSED or not self._all_paid(state):
            return
        self.next_round_for = self.controller.round_id
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
        from ui.pitboss import PitBossDialog, ShoeGate

        gate = ShoeGate(self.source.status, self.pump.reopen_gate, self.source.unlock)
        dialog = PitBossDialog(self.controller, self.users_path, self.refresh, self, gate=gate)
        dialog.exec()
        dialog.deleteLater()
        self.refresh()

    def open_audit(self) -> None:
        from ui.audit_view import open_audit

        open_audit(self, self.controller, self.users_path)

    # ------------------------------------------------------------------------------------------- close
    def shutdown(self) -> None:
        self.status_timer.stop()
        self.reader.stop()
        if self._on_entry in self.controller.listeners:
            self.controller.listeners.remove(self._on_entry)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)


def _find(legal: tuple[LegalAction, ...], kind: str, focus: int | None) -> LegalAction | None:
    """The legal action of this kind for the focused box (or for no box); insurance may be another box's."""
    candidates = [a for a in legal if a.kind == kind]
    for action in candidates:
        if action.box is None or action.box == focus or kind == "insure":
            return action
    return None


def _new_round_stakes(rules: HouseRules) -> tuple[LegalAction, ...]:
    """Between rounds: the stakes a new round will take (the engine's legal actions of a fresh round)."""
    return legal_commands(new_round(rules))
