"""Words for the engine's names (hand categories, outcomes), translated through Qt."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from controller.core.hands import HandCategory


def hand_name(category: HandCategory) -> str:
    names = {
        HandCategory.NO_GAME: QCoreApplication.translate("Words", "no game"),
        HandCategory.ACE_KING: QCoreApplication.translate("Words", "ace-king"),
        HandCategory.ONE_PAIR: QCoreApplication.translate("Words", "pair"),
        HandCategory.TWO_PAIR: QCoreApplication.translate("Words", "two pair"),
        HandCategory.THREE_OF_A_KIND: QCoreApplication.translate("Words", "three of a kind"),
        HandCategory.STRAIGHT: QCoreApplication.translate("Words", "straight"),
        HandCategory.FLUSH: QCoreApplication.translate("Words", "flush"),
        HandCategory.FULL_HOUSE: QCoreApplication.translate("Words", "full house"),
        HandCategory.FOUR_OF_A_KIND: QCoreApplication.translate("Words", "four of a kind"),
        HandCategory.STRAIGHT_FLUSH: QCoreApplication.translate("Words", "straight flush"),
        HandCategory.ROYAL_FLUSH: QCoreApplication.translate("Words", "royal flush"),
    }
    return names[category]


def outcome_name(outcome: str) -> str:
    names = {
        "win": QCoreApplication.translate("Words", "wins"),
        "tie": QCoreApplication.translate("Words", "ties"),
        "lose": QCoreApplication.translate("Words", "loses"),
        "fold": QCoreApplication.translate("Words", "folded"),
        "no_qualify": QCoreApplication.translate("Words", "dealer does not qualify"),
        "void": QCoreApplication.translate("Words", "void"),
    }
    return names.get(outcome, outcome)
