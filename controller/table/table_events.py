"""The table's own events, as frozen records with one codec to and from their journal kind and payload.

The round's events are the engine's (controller.engine.events); these are what happens around the rounds: the
house rules set, a round opened, a table fault raised (again) and resolved, the clock rebased, a payment adjusted or
confirmed (and a confirmation undone), a session marked, a card held back, a dealer signing in and out, a session
with the shoe begun (who it is, and whether it proved the pairing key).

A record's fields are its payload's keys, in its own words: `payload()` writes them and `table_event_from`
reads them back, checking each value's type, so that a damaged or edited payload is named with its field
instead of failing somewhere later. A field whose journal key differs (a Python keyword) says so in its
metadata. The payloads are those rptable has always written: journals of every version read the same.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, ClassVar, Self

from controller.core.rules import HouseRules, RulesError, rules_from_mapping
from drivers.cards import parse_card
from drivers.showdown import (
    DEALER,
    CardDifference,
    Difference,
    ShowdownCheck,
    Spot,
    SpotReading,
    spot_name,
    spot_order,
)


class TableEventFormatError(ValueError):
    """A table event in the journal that this version cannot read; the message names the kind and the field."""


@dataclass(frozen=True, slots=True)
class TableEvent:
    """Base of the table's events: `KIND` is the journal's name for it, `VERSION` its payload's version."""

    KIND: ClassVar[str] = ""
    VERSION: ClassVar[int] = 1

    def payload(self) -> dict[str, Any]:
        """The event's journal payload."""
        return {key: _encode(getattr(self, name)) for name, key, _ in _FIELDS[type(self)]}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> Self:
        values: dict[str, Any] = {}
        for name, key, expected in _FIELDS[cls]:
            if key in payload:
                values[name] = _decode(cls.KIND, key, expected, payload[key])
            elif name not in _DEFAULTS[cls]:
                raise TableEventFormatError(f"{cls.KIND} has no {key!r}")
        return cls(**values)

    def describe(self) -> str:
        """The event in words for a pit boss."""
        fields = ", ".join(f"{key} {value}" for key, value in self.payload().items())
        return f"{self.KIND}: {fields}" if fields else self.KIND

    def entry_round(self, in_play: str | None) -> str | None:
        """The round this event's journal entry belongs to, given the round in play (None between rounds)."""
        return in_play


@dataclass(frozen=True, slots=True)
class RulesSet(TableEvent):
    """The house rules the table plays from now on: set up with the table, or changed by a pit boss."""

    KIND: ClassVar[str] = "table.rules"
    rules: HouseRules
    actor: str
    reason: str

    def describe(self) -> str:
        return f"house rules {self.rules.name}, set by {self.actor}: {self.reason}"


@dataclass(frozen=True, slots=True)
class RoundOpened(TableEvent):
    """The first stakes of a round were accepted: the round has its id and number from here on."""

    KIND: ClassVar[str] = "table.round_opened"
    round_id: str
    number: int
    rules_name: str = field(metadata={"key": "rules"})

    def entry_round(self, in_play: str | None) -> str | None:
        return self.round_id


@dataclass(frozen=True, slots=True)
class TableFaultRaised(TableEvent):
    """A fault of the table (a device, its link, the storage, the clock): play stops until it is resolved.
    (A card the round cannot take is the round's own fault, the engine's CardFault.)"""

    KIND: ClassVar[str] = "table.fault"
    fault_id: str
    code: str
    text: str
    source: str
    clears_itself: bool = False  # OFFLINE: resolved by the shoe's link coming back

    def describe(self) -> str:
        return f"FAULT {self.fault_id} {self.code}: {self.text}"


@dataclass(frozen=True, slots=True)
class TableFaultResolved(TableEvent):
    """A table fault resolved: by a pit boss with a reason, or (`source:...`) by the device that raised it."""

    KIND: ClassVar[str] = "table.fault_resolved"
    fault_id: str
    actor: str
    reason: str

    def describe(self) -> str:
        return f"fault {self.fault_id} resolved by {self.actor}: {self.reason}"


@dataclass(frozen=True, slots=True)
class ClockRebased(TableEvent):
    """A pit boss accepted the clock's time after a clock fault: events are timed from `to_at` on."""

    KIND: ClassVar[str] = "table.clock_rebased"
    from_at: float = field(metadata={"key": "from"})
    to_at: float = field(metadata={"key": "to"})
    actor: str

    def entry_round(self, in_play: str | None) -> str | None:
        return None  # the table's time, not a round's


