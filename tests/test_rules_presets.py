"""docs/rules.md, presets: the six presets load, show as valid TOML, and a bad rules file is refused precisely."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_kit import rptable
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.core.hands import HandCategory
from controller.core.rules import RulesError, rules_from_mapping, rules_from_toml
from controller.table.rule_files import load_preset, load_rules, preset_names
from ui.cli.rules import to_toml

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


CAPS = ("table.max_payout", "draw.max_cards_exchanged_per_box", "buy_game.max_free_redraws")


@pytest.mark.parametrize("cap", CAPS)
def test_a_cap_of_none_reads_unlimited_in_rules_show_where_0_read_as_none_at_all(cap):
    # Classic's redraws are "without limit" (seed 000), which a file's `max_free_redraws = 0` read as "no free
    # redraws" to anyone who had not read the schema.
    key = cap.split(".")[1]
    shown = to_toml(load_preset("classic"))
    assert f'{key} = "unlimited"\n' in shown and f"{key} = 0\n" not in shown


@pytest.mark.parametrize("cap", CAPS)
def test_a_rules_file_says_unlimited_and_a_file_written_with_0_still_means_it(tmp_path, cap):
    key = cap.split(".")[1]
    unlimited = to_toml(load_preset("classic"))
    written_before = unlimited.replace(f'{key} = "unlimited"\n', f"{key} = 0\n")
    assert load_rules(str(_file(tmp_path, unlimited))) == load_rules(str(_file(tmp_path, written_before))) \
        == load_preset("classic")
    capped = load_rules(str(_file(tmp_path, unlimited.replace(f'{key} = "unlimited"\n', f"{key} = 3\n"))))
    assert getattr(getattr(capped, cap.split(".")[0]), key) == 3
    with pytest.raises(RulesError) as err:
        load_rules(str(_file(tmp_path, unlimited.replace(f'{key} = "unlimited"\n', f'{key} = "none"\n'))))
    assert f"field {cap}: 'none' is not allowed; allowed: \"unlimited\", or a whole number from 1 to" in str(err.value)


@pytest.mark.parametrize("name", SIX)
def test_rules_show_gives_prices_by_count_only_where_the_price_is_by_count(name):
    # No preset prices an exchange by count: a file listing five such prices for a flat price (and five where four
    # cards may be exchanged) says a price that is never charged.
    assert "exchange_price_by_count" not in to_toml(load_preset(name))


def test_prices_by_count_are_one_for_each_number_of_cards_a_box_may_exchange(tmp_path):
    flat = to_toml(load_preset("classic"))
    by_count = flat.replace('exchange_price = "flat"\n', 'exchange_price = "by_count"\nexchange_price_by_count = '
                                                          '[1, 2, 2, 3]\n')
    rules = load_rules(str(_file(tmp_path, by_count)))
    assert rules.draw.exchange_max_cards == 4 and rules.draw.exchange_price_by_count[:4] == (1, 2, 2, 3)
    shown = to_toml(rules)
    assert "exchange_price_by_count = [1, 2, 2, 3]\n" in shown and rules_from_toml(shown) == rules
    # A file written when five prices were asked for whatever the most cards is still read.
    assert load_rules(str(_file(tmp_path, by_count.replace("[1, 2, 2, 3]", "[1, 2, 2, 3, 1]")))) == rules
    with pytest.raises(RulesError) as err:
        load_rules(str(_file(tmp_path, by_count.replace("[1, 2, 2, 3]", "[1, 2, 2]"))))
    assert ("field draw.exchange_price_by_count: [1, 2, 2] is not allowed; allowed: a list of 4 or 5 whole numbers "
            "from 1 to 100") in str(err.value)


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
         "field buy_game.max_free_redraws: 3 is not allowed; allowed: \"unlimited\", as it caps the free redraws of "
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


def test_cli_rules_list_show_check(tmp_path):
    listing = rptable("rules", "list").stdout
    assert [line.split()[0] for line in listing.splitlines()] == SIX
    # four-seat: a preset with no setting that favours a skilled player, so `check` has none to measure (what they
    # are worth is test_operator_guard's and test_edge_sources' story), and what is told here is the command's
    shown = rptable("rules", "show", "four-seat").stdout
    path = tmp_path / "mine.toml"
    path.write_text(shown.replace('name = "four-seat"', 'name = "my-table"'))
    checked = rptable("rules", "check", str(path))
    assert checked.returncode == 0 and "valid house rules 'my-table'" in checked.stdout
    path.write_text(shown.replace('who = "uninsured"', 'who = "anyone"'))
    refused = rptable("rules", "check", str(path))
    assert refused.returncode == 1
    assert "field buy_game.who: 'anyone' is not allowed; allowed: uninsured, any" in refused.stderr
    missing = rptable("rules", "show", "nope")
    assert missing.returncode == 1 and "no preset or rules file 'nope'" in missing.stderr


_scalars = st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(
    ["flat", "rising", "any", "ACE_KING", "x", "potential", "lost"])
_KEYS = ["boxes", "enabled", "who", "max", "min", "redraw", "pays", "typo", "exchange_price", "ante_min",
         "qualifies_with", "ante_on_win"]
_SECTIONS = ["name", "table", "draw", "insurance", "buy_game", "bonus", "dealer", "settlement", "pays",
             "colour"]
_values = _scalars | st.lists(st.integers(0, 3), max_size=6)
_sections = st.dictionaries(st.sampled_from(_KEYS), _values, max_size=5)


_mappings = st.dictionaries(st.sampled_from(_SECTIONS), _scalars | _sections, max_size=6)
# The default run fuzzes 80 mappings a story; the `_nightly` twins (marked slow, `make test-slow`) 200.


@settings(max_examples=80, deadline=None)
@given(data=_mappings)
def test_any_mapping_gives_rules_or_a_rules_error(data):
    try:
        rules = rules_from_mapping(data, "fuzz.toml")
    except RulesError as err:
        assert str(err).startswith("fuzz.toml")
    else:
        assert rules_from_mapping(rules.to_mapping()) == rules


@pytest.mark.slow  # test_any_mapping_gives_rules_or_a_rules_error over 200 mappings
@settings(max_examples=200, deadline=None)
@given(data=_mappings)
def test_any_mapping_gives_rules_or_a_rules_error_nightly(data):
    test_any_mapping_gives_rules_or_a_rules_error.hypothesis.inner_test(data)


# -------------------------------------------------------------------- a rules file gives every setting it needs
def _without(text: str, section: str) -> str:
    """A rules file's text with a section and its subsections left out."""
    lines, out, dropping = text.splitlines(keepends=True), [], False
    for line in lines:
        if line.startswith("["):
            header = line.strip()[1:-1]
            dropping = header == section or header.startswith(section + ".")
        if not dropping:
            out.append(line)
    return "".join(out)


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("section", "allowed"), [
    ("table", "a table [table] of its settings"), ("pays", "a table [pays] of its settings"),
    ("dealer", "a table [dealer] of its settings"), ("settlement", "a table [settlement] of its settings"),
    ("draw", "a table [draw] of its settings"), ("insurance", "a table [insurance] of its settings"),
    ("buy_game", "a table [buy_game] of its settings"), ("bonus", "a table [bonus] of its settings"),
    ("bonus.pays", "a table [bonus.pays] of its settings"),
])
def test_a_rules_file_with_a_section_missing_is_refused_naming_the_file_the_section_and_what_is_allowed(
        tmp_path, section, allowed):
    path = _file(tmp_path, _without(to_toml(load_preset("classic")), section))
    with pytest.raises(RulesError) as err:
        load_rules(str(path))
    assert str(err.value).startswith(f"{path}: field {section}: missing, and these rules need it; allowed: {allowed}")


