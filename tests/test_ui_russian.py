"""The console in Russian, as a Russian-speaking dealer and pit boss meet it: every preset played through, the
engine's refusals, card faults and the shoe's faults, the pit boss resolving them, the staff's sign-ins and the
audit. After every step, every widget a person can see is swept: no English sentence may be left (card codes,
numbers, keys, codes like E02 and names are not English).

Each story failed before: the fault banner's main sentence, the shoe's and the serial line's errors, the
engine's refusals and the replay's event names were English; "Выплачено" was said before and after paying."""

from __future__ import annotations

import re

import pytest
import shift_kit
from console_kit import deal_all, load_deal, press_twice
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QInputDialog,
)
from russian_kit import assert_russian, english_in
from shift_kit import Consoles, focus, log_in, when_shown
from tables import one_quick

from controller.engine import Fold, legal_commands
from controller.engine.events import CardFault
from controller.table.audit.rounds import verify_journal
from controller.table.security.users import Role, User
from drivers.base import DeviceFault
from drivers.cards import parse_card
from drivers.shoe1.delivery import Delivery
from drivers.shoe1.link_source import _lost_text
from drivers.shoe1.messages import CardFrame, FaultFrame, Heartbeat
from drivers.shoe1.serial_source import _open_failure
from ui import sentences
from ui.ask import Question
from ui.audit_view import AuditDialog
from ui.autopilot import Autopilot
from ui.dealer_sign_in import DealerSignInDialog
from ui.i18n import Languages, translate
from ui.login import LoginDialog
from ui.main_window import ConsoleWindow
from ui.pitboss import PitBossDialog, ShoeGate

consoles = shift_kit.consoles  # the fixture: consoles on journals of their own, with the staff's accounts

VERA = User("vera", Role.PIT_BOSS)
PRESETS = ["classic", "online", "progressive", "four-seat", "russian-club", "caribbean-stud"]
class SweepingPilot(Autopilot):
    """The autopilot, sweeping the screen for English after every press (an armed button's first press too)."""

    def press(self, button) -> None:
        super().press(button)
        assert_russian(f"after pressing {button.objectName()}")


def russian(window: ConsoleWindow) -> ConsoleWindow:
    window.switch_language("ru")
    return window


# ------------------------------------------------------------------------------------- every preset
@pytest.mark.parametrize("preset", one_quick(PRESETS))
def test_every_preset_is_played_through_in_russian(consoles: Consoles, preset: str) -> None:
    """Two rounds of six boxes (four on the small tables) through the console's buttons: stakes, the deal, the
    decisions (exchanges, a 6th card, insurance where the strategy takes them), the dealer, buying him a game,
    the payment list confirmed box by box, the next round."""
    window = russian(consoles.open(preset, seed=11))
    assert_russian("the console opened")
    pilot = SweepingPilot(window, ante=100, boxes=6, bonus=10)
    pilot.play_rounds(2, confirm_last=False)
    assert window.mode() == "payments"
    button = window.payment_panel.paid_buttons[window.controller.round.order[0]]
    assert button.text().startswith("Подтвердить")  # before paying: confirm; after: done
    window.press_next_paid()
    assert button.text().startswith(("Выплачено боксу", "Собрано с бокса", "Возвращены ставки боксу"))  # asked
    assert_russian("a payment asked")
    window.press_next_paid()
    assert button.text().endswith("✓") and not button.isEnabled()
    assert_russian("a payment confirmed")


