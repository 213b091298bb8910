"""A round's steps in words for the pit boss's replay ("Box 3 exchanged 2 cards (price 100)"), and the round as
it stood at a step (the dealer's cards, each box's stakes, settlement line by line, adjustments and confirmed
payment), translated through Qt. The steps are the round's journal entries, as the table's history keeps them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from PySide6.QtCore import QCoreApplication

from controller.core.hands import HandCategory
from controller.engine import events as ev  # the round's events, each worded below
from controller.table import table_events as te  # the table's own events, each worded below
from controller.table.history import RoundAtStep
from controller.table.round_record import Step
from drivers.cards import Card
from ui.format import amount, card_face, signed_amount
from ui.payments import draw_name, drawn_word, settlement_lines
from ui.sentences import card_fault_words, device_fault_words, reworded
from ui.showdown_view import spot_label
from ui.words import hand_name, outcome_name, phase_name, who


def when(ts: float | None) -> str:
    """A journal time as a pit boss reads it: the time of day."""
    return datetime.fromtimestamp(ts).strftime("%H:%M:%S") if ts else "—"


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(card_face(c) for c in cards) or "—"


def steps_text(steps: Sequence[Step], round_id: str) -> list[str]:
    """Each step of the round `round_id` in words; a box's settlement names its draw line by what the box drew
    in the steps before (a 6th card or an exchange)."""
    sixth: set[int] = set()
    exchanged: set[int] = set()
    out = []
    for step in steps:
        event = step.event
        if isinstance(event, ev.SixthCardBought):
            sixth.add(event.box)
        elif isinstance(event, ev.CardsExchanged):
            exchanged.add(event.box)
        draw = (drawn_word(sixth=event.box in sixth, exchanged=event.box in exchanged)
                if isinstance(event, ev.BoxSettled) else None)
        out.append(step_text(step, round_id, draw=draw))
    return out


def step_text(step: Step, round_id: str, *, draw: str | None = None) -> str:
    """One step of the round `round_id` in words; an adjustment of another round made while this one was in
    play names that round. `draw`: a settlement's draw line's name, when what the box drew is known."""
    event = step.event
    if isinstance(event, te.PaymentAdjusted) and event.round_id != round_id:
        return QCoreApplication.translate("Replay", "Round {0}: {1}").format(event.round_id, _table_step(event))
    if isinstance(event, te.TableEvent):
        return _table_step(event)
    return _round_step(event, draw)


def _round_step(event: ev.Event, draw: str | None = None) -> str:
    match event:
        case ev.StakesPlaced():
            text = QCoreApplication.translate("Replay", "Box {0}: ante {1}").format(event.box, amount(event.ante))
            if event.bonus:
                text += ", " + QCoreApplication.translate("Replay", "bonus {0}").format(amount(event.bonus))
            if event.blind:
                text += ", " + QCoreApplication.translate("Replay", "blind (bet {0})").format(amount(event.bet))
            return text
        case ev.StakesWithdrawn():
            return QCoreApplication.translate("Replay", "Box {0} withdrew its stakes").format(event.box)
        case ev.BetsClosed():
            return QCoreApplication.translate("Replay", "Bets closed: boxes {0}").format(
                ", ".join(map(str, event.boxes)))
        case ev.CardPlaced() if event.to == ev.DEALER:
            text = QCoreApplication.translate("Replay", "Dealer gets {0}").format(card_face(event.card))
            return text + (" " + QCoreApplication.translate("Replay", "(face up)") if event.face_up else "")
        case ev.CardPlaced():
            return QCoreApplication.translate("Replay", "Box {0} gets {1}").format(event.to, card_face(event.card))
        case ev.BonusSettled():
            return QCoreApplication.translate("Replay", "Box {0}: bonus for {1} {2}").format(
                event.box, hand_name(event.best), signed_amount(event.result))
        case ev.Folded():
            return QCoreApplication.translate("Replay", "Box {0} folded").format(event.box)
        case ev.BetPlaced():
            return QCoreApplication.translate("Replay", "Box {0} bet {1}").format(event.box, amount(event.amount))
        case ev.SixthCardBought():
            return QCoreApplication.translate("Replay", "Box {0} bought a 6th card (price {1})").format(
                event.box, amount(event.price))
        case ev.CardsExchanged() if len(event.discards) == 1:
            return QCoreApplication.translate("Replay", "Box {0} exchanged 1 card (price {1}): {2}").format(
                event.box, amount(event.price), cards_text(event.discards))
        case ev.CardsExchanged():
            count = len(event.discards)  # a plain name: pyside6-lupdate finds a count's string only so
            return QCoreApplication.translate("Replay", "Box {0} exchanged %n cards (price {1}): {2}", None,
                                              count).format(event.box, amount(event.price), cards_text(event.discards))
        case ev.InsurancePlaced():
            return QCoreApplication.translate("Replay", "Box {0} insured for {1}").format(
                event.box, amount(event.amount))
        case ev.DiscardsReshuffled():
            count = len(event.cards)
            return QCoreApplication.translate("Replay", "The discards (%n cards) were shuffled into the stock", None,
                                              count)
        case ev.DealerRevealed() | ev.DealerRevealedV1():
            return _dealer_hand(QCoreApplication.translate("Replay", "Dealer shows {0}: {1}"), event.best,
                                event.qualified)
        case ev.GameBought():
            return QCoreApplication.translate("Replay", "Box {0} bought the dealer a game (price {1})").format(
                event.box, amount(event.price))
        case ev.AnteTaken():
            return QCoreApplication.translate("Replay", "Box {0} took the ante").format(event.box)
        case ev.BuyingClosed():
            return QCoreApplication.translate("Replay", "Buying closed")
        case ev.DealerCardReplaced() | ev.DealerCardReplacedV1():
            text = QCoreApplication.translate("Replay", "Dealer's {0} replaced by {1}").format(
                card_face(event.discarded), card_face(event.card))
            if isinstance(event, ev.DealerCardReplaced) and event.again:
                text += " — " + QCoreApplication.translate("Replay", "same rank: replaced again")
            return text
        case ev.DealerDrawEnded():
            return _dealer_hand(QCoreApplication.translate("Replay", "Dealer ends with {0}: {1}"), event.best,
                                event.qualified)
        case ev.BoxSettled():
            text = QCoreApplication.translate("Replay", "Box {0} settled — {1}: {2}").format(
                event.box, outcome_name(event.outcome), signed_amount(event.net))
            lines = settlement_lines(event, draw=draw)
            return text + (f" ({lines})" if lines else "")
        case ev.RoundClosed():
            return QCoreApplication.translate("Replay", "Round closed: house net {0}").format(
                signed_amount(event.house_net))
        case ev.CardFault():
            return QCoreApplication.translate("Replay", "Card fault: {0}").format(card_fault_words(event))
        case ev.FaultResolved():
            return QCoreApplication.translate("Replay", "Card fault resolved by {0} ({1}): {2}").format(
                who(event.actor), _resolution(event.resolution), event.reason)
        case ev.RoundVoided():
            return QCoreApplication.translate("Replay", "Round voided by {0}: {1}").format(who(event.actor),
                                                                                            event.reason)
    return type(event).__name__


def _resolution(resolution: str) -> str:
    """How a pit boss resolved a card fault: the right card entered, or the read dismissed."""
    words = {"corrected": QCoreApplication.translate("Replay", "card corrected"),
             "dismissed": QCoreApplication.translate("Replay", "read dismissed")}
    return words.get(resolution, resolution)


def _dealer_hand(template: str, best: HandCategory, qualified: bool) -> str:
    verdict = (QCoreApplication.translate("Replay", "qualifies") if qualified else
               QCoreApplication.translate("Replay", "does not qualify"))
    return template.format(hand_name(best), verdict)


def _table_step(event: te.TableEvent) -> str:
    match event:
        case te.RoundOpened():
            return QCoreApplication.translate("Replay", "Round {0} opened (house rules {1})").format(
                event.round_id, event.rules_name)
        case te.PaymentAdjusted():
            return QCoreApplication.translate("Replay", "Box {0}: payment adjusted {1} by {2}: {3}").format(
                event.box, signed_amount(event.amount), who(event.actor), event.reason)
        case te.PaymentConfirmed() if event.amount > 0:
            return QCoreApplication.translate("Replay", "Box {0}: paid {1}, confirmed by {2}").format(
                event.box, amount(event.amount), who(event.actor))
        case te.PaymentConfirmed() if event.amount < 0:
            return QCoreApplication.translate("Replay", "Box {0}: collected {1}, confirmed by {2}").format(
                event.box, amount(-event.amount), who(event.actor))
        case te.PaymentConfirmed():
            return QCoreApplication.translate("Replay", "Box {0}: stakes returned, confirmed by {1}").format(
                event.box, who(event.actor))
        case te.SecondPerson() if event.what == "void":
            return QCoreApplication.translate("Replay", "Void of {0} by {1}, approved by a second pit boss, "
                                                        "{2}").format(amount(event.amount), who(event.first),
                                                                      who(event.actor))
        case te.SecondPerson():
            return QCoreApplication.translate("Replay", "Adjustment of {0} by {1}, approved by a second pit boss, "
                                                        "{2}").format(signed_amount(event.amount), who(event.first),
                                                                      who(event.actor))
        case te.ConfirmationUndone():
            return QCoreApplication.translate("Replay", "Box {0}: payment confirmation undone by {1}: {2}").format(
                event.box, who(event.actor), event.reason)
        case te.TableFaultRaised():
            return QCoreApplication.translate("Replay", "Table fault {0} ({1}): {2}").format(
                event.fault_id, event.code, device_fault_words(event.code, event.text))
        case te.TableFaultResolved():
            return QCoreApplication.translate("Replay", "Table fault {0} resolved by {1}: {2}").format(
                event.fault_id, who(event.actor), reworded(event.reason))
        case te.CardHeld():
            return QCoreApplication.translate("Replay", "Card {0} from the shoe held back: {1}").format(
                event.card, reworded(event.why))
        case te.RulesSet():
            return QCoreApplication.translate("Replay", "House rules {0} set by {1}: {2}").format(
                event.rules.name, who(event.actor), event.reason)
        case te.ClockRebased():
            return QCoreApplication.translate("Replay", "Clock accepted by {0}: from {1} on, events are timed "
                                                        "{2}").format(who(event.actor), when(event.from_at),
                                                                      when(event.to_at))
        case te.SessionMarked():
            return QCoreApplication.translate("Replay", "Session: {0}").format(event.mode)
        case te.DealerSignedIn():
            return QCoreApplication.translate("Replay", "{0} signed in to deal").format(who(event.dealer))
        case te.DealerSignedOut():
            return QCoreApplication.translate("Replay", "{0} signed out").format(who(event.dealer))
        case te.ShowdownSeen() if event.switched:
            return QCoreApplication.translate("Replay", "Camera at showdown: a card switched ({0})").format(
                "; ".join(d.describe() for d in event.card_differences()))
        case te.ShowdownSeen() if event.ask_again:
            return QCoreApplication.translate("Replay", "Camera at showdown: could not read {0}").format(
                ", ".join(spot_label(spot) for spot in event.spots_asked()))
        case te.ShowdownSeen():
            return QCoreApplication.translate("Replay", "Camera at showdown: every card where the shoe dealt it")
    return event.describe()


def round_at_step_text(at: RoundAtStep) -> str:
    """The round as it stood at a step, in plain lines: the dealer's cards, then each box (its stakes, then its
    settlement line by line with the adjustments and the confirmed payment made by then), then the phase."""
    state = at.state
    lines = [QCoreApplication.translate("AuditDialog", "Dealer: {0}").format(cards_text(state.dealer))]
    for number in state.order:
        box = state.boxes[number]
        stakes = [QCoreApplication.translate("AuditDialog", "ante") + f" {amount(box.ante)}"]
        for word, value in ((QCoreApplication.translate("AuditDialog", "bonus"), box.bonus),
                            (QCoreApplication.translate("AuditDialog", "bet"), box.bet),
                            (draw_name(box), box.draw_paid),
                            (QCoreApplication.translate("AuditDialog", "insurance"), box.insurance),
                            (QCoreApplication.translate("AuditDialog", "game bought"), box.buy_paid)):
            if value:
                stakes.append(f"{word} {amount(value)}")
        lines.append(QCoreApplication.translate("AuditDialog", "Box {0}: {1}  ({2})").format(
            number, cards_text(box.cards), ", ".join(stakes)))
        settled = box.settlement
        if settled is None:
            continue
        adjustment = at.adjusted.get(number, 0)
        net = settled.net + adjustment
        result = f"    → {outcome_name(settled.outcome)} {signed_amount(net)}"
        detail = settlement_lines(settled, adjustment, box)
        lines.append(result + (f"  ({detail})" if detail else ""))
        confirmed = at.confirmed.get(number)
        if confirmed is not None:
            lines.append("    ✓ " + QCoreApplication.translate("AuditDialog", "{0} confirmed by {1}").format(
                signed_amount(confirmed.amount), who(confirmed.actor)))
    lines.append(QCoreApplication.translate("AuditDialog", "Phase: {0}").format(phase_name(state.phase)))
    return "\n".join(lines)