@pytest.mark.parametrize(("line", "field", "allowed"), [
    ("min_antes = 0\n", "insurance.min_antes", "a whole number from 0 to 100"),
    ('if_tie = "lost"\n', "insurance.if_tie", "lost, returned"),
    ("instead_of_ante = true\n", "bonus.instead_of_ante", "true or false"),
    ("ante_max = 10000\n", "table.ante_max", "a whole number from 1 to 1000000000"),
    ("two_combinations = true\n", "pays.two_combinations", "true or false"),
    ("FLUSH = 5\n", "pays.FLUSH", "a whole number from 1 to 1000000, as a category that pays nothing is named in "
                                  "pays.not_paid"),
])
def test_a_rules_file_with_a_setting_missing_is_refused_never_given_a_default(tmp_path, line, field, allowed):
    text = to_toml(load_preset("classic"))
    assert line in text
    path = _file(tmp_path, text.replace(line, "", 1))
    with pytest.raises(RulesError) as err:
        load_rules(str(path))
    assert str(err.value).startswith(f"{path}: field {field}: missing")
    assert f"allowed: {allowed}" in str(err.value)


def test_a_setting_that_plays_no_part_may_be_left_out(tmp_path):
    # No insurance, no bought game, no bonus, no exchange: their other settings play no part; source and notes are
    # words. The file is read, each left-out setting at its default.
    text = """name = "plain"
[table]
boxes = 4
open_boxes_per_player = 1
blind_boxes = false
ante_min = 5
ante_max = 500
max_payout = 0
[pays]
ACE_KING = 1
ONE_PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 7
FOUR_OF_A_KIND = 20
STRAIGHT_FLUSH = 50
ROYAL_FLUSH = 100
two_combinations = false
not_paid = ["NO_GAME"]
[dealer]
qualifies_with = "ACE_KING"
[settlement]
ante_on_win = "returned"
[draw]
buy_sixth = true
exchange_max_cards = 0
when_stock_runs_out = "refuse"
[insurance]
enabled = false
[buy_game]
enabled = false
[bonus]
enabled = false
"""
    rules = load_rules(str(_file(tmp_path, text)))
    assert rules.table.ante_max == 500 and not rules.insurance.enabled and rules.draw.exchange_max_cards == 0
    # Once the sixth card is gone too, nothing is ever drawn: what happens when the stock runs out plays no part.
    again = load_rules(str(_file(tmp_path, text.replace("buy_sixth = true", "buy_sixth = false")
                                 .replace('when_stock_runs_out = "refuse"\n', ""))))
    assert not again.draw.buy_sixth
    with pytest.raises(RulesError, match=r"field draw.when_stock_runs_out: missing"):
        load_rules(str(_file(tmp_path, text.replace('when_stock_runs_out = "refuse"\n', ""))))