# ------------------------------------------------------------------------------------------ refusals
def test_refusals_are_said_in_russian(consoles: Consoles, qtbot) -> None:
    """An ante over the limit, insurance out of its range, a box acting out of turn, and every disabled
    button's reason while the cards are dealt."""
    window = russian(consoles.open("online", seed=3))
    focus(window, qtbot)
    window.bet_panel.fill(1, 20000)
    window.place_stakes()
    assert window.message.text() == "Отказано: Анте 20\u00a0000 на боксе 1 вне лимитов стола (1-10\u00a0000)."
    assert_russian("an ante over the limit")
    load_deal(window, "2C AS 3S 5D AD 7H 8H AH TD JS 4C QC 9C 6D KD")  # box 2: three aces
    window.bet_panel.fill(1, 100)
    window.bet_panel.fill(2, 100)
    window.place_stakes()
    window.close_bets()
    window.actions_panel.buttons["card"].click()
    qtbot.waitUntil(lambda: not window.awaiting_card, timeout=5000)
    assert window.actions_panel.buttons["bet"].toolTip() == "Сейчас ни один бокс не может это сделать."
    assert_russian("the deal")
    deal_all(window, qtbot)
    window.submit(Fold(2))
    assert window.message.text().startswith("Отказано: Сейчас ход бокса 1, а не бокса 2")
    assert_russian("a box out of turn")
    press_twice(window.actions_panel.buttons["bet"])
    if window.insurance.box != 2:
        window.actions_panel.insurance_switch.click()
    window.actions_panel.insurance.set_value(100)
    window.insurance.insure()
    window.insurance.insure()  # money the box cannot have back: a second press
    assert "Страховка на боксе 2 — от 200 до " in window.message.text()
    assert_russian("insurance out of its range")


def test_what_a_face_down_hand_holds_stays_untold_in_russian(consoles: Consoles, qtbot) -> None:
    """R-ACT-8: insurance refused for a box with nothing names only the table's bounds, which are a hand's with
    three aces too, in Russian either."""
    window = russian(consoles.open("classic", seed=3))
    load_deal(window, "2C 3S 5D 7H 8H TD JS QC 9C KD")
    window.bet_panel.fill(1, 100)
    window.place_stakes()
    deal_all(window, qtbot)
    window.actions_panel.insurance.set_value(10**7)
    window.insurance.insure()
    window.insurance.insure()  # money the box cannot have back: a second press
    refusal = window.message.text()
    assert refusal.startswith("Отказано: Страховка на боксе 1 — от 1 до ") and "нет игры" not in refusal
    assert_russian("insurance refused")


# ---------------------------------------------------------------------------------------- card faults
def test_a_card_read_twice_and_the_pit_boss_who_corrects_it_in_russian(consoles: Consoles, qtbot) -> None:
    """The banner says, in Russian and once, to stop dealing; the pit boss's page names the fault; a card that is
    no card, an override without a reason and a card already in play are refused in Russian; the right card
    resolves it."""
    window = russian(consoles.open("classic", seed=4))
    load_deal(window, "AS 2C AS 3D 5H 9C 7H 8S KD 4C JD 6H")
    window.bet_panel.fill(1, 100)
    window.place_stakes()
    for _ in range(3):
        window.actions_panel.buttons["card"].click()
        qtbot.waitUntil(lambda: not window.awaiting_card, timeout=5000)
    state = window.controller.round
    assert state.fault is not None and state.fault.kind == "duplicate"
    banner = window.banner_text.text()
    assert banner.startswith("ПРЕКРАТИТЕ СДАЧУ. Карта ?? считана в этом раунде дважды")
    assert banner.lower().count("прекратите сдачу") == 1 and "AS" not in banner  # box 1's ace is face down
    assert window.next_action.text() == "СТОП: сбой карты — вызовите пит-босса"
    assert_russian("a card read twice")
    dialog = pit_boss_dialog(window)
    assert dialog.situation.text().startswith("Сбой карты: Карта AS считана в этом раунде дважды (она уже у бокса 1")
    assert_russian("the pit boss's page")
    dialog.card_code.setText("1X")
    dialog.reason.setText("карта перевёрнута")
    dialog.correct_button.click()
    assert dialog.feedback.text().startswith("'1X' — не карта")
    dialog.card_code.setText("2C")
    dialog.correct_button.click()
    assert dialog.feedback.text() == "2C уже в игре (у дилера); это не может быть эта карта."
    assert_russian("a card that is in play")
    dialog.reason.clear()
    dialog.card_code.setText("QH")
    dialog.correct_button.click()
    assert dialog.feedback.text() == "Каждому исправлению нужна причина; она пишется в журнал с вашим именем."
    dialog.reason.setText("карта перевёрнута")
    dialog.correct_button.click()
    assert dialog.feedback.text() == "Готово; записано в журнал как vera (пит-босс)."
    assert state.fault is None
    assert_russian("the card corrected")
    dialog.close()


