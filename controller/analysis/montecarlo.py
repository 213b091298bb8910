"""House edge by Monte Carlo on both cores: batches of vectorised rounds, independent seed streams per batch."""

from __future__ import annotations

import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from controller.analysis.engine_rounds import DRAWING_STRATEGIES, simulate_engine_batch
from controller.analysis.vectorised import NO_DRAW_STRATEGIES, Totals, hand_tables, simulate_batch
from controller.core.rules import HouseRules
from controller.players.basic import table_for

BATCH = 200_000  # vectorised rounds per job (its arrays stay in cache)
ENGINE_BATCH = 5_000  # rounds through the engine per job (a few seconds)
STRATEGIES = NO_DRAW_STRATEGIES + DRAWING_STRATEGIES
Z95 = 1.959964


@dataclass(frozen=True)
class EdgeReport:
    rules: str
    strategy: str
    rounds: int
    house_edge: float  # per ante, as a fraction
    house_edge_ci95: tuple[float, float]
    element_of_risk: float  # per unit wagered
    average_wager: float  # in antes
    rounds_per_second: float
    raise_rate: float
    outcomes: dict[str, int]
    paid: dict[int, int]

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules, "strategy": self.strategy, "rounds": self.rounds,
                "house_edge": self.house_edge, "house_edge_ci95": list(self.house_edge_ci95),
                "element_of_risk": self.element_of_risk, "average_wager": self.average_wager,
                "rounds_per_second": self.rounds_per_second, "raise_rate": self.raise_rate,
                "outcomes": self.outcomes, "paid_multipliers": {str(k): v for k, v in sorted(self.paid.items())}}


_worker_state: dict[str, Any] = {}


def _init_worker(rules: HouseRules, strategy: str) -> None:
    _worker_state["rules"] = rules
    # The engine's strategies play their rounds through the rules themselves: the hand tables (a quarter of a
    # second to build) are for the vectorised ones only.
    _worker_state["tables"] = None if strategy in DRAWING_STRATEGIES else hand_tables(rules)


def _run_batch(job: tuple[str, int, np.random.SeedSequence]) -> Totals:
    strategy, rounds, seed = job
    if strategy in DRAWING_STRATEGIES:
        return simulate_engine_batch(_worker_state["rules"], strategy, rounds, int(seed.generate_state(1)[0]))
    return simulate_batch(_worker_state["rules"], _worker_state["tables"], strategy, rounds,
                          np.random.default_rng(seed))


def house_edge(
    rules: HouseRules,
    strategy: str,
    rounds: int,
    seed: int = 1,
    *,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> EdgeReport:
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy '{strategy}' is not known here; strategies: {', '.join(STRATEGIES)}")
    if rounds < 1:
        raise ValueError("--rounds must be at least 1")
    if strategy == "basic":
        table_for(rules)  # NoBasicTable, said once here, for rules no table was derived for
    batch = BATCH if strategy in NO_DRAW_STRATEGIES else ENGINE_BATCH
    sizes = [batch] * (rounds // batch) + ([rounds % batch] if rounds % batch else [])
    seeds = np.random.SeedSequence(seed).spawn(len(sizes))
    jobs = [(strategy, n, s) for n, s in zip(sizes, seeds, strict=True)]
    workers = workers or min(len(jobs), os.cpu_count() or 1)
    totals = Totals()
    start = time.perf_counter()
    if workers <= 1:
        _init_worker(rules, strategy)
        for job in jobs:
            totals.add(_run_batch(job))
            if progress:
                progress(totals.rounds, rounds)
    else:
        with multiprocessing.get_context("fork").Pool(workers, _init_worker, (rules, strategy)) as pool:
            for part in pool.imap_unordered(_run_batch, jobs):
                totals.add(part)
                if progress:
                    progress(totals.rounds, rounds)
    seconds = time.perf_counter() - start
    mean = totals.result_sum / totals.rounds
    sd = math.sqrt(max(totals.result_sq / totals.rounds - mean * mean, 0.0))
    half = Z95 * sd / math.sqrt(totals.rounds)
    return EdgeReport(rules.name, strategy, totals.rounds, -mean, (-mean - half, -mean + half),
                      -totals.result_sum / totals.wager_sum, totals.wager_sum / totals.rounds,
                      totals.rounds / seconds, totals.raised / totals.rounds, totals.outcomes or {},
                      totals.paid or {})


def progress_bar(done: int, total: int) -> None:
    """A one-line bar on standard error, drawn only for a person at a terminal."""
    if not sys.stderr.isatty():
        return
    width = 40
    filled = int(width * done / total)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,} rounds")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()