@dataclass(frozen=True, slots=True)
class PaymentAdjusted(TableEvent):
    """A pit boss changed a settled box's payment by `amount` (+ = more to the player), with a reason."""

    KIND: ClassVar[str] = "table.adjustment"
    round_id: str
    box: int
    amount: int
    actor: str
    reason: str

    def describe(self) -> str:
        return f"adjustment box {self.box}: {self.amount:+,} by {self.actor}: {self.reason}"


@dataclass(frozen=True, slots=True)
class SessionMarked(TableEvent):
    """What kind of session the journal holds (a simulation and its seed, say), written once at its start."""

    KIND: ClassVar[str] = "table.session"
    mode: str
    detail: dict[str, Any] = field(default_factory=dict)  # read-only: the payload's other keys

    def payload(self) -> dict[str, Any]:
        return {"mode": self.mode, **self.detail}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> Self:
        mode = _decode(cls.KIND, "mode", str, payload.get("mode"))
        return cls(mode, {key: value for key, value in payload.items() if key != "mode"})


@dataclass(frozen=True, slots=True)
class CardHeld(TableEvent):
    """A card came from the shoe and was not taken into a round (`why`); it is journaled all the same."""

    KIND: ClassVar[str] = "table.card_held"
    card: str  # its code, `??` when it could not be read
    seq: int
    source: str
    why: str


@dataclass(frozen=True, slots=True)
class PaymentConfirmed(TableEvent):
    """The dealer paid (or collected) a settled box's amount, adjustments included, and confirmed it."""

    KIND: ClassVar[str] = "table.payment_confirmed"
    round_id: str
    box: int
    amount: int  # + paid to the player, - collected
    actor: str

    def entry_round(self, in_play: str | None) -> str | None:
        return self.round_id  # the round just closed, whether or not the next one is open yet

    def describe(self) -> str:
        done = f"paid {self.amount:,}" if self.amount > 0 else f"collected {-self.amount:,}" if self.amount < 0 \
            else "stakes returned"
        return f"box {self.box}: {done}, confirmed by {self.actor}"


@dataclass(frozen=True, slots=True)
class ConfirmationUndone(TableEvent):
    """A pit boss took back a payment's confirmation (it was not paid as confirmed), with a reason."""

    KIND: ClassVar[str] = "table.confirmation_undone"
    round_id: str
    box: int
    actor: str
    reason: str

    def entry_round(self, in_play: str | None) -> str | None:
        return self.round_id

    def describe(self) -> str:
        return f"box {self.box}: confirmation of the payment undone by {self.actor}: {self.reason}"


@dataclass(frozen=True, slots=True)
class DealerSignedIn(TableEvent):
    """A dealer took over the table (from the dealer signed in, if any): the rounds from here on are theirs."""

    KIND: ClassVar[str] = "table.dealer_signed_in"
    dealer: str

    def describe(self) -> str:
        return f"{self.dealer} signed in to deal"


@dataclass(frozen=True, slots=True)
class DealerSignedOut(TableEvent):
    """The dealer left the table."""

    KIND: ClassVar[str] = "table.dealer_signed_out"
    dealer: str

    def describe(self) -> str:
        return f"{self.dealer} signed out"


@dataclass(frozen=True, slots=True)
class RulesEdgeAcknowledged(TableEvent):
    """An admin acknowledged the house rules' edge before the table opened on them: rules that favour a skilled
    player, or whose edge was never measured (controller.measured.operator_guard). It names the rules by their
    play digest, says what was found and the words shown, and who acknowledged it and why."""

    KIND: ClassVar[str] = "table.rules_edge_acknowledged"
    play_sha256: str
    finding: str
    shown: str
    actor: str
    reason: str

    def describe(self) -> str:
        return f"house rules' edge ({self.finding}) acknowledged by {self.actor}: {self.reason}"


@dataclass(frozen=True, slots=True)
class JackpotPaid(TableEvent):
    """R-JACKPOT-3: a pit boss verified a box's jackpot hit at the table and confirmed it; the meter fixed the
    payment (`hit`: its number on the meter, in commit order)."""

    KIND: ClassVar[str] = "table.jackpot_paid"
    round_id: str
    box: int
    hit: int
    amount: int
    actor: str
    decided_at: float = 0.0  # when the meter holds it was confirmed, for a confirmation made away from the table

    def entry_round(self, in_play: str | None) -> str | None:
        return self.round_id  # the hit's round, whichever round is in play when it is confirmed

    def describe(self) -> str:
        return f"jackpot hit #{self.hit} of round {self.round_id} box {self.box} paid {self.amount:,}, confirmed by " \
               f"{self.actor}{decided_words(self.decided_at)}"