def test_an_unreadable_card_and_a_voided_round_in_russian(consoles: Consoles, qtbot) -> None:
    window = russian(consoles.open("classic", seed=4, faults="unreadable@3"))
    pilot = SweepingPilot(window, ante=10, boxes=2)
    pilot.start_round()
    for _ in range(3):
        pilot.draw()
    state = window.controller.round
    assert state.fault is not None and state.fault.kind == "unreadable"
    assert "Шуз не смог прочитать карту (1-я карта дилеру)" in window.banner_text.text()
    assert_russian("an unreadable card")
    dialog = pit_boss_dialog(window)
    dialog.reason.setText("не видно карту")
    dialog.void_button.click()
    assert dialog.void_button.text() == "Аннулировать раунд? Нажмите ещё раз"
    assert_russian("voiding armed")
    dialog.void_button.click()
    assert state.voided
    dialog.close()
    assert_russian("the round voided")
    assert all(p.words == "аннулирован" for p in window._payments(state))


# --------------------------------------------------------------------------------------- device faults
def test_two_cards_drawn_together_and_the_gate_in_russian(consoles: Consoles, qtbot) -> None:
    """E02 (two cards drawn together) from the shoe: the banner, the gate locked, the pit boss resolving it and
    the gate opened again, all in Russian."""
    window = russian(consoles.open("classic", seed=4, faults="double@2"))
    pilot = Autopilot(window, ante=10, boxes=2)
    pilot.start_round()
    pilot.draw()
    pilot.draw()
    qtbot.waitUntil(lambda: bool(window.controller.faults), timeout=5000)
    banner = window.banner_text.text()
    assert "Шуз сообщает E02 (вытянуты две карты сразу)" in banner and "Игра остановлена" in banner
    assert window.info_bar.gate.text() == "Заслонка ЗАКРЫТА"
    assert_russian("E02")
    dialog = pit_boss_dialog(window)
    assert "Сбой стола F1 (E02): Шуз сообщает E02" in dialog.situation.text()
    assert dialog.gate_state.text() == "Заслонка шуза: ЗАКРЫТА — карту не вытянуть."
    assert_russian("E02 on the pit boss's page")
    dialog.reason.setText("вернули две карты")
    dialog.resolve_button.click()
    qtbot.waitUntil(lambda: "снова открыта" in dialog.rearm_result.text(), timeout=5000)
    assert_russian("E02 resolved")
    dialog.close()
    assert window.message.text().startswith("Сбой устранён")
    pilot.play_until(lambda: window.mode() == "payments")
    assert_russian("the round after E02")


def test_a_shoe_gone_silent_in_russian(consoles: Consoles, qtbot) -> None:
    """No heartbeat for 3 s: the shoe is offline; the banner, the gate chip and the status line say so in
    Russian, and the fault clears itself when the shoe is back."""
    window = russian(consoles.open("classic", seed=4, faults="hb-loss@2:4s"))
    pilot = Autopilot(window, ante=10, boxes=2)
    pilot.start_round()
    pilot.draw()
    pilot.draw()
    qtbot.waitUntil(lambda: any(f.code == "OFFLINE" for f in window.controller.faults.values()), timeout=8000)
    assert "От шуза нет сигнала уже 3 с" in window.banner_text.text()
    assert window.info_bar.gate.text() == "Шуз не на связи" and "НЕ ПОДКЛЮЧЁН" in window.shoe_status.text()
    assert_russian("the shoe offline")
    qtbot.waitUntil(lambda: not window.controller.faults, timeout=8000)
    assert_russian("the shoe back")


