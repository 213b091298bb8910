"""The house edge of a rules file under the `basic` strategy (or, where the only decision is bet or fold on the first
five cards, under optimal play): exact where it can be, sampled only where it cannot, on every core, resumable.

The edge is the sum over the 23 hand classes of the class's share of first deals (exact, counted over every deal:
controller.analysis.first_hands) times the class's expected result under its play:
- fold: minus the ante, exactly;
- bet on the cards dealt: exact against every set of the dealer's hidden cards (controller.analysis.exact_play),
  plus what buying him a game adds, sampled;
- a draw (a 6th card, an exchange): sampled, each sample exact over the dealer's hidden cards
  (controller.analysis.line_value).
Deals are sampled by class (stratified, each class's sample a uniform draw of its deals, controller.analysis
.deal_sampler), so the figure is exact in expectation; how many each class gets is set by a pilot run (Neyman
allocation: in proportion to the class's share times the spread of its results) to reach the half-width asked for.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from controller.analysis.deal_sampler import sample_deals
from controller.analysis.draw_control import DrawControl
from controller.analysis.exact_play import GroupClasses, bet_values, group_classes
from controller.analysis.first_hands import FirstHands, first_hands
from controller.analysis.line_value import ANTE, LineValuer
from controller.analysis.long_run import Checkpoint, Progress, run_jobs
from controller.core.rules import HouseRules, rules_digest
from controller.engine import ActionKind
from controller.players.basic import BasicTable, Play
from controller.players.hand_classes import CLASSES

Z95 = 1.959964
PILOT = 1_000  # samples of each sampled class, to set how many each gets
# The pilot's spreads are themselves estimates, and a few rare draws (a full house from a pair) make them vary: the
# main run takes this many times the deals they call for, to reach the half-width asked for.
MARGIN = 1.3
JOB = 4_000  # samples a job takes, over all classes (a few seconds to a minute)
LEAST = 200  # samples of a sampled class at the least


@dataclass(frozen=True)
class ClassResult:
    """One hand class: its share of first deals, its play, its expected result in antes and that figure's 95%
    half-width (0 where exact), and the samples taken."""

    name: str
    weight: float
    play: str
    value: float
    half_width: float
    samples: int
    wager: float


@dataclass(frozen=True)
class EdgeEstimate:
    rules: str
    strategy: str
    house_edge: float  # per ante: the player's average loss
    house_edge_ci95: tuple[float, float]
    element_of_risk: float  # per unit wagered
    average_wager: float  # antes
    samples: int
    exact_share: float  # of first deals decided on the first five cards (fold, bet): exact but for buying a game
    seconds: float
    classes: tuple[ClassResult, ...]

    def to_dict(self) -> dict[str, Any]:
        """The `analyze --json` shape (rounds: the deals sampled; rounds_per_second: their rate)."""
        return {"rules": self.rules, "strategy": self.strategy, "rounds": self.samples,
                "house_edge": self.house_edge, "house_edge_ci95": list(self.house_edge_ci95),
                "element_of_risk": self.element_of_risk, "average_wager": self.average_wager,
                "rounds_per_second": self.samples / self.seconds if self.seconds else 0.0,
                "method": "exact over the first five cards and the up card, sampled draws",
                "exact_share": self.exact_share,
                "classes": [{"class": c.name, "share": c.weight, "play": c.play, "value": c.value,
                             "half_width": c.half_width, "samples": c.samples} for c in self.classes]}


@dataclass(frozen=True)
class _Stratum:
    index: int  # into CLASSES
    weight: float
    play: Play
    exact: float  # the exact part of the class's mean result (antes)
    exact_wager: float
    sampled: str  # "": exact; "line": the whole line; "buying": what buying the dealer a game adds


# What the cores' processes work on: set before they start (they are forked), read by `_sample_job`.
_CONTEXT: dict[str, Any] = {}


def basic_edge(rules: HouseRules, table: BasicTable, *, half_width: float = 0.001, seed: int = 1,
               workers: int | None = None, checkpoint: Path | None = None, max_samples: int | None = None,
               progress: Progress | None = None) -> EdgeEstimate:
    """The house edge of `rules` when every box plays `table`, to a 95% half-width of `half_width` antes (or
    within `max_samples` sampled deals). `checkpoint` keeps the finished jobs: an interrupted run resumes."""
    start = time.perf_counter()
    first = first_hands(rules.dealer_qualifies_with)
    classes = group_classes(first, rules)
    valuer = LineValuer(rules, table.after_draw, table.insurance)
    strata = _strata(rules, table, first, classes, valuer)
    control = DrawControl(valuer, seed) if any(s.sampled == "line" for s in strata) else None
    _CONTEXT.update(valuer=valuer, first=first, classes=classes, strata={s.index: s for s in strata},
                    control=control)
    workers = workers or os.cpu_count() or 1
    sampled = [s for s in strata if s.sampled]
    what = {"rules": rules_digest(rules, play_only=True), "plays": {CLASSES[s.index]: s.play.label for s in strata},
            "after_draw": table.after_draw, "insurance": table.insurance, "seed": seed,
            "half_width": half_width, "max_samples": max_samples, "version": 1}
    record = Checkpoint.open(checkpoint, what)
    totals: dict[int, list[float]] = {}
    if sampled:
        least = LEAST if max_samples is None else max(2, min(LEAST, max_samples // (2 * len(sampled))))
        pilot = _run(record, "pilot", {s.index: max(least, min(PILOT, 5 * least)) for s in sampled}, None, seed,
                     workers, progress)
        betas = {index: _beta(sums) for index, sums in pilot.items()}
        quotas = _allocation(sampled, {i: _controlled(sums, betas[i]) for i, sums in pilot.items()}, half_width,
                             max_samples, least)
        totals = _run(record, "main", quotas, betas, seed, workers, progress)
    record.remove()
    return _estimate(rules, strata, totals, time.perf_counter() - start)


def optimal_no_draw_edge(rules: HouseRules) -> EdgeEstimate:
    """The house edge under optimal play where the only decision is to bet or fold on the first five cards and the
    up card (no draw, no insurance, no buying the dealer a game, e.g. caribbean-stud): on every first deal, the
    better of folding and betting, exactly."""
    draw = rules.draw
    if draw.buy_sixth or draw.exchange_max_cards or rules.insurance.enabled or rules.buy_game.enabled:
        raise ValueError(f"optimal play is worked out exactly only where a box's one decision is to bet or fold on "
                         f"its first five cards; '{rules.name}' also has draws, insurance or buying the dealer a "
                         "game. Use --strategy basic.")
    start = time.perf_counter()
    first = first_hands(rules.dealer_qualifies_with)
    valuer = LineValuer(rules, {}, {})
    everything = np.arange(len(first))
    bet, wager = bet_values(first, valuer, everything)
    betting = bet > -1.0
    share = first.deals / first.deals.sum()
    value = float((np.where(betting, bet, -1.0) * share).sum())
    staked = float((np.where(betting, wager, 1.0) * share).sum())
    return EdgeEstimate(rules.name, "optimal", -value, (-value, -value), -value / staked, staked, 0, 1.0,
                        time.perf_counter() - start, ())


def _strata(rules: HouseRules, table: BasicTable, first: FirstHands, classes: GroupClasses,
            valuer: LineValuer) -> list[_Stratum]:
    strata = []
    for index, name in enumerate(CLASSES):
        weight = float(classes.weight[index])
        if weight == 0:
            continue
        play = table.plays[name]
        if play.action == ActionKind.FOLD:
            strata.append(_Stratum(index, weight, play, -1.0, 1.0, ""))
        elif play.action == ActionKind.BET:
            groups = classes.groups(name)
            value, wager = bet_values(first, valuer, groups)
            share = first.deals[groups] / first.deals[groups].sum()
            strata.append(_Stratum(index, weight, play, float((value * share).sum()), float((wager * share).sum()),
                                   "buying" if rules.buy_game.enabled else ""))
        else:
            strata.append(_Stratum(index, weight, play, 0.0, 0.0, "line"))
    return strata


def _run(record: Checkpoint, phase: str, quotas: dict[int, int], betas: dict[int, float] | None, seed: int,
         workers: int, progress: Progress | None) -> dict[int, list[float]]:
    """Sample `quotas` (class index -> deals) in jobs of about JOB deals; the classes' summed results (with the
    draws' control taken off at `betas`, or, without them, the sums the pilot needs to set them)."""
    if progress is not None:
        progress.stage("pilot run" if phase == "pilot" else "sampled deals")
    total = sum(quotas.values())
    count = max(1, math.ceil(total / JOB))  # the same jobs, so the same figure, on any number of cores
    jobs = []
    for number in range(count):
        share = {index: n * (number + 1) // count - n * number // count for index, n in quotas.items()}
        size = sum(share.values())
        if size:
            entropy = [seed, 0 if phase == "pilot" else 1, number]
            jobs.append((f"{phase}-{number}", (entropy, share, betas), float(size)))
    results = run_jobs(_sample_job, jobs, record, workers, progress)
    totals: dict[int, list[float]] = {}
    for result in results.values():
        for index, sums in result.items():
            mine = totals.setdefault(int(index), [0.0] * len(sums))
            for i, value in enumerate(sums):
                mine[i] += value
    return totals


def _sample_job(argument: tuple[list[int], dict[int, int], dict[int, float] | None]) -> dict[str, list[float]]:
    """One job: its deals of each class, each played and valued. Per class: the samples, the sum and the sum of
    squares of the sampled results with the draws' control taken off (at `betas`), and the sum of the sampled
    wagers (antes); in the pilot (no betas), also the sums of the control, of its square and of its product with
    the result."""
    entropy, quotas, betas = argument
    valuer: LineValuer = _CONTEXT["valuer"]
    strata: dict[int, _Stratum] = _CONTEXT["strata"]
    control: DrawControl | None = _CONTEXT["control"]
    rng = np.random.default_rng(entropy)
    kinds, lines = [], []
    for kind, deal in sample_deals(_CONTEXT["first"], _CONTEXT["classes"].of_group, quotas, rng):
        kinds.append(kind)
        lines.append(valuer.play(strata[kind].play, deal))
    values = valuer.values(lines)
    controls = control.of(lines, rng) if control is not None else np.zeros(len(lines))
    out: dict[str, list[float]] = {}
    for kind, line, (value, wager), x in zip(kinds, lines, values, controls, strict=True):
        if strata[kind].sampled == "buying":
            value, wager, x = line.excess / ANTE, line.bought / ANTE, 0.0
        if betas is None:
            sums = out.setdefault(str(kind), [0.0] * 7)
            for i, term in enumerate((1.0, value, value * value, wager, x, x * x, value * x)):
                sums[i] += term
        else:
            value -= betas.get(kind, 0.0) * x
            sums = out.setdefault(str(kind), [0.0] * 4)
            for i, term in enumerate((1.0, value, value * value, wager)):
                sums[i] += term
    return out


def _beta(sums: list[float]) -> float:
    """The multiple of the control that takes most spread off a class's results (least squares, from the pilot)."""
    n, total, _, _, x, xx, xy = sums
    spread = xx - x * x / n
    return (xy - total * x / n) / spread if spread > 1e-12 else 0.0


def _controlled(sums: list[float], beta: float) -> list[float]:
    """A pilot's sums as the main run will see them, the control taken off at `beta`."""
    n, total, squares, wager, x, xx, xy = sums
    return [n, total - beta * x, squares - 2 * beta * xy + beta * beta * xx, wager]


def _allocation(sampled: list[_Stratum], pilot: dict[int, list[float]], half_width: float,
                max_samples: int | None, least: int) -> dict[int, int]:
    """Deals per sampled class, `least` at the least: in proportion to its share times the spread of its results
    in the pilot (Neyman), as many as the half-width needs, or `max_samples` in all if that is fewer."""
    weighted = {s.index: s.weight * _spread(pilot.get(s.index)) for s in sampled}
    scale = sum(weighted.values())
    total = MARGIN * (Z95 * scale / half_width) ** 2 if scale else 0.0
    if max_samples is not None:
        total = min(total, float(max_samples))
    floor = least * len(sampled)
    total = max(math.ceil(total), floor)
    # The deals above the floor go by weight, rounded so that they add up to the total exactly.
    spare = total - floor
    exact = {index: spare * w / scale if scale else spare / len(sampled) for index, w in weighted.items()}
    quotas = {index: least + int(x) for index, x in exact.items()}
    short = total - sum(quotas.values())
    for index in sorted(exact, key=lambda i: exact[i] - int(exact[i]), reverse=True)[:short]:
        quotas[index] += 1
    return quotas


def _spread(sums: list[float] | None) -> float:
    if not sums or sums[0] < 2:
        return 0.0
    n, total, squares = sums[0], sums[1], sums[2]
    return math.sqrt(max(squares - total * total / n, 0.0) / (n - 1))


def _estimate(rules: HouseRules, strata: list[_Stratum], totals: dict[int, list[float]],
              seconds: float) -> EdgeEstimate:
    value = variance = wager = exact_share = 0.0
    samples = 0
    results = []
    for s in strata:
        mean = spread = extra_wager = 0.0
        n = 0
        if s.sampled:
            sums = totals.get(s.index, [0.0, 0.0, 0.0, 0.0])
            n = int(sums[0])
            mean, spread, extra_wager = (sums[1] / n, _spread(sums), sums[3] / n) if n else (0.0, 0.0, 0.0)
            variance += s.weight ** 2 * spread ** 2 / n if n else 0.0
        if s.sampled != "line":
            exact_share += s.weight
        class_value, class_wager = s.exact + mean, s.exact_wager + extra_wager
        value += s.weight * class_value
        wager += s.weight * class_wager
        samples += n
        half = Z95 * spread / math.sqrt(n) if n else 0.0
        results.append(ClassResult(CLASSES[s.index], s.weight, s.play.label, float(class_value), float(half), n,
                                   float(class_wager)))
    half = Z95 * math.sqrt(variance)
    value, wager = float(value), float(wager)
    return EdgeEstimate(rules.name, "basic", -value, (-value - half, -value + half), -value / wager, wager, samples,
                        float(exact_share), seconds, tuple(results))
