"""Deriving a preset's `basic` strategy table: every candidate action of every hand class is played on the same
sampled deals and future cards (common random numbers), and the action with the best measured expected value is
chosen, unless its lead is inside the 95% interval, when the simplest action within reach is chosen and the tie
noted (docs/basic-strategy.md, "How the tables were derived").

Pass 1 measures the rules every line ends with (after a draw: bet or fold; with trips or better: how much to
insure); pass 2 measures each pre-draw class's candidates with those rules in force. Whether to buy the dealer a
game is never sampled: it is the exact value controller.players.buy_game_value works out, as the strategy does at a
table.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date

from controller.core.cards import PACK, Card
from controller.core.hands import HandCategory
from controller.core.rules import HouseRules, rules_digest
from controller.engine import ActionKind, BoxState, exchange_price, insurance_range, new_round
from controller.engine.rulings import may_buy_game
from controller.engine.settlement import settle_box
from controller.engine.strength import hand_value
from controller.players.basic import Play
from controller.players.buy_game_value import buy_game_values, buys
from controller.players.hand_classes import (
    AFTER_DRAW_CLASSES,
    CLASSES,
    INSURANCE_CLASSES,
    after_draw_class,
    cards_to_keep,
    classify,
    insurance_class,
)

ANTE = 10  # chips; insurance and draw amounts keep their proportions to it
Z95 = 1.959964
REPEATS = (1, 2, 40)  # repeat-limits tried for a single-card draw, where a preset allows repeats (40: "until hit")


@dataclass
class Measured:
    """One class's candidates (simplest first) and their per-deal results in antes, column by candidate."""

    candidates: list[str]
    results: list[list[float]] = field(default_factory=list)

    def choose(self) -> Choice:
        n = len(self.results)
        if n < 2 or len(self.candidates) == 1:  # never dealt (a class these rules cannot make), or no choice
            only = "bet" if "bet" in self.candidates else self.candidates[0]
            evs = {only: sum(r[self.candidates.index(only)] for r in self.results) / n} if n else {}
            return Choice(only, only, n, evs, tie=False, lead=(0.0, 0.0))
        columns = list(zip(*self.results, strict=True))
        means = [sum(col) / n for col in columns]
        best = max(range(len(means)), key=lambda i: means[i])
        chosen = best
        for i in range(len(means)):  # the simplest candidate not measurably worse than the best
            if i == best:
                break
            diff = [a - b for a, b in zip(columns[best], columns[i], strict=True)]
            if means[best] - means[i] <= Z95 * _sd(diff) / math.sqrt(n):
                chosen = i
                break
        others = [i for i in range(len(means)) if i != chosen]
        lead = (0.0, 0.0)
        if others:
            runner = max(others, key=lambda i: means[i])
            diff = [a - b for a, b in zip(columns[chosen], columns[runner], strict=True)]
            mean_diff, half = sum(diff) / n, Z95 * _sd(diff) / math.sqrt(n)
            lead = (mean_diff - half, mean_diff + half)
        evs = dict(zip(self.candidates, means, strict=True))
        # a tie: the chosen action's lead over the runner-up is inside the 95% interval (or it was not the best)
        tie = chosen != best or lead[0] <= 0.0
        return Choice(self.candidates[chosen], self.candidates[best], n, evs, tie=tie, lead=lead)


@dataclass(frozen=True)
class Choice:
    chosen: str
    best: str  # the highest measured EV (differs from `chosen` only in a tie)
    samples: int
    evs: dict[str, float]  # candidate -> EV in antes
    tie: bool
    lead: tuple[float, float]  # 95% interval of the chosen action's EV minus the runner-up's


@dataclass(frozen=True)
class Derivation:
    rules: HouseRules
    seed: int
    samples: int
    after_draw: dict[str, Choice]
    insurance: dict[str, Choice]
    classes: dict[str, Choice]


def candidates(rules: HouseRules, hand_class: str) -> list[str]:
    """The legal candidate plays of a pre-draw class under these rules, simplest first."""
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
        if rules.draw.repeat_single != "none":
            plays += [f"exchange draw repeat {n}" for n in REPEATS]
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
        if play.action == "buy" and not rules.draw.buy_sixth:
            continue
        if play.action == "exchange" and sizes[play.keep] > most:
            continue
        legal.append(label)
    return legal