def shoe_faults() -> list[DeviceFault]:
    """The faults the SHOE/1 driver raises, made by its own delivery rules and link."""
    faults: list[DeviceFault] = []
    delivery = Delivery("serial:///dev/ttyUSB0", wall_clock=lambda: 0.0, gap_wait=1.0)
    for outcome in (delivery.on_frame(Heartbeat(5), 0.0), delivery.on_frame(CardFrame(0, parse_card("2C"), 90), 0.0),
                    delivery.on_frame(CardFrame(3, parse_card("5C"), 90), 0.1), delivery.tick(1.2),
                    delivery.on_frame(CardFrame(0, parse_card("KD"), 90), 1.3),
                    delivery.on_frame(FaultFrame("E07", "CARD 12 unacknowledged 5 times"), 1.4),
                    delivery.on_frame(FaultFrame("E09", "something new"), 1.5), delivery.tick(9.0),
                    delivery.link_lost(9.5, _lost_text("[Errno 5] Input/output error"))):
        faults += [e for e in outcome.events if isinstance(e, DeviceFault)]
    faults.append(DeviceFault("OPEN_FAILED", _open_failure("/dev/ttyUSB7", FileNotFoundError(2, "No such file")),
                              "serial:///dev/ttyUSB7", 0.0))
    return faults


def test_every_fault_the_shoe_driver_raises_is_said_in_russian(qapp) -> None:
    """SEQ_GAP, SEQ_CONFLICT, E07 with the shoe's own text, a code the console does not know, the heartbeat
    lost, the link lost and a port that does not exist: each in Russian, from its code and its details."""
    languages = Languages()
    languages.switch("ru")
    try:
        faults = shoe_faults()
        assert {f.code for f in faults} >= {"SEQ_GAP", "SEQ_CONFLICT", "E07", "E09", "OFFLINE", "OPEN_FAILED"}
        for fault in faults:
            words = sentences.device_fault_words(fault.code, fault.text)
            assert words != fault.text and not english_in(words), (fault.code, fault.text, words)
        gap = next(f for f in faults if f.code == "SEQ_GAP")
        assert "(карт: 2; № 1-2)" in sentences.device_fault_words(gap.code, gap.text)
    finally:
        languages.switch("en")
    assert sentences.device_fault_words(gap.code, gap.text) == gap.text  # in English, the driver's own words


# --------------------------------------------------------------------------------------------- staff
def test_the_staff_dialogs_in_russian(consoles: Consoles, qtbot) -> None:
    """The dealer's sign-in (a wrong PIN, then anna takes the table), the player's name, a box typed in but not
    placed at Close bets, the audit's login, and closing the console mid-round: each dialog in Russian."""
    window = russian(consoles.open("classic", seed=5))
    said: list[str] = []

    def sign_in(dialog: DealerSignInDialog) -> None:
        assert_russian("the dealer's sign-in")
        log_in(qtbot, dialog, "ivan", "0000")
        said.append(dialog.form.feedback.text())
        log_in(qtbot, dialog, "anna")

    focus(window, qtbot)
    when_shown(DealerSignInDialog, sign_in)
    qtbot.keyClick(window, Qt.Key.Key_F6)
    assert said == ["Неверное имя или PIN."] and window.dealer_badge.label.text().startswith("Дилер: anna")
    assert_russian("anna signed in")

    def name_player(dialog: QInputDialog) -> None:
        assert_russian("the player's name")
        dialog.setTextValue("Ольга")
        dialog.accept()

    when_shown(QInputDialog, name_player)
    window.bet_panel.editor(1).player.click()
    assert window.bet_panel.editor(1).player_name == "Ольга"
    window.bet_panel.fill(1, 100, player="Ольга")
    window.place_stakes()
    window.bet_panel.fill(2, 50)

    def asked(question: Question) -> None:
        assert_russian("stakes not placed")
        question.buttons["leave"].click()

    when_shown(Question, asked)
    window.close_bets()
    assert window.controller.round.order == [1]

    def audit_login(dialog: LoginDialog) -> None:
        assert_russian("the audit's login")
        log_in(qtbot, dialog, "anna")
        said.append(dialog.form.feedback.text())
        dialog.reject()

    when_shown(LoginDialog, audit_login)
    focus(window, qtbot)
    qtbot.keyClick(window, Qt.Key.Key_F3)
    qtbot.waitUntil(lambda: len(said) == 2, timeout=10_000)
    assert said[1] == "anna — не пит-босс, а здесь нужен пит-босс. Попросите пит-босса войти."

    def stay(question: Question) -> None:
        assert_russian("closing mid-round")
        question.buttons["stay"].click()

    when_shown(Question, stay)
    window.close()
    assert window.isVisible()