def test_a_rules_file_with_an_unknown_key_is_refused_naming_it_and_the_known_ones(tmp_path):
    text = to_toml(load_preset("classic")).replace("[table]\n", "[table]\nante_mim = 5\n")
    path = _file(tmp_path, text)
    with pytest.raises(RulesError) as err:
        load_rules(str(path))
    assert str(err.value).startswith(f"{path}: field table.ante_mim: 5 is not allowed; allowed: no such setting "
                                     "here (known: ante_max, ante_min")


@pytest.mark.parametrize(("old", "new", "message"), [
    # A pay of 0 is refused where the file does not say the category is not paid.
    ("TWO_PAIR = 2\n", "TWO_PAIR = 0\n",
     "field pays.TWO_PAIR: 0 is not allowed; allowed: a whole number from 1 to 1000000, as a category that pays "
     "nothing is named in pays.not_paid"),
    ("STRAIGHT = 40\n", "STRAIGHT = 0\n",
     "field bonus.pays.STRAIGHT: 0 is not allowed; allowed: a whole number from 1 to 1000000, as a category that "
     "pays nothing is named in bonus.pays.not_paid"),
    # A category named as not paid, given a pay all the same.
    ('not_paid = ["NO_GAME"]\n', 'not_paid = ["NO_GAME", "TWO_PAIR"]\n',
     "field pays.TWO_PAIR: 2 is not allowed; allowed: 0, as pays.not_paid names TWO_PAIR"),
    ('not_paid = ["NO_GAME"]\n', 'not_paid = ["NOTHING"]\n',
     "field pays.not_paid: ['NOTHING'] is not allowed; allowed: a list of hand categories (NO_GAME, ACE_KING"),
])
def test_a_rules_file_with_a_pay_of_0_is_refused_unless_it_says_the_category_is_not_paid(tmp_path, old, new,
                                                                                           message):
    text = to_toml(load_preset("classic"))
    assert old in text
    path = _file(tmp_path, text.replace(old, new, 1))
    with pytest.raises(RulesError) as err:
        load_rules(str(path))
    assert str(err.value).startswith(f"{path}: {message}")