class LinePlayer:
    """Plays one box's line (a play, then bet or fold, insurance, settlement) on a sampled deal."""

    def __init__(self, rules: HouseRules, after_draw: dict[str, str], insurance: dict[str, str]):
        self.rules = rules
        self.after_draw = after_draw
        self.insurance = insurance
        self.state = new_round(rules)  # only its rules are read: exchange prices and insurance limits

    def play(self, play: Play, player: Sequence[Card], dealer: Sequence[Card], stream: Sequence[Card],
             drew: bool = False) -> float:
        """The box's net in antes. `stream` is the rest of the pack in shoe order (draws come from its front);
        `drew` marks a hand as already drawn to (for pass 1)."""
        if play.action == "fold":
            return -1.0
        box = BoxState(1, ANTE, 0, False, "P", exchanges=int(drew))
        cards = list(player)
        used = 0
        if play.action == "buy":
            cards.append(stream[0])
            used = 1
            box.bought_sixth, box.draw_paid = True, ANTE
        elif play.action == "exchange":
            cards, used = self._exchange(box, cards, play, stream)
        box.cards = cards
        category = hand_value(cards).category
        if box.drew and self.after_draw[after_draw_class(category)] == "fold":
            return (-ANTE - box.draw_paid) / ANTE
        box.bet = 2 * ANTE
        row = insurance_class(category)
        if row is not None and self.insurance.get(row, "none") != "none":
            limits = insurance_range(self.state, box)
            if limits is not None:
                box.insurance = limits[0] if self.insurance[row] == "min" else limits[1]
        return self._settle(box, dealer, [*player, *stream[:used]]) / ANTE

    def _exchange(self, box: BoxState, cards: list[Card], play: Play, stream: Sequence[Card]
                  ) -> tuple[list[Card], int]:
        keep = cards_to_keep(cards, play.keep)
        count = len(cards) - len(keep)
        box.draw_paid += exchange_price(self.state, box, count)
        cards = [*keep, *stream[:count]]
        used = count
        box.exchanges, box.last_exchange_size = 1, count
        while (count == 1 and play.keep == "draw" and box.exchanges <= play.repeat and used < len(stream)
               and hand_value(cards).category < HandCategory.ONE_PAIR):
            box.draw_paid += exchange_price(self.state, box, 1)
            cards = [*cards_to_keep(cards, "draw"), stream[used]]
            used += 1
            box.exchanges += 1
        return cards, used

    def _settle(self, box: BoxState, dealer: Sequence[Card], seen_by_box: list[Card]) -> float:
        rules = self.rules
        dealer_value = hand_value(dealer)
        if dealer_value.category >= rules.dealer_qualifies_with:
            return settle_box(rules, box, dealer_value, True, True).net
        if may_buy_game(rules.buy_game, box):
            out = set(dealer) | set(seen_by_box)
            pack = [c for c in PACK if c not in out]
            take, buy = buy_game_values(rules, box, dealer, pack, single_box=True)
            return buy if buys(take, buy) else take
        return settle_box(rules, box, dealer_value, False, False).net


