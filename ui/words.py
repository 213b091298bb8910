"""Words for the engine's names (hand categories, outcomes, ranks), translated through Qt: a hand is named as a
dealer says it, with its ranks and its second combination ("Pair of kings + ace-king")."""

from __future__ import annotations

from collections.abc import Sequence

from controller.core.hands import HandCategory
from controller.engine import BoxState, BuyChoice, Phase
from controller.engine.strength import hand_value
from controller.table.security.users import name_in
from drivers.cards import Card
from ui.i18n import translate


def hand_name(category: HandCategory) -> str:
    names = {
        HandCategory.NO_GAME: translate("Words", "no game"),
        HandCategory.ACE_KING: translate("Words", "ace-king"),
        HandCategory.ONE_PAIR: translate("Words", "pair"),
        HandCategory.TWO_PAIR: translate("Words", "two pair"),
        HandCategory.THREE_OF_A_KIND: translate("Words", "three of a kind"),
        HandCategory.STRAIGHT: translate("Words", "straight"),
        HandCategory.FLUSH: translate("Words", "flush"),
        HandCategory.FULL_HOUSE: translate("Words", "full house"),
        HandCategory.FOUR_OF_A_KIND: translate("Words", "four of a kind"),
        HandCategory.STRAIGHT_FLUSH: translate("Words", "straight flush"),
        HandCategory.ROYAL_FLUSH: translate("Words", "royal flush"),
    }
    return names[category]


def category_words(category: str) -> str:
    """The jackpot meter keeps a hand's category by its name (`ROYAL_FLUSH`): said as the console says it."""
    try:
        return hand_name(HandCategory[category])
    except KeyError:
        return category


def outcome_name(outcome: str) -> str:
    names = {
        "win": translate("Words", "wins"),
        "tie": translate("Words", "ties"),
        "lose": translate("Words", "loses"),
        "fold": translate("Words", "folded"),
        "no_qualify": translate("Words", "dealer does not qualify"),
        "void": translate("Words", "void"),
        "bonus_only": translate("Words", "bonus only"),  # R-BET-1: a box that staked the bonus alone
    }
    return names.get(outcome, outcome)


def rank_plural(rank: int) -> str:
    """`kings`: the word for several cards of a rank (a pair of kings)."""
    return (translate("Words", "twos"), translate("Words", "threes"), translate("Words", "fours"),
            translate("Words", "fives"), translate("Words", "sixes"), translate("Words", "sevens"),
            translate("Words", "eights"), translate("Words", "nines"), translate("Words", "tens"),
            translate("Words", "jacks"), translate("Words", "queens"), translate("Words", "kings"),
            translate("Words", "aces"))[rank - 2]


def rank_single(rank: int) -> str:
    """`king`: the word for one card of a rank after "to the" or "high" (a straight to the king, a flush king
    high): some languages inflect it there."""
    return (translate("Words", "two"), translate("Words", "three"), translate("Words", "four"),
            translate("Words", "five"), translate("Words", "six"), translate("Words", "seven"),
            translate("Words", "eight"), translate("Words", "nine"), translate("Words", "ten"),
            translate("Words", "jack"), translate("Words", "queen"), translate("Words", "king"),
            translate("Words", "ace"))[rank - 2]


def rank_name(rank: int) -> str:
    """`king`: a rank named on its own (no game, king high)."""
    return (translate("Rank", "two"), translate("Rank", "three"), translate("Rank", "four"),
            translate("Rank", "five"), translate("Rank", "six"), translate("Rank", "seven"),
            translate("Rank", "eight"), translate("Rank", "nine"), translate("Rank", "ten"),
            translate("Rank", "jack"), translate("Rank", "queen"), translate("Rank", "king"),
            translate("Rank", "ace"))[rank - 2]


def settled_words(box: BoxState) -> str:
    """What a settled box came to, as the dealer reads it on the box and in the payment list: "Pair of kings +
    ace-king — wins", "No game, ace high — dealer does not qualify · took the ante", "folded"."""
    settled = box.settlement
    assert settled is not None
    words = outcome_name(settled.outcome)
    if settled.outcome in ("fold", "void"):
        return words
    words = hand_words(box.cards, settled.paid) + " — " + words
    if box.buy_choice is BuyChoice.ANTE:  # R-BUY-1: the box could have bought the dealer a game
        words += " · " + translate("Words", "took the ante")
    return words


def hand_words(cards: Sequence[Card], paid: Sequence[HandCategory] = ()) -> str:
    """The best hand of these (public) cards with its ranks, and the second combination paid, if any:
    "Pair of kings + ace-king", "Full house, queens over fives", "Straight to the nine"."""
    value = hand_value(cards)
    ranks = value.tiebreak
    category = value.category
    if category is HandCategory.ONE_PAIR:
        words = translate("Words", "pair of {0}").format(rank_plural(ranks[0]))
    elif category is HandCategory.TWO_PAIR:
        words = translate("Words", "two pair, {0} and {1}").format(rank_plural(ranks[0]), rank_plural(ranks[1]))
    elif category is HandCategory.THREE_OF_A_KIND:
        words = translate("Words", "three {0}").format(rank_plural(ranks[0]))
    elif category is HandCategory.FULL_HOUSE:
        words = translate("Words", "full house, {0} over {1}").format(rank_plural(ranks[0]), rank_plural(ranks[1]))
    elif category is HandCategory.FOUR_OF_A_KIND:
        words = translate("Words", "four {0}").format(rank_plural(ranks[0]))
    elif category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        if category is HandCategory.STRAIGHT:
            words = translate("Words", "straight to the {0}").format(rank_single(ranks[0]))
        else:
            words = translate("Words", "straight flush to the {0}").format(rank_single(ranks[0]))
    elif category is HandCategory.FLUSH:
        words = translate("Words", "flush, {0} high").format(rank_single(ranks[0]))
    elif category is HandCategory.NO_GAME:
        words = translate("Words", "no game, {0} high").format(rank_name(ranks[0]))
    else:
        words = hand_name(category)
    words += "".join(" + " + hand_name(second) for second in paid[1:])
    return words[:1].upper() + words[1:]


def who(actor: str) -> str:
    """A journal's actor as a person reads it: `pit_boss:boris` -> "boris (pit boss)"."""
    role, _, name = actor.partition(":")
    if not name:
        return translate("Replay", "the dealer") if actor == "dealer" else actor
    roles = {"dealer": translate("Replay", "dealer"),
             "pit_boss": translate("Replay", "pit boss"),
             "admin": translate("Replay", "admin"),
             "source": translate("Replay", "the device")}
    return f"{name_in(actor)} ({roles.get(role, role)})"


def phase_name(phase: Phase) -> str:
    """The round's moment in a few words."""
    names = {
        Phase.BETTING: translate("AuditDialog", "betting"),
        Phase.DEALING: translate("AuditDialog", "dealing"),
        Phase.DECISIONS: translate("AuditDialog", "decisions"),
        Phase.REVEAL: translate("AuditDialog", "reveal"),
        Phase.BUYING: translate("AuditDialog", "buying"),
        Phase.DEALER_DRAW: translate("AuditDialog", "dealer draws"),
        Phase.CLOSED: translate("AuditDialog", "closed"),
    }
    return names[phase]
