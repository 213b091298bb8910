"""The jackpot's audit beyond its sums: the meter's ledger replayed entry by entry (each entry's meter after it, each
hit's share of the meter at the hit, each reseed the top-up a hit called for), and each table's contributions and
hits against the table's own journal, sealed at the table where the floor's database cannot reach. Rows forged
together so that the sums agree (a hit, its payout and the meter; a reseed and the meter raised to match) are
named here, and a reseed of the house's own that no admin signed with the floor's staff key. Pure: the meter reads
the rows, the command line opens the journals."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from controller.table.journal import JournalEntry
from controller.table.security.signing import PublicKey
from controller.table.table_events import JackpotPaid, table_event_from

if TYPE_CHECKING:
    from controller.engine.events import JackpotSettled

Key = tuple[str, str, int]  # (table, round, box)


class Hit(Protocol):
    """What the audit reads of a hit on the meter (controller.floor.jackpot_meter.Hit)."""

    @property
    def hit(self) -> int: ...
    @property
    def table_id(self) -> str: ...
    @property
    def round_id(self) -> str: ...
    @property
    def box(self) -> int: ...
    @property
    def category(self) -> str: ...
    @property
    def share_pct(self) -> int: ...
    @property
    def meter_at_hit(self) -> int: ...
    @property
    def amount(self) -> int: ...
    @property
    def status(self) -> str: ...


@dataclass(frozen=True)
class LedgerRow:
    entry: int
    kind: str
    table_id: str
    round_id: str
    box: int
    amount: int
    meter_after: int
    actor: str = ""  # the admin who made a reseed of the house's own
    proof: str = ""  # the admin's signature of it with the floor's staff key (base64 of reseed_message's)

    @property
    def key(self) -> Key:
        return (self.table_id, self.round_id, self.box)

    def words(self) -> str:
        where = f" (table {self.table_id} round {self.round_id} box {self.box})" if self.table_id else ""
        return f"ledger entry #{self.entry}, a {self.kind} of {self.amount:+,}{where}"


@dataclass(frozen=True)
class TableJournal:
    """A linked table's journal as the audit reads it: its id, the hash of its first event, its jackpot entries."""

    table_id: str
    path: str
    first_hash: str
    entries: tuple[JournalEntry, ...]


def reseed_message(meter_id: str, after_entry: int, chips: int, meter_after: int, admin: str) -> bytes:
    """What the floor's staff key signs for an admin's reseed: the meter, the ledger entry it follows (so that a
    signature copied onto another entry proves nothing), the chips, the meter after it and the admin."""
    return f"rptable-jackpot-reseed/1\x1f{meter_id}\x1f{after_entry}\x1f{chips}\x1f{meter_after}\x1f{admin}".encode()


def signed_by_staff_key(row: LedgerRow, after_entry: int, meter_id: str, staff_key: PublicKey | None) -> bool:
    """Whether an admin's reseed carries the admin's signature with the floor's staff key (`staff_key`, the one this
    machine pins; None: none is pinned here, so nothing is proven)."""
    if staff_key is None or not row.proof:
        return False
    try:
        signature = base64.b64decode(row.proof, validate=True)
    except (ValueError, binascii.Error):
        return False
    return staff_key.verifies(signature, reseed_message(meter_id, after_entry, row.amount, row.meter_after, row.actor))


def share_of(meter: int, share_pct: int) -> int:
    """A hit's amount: its share of the meter at the hit, to the chip below."""
    return meter * share_pct // 100


def replay_problems(rows: Sequence[LedgerRow], hits: Sequence[Hit], reseed: int, meter: int,
                    admins: Iterable[str] = (), *, meter_id: str = "main",
                    staff_key: PublicKey | None = None) -> list[str]:
    """The ledger replayed from its first entry: every entry that is not what the meter's own rules make, and a
    meter or a hit that is not what the ledger makes them, each in a sentence. A reseed of the house's own is
    an admin's (`admins`: the floor's admin accounts now), chips added, signed by the admin's tool with the floor's
    staff key (`staff_key`)."""
    replay = LedgerReplay(reseed, admins, meter_id, staff_key)
    replay.feed(rows, hits)
    return replay.finish(hits, meter)


