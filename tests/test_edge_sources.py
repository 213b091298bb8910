"""`rptable rules check` values the settings that hand a skilled player the edge on sampled deals of a hand class
(controller.analysis.edge_sources): the deals and the class's share come from one sample, classified in numpy as
the strategy classifies them, so that a casino editing its rules file has the figures in about a second."""

from __future__ import annotations

import math
import resource
import time

import numpy as np
import pytest

from controller.analysis.class_deals import class_deals, classes_of
from controller.analysis.edge_sources import edge_sources
from controller.analysis.line_value import ANTE, LineValuer
from controller.analysis.vectorised import deal
from controller.core.hands import HandValue
from controller.engine import BoxState
from controller.engine.settlement import settle_box
from controller.players.hand_classes import AFTER_DRAW_CLASSES, CLASSES, INSURANCE_CLASSES, classify
from controller.table.rule_files import load_preset
from drivers.cards import PACK, parse_cards

# Two pair among the C(52, 5) hands: C(13, 2) ranks for the pairs, C(4, 2) suits each, 44 odd cards.
TWO_PAIR_SHARE = math.comb(13, 2) * 6 * 6 * 44 / math.comb(52, 5)


@pytest.mark.parametrize("preset", ["classic", "online", "caribbean-stud"])
def test_a_deal_is_of_the_class_the_strategy_gives_it_when_classified_many_at_once(preset):
    # Every class of `classify` (the pair paid with ace-king where the pay table pays it more, the up card above
    # or not above a pair, four of a suit before a straight draw...), deal for deal, on the preset's pay table.
    pays = load_preset(preset).pays
    cards = deal(np.random.default_rng(7), 8_000)
    many = classes_of(cards[:, 0:10:2], cards[:, 9], pays).tolist()
    one = [CLASSES.index(classify([PACK[c] for c in row[0:10:2]], PACK[int(row[9])], pays)) for row in cards]
    assert many == one
    assert len(set(one)) >= len(CLASSES) - 2  # all but the rarest of 8,000 deals (full house, ace-king matching)


def test_the_deals_of_a_class_and_its_share_come_from_one_sample():
    pays = load_preset("classic").pays
    deals, share = class_deals(pays, "two_pair", 1_500, np.random.default_rng(3))
    assert len(deals) == 1_500
    assert all(classify(d.player, d.up, pays) == "two_pair" for d in deals)
    assert all(len(set(d.player + d.dealer + d.stock)) == 52 for d in deals)
    # The share is the class's hits over every deal dealt to find them: some 32,000 of them here.
    tries = 1_500 / TWO_PAIR_SHARE
    assert abs(share - TWO_PAIR_SHARE) < 4 * math.sqrt(TWO_PAIR_SHARE * (1 - TWO_PAIR_SHARE) / tries)


@pytest.mark.slow  # a measure of time: a busy machine slows it; benchmarks/bench_rules_check.py gives the figures
def test_rules_check_measures_the_classic_files_settings_in_about_a_second_of_cpu():
    # The ante paid on a win, valued on 2,000 deals of a pair of kings or aces under both ante rules: some 1 s of
    # CPU on the project's VM (5.5 s when each deal was found through classify one at a time and the share came
    # from a second sample), both cores' CPU counted.
    rules = load_preset("classic")
    edge_sources(rules)  # the tables every analysis builds once a process (hand order, the dealer's strengths)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.process_time()
    (source,) = edge_sources(rules, seed=2)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = time.process_time() - start + (after.ru_utime + after.ru_stime) - (children.ru_utime + children.ru_stime)
    assert source.setting.startswith("settlement.ante_on_win") and source.half < 0.005
    assert used < 2.5, f"{used:.2f} s of CPU"


@pytest.mark.parametrize("preset", ["classic", "online", "progressive"])
def test_a_draw_payment_is_lost_whatever_the_outcome_so_a_line_is_settled_once_for_its_hand(preset):
    # The valuer remembers a hand's nets without what the box paid to draw (controller.analysis.line_value): a box
    # that drew for 1 ante and one that drew for 7 differ by 6 antes against every hand of the dealer's.
    rules = load_preset(preset)
    valuer = LineValuer(rules, dict.fromkeys(AFTER_DRAW_CLASSES, "bet"), dict.fromkeys(INSURANCE_CLASSES, "max"))
    for hand in ("AS KS QS JS 9S", "7H 7D 7C 2S 2H", "QD QC 9H 5S 3C", "AH KD 8C 6S 2D"):
        boxes = [BoxState(1, ANTE, 0, False, "P", cards=parse_cards(hand.split()), exchanges=1, draw_paid=paid)
                 for paid in (ANTE, 7 * ANTE)]
        for box in boxes:
            valuer._bet(box)
        cheap, dear = (valuer._outcome_nets(box) for box in boxes)
        assert [c - d for c, d in zip(cheap, dear, strict=True)] == [6 * ANTE] * 4
        weakest = HandValue(rules.dealer_qualifies_with, ())  # below any hand of its category: the second outcome
        assert [settle_box(rules, box, weakest, True, True).net for box in boxes] == [cheap[1], dear[1]]


def test_a_class_a_pay_table_never_deals_is_refused_not_sampled_for_ever():
    # Caribbean stud pays a pair with an ace and a king as a pair: no deal is of the class that pays it more.
    pays = load_preset("caribbean-stud").pays
    with pytest.raises(ValueError, match="none of 500,000 deals is of the class 'pair_and_ace_king'"):
        class_deals(pays, "pair_and_ace_king", 10, np.random.default_rng(1))
    with pytest.raises(ValueError, match="unknown hand class 'pairs'"):
        class_deals(pays, "pairs", 10, np.random.default_rng(1))
