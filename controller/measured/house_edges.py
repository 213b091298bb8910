"""The house edge of house rules under the `basic` strategy, as measured: each preset's, written to
`house_edges.toml` beside this module by `benchmarks/house_edges.py` (what the shift report sets beside the actual
win), and a casino's own file's, measured by `rptable analyze --strategy basic` into the user's data folder
(controller.analysis.casino_files). A figure applies only to rules that play the same (same play digest); the shift
report asks for rules identical in every word (same full digest).

`edge_status` says what the operator must know before a table opens on some rules: whether the house keeps an
edge, a skilled player has one, or nobody knows.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

from controller.core.rules import HouseRules, rules_digest

FILE = "house_edges.toml"


@dataclass(frozen=True)
class HouseEdge:
    rules: str
    strategy: str
    house_edge: float  # per ante: the player's average loss per unit of ante
    house_edge_ci95: tuple[float, float]
    rounds: int  # deals sampled (0: worked out exactly)
    measured: str
    bonus_edge: float | None = None  # per unit of bonus stake
    play_sha256: str = ""
    element_of_risk: float | None = None
    average_wager: float | None = None
    optimal_house_edge: float | None = None  # under optimal play, where it is worked out exactly
    round_sd: float | None = None  # the standard deviation of one box's result per ante (house_edge_file.round_spread)


def edge_from_row(name: str, row: dict[str, Any]) -> HouseEdge:
    """A measured figure from its table in a TOML file (house_edges.toml, or a casino file's own)."""
    lo, hi = row["house_edge_ci95"]
    return HouseEdge(
        name, str(row["strategy"]), float(row["house_edge"]), (float(lo), float(hi)), int(row["rounds"]),
        str(row["measured"]), _number(row.get("bonus_edge")), str(row.get("play_sha256", "")),
        _number(row.get("element_of_risk")), _number(row.get("average_wager")),
        _number(row.get("optimal_house_edge")), _number(row.get("round_sd")))


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) else None


@cache
def _shipped() -> tuple[tuple[str, HouseEdge], ...]:
    path = resources.files("controller.measured").joinpath(FILE)
    if not path.is_file():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple((str(row["rules_sha256"]), edge_from_row(name, row)) for name, row in data.items())


def measured_edges() -> dict[str, HouseEdge]:
    """The presets' measured figures by full rules digest (controller.core.rules.rules_digest); none when the
    file is absent."""
    return dict(_shipped())


def shipped_edge(rules: HouseRules) -> HouseEdge | None:
    """A preset's figure for rules that play as these do (names and notes aside)."""
    digest = rules_digest(rules, play_only=True)
    return next((edge for _, edge in _shipped() if edge.play_sha256 == digest), None)


class EdgeFinding(StrEnum):
    """What the measured house edge of some rules says for the operator."""

    HOUSE = "house"  # the house keeps an edge: its 95% interval lies above zero
    PLAYER = "player"  # a skilled player has the edge
    TOO_CLOSE = "too_close"  # measured, but the interval reaches zero
    UNMEASURED = "unmeasured"


@dataclass(frozen=True)
class EdgeStatus:
    """The rules' edge for the operator: the finding, the figure behind it, and words for a person."""

    rules: str
    play_sha256: str
    finding: EdgeFinding
    edge: HouseEdge | None

    @property
    def needs_acknowledgement(self) -> bool:
        """Whether an admin must acknowledge the rules before a table opens on them."""
        return self.finding is not EdgeFinding.HOUSE

    def words(self, *, asking: bool = True) -> str:
        """What the figure says, in a sentence or three; `asking` adds that an admin must acknowledge it (where one
        must)."""
        e = self.edge
        acknowledge = " An admin must acknowledge this before a table opens on these rules." if asking else ""
        if e is None:
            return (f"The house edge of the rules '{self.rules}' has never been measured, so nobody knows whether "
                    f"they favour a skilled player. Measure it with `rptable analyze --rules FILE --strategy "
                    f"basic`.{acknowledge}")
        lo, hi = e.house_edge_ci95
        interval = f"95% interval {100 * lo:+.2f}% to {100 * hi:+.2f}%"
        if self.finding is EdgeFinding.HOUSE:
            return (f"House edge of '{self.rules}' under basic strategy: {100 * e.house_edge:.2f}% of the ante "
                    f"({interval}, measured {e.measured}).")
        if self.finding is EdgeFinding.PLAYER:
            return (f"The rules '{self.rules}' favour a skilled player: one who follows basic strategy wins "
                    f"{-100 * e.house_edge:.2f}% of the ante a round on average ({interval} for the house, measured "
                    f"{e.measured}).{acknowledge}")
        return (f"The house edge of '{self.rules}' under basic strategy is {100 * e.house_edge:.2f}% of the ante, "
                f"but its {interval} reaches zero: the rules may favour a skilled player.{acknowledge}")


def edge_status(rules: HouseRules, measured: HouseEdge | None) -> EdgeStatus:
    """What the measured figure (None: never measured) says of these rules."""
    digest = rules_digest(rules, play_only=True)
    if measured is None:
        return EdgeStatus(rules.name, digest, EdgeFinding.UNMEASURED, None)
    lo, _ = measured.house_edge_ci95
    finding = EdgeFinding.HOUSE if lo > 0 else EdgeFinding.PLAYER if measured.house_edge < 0 else \
        EdgeFinding.TOO_CLOSE
    return EdgeStatus(rules.name, digest, finding, measured)
