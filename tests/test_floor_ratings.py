"""Issue "The casino floor", item 5: player ratings. Per named player and visit: rounds, time, average ante, total
wagered, actual and theoretical win, and decision quality (each decision's expected-value cost against
`basic`, in antes); the pit flags a player whose decisions beat basic, or whose win is beyond 3 standard
deviations of expectation, with the evidence."""

import json

import pytest
from floor_kit import needs_postgres, psycopg, query

from controller.analysis.house_edges import measured_edges
from controller.cli import main
from controller.core.cards import parse_card
from controller.engine import ActionKind
from controller.floor.decisions import Move, Situation, value_decision
from controller.floor.ratings import DecisionTally, Visit, round_sd, value_pending, visits
from controller.floor.reporter import TableReporter
from controller.floor.seats import Seat, SeatError, seating
from controller.table.rule_files import load_preset
from controller.table.simulate import simulate

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`
CLASSIC = load_preset("classic")



def cards(text):
    return tuple(parse_card(c) for c in text.split())


def test_floor_5_a_decision_basic_would_make_costs_nothing_and_a_bad_one_costs_antes():
    aces = Situation(10, 0, cards("AS AD 7C 4H 2D"), parse_card("9S"))
    basic_play = value_decision(CLASSIC, aces, Move(ActionKind.BET), samples=60)
    folded = value_decision(CLASSIC, aces, Move(ActionKind.FOLD), samples=60)
    assert basic_play.cost == 0.0
    assert folded.cost > 0.5 and folded.se < folded.cost / 3  # folding aces throws away more than the ante
    nothing = Situation(10, 0, cards("2S 5D 8C JH 3D"), parse_card("KS"))
    assert value_decision(CLASSIC, nothing, Move(ActionKind.BET), samples=60).cost > 0.3


def test_floor_5_a_later_decision_is_valued_after_the_draws_the_player_saw():
    drew = Situation(10, 0, cards("AS KS QS 9S 2D"), parse_card("7H"),
                     (Move(ActionKind.EXCHANGE, cards("2D"), drawn=cards("3S")),))  # the flush came in
    assert value_decision(CLASSIC, drew, Move(ActionKind.FOLD), samples=60).cost > 1.0


def test_floor_5_the_flags_and_their_evidence():
    edge = next(e for e in measured_edges().values() if e.rules == "classic")
    assert 2.0 < round_sd(edge) < 4.0  # antes: a round's spread, from the edge's own measurement
    steady = Visit("Ivanov", "T1", 0, 3600, rounds={f"r{i}" for i in range(100)}, boxes=100, ante_total=1000,
                   win=-100, theoretical=-93.0, variance=100 * (10 * round_sd(edge)) ** 2,
                   decisions=DecisionTally(150, 150, -9.0, 4.0))
    (flag,) = steady.flags()
    assert flag.startswith("decisions beat basic: +0.060 antes per decision over 150 valued decisions")
    lucky = Visit("Petrov", "T1", 0, 3600, rounds={f"r{i}" for i in range(100)}, boxes=100, ante_total=1000,
                  win=1100, theoretical=93.0, variance=100 * (10 * round_sd(edge)) ** 2,
                  decisions=DecisionTally(150, 150, 3.0, 4.0))
    (flag,) = lucky.flags()
    assert flag.startswith("won 1,100 against an expected -93") and "standard deviations above" in flag
    too_few = DecisionTally(5, 5, -9.0, 0.1)
    assert not too_few.beats_basic


def test_floor_5_players_are_seated_by_name_and_strategy():
    assert Seat.parse("3=Ivanov:expert") == Seat(3, "Ivanov", "expert")
    assert Seat.parse("1=Anna") == Seat(1, "Anna", "simple")
    for bad in ("Ivanov", "9=X", "2=", "2=X:psychic"):
        with pytest.raises(SeatError):
            Seat.parse(bad)
    table = seating({2: Seat(2, "Anna")}, seed=1)
    assert table.name(2) == "Anna" and table.name(3) == "P3"


def test_floor_5_a_visit_is_rated_from_the_floor_rows(database, tmp_path):
    path = tmp_path / "T1.journal"
    reporter = TableReporter(path, "T1", database).start()
    report = simulate(CLASSIC, 20, 8, boxes=2, journal_path=path, table_id="T1", on_entry=reporter.wake,
                      seating=seating({1: Seat(1, "Anna", "basic"), 2: Seat(2, "Boris")}, seed=8))
    reporter.stop()
    with psycopg.connect(database) as db:
        value_pending(db, budget=60)
        found = {v.player: v for v in visits(db, 0)}
    anna, boris = found["Anna"], found["Boris"]
    assert len(anna.rounds) == len(boris.rounds) == 20
    assert anna.wagered + boris.wagered == report.wagered
    assert anna.win + boris.win == -report.house_net
    assert anna.average_ante == 10 and anna.decisions.made >= 20
    assert anna.decisions.cost == 0 and anna.decisions.pending == 0  # she plays basic: every decision its own
    assert boris.decisions.cost > 0  # `simple` gives away expected value against basic
    (made,), = query(database, "SELECT count(*) FROM floor_decisions WHERE player = 'Boris'")
    assert boris.decisions.made == made


@pytest.mark.slow
def test_floor_5_a_skilled_player_is_flagged_for_decisions_that_beat_basic(database, tmp_path, capsys):
    """The expert values each choice as the ratings do: over a visit he gains on basic, and the pit says so."""
    path = tmp_path / "T2.journal"
    reporter = TableReporter(path, "T2", database).start()
    simulate(CLASSIC, 120, 9, boxes=1, journal_path=path, table_id="T2", on_entry=reporter.wake,
             seating=seating({1: Seat(1, "Ivanov", "expert")}, seed=9))
    reporter.stop()
    with psycopg.connect(database) as db:
        value_pending(db, budget=600)
    capsys.readouterr()
    assert main(["pit", "--db", database, "--json"]) == 0
    (ivanov,) = json.loads(capsys.readouterr().out)["flagged_players"]
    assert ivanov["player"] == "Ivanov" and ivanov["decisions"]["cost_ci95"][1] < 0
    assert any(flag.startswith("decisions beat basic") for flag in ivanov["flags"])
