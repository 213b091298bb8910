"""One command, one place: each action word stands for exactly one command class, entered where the class is
defined; `build_command` and the guide's legal actions read that registry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest
from roundkit import deal_order

from controller.engine import ActionKind, Command, CorrectCard, Fold, LegalAction, build_command, do, new_round
from controller.engine import legal_commands as legal
from controller.engine.commands.base import COMMANDS, ActionArgs, check_complete, registered
from controller.engine.guide import TURN_DECISIONS, turn_actions
from controller.table.rule_files import load_preset
from drivers.cards import parse_card

ACE = parse_card("AS")


def test_every_action_word_has_exactly_one_command_class_in_the_registry():
    assert set(COMMANDS) == set(ActionKind)
    assert len(set(COMMANDS.values())) == len(ActionKind)
    for word, cls in COMMANDS.items():
        assert issubclass(cls, Command) and cls.action is word


@pytest.mark.parametrize("word", list(ActionKind))
def test_every_action_word_builds_its_command_through_the_registry(word):
    command = build_command(word, 3, discards=(ACE,), amount=10, card=ACE, actor="pit boss 7", reason="misread")
    assert type(command) is COMMANDS[word]
    assert command.action is word


@pytest.mark.parametrize(("word", "kwargs", "text"), [
    ("fold", {}, "The action 'fold' needs a box."),
    ("exchange", {}, "The action 'exchange' needs a box."),
    ("place_stakes", {"box": 2}, "The action 'place_stakes' needs an ante (amount)."),
    ("insure", {"box": 2}, "The action 'insure' needs an amount."),
    ("correct_card", {}, "The action 'correct_card' needs the right card."),
])
def test_an_action_missing_what_its_command_needs_is_refused_in_the_same_words(word, kwargs, text):
    with pytest.raises(ValueError) as refused:
        build_command(word, **kwargs)
    assert str(refused.value) == text


def test_an_unknown_action_word_is_refused_with_a_value_error():
    with pytest.raises(ValueError, match="shuffle"):
        build_command("shuffle", 1)


def test_a_second_command_class_for_a_word_is_refused_where_it_is_defined():
    with pytest.raises(TypeError, match="'fold' stands for two commands: Fold and"):
        @registered
        @dataclass(frozen=True, slots=True)
        class FoldTwice(Command):
            action: ClassVar[ActionKind] = ActionKind.FOLD
            box: int

            def verify(self, state):
                pass

            def execute(self, state, log):
                pass

            @classmethod
            def from_action(cls, args):
                return cls(args.numbered_box)
    assert COMMANDS[ActionKind.FOLD] is Fold


def test_a_word_without_its_command_class_is_named_by_the_completeness_check(monkeypatch):
    check_complete()
    monkeypatch.delitem(COMMANDS, ActionKind.CORRECT_CARD)
    with pytest.raises(TypeError, match="correct_card"):
        check_complete()
    monkeypatch.setitem(COMMANDS, ActionKind.CORRECT_CARD, CorrectCard)
    check_complete()


def test_the_guide_lists_each_decision_as_its_command_class_offers_it():
    """R-TABLE-1: box 1's turn; each decision the guide lists is the one its class describes (ranges, price)."""
    rules = load_preset("classic")
    state = new_round(rules)
    do(state, build_command("place_stakes", 1, amount=10))
    do(state, build_command("place_stakes", 2, amount=25))
    for code in deal_order({1: ["2S", "4H", "6C", "8D", "TH"], 2: ["2H", "5H", "9H", "JH", "KH"]},
                           ["QC", "JD", "8S", "4D", "2C"]):
        do(state, build_command("card", card=parse_card(code)))
    offered = [COMMANDS[word].offer(state, 1) for word in TURN_DECISIONS]
    assert list(turn_actions(state)) == [action for action in offered if action is not None]
    assert [a for a in legal(state) if a.box == 1] == list(turn_actions(state))
    bet = next(a for a in turn_actions(state) if a.kind is ActionKind.BET)
    assert bet == LegalAction(ActionKind.BET, 1, price=20)
    assert COMMANDS[ActionKind.FOLD].offer(state, 2) is None  # not box 2's turn
    assert COMMANDS[ActionKind.PLACE_JACKPOT].offer(state, 1) is None  # the table offers it, not the guide


def test_action_args_name_what_is_missing_in_the_actions_own_word():
    with pytest.raises(ValueError, match=r"The action 'bet' needs a box\."):
        ActionArgs(ActionKind.BET).numbered_box  # noqa: B018