def test_a_category_the_file_says_is_not_paid_pays_nothing(tmp_path):
    text = to_toml(load_preset("classic")).replace("TWO_PAIR = 2\n", "TWO_PAIR = 0\n").replace(
        'not_paid = ["NO_GAME"]\n', 'not_paid = ["NO_GAME", "TWO_PAIR"]\n', 1)
    rules = load_rules(str(_file(tmp_path, text)))
    assert rules.pays.pay(HandCategory.TWO_PAIR) == 0 and rules.pays.pay(HandCategory.FLUSH) == 5
    left_out = load_rules(str(_file(tmp_path, text.replace("TWO_PAIR = 0\n", "", 1))))
    assert left_out == rules


def test_journaled_rules_still_read_as_they_were_written():
    # A journal stores the canonical mapping (no not_paid, settings added later left out at their default): it is
    # read as it was, never refused for what a rules file must give.
    for name in SIX:
        rules = load_preset(name)
        mapping = rules.to_mapping()
        assert "not_paid" not in mapping["pays"]
        assert rules_from_mapping(mapping, "journal") == rules


@pytest.mark.parametrize("case", ["section", "key", "unknown", "zero"])
def test_cli_rules_check_refuses_an_incomplete_file_without_a_traceback(tmp_path, case):
    text = to_toml(load_preset("online"))
    text = {"section": _without(text, "insurance"), "key": text.replace("min_antes = 2\n", ""),
            "unknown": text.replace("[draw]\n", "[draw]\nrepeat = 2\n"),
            "zero": text.replace("FLUSH = 5\n", "FLUSH = 0\n")}[case]
    path = _file(tmp_path, text)
    checked = rptable("rules", "check", str(path))
    assert checked.returncode == 1 and "Traceback" not in checked.stderr
    assert checked.stderr.startswith(f"rptable rules: {path}: field ")


@settings(max_examples=80, deadline=None)
@given(data=_mappings)
def test_any_file_gives_rules_or_a_rules_error(data):
    try:
        rules = rules_from_mapping(data, "fuzz.toml", complete=True)
    except RulesError as err:
        assert str(err).startswith("fuzz.toml")
    else:
        assert rules_from_toml(to_toml(rules)) == rules


@pytest.mark.slow  # test_any_file_gives_rules_or_a_rules_error over 200 files
@settings(max_examples=200, deadline=None)
@given(data=_mappings)
def test_any_file_gives_rules_or_a_rules_error_nightly(data):
    test_any_file_gives_rules_or_a_rules_error.hypothesis.inner_test(data)


def test_a_table_journaled_under_a_preset_whose_words_were_reworded_reopens_on_that_preset(tmp_path) -> None:
    """A new version may reword a preset's notes or source (they change no payment): a table's journal made under
    the earlier words opens with the preset as given at the command line, and keeps the rules it journaled; a
    changed setting is still refused."""
    from dataclasses import replace

    from controller.table.controller import RulesMismatch, TableController
    from controller.table.journal import Journal

    classic = load_preset("classic")
    earlier = replace(classic, notes="the words of an earlier version", source="an earlier source line")
    journal = Journal(tmp_path / "T1.journal")
    TableController(journal, earlier)
    reopened = TableController(journal, classic)
    assert reopened.rules is not None and reopened.rules.notes == "the words of an earlier version"
    with pytest.raises(RulesMismatch):
        TableController(journal, replace(classic, name="classic-house"))
    journal.close()
