"""The `basic` strategy (issue: game math): hand classes, the exact value of buying the dealer a game, legal play
on every preset, a reproducible derivation that agrees with the engine, and each preset's measured house edge."""

from __future__ import annotations

import hashlib
import json
import math
import random
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from roundkit import snapshot

from controller.analysis.derive_basic import candidates, derive, table_toml
from controller.analysis.engine_rounds import play_heads_up
from controller.analysis.montecarlo import house_edge
from controller.core.rules import rules_digest
from controller.engine import (
    Bet,
    BuyGame,
    CardDealt,
    CloseBets,
    PlaceStakes,
    RevealDealer,
    do,
    new_round,
)
from controller.players import basic as basic_strategy
from controller.players import simple as strategy
from controller.players.basic import NoBasicTable, Play, table_for
from controller.players.buy_game_value import buy_game_values
from controller.players.hand_classes import CLASSES, cards_to_keep, classify, straight_draw
from controller.table.rule_files import load_preset, preset_names
from drivers.cards import PACK, parse_cards

Z99 = 2.5758
RUSSIAN = [n for n in preset_names() if n != "caribbean-stud"]


def cards(text: str):
    return parse_cards(text.split())


# ---------------------------------------------------------------------------------------------- hand classes


@pytest.mark.parametrize(
    ("hand", "up", "expected"),
    [
        ("AS KD 5C 5H TS", "2D", "pair_and_ace_king"),  # R-HAND-3: pair + ace-king, paid 2
        ("AS AD KC 7H 2S", "9D", "pair_and_ace_king"),  # the second ace is the pair's own card
        ("9S 9D 4C 7H 2S", "JD", "pair_6-9_up_higher"),
        ("9S 9D 4C 7H 2S", "8D", "pair_6-9_up_not_higher"),
        ("QS JS 8S 3S 2D", "5C", "four_flush"),
        ("9S 8D 7C 6H 2S", "5C", "four_straight_open"),
        ("AS 2D 3C 4H 9S", "5C", "four_straight_inside"),  # A-2-3-4 has one end only
        ("JS QD KC AH 4S", "5C", "four_straight_inside"),  # so has J-Q-K-A
        ("AS KD 9C 6H 2S", "9D", "ace_king_up_matches"),
        ("AS KD JC 6H 2S", "8D", "ace_king_queen_or_jack"),
        ("AS KD 9C 6H 2S", "8D", "ace_king"),
        ("AS QD 9C 6H 2S", "8D", "no_game_ace"),
        ("KS QD 9C 6H 2S", "8D", "no_game_king"),
        ("QS TD 8C 6H 2S", "8D", "no_game_queen_or_lower"),
        ("7S 7D 7C 6H 2S", "8D", "three_of_a_kind"),
        ("7S 8S 9S TS JS", "8D", "full_house_or_better"),  # a straight flush
    ],
)
def test_hand_classes_a_person_can_apply(hand, up, expected):
    rules = load_preset("classic")
    assert classify(cards(hand), cards(up)[0], rules.pays) == expected
    assert expected in CLASSES


def test_exchanges_keep_the_cards_they_say():
    assert sorted(c.code for c in cards_to_keep(cards("QS JS 8S 3S 2D"), "draw")) == ["3S", "8S", "JS", "QS"]
    assert sorted(c.code for c in cards_to_keep(cards("9S 8D 7C 6H 2S"), "draw")) == ["6H", "7C", "8D", "9S"]
    assert sorted(c.code for c in cards_to_keep(cards("AS KD 5C 5H TS"), "pair_ace_king")) == \
        ["5C", "5H", "AS", "KD"]
    assert sorted(c.code for c in cards_to_keep(cards("AS KD 9C 6H 2S"), "ace_king_kicker")) == ["9C", "AS", "KD"]
    assert straight_draw(cards("AS KD 9C 6H 2S")) is None


def test_table_plays_read_back_from_their_words():
    for label in ("fold", "bet", "buy", "exchange pair", "exchange draw repeat 40",
                  "exchange draw repeat 40 until made"):
        assert Play.parse(label).label == label
    assert Play.parse("exchange draw repeat 40 until made").until == "made"
    for bad in ("exchange everything", "exchange draw repeat 40 until pair", "exchange draw repeat 4 until rich"):
        with pytest.raises(ValueError, match="not a play"):
            Play.parse(bad)


def test_r_act_5_a_chase_exchanges_the_card_just_drawn_until_the_draw_is_made():
    chase, stop = Play.parse("exchange draw repeat 40 until made"), Play.parse("exchange draw repeat 40")
    four_flush_and_a_pair = cards("QS JS 8S 3S 3D")  # the card drawn paired the three: still no flush
    assert chase.exchanges_again(four_flush_and_a_pair, 1) and not stop.exchanges_again(four_flush_and_a_pair, 1)
    assert not chase.exchanges_again(cards("QS JS 8S 3S 2S"), 1)  # the flush is made
    assert not chase.exchanges_again(four_flush_and_a_pair, 41)  # as many repeats as the play allows, no more