# --------------------------------------------------------------------------------------------- audit
def play_a_shift(window: ConsoleWindow, qtbot) -> None:
    """Rounds with an exchange, a 6th card, insurance, a game bought for the dealer, a card fault corrected, a
    table fault resolved, an adjustment and a confirmation undone."""
    controller = window.controller
    deals = (
        ("AS 2C KD 3C 7H 4C 8S 5D 9C 6D JH QH TC", "exchange"),
        ("2C 3S 5D 7H 8H TD JS QC 9C KD 4H", "buy"),
        ("AS 3S AD 7H AH TD 4C QC 6C KD", "insure"),
        ("AS KS AD QD 5C 9C 8H 7H 3S 4D KD 2C", "buy_game"),
    )
    pilot = Autopilot(window, ante=100, boxes=1)
    for cards, decision in deals:
        load_deal(window, cards)
        window.bet_panel.fill(1, 100, 10, player="Ольга")
        window.place_stakes()
        deal_all(window, qtbot)
        if decision == "exchange":
            for position in (2, 4):
                window.box_panels[0].cards.toggle(position)
            press_twice(window.actions_panel.buttons["exchange"])
            deal_all(window, qtbot)
        elif decision == "buy":
            press_twice(window.actions_panel.buttons["buy"])
            deal_all(window, qtbot)
        elif decision == "insure":
            window.actions_panel.insurance.set_value(100)
            window.insurance.insure()
            window.insurance.insure()  # money the box cannot have back: a second press
        press_twice(window.actions_panel.buttons["bet"])
        window.actions_panel.buttons["reveal"].click()
        if decision == "buy_game":
            press_twice(window.actions_panel.buttons["buy_game"])
        pilot.play_until(lambda: window.mode() == "payments")
        assert_russian(f"the payments after {decision}")
        pilot.settle_payments()
    pilot.play_round(confirm_payments=False)
    record = controller.round_record
    controller.overrides.adjust_payment(record.round_id, 1, 50, VERA, "ошибка в подсчёте фишек")
    window.press_next_paid()
    window.press_next_paid()
    controller.overrides.undo_confirmation(1, VERA, "выплачено не тому боксу")
    pilot.settle_payments()
    controller.raise_fault("E04", "jam", "sim")
    controller.overrides.resolve_fault("F1", VERA, "замятие устранено")
    window.refresh()


