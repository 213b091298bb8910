"""Words for the engine's names (hand categories, outcomes, ranks), translated through Qt: a hand is named as a
dealer says it, with its ranks and its second combination ("Pair of kings + ace-king")."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from controller.core.cards import Card
from controller.core.hands import HandCategory
from controller.engine.strength import hand_value


def _tr(text: str) -> str:
    return QCoreApplication.translate("Words", text)


def hand_name(category: HandCategory) -> str:
    names = {
        HandCategory.NO_GAME: _tr("no game"),
        HandCategory.ACE_KING: _tr("ace-king"),
        HandCategory.ONE_PAIR: _tr("pair"),
        HandCategory.TWO_PAIR: _tr("two pair"),
        HandCategory.THREE_OF_A_KIND: _tr("three of a kind"),
        HandCategory.STRAIGHT: _tr("straight"),
        HandCategory.FLUSH: _tr("flush"),
        HandCategory.FULL_HOUSE: _tr("full house"),
        HandCategory.FOUR_OF_A_KIND: _tr("four of a kind"),
        HandCategory.STRAIGHT_FLUSH: _tr("straight flush"),
        HandCategory.ROYAL_FLUSH: _tr("royal flush"),
    }
    return names[category]


def outcome_name(outcome: str) -> str:
    names = {
        "win": _tr("wins"),
        "tie": _tr("ties"),
        "lose": _tr("loses"),
        "fold": _tr("folded"),
        "no_qualify": _tr("dealer does not qualify"),
        "void": _tr("void"),
    }
    return names.get(outcome, outcome)


def rank_plural(rank: int) -> str:
    """`kings`: the word for several cards of a rank (a pair of kings)."""
    return (_tr("twos"), _tr("threes"), _tr("fours"), _tr("fives"), _tr("sixes"), _tr("sevens"), _tr("eights"),
            _tr("nines"), _tr("tens"), _tr("jacks"), _tr("queens"), _tr("kings"), _tr("aces"))[rank - 2]


def rank_single(rank: int) -> str:
    """`king`: the word for one card of a rank (a straight to the king)."""
    return (_tr("two"), _tr("three"), _tr("four"), _tr("five"), _tr("six"), _tr("seven"), _tr("eight"),
            _tr("nine"), _tr("ten"), _tr("jack"), _tr("queen"), _tr("king"), _tr("ace"))[rank - 2]


def hand_words(cards: Sequence[Card], paid: Sequence[HandCategory] = ()) -> str:
    """The best hand of these (public) cards with its ranks, and the second combination paid, if any:
    "Pair of kings + ace-king", "Full house, queens over fives", "Straight to the nine"."""
    value = hand_value(cards)
    ranks = value.tiebreak
    category = value.category
    if category is HandCategory.ONE_PAIR:
        words = _tr("pair of {0}").format(rank_plural(ranks[0]))
    elif category is HandCategory.TWO_PAIR:
        words = _tr("two pair, {0} and {1}").format(rank_plural(ranks[0]), rank_plural(ranks[1]))
    elif category is HandCategory.THREE_OF_A_KIND:
        words = _tr("three {0}").format(rank_plural(ranks[0]))
    elif category is HandCategory.FULL_HOUSE:
        words = _tr("full house, {0} over {1}").format(rank_plural(ranks[0]), rank_plural(ranks[1]))
    elif category is HandCategory.FOUR_OF_A_KIND:
        words = _tr("four {0}").format(rank_plural(ranks[0]))
    elif category in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        template = _tr("straight to the {0}") if category is HandCategory.STRAIGHT else _tr(
            "straight flush to the {0}")
        words = template.format(rank_single(ranks[0]))
    elif category is HandCategory.FLUSH:
        words = _tr("flush, {0} high").format(rank_single(ranks[0]))
    elif category is HandCategory.NO_GAME:
        words = _tr("no game, {0} high").format(rank_single(ranks[0]))
    else:
        words = hand_name(category)
    words += "".join(" + " + hand_name(second) for second in paid[1:])
    return words[:1].upper() + words[1:]