# ------------------------------------------------------------------------------------- buying a game (R-BUY)


def _bought_state(rules, player: str, dealer: str):
    """A heads-up round up to the dealer's draw: the box bet `player`, the dealer showed `dealer` (no game)."""
    state = new_round(rules)
    do(state, PlaceStakes(1, 10, player="P1"))
    do(state, CloseBets())
    for p, d in zip(cards(player), cards(dealer), strict=True):
        do(state, CardDealt(p))
        do(state, CardDealt(d))
    do(state, Bet(1))
    do(state, RevealDealer())
    return state


def _engine_expectation(state) -> float:
    """Brute force through the engine: every card the dealer can draw next, and every redraw after it."""
    if state.phase == "closed":
        return state.boxes[1].settlement.net
    pack = [c for c in PACK if state.in_stock(c)]
    total = 0.0
    for card in pack:
        branch = snapshot(state)
        do(branch, CardDealt(card))
        total += _engine_expectation(branch)
    return total / len(pack)


@pytest.mark.parametrize("preset", ["classic", "progressive", "four-seat", "russian-club"])
@pytest.mark.parametrize("dealer", ["AH QD 9C 6D 3H", "AS QH 9H 6H 3H"])
def test_r_buy_1_exact_buy_game_value_equals_brute_force_enumeration(preset, dealer):
    # Dealer A-Q-9-6-3 does not qualify; three aces may come back (R-BUY-3: a same-rank card is replaced again).
    # In the second hand the four cards he keeps are hearts: a heart makes him a flush, another card of its rank
    # does not.
    rules = load_preset(preset)
    state = _bought_state(rules, "KS KD 7C 5H 2S", dealer)
    box = state.boxes[1]
    pack = [c for c in PACK if state.in_stock(c)]
    take, buy = buy_game_values(rules, box, state.dealer, pack, single_box=True)
    do(state, BuyGame(1))
    assert buy == pytest.approx(_engine_expectation(state), abs=1e-9)
    assert take == 10  # R-SETTLE-2: the ante paid 1:1, the bet returned


def test_r_buy_3_online_until_qualifies_value_is_close_to_the_engine():
    # Seed 001, one box: the dealer redraws until he qualifies. The first card is exact; later draws take the
    # pack as 48 cards, so a Monte Carlo through the engine agrees within its interval.
    rules = load_preset("online")
    state = _bought_state(rules, "KS KD 7C 5H 2S", "AH QD 9C 6D 3H")
    pack = [c for c in PACK if state.in_stock(c)]
    _, buy = buy_game_values(rules, state.boxes[1], state.dealer, pack, single_box=True)
    do(state, BuyGame(1))
    rng = random.Random(4)
    nets = []
    for _ in range(1500):
        branch = snapshot(state)
        shoe = [c for c in PACK if branch.in_stock(c)]
        rng.shuffle(shoe)
        while branch.phase != "closed":
            do(branch, CardDealt(shoe.pop()))
        nets.append(branch.boxes[1].settlement.net)
    mean = sum(nets) / len(nets)
    sd = math.sqrt(sum((x - mean) ** 2 for x in nets) / (len(nets) - 1))
    assert abs(buy - mean) <= Z99 * sd / math.sqrt(len(nets)), (buy, mean)


# ----------------------------------------------------------------------------------------- play at a table


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(preset_names()), shoe=st.permutations(list(PACK)))
def test_basic_never_issues_an_illegal_command_on_any_preset(preset, shoe):
    # do() raises IllegalCommand on anything the rules forbid; the round must close with chips conserved.
    rules = load_preset(preset)
    state = play_heads_up(rules, random.Random(0), 10, basic_strategy.next_action, shoe=list(shoe))
    assert state.phase == "closed"
    assert state.house_net == -state.boxes[1].settlement.net


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(RUSSIAN), seed=st.integers(0, 10**6))
def test_basic_plays_every_box_of_a_full_table_legally(preset, seed):
    # Several players, blind boxes beyond a player's open allowance (R-TABLE-2; a table without blind boxes lets
    # a player play only the open ones): basic acts only where it may.
    rules = load_preset(preset)
    state = new_round(rules)
    first_players_boxes = 3 if rules.table.blind_boxes else rules.table.open_boxes_per_player
    for number in range(1, rules.table.boxes + 1):
        player = "P1" if number <= first_players_boxes else f"P{number}"
        blind = player == "P1" and number > rules.table.open_boxes_per_player
        do(state, PlaceStakes(number, 10, blind=blind, player=player))
    do(state, CloseBets())
    shoe = list(PACK)
    random.Random(seed).shuffle(shoe)
    while state.phase != "closed":
        action = basic_strategy.next_action(state)
        if action is not None:
            do(state, action)
        elif state.stock_size > len(shoe):
            shoe = [c for c in PACK if state.in_stock(c)]
            random.Random(seed + 1).shuffle(shoe)
        else:
            do(state, CardDealt(shoe.pop()))
    assert state.house_net == -sum(b.settlement.net for b in state.boxes.values())


