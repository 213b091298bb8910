"""Game math (issue: game math): the Monte Carlo reproduces the published Caribbean Stud house edges, and its
vectorised hands and decisions agree with the rules' own evaluator."""

import random

import numpy as np
import pytest

from controller.analysis.hand_order import hand_keys
from controller.analysis.montecarlo import house_edge
from controller.analysis.vectorised import _decide, deal, hand_tables
from controller.core.hands import best_five
from controller.table.rule_files import load_preset
from drivers.cards import PACK, parse_cards

Z99 = 2.5758


@pytest.fixture(scope="module")
def caribbean():
    return load_preset("caribbean-stud")


@pytest.mark.parametrize(("strategy", "published"), [("pair-or-better", 0.05470), ("wizard-thumb", 0.05225)])
def test_published_caribbean_stud_house_edge_within_the_99_percent_interval(caribbean, strategy, published):
    report = house_edge(caribbean, strategy, 1_500_000, seed=2026, workers=1)
    lo, hi = report.house_edge_ci95
    half99 = (hi - lo) / 2 * Z99 / 1.959964
    assert abs(report.house_edge - published) <= half99, (report.house_edge, half99)


def test_vectorised_strengths_order_hands_as_the_evaluator_does(caribbean):
    tables = hand_tables(caribbean)
    rng = random.Random(7)
    hands = [rng.sample(PACK, 5) for _ in range(3000)]
    keys = hand_keys(np.array([[c.index for c in h] for h in hands], dtype=np.int8))
    strengths = tables.strength[keys]
    values = [best_five(h)[0] for h in hands]
    for i in range(0, 2998, 2):
        expected = (values[i] > values[i + 1]) - (values[i] < values[i + 1])
        got = int(strengths[i] > strengths[i + 1]) - int(strengths[i] < strengths[i + 1])
        assert got == expected, (hands[i], hands[i + 1])
    assert all(tables.category[k] == v.category for k, v in zip(keys, values, strict=True))


# docs/game-math.md: the number of 5-card hands in each category (no game first, royal last), of 2,598,960.
FIVE_CARD_COUNTS = [1_135_260, 167_280, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4]


def _chi_square(observed, expected):
    observed, expected = np.asarray(observed, dtype=float), np.asarray(expected, dtype=float)
    return float(((observed - expected) ** 2 / expected).sum())


def test_vectorised_deal_is_a_shuffled_pack_every_card_once_uniform_hands_as_published(caribbean):
    rows = 300_000
    cards = deal(np.random.default_rng(11), rows)
    ordered = np.sort(cards, axis=1)
    assert (np.diff(ordered, axis=1) > 0).all(), "a card dealt twice in one round"
    assert cards.min() >= 0 and cards.max() <= 51
    # Every position is uniform over the pack (52 cells, 51 degrees of freedom; the bound is far in the tail,
    # and a biased draw, e.g. one card never dealt or a redraw that favours low cards, lands well beyond it).
    for position in (0, 4, 9):
        counts = np.bincount(cards[:, position], minlength=52)
        assert _chi_square(counts, [rows / 52] * 52) < 51 + 6 * (2 * 51) ** 0.5, position
    # The dealer's hand (positions 5-9, dealt after the player's) has the published category frequencies.
    categories = hand_tables(caribbean).category[hand_keys(cards[:, 5:])]
    observed = np.bincount(categories, minlength=11)
    expected = [rows * n / 2_598_960 for n in FIVE_CARD_COUNTS]
    common = slice(0, 8)  # categories expected often enough for the chi-square approximation
    assert _chi_square(observed[common], expected[common]) < 7 + 6 * (2 * 7) ** 0.5


@pytest.mark.parametrize(
    ("hand", "up", "raises"),
    [
        ("AS KD 9C 6H 2S", "9D", True),   # (a) the up card, 2-Q, matches one of yours
        ("AS KD 9C 6H 2S", "8D", False),  # no match, no queen: fold
        ("AS KD JC 6H 2S", "AD", True),   # (b) the up card is an ace or king and you hold a jack
        ("AS KD QC 8H 2S", "7D", True),   # (c) A-K-Q, no match, up card below your fourth card (8)
        ("AS KD QC 6H 2S", "7D", False),  # (c) fails: the fourth card 6 is lower than the up card
        ("QS JD 9C 6H 2S", "9D", False),  # less than ace-king: fold even with a match
        ("2S 2D 9C 6H 3S", "AD", True),   # any pair: raise
    ],
)
def test_wizard_thumb_rules_for_ace_king(hand, up, raises):
    cards = np.array([[c.index for c in parse_cards(hand.split())]], dtype=np.int8)
    up_card = np.array([parse_cards([up])[0].index], dtype=np.int8)
    category = np.array([best_five(parse_cards(hand.split()))[0].category], dtype=np.int8)
    assert bool(_decide("wizard-thumb", cards, up_card, category)[0]) is raises


def test_analyze_refuses_an_unknown_strategy(caribbean):
    with pytest.raises(ValueError, match="not known"):
        house_edge(caribbean, "hunch", 1000)


def test_engine_rounds_settle_every_preset_and_conserve_chips():
    # Through the engine, under the simple strategy (draws, insurance, buying the dealer a game): every round
    # closes, and the house's net is exactly minus the box's net.
    import random

    from controller.analysis.engine_rounds import play_heads_up
    from controller.table.rule_files import preset_names

    rng = random.Random(3)
    for name in preset_names():
        rules = load_preset(name)
        for _ in range(150):
            state = play_heads_up(rules, rng, ante=10)
            assert state.phase == "closed"
            assert state.house_net == -state.boxes[1].settlement.net


def test_analyze_simple_strategy_reports_an_interval(caribbean):
    report = house_edge(load_preset("online"), "simple", 500, seed=5, workers=1)  # an interval, not its width
    lo, hi = report.house_edge_ci95
    assert lo < report.house_edge < hi and report.rounds == 500 and report.average_wager > 1
