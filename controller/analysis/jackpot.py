"""The jackpot bet's exact return as a function of the meter, and the break-even meter (R-JACKPOT-2).

The bet is settled on the box's first five cards, so its return is exact over all C(52, 5) hands: each hand
category's count (controller.analysis.odds, every hand enumerated) times what the category wins, a fixed amount
or a share of the meter. For a meter M and stake S:

    return(M) = sum over categories c of  P(c) * (fixed_c + share_c * M) / S

a straight line in M. The break-even meter is where return(M) = 1: a meter above it gives the player the edge.
Shares are paid in whole chips (rounded down), which this ignores: the figures are for the meter in chips as a
real number. One box's return: several boxes' hits within one round share the meter in the order they are paid.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from controller.analysis.odds import hand_odds
from controller.core.hands import HandCategory
from controller.core.jackpot_rules import JackpotRules


@dataclass(frozen=True)
class JackpotReturn:
    """Per chip staked: `fixed_return` from the fixed awards, `per_meter_chip` for each chip on the meter."""

    stake: int
    hands: int
    counts: dict[HandCategory, int]
    fixed_return: Fraction
    per_meter_chip: Fraction

    def at(self, meter: int | float) -> float:
        """The bet's return (won / staked) with this meter."""
        return float(self.fixed_return + self.per_meter_chip * Fraction(meter))

    @property
    def break_even_meter(self) -> float | None:
        """The meter at which the bet returns what it takes; None when no award is a share of the meter."""
        if self.per_meter_chip == 0:
            return None
        return float((1 - self.fixed_return) / self.per_meter_chip)

    def to_dict(self, meters: tuple[int, ...] = ()) -> dict[str, object]:
        return {"stake": self.stake, "hands": self.hands,
                "fixed_return": float(self.fixed_return), "return_per_meter_chip": float(self.per_meter_chip),
                "break_even_meter": self.break_even_meter,
                "return_at": {str(m): self.at(m) for m in meters}}


def jackpot_return(rules: JackpotRules) -> JackpotReturn:
    """The exact return of one jackpot stake under these rules."""
    odds = hand_odds(5)
    fixed = Fraction(0)
    per_chip = Fraction(0)
    for category, award in rules.pays:
        p = Fraction(odds.categories[category], odds.hands)
        fixed += p * award.fixed
        per_chip += p * Fraction(award.share_pct, 100)
    return JackpotReturn(rules.stake, odds.hands, {c: odds.categories[c] for c, _ in rules.pays},
                         fixed / rules.stake, per_chip / rules.stake)
