"""A number within a sentence the engine wrote in English is said with the console's decimal mark: the operator
guard's words in Russian read "8,38%", as the rules line above them reads "8,4%" (they read "8.38%")."""

from __future__ import annotations

from controller.measured.operator_guard import rules_edge
from controller.table.rule_files import load_preset
from ui.i18n import Languages
from ui.sentences import reworded


def test_the_operator_guards_numbers_take_the_russian_decimal_mark(qapp) -> None:
    languages = Languages()
    languages.switch("ru")
    try:
        words = reworded(rules_edge(load_preset("classic")).words())
        assert "8,38%" in words and "−8,48%" in words and "8.38" not in words, words
        assert "2026-11-24" in words or "измерено" in words  # a date is not a number to localise
    finally:
        languages.switch("en")
    assert "8.38%" in reworded(rules_edge(load_preset("classic")).words())