def test_basic_refuses_rules_it_has_no_table_for_and_says_what_to_do():
    changed = replace(load_preset("classic"), ante_on_win="returned")
    with pytest.raises(NoBasicTable, match=r"no basic-strategy table for the rules 'classic'.*rptable analyze"):
        house_edge(changed, "basic", 100)


def test_a_renamed_preset_with_the_same_play_uses_its_table():
    rules = load_preset("online")
    assert table_for(replace(rules, name="my table", notes="ours")).rules_name == "online"


# ------------------------------------------------------------------------------------------ the derivation


@pytest.mark.slow  # a long computation; the nightly run (`make test-slow`) keeps it
def test_derivation_is_reproducible_from_its_seed_on_any_number_of_cores():
    rules = load_preset("four-seat")
    first = table_toml(derive(rules, seed=7, waves=(12,), workers=1), date_of_test())
    again = table_toml(derive(rules, seed=7, waves=(12,), workers=2), date_of_test())
    other = table_toml(derive(rules, seed=8, waves=(12,), workers=1), date_of_test())
    assert first == again and first != other


def date_of_test():
    from datetime import date

    return date(2026, 1, 1)


@pytest.mark.slow  # a long computation; the nightly run (`make test-slow`) keeps it
def test_a_derivation_stopped_by_ctrl_c_resumes_to_the_same_table(tmp_path, monkeypatch):
    from interrupt import ctrl_c_after

    from controller.analysis import derive_basic as module

    rules = load_preset("progressive")
    whole = table_toml(derive(rules, seed=3, waves=(10, 10), workers=1), date_of_test())
    checkpoint = tmp_path / "derive.json"
    real = module._measure
    monkeypatch.setattr(module, "_measure", ctrl_c_after(20, real))
    with pytest.raises(KeyboardInterrupt):
        derive(rules, seed=3, waves=(10, 10), workers=1, checkpoint=checkpoint)
    assert len(json.loads(checkpoint.read_text())["done"]) == 20
    monkeypatch.setattr(module, "_measure", real)
    assert table_toml(derive(rules, seed=3, waves=(10, 10), workers=1, checkpoint=checkpoint),
                      date_of_test()) == whole
    assert not checkpoint.exists()


@pytest.mark.slow  # a long computation; the nightly run (`make test-slow`) keeps it
def test_basic_finds_the_best_play_not_a_comfortable_one_the_four_flush_chased_to_the_flush():
    # Seed 000 with "some casinos'" repeated exchange on (flat): the derivation's candidates hold the chase to the
    # flush, and on the same deals it measures best, well ahead of stopping at the first pair. The values are the
    # ones `rules check` prints (docs/rules.md, the operator guard): one valuation, one figure.
    from controller.analysis.edge_sources import CHASE, edge_sources, play_values
    from controller.core.rules import rules_from_mapping

    data = load_preset("classic").to_mapping()
    data["draw"]["repeat_single"] = "flat"
    rules = rules_from_mapping(data)
    labels = candidates(rules, "four_flush")
    assert CHASE in labels and "exchange draw repeat 40" in labels
    values = play_values(rules, "four_flush", labels)
    assert max(values, key=lambda label: values[label][0]) == CHASE
    (chase, half), (first_pair, other) = values[CHASE], values["exchange draw repeat 40"]
    assert chase - half > first_pair + other
    (printed,) = [source for source in edge_sources(rules) if source.setting.startswith("draw.repeat_single")]
    assert (printed.value, printed.half) == values[CHASE]


def test_candidates_follow_the_rules_of_each_preset():
    classic, online, progressive, caribbean = (load_preset(n) for n in ("classic", "online", "progressive",
                                                                        "caribbean-stud"))
    assert "exchange none" not in candidates(classic, "no_game_queen_or_lower")  # 1-4 cards only (R-ACT-4)
    assert "exchange none" in candidates(online, "no_game_queen_or_lower")
    assert "exchange draw repeat 1" in candidates(progressive, "four_flush")  # R-ACT-5, rising
    assert "exchange draw repeat 40 until made" in candidates(progressive, "four_flush")
    assert "exchange draw repeat 1" not in candidates(classic, "four_flush")  # classic leaves it off
    assert candidates(caribbean, "ace_king") == ["fold", "bet"]


