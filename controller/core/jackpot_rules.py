"""The linked progressive jackpot's house rules (R-JACKPOT-1): the stake, the meter's share of it, the reseed
and the pay table, as validated frozen data.

A rules file without a `[jackpot]` section has no jackpot bet and plays exactly as before. The section reads:

    [jackpot]
    stake = 10                # the fixed jackpot stake of a box, placed with its ante
    contribution_pct = 20     # the meter's share of every stake (stake x pct / 100 must be whole chips)
    reseed = 100000           # what the meter starts at, and is topped up to after a hit
    [jackpot.pays]            # by hand category on the box's first five cards:
    ROYAL_FLUSH = "100%"      #   a share of the meter at the moment of the hit ...
    STRAIGHT_FLUSH = "10%"
    FOUR_OF_A_KIND = 5000     #   ... or a fixed amount in chips, paid by the table
    FULL_HOUSE = 1500
    FLUSH = 500

Parsing goes through the house rules' own reader (controller.core.rules), so a bad value is refused the same
way as any other setting: with the field, the value and what is allowed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from controller.core.hands import HandCategory

MOST_CHIPS = 10**12


@dataclass(frozen=True, slots=True)
class JackpotAward:
    """What one hand category wins: a share of the meter (`share_pct`, 1-100) or a fixed amount (`fixed`)."""

    share_pct: int = 0
    fixed: int = 0

    @property
    def from_meter(self) -> bool:
        return self.share_pct > 0

    def to_setting(self) -> str | int:
        """The award as a rules file writes it: "10%" or a number of chips."""
        return f"{self.share_pct}%" if self.share_pct else self.fixed


@dataclass(frozen=True, slots=True)
class JackpotRules:
    stake: int = 10
    contribution_pct: int = 20
    reseed: int = 100_000
    pays: tuple[tuple[HandCategory, JackpotAward], ...] = (
        (HandCategory.ROYAL_FLUSH, JackpotAward(share_pct=100)),
        (HandCategory.STRAIGHT_FLUSH, JackpotAward(share_pct=10)),
        (HandCategory.FOUR_OF_A_KIND, JackpotAward(fixed=5000)),
        (HandCategory.FULL_HOUSE, JackpotAward(fixed=1500)),
        (HandCategory.FLUSH, JackpotAward(fixed=500)),
    )

    @property
    def contribution(self) -> int:
        """Chips of every stake that go to the meter (whole by validation)."""
        return self.stake * self.contribution_pct // 100

    def award(self, category: HandCategory) -> JackpotAward | None:
        """What a box's first five cards of this category win; None when they lose the stake."""
        return dict(self.pays).get(category)

    def to_mapping(self) -> dict[str, Any]:
        return {
            "stake": self.stake,
            "contribution_pct": self.contribution_pct,
            "reseed": self.reseed,
            "pays": {category.name: award.to_setting() for category, award in self.pays},
        }


class SettingsReader(Protocol):
    """The part of the house rules' reader this section uses (controller.core.rules._Reader)."""

    data: Mapping[str, Any]

    def integer(self, key: str, default: int, low: int, high: int) -> int: ...
    def section(self, key: str) -> SettingsReader: ...
    def reject(self, key: str, value: Any, allowed: str) -> Exception: ...
    def finish(self) -> None: ...


def read_jackpot(r: SettingsReader) -> JackpotRules:
    """The `[jackpot]` section, validated."""
    d = JackpotRules()
    stake = r.integer("stake", d.stake, 1, MOST_CHIPS)
    pct = r.integer("contribution_pct", d.contribution_pct, 0, 100)
    if stake * pct % 100:
        step = 100 // math.gcd(stake, 100)
        raise r.reject("contribution_pct", pct, f"a multiple of {step} from 0 to 100, so that the meter's share of "
                                                f"a stake of {stake} is whole chips")
    reseed = r.integer("reseed", d.reseed, 0, MOST_CHIPS)
    pays_reader = r.section("pays")
    pays = _read_pays(pays_reader) if pays_reader.data else d.pays
    r.finish()
    return JackpotRules(stake=stake, contribution_pct=pct, reseed=reseed, pays=pays)


def _read_pays(r: SettingsReader) -> tuple[tuple[HandCategory, JackpotAward], ...]:
    allowed = 'a share of the meter ("1%" to "100%") or a whole number of chips from 1 to 10^12'
    pays: list[tuple[HandCategory, JackpotAward]] = []
    for key, value in r.data.items():
        if key not in HandCategory.__members__:
            raise r.reject(key, value, "a hand category: " + ", ".join(HandCategory.__members__))
        pays.append((HandCategory[key], _award(r, key, value, allowed)))
    pays.sort(key=lambda pay: -pay[0])
    return tuple(pays)


def _award(r: SettingsReader, key: str, value: Any, allowed: str) -> JackpotAward:
    if isinstance(value, str) and value.endswith("%"):
        digits = value[:-1].strip()
        if digits.isdigit() and 1 <= int(digits) <= 100:
            return JackpotAward(share_pct=int(digits))
    elif isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MOST_CHIPS:
        return JackpotAward(fixed=value)
    raise r.reject(key, value, allowed)