class LedgerReplay:
    """`replay_problems` in steps: the ledger fed in entry order, in as many parts as it is read in (a
    confirmation replays what a snapshot read without the meter's lock, then only the entries after it under the
    lock), then `finish`ed against the meter and its hits."""

    def __init__(self, reseed: int, admins: Iterable[str] = (), meter_id: str = "main",
                 staff_key: PublicKey | None = None) -> None:
        self.reseed = reseed
        self.admins = set(admins)
        self.meter_id = meter_id
        self.staff_key = staff_key
        self.problems: list[str] = []
        self.running = 0
        self.previous: LedgerRow | None = None
        self.contributions: dict[Key, int] = {}
        self.top_ups: dict[Key, int] = {}
        self.paid_out: set[Key] = set()

    @property
    def last_entry(self) -> int:
        """The last entry fed (0: none)."""
        return self.previous.entry if self.previous is not None else 0

    def feed(self, rows: Iterable[LedgerRow], hits: Sequence[Hit]) -> None:
        """The next entries of the ledger, in order; `hits` the meter's hits as read with them."""
        by_key = {(h.table_id, h.round_id, h.box): h for h in hits}
        reseed, problems = self.reseed, self.problems
        for row in rows:
            before = self.running
            self.running += row.amount
            if row.meter_after != self.running:
                problems.append(f"{row.words()} says the meter stood at {row.meter_after:,} after it; the entries up "
                                f"to it add up to {self.running:,}")
            hit = by_key.get(row.key)
            if row.kind == "seed" and (before or row.amount != reseed):
                problems.append(f"{row.words()}: a meter is seeded once, at its reseed of {reseed:,}")
            elif row.kind == "contribution":
                self.contributions[row.key] = row.amount
                if row.amount < 0:
                    problems.append(f"{row.words()}: a contribution is never negative")
            elif row.kind == "reversal" and self.contributions.get(row.key) != -row.amount:
                problems.append(f"{row.words()}: no contribution of that box is what it takes back")
            elif row.kind == "payout":
                self.paid_out.add(row.key)
                if hit is None:
                    problems.append(f"{row.words()}: no hit was made for it")
                elif (hit.meter_at_hit, hit.amount, -row.amount) != (before, *[share_of(before, hit.share_pct)] * 2):
                    problems.append(f"jackpot hit #{hit.hit}: {hit.share_pct}% of the meter at the hit ({before:,} by "
                                    f"the ledger) is {share_of(before, hit.share_pct):,}; the hit says "
                                    f"{hit.amount:,} of {hit.meter_at_hit:,} and the ledger paid out {-row.amount:,}")
            elif row.kind == "reseed" and row.actor:
                lacks = "the floor has no such admin" if row.actor not in self.admins or row.amount <= 0 else \
                    "no admin signed this one" if not signed_by_staff_key(row, self.last_entry, self.meter_id,
                                                                           self.staff_key) else ""
                if lacks:
                    problems.append(f"{row.words()} by {row.actor}: a reseed of the house's own is chips an admin of "
                                    "the floor's staff adds, signed with the floor's staff key (rptable jackpot "
                                    f"reseed on the admin's machine), and {lacks}")
            elif row.kind == "reseed" and not _called_for(row, self.previous, before, reseed, self.top_ups):
                problems.append(f"{row.words()}: no hit called for it (the meter is topped up to its reseed of "
                                f"{reseed:,} only right after a hit's payout, and the top-up taken back only right "
                                "after that hit's return)")
            elif row.kind == "return" and (hit is None or hit.status != "rejected" or row.amount != hit.amount):
                problems.append(f"{row.words()}: no rejected hit of that amount was made there")
            self.previous = row

    def finish(self, hits: Sequence[Hit], meter: int) -> list[str]:
        """Every problem found, with the meter's amount and the hits (as read with the last entries fed) against
        the ledger replayed."""
        problems = list(self.problems)
        if self.running != meter:
            problems.append(f"the meter says {meter:,}; its ledger replayed adds up to {self.running:,}")
        problems += [f"jackpot hit #{h.hit} (table {h.table_id} round {h.round_id} box {h.box}): the ledger paid "
                     "nothing out for it" for h in hits if (h.table_id, h.round_id, h.box) not in self.paid_out]
        return problems


