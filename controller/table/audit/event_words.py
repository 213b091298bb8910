"""A round's engine events in plain English for a pit boss reading `audit show` at a terminal ("box 1 bets 200",
"dealer shows a pair of sevens: qualifies"), never the journal's field names. The console says the same steps in
the pit boss's language through Qt's translator (ui.replay_words); the table's own events word themselves
(TableEvent.describe)."""

from __future__ import annotations

from controller.core.hands import HandCategory
from controller.engine import events as ev
from drivers.cards import Card

CONSEQUENCES = (ev.BoxSettled, ev.RoundClosed, ev.BonusSettled, ev.JackpotSettled, ev.JackpotVoided)
"""Events the rules make of a command (a settlement, the close), not anyone's own act: no person is named."""


OUTCOMES = {"win": "wins", "lose": "loses", "tie": "ties", "fold": "folded", "no_qualify": "dealer does not qualify",
            "void": "void", "bonus_only": "bonus only"}


def hand_name(category: HandCategory | str) -> str:
    """ONE_PAIR (or its name, as a round's summary gives it) -> "one pair"."""
    return (HandCategory[category] if isinstance(category, str) else category).words


def outcome_words(outcome: str) -> str:
    """A box's outcome as the settlement names it ("no_qualify") in words ("dealer does not qualify")."""
    return OUTCOMES.get(outcome, outcome.replace("_", " "))


def cards_text(cards: tuple[Card, ...]) -> str:
    return " ".join(card.code for card in cards)


def event_words(event: ev.Event) -> str:
    """One engine event in words."""
    match event:
        case ev.StakesPlaced():
            return (f"box {event.box}: ante {event.ante}" + (f", bonus {event.bonus}" if event.bonus else "")
                    + (", blind" if event.blind else "") + (f", player {event.player}" if event.player else ""))
        case ev.StakesWithdrawn():
            return f"box {event.box}: stakes withdrawn"
        case ev.BetsClosed():
            return "bets closed: boxes " + ", ".join(str(n) for n in event.boxes)
        case ev.CardPlaced():
            target = "the dealer" if event.to == ev.DEALER else f"box {event.to}"
            return f"card {event.card.code} to {target}" + (" (face up)" if event.face_up else "")
        case ev.BonusSettled():
            return f"box {event.box}: bonus on {hand_name(event.best)}, {event.result:+,}"
        case ev.JackpotStaked():
            return f"box {event.box}: jackpot stake {event.stake}"
        case ev.JackpotSettled():
            return f"box {event.box}: jackpot on {hand_name(event.best)}, stake {event.stake}"
        case ev.JackpotVoided():
            return f"box {event.box}: jackpot stake {event.stake} returned"
        case ev.Folded():
            return f"box {event.box} folds"
        case ev.BetPlaced():
            return f"box {event.box} bets {event.amount:,}"
        case ev.SixthCardBought():
            return f"box {event.box} buys a 6th card for {event.price:,}"
        case ev.CardsExchanged():
            return f"box {event.box} exchanges {cards_text(event.discards)} for {event.price:,}"
        case ev.InsurancePlaced():
            return f"box {event.box} insures for {event.amount:,}"
        case ev.DiscardsReshuffled():
            return f"{len(event.cards)} discards reshuffled into the stock"
        case ev.DealerRevealed() | ev.DealerRevealedV1():
            buyers = getattr(event, "buyers", ())  # a first-version reveal named none
            buying = f"; boxes {', '.join(map(str, buyers))} may buy a game" if buyers else ""
            return (f"dealer shows {hand_name(event.best)}: "
                    + ("qualifies" if event.qualified else "does not qualify") + buying)
        case ev.GameBought():
            return f"box {event.box} buys the dealer a game for {event.price:,}"
        case ev.AnteTaken():
            return f"box {event.box} takes the ante"
        case ev.BuyingClosed():
            return "buying closed"
        case ev.DealerCardReplaced() | ev.DealerCardReplacedV1():
            return f"dealer replaces {event.discarded.code} with {event.card.code}" + (" (free)" if event.free else "")
        case ev.DealerDrawEnded():
            return (f"dealer ends with {hand_name(event.best)}: "
                    + ("qualifies" if event.qualified else "does not qualify"))
        case ev.BoxSettled():
            return (f"box {event.box} settled: {outcome_words(event.outcome)}, {hand_name(event.best)}, "
                    f"net {event.net:+,}")
        case ev.RoundClosed():
            return f"round closed: house net {event.house_net:+,}"
        case ev.CardFault():
            return f"card fault: {event.text}"
        case ev.FaultResolved():
            card = f" with {event.card.code}" if event.card is not None else ""
            return f"fault resolved{card} by {event.actor}: {event.reason}"
        case ev.RoundVoided():
            return f"round voided by {event.actor}: {event.reason}"
    return type(event).__name__  # an event kind this table has no words for yet: at least its name
