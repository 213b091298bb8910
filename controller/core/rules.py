"""House rules as validated, frozen data (docs/rules.md, presets): the schema and its parser from a TOML mapping.

Every setting names the clause it governs. Parsing is strict: an unknown key, a wrong type or a value
outside what is allowed raises `RulesError` naming the field, the value and what is allowed. Reading files
lives in `controller.table.rule_files`; this module does no I/O.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from controller.core.hands import HandCategory
from controller.core.jackpot_rules import JackpotRules, read_jackpot
from controller.core.payouts import RUSSIAN_PAYS, PayTable
from drivers.cards import PACK

# The choices of every enumerated setting, in the order `rules show` documents them; a choice's value is its
# word in a rules file.


class AnteOnWin(StrEnum):
    """R-SETTLE-1: the ante of a box whose hand beats a qualifying dealer."""

    PAID_IF_NO_DRAW = "paid_if_no_draw"
    RETURNED = "returned"
    PAID = "paid"


class ExchangePrice(StrEnum):
    """R-ACT-4: what an exchange costs: 1 ante, 1 ante a card, or by how many cards (exchange_price_by_count)."""

    FLAT = "flat"
    PER_CARD = "per_card"
    BY_COUNT = "by_count"


class RepeatSingle(StrEnum):
    """R-ACT-5: a single-card exchange repeated: not allowed, 1 ante each time, or 1, 2, 3 ... antes."""

    NONE = "none"
    FLAT = "flat"
    RISING = "rising"


class StockRunsOut(StrEnum):
    """R-ACT-7: a draw the stock cannot serve: the discards become a new stock, or the draw is refused."""

    RESHUFFLE_DISCARDS = "reshuffle_discards"
    REFUSE = "refuse"


class InsuranceMax(StrEnum):
    """R-ACT-6: the most a box may insure: half its potential payout, or all of it."""

    HALF_POTENTIAL = "half_potential"
    POTENTIAL = "potential"


class InsuranceIfDealerWins(StrEnum):
    """R-SETTLE-3: insurance when the dealer qualifies and his hand beats the box's."""

    LOST = "lost"
    RETURNED = "returned"


class InsuranceIfTie(StrEnum):
    """R-SETTLE-3: insurance when the dealer qualifies and his hand ties the box's."""

    LOST = "lost"
    RETURNED = "returned"


class BuyGameWho(StrEnum):
    """R-BUY-1: which boxes may buy the dealer a game."""

    UNINSURED = "uninsured"
    ANY = "any"


class BuyGameCost(StrEnum):
    """R-BUY-1: a separate payment of 1 ante, or the ante itself pays for the dealer's game."""

    SEPARATE_ANTE = "separate_ante"
    ANTE_IS_PAYMENT = "ante_is_payment"


class DealerRedraw(StrEnum):
    """R-BUY-3: when the dealer replaces his highest card again, free."""

    WHILE_UNCHANGED = "while_unchanged"
    UNTIL_QUALIFIES = "until_qualifies"
    UNTIL_QUALIFIES_SINGLE_BOX = "until_qualifies_single_box"
    NONE = "none"


# R-TABLE-1, R-DEAL-1: one pack deals five cards to every box and to the dealer.
MOST_BOXES = len(PACK) // 5 - 1

# Seed 001's bonus table (R-BONUS-1), to 1: the default of every preset with a bonus bet.
SEED_001_BONUS = {
    HandCategory.ROYAL_FLUSH: 1000,
    HandCategory.STRAIGHT_FLUSH: 500,
    HandCategory.FOUR_OF_A_KIND: 200,
    HandCategory.FULL_HOUSE: 70,
    HandCategory.FLUSH: 50,
    HandCategory.STRAIGHT: 40,
    HandCategory.THREE_OF_A_KIND: 20,
}

SEED_001_BONUS_PAYS = PayTable.from_mapping(SEED_001_BONUS, two_combinations=False)


class RulesError(ValueError):
    """A house-rules file or mapping that does not validate; the message names field, value and allowed."""


