"""The dealer's main window: the screen (ui.screen) and what its parts mean. It is a listener of the
TableController: it sends commands and redraws from the controller's state after every durable event; every rule
question goes to the engine. Stakes, insurance and the box decisions each have a desk of their own
(ui.stakes_desk, ui.insurance_desk, ui.play_desk); the window joins them, the card source, the payments and, at
a table linked to a jackpot, its link to the meter (ui.jackpot_line). The pit boss's, the audit's and the staff's
windows opened over it are ui.back_office's.

Every action key acts whatever has focus; digits go to the amount field that has focus (or pick the cards of an
exchange); Enter is that field's action, or the second step of an armed money action; Esc disarms it."""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable

from PySide6.QtCore import QPoint, QRect, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from controller.core.rules import HouseRules
from controller.engine import (
    ActionKind,
    CloseBets,
    Command,
    IllegalCommand,
    Phase,
    PlaceJackpotStake,
    RoundState,
    legal_commands,
)
from controller.floor.jackpot_link import JackpotLink, LinkState
from controller.table.controller import TableController, TableLocked
from controller.table.journal import JournalEntry
from controller.table.pump import CardPump
from controller.table.showdown import LayoutLook, ShowdownGuard
from controller.table.showdown_faults import shoe_record
from controller.table.table_events import ShowdownSeen
from drivers.base import CardEvent, CardSource, DeviceFault, SourceEvent, SourceStatus, StatusEvent
from drivers.cards import Card
from ui import visibility
from ui.actions import BETTING, PLAY
from ui.amount_field import AmountField
from ui.ask import ask
from ui.back_office import BackOffice
from ui.confirm import TwoStep
from ui.dealer_sign_in import DealerBadge
from ui.format import amount
from ui.guidance import gate_text, next_action_text, second_press
from ui.i18n import Languages
from ui.insurance_desk import InsuranceDesk
from ui.jackpot_line import LinkWatch
from ui.layout_check import LayoutChecker
from ui.payments import Payment, armed_question, first_unconfirmed, payments_of
from ui.play_desk import PlayDesk, focus_box
from ui.screen import CAMERA, PAYING, PLAYING, Screen
from ui.sentences import card_fault_words, device_state_word, reworded, stopped_words
from ui.shoe_link import ShoeReader
from ui.showdown_view import spot_label
from ui.stakes_desk import StakesDesk
from ui.table_view import BoxPanel
from ui.ticking import every