@dataclass(frozen=True, slots=True)
class JackpotRejected(TableEvent):
    """R-JACKPOT-3: a pit boss found at the table that a box's hand is not the jackpot hit the shoe read (a
    misdeal, say): the hit is not paid and the meter gets its amount back (`hit`: its number on the meter, 0 when
    the meter did not have it yet: the table's link hands it the rejection after the hit)."""

    KIND: ClassVar[str] = "table.jackpot_rejected"
    round_id: str
    box: int
    hit: int
    actor: str
    reason: str
    decided_at: float = 0.0  # when the meter holds it was rejected, for a rejection made away from the table

    def entry_round(self, in_play: str | None) -> str | None:
        return self.round_id

    def describe(self) -> str:
        number = f" #{self.hit}" if self.hit else ""
        return f"jackpot hit{number} of round {self.round_id} box {self.box} rejected by {self.actor}" \
               f"{decided_words(self.decided_at)}: {self.reason}"


def decided_words(decided_at: float) -> str:
    """Where and when a pit boss decided a jackpot hit away from the table ("" for a decision made at it)."""
    if not decided_at:
        return ""
    return " on the meter at " + datetime.fromtimestamp(decided_at, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


@dataclass(frozen=True, slots=True)
class ShowdownSeen(TableEvent):
    """What the camera over the layout read at showdown, spot by spot, and its verdict against the shoe's record
    of the round: the cards that differ (`differences`), or the spots it asks to be shown again (`ask_again`).
    `fault_id` names the fault this reading raised (a card switch, a spot never read), if any.

    The readings are kept as the journal holds them (spots as text: a box number or `dealer`); `readings()`,
    `card_differences()` and `spots_asked()` give them back typed."""

    KIND: ClassVar[str] = "table.showdown_seen"
    round_id: str
    camera: str
    seen: dict[str, Any]  # spot -> {"cards": [codes], "unreadable": count}
    differences: list[Any] = field(default_factory=list)  # [{"spot", "kind", "card", "dealt_to"}]
    ask_again: list[Any] = field(default_factory=list)  # [spot]
    fault_id: str = ""

    @classmethod
    def of(cls, round_id: str, camera: str, seen: Mapping[Spot, SpotReading], check: ShowdownCheck,
           fault_id: str = "") -> ShowdownSeen:
        return cls(round_id, camera,
                   {str(spot): {"cards": [card.code for card in reading.cards], "unreadable": reading.unreadable}
                    for spot, reading in sorted(seen.items(), key=lambda item: spot_order(item[0]))},
                   [{"spot": str(d.spot), "kind": d.kind.name.lower(), "card": d.card.code,
                     "dealt_to": None if d.dealt_to is None else str(d.dealt_to)} for d in check.differences],
                   [str(spot) for spot in check.ask_again], fault_id)

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> Self:
        event = super(ShowdownSeen, cls).from_payload(payload)
        try:  # every reading and difference must read back now, not when a screen first shows it
            event.readings()
            event.card_differences()
            event.spots_asked()
        except (KeyError, ValueError, TypeError, AttributeError) as err:
            raise TableEventFormatError(f"{cls.KIND}: a reading or difference cannot be read ({err!r})") from err
        return event

    def readings(self) -> dict[Spot, SpotReading]:
        return {_spot(key): SpotReading(tuple(parse_card(code) for code in value["cards"]),
                                        _count(value["unreadable"]))
                for key, value in self.seen.items()}

    def card_differences(self) -> tuple[CardDifference, ...]:
        return tuple(CardDifference(_spot(d["spot"]), Difference[str(d["kind"]).upper()], parse_card(d["card"]),
                                    None if d["dealt_to"] is None else _spot(d["dealt_to"]))
                     for d in self.differences)

    def spots_asked(self) -> tuple[Spot, ...]:
        return tuple(_spot(key) for key in self.ask_again)

    @property
    def switched(self) -> bool:
        return bool(self.differences)

    @property
    def matched(self) -> bool:
        return not self.differences and not self.ask_again

    def describe(self) -> str:
        if self.differences:
            return "camera at showdown: " + "; ".join(d.describe() for d in self.card_differences())
        if self.ask_again:
            return "camera at showdown: show again " + ", ".join(spot_name(s) for s in self.spots_asked())
        return "camera at showdown: every card where the shoe dealt it"

    def entry_round(self, in_play: str | None) -> str | None:
        return self.round_id


def _spot(key: Any) -> Spot:
    """A spot as the journal writes it ("3", "dealer") as the camera's check names it."""
    if key == DEALER:
        return DEALER
    if isinstance(key, str) and key.isdigit():
        return int(key)
    raise ValueError(f"{key!r} is not a spot (a box number or {DEALER!r})")


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{value!r} is not a count of cards")
    return value


@dataclass(frozen=True, slots=True)
class Signature(TableEvent):
    """The table's seal over the chain's head: event `seq` (hash `head`) and every event before it were written
    by the holder of the key `key_id` (controller.table.security.signing)."""

    KIND: ClassVar[str] = "table.signature"
    key_id: str = field(metadata={"key": "key"})
    seq: int
    head: str
    sig: str  # base64 Ed25519 signature of signing.seal_message
    public: str  # the signer's public key, base64: compared with the table's own by whoever verifies

    def entry_round(self, in_play: str | None) -> str | None:
        return None  # the chain's, not a round's

    def describe(self) -> str:
        return f"sealed by the table's key {self.key_id} (events 1-{self.seq})"


@dataclass(frozen=True, slots=True)
class TwoPersonLimit(TableEvent):
    """A pit boss set the amount above which a void or an adjustment needs a second pit boss (0: none needs)."""

    KIND: ClassVar[str] = "table.two_person_limit"
    above: int
    actor: str
    reason: str

    def entry_round(self, in_play: str | None) -> str | None:
        return None

    def describe(self) -> str:
        return f"a second pit boss needed above {self.above:,}, set by {self.actor}: {self.reason}"


@dataclass(frozen=True, slots=True)
class SecondPerson(TableEvent):
    """A second pit boss approved the override journaled right after this (a void or an adjustment)."""

    KIND: ClassVar[str] = "table.second_person"
    what: str  # "void" or "adjustment"
    round_id: str
    amount: int
    actor: str
    first: str  # the pit boss who made the override

    def entry_round(self, in_play: str | None) -> str | None:
        return self.round_id  # beside the override it approves, which an adjustment of a closed round is too

    def describe(self) -> str:
        return f"{self.what} of {self.amount:,} in round {self.round_id} by {self.first} approved by {self.actor}"


@dataclass(frozen=True, slots=True)
class ProgramVerified(TableEvent):
    """The installed program the table runs: its version and the digest of every installed file
    (controller.table.security.program), journaled when it differs from the last one recorded."""

    KIND: ClassVar[str] = "table.program"
    version: str
    digest: str
    files: int

    def entry_round(self, in_play: str | None) -> str | None:
        return None

    def describe(self) -> str:
        return f"program {self.version}, {self.files} files, digest {self.digest[:16]}"


@dataclass(frozen=True, slots=True)
class ShoePolicy(TableEvent):
    """What the floor asks of the table's shoe, as the table read it from the floor's settings when it started
    (setting `shoes_must_authenticate`): whether a shoe that proves no SHOE/1-A key is a fault. Journaled when it
    changes, so a table that cannot reach the floor keeps the last word it had, and cutting its line to the floor
    does not let a plain shoe in."""

    KIND: ClassVar[str] = "table.shoe_policy"
    must_authenticate: bool
    source: str  # where the table read it ("floor")

    def entry_round(self, in_play: str | None) -> str | None:
        return None

    def describe(self) -> str:
        if self.must_authenticate:
            return f"the {self.source} takes only shoes that prove their key: a plain shoe is a fault"
        return f"the {self.source} takes shoes that prove no key (plain SHOE/1) again"


@dataclass(frozen=True, slots=True)
class AccountsSeen(TableEvent):
    """The staff accounts the table logs people in with, as it saw them
    (controller.table.security.users.StoreAnchor): the store's key fingerprint, its first event's hash (the first
    admin's record) and its last event. A store with another key or first admin, or that no longer holds the event
    seen, is not taken until a pit boss of it accepts it (`accepted_by`, with the reason): journaled here, sealed and
    reported like every table event."""

    KIND: ClassVar[str] = "table.accounts_seen"
    key: str
    first: str
    seq: int
    head: str
    accepted_by: str = ""
    reason: str = ""

    def entry_round(self, in_play: str | None) -> str | None:
        return None

    def describe(self) -> str:
        seen = f"staff accounts of key {self.key[:16]} seen up to their event {self.seq}"
        return f"{seen}, accepted by {self.accepted_by}: {self.reason}" if self.accepted_by else seen


@dataclass(frozen=True, slots=True)
class ShoeSessionStarted(TableEvent):
    """A session with the card source's device began (a HELLO answered): who it said it is, and the SHOE/1-A key
    it proved it holds (`key_id` "" and `authenticated` false: plain SHOE/1, which proves nothing)."""

    KIND: ClassVar[str] = "table.shoe_session"
    source: str
    model: str
    serial: str
    firmware: str
    key_id: str
    authenticated: bool

    def describe(self) -> str:
        proof = f"authenticated with key {self.key_id}" if self.authenticated else "shoe not authenticated"
        return f"shoe {self.model} {self.serial} (firmware {self.firmware}) connected, {proof}"

    def entry_round(self, in_play: str | None) -> str | None:
        return None  # the table's device, not a round's


@dataclass(frozen=True, slots=True)
class TableFaultRepeated(TableEvent):
    """An open fault was raised again `count` times in all (a storm of the same device fault is one fault).
    Journaled when the count reaches a power of two, so that a storm writes a few entries, not one a frame."""

    KIND: ClassVar[str] = "table.fault_repeated"
    fault_id: str
    count: int

    def describe(self) -> str:
        return f"fault {self.fault_id} raised {self.count:,} times"


@dataclass(frozen=True, slots=True)
class JournalUpgraded(TableEvent):
    """The journal gained what an older version did not write (`what`: the round index, say), built from its
    events 1-`through` when this version first opened it; `rounds` the rounds it covers."""

    KIND: ClassVar[str] = "table.journal_upgraded"
    what: str
    rounds: int
    through: int

    def entry_round(self, in_play: str | None) -> str | None:
        return None  # the journal's, not a round's

    def describe(self) -> str:
        return f"journal upgraded: {self.what} built for {self.rounds:,} rounds (events 1-{self.through:,})"


@dataclass(frozen=True, slots=True)
class Checkpoint(TableEvent):
    """The table as it stood after round `round`, before the next one opened (controller.table.history's
    `present()`): recovery, the reporter and the writer's check start here instead of from event 1. Checked,
    never trusted: `audit verify` folds the events before it and names a checkpoint that differs."""

    KIND: ClassVar[str] = "table.checkpoint"
    round: int
    present: dict[str, Any]

    def entry_round(self, in_play: str | None) -> str | None:
        return None  # the table's, between two rounds

    def describe(self) -> str:
        return f"checkpoint of the table after round {self.round:,}"


TABLE_EVENT_TYPES: dict[str, type[TableEvent]] = {cls.KIND: cls for cls in (
    RulesSet, RoundOpened, TableFaultRaised, TableFaultResolved, ClockRebased, PaymentAdjusted, SessionMarked,
    CardHeld, PaymentConfirmed, ConfirmationUndone, DealerSignedIn, DealerSignedOut, RulesEdgeAcknowledged,
    JackpotPaid, JackpotRejected, ShowdownSeen, Signature, TwoPersonLimit, SecondPerson, ProgramVerified,
    ShoeSessionStarted, TableFaultRepeated, JournalUpgraded, Checkpoint, AccountsSeen, ShoePolicy)}


def table_event_from(kind: str, payload: dict[str, Any]) -> TableEvent:
    """The table event a journal entry of this kind and payload holds; TableEventFormatError if none."""
    cls = TABLE_EVENT_TYPES.get(kind)
    if cls is None:
        raise TableEventFormatError(f"{kind!r} is not a table event this version knows")
    return cls.from_payload(payload)


# -- the codec's field table --------------------------------------------------------------------------------
_FIELDS: dict[type[TableEvent], tuple[tuple[str, str, Any], ...]] = {}  # (field name, payload key, type)
_DEFAULTS: dict[type[TableEvent], set[str]] = {}  # the fields a payload may leave out


for _cls in TABLE_EVENT_TYPES.values():
    _hints = typing.get_type_hints(_cls)
    _FIELDS[_cls] = tuple((f.name, f.metadata.get("key", f.name), _hints[f.name]) for f in dataclasses.fields(_cls))
    _DEFAULTS[_cls] = {f.name for f in dataclasses.fields(_cls)
                       if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING}


def _encode(value: Any) -> Any:
    return value.to_mapping() if isinstance(value, HouseRules) else value


def _decode(kind: str, key: str, expected: Any, value: Any) -> Any:
    """`value` as the field's type, or TableEventFormatError naming the kind and the key."""
    if expected is HouseRules:
        if not isinstance(value, dict):
            raise TableEventFormatError(f"{kind}: {key!r} is not a table of house rules")
        try:
            return rules_from_mapping(value, "journal")
        except RulesError as err:
            raise TableEventFormatError(f"{kind}: {err}") from err
    if expected is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    base = typing.get_origin(expected) or expected
    if isinstance(value, base) and not (base is int and isinstance(value, bool)):  # JSON true is no number
        return value
    raise TableEventFormatError(f"{kind}: {key!r} is {value!r}, not {_WORDS.get(base, base.__name__)}")


_WORDS = {str: "text", int: "a whole number", float: "a number", bool: "true or false", dict: "a JSON object"}