def test_the_audit_replays_every_step_in_russian(consoles: Consoles, qtbot) -> None:
    """Every round replayed step by step (draws, insurance, a bought game, an adjustment, a confirmation and
    its undoing, faults), the recall, the shift report and the verification: no English."""
    window = russian(consoles.open("classic", seed=6))
    play_a_shift(window, qtbot)
    dialog = AuditDialog.of_table(window.controller, window, viewer=VERA, background=False)
    dialog.resize(1024, 768)
    dialog.show()
    try:
        assert_russian("the audit's rounds")
        seen: list[str] = []
        for index, record in enumerate(dialog.rounds):
            dialog.select_round(index)
            for step in range(dialog.steps.count()):
                dialog.steps.setCurrentRow(step)
                seen.append(dialog.steps.item(step).text())
                assert not english_in(dialog.step_state.text()), dialog.step_state.text()
            assert_russian(f"round {record.round_id} replayed")
        text = "\n".join(seen)
        for words in ("обменял 2 карты", "купил 6-ю карту", "застраховался на 100", "купил игру дилеру",
                      "выплата скорректирована на +50", "подтверждение выплаты отменил vera (пит-босс)"):
            assert words in text, words
        assert "обмен −100" in text and "6-я карта −" in text and "прикуп" not in text  # a settlement names its draw
        for tab in range(dialog.tabs.count()):
            dialog.tabs.setCurrentIndex(tab)
            assert_russian(f"the audit's tab {dialog.tabs.tabText(tab)}")
        assert dialog.verify_label.text().startswith("Журнал проверен")
        hours = dialog.dealers.text(0, 2)  # the shift's hours with a Russian decimal comma, never "0.06"
        assert re.fullmatch(r"\d+,\d\d", hours), hours
    finally:
        dialog.close()
        dialog.deleteLater()
    assert verify_journal(list(window.controller.journal.entries())).ok


# ------------------------------------------------------------------------------------------ the words
def test_every_sentence_shape_has_its_values_in_russian(qapp) -> None:
    """Each English shape of ui.sentences is translated, and the translation keeps every value (but the
    operating system's English details of a lost link, which stay in the journal)."""
    dropped = {"The shoe's connection was lost ({0}). Stop dealing; check the cable. The controller reconnects by "
               "itself and asks the shoe to resend what it missed.": {0},
               "Could not connect to {0}: {1}. Check the address and the network.": {1},
               "Could not open serial port {0}: {1}. Check the cable and the URL.": {1},
               "The journal {0} could not be written: {1}. Play is stopped and nothing after this point was "
               "recorded. Restart rptable; a pit boss must resolve the fault.": {1},
               "Journal event {0} ({1}) cannot be replayed ({2}): the journal was damaged or edited. Keep it as it "
               "is and run `rptable audit verify`.": {2},
               "The journal {0} could not be read: {1}.": {1}}
    languages = Languages()
    languages.switch("ru")
    try:
        for shape in sentences.SHAPES:
            words = translate(sentences.CONTEXT, shape.template)
            assert words != shape.template, shape.template
            kept = {int(n) for n in re.findall(r"\{(\d+)\}", words)}
            assert kept == set(shape.order) - dropped.get(shape.template, set()), (shape.template, words)
        for word in (*sentences.WORDS, *sentences.DEVICE_STATES.values(), *sentences.CARD_FAULT_KINDS.values(),
                     *sentences.FAULT_CODES.values()):
            assert translate(sentences.CONTEXT, word) != word, word
    finally:
        languages.switch("en")


def test_every_refusal_of_a_weak_pin_is_said_in_russian(qapp) -> None:
    """A PIN refused at the console's staff desk is refused in Russian whatever the reason: the newer ones too (a
    block repeated, one of the most common, too long, not text), which stayed English."""
    from controller.table.security.users import weak_secret

    languages = Languages()
    languages.switch("ru")
    try:
        for pin in ("12345", "111111", "123456", "121212", "159753", "olga", "7" * 5 + "x" * 200, "ab\x01cdef"):
            reason = weak_secret("olga", pin)
            assert reason, pin
            said = sentences.reworded(reason)
            examples = re.sub(r"\([^)]*\)", " ", said)  # the examples of weak PINs (qwerty) stay as typed
            assert said != reason and not english_in(examples), (pin, said)
    finally:
        languages.switch("en")