def test_basic_edge_on_a_russian_preset_beats_simple():
    # The point of choosing by measured EV: on the online preset basic loses measurably less than simple. Both
    # play the same shuffled shoes through the engine (paired rounds), so a test-sized run resolves the gap.
    rules = load_preset("online")
    rng = random.Random(5)
    diffs = []
    for _ in range(700):
        shoe = rng.sample(PACK, 52)
        basic = play_heads_up(rules, rng, 10, basic_strategy.next_action, shoe=list(shoe))
        simple = play_heads_up(rules, rng, 10, strategy.next_action, shoe=list(shoe))
        diffs.append((basic.boxes[1].settlement.net - simple.boxes[1].settlement.net) / 10)
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    assert mean - Z99 * sd / math.sqrt(len(diffs)) > 0, (mean, sd)


def test_house_edges_file_names_every_preset_with_its_rules_digest():
    path = Path(__file__).resolve().parent.parent / "controller" / "measured" / "house_edges.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert path.read_text(encoding="utf-8").startswith("# Written by benchmarks/house_edges.py")
    assert set(data) == set(preset_names())
    for name, entry in data.items():
        rules = load_preset(name)
        assert entry["rules_sha256"] == rules_digest(rules)
        assert entry["play_sha256"] == rules_digest(rules, play_only=True)
        assert entry["strategy"] == "basic"
        lo, hi = entry["house_edge_ci95"]
        assert lo <= entry["house_edge"] <= hi
        assert entry["average_wager"] >= 1
        assert ("bonus_edge" in entry) == rules.bonus.enabled
    assert round(100 * data["caribbean-stud"]["optimal_house_edge"], 3) == 5.224


def test_rules_digest_is_the_sha256_of_the_canonical_json():
    rules = load_preset("classic")
    text = json.dumps(rules.to_mapping(), sort_keys=True, separators=(",", ":"))
    assert rules_digest(rules) == hashlib.sha256(text.encode()).hexdigest()
    assert rules_digest(rules, play_only=True) == rules_digest(replace(rules, notes="x"), play_only=True)


def test_the_house_edges_file_is_not_taken_for_a_preset():
    assert "house_edges" not in preset_names()


# The same shape whatever the strategy: the default run reads it from `simple` (a second), the nightly run from
# `basic` too (its players value every line: most of a minute).
@pytest.mark.parametrize("strategy", [pytest.param("simple"), pytest.param("basic", marks=pytest.mark.slow)])
def test_cli_analyze_gives_the_json_shape_scripts_rely_on(capsys, strategy):
    from ui.cli import main

    assert main(["analyze", "--rules", "four-seat", "--strategy", strategy, "--rounds", "300", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["strategy"] == strategy and report["rounds"] == 300
    assert {"house_edge", "house_edge_ci95", "element_of_risk", "average_wager", "rounds_per_second"} <= set(report)
    lo, hi = report["house_edge_ci95"]
    assert lo < report["house_edge"] < hi


@pytest.mark.slow  # a long computation; the nightly run (`make test-slow`) keeps it
def test_cli_analyze_basic_derives_the_basic_strategy_of_a_casinos_own_file_and_keeps_it(tmp_path, capsys,
                                                                                          monkeypatch):
    # No preset's table fits a file whose ante is returned on a win: analyze derives one (kept in the data
    # folder), measures the edge with its interval and keeps that too; the next run finds both.
    from controller.players import basic
    from ui.cli import main

    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(basic, "_DERIVED", {})
    text = (Path(__file__).resolve().parent.parent / "controller" / "core" / "presets" / "classic.toml").read_text()
    changed = tmp_path / "house.toml"
    changed.write_text(text.replace('ante_on_win = "paid_if_no_draw"', 'ante_on_win = "returned"')
                       .replace('name = "classic"', 'name = "house"'))
    args = ["analyze", "--rules", str(changed), "--strategy", "basic", "--rounds", "300", "--derive-deals", "12",
            "--json"]
    assert main(args) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert report["rules"] == "house" and report["rounds"] == 300
    assert "deriving one" in captured.err and "Basic strategy derived" in captured.err
    saved = sorted(p.name for p in (tmp_path / "data" / "analysis").iterdir())
    assert len(saved) == 2 and saved[0].startswith("basic-") and saved[1].startswith("edge-")
    assert main(args) == 0
    assert "deriving one" not in capsys.readouterr().err  # the kept table is found


@pytest.mark.slow  # a minute of exact computation; the exact evaluator's own stories run by default
def test_cli_analyze_optimal_caribbean_stud_is_exact(capsys):
    from ui.cli import main

    assert main(["analyze", "--rules", "caribbean-stud", "--strategy", "optimal", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert round(100 * report["house_edge"], 3) == 5.224 and report["house_edge_ci95"] == [report["house_edge"]] * 2
