"""Words for the engine's names (hand categories, outcomes), translated through Qt."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from controller.hands import HandCategory


def hand_name(category: HandCategory) -> str:
    t = QCoreApplication.translate
    names = {
        HandCategory.NO_GAME: t("Words", "no game"),
        HandCategory.ACE_KING: t("Words", "ace-king"),
        HandCategory.ONE_PAIR: t("Words", "pair"),
        HandCategory.TWO_PAIR: t("Words", "two pair"),
        HandCategory.THREE_OF_A_KIND: t("Words", "three of a kind"),
        HandCategory.STRAIGHT: t("Words", "straight"),
        HandCategory.FLUSH: t("Words", "flush"),
        HandCategory.FULL_HOUSE: t("Words", "full house"),
        HandCategory.FOUR_OF_A_KIND: t("Words", "four of a kind"),
        HandCategory.STRAIGHT_FLUSH: t("Words", "straight flush"),
        HandCategory.ROYAL_FLUSH: t("Words", "royal flush"),
    }
    return names[category]


def outcome_name(outcome: str) -> str:
    t = QCoreApplication.translate
    names = {
        "win": t("Words", "wins"),
        "tie": t("Words", "ties"),
        "lose": t("Words", "loses"),
        "fold": t("Words", "folded"),
        "no_qualify": t("Words", "dealer does not qualify"),
        "void": t("Words", "void"),
    }
    return names.get(outcome, outcome)