def _called_for(row: LedgerRow, previous: LedgerRow | None, before: int, reseed: int,
                top_ups: dict[Key, int]) -> bool:
    """A reseed the meter makes itself: the top-up to its reseed right after a hit's payout, or that top-up taken
    back (as far as the meter holds it) right after the hit's return."""
    if previous is None or previous.key != row.key:
        return False
    if row.amount > 0:
        top_ups[row.key] = row.amount
        return previous.kind == "payout" and row.amount == reseed - before
    return previous.kind == "return" and -row.amount == min(top_ups.get(row.key, 0), before)


def journal_problems(journal: TableJournal, bound_hash: str, rows: Iterable[LedgerRow],
                     hits: Iterable[Hit]) -> list[str]:
    """The meter's rows of one table against that table's journal: every contribution and reversal the ledger
    holds for the table must be one the journal settled or voided, to the chip, and every hit one it dealt."""
    # The engine reads the journal's round events: imported here, where a journal is checked, not by every command
    # that opens the meter (its status, a reseed).
    from controller.engine import event_from_payload
    from controller.engine.events import JackpotSettled, JackpotVoided

    table = journal.table_id
    if bound_hash and journal.first_hash != bound_hash:
        return [f"the journal given for table {table} ({journal.path}) is not the one the meter binds the table to: "
                "nothing of the table was checked against it"]
    settled: dict[tuple[str, int], JackpotSettled] = {}
    voided: set[tuple[str, int]] = set()
    paid: dict[tuple[str, int], JackpotPaid] = {}
    for entry in journal.entries:
        if entry.round_id is None:
            continue
        if entry.kind == JackpotPaid.KIND:
            event = table_event_from(entry.kind, entry.payload)
            if isinstance(event, JackpotPaid):
                paid[(event.round_id, event.box)] = event
            continue
        if entry.kind not in (JackpotSettled.KIND, JackpotVoided.KIND):
            continue
        engine_event = event_from_payload(entry.payload)
        if isinstance(engine_event, JackpotSettled):
            settled[(entry.round_id, engine_event.box)] = engine_event
        elif isinstance(engine_event, JackpotVoided):
            voided.add((entry.round_id, engine_event.box))
    problems = []
    for row in rows:
        if row.table_id != table:
            continue
        there = settled.get((row.round_id, row.box))
        if row.kind == "contribution" and (there is None or there.contribution != row.amount):
            held = "holds no jackpot stake there" if there is None else f"settled {there.contribution:+,} there"
            problems.append(f"{row.words()}: table {table}'s journal {held}")
        elif row.kind == "reversal" and (row.round_id, row.box) not in voided:
            problems.append(f"{row.words()}: table {table}'s journal voided no such round")
    for hit in hits:
        if hit.table_id != table:
            continue
        there = settled.get((hit.round_id, hit.box))
        if there is None or there.share_pct != hit.share_pct or there.best.name != hit.category:
            problems.append(f"jackpot hit #{hit.hit} ({hit.category}, {hit.share_pct}%, table {table} round "
                            f"{hit.round_id} box {hit.box}): table {table}'s journal dealt no such hit")
        journaled = paid.get((hit.round_id, hit.box))
        if journaled is not None and (journaled.hit, journaled.amount) != (hit.hit, hit.amount):
            problems.append(f"jackpot hit #{hit.hit}: table {table} journaled the payment of hit #{journaled.hit}, "
                            f"{journaled.amount:,}; the meter says {hit.amount:,}")
    return problems
