"""GAME_RULES.md §5: the six presets load, show as valid TOML, and a bad rules file is refused precisely."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.cli.rules import to_toml
from controller.core.hands import HandCategory
from controller.core.rules import RulesError, rules_from_mapping, rules_from_toml
from controller.table.rule_files import load_preset, load_rules, preset_names

SIX = ["classic", "online", "progressive", "four-seat", "russian-club", "caribbean-stud"]


def test_every_row_of_section_5_is_a_preset_with_notes_on_its_source():
    assert preset_names() == SIX
    for name in SIX:
        rules = load_preset(name)
        assert rules.name == name and rules.source and rules.notes.strip()


@pytest.mark.parametrize("name", SIX)
def test_rules_show_is_itself_a_valid_rules_file(name):
    rules = load_preset(name)
    assert rules_from_toml(to_toml(rules)) == rules


def test_section_5_table_rows():
    c, o, p, f, r, cs = (load_preset(n) for n in SIX)
    assert [x.table.boxes for x in (c, o, p, f, r, cs)] == [6, 6, 6, 4, 4, 7]
    assert [x.table.open_boxes_per_player for x in (c, o, p, f, r)] == [2, 2, 2, 1, 2]
    assert [x.ante_on_win for x in (c, o, p, f, r, cs)] == [
        "paid_if_no_draw", "returned", "returned", "returned", "returned", "paid"]
    assert (c.draw.exchange_max_cards, o.draw.exchange_max_cards, r.draw.exchange_price) == (4, 5, "per_card")
    # R-ACT-5: "some casinos' rule" is a setting classic leaves off; seed 002's rising repeat is on.
    assert [x.draw.repeat_single for x in (c, o, p, f, r)] == ["none", "none", "rising", "none", "none"]
    # R-ACT-7: seed 002 exchanges "until the deck is exhausted"; the others reshuffle the discards.
    assert [x.draw.when_stock_runs_out for x in (c, o, p, f, r)] == [
        "reshuffle_discards", "reshuffle_discards", "refuse", "reshuffle_discards", "reshuffle_discards"]
    assert (c.insurance.max, c.insurance.min_antes, o.insurance.min_antes, p.insurance.min_antes) == (
        "half_potential", 0, 2, 1)
    # R-SETTLE-3: returned when the dealer's hand wins in 001, 002, 004; on a tie in 001 only.
    assert [x.insurance.if_dealer_wins for x in (c, o, p, f, r)] == [
        "lost", "returned", "returned", "lost", "returned"]
    assert [x.insurance.if_tie for x in (c, o, p, f, r)] == ["lost", "returned", "lost", "lost", "lost"]
    assert [x.buy_game.cost for x in (c, p, f)] == ["separate_ante", "ante_is_payment", "ante_is_payment"]
    assert (r.buy_game.who, c.buy_game.who) == ("any", "uninsured")
    # R-BUY-3: without limit (000, 004), up to 3 (002), never (003), until he qualifies with one box (001).
    assert [x.buy_game.redraw for x in (c, o, p, f, r)] == [
        "while_unchanged", "until_qualifies_single_box", "while_unchanged", "none", "while_unchanged"]
    assert [x.buy_game.max_free_redraws for x in (c, p, r)] == [0, 3, 0]
    # R-TABLE-2: seed 004 has no blind boxes; R-BET-1: 000 and 002 take a bonus instead of the ante.
    assert [x.table.blind_boxes for x in (c, o, p, f, r)] == [True, True, True, True, False]
    assert [x.bonus.instead_of_ante for x in (c, o, p, f, r)] == [True, False, True, False, False]
    assert o.bonus.pays.pay(HandCategory.ROYAL_FLUSH) == 1000 and o.bonus.pays.pay(HandCategory.TWO_PAIR) == 0
    assert not (cs.insurance.enabled or cs.buy_game.enabled or cs.bonus.enabled or cs.pays.two_combinations)


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"draw": {"exchange_price": "fixed"}},
         "field draw.exchange_price: 'fixed' is not allowed; allowed: flat, per_card, by_count"),
        ({"table": {"boxes": 0}},
         "field table.boxes: 0 is not allowed; allowed: a whole number from 1 to 9"),
        ({"table": {"boxes": "six"}}, "field table.boxes: 'six' is not allowed; allowed: a whole number"),
        ({"insurance": {"enabled": "yes"}},
         "field insurance.enabled: 'yes' is not allowed; allowed: true or false"),
        ({"dealer": {"qualifies_with": "PAIR"}},
         "field dealer.qualifies_with: 'PAIR' is not allowed; allowed: NO_GAME, ACE_KING, ONE_PAIR"),
        ({"draw": {"exchnage_max_cards": 3}},
         "field draw.exchnage_max_cards: 3 is not allowed; allowed: no such"),
        ({"table": {"ante_min": 50, "ante_max": 10}}, "field table.ante_max: 10 is not allowed"),
        ({"colour": "red"}, "field colour: 'red' is not allowed"),
        ({"insurance": {"if_tie": "pushed"}},
         "field insurance.if_tie: 'pushed' is not allowed; allowed: lost, returned"),
    ],
)
def test_a_bad_rules_file_names_the_field_the_value_and_what_is_allowed(patch, message):
    data = {"name": "house"}
    data.update(patch)
    with pytest.raises(RulesError) as err:
        rules_from_mapping(data, "house.toml")
    assert str(err.value).startswith("house.toml: ")
    assert message in str(err.value)


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        # A bonus instead of the ante on a table with no bonus bet.
        ({"bonus": {"enabled": False, "instead_of_ante": True}},
         "field bonus.instead_of_ante: true is not allowed; allowed: false, as this table has no bonus bet to "
         "place (bonus.enabled is false)"),
        ({"bonus": {"instead_of_ante": True, "pays": {"THREE_OF_A_KIND": 0}}},
         "field bonus.instead_of_ante: true is not allowed; allowed: false, as this table has no bonus bet to "
         "place (the bonus table pays nothing)"),
        # The least insurance above the most any insurable hand may insure: trips at half of 6 antes is 3.
        ({"insurance": {"max": "half_potential", "min_antes": 4}},
         "field insurance.min_antes: 4 is not allowed; allowed: 0 to 3 antes: insurance.max lets a box holding "
         "three of a kind insure at most half its potential payout of 6 antes"),
        ({"draw": {"exchange_max_cards": 0, "repeat_single": "flat"}},
         "field draw.repeat_single: 'flat' is not allowed; allowed: none, as draw.exchange_max_cards is 0"),
        ({"buy_game": {"redraw": "none", "max_free_redraws": 3}},
         "field buy_game.max_free_redraws: 3 is not allowed; allowed: 0, as it caps the free redraws of "
         'buy_game.redraw = "while_unchanged" only (here "none")'),
    ],
)
def test_settings_that_contradict_each_other_are_refused_with_the_field_the_value_and_what_is_allowed(
        patch, message):
    data = {"name": "house", **patch}
    with pytest.raises(RulesError) as err:
        rules_from_mapping(data, "house.toml")
    assert str(err.value).startswith("house.toml: field ")
    assert message in str(err.value)


def test_a_file_that_is_not_toml_is_refused_with_its_name(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("name = [unclosed\n")
    with pytest.raises(RulesError, match=r"bad\.toml: not valid TOML"):
        load_rules(str(bad))


ROOT = Path(__file__).resolve().parent.parent


def rptable(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "controller", *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT)


def test_cli_rules_list_show_check(tmp_path):
    listing = rptable("rules", "list").stdout
    assert [line.split()[0] for line in listing.splitlines()] == SIX
    shown = rptable("rules", "show", "online").stdout
    path = tmp_path / "mine.toml"
    path.write_text(shown.replace('name = "online"', 'name = "my-table"'))
    checked = rptable("rules", "check", str(path))
    assert checked.returncode == 0 and "valid house rules 'my-table'" in checked.stdout
    path.write_text(shown.replace('who = "uninsured"', 'who = "anyone"'))
    refused = rptable("rules", "check", str(path))
    assert refused.returncode == 1
    assert "field buy_game.who: 'anyone' is not allowed; allowed: uninsured, any" in refused.stderr
    missing = rptable("rules", "show", "nope")
    assert missing.returncode == 1 and "no preset named 'nope'" in missing.stderr


_scalars = st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(
    ["flat", "rising", "any", "ACE_KING", "x", "potential", "lost"])
_KEYS = ["boxes", "enabled", "who", "max", "min", "redraw", "pays", "typo", "exchange_price", "ante_min",
         "qualifies_with", "ante_on_win"]
_SECTIONS = ["name", "table", "draw", "insurance", "buy_game", "bonus", "dealer", "settlement", "pays",
             "colour"]
_values = _scalars | st.lists(st.integers(0, 3), max_size=6)
_sections = st.dictionaries(st.sampled_from(_KEYS), _values, max_size=5)


@settings(max_examples=200, deadline=None)
@given(data=st.dictionaries(st.sampled_from(_SECTIONS), _scalars | _sections, max_size=6))
def test_any_mapping_gives_rules_or_a_rules_error(data):
    try:
        rules = rules_from_mapping(data, "fuzz.toml")
    except RulesError as err:
        assert str(err).startswith("fuzz.toml")
    else:
        assert rules_from_mapping(rules.to_mapping()) == rules