def test_a_sentence_without_a_known_shape_stays_as_written(qapp) -> None:
    """A refusal the console has no words for (a newer engine's) is shown as the engine wrote it, never lost."""
    languages = Languages()
    languages.switch("ru")
    try:
        assert sentences.reworded("A reason nobody has seen.") == "A reason nobody has seen."
        assert sentences.card_fault_words(CardFault("duplicate", parse_card("QS"), "R-CARD-1", "Odd words.")) == \
            "Карта QS считана в этом раунде дважды. Прекратите сдачу; пит-босс должен проверить шуз."
    finally:
        languages.switch("en")


def pit_boss_dialog(window: ConsoleWindow) -> PitBossDialog:
    """The pit boss's page as F2 opens it (the console's own gate callbacks), logged in as vera, shown beside the
    console."""
    gate = ShoeGate(window.source.status, window.pump.reopen_gate, window.source.unlock)
    dialog = PitBossDialog(window.controller, window.users_path, window.refresh, window, gate=gate)
    dialog.name.setText("vera")
    dialog.pin.setText(shift_kit.STAFF["vera"][1])
    dialog.log_in()
    assert dialog.user is not None, dialog.feedback.text()
    dialog.show()
    return dialog


def test_legal_commands_unchanged_by_the_language(consoles: Consoles) -> None:
    """Switching the language changes words only: the same buttons are on, the same commands legal."""
    window = consoles.open("classic", seed=2)
    window.bet_panel.fill(1, 100)
    window.place_stakes()
    english = {k: b.isEnabled() for k, b in window.actions_panel.buttons.items()}
    legal = legal_commands(window.controller.round)
    russian(window)
    assert {k: b.isEnabled() for k, b in window.actions_panel.buttons.items()} == english
    assert legal_commands(window.controller.round) == legal


def test_a_table_waiting_for_its_rules_to_be_acknowledged_says_so_in_russian(tmp_path, qapp, monkeypatch) -> None:
    """The operator guard's refusal (rules that favour a skilled player, not acknowledged yet) reached the Russian
    console in English."""
    import re

    from controller.table.controller import TableController
    from controller.table.journal import Journal
    from controller.table.rule_files import load_preset
    from drivers.base import open_source
    from ui.i18n import Languages

    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path / "data"))
    languages = Languages()
    languages.switch("ru")
    journal = Journal(tmp_path / "T1.journal")
    source = open_source("sim://?seed=1&rate=0")
    window = ConsoleWindow(TableController(journal, load_preset("classic")), source,
                           users_path=str(tmp_path / "users.db"), languages=languages, pack_seed=1)
    try:
        window.resize(1024, 768)
        window.show()
        window.bet_panel.fill(1, 100)
        window.place_stakes()
        said = window.notice.message.text()
        assert said.startswith("Правила «classic» выгодны опытному игроку"), said
        assert "rptable rules acknowledge --journal" in said  # the command stays a command
        assert english_in(re.sub(r"`[^`]*`|«[^»]*»", " ", said)) == []
    finally:
        languages.switch("en")
        window.shutdown()
        window.close()
        qapp.processEvents()  # what the shoe sent before the reader stopped, while the journal is open
        source.close()
        journal.close()


ENGINE_OUTCOMES = ("win", "tie", "lose", "fold", "no_qualify", "void", "bonus_only")  # BoxSettled.outcome


def test_every_settled_outcome_is_said_in_words_in_both_languages(qapp) -> None:
    """A box settled on its bonus alone read "bonus_only" on the box, the payment line and Last 10, in English
    and in Russian: every outcome the engine settles a box with has words."""
    from ui.i18n import Languages
    from ui.words import outcome_name

    languages = Languages()
    said = {"en": [outcome_name(outcome) for outcome in ENGINE_OUTCOMES]}
    languages.switch("ru")
    try:
        said["ru"] = [outcome_name(outcome) for outcome in ENGINE_OUTCOMES]
    finally:
        languages.switch("en")
    assert said["en"][-1] == "bonus only" and said["ru"][-1] == "только бонус"
    for language, words in said.items():
        assert not any("_" in w for w in words), (language, words)  # no identifier shown as it is
    assert not any(english_in(w) for w in said["ru"]), said["ru"]