STATUS_POLL_MS = 500
LATENCIES_KEPT = 10_000  # the last cards' times to the screen (bench_console.py reads them)


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
        showdown: ShowdownGuard | None = None,
        jackpot: JackpotLink | None = None,
    ) -> None:
        super().__init__()
        self.controller = controller
        self.source = source
        self.jackpot = jackpot  # the table's link to the jackpot meter (None: no jackpot at this table)
        self.showdown = showdown  # the camera over the layout, which reads each showdown (None: no camera)
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
        self._shut_down = False
        self.two_step = TwoStep(self)
        self.two_step.changed.connect(self._show_armed)
        if pack_seed is None:
            pack_seed = random.SystemRandom().randrange(1 << 30)
        self.pump = CardPump(source, controller, pack_seed=pack_seed)
        self.ui = Screen(self._on_action, self.press_paid, self)
        self.setCentralWidget(self.ui)
        self.stakes = StakesDesk(self)
        self.insurance = InsuranceDesk(self)
        self.play = PlayDesk(self, lambda: self.awaiting_card, self._order_spent_words)
        self.back_office = BackOffice(self, controller, users_path, refresh=self.refresh, two_step=self.two_step,
                                      pump=self.pump, source=source, jackpot=jackpot,
                                      open_sign_in=lambda: self.dealer_badge.open_sign_in(),
                                      audit_area=self._audit_area)
        self._wire()
        controller.add_listener(self._on_entry)
        self.jackpot_watch: LinkWatch | None = None
        if jackpot is not None:
            self.jackpot_watch = LinkWatch(jackpot, self, controller)
            self.jackpot_watch.changed.connect(self._on_jackpot_state, Qt.ConnectionType.QueuedConnection)
            controller.add_listener(jackpot.wake)
        self.layout_checker = LayoutChecker(showdown) if showdown is not None else None
        if self.layout_checker is not None:
            # looked fires on the GUI thread, in the same call that ends the look: a direct call keeps them one
            self.layout_checker.looked.connect(self._on_layout_looked)
        self.reader = ShoeReader(source)
        self.reader.event_received.connect(self.on_source_event, Qt.ConnectionType.QueuedConnection)
        self.reader.failed.connect(self._on_reader_failed, Qt.ConnectionType.QueuedConnection)
        self.status_timer = every(STATUS_POLL_MS, self._show_shoe_status, self)
        self.pump.ready_shoe()
        self.pump.arm_gate()
        if start_reader:
            self.reader.start()
        self.resize(1366, 768)
        self.retranslate()

    def _wire(self) -> None:
        screen = self.ui
        # the screen's widgets by the names the tests, the autopilot and the pictures use
        self.info_bar, self.notice, self.next_action = screen.info_bar, screen.notice, screen.next_action
        self.dealer_panel, self.actions_panel, self.number_pad = (screen.dealer_panel, screen.actions_panel,
                                                                  screen.number_pad)
        self.payment_panel, self.next_round_button = screen.payment_panel, screen.next_round_button
        self.shoe_status, self.bet_panel = screen.shoe_status, self.stakes.form
        self.place_button = screen.actions_panel.buttons[ActionKind.PLACE_STAKES]
        self.banner, self.banner_text = screen.notice.banner, screen.notice.banner_text
        self.banner_button, self.message = screen.notice.banner_button, screen.notice.message
        screen.info_bar.pit_boss_button.clicked.connect(self.back_office.open_pit_boss)
        screen.info_bar.audit_button.clicked.connect(self.back_office.open_audit)
        screen.info_bar.language_button.clicked.connect(self._toggle_language)
        screen.notice.banner_button.clicked.connect(self.back_office.open_pit_boss)
        screen.actions_panel.insurance.entered.connect(self.insurance.insure)
        screen.actions_panel.insurance_switch.clicked.connect(self.insurance.switch)
        screen.next_round_button.clicked.connect(self.next_round)
        screen.show_again_button.clicked.connect(self.reveal)
        self.dealer_badge = DealerBadge(self.controller, self.users_path, self.refresh, screen.info_bar.dealer,
                                        screen.info_bar.sign_in_button, self, open_staff=self.back_office.open_staff)
        office = self.back_office
        self._keys = [QShortcut(QKeySequence(key), self, slot) for key, slot in (
            ("F2", office.open_pit_boss), ("F3", office.open_audit), ("F4", self._toggle_language),
            ("F7", office.open_staff),
            ("Space", self.press_next_paid), ("N", self._key_next_round),
            ("Return", self.two_step.confirm), ("Enter", self.two_step.confirm), ("Escape", self.cancel))]
        self._keys += [QShortcut(QKeySequence(str(n)), self, lambda n=n: self.play.toggle_discard(n))
                       for n in range(1, 7)]
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    @property
    def box_panels(self) -> list[BoxPanel]:
        return self.ui.box_panels

    def retranslate(self) -> None:
        rules = self.controller.rules
        info = self.ui.info_bar
        self.setWindowTitle(self.tr("rptable — table {0} — {1}").format(
            self.controller.table_id, rules.name if rules else ""))
        info.pit_boss_button.setText(self.tr("Pit boss [F2]"))
        info.audit_button.setText(self.tr("Audit [F3]"))
        info.language_button.setText(self.tr("Русский [F4]") if self.languages.current == "en" else
                                     self.tr("English [F4]"))
        if rules is not None:
            info.show_table(self.controller.table_id, rules, acknowledged_by=self.controller.edge_guard.acknowledged_by,
                            force=True)
        self.banner_button.setText(self.tr("Pit boss login [F2]"))
        self.next_round_button.setText(self.tr("Next round") + "  [N]")
        self.ui.show_again_button.setText(self.tr("Show the layout again [R]"))
        self.ui.showdown_view.clear()  # drawn again in the language now in use
        for editor in self.bet_panel.editors:
            editor.retranslate()
        self.refresh()

    def _toggle_language(self) -> None:
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
        rules = self.controller.rules
        assert rules is not None
        screen = self.ui
        if len(screen.box_panels) != rules.table.boxes:
            for panel in screen.place_boxes(self.stakes.make_editors(rules.table.boxes, self._stakes_edited)):
                panel.cards.on_toggle = self._selection_changed
        screen.info_bar.show_table(self.controller.table_id, rules,
                                   acknowledged_by=self.controller.edge_guard.acknowledged_by)
        self.dealer_badge.refresh()
        mode = self.mode()
        payments = self._payments(state) if state is not None else []  # the round's, read once a redraw
        if mode == "betting":
            self.stakes.show(state, rules, self.controller.locked_reason is not None)
        else:
            self._show_boxes(state, payments)
        screen.dealer_panel.show_dealer(state)
        redact = self._redactor(state)
        screen.next_action.setText(self._before_play_text(state) or redact(next_action_text(
            state, table_locked=self.controller.locked_reason is not None, payments=payments)))
        self._show_notice(state, redact)
        self._show_jackpot()
        self._show_actions(state, mode, rules, redact)
        seen = self._showdown_to_show(state)
        if mode == "payments":
            assert state is not None
            screen.show_page(PAYING)
            screen.payment_panel.show_payments(payments, self._armed_payment())
            screen.next_round_button.setEnabled(first_unconfirmed(payments) is None)
        elif seen is not None and state is not None:
            screen.show_page(CAMERA)
            screen.showdown_view.show_reading(seen, shoe_record(state))
            locked = self.controller.locked_reason is not None
            screen.show_again_button.setHidden(locked)  # a pit boss's to resolve, not the dealer's to show again
            screen.show_again_button.setEnabled(self.controller.showdown_due and not self.checking_layout
                                                and not locked)
        else:
            screen.show_page(PLAYING)
        screen.number_pad.show_target()
        self._show_shoe_status()

    def _before_play_text(self, state: RoundState | None) -> str:
        """What must happen before a round can open, while none is: the house rules acknowledged where the operator
        guard asks it, a dealer signed in ("" when nothing stands in the way)."""
        if state is not None and (state.phase is not Phase.BETTING or state.order):
            return ""
        if not self.controller.edge_guard.acknowledged:
            return self.tr("An admin acknowledges the house rules first: Staff [F7]")
        if self.controller.dealer_required and self.controller.dealer is None:
            return self.tr("Sign in to deal [F6]")
        return ""

    def _show_jackpot(self) -> None:
        if self.jackpot is None:
            return
        in_play = self.controller.round_id if self.controller.round_open else None
        self.ui.jackpot_line.show_state(self.jackpot.state, self.controller.table_id, self.controller.jackpot.hits,
                                        in_play)

    def _on_jackpot_state(self, _state: LinkState) -> None:
        """On the GUI thread: the meter's state changed (jackpot betting opened or closed, a hit, the meter)."""
        if not self._shut_down:
            self.refresh()

    def jackpot_offer(self) -> tuple[bool, str | None]:
        rules = self.controller.rules
        offered = self.jackpot is not None and rules is not None and rules.jackpot is not None
        return offered, self.jackpot.closed_reason if self.jackpot is not None and offered else None

    def place_jackpot(self, box: int) -> bool:
        """The box's jackpot stake: refused, saying why, while the meter takes none; the engine verifies the rest."""
        if self.jackpot is None:
            return False
        try:
            self.jackpot.verify_stake(box)
        except IllegalCommand as err:
            self.message_text = self.tr("Refused: {0}").format(reworded(err.reason))
            self.refresh()
            return False
        return self.submit(PlaceJackpotStake(box))

    def _redactor(self, state: RoundState | None) -> Callable[[str], str]:
        """Text for the screen with nothing in it about a card or hand that is not public yet: the engine's English
        sentences are redacted first, then said in the console's language (ui.sentences)."""
        turned_up = self._layout_turned_up(state)
        hidden: set[Card] = visibility.hidden_cards(state, turned_up=turned_up)
        hands = visibility.hidden_hands(state, turned_up=turned_up)
        return lambda text: reworded(visibility.redact(text, hidden, hands))

    def _layout_turned_up(self, state: RoundState | None) -> bool:
        """The cards lie face up for the camera: it has read this round's showdown, the dealer not shown yet."""
        record = self.controller.round_record
        return (state is not None and state.phase is Phase.REVEAL and record is not None
                and record.showdown is not None)

    def _showdown_to_show(self, state: RoundState | None) -> ShowdownSeen | None:
        """The camera's reading of this round's showdown while it needs the dealer or a pit boss: a box to show
        again, or a fault it raised still open."""
        record = self.controller.round_record
        if not self._layout_turned_up(state) or record is None or record.showdown is None:
            return None
        seen = record.showdown
        return seen if self.controller.showdown_due or seen.fault_id in self.controller.faults else None

    def _show_boxes(self, state: RoundState | None, payments: list[Payment]) -> None:
        focus = focus_box(state)
        exchanging = state is not None and self.play.exchange_action(state) is not None
        nets = {p.box: p.net for p in payments}  # a settled box's net with the pit bosses' adjustments
        for panel in self.ui.box_panels:
            box = state.boxes.get(panel.number) if state is not None else None
            panel.show_box(state, box, active=box is not None and focus == panel.number, net=nets.get(panel.number))
            panel.cards.set_selectable(exchanging and focus == panel.number)

    def _show_notice(self, state: RoundState | None, redact: Callable[[str], str]) -> None:
        stopped = stopped_words(self.controller)
        round_fault = state.fault if state is not None else None
        if stopped is not None:
            self.notice.show_fault(redact(stopped))
        elif round_fault is not None:
            self.notice.show_fault(redact(card_fault_words(round_fault)))
        elif self.two_step.armed is not None:
            self.notice.show_message(self.two_step.armed.prompt, armed=True)
        else:
            self.notice.show_message(redact(self.message_text))

    def _show_actions(self, state: RoundState | None, mode: str, rules: HouseRules,
                      redact: Callable[[str], str]) -> None:
        panel = self.actions_panel
        panel.set_stage(BETTING if mode == "betting" else PLAY)
        panel.set_available(ActionKind.CARD, self.pump.shoe is not None)
        panel.set_available(ActionKind.BUY, rules.draw.buy_sixth)
        panel.set_available(ActionKind.EXCHANGE, rules.draw.exchange_max_cards > 0)
        panel.set_available(ActionKind.INSURE, rules.insurance.enabled)
        for kind in (ActionKind.BUY_GAME, ActionKind.TAKE_ANTE, ActionKind.CLOSE_BUYING):
            panel.set_available(kind, rules.buy_game.enabled)
        locked = stopped_words(self.controller)
        legal = legal_commands(state) if state is not None and locked is None else ()
        if mode == "betting":
            self.stakes.show_actions(state, legal, locked)
        self.play.show(state, legal, redact)
        focus = focus_box(state)
        self.insurance.show(state, locked is not None, lambda: redact(
            self.play.why_not(state, ActionKind.INSURE, focus) if state is not None and focus else
            self.tr("No box may insure now: insurance goes with a box's bet.")))
        self._show_armed_button()

    def _show_armed_button(self) -> None:
        armed = self.two_step.armed
        kind = armed.key.split(":")[0] if armed is not None else None
        self.actions_panel.set_armed(kind if kind in self.actions_panel.buttons else None,
                                     armed.button_text if armed is not None else "")

    def _show_armed(self) -> None:
        """An action was armed or disarmed: its button and the notice say so."""
        self._show_armed_button()
        state = self.display_round()
        if state is not None and self.mode() == "payments":
            self.ui.payment_panel.show_payments(self._payments(state), self._armed_payment())
        self._show_notice(state, self._redactor(state))

    def _refresh_actions(self) -> None:
        state = self.display_round()
        rules = self.controller.rules
        assert rules is not None
        self._show_actions(state, self.mode(), rules, self._redactor(state))

    def _stakes_edited(self) -> None:
        """A stake typed or changed: the box's state and the Place button follow."""
        if self.mode() == "betting":
            self.refresh()

    def _selection_changed(self) -> None:
        self.two_step.cancel()  # an armed exchange was of the cards picked before
        self._refresh_actions()

    def _payments(self, state: RoundState) -> list[Payment]:
        hits = self.controller.jackpot.hits if state.rules.jackpot is not None else []
        return payments_of(state, self.controller.round_record, hits)

    def _all_paid(self, state: RoundState) -> bool:
        return first_unconfirmed(self._payments(state)) is None

    def _show_shoe_status(self) -> None:
        try:
            status: SourceStatus = self.source.status()
        except Exception as err:  # a driver's status must never take the console down
            self.shoe_status.setText(self.tr("Shoe: status unavailable ({0})").format(err))
            self.info_bar.show_gate(None)
            return
        self.info_bar.show_gate(status)
        parts = [self.tr("Shoe {0}").format(status.device),
                 self.tr("connected") if status.connected else self.tr("NOT CONNECTED")]
        if status.last_heartbeat:
            parts.append(self.tr("heartbeat {0} s ago").format(f"{max(0.0, self.clock() - status.last_heartbeat):.1f}"))
        if status.state not in ("UNKNOWN", "READY", "CONNECTED", ""):
            parts.append(device_state_word(status.state))  # what SHOE/1 says of itself (COVER_OPEN, EMPTY...)
        if status.cards_left is not None:
            parts.append(self.tr("{0} cards left").format(status.cards_left))
        if status.locked:
            parts.append(self.tr("gate locked"))
        if status.authenticated is False:  # SHOE/1 without a pairing key: anyone on the line could deal
            parts.append(self.tr("shoe not authenticated"))
        parts.append(self.tr("table {0}").format(self.controller.table_id))
        parts.append(self.tr("journal #{0}").format(self.controller.journal.last_seq))
        self.shoe_status.setText("  ·  ".join(parts))

    # ---------------------------------------------------------------------------------------- commands
    def _on_action(self, kind: str) -> None:
        handlers: dict[str, Callable[[], object]] = {
            ActionKind.CARD: self.draw_card, ActionKind.PLACE_STAKES: self.place_stakes,
            ActionKind.WITHDRAW_STAKES: self.stakes.withdraw, "repeat_stakes": self.stakes.repeat_last,
            ActionKind.CLOSE_BETS: self.close_bets, ActionKind.INSURE: self.insurance.insure,
            ActionKind.REVEAL: self.reveal,
        }
        handler = handlers.get(kind)
        if handler is not None:
            handler()
        else:
            self.play.decide(kind)

    def submit(self, command: Command) -> bool:
        """Send a command to the table; a refusal is shown with its reason, never raised."""
        try:
            self.controller.submit(command, actor="dealer")
        except IllegalCommand as err:
            self.message_text = self.tr("Refused: {0}").format(self._redactor(self.display_round())(err.reason))
            self.refresh()
            return False
        except TableLocked as err:
            self.message_text = self._locked_text(err)
            self.refresh()
            return False
        self.message_text = ""
        self.pump.restock_if_outgrown()  # an exchange may have reshuffled the discards (R-ACT-7)
        self.refresh()
        return True

    def _locked_text(self, err: TableLocked) -> str:
        """Why the table refused: play is stopped (an open fault, said from its code)."""
        return stopped_words(self.controller) or reworded(str(err))

    # ---------------------------------------------------------------------------- the camera at showdown
    def reveal(self) -> None:
        """The dealer's Reveal: with a camera over the layout, it first reads the cards turned up (on its own
        thread); the dealer's hand is shown once it has seen each card where the shoe dealt it."""
        if self.layout_checker is not None and self.controller.showdown_due:
            self._check_layout()
        else:
            self.play.decide(ActionKind.REVEAL)

    @property
    def checking_layout(self) -> bool:
        return self.layout_checker is not None and self.layout_checker.busy

    def _check_layout(self) -> None:
        locked = self.controller.locked_reason
        if self.layout_checker is None or self.showdown is None or self.checking_layout:
            return
        if locked is not None:
            self.message_text = locked
        elif self.layout_checker.start(*self.showdown.dealt()):
            self.message_text = self.tr("The camera is reading the cards turned up…")
        self.refresh()

    def _on_layout_looked(self, look: LayoutLook) -> None:
        """On the GUI thread: the table journals what the camera saw; the dealer's hand is shown if it saw every
        card where the shoe dealt it."""
        assert self.showdown is not None
        try:
            self.showdown.record(look)
        except (IllegalCommand, TableLocked) as err:
            self.message_text = getattr(err, "reason", str(err))
            self.refresh()
            return
        if look.check.matches and not self.controller.showdown_due:
            self.play.decide(ActionKind.REVEAL)
            self.message_text = self.tr("The camera saw every card where the shoe dealt it.")
        elif look.check.ask_again and look.failure is None and self.controller.locked_reason is None:
            spots = ", ".join(spot_label(spot) for spot in look.check.ask_again)
            self.message_text = self.tr("The camera could not read every card of {0}: turn them up in full view of "
                                        "the camera and press Reveal (R) again.").format(spots)
        else:
            self.message_text = ""
        self.refresh()

    @property
    def awaiting_card(self) -> bool:
        """A card was drawn and has not reached the table yet."""
        return self.pump.owed > 0

    def draw_card(self) -> None:
        """The dealer's draw key for a shoe that deals on demand (the simulated shoe). The first card closes the
        bets, so a box filled in but not placed is asked about first."""
        state = self.display_round()
        if state is not None and state.phase is Phase.BETTING and not self.stakes.settle_unplaced(self):
            return
        spent = self._order_spent_words()
        if spent is not None:
            self.message_text = spent
            self.refresh()
        elif self.pump.draw(1):
            self._refresh_actions()

    def _order_spent_words(self) -> str | None:
        """What the dealer reads once the shoe's chosen order (`sim://?order=FILE`) has no card left; None while
        it has (or the shoe deals shuffled packs)."""
        shoe = self.pump.shoe
        if shoe is None or not self.pump.order_spent:
            return None
        return self.tr("Every card of the shoe's order is dealt ({0} cards): start the console again with another "
                       "order file, or without one for shuffled packs.").format(amount(shoe.ordered_cards or 0))

    def place_stakes(self) -> bool:
        return self.stakes.place()

    def close_bets(self) -> None:
        if self.stakes.settle_unplaced(self):
            self.submit(CloseBets())

    def cancel(self) -> None:
        """Esc: disarm an armed action, and leave the amount field."""
        self.two_step.cancel()
        focused = QApplication.focusWidget()
        if isinstance(focused, AmountField):
            focused.clearFocus()
        self.number_pad.set_target(None)

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and new.window() is self and self.stakes.focus_changed(new) and self.mode() == "betting":
            self.refresh()

    # ---------------------------------------------------------------------------------------- payments
    def confirm_paid(self, box: int) -> None:
        """The dealer paid or collected this box: journaled in the name of the dealer signed in."""
        try:
            self.controller.confirm_payment(box)
        except IllegalCommand as err:
            self.message_text = reworded(err.reason)
        except TableLocked as err:
            self.message_text = self._locked_text(err)
        self.refresh()

    def press_paid(self, box: int) -> None:
        """The dealer's press on a payment (its button, or Space for the next one): the first arms it and asks
        ("Paid box 2: 100?"), the second journals it. A confirmation is undone only by a pit boss, so a stray
        press must not make one."""
        state = self.display_round()
        if state is None or state.phase is not Phase.CLOSED:
            return
        payment = next((p for p in self._payments(state) if p.box == box and not p.confirmed), None)
        if payment is None:
            return
        question = armed_question(payment)
        self.two_step.press(f"paid:{box}", question + " " + second_press(self.tr("Space")),
                            lambda: self.confirm_paid(box), label=f"{question}  [{self.tr('Space')}]")

    def press_next_paid(self) -> None:
        state = self.display_round()
        if state is None or state.phase is not Phase.CLOSED:
            return
        unpaid = first_unconfirmed(self._payments(state))
        if unpaid is not None:
            self.press_paid(unpaid.box)

    def _armed_payment(self) -> tuple[int, str] | None:
        armed = self.two_step.armed
        if armed is None or not armed.key.startswith("paid:"):
            return None
        return int(armed.key.split(":")[1]), armed.button_text

    def _key_next_round(self) -> None:
        if self.next_round_button.isEnabled() and self.mode() == "payments":
            self.next_round()

    def next_round(self) -> None:
        state = self.display_round()
        if state is None or state.phase is not Phase.CLOSED or not self._all_paid(state):
            return
        self.next_round_for = self.controller.round_id
        self.message_text = ""  # what was said of the last round (a fault resolved, a refusal) stays with it
        self.stakes.round_over(state)  # a clean form; R fills in this round's stakes
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
                self.message_text = self._order_spent_words() or ""
        except IllegalCommand as err:
            self.message_text = self.tr("Card refused: {0}").format(self._redactor(self.display_round())(err.reason))
        except TableLocked as err:
            self.message_text = self._locked_text(err)
        self.refresh()
        if received_at and isinstance(event, CardEvent):
            self.card_latencies.append(time.perf_counter() - received_at)
            self.card_ages.append(time.time() - event.at)
        if isinstance(event, (DeviceFault, StatusEvent)):
            self._show_shoe_status()

    def _on_reader_failed(self, text: str) -> None:
        self.message_text = self.tr("The card source stopped: {0}").format(reworded(text))
        self.refresh()

    def _on_entry(self, entry: JournalEntry) -> None:
        self.entries_seen.append(entry)
        self.two_step.cancel()  # the table changed: an armed action was of what was on screen before
        reopened = self.pump.reopen_gate()  # a pit boss may just have resolved the last fault
        if reopened is not None:
            self.message_text = gate_text(reopened)
        if not self._dirty:
            self._dirty = True
            QTimer.singleShot(0, self._refresh_if_dirty)

    def _refresh_if_dirty(self) -> None:
        if self._dirty:
            self.refresh()

    def _audit_area(self) -> QRect:
        """Where the audit may open: over the boxes, between the notices and the actions, so that the dealer
        still sees what to do next and what the keys do."""
        top = self.ui.notice.mapToGlobal(QPoint(0, self.ui.notice.height())).y() + 4
        bottom = self.ui.lower.mapToGlobal(QPoint(0, 0)).y() - 4
        return QRect(self.mapToGlobal(QPoint(0, 0)).x(), top, self.width(), bottom - top)

    # ------------------------------------------------------------------------------------------- close
    def round_in_play(self) -> bool:
        """A round is dealt and not finished, or its payments are not all confirmed."""
        state = self.display_round()
        return state is not None and (self.controller.round_open or not self._all_paid(state))

    def shutdown(self) -> None:
        self._shut_down = True
        self.status_timer.stop()
        self.reader.stop()
        if self.layout_checker is not None:
            self.layout_checker.wait()
        for listener in (self._on_entry, self.jackpot.wake if self.jackpot is not None else None):
            if listener in self.controller.listeners:
                self.controller.listeners.remove(listener)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing mid-round asks first (the table resumes where it stands when the console starts again)."""
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