@dataclass(frozen=True, slots=True)
class TableRules:
    boxes: int = 6  # R-TABLE-1
    open_boxes_per_player: int = 2  # R-TABLE-2: further boxes of one player are blind
    blind_boxes: bool = True  # R-TABLE-2: whether blind boxes exist at all
    ante_min: int = 1  # R-BET-1
    ante_max: int = 10_000
    max_payout: int = 0  # R-SETTLE-1: cap on a bet's win per box, 0 = unlimited


@dataclass(frozen=True, slots=True)
class DrawRules:
    buy_sixth: bool = True  # R-ACT-3
    exchange_max_cards: int = 4  # R-ACT-4, 0 = no exchange
    exchange_price: ExchangePrice = ExchangePrice.FLAT  # R-ACT-4
    exchange_price_by_count: tuple[int, ...] = (1, 2, 3, 2, 1)  # antes for 1..5 cards when "by_count"
    repeat_single: RepeatSingle = RepeatSingle.NONE  # R-ACT-5
    max_cards_exchanged_per_box: int = 0  # R-ACT-7 cap, 0 = unlimited
    when_stock_runs_out: StockRunsOut = StockRunsOut.RESHUFFLE_DISCARDS  # R-ACT-7


@dataclass(frozen=True, slots=True)
class InsuranceRules:
    enabled: bool = True  # R-ACT-6
    min_category: HandCategory = HandCategory.THREE_OF_A_KIND
    max: InsuranceMax = InsuranceMax.POTENTIAL
    potential_includes_second_combination: bool = True
    min_antes: int = 1  # 0 = any amount from 1 chip
    if_dealer_wins: InsuranceIfDealerWins = InsuranceIfDealerWins.LOST  # R-SETTLE-3
    if_tie: InsuranceIfTie = InsuranceIfTie.LOST  # R-SETTLE-3


@dataclass(frozen=True, slots=True)
class BuyGameRules:
    enabled: bool = True  # R-BUY-1
    who: BuyGameWho = BuyGameWho.UNINSURED
    cost: BuyGameCost = BuyGameCost.SEPARATE_ANTE
    redraw: DealerRedraw = DealerRedraw.WHILE_UNCHANGED  # R-BUY-3
    max_free_redraws: int = 0  # for "while_unchanged": 0 = unlimited


@dataclass(frozen=True, slots=True)
class BonusRules:
    enabled: bool = True  # R-BET-1, R-BONUS-1
    min: int = 1
    max: int = 1_000
    pays: PayTable = SEED_001_BONUS_PAYS
    instead_of_ante: bool = False  # R-BET-1: a box may hold a bonus and no ante (dealt, settled on its bonus only)


@dataclass(frozen=True, slots=True)
class HouseRules:
    """One house-rule preset: every setting the engine reads, grouped by part of the round."""

    name: str
    source: str = ""
    notes: str = ""
    table: TableRules = field(default_factory=TableRules)
    pays: PayTable = RUSSIAN_PAYS  # R-HAND-3 multipliers of the bet
    dealer_qualifies_with: HandCategory = HandCategory.ACE_KING  # R-DEALER-1
    ante_on_win: AnteOnWin = AnteOnWin.RETURNED  # R-SETTLE-1
    draw: DrawRules = field(default_factory=DrawRules)
    insurance: InsuranceRules = field(default_factory=InsuranceRules)
    buy_game: BuyGameRules = field(default_factory=BuyGameRules)
    bonus: BonusRules = field(default_factory=BonusRules)
    jackpot: JackpotRules | None = None  # R-JACKPOT-1: the linked progressive, where the table has one

    def to_mapping(self, *, every_setting: bool = False) -> dict[str, Any]:
        """The rules as the TOML layout `rules_from_mapping` reads (round-trips exactly): the canonical form that
        journals store and digests hash. A setting added after rules were first journaled appears in it only
        when it differs from its default, so rules written before it keep their journal payload and their
        digest; `every_setting` lists them all, names each pay table's categories not paid and writes a cap of 0
        as "unlimited" (a whole rules file: what `rules show` prints)."""
        return {
            "name": self.name,
            "source": self.source,
            "notes": self.notes,
            "table": _section(self.table, every_setting),
            "pays": _pay_mapping(self.pays, every_setting),
            "dealer": {"qualifies_with": self.dealer_qualifies_with.name},
            "settlement": {"ante_on_win": str(self.ante_on_win)},
            "draw": _draw_section(self.draw, every_setting),
            "insurance": _section(self.insurance, every_setting),
            "buy_game": _section(self.buy_game, every_setting),
            "bonus": _section(self.bonus, every_setting),
            **({"jackpot": self.jackpot.to_mapping()} if self.jackpot is not None else {}),
        }