def derive(rules: HouseRules, seed: int = 1, samples: int = 3000, max_deals: int = 1_500_000,
           progress: Callable[[str], None] | None = None) -> Derivation:
    """The whole derivation for `rules`: `samples` deals per class (fewer for classes rarer than `max_deals`
    deals can fill), reproducible from `seed`."""
    rng = random.Random(seed)
    after = {name: Measured(["fold", "bet"]) for name in AFTER_DRAW_CLASSES}
    insure = {name: Measured(["none", "min", "max"]) for name in INSURANCE_CLASSES} if rules.insurance.enabled \
        else {}
    has_draws = rules.draw.buy_sixth or rules.draw.exchange_max_cards > 0
    # Pass 1: the rules that end every line.
    player = LinePlayer(rules, {name: "bet" for name in AFTER_DRAW_CLASSES}, {})
    insurers = {(row, amount): LinePlayer(rules, player.after_draw, {row: amount})
                for row, m in insure.items() for amount in m.candidates}
    for _ in range(max_deals):
        if all(len(m.results) >= samples for m in (*after.values(), *insure.values())):
            break
        hand, dealer, rest = _deal(rng)
        category = hand_value(hand).category
        measured = after[after_draw_class(category)]
        if has_draws and len(measured.results) < samples:
            measured.results.append([-1.0, player.play(Play(ActionKind.BET), hand, dealer, rest(), drew=True)])
        row = insurance_class(category)
        if row is not None and row in insure and len(insure[row].results) < samples:
            stream = rest()
            line = [insurers[row, amount].play(Play(ActionKind.BET), hand, dealer, stream)
                    for amount in insure[row].candidates]
            insure[row].results.append(line)
    after_choice = {name: m.choose() for name, m in after.items()}
    if not has_draws:  # nothing is ever drawn: the after-draw rule is moot, say bet
        after_choice = {name: Choice("bet", "bet", 0, {}, False, (0.0, 0.0)) for name in AFTER_DRAW_CLASSES}
    insure_choice = {name: m.choose() for name, m in insure.items()}
    if progress:
        progress(f"{rules.name}: pass 1 done")
    # Pass 2: every pre-draw class's candidates on the same deals and future cards.
    player = LinePlayer(rules, {k: c.chosen for k, c in after_choice.items()},
                        {k: c.chosen for k, c in insure_choice.items()})
    measured_classes = {name: Measured(candidates(rules, name)) for name in CLASSES}
    plays = {name: [Play.parse(label) for label in m.candidates] for name, m in measured_classes.items()}
    for _ in range(max_deals):
        if all(len(m.results) >= samples for m in measured_classes.values()):
            break
        hand, dealer, rest = _deal(rng)
        name = classify(hand, dealer[4], rules.pays)
        m = measured_classes[name]
        if len(m.results) >= samples:
            continue
        stream = rest()
        m.results.append([player.play(play, hand, dealer, stream) for play in plays[name]])
    if progress:
        progress(f"{rules.name}: pass 2 done")
    return Derivation(rules, seed, samples, after_choice, insure_choice,
                      {name: m.choose() for name, m in measured_classes.items()})


def _deal(rng: random.Random) -> tuple[list[Card], list[Card], Callable[[], list[Card]]]:
    """A heads-up deal in R-DEAL-1 order (box, dealer, box, ...: the dealer's fifth card is his up card), and
    the rest of the pack in shoe order, shuffled only when asked for (most deals are only classified)."""
    ten = rng.sample(PACK, 10)
    made: list[list[Card]] = []

    def rest() -> list[Card]:
        if not made:
            dealt = set(ten)
            made.append([c for c in PACK if c not in dealt])
            rng.shuffle(made[0])
        return made[0]

    return ten[0::2], ten[1::2], rest


def _sd(values: Sequence[float]) -> float:
    n = len(values)
    mean = sum(values) / n
    return math.sqrt(max(sum((v - mean) ** 2 for v in values) / max(n - 1, 1), 0.0))


def table_toml(d: Derivation, today: date) -> str:
    """The derivation as the table file the basic strategy reads (controller/players/basic_tables/NAME.toml)."""
    lines = [
        "# Written by benchmarks/derive_basic.py: the basic strategy for this preset, each action chosen by measured",
        "# expected value (in antes) with common random numbers. Do not edit; derive again instead.",
        "[meta]",
        f'rules = "{d.rules.name}"',
        f'rules_sha256 = "{rules_digest(d.rules)}"',
        f'play_sha256 = "{rules_digest(d.rules, play_only=True)}"',
        f"seed = {d.seed}",
        f"samples_per_class = {d.samples}",
        f'derived = "{today.isoformat()}"',
        "",
        "[after_draw]",
        *(f'{name} = "{c.chosen}"' for name, c in d.after_draw.items()),
        "",
    ]
    if d.insurance:
        lines += ["[insurance]", *(f'{name} = "{c.chosen}"' for name, c in d.insurance.items()), ""]
    sections = [("after_draw_measured", d.after_draw), ("insurance_measured", d.insurance),
                ("classes", d.classes)]
    for section, choices in sections:
        for name, c in choices.items():
            lines += [f"[{section}.{name}]", f'play = "{c.chosen}"', f'best_measured = "{c.best}"',
                      f"samples = {c.samples}", f"tie = {'true' if c.tie else 'false'}",
                      f"lead_ci95 = [{c.lead[0]:.4f}, {c.lead[1]:.4f}]",
                      "ev = { " + ", ".join(f'"{k}" = {v:.4f}' for k, v in c.evs.items()) + " }", ""]
    return "\n".join(lines)
