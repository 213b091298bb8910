"""`rptable round` as docs/rules.md specifies it: several scripts or JSON lines on stdin, one result per
script, an illegal script reported with its clause and step while the others still run, exit status 1."""

from __future__ import annotations

import json

from cli_kit import rptable
from roundkit import deal_order

FLUSH_WIN = {"rules": "classic", "boxes": [{"box": 1, "ante": 100}],
             "shoe": deal_order({1: ["2H", "5H", "9H", "JH", "KH"]}, ["7C", "7D", "3S", "4D", "9C"]),
             "decisions": [{"box": 1, "action": "bet"}]}


def test_round_json_shape_for_a_settled_script(tmp_path):
    path = tmp_path / "win.json"
    path.write_text(json.dumps(FLUSH_WIN))
    done = rptable("round", str(path), "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["script"] == str(path)
    box = result["boxes"][0]
    assert {k: box[k] for k in ("box", "cards", "best", "paid", "multiplier", "outcome", "net")} == {
        "box": 1, "cards": ["2H", "5H", "9H", "JH", "KH"], "best": "FLUSH", "paid": ["FLUSH"],
        "multiplier": 5, "outcome": "win", "net": 1100}
    assert set(box["lines"]) == {"ante", "bet", "draw", "insurance", "bonus", "buy_game"}
    dealer = result["dealer"]
    assert (dealer["cards"], dealer["best"], dealer["qualified"], dealer["draws"]) == (
        ["7C", "7D", "3S", "4D", "9C"], "ONE_PAIR", True, [])
    assert result["house_net"] == -1100


def test_round_an_illegal_script_fails_alone_and_the_exit_status_is_1(tmp_path):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(FLUSH_WIN))
    bad.write_text(json.dumps({**FLUSH_WIN, "shoe": [*FLUSH_WIN["shoe"], "AS", "AD"],
                               "decisions": [{"box": 1, "action": "buy"},
                                                          {"box": 1, "action": "buy"}]}))
    done = rptable("round", str(bad), str(good), "--json")
    assert done.returncode == 1
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first == {"script": str(bad), "error": first["error"], "clause": "R-ACT-4", "step": 2}
    assert "one draw per box" in first["error"]
    assert second["house_net"] == -1100


def test_round_reads_json_lines_from_stdin_named_by_line():
    lines = [json.dumps(FLUSH_WIN), "", json.dumps({**FLUSH_WIN, "rules": "caribbean-stud"}), "{broken"]
    done = rptable("round", "-", "--json", stdin="\n".join(lines) + "\n")
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["script"] for r in results] == ["stdin:1", "stdin:3", "stdin:4"]
    assert results[0]["boxes"][0]["net"] == 1100
    assert results[1]["rules"] == "caribbean-stud"
    assert results[1]["boxes"][0]["net"] == 1100  # Caribbean: ante 1:1 (+100) and flush 5:1 (+1000)
    assert "not JSON" in results[2]["error"] and results[2]["step"] == 0
    assert done.returncode == 1


def test_round_rules_option_overrides_the_scripts_rules(tmp_path):
    path = tmp_path / "win.json"
    path.write_text(json.dumps(FLUSH_WIN))
    done = rptable("round", str(path), "--json", "--rules", "online")
    assert json.loads(done.stdout)["boxes"][0]["net"] == 1000  # online returns the ante unpaid
    unknown = rptable("round", str(path), "--rules", "nowhere")
    assert unknown.returncode == 2 and "no preset or rules file 'nowhere'" in unknown.stderr


def test_round_readable_output_without_json(tmp_path):
    path = tmp_path / "win.json"
    path.write_text(json.dumps(FLUSH_WIN))
    text = rptable("round", str(path)).stdout
    assert "box 1 2H 5H 9H JH KH: flush (pays flush, 5 to 1) win: net +1100" in text
    assert "ante +100, bet +1000" in text and "house net -1100" in text


def test_round_script_that_ends_before_a_box_acts_names_the_step_after_the_last_decision(tmp_path):
    path = tmp_path / "short.json"
    path.write_text(json.dumps({**FLUSH_WIN, "decisions": []}))
    result = json.loads(rptable("round", str(path), "--json").stdout)
    assert (result["clause"], result["step"]) == ("R-TABLE-1", 1)


def test_round_shoe_too_short_for_the_deal(tmp_path):
    path = tmp_path / "short.json"
    path.write_text(json.dumps({**FLUSH_WIN, "shoe": FLUSH_WIN["shoe"][:7]}))
    result = json.loads(rptable("round", str(path), "--json").stdout)
    assert (result["clause"], result["step"]) == ("R-DEAL-1", 0)
    assert "The shoe ran out after 7 cards" in result["error"]
