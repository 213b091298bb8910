"""Deriving the `basic` strategy of a rules file: for every hand class, the play worth most (docs/basic-strategy.md,
"How the tables were derived").

Every candidate play of a class is played on the same sampled deals and the same cards to come (common random
numbers), each line valued exactly over the dealer's hidden cards (controller.analysis.line_value), so two plays are
compared on their difference, deal by deal. The best measured play is chosen: never a simpler one because it is
close, since a comfortable play is not the best one. A class whose best and runner-up are not yet told apart at 95%
gets more deals, wave after wave, up to a cap; one still close at the cap is chosen by its measured mean and marked
close. Where the only decision is to bet or fold on the five cards dealt (no draw, no buying the dealer a game), each
class is decided exactly, over every first deal (controller.analysis.first_hands).

Pass 1 measures the rules every line ends with: after a draw, bet or fold on no game / ace-king / one pair / two pair
or better; with three of a kind or better, insure nothing, the least allowed or the most. Pass 2 measures each
pre-draw class's candidates with those rules in force. Whether to buy the dealer a game is never sampled as a choice:
it is the exact value controller.players.buy_game_value works out, as the strategy does at a table.

The work runs in jobs on every core and each finished job is kept in a checkpoint, so a derivation stopped by Ctrl-C
or a kill resumes where it was (controller.analysis.long_run).
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from controller.analysis.deal_sampler import sample_deals
from controller.analysis.exact_play import GroupClasses, bet_values, group_classes
from controller.analysis.first_hands import FirstHands, first_hands
from controller.analysis.hand_order import value_order
from controller.analysis.line_value import LineValuer
from controller.analysis.long_run import Checkpoint, Progress, run_jobs
from controller.core.hands import HandCategory
from controller.core.rules import HouseRules, RepeatSingle, rules_digest
from controller.engine import ActionKind
from controller.players.basic import Play
from controller.players.hand_classes import (
    AFTER_DRAW_CLASSES,
    CLASSES,
    INSURANCE_CLASSES,
    after_draw_class,
    insurance_class,
)

Z95 = 1.959964
REPEATS = (1, 2, 40)  # repeat-limits tried for a single-card draw, where the house allows repeats (40: "until hit")
WAVES = (2_000, 2_000, 4_000, 8_000, 16_000)  # deals a class still undecided gets, wave after wave
# Pass 1's deals per row, in first waves: after a draw (rows common and close), insurance (rows rare and clear).
PASS_1 = {"after_draw": 2, "insurance": 1}
CLOSE = 0.002  # antes: two plays closer than this are as good as each other; no more deals are spent on them


@dataclass(frozen=True)
class Choice:
    """A class's (or a rule's) candidates measured: the chosen one, each candidate's EV in antes, the deals they
    were measured on, and the 95% interval of the chosen play's lead over the runner-up; `close` when that
    interval still holds 0."""

    chosen: str
    samples: int
    evs: dict[str, float]
    close: bool
    lead: tuple[float, float]


@dataclass(frozen=True)
class Derivation:
    rules: HouseRules
    seed: int
    after_draw: dict[str, Choice]
    insurance: dict[str, Choice]
    classes: dict[str, Choice]
    shares: dict[str, float]  # each class's share of a box's first deals (exact)

    @property
    def samples(self) -> int:
        return max((c.samples for c in self.classes.values()), default=0)


def candidates(rules: HouseRules, hand_class: str) -> list[str]:
    """The legal candidate plays of a pre-draw class under these rules."""
    if hand_class in ("full_house_or_better", "flush", "straight"):
        plays = ["bet", "buy"]
    elif hand_class == "three_of_a_kind":
        plays = ["bet", "buy", "exchange trips_kicker", "exchange trips"]
    elif hand_class == "two_pair":
        plays = ["bet", "buy", "exchange two_pair"]
    elif hand_class == "pair_and_ace_king":
        plays = ["fold", "bet", "buy", "exchange pair_ace_king", "exchange pair"]
    elif hand_class.startswith("pair_"):
        plays = ["fold", "bet", "buy", "exchange pair_kicker", "exchange pair"]
    elif hand_class.startswith("four_"):
        plays = ["fold", "bet", "buy", "exchange draw"]
        if rules.draw.repeat_single != RepeatSingle.NONE:
            plays += [f"exchange draw repeat {n}" for n in REPEATS]
            plays += [f"exchange draw repeat {n} until made" for n in REPEATS]
    elif hand_class.startswith("ace_king"):
        plays = ["fold", "bet", "buy", "exchange ace_king_kicker", "exchange ace_king"]
    else:
        plays = ["fold", "bet", "buy", "exchange highest", "exchange none"]
    most = rules.draw.exchange_max_cards
    if rules.draw.max_cards_exchanged_per_box:
        most = min(most, rules.draw.max_cards_exchanged_per_box)
    sizes = {"trips_kicker": 1, "trips": 2, "two_pair": 1, "pair_ace_king": 1, "pair_kicker": 2, "pair": 3,
             "draw": 1, "ace_king_kicker": 2, "ace_king": 3, "highest": 4, "none": 5}
    legal = []
    for label in plays:
        play = Play.parse(label)
        if play.action == ActionKind.BUY and not rules.draw.buy_sixth:
            continue
        if play.action == ActionKind.EXCHANGE and sizes[play.keep] > most:
            continue
        legal.append(label)
    return legal


# What the cores' processes work on: set before they start (they are forked), read by `_measure`.
_CONTEXT: dict[str, Any] = {}


def derive(rules: HouseRules, seed: int = 1, *, waves: Sequence[int] = WAVES, workers: int | None = None,
           checkpoint: Path | None = None, progress: Progress | None = None) -> Derivation:
    """The whole derivation for `rules`, reproducible from `seed` (whatever the number of workers)."""
    workers = workers or os.cpu_count() or 1
    first = first_hands(rules.dealer_qualifies_with)
    classes = group_classes(first, rules)
    record = Checkpoint.open(checkpoint, {"rules": rules_digest(rules, play_only=True), "seed": seed,
                                          "waves": list(waves), "version": 1})
    shares = {name: float(classes.weight[i]) for i, name in enumerate(CLASSES)}
    has_draws = rules.draw.buy_sixth or rules.draw.exchange_max_cards > 0
    if not (has_draws or rules.buy_game.enabled or rules.insurance.enabled):
        result = _decided_exactly(rules, seed, first, classes, shares)
        record.remove()
        return result
    _CONTEXT.update(rules=rules, first=first, classes=classes)
    work = _Work(record, workers, progress)
    after = _after_draw(rules, seed, work, waves[0]) if has_draws else {
        name: Choice("bet", 0, {}, False, (0.0, 0.0)) for name in AFTER_DRAW_CLASSES}
    insurance = _insurance(rules, seed, work, after, waves[0]) if rules.insurance.enabled else {}
    chosen = ({k: c.chosen for k, c in after.items()}, {k: c.chosen for k, c in insurance.items()})
    measured = _classes(rules, classes, seed, waves, work, chosen)
    record.remove()
    return Derivation(rules, seed, after, insurance, measured, shares)


class _Work:
    """The jobs run so far and their progress, across the passes."""

    def __init__(self, record: Checkpoint, workers: int, progress: Progress | None) -> None:
        self.record, self.workers, self.progress = record, workers, progress
        self.done = 0.0
        self.planned = 0.0

    def run(self, jobs: list[tuple[str, Any, float]], still_to_plan: float) -> dict[str, dict[str, Any]]:
        """Run `jobs`, with `still_to_plan` more work expected after them (for the bar's time left)."""
        self.planned = self.done + sum(size for _, _, size in jobs) + still_to_plan
        progress = _Offset(self.progress, self.done, self.planned) if self.progress else None
        results = run_jobs(_measure, jobs, self.record, self.workers, progress)
        self.done += sum(size for _, _, size in jobs)
        return results


class _Offset:
    """A Progress seen from one batch of jobs: their work is added to what was done before them."""

    def __init__(self, progress: Progress, before: float, planned: float) -> None:
        self.progress, self.before, self.planned = progress, before, planned

    def update(self, done: float, total: float) -> None:
        self.progress.update(self.before + done, max(self.planned, self.before + total))


def _measure(argument: tuple[list[int], str, dict[str, Any]]) -> dict[str, Any]:
    """One job: deals of one class (or one row of pass 1), every candidate played on each; the sums the paired
    comparison needs (deals, each candidate's sum, and the sums of products of every two candidates)."""
    entropy, kind, spec = argument
    rules: HouseRules = _CONTEXT["rules"]
    first: FirstHands = _CONTEXT["first"]
    rng = np.random.default_rng(entropy)
    labels: list[str] = spec["candidates"]
    plays = [Play.parse(label) for label in labels]
    valuers = [LineValuer(rules, spec["after_draw"], insurance) for insurance in spec["insurance"]]
    of_group = _buckets(kind, first, _CONTEXT["classes"])
    lines = []
    for _, deal in sample_deals(first, of_group, {spec["bucket"]: spec["deals"]}, rng):
        for play, valuer in zip(plays, valuers, strict=True):
            lines.append(valuer.play(play, deal, as_drawn=kind == "after_draw"))
    values = np.zeros((spec["deals"], len(plays)))
    for column, valuer in enumerate(valuers):
        values[:, column] = valuer.values(lines[column::len(plays)])[:, 0]
    return {"n": len(values), "sum": values.sum(axis=0).tolist(), "products": (values.T @ values).tolist()}


def _buckets(kind: str, first: FirstHands, classes: GroupClasses) -> npt.NDArray[np.int64]:
    """The row of every group for this kind of job: its hand class, or its after-draw or insurance row."""
    if kind == "class":
        return classes.of_group
    categories = value_order().category[first.pattern]
    if kind == "after_draw":
        rows = [AFTER_DRAW_CLASSES.index(after_draw_class(c)) for c in HandCategory]
    else:
        found = [insurance_class(c) for c in HandCategory]
        rows = [INSURANCE_CLASSES.index(row) if row is not None else -1 for row in found]
    by_category: npt.NDArray[np.int64] = np.array(rows, dtype=np.int64)[categories]
    return by_category


def _after_draw(rules: HouseRules, seed: int, work: _Work, wave: int) -> dict[str, Choice]:
    labels, deals = ["fold", "bet"], PASS_1["after_draw"] * wave
    spec: dict[str, Any] = {"candidates": labels, "after_draw": {}, "insurance": [{}, {}], "deals": deals}
    jobs = [(f"after_draw-{row}", ([seed, 10, i], "after_draw", spec | {"bucket": i}), float(deals))
            for i, row in enumerate(AFTER_DRAW_CLASSES)]
    results = work.run(jobs, _planned_later(rules, wave))
    return {row: _choose(labels, results[f"after_draw-{row}"]) for row in AFTER_DRAW_CLASSES}


def _insurance(rules: HouseRules, seed: int, work: _Work, after: dict[str, Choice],
               wave: int) -> dict[str, Choice]:
    after_draw = {k: c.chosen for k, c in after.items()}
    jobs = []
    for i, row in enumerate(INSURANCE_CLASSES):
        options = ["none", "min", "max"]
        deals = PASS_1["insurance"] * wave
        spec: dict[str, Any] = {"candidates": ["bet"] * 3, "after_draw": after_draw, "bucket": i,
                                "insurance": [{row: option} for option in options], "deals": deals}
        jobs.append((f"insurance-{row}", ([seed, 20, i], "insurance", spec), float(deals)))
    results = work.run(jobs, len(CLASSES) * wave)
    return {row: _choose(["none", "min", "max"], results[f"insurance-{row}"]) for row in INSURANCE_CLASSES}


def _planned_later(rules: HouseRules, wave: int) -> float:
    """A first guess of the work still to come (the passes' first waves), for the time left."""
    insurance = len(INSURANCE_CLASSES) * PASS_1["insurance"] * wave if rules.insurance.enabled else 0
    return insurance + len(CLASSES) * wave


def _classes(rules: HouseRules, classes: GroupClasses, seed: int, waves: Sequence[int], work: _Work,
             chosen: tuple[dict[str, str], dict[str, str]]) -> dict[str, Choice]:
    after_draw, insurance = chosen
    sums: dict[str, dict[str, Any]] = {}
    open_classes = [name for i, name in enumerate(CLASSES) if classes.weight[i] > 0]
    decided: dict[str, Choice] = {}
    for wave, deals in enumerate(waves):
        jobs = []
        for name in open_classes:
            labels = candidates(rules, name)
            spec = {"candidates": labels, "after_draw": after_draw, "insurance": [insurance] * len(labels),
                    "deals": deals, "bucket": CLASSES.index(name)}
            jobs.append((f"class-{name}-{wave}", ([seed, 30 + wave, CLASSES.index(name)], "class", spec),
                         float(deals * len(labels))))
        later = sum(waves[wave + 1:wave + 2]) * len(open_classes) * 4
        results = work.run(jobs, later)
        still_open = []
        for name in open_classes:
            merged = _merge(sums.get(name), results[f"class-{name}-{wave}"])
            sums[name] = merged
            choice = _choose(candidates(rules, name), merged)
            decided[name] = choice
            if choice.close and choice.lead[1] - choice.lead[0] > CLOSE:
                still_open.append(name)
        open_classes = still_open
        if not open_classes:
            break
    for name in CLASSES:
        if name not in decided:  # a class these rules never deal: bet, the play that needs no draw
            decided[name] = Choice("bet" if "bet" in candidates(rules, name) else "fold", 0, {}, False, (0.0, 0.0))
    return {name: decided[name] for name in CLASSES}


def _merge(before: dict[str, Any] | None, part: dict[str, Any]) -> dict[str, Any]:
    if before is None:
        return part
    return {"n": before["n"] + part["n"],
            "sum": (np.array(before["sum"]) + part["sum"]).tolist(),
            "products": (np.array(before["products"]) + part["products"]).tolist()}


def _choose(labels: list[str], sums: dict[str, Any]) -> Choice:
    """The candidate with the highest mean; the 95% interval of its lead over the runner-up (paired)."""
    n = sums["n"]
    total, products = np.array(sums["sum"]), np.array(sums["products"])
    means = total / n
    best = int(np.argmax(means))
    evs = dict(zip(labels, means.tolist(), strict=True))
    if len(labels) == 1 or n < 2:
        return Choice(labels[best], n, evs, False, (0.0, 0.0))
    runner = max((i for i in range(len(labels)) if i != best), key=lambda i: means[i])
    lead = means[best] - means[runner]
    # Var(best - runner) over the deals, from the sums of squares and products.
    square = products[best, best] + products[runner, runner] - 2 * products[best, runner]
    variance = max(square - n * lead * lead, 0.0) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Choice(labels[best], n, evs, lead - half <= 0.0, (lead - half, lead + half))


def _decided_exactly(rules: HouseRules, seed: int, first: FirstHands, classes: GroupClasses,
                     shares: dict[str, float]) -> Derivation:
    """Rules whose one decision is bet or fold on the cards dealt (no draw, insurance or buying the dealer a game):
    each class's fold and bet, exactly."""
    valuer = LineValuer(rules, {}, {})
    decided = {}
    for name in CLASSES:
        groups = classes.groups(name)
        if not len(groups):
            decided[name] = Choice("bet", 0, {}, False, (0.0, 0.0))
            continue
        value, _ = bet_values(first, valuer, groups)
        bet = float((value * first.deals[groups]).sum() / first.deals[groups].sum())
        lead = abs(bet + 1.0)
        decided[name] = Choice("bet" if bet > -1.0 else "fold", 0, {"fold": -1.0, "bet": bet}, False, (lead, lead))
    after = {name: Choice("bet", 0, {}, False, (0.0, 0.0)) for name in AFTER_DRAW_CLASSES}
    return Derivation(rules, seed, after, {}, decided, shares)


def table_toml(d: Derivation, today: date) -> str:
    """The derivation as the table file the basic strategy reads (controller/players/basic_tables/NAME.toml)."""
    lines = [
        "# Written by the basic-strategy derivation (benchmarks/derive_basic.py, rptable analyze): the basic strategy",
        "# for these rules, each play chosen by expected value (in antes). Do not edit; derive again instead.",
        "[meta]",
        f'rules = "{d.rules.name}"',
        f'rules_sha256 = "{rules_digest(d.rules)}"',
        f'play_sha256 = "{rules_digest(d.rules, play_only=True)}"',
        f"seed = {d.seed}",
        f'derived = "{today.isoformat()}"',
        "",
        "[after_draw]",
        *(f'{name} = "{c.chosen}"' for name, c in d.after_draw.items()),
        "",
    ]
    if d.insurance:
        lines += ["[insurance]", *(f'{name} = "{c.chosen}"' for name, c in d.insurance.items()), ""]
    sections = [("after_draw_measured", d.after_draw, {}), ("insurance_measured", d.insurance, {}),
                ("classes", d.classes, d.shares)]
    for section, choices, shares in sections:
        for name, c in choices.items():
            lines += [f"[{section}.{name}]", f'play = "{c.chosen}"']
            if name in shares:
                lines.append(f"share = {shares[name]:.8f}")
            lines += [f"samples = {c.samples}", f"close = {'true' if c.close else 'false'}",
                      f"lead_ci95 = [{c.lead[0]:.4f}, {c.lead[1]:.4f}]",
                      "ev = { " + ", ".join(f'"{k}" = {v:.4f}' for k, v in c.evs.items()) + " }", ""]
    return "\n".join(lines)