# Settings added after journals began to store house rules: left out of the canonical mapping at their default.
_ADDED_LATER = {(InsuranceRules, "if_tie"), (BonusRules, "instead_of_ante")}

# Caps held as 0 when there is none: a rules file says "unlimited" (a file's 0 is still read so, as files once
# wrote it), the canonical mapping keeps the 0 that journals and digests have always held.
UNLIMITED = "unlimited"
_UNLIMITED_AT_ZERO = {(TableRules, "max_payout"), (DrawRules, "max_cards_exchanged_per_box"),
                      (BuyGameRules, "max_free_redraws")}


def same_game(one: HouseRules, other: HouseRules) -> bool:
    """Whether two sets of rules are one game under one name: every setting alike, whatever their `source` and
    `notes` say (words a new version of a preset may reword without a table's journal having to change rules)."""
    words = ("source", "notes")
    return ({k: v for k, v in one.to_mapping().items() if k not in words}
            == {k: v for k, v in other.to_mapping().items() if k not in words})


def rules_digest(rules: HouseRules, *, play_only: bool = False) -> str:
    """SHA-256 of the rules' canonical JSON: tells a figure or table derived for these rules from one whose rules
    were changed since. `play_only` leaves out the name, source and notes (words that change no payment) and the
    jackpot bet (settled on the first five cards, it changes no decision)."""
    mapping = rules.to_mapping()
    if play_only:
        mapping = {k: v for k, v in mapping.items() if k not in ("name", "source", "notes", "jackpot")}
    return hashlib.sha256(json.dumps(mapping, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _section(obj: Any, every_setting: bool) -> dict[str, Any]:
    out: dict[str, Any] = {}
    default = type(obj)()
    for name in obj.__slots__:
        value = getattr(obj, name)
        if not every_setting and (type(obj), name) in _ADDED_LATER and value == getattr(default, name):
            continue
        if every_setting and (type(obj), name) in _UNLIMITED_AT_ZERO and value == 0:
            value = UNLIMITED
        elif isinstance(value, HandCategory):
            value = value.name
        elif isinstance(value, StrEnum):
            value = str(value)
        elif isinstance(value, PayTable):
            value = _pay_mapping(value, every_setting)
        elif isinstance(value, tuple):
            value = list(value)
        out[name] = value
    return out


def _draw_section(draw: DrawRules, every_setting: bool) -> dict[str, Any]:
    """The draw's settings; a rules file gives the prices by count only where the price is by count, one for each
    number of cards a box may exchange (the rules hold five, the canonical mapping all five as always)."""
    section = _section(draw, every_setting)
    if every_setting:
        if draw.exchange_price == ExchangePrice.BY_COUNT and draw.exchange_max_cards:
            section["exchange_price_by_count"] = list(draw.exchange_price_by_count[:draw.exchange_max_cards])
        else:
            del section["exchange_price_by_count"]
    return section


def _pay_mapping(table: PayTable, every_setting: bool = False) -> dict[str, Any]:
    """Each paid category's pay; `every_setting` (a rules file) also names the categories not paid."""
    pays: dict[str, Any] = {c.name: table.pays[c] for c in HandCategory if table.pays[c]}
    pays["two_combinations"] = table.two_combinations
    if every_setting:
        pays["not_paid"] = [c.name for c in HandCategory if not table.pays[c]]
    return pays


# ---------------------------------------------------------------------------------------------- parsing


def rules_from_toml(text: str, origin: str = "rules") -> HouseRules:
    """Parse a whole rules file's TOML text: every setting given but those that play no part (`required_settings`),
    no unknown one, no pay of 0 for a category the file does not name as not paid. Errors become RulesError naming
    `origin`, the field, the value and what is allowed. (A file that extends a preset: controller.core.extends.)"""
    return rules_from_mapping(parse_rules_toml(text, origin), origin, complete=True)


def parse_rules_toml(text: str, origin: str) -> dict[str, Any]:
    """A rules file's TOML, or RulesError naming `origin`."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise RulesError(f"{origin}: not valid TOML: {err}") from err


def rules_from_mapping(data: Mapping[str, Any], origin: str = "rules", *, complete: bool = False) -> HouseRules:
    """Rules from their mapping. `complete` (a rules file a person wrote) refuses a missing setting that plays a
    part and a pay of 0 the file does not name as not paid; without it (the canonical mapping a journal stores,
    `HouseRules.to_mapping`), a setting left out takes its default, as it did when the journal was written."""
    reader = _Reader(data, origin, "", complete)
    name = reader.text("name", required=True)
    if not name.strip():
        raise RulesError(f"{origin}: field name: '' is not allowed; allowed: a non-empty preset name")
    table = _read_table(reader.section("table"))
    rules = HouseRules(
        name=name,
        source=reader.text("source"),
        notes=reader.text("notes"),
        table=table,
        pays=_read_pays(reader.section("pays"), RUSSIAN_PAYS, two_combinations=True),
        dealer_qualifies_with=reader.section("dealer").category("qualifies_with", HandCategory.ACE_KING),
        ante_on_win=reader.section("settlement").choice("ante_on_win", AnteOnWin, AnteOnWin.RETURNED),
        draw=_read_draw(reader.section("draw")),
        insurance=_read_insurance(reader.section("insurance")),
        buy_game=_read_buy_game(reader.section("buy_game")),
        bonus=_read_bonus(reader.section("bonus")),
        jackpot=read_jackpot(reader.section("jackpot")) if "jackpot" in data else None,
    )
    reader.finish()
    if complete:
        _check_complete(rules, reader.missing, origin)
    _check_consistent(rules, origin)
    return rules


def required_settings(rules: HouseRules) -> list[str]:
    """The sections and settings a rules file must give for rules like these, in the file's order: every one but
    `source` and `notes`, and those that play no part (a disabled section's settings beside `enabled`; the
    exchange's settings where no card is exchanged; `exchange_price_by_count` unless the price is by count;
    `when_stock_runs_out` where nothing is ever drawn; `max_free_redraws` unless the dealer redraws while his new
    card is unchanged; the bonus's pay table's `two_combinations`; `[jackpot]` where the table has no jackpot
    bet). Each pay table's categories are required apart (`_read_pays`): given, or named in its `not_paid`."""
    draw, insurance, buy, bonus = rules.draw, rules.insurance, rules.buy_game, rules.bonus

    def section(name: str, keys: list[str]) -> list[str]:
        return [name, *(f"{name}.{key}" for key in keys)]

    need = ["name", *section("table", list(TableRules.__slots__)), *section("pays", ["two_combinations"]),
            *section("dealer", ["qualifies_with"]), *section("settlement", ["ante_on_win"])]
    draws = ["buy_sixth", "exchange_max_cards"]
    if draw.exchange_max_cards:
        draws += ["exchange_price", "repeat_single", "max_cards_exchanged_per_box"]
        if draw.exchange_price == ExchangePrice.BY_COUNT:
            draws.append("exchange_price_by_count")
    if draw.exchange_max_cards or draw.buy_sixth or buy.enabled:
        draws.append("when_stock_runs_out")
    need += section("draw", draws)
    need += section("insurance", list(InsuranceRules.__slots__) if insurance.enabled else ["enabled"])
    buying = ["enabled", "who", "cost", "redraw"] if buy.enabled else ["enabled"]
    if buy.enabled and buy.redraw == DealerRedraw.WHILE_UNCHANGED:
        buying.append("max_free_redraws")
    need += section("buy_game", buying)
    need += section("bonus", ["enabled", "min", "max", "instead_of_ante", "pays"] if bonus.enabled else ["enabled"])
    if rules.jackpot is not None:  # a table without the jackpot bet leaves its section out
        need += [f"jackpot.{key}" for key in ("stake", "contribution_pct", "reseed", "pays")]
    return need


def _check_complete(rules: HouseRules, missing: Mapping[str, str], origin: str) -> None:
    """Refuse the first setting these rules need that the file left out (its default was taken while reading)."""
    for field_name in required_settings(rules):
        if field_name in missing:
            raise RulesError(f"{origin}: field {field_name}: missing, and these rules need it; allowed: "
                             f"{missing[field_name]} (a rules file gives every setting that plays a part: `rptable "
                             "rules show classic` prints a whole one)")


def _check_consistent(rules: HouseRules, origin: str) -> None:
    """Settings that each validate alone but contradict one another: refused with the field, its value and
    what is allowed beside the setting it contradicts."""

    def refuse(field_name: str, value: Any, allowed: str) -> RulesError:
        shown = f"'{value}'" if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else value
        return RulesError(f"{origin}: field {field_name}: {shown} is not allowed; allowed: {allowed}")

    bonus, draw, buy, insurance = rules.bonus, rules.draw, rules.buy_game, rules.insurance
    if bonus.instead_of_ante and not (bonus.enabled and any(bonus.pays.pays)):
        why = "bonus.enabled is false" if not bonus.enabled else "the bonus table pays nothing"
        raise refuse("bonus.instead_of_ante", True, f"false, as this table has no bonus bet to place ({why})")
    if draw.repeat_single != RepeatSingle.NONE and draw.exchange_max_cards == 0:
        raise refuse("draw.repeat_single", str(draw.repeat_single),
                     "none, as draw.exchange_max_cards is 0 (no exchange to repeat)")
    if buy.max_free_redraws and buy.redraw != DealerRedraw.WHILE_UNCHANGED:
        raise refuse("buy_game.max_free_redraws", buy.max_free_redraws,
                     f"\"{UNLIMITED}\", as it caps the free redraws of buy_game.redraw = \"while_unchanged\" only "
                     f"(here \"{buy.redraw}\")")
    if insurance.enabled:
        # The least potential payout of an insurable hand: the bet (2 antes) at the lowest pay of a category
        # that may insure.
        category = min((c for c in HandCategory if c >= insurance.min_category and rules.pays.pay(c)),
                       key=rules.pays.pay, default=insurance.min_category)
        potential = 2 * rules.pays.pay(category)
        most = potential // 2 if insurance.max == InsuranceMax.HALF_POTENTIAL else potential
        if insurance.min_antes > most:
            share = "half " if insurance.max == InsuranceMax.HALF_POTENTIAL else ""
            raise refuse("insurance.min_antes", insurance.min_antes,
                         f"0 to {most} antes: insurance.max lets a box holding {category.words} insure at most "
                         f"{share}"
                         f"its potential payout of {potential} antes, so a larger least insurance could never "
                         "be placed on it")


def _read_table(r: _Reader) -> TableRules:
    d = TableRules()
    boxes = r.integer("boxes", d.boxes, 1, MOST_BOXES)
    table = TableRules(
        boxes=boxes,
        open_boxes_per_player=r.integer(
            "open_boxes_per_player", min(d.open_boxes_per_player, boxes), 1, boxes
        ),
        blind_boxes=r.boolean("blind_boxes", d.blind_boxes),
        ante_min=r.integer("ante_min", d.ante_min, 1, 10**9),
        ante_max=r.integer("ante_max", d.ante_max, 1, 10**9),
        max_payout=r.limit("max_payout", d.max_payout, 10**12),
    )
    if table.ante_max < table.ante_min:
        raise RulesError(
            f"{r.origin}: field table.ante_max: {table.ante_max} is not allowed; "
            f"allowed: at least table.ante_min ({table.ante_min})"
        )
    r.finish()
    return table


def _read_draw(r: _Reader) -> DrawRules:
    d = DrawRules()
    buy_sixth = r.boolean("buy_sixth", d.buy_sixth)
    most = r.integer("exchange_max_cards", d.exchange_max_cards, 0, 5)
    price = r.choice("exchange_price", ExchangePrice, d.exchange_price)
    # One price for each number of cards a box may exchange; five, as files once gave, are read too. The rules
    # hold five prices: those past the most a box may exchange (never charged) keep their defaults.
    by_count = r.int_list("exchange_price_by_count", d.exchange_price_by_count, sorted({most or 5, 5}), 1, 100)
    draw = DrawRules(
        buy_sixth=buy_sixth,
        exchange_max_cards=most,
        exchange_price=price,
        exchange_price_by_count=by_count + d.exchange_price_by_count[len(by_count):],
        repeat_single=r.choice("repeat_single", RepeatSingle, d.repeat_single),
        max_cards_exchanged_per_box=r.limit("max_cards_exchanged_per_box", d.max_cards_exchanged_per_box, 52),
        when_stock_runs_out=r.choice("when_stock_runs_out", StockRunsOut, d.when_stock_runs_out),
    )
    r.finish()
    return draw


def _read_insurance(r: _Reader) -> InsuranceRules:
    d = InsuranceRules()
    ins = InsuranceRules(
        enabled=r.boolean("enabled", d.enabled),
        min_category=r.category("min_category", d.min_category),
        max=r.choice("max", InsuranceMax, d.max),
        potential_includes_second_combination=r.boolean(
            "potential_includes_second_combination", d.potential_includes_second_combination
        ),
        min_antes=r.integer("min_antes", d.min_antes, 0, 100),
        if_dealer_wins=r.choice("if_dealer_wins", InsuranceIfDealerWins, d.if_dealer_wins),
        if_tie=r.choice("if_tie", InsuranceIfTie, d.if_tie),
    )
    r.finish()
    return ins


def _read_buy_game(r: _Reader) -> BuyGameRules:
    d = BuyGameRules()
    buy = BuyGameRules(
        enabled=r.boolean("enabled", d.enabled),
        who=r.choice("who", BuyGameWho, d.who),
        cost=r.choice("cost", BuyGameCost, d.cost),
        redraw=r.choice("redraw", DealerRedraw, d.redraw),
        max_free_redraws=r.limit("max_free_redraws", d.max_free_redraws, 52),
    )
    r.finish()
    return buy


def _read_bonus(r: _Reader) -> BonusRules:
    d = BonusRules()
    bonus = BonusRules(
        enabled=r.boolean("enabled", d.enabled),
        min=r.integer("min", d.min, 1, 10**9),
        max=r.integer("max", d.max, 1, 10**9),
        pays=_read_pays(r.section("pays"), d.pays, two_combinations=False),
        instead_of_ante=r.boolean("instead_of_ante", d.instead_of_ante),
    )
    if bonus.max < bonus.min:
        raise RulesError(
            f"{r.origin}: field bonus.max: {bonus.max} is not allowed; "
            f"allowed: at least bonus.min ({bonus.min})"
        )
    r.finish()
    return bonus


MOST_PAY = 1_000_000  # to 1


def _read_pays(r: _Reader, default: PayTable, two_combinations: bool) -> PayTable:
    """A pay table: each category's pay to 1. In a rules file (complete) every category is given a pay of at least
    1 or named in `not_paid`, so that no category is left unpaid by a slip; a journal's mapping leaves out the
    categories that pay nothing."""
    if not r.data:
        r.finish()
        return default
    not_paid = r.categories("not_paid")
    pays: dict[HandCategory, int] = {}
    for category in HandCategory:
        if category in not_paid:
            pays[category] = r.integer(category.name, 0, 0, 0, why=f"{r.path}not_paid names {category.name}")
        elif r.complete:
            pays[category] = r.integer(category.name, 0, 1, MOST_PAY, why=f"a category that pays nothing is named "
                                                                            f"in {r.path}not_paid")
            if category.name not in r.data:
                raise r.missing_error(category.name)
        else:
            pays[category] = r.integer(category.name, 0, 0, MOST_PAY)
    table = PayTable.from_mapping(pays, r.boolean("two_combinations", two_combinations))
    r.finish()
    return table


Choice = TypeVar("Choice", bound=StrEnum)


class _Reader:
    """Reads one TOML table, remembering which keys were used so that unknown keys are reported."""

    def __init__(self, data: Any, origin: str, path: str, complete: bool = False,
                 missing: dict[str, str] | None = None) -> None:
        if not isinstance(data, Mapping):
            raise RulesError(f"{origin}: field {path.rstrip('.')}: {data!r} is not allowed; allowed: a table")
        self.data: Mapping[str, Any] = data
        self.origin = origin
        self.path = path
        self.complete = complete
        # Every setting read but absent, by its full name, with what it allows: shared by a file's readers, so
        # that the settings the rules need can be checked once the whole file is read.
        self.missing: dict[str, str] = {} if missing is None else missing
        self.used: set[str] = set()

    def _get(self, key: str, allowed: str) -> Any:
        self.used.add(key)
        value = self.data.get(key)
        if value is None:
            self.missing[f"{self.path}{key}"] = allowed
        return value

    def _fail(self, key: str, value: Any, allowed: str) -> RulesError:
        shown = f"'{value}'" if isinstance(value, str) else repr(value)
        field_name = f"{self.path}{key}"
        return RulesError(f"{self.origin}: field {field_name}: {shown} is not allowed; allowed: {allowed}")

    def missing_error(self, key: str) -> RulesError:
        return RulesError(f"{self.origin}: field {self.path}{key}: missing; allowed: "
                          f"{self.missing[self.path + key]}")

    def section(self, key: str) -> _Reader:
        value = self._get(key, f"a table [{self.path}{key}] of its settings")
        return _Reader({} if value is None else value, self.origin, f"{self.path}{key}.", self.complete,
                       self.missing)

    def text(self, key: str, required: bool = False) -> str:
        value = self._get(key, "a text string")
        if value is None and not required:
            return ""
        if not isinstance(value, str):
            raise self._fail(key, value, "a text string")
        return value

    def boolean(self, key: str, default: bool) -> bool:
        value = self._get(key, "true or false")
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self._fail(key, value, "true or false")
        return value

    def integer(self, key: str, default: int, low: int, high: int, why: str = "") -> int:
        allowed = (f"{low}" if low == high else f"a whole number from {low} to {high}") + (f", as {why}" if why
                                                                                             else "")
        value = self._get(key, allowed)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self._fail(key, value, allowed)
        return value

    def limit(self, key: str, default: int, high: int) -> int:
        """A cap: a whole number, or "unlimited" (held as 0; a 0 written before files said "unlimited" reads so)."""
        allowed = f'"{UNLIMITED}", or a whole number from 1 to {high} (0 reads as "{UNLIMITED}")'
        value = self._get(key, allowed)
        if value is None:
            return default
        if value == UNLIMITED:
            return 0
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
            raise self._fail(key, value, allowed)
        return value

    def categories(self, key: str) -> set[HandCategory]:
        """A list of hand categories by name (none when absent)."""
        names = ", ".join(HandCategory.__members__)
        allowed = f"a list of hand categories ({names})"
        value = self._get(key, allowed)
        if value is None:
            return set()
        if not isinstance(value, list) or not all(isinstance(v, str) and v in HandCategory.__members__
                                                  for v in value):
            raise self._fail(key, value, allowed)
        return {HandCategory[v] for v in value}

    def int_list(
        self, key: str, default: tuple[int, ...], lengths: list[int], low: int, high: int
    ) -> tuple[int, ...]:
        counts = " or ".join(str(n) for n in lengths)
        allowed = f"a list of {counts} whole numbers from {low} to {high}"
        value = self._get(key, allowed)
        if value is None:
            return default
        if (
            not isinstance(value, list)
            or len(value) not in lengths
            or not all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in value)
        ):
            raise self._fail(key, value, allowed)
        return tuple(value)

    def choice(self, key: str, choices: type[Choice], default: Choice) -> Choice:
        allowed = [choice.value for choice in choices]
        value = self._get(key, ", ".join(allowed))
        if value is None:
            return default
        if value not in allowed:
            raise self._fail(key, value, ", ".join(allowed))
        return choices(value)

    def category(self, key: str, default: HandCategory) -> HandCategory:
        allowed = ", ".join(HandCategory.__members__)
        value = self._get(key, allowed)
        if value is None:
            return default
        if not isinstance(value, str) or value not in HandCategory.__members__:
            raise self._fail(key, value, allowed)
        return HandCategory[value]

    def reject(self, key: str, value: Any, allowed: str) -> RulesError:
        return self._fail(key, value, allowed)

    def finish(self) -> None:
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            key = unknown[0]
            known = ", ".join(sorted(self.used))
            raise self._fail(key, self.data[key], f"no such setting here (known: {known})")
