"""Bad input never crashes `rptable round`: any JSON at all gets a settlement or an error result."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.engine import BOX_DECISIONS
from controller.players.scripted import run_script
from controller.table.rule_files import load_rules
from drivers.cards import PACK

CODES = [c.code for c in PACK]
json_scalars = st.none() | st.booleans() | st.integers(-5, 300) | st.text(max_size=4) | st.sampled_from(CODES)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)

box_entries = st.fixed_dictionaries(
    {"box": st.integers(0, 8) | json_scalars, "ante": st.integers(-1, 20_000) | json_scalars},
    optional={"bonus": st.integers(-1, 2000) | json_scalars, "blind": st.booleans() | json_scalars,
              "player": st.sampled_from(["A", "B"]) | json_scalars},
)
ACTIONS = [str(kind) for kind in BOX_DECISIONS]
decisions = st.fixed_dictionaries(
    {"box": st.integers(0, 8) | json_scalars, "action": st.sampled_from(ACTIONS) | json_scalars},
    optional={"discard": st.lists(st.sampled_from(CODES) | json_scalars, max_size=6) | json_scalars,
              "amount": st.integers(-10, 5000) | json_scalars},
)
scripts = st.fixed_dictionaries(
    {"rules": st.sampled_from(["classic", "online", "progressive", "four-seat", "russian-club",
                               "caribbean-stud", "nope"]) | json_scalars,
     "boxes": st.lists(box_entries, max_size=4) | json_values,
     "shoe": st.permutations(CODES)
     | st.lists(st.sampled_from([*CODES, "??", "1X"]), max_size=60)
     | json_values,
     "decisions": st.lists(decisions, max_size=8) | json_values},
)


@settings(max_examples=60, deadline=None)
@given(script=scripts | json_values)
def test_any_json_script_gets_a_result_never_an_exception(script):
    """Each script is fuzzed whole: its rules name, boxes, shoe and decisions may be anything JSON holds."""
    result = run_script(script, "fuzz", load_rules)
    assert result["script"] == "fuzz"
    if "error" in result:
        assert isinstance(result["error"], str) and result["error"]
        assert result["clause"] is None or result["clause"].startswith("R-")
        assert isinstance(result["step"], int) and result["step"] >= 0
    else:
        assert result["house_net"] == -sum(box["net"] for box in result["boxes"])


@pytest.mark.slow  # test_any_json_script_gets_a_result_never_an_exception over 150 scripts, nightly
@settings(max_examples=150, deadline=None)
@given(script=scripts | json_values)
def test_any_json_script_gets_a_result_never_an_exception_nightly(script):
    test_any_json_script_gets_a_result_never_an_exception.hypothesis.inner_test(script)


def test_impossible_rules_names_are_an_error_result_not_an_exception():
    for name in ["x" * 5000, "a\x00b", "/", ""]:
        result = run_script({"rules": name, "boxes": [], "shoe": [], "decisions": []}, "odd", load_rules)
        assert result["step"] == 0 and result["clause"] is None and result["error"]
