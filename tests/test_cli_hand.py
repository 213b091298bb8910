"""The `rptable hand` command-line contract (docs/architecture.md): one hand, --json, --batch."""

import json

from cli_kit import rptable


def test_hand_json_names_the_best_hand_combinations_and_multiplier():
    out = rptable("hand", "7H", "7S", "7C", "KD", "KH", "AS", "--json")
    assert out.returncode == 0
    result = json.loads(out.stdout)
    assert result == {"cards": ["7H", "7S", "7C", "KD", "KH", "AS"], "best": "FULL_HOUSE",
                      "best_cards": ["7S", "7H", "7C", "KH", "KD"], "paid": ["FULL_HOUSE", "ACE_KING"],
                      "multiplier": 8}


def test_hand_text_output_for_a_dealer():
    out = rptable("hand", "AS", "KD", "5c", "5d", "10h")
    assert out.returncode == 0
    assert "One pair" in out.stdout and "2 to 1" in out.stdout


def test_hand_bad_card_says_what_a_card_is():
    out = rptable("hand", "AS", "1X", "5c", "5d", "10h")
    assert out.returncode == 1
    assert "'1X' is not a card: rank 2-9, T or 10, J, Q, K, A; suit C, D, H, S" in out.stderr


def test_hand_batch_reports_bad_lines_and_runs_the_others():
    lines = "AS KS QS JS TS\n1X 2C 3C 4C 5C\nAS AS 2C 3C 4C\n8C 8H 8S 3D 3H 3S\nAS KS QS\nAS,KD,5C,5D,TH\n"
    out = rptable("hand", "--batch", stdin=lines)
    assert out.returncode == 1
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(results) == 6
    assert results[0]["best"] == "ROYAL_FLUSH" and results[0]["multiplier"] == 100
    assert results[1]["line"] == 2 and "'1X' is not a card" in results[1]["error"]
    assert results[2]["line"] == 3 and "AS appears twice" in results[2]["error"]
    assert results[3]["paid"] == ["FULL_HOUSE", "FULL_HOUSE"] and results[3]["multiplier"] == 14
    assert results[4]["line"] == 5 and "5 or 6 cards" in results[4]["error"]
    assert results[5]["paid"] == ["ONE_PAIR", "ACE_KING"]


def test_hand_batch_all_good_exits_zero():
    out = rptable("hand", "--batch", stdin="2C 3D 5H 8S JC\n9D 9H 9C AD KS\n")
    assert out.returncode == 0
    assert [json.loads(x)["multiplier"] for x in out.stdout.splitlines()] == [0, 4]


def test_odds_json_shape():
    out = rptable("odds", "--cards", "5", "--json")
    assert out.returncode == 0
    result = json.loads(out.stdout)
    assert result["cards"] == 5 and result["hands"] == 2_598_960
    assert result["categories"]["FULL_HOUSE"] == 3744
    assert result["multipliers"]["0"] == 1_135_260 and result["multipliers"]["21"] == 8
