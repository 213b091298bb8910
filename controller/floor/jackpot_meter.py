"""The linked jackpot's meter in the floor's PostgreSQL: contributions, hits, a pit boss's confirmation, the
sign's status and the audit, each one transaction (controller.floor.jackpot_schema holds the tables).

Every change takes the meter's row lock first, so changes to one meter happen one at a time, in the order
they commit: a hit's amount is its share of the meter at that moment, and a second hit committed while the
first is pending is numbered after it and takes its share of the meter the first left (reseeded). A hit
leaves the meter when it is committed (its payout is owed from then on) and is paid only when a pit boss,
an account of the floor's staff, confirms it at the table; hits are confirmed in the order they were
committed. While any hit is pending the meter is locked: every linked table closes jackpot betting.

A pit boss may instead reject a hit (the hand at the table is not what the shoe read): its amount goes back into
the meter and the house takes back the top-up it made, so the meter stands as if the hit had not been made. A
voided round takes its contributions back out of the meter and rejects its hits.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from controller.floor.database import FloorError, connect, explain, psycopg_module
from controller.floor.jackpot_audit import (
    LedgerReplay,
    LedgerRow,
    TableJournal,
    journal_problems,
    replay_problems,
    reseed_message,
    share_of,
    signed_by_staff_key,
)
from controller.floor.jackpot_schema import CHANNEL, SCHEMA
from controller.floor.table_binding import BoundToAnotherJournal, JournalIdentity, require_bound_to

if TYPE_CHECKING:
    import psycopg

    from controller.table.security.signing import PublicKey, SigningKey
    from controller.table.security.users import User

DEFAULT_METER = "main"
LAST_HITS = 10  # hits the status and the sign show
TABLE_SILENT_SECONDS = 10.0  # a linked table not heard from for this long is shown as not linked now
PIT_BOSS_ROLES = ("pit_boss", "admin")


class JackpotRefused(Exception):
    """The meter refuses a confirmation or a link; the message says why and what to do."""


@dataclass(frozen=True)
class Hit:
    hit: int
    table_id: str
    round_id: str
    box: int
    category: str
    share_pct: int
    meter_at_hit: int
    amount: int
    status: str
    confirmed_by: str  # the pit boss who confirmed it, or rejected it
    hit_at: float
    reason: str = ""  # why it was rejected
    confirmed_at: float | None = None  # when it was confirmed or rejected
    journal_hash: str = ""  # the first event's hash of the journal that made it ('' for a hit made before)

    @property
    def decided_when(self) -> str:
        """When a pit boss confirmed or rejected it, in UTC words ("2026-11-29 14:40:12 UTC")."""
        if self.confirmed_at is None:
            return "at a time the meter does not hold"
        return datetime.fromtimestamp(self.confirmed_at, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")

    def to_dict(self) -> dict[str, Any]:
        return {"hit": self.hit, "table": self.table_id, "round": self.round_id, "box": self.box,
                "category": self.category, "share_pct": self.share_pct, "meter_at_hit": self.meter_at_hit,
                "amount": self.amount, "status": self.status, "confirmed_by": self.confirmed_by,
                "at": self.hit_at, "reason": self.reason, "confirmed_at": self.confirmed_at}


class AlreadyPaid(JackpotRefused):
    """A confirmation of a hit a pit boss has confirmed and paid already: nothing is paid again."""

    def __init__(self, hit: Hit) -> None:
        super().__init__(f"Jackpot hit #{hit.hit} was already paid: table {hit.table_id} round {hit.round_id} box "
                         f"{hit.box}, {hit.amount:,}, confirmed by {hit.confirmed_by} at {hit.decided_when}. Nothing "
                         "is paid again: do not pay it a second time.")
        self.hit = hit


class LedgerDoesNotAddUp(JackpotRefused):
    """A confirmation refused because the meter the hit is paid from does not add up (its audit names why):
    nothing is paid until the floor manager has found out what changed the database."""

    def __init__(self, hit: int, meter_id: str, problems: Sequence[str]) -> None:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(f"Jackpot hit #{hit} is not paid: the meter '{meter_id}' it is paid from does not add up: "
                         f"{problems[0]}{more}. Nothing is paid; call the floor manager (`rptable jackpot audit --db "
                         "URL` names every problem).")
        self.problems = tuple(problems)


@dataclass(frozen=True)
class LedgerAudit:
    """A meter against its ledger: `ok` when meter = seeds and reseeds + contributions - payouts, to the chip
    (contributions less those of voided rounds, payouts less those of rejected hits)."""

    meter: int
    seeds: int
    contributions: int
    payouts: int
    entries: int
    hits_changed: tuple[int, ...] = ()  # hits whose amount is not what the ledger paid out for them
    # the ledger replayed, and the tables' journals where they were given (controller.floor.jackpot_audit)
    problems: tuple[str, ...] = ()
    journals: tuple[str, ...] = ()  # the tables whose journals were checked
    reseeds_by: tuple[tuple[int, int, str], ...] = ()  # reseeds of the house's own, signed: (entry, chips, admin)

    @property
    def ok(self) -> bool:
        return self.meter == self.seeds + self.contributions - self.payouts and not self.hits_changed \
            and not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "meter": self.meter, "seeds_and_reseeds": self.seeds,
                "contributions": self.contributions, "payouts": self.payouts, "entries": self.entries,
                "hits_changed": list(self.hits_changed), "problems": list(self.problems),
                "journals": list(self.journals),
                "reseeds_by": [{"entry": e, "chips": c, "admin": a} for e, c, a in self.reseeds_by]}


_HIT_COLUMNS = ("hit, table_id, round_id, box, category, share_pct, meter_at_hit, amount, status, confirmed_by, "
                "extract(epoch from hit_at)::float8, reason, extract(epoch from confirmed_at)::float8, journal_hash")


class JackpotMeter:
    """One meter of the floor's database, over one connection (not shared between threads)."""

    def __init__(self, url: str, meter_id: str = DEFAULT_METER) -> None:
        self.url = url
        self.meter_id = meter_id
        self.db = connect(url)
        try:
            self._ensure_schema()
        except psycopg_module().Error as err:
            self.db.close()
            raise FloorError(explain(err, url)) from err

    def close(self) -> None:
        self.db.close()

    def _ensure_schema(self) -> None:
        """The jackpot's tables, made or brought up to date by their owner once per version of SCHEMA (its digest
        kept in floor_module_digests: DDL would lock the ledger against the tables' writes at every start); a
        program that connects as another database user (the roles `rptable floor init` made) changes nothing."""
        digest = hashlib.sha256(SCHEMA.encode()).hexdigest()
        current = "SELECT 1 FROM floor_module_digests WHERE module = 'jackpot' AND digest = %s"
        with self.db.transaction():
            if self.db.execute(current, (digest,)).fetchone() is not None:
                return
            owned = self.db.execute("SELECT tableowner <> current_user FROM pg_tables WHERE tablename = "
                                    "'jackpot_meter' AND schemaname = current_schema()").fetchone()
            if owned is not None and owned[0]:
                return
            self.db.execute("SELECT pg_advisory_xact_lock(hashtext('rptable jackpot schema'))")
            if self.db.execute(current, (digest,)).fetchone() is not None:
                return
            self.db.execute(SCHEMA)
            self.db.execute("INSERT INTO floor_module_digests VALUES ('jackpot', %s) ON CONFLICT (module) DO UPDATE "
                            "SET digest = EXCLUDED.digest", (digest,))

    # --------------------------------------------------------------------------------------------- tables
    def link(self, table_id: str, reseed: int, journal: JournalIdentity | None = None) -> None:
        """Link a table to the meter (made at `reseed` by its first table; one reseed for every linked table).
        With its journal (`first_hash` '' for a journal that holds no event yet), the table's id is bound to it,
        or found bound to another journal: refused, in the reporter's words."""
        with self.db.transaction():
            row = self.db.execute("SELECT reseed FROM jackpot_meter WHERE meter_id = %s FOR UPDATE",
                                  (self.meter_id,)).fetchone()
            if row is None:
                self.db.execute("INSERT INTO jackpot_meter (meter_id, amount, reseed) VALUES (%s, %s, %s) "
                                "ON CONFLICT DO NOTHING", (self.meter_id, reseed, reseed))
                row = self.db.execute("SELECT reseed FROM jackpot_meter WHERE meter_id = %s FOR UPDATE",
                                      (self.meter_id,)).fetchone()
                assert row is not None
                if not self._has_seed():
                    self._ledger("seed", "", "", 0, reseed, reseed)
            if row[0] != reseed:
                raise JackpotRefused(
                    f"Table {table_id}'s rules reseed the jackpot at {reseed:,}, but the meter '{self.meter_id}' it "
                    f"would share reseeds at {row[0]:,}: linked tables play one jackpot. Give the table the same "
                    "[jackpot] settings as the others.")
            self.db.execute("INSERT INTO jackpot_tables (table_id, meter_id) VALUES (%s, %s) ON CONFLICT (table_id) "
                            "DO UPDATE SET meter_id = EXCLUDED.meter_id, last_seen = now()",
                            (table_id, self.meter_id))
            if journal is not None:
                self._bind(table_id, journal)
            self._notify()

    def bind(self, table_id: str, journal: JournalIdentity) -> None:
        """Bind a linked table's id to its journal, now that it holds its first event (see `link`)."""
        with self.db.transaction():
            self._bind(table_id, journal)

    def _bind(self, table_id: str, journal: JournalIdentity) -> None:
        row = self.db.execute("SELECT first_hash, journal, host FROM jackpot_tables WHERE table_id = %s FOR UPDATE",
                              (table_id,)).fetchone()
        assert row is not None
        bound = JournalIdentity(*row)
        if not bound.first_hash:  # not bound yet: the first journal with an event claims the id
            if journal.first_hash:
                self.db.execute("UPDATE jackpot_tables SET first_hash = %s, journal = %s, host = %s "
                                "WHERE table_id = %s", (journal.first_hash, journal.path, journal.host, table_id))
            return
        try:
            require_bound_to(table_id, bound, journal.first_hash or None)
        except BoundToAnotherJournal as err:
            raise JackpotRefused(str(err)) from err

    def credited(self, table_id: str) -> tuple[int, str]:
        """The event of the table's journal the meter has taken its entries up to, as (seq, hash); (0, '') for
        none yet."""
        with self.db.transaction():
            row = self.db.execute("SELECT credited_seq, credited_hash FROM jackpot_tables WHERE table_id = %s",
                                  (table_id,)).fetchone()
        return (int(row[0]), str(row[1])) if row is not None else (0, "")

    def credit(self, table_id: str, was: tuple[int, str], now: tuple[int, str]) -> tuple[int, str]:
        """The meter has taken the table's entries up to event `now` of the journal that held `was`, the event it
        had credited before: `now` is kept (answered). JackpotRefused when another journal under the table's id
        moved the meter's credited history on meanwhile: the meter takes one history of a table."""
        with self.db.transaction():
            row = self.db.execute("SELECT credited_seq, credited_hash FROM jackpot_tables WHERE table_id = %s "
                                  "FOR UPDATE", (table_id,)).fetchone()
            held = (int(row[0]), str(row[1])) if row is not None else (0, "")
            if held == now:
                return now
            if held != was:
                raise JackpotRefused(
                    f"Another journal of table {table_id} moved the jackpot meter on meanwhile (the meter credited "
                    f"the table's events up to #{held[0]:,}): two journals play under the table's id, and the meter "
                    "takes one history of a table. The meter takes nothing more from this journal; run the table on "
                    "its own journal, or call the floor manager.")
            self.db.execute("UPDATE jackpot_tables SET credited_seq = %s, credited_hash = %s WHERE table_id = %s",
                            (now[0], now[1], table_id))
        return now

    def heartbeat(self, table_id: str) -> None:
        with self.db.transaction():
            self.db.execute("UPDATE jackpot_tables SET last_seen = now() WHERE table_id = %s", (table_id,))

    # ------------------------------------------------------------------------------------- contributions
    def settle(self, table_id: str, round_id: str, box: int, *, contribution: int, share_pct: int,
               category: str, journal_hash: str = "") -> Hit | None:
        """A box's jackpot stake, settled at its table: its contribution, and for a hit its share of the meter,
        in one transaction; a hit is bound to the journal it came from (`journal_hash`, the hash of its first
        event). Sent again (a retry), it changes nothing and answers the hit as it was committed."""
        with self.db.transaction():
            amount = self._lock_meter()
            added = self.db.execute(
                "INSERT INTO jackpot_ledger (meter_id, kind, table_id, round_id, box, amount, meter_after) "
                "VALUES (%s, 'contribution', %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING RETURNING entry",
                (self.meter_id, table_id, round_id, box, contribution, amount + contribution)).fetchone()
            if added is None:
                return self._hit_of(table_id, round_id, box)
            amount += contribution
            hit = None
            if share_pct:
                hit = self._hit(table_id, round_id, box, share_pct, category, amount, journal_hash)
                amount = self._reseeded(amount - hit.amount, table_id, round_id, box)
            self.db.execute("UPDATE jackpot_meter SET amount = %s, updated_at = now() WHERE meter_id = %s",
                            (amount, self.meter_id))
            self._notify()
            return hit

    def settled_keys(self, table_id: str) -> set[tuple[str, str, int]]:
        """What the meter holds of this table, as (what, round, box): every settlement (`contribution`), every
        voided round's box (`reversal`) and every rejected hit (`rejected`)."""
        rows = self.db.execute(
            "SELECT kind, round_id, box FROM jackpot_ledger WHERE meter_id = %s AND table_id = %s AND kind IN "
            "('contribution', 'reversal') UNION ALL SELECT 'rejected', round_id, box FROM jackpot_hits "
            "WHERE meter_id = %s AND table_id = %s AND status = 'rejected'",
            (self.meter_id, table_id, self.meter_id, table_id)).fetchall()
        self.db.commit()
        return {(kind, round_id, box) for kind, round_id, box in rows}

    def reverse(self, table_id: str, round_id: str, box: int, *, contribution: int, actor: str) -> Hit | None:
        """A voided round's box: its contribution leaves the meter again and its hit, if it made one and it is
        pending, is rejected. Sent again, it changes nothing. Answers the box's hit, if it made one."""
        with self.db.transaction():
            amount = self._lock_meter()
            added = self.db.execute(
                "INSERT INTO jackpot_ledger (meter_id, kind, table_id, round_id, box, amount, meter_after) "
                "VALUES (%s, 'reversal', %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING RETURNING entry",
                (self.meter_id, table_id, round_id, box, -contribution, amount - contribution)).fetchone()
            hit = self._hit_of(table_id, round_id, box)
            if added is None:
                return hit
            amount -= contribution
            if hit is not None and hit.status == "pending":
                hit, amount = self._reject(hit, actor, "the round was voided", amount)
            self.db.execute("UPDATE jackpot_meter SET amount = %s, updated_at = now() WHERE meter_id = %s",
                            (amount, self.meter_id))
            self._notify()
            return hit

    def _hit(self, table_id: str, round_id: str, box: int, share_pct: int, category: str, meter: int,
             journal_hash: str) -> Hit:
        amount = share_of(meter, share_pct)
        row = self.db.execute(
            "INSERT INTO jackpot_hits (meter_id, table_id, round_id, box, category, share_pct, meter_at_hit, "
            f"amount, journal_hash) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) RETURNING {_HIT_COLUMNS}",
            (self.meter_id, table_id, round_id, box, category, share_pct, meter, amount, journal_hash)).fetchone()
        assert row is not None
        self._ledger("payout", table_id, round_id, box, -amount, meter - amount)
        return Hit(*row)

    def _reseeded(self, amount: int, table_id: str, round_id: str, box: int) -> int:
        """After a hit the house tops the meter up to its reseed."""
        row = self.db.execute("SELECT reseed FROM jackpot_meter WHERE meter_id = %s", (self.meter_id,)).fetchone()
        assert row is not None
        reseed = int(row[0])
        if amount >= reseed:
            return amount
        self._ledger("reseed", table_id, round_id, box, reseed - amount, reseed)
        return reseed

    # ------------------------------------------------------------------------------------- confirmation
    def confirm(self, hit: int, pit_boss: str) -> tuple[Hit, bool]:
        """A pit boss (`pit_boss`: an account of the floor's staff) confirms hit number `hit` at the table:
        the hit and whether this call paid it (False: it was paid already, by the confirmation named on it)."""
        replay = self._replay_so_far()  # the long part, read before the lock: the tables settle meanwhile
        with self.db.transaction():
            self._lock_meter()
            self._require_pit_boss(pit_boss)
            row = self.db.execute(f"SELECT {_HIT_COLUMNS} FROM jackpot_hits WHERE meter_id = %s AND hit = %s",
                                  (self.meter_id, hit)).fetchone()
            if row is None:
                raise JackpotRefused(f"There is no jackpot hit #{hit} on the meter '{self.meter_id}'.")
            found = Hit(*row)
            if found.status == "paid":
                return found, False
            if found.status == "rejected":
                raise JackpotRefused(f"Jackpot hit #{hit} was rejected by {found.confirmed_by} ({found.reason}): it "
                                     "is not paid.")
            if self._hits_changed(hit):
                raise JackpotRefused(
                    f"Jackpot hit #{hit} says {found.amount:,}, which is not what the meter's ledger paid out for it "
                    f"({found.share_pct}% of {found.meter_at_hit:,} at the hit): the database was changed. Nothing is "
                    "paid; call the floor manager (`rptable jackpot audit` names the hit).")
            assert replay is not None  # the meter was there before its lock
            problems = self._replayed(replay)
            if problems:
                raise LedgerDoesNotAddUp(hit, self.meter_id, problems)
            earlier = self.db.execute(
                "SELECT hit, table_id, box FROM jackpot_hits WHERE meter_id = %s AND status = 'pending' AND hit < %s "
                "ORDER BY hit LIMIT 1", (self.meter_id, hit)).fetchone()
            if earlier is not None:
                raise JackpotRefused(f"Jackpot hit #{earlier[0]} (table {earlier[1]}, box {earlier[2]}) came first: "
                                     "hits are paid in the order they were committed. Confirm it first.")
            row = self.db.execute(
                "UPDATE jackpot_hits SET status = 'paid', confirmed_by = %s, confirmed_at = now() "
                f"WHERE meter_id = %s AND hit = %s RETURNING {_HIT_COLUMNS}", (pit_boss, self.meter_id, hit)).fetchone()
            self._notify()
            assert row is not None
            return Hit(*row), True

    def reject(self, table_id: str, round_id: str, box: int, pit_boss: str, reason: str) -> tuple[Hit, bool]:
        """A pit boss (`pit_boss`: an account of the floor's staff) has found at the table that the box's hand is
        not the hit the shoe read: the hit is not paid, its amount goes back into the meter and the house takes
        back the top-up it made. The hit and whether this call rejected it (False: it was rejected already)."""
        if not reason.strip():
            raise JackpotRefused("A rejected jackpot needs a reason; it is kept with your name.")
        with self.db.transaction():
            amount = self._lock_meter()
            self._require_pit_boss(pit_boss)
            found = self._hit_of(table_id, round_id, box)
            if found is None:
                raise JackpotRefused(f"The meter holds no jackpot hit of round {round_id} box {box} at table "
                                     f"{table_id}.")
            if found.status == "rejected":
                return found, False
            if found.status == "paid":
                raise JackpotRefused(f"Jackpot hit #{found.hit} was confirmed and paid by {found.confirmed_by}: a paid "
                                     "jackpot is not rejected (a pit boss adjusts a payment at the table instead).")
            rejected, amount = self._reject(found, pit_boss, reason, amount)
            self.db.execute("UPDATE jackpot_meter SET amount = %s, updated_at = now() WHERE meter_id = %s",
                            (amount, self.meter_id))
            self._notify()
            return rejected, True

    def _reject(self, hit: Hit, by: str, reason: str, amount: int) -> tuple[Hit, int]:
        """Reject a pending hit under the meter's lock: its amount back into the meter, less the top-up the house
        made after it. The hit as rejected, and the meter's amount now."""
        key = (hit.table_id, hit.round_id, hit.box)
        amount += hit.amount
        self._ledger("return", *key, hit.amount, amount)
        topped = self.db.execute(
            "SELECT coalesce(sum(amount), 0) FROM jackpot_ledger WHERE meter_id = %s AND kind = 'reseed' AND "
            "table_id = %s AND round_id = %s AND box = %s", (self.meter_id, *key)).fetchone()
        top_up = min(int(topped[0]) if topped else 0, amount)
        if top_up:
            amount -= top_up
            self._ledger("reseed", *key, -top_up, amount)
        row = self.db.execute(
            "UPDATE jackpot_hits SET status = 'rejected', confirmed_by = %s, confirmed_at = now(), reason = %s "
            f"WHERE meter_id = %s AND hit = %s RETURNING {_HIT_COLUMNS}", (by, reason, self.meter_id, hit.hit)
        ).fetchone()
        assert row is not None
        return Hit(*row), amount

    def _require_pit_boss(self, pit_boss: str) -> None:
        account = self._staff().get(pit_boss)
        if account is None or account.disabled or account.role.value not in PIT_BOSS_ROLES:
            raise JackpotRefused(f"{pit_boss} is not a pit boss of this floor: a jackpot is paid or rejected only by "
                                 "a pit boss with a floor account.")

    def first_waiting(self) -> Hit | None:
        """The oldest hit that waits for a pit boss (while there is one the meter stays locked), or None."""
        with self.db.transaction():
            row = self.db.execute(f"SELECT {_HIT_COLUMNS} FROM jackpot_hits WHERE meter_id = %s AND status = 'pending' "
                                  "ORDER BY hit LIMIT 1", (self.meter_id,)).fetchone()
        return Hit(*row) if row is not None else None

    def decided_hits(self, table_id: str, journal_hash: str, keys: Collection[tuple[str, int]]) -> list[Hit]:
        """The hits of this table's journal (`journal_hash`: its first event's hash) among `keys` (round, box) that
        a pit boss has confirmed or rejected on the meter, oldest first: decisions the table journals."""
        if not keys:
            return []
        rounds = sorted({round_id for round_id, _ in keys})
        with self.db.transaction():
            rows = self.db.execute(
                f"SELECT {_HIT_COLUMNS} FROM jackpot_hits WHERE meter_id = %s AND table_id = %s AND "
                "status IN ('paid', 'rejected') AND journal_hash IN (%s, '') AND round_id = ANY(%s) ORDER BY hit",
                (self.meter_id, table_id, journal_hash, rounds)).fetchall()
        return [hit for hit in (Hit(*row) for row in rows) if (hit.round_id, hit.box) in keys]

    def hit_of(self, table_id: str, round_id: str, box: int) -> Hit | None:
        with self.db.transaction():
            return self._hit_of(table_id, round_id, box)

    def _hit_of(self, table_id: str, round_id: str, box: int) -> Hit | None:
        row = self.db.execute(f"SELECT {_HIT_COLUMNS} FROM jackpot_hits WHERE meter_id = %s AND table_id = %s AND "
                              "round_id = %s AND box = %s", (self.meter_id, table_id, round_id, box)).fetchone()
        return Hit(*row) if row is not None else None

    # ----------------------------------------------------------------------------------- what is shown
    def status(self) -> dict[str, Any]:
        """The meter as the sign shows it: `{"meter", "pending", "tables", "hits": [...]}` (hits newest first)."""
        with self.db.transaction():
            row = self.db.execute("SELECT amount, reseed FROM jackpot_meter WHERE meter_id = %s",
                                  (self.meter_id,)).fetchone()
            tables = self.db.execute(
                "SELECT table_id, extract(epoch from now() - last_seen)::float8 FROM jackpot_tables "
                "WHERE meter_id = %s ORDER BY table_id", (self.meter_id,)).fetchall()
            hits = [Hit(*r) for r in self.db.execute(
                f"SELECT {_HIT_COLUMNS} FROM jackpot_hits WHERE meter_id = %s ORDER BY hit DESC LIMIT %s",
                (self.meter_id, LAST_HITS)).fetchall()]
            pending = self.db.execute("SELECT count(*) FROM jackpot_hits WHERE meter_id = %s AND status = 'pending'",
                                      (self.meter_id,)).fetchone()
        return {"meter_id": self.meter_id, "meter": int(row[0]) if row else None,
                "reseed": int(row[1]) if row else None,
                "pending": bool(pending and pending[0]),
                "tables": [{"table": t, "linked_now": age < TABLE_SILENT_SECONDS, "seconds_since": round(age, 1)}
                           for t, age in tables],
                "hits": [h.to_dict() for h in hits]}

    def audit(self, journals: Sequence[TableJournal] = ()) -> LedgerAudit:
        """The meter against the sum of its ledger and against the ledger replayed entry by entry, and each table
        whose journal is given against that journal, read in one snapshot."""
        with self.db.transaction():
            self.db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            row = self.db.execute("SELECT amount, reseed FROM jackpot_meter WHERE meter_id = %s",
                                  (self.meter_id,)).fetchone()
            changed = self._hits_changed()
            sums = self.db.execute(
                "SELECT coalesce(sum(amount) FILTER (WHERE kind IN ('seed', 'reseed')), 0), "
                "coalesce(sum(amount) FILTER (WHERE kind IN ('contribution', 'reversal')), 0), "
                "coalesce(-sum(amount) FILTER (WHERE kind IN ('payout', 'return')), 0), count(*) "
                "FROM jackpot_ledger WHERE meter_id = %s", (self.meter_id,)).fetchone()
            ledger = self._ledger_rows()
            admins = self._floor_admins()
            hits = self._hits()
            bound = dict(self.db.execute("SELECT table_id, first_hash FROM jackpot_tables WHERE meter_id = %s",
                                         (self.meter_id,)).fetchall())
        assert sums is not None
        meter, reseed = (int(row[0]), int(row[1])) if row else (0, 0)
        problems = replay_problems(ledger, hits, reseed, meter, admins, meter_id=self.meter_id,
                                   staff_key=_staff_public_key()) if row else []
        for journal in journals:
            if journal.table_id not in bound:
                problems.append(f"table {journal.table_id} (journal {journal.path}) is not linked to the meter "
                                f"'{self.meter_id}'")
                continue
            problems += journal_problems(journal, bound[journal.table_id], ledger, hits)
        staff_key = _staff_public_key()
        signed = [r for before, r in zip([None, *ledger], ledger, strict=False) if r.kind == "reseed" and r.actor
                  and signed_by_staff_key(r, before.entry if before else 0, self.meter_id, staff_key)]
        return LedgerAudit(meter, int(sums[0]), int(sums[1]), int(sums[2]), int(sums[3]), changed, tuple(problems),
                           tuple(j.table_id for j in journals), tuple((r.entry, r.amount, r.actor) for r in signed))

    def _ledger_rows(self, after: int = 0) -> list[LedgerRow]:
        return [LedgerRow(*r) for r in self.db.execute(
            "SELECT entry, kind, table_id, round_id, box, amount, meter_after, actor, proof FROM jackpot_ledger "
            "WHERE meter_id = %s AND entry > %s ORDER BY entry", (self.meter_id, after)).fetchall()]

    def _hits(self) -> list[Hit]:
        return [Hit(*r) for r in self.db.execute(
            f"SELECT {_HIT_COLUMNS} FROM jackpot_hits WHERE meter_id = %s ORDER BY hit", (self.meter_id,))]

    def _replay_so_far(self) -> LedgerReplay | None:
        """The ledger replayed as a snapshot of it holds it, read without the meter's lock (the tables settle
        meanwhile): what a confirmation carries on from under the lock. None when there is no meter."""
        with self.db.transaction():
            self.db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            row = self.db.execute("SELECT reseed FROM jackpot_meter WHERE meter_id = %s", (self.meter_id,)).fetchone()
            if row is None:
                return None
            replay = LedgerReplay(int(row[0]), self._floor_admins(), self.meter_id, _staff_public_key())
            replay.feed(self._ledger_rows(), self._hits())
        return replay

    def _replayed(self, replay: LedgerReplay) -> list[str]:
        """Inside a transaction holding the meter's lock: what `audit` finds of the meter without the tables'
        journals (its sums, its hits, its ledger replayed: `replay` carried on over the entries after it), each in
        a sentence; [] when it adds up."""
        row = self.db.execute("SELECT amount FROM jackpot_meter WHERE meter_id = %s", (self.meter_id,)).fetchone()
        assert row is not None
        problems = [f"jackpot hit #{hit}: its amount is not what the ledger paid out for it (the database was changed)"
                    for hit in self._hits_changed()]
        hits = self._hits()
        replay.feed(self._ledger_rows(after=replay.last_entry), hits)
        return problems + replay.finish(hits, int(row[0]))

    def _floor_admins(self) -> list[str]:
        return [name for name, user in self._staff().items() if user.role.value == "admin" and not user.disabled]

    def _staff(self) -> dict[str, User]:
        """The floor's staff as their signed changes make them (controller.floor.staff), never a row's word."""
        from controller.floor.staff import staff_roles
        from controller.table.security.users import AuthError

        try:
            return staff_roles(self.db)
        except AuthError as err:
            raise JackpotRefused(str(err)) from err

    def reseed_by(self, admin: str, chips: int) -> int:
        """An admin of the floor's staff adds `chips` of the house's to the meter (a reseed of the house's own,
        kept in the ledger with the admin's name): the meter's amount after it."""
        if chips <= 0:
            raise JackpotRefused(f"A reseed adds chips to the meter: {chips:,} is not a number of chips to add.")
        key = _staff_signing_key()
        with self.db.transaction():
            amount = self._lock_meter() + chips
            account = self._staff().get(admin)
            if account is None or account.disabled or account.role.value != "admin":
                raise JackpotRefused(f"{admin} is not an admin of this floor: only an admin of the floor's staff "
                                     "reseeds the jackpot.")
            last = self.db.execute("SELECT coalesce(max(entry), 0) FROM jackpot_ledger WHERE meter_id = %s",
                                   (self.meter_id,)).fetchone()
            after_entry = int(last[0]) if last else 0
            proof = base64.b64encode(key.sign(reseed_message(self.meter_id, after_entry, chips, amount, admin)))
            self.db.execute("INSERT INTO jackpot_ledger (meter_id, kind, amount, meter_after, actor, proof) "
                            "VALUES (%s, 'reseed', %s, %s, %s, %s)",
                            (self.meter_id, chips, amount, admin, proof.decode()))
            self.db.execute("UPDATE jackpot_meter SET amount = %s, updated_at = now() WHERE meter_id = %s",
                            (amount, self.meter_id))
            self._notify()
        return amount

    def _hits_changed(self, hit: int | None = None) -> tuple[int, ...]:
        """The hits (all, or `hit`) whose amount is not their share of the meter at the hit, or not what the
        ledger paid out for them when they were committed: a hit's row edited in the database."""
        rows = self.db.execute(
            "SELECT h.hit, h.meter_at_hit, h.share_pct, h.amount, l.amount FROM jackpot_hits h LEFT JOIN "
            "jackpot_ledger l ON l.meter_id = h.meter_id AND l.kind = 'payout' AND l.table_id = h.table_id AND "
            "l.round_id = h.round_id AND l.box = h.box WHERE h.meter_id = %s AND (%s::bigint IS NULL OR h.hit = %s) "
            "ORDER BY h.hit", (self.meter_id, hit, hit)).fetchall()
        return tuple(int(number) for number, meter, share_pct, amount, paid_out in rows
                     if amount != share_of(meter, share_pct) or paid_out != -amount)

    # ------------------------------------------------------------------------------------------ inside
    def _lock_meter(self) -> int:
        row = self.db.execute("SELECT amount FROM jackpot_meter WHERE meter_id = %s FOR UPDATE",
                              (self.meter_id,)).fetchone()
        if row is None:
            raise JackpotRefused(f"The jackpot meter '{self.meter_id}' does not exist yet: a table with a [jackpot] "
                                 "section in its rules makes it when it links.")
        return int(row[0])

    def _has_seed(self) -> bool:
        return self.db.execute("SELECT 1 FROM jackpot_ledger WHERE meter_id = %s AND kind = 'seed'",
                               (self.meter_id,)).fetchone() is not None

    def _ledger(self, kind: str, table_id: str, round_id: str, box: int, amount: int, after: int) -> None:
        self.db.execute("INSERT INTO jackpot_ledger (meter_id, kind, table_id, round_id, box, amount, meter_after) "
                        "VALUES (%s, %s, %s, %s, %s, %s, %s)", (self.meter_id, kind, table_id, round_id, box, amount,
                                                                after))

    def _notify(self) -> None:
        self.db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, self.meter_id))


def listen_connection(url: str) -> psycopg.Connection[tuple[Any, ...]]:
    """A connection that hears every change of the jackpot (LISTEN on its channel)."""
    db = connect(url, autocommit=True)
    db.execute(f"LISTEN {CHANNEL}")
    return db


def _staff_public_key() -> PublicKey | None:
    """The floor's staff key as this machine pins it (what an admin's reseed is checked against), or None."""
    from controller.floor.staff import pinned_key
    from controller.table.security.users import AuthError

    try:
        return pinned_key()
    except AuthError:
        return None


def _staff_signing_key() -> SigningKey:
    """The floor's staff key on this machine, the admin's: what signs a reseed of the house's own."""
    from controller.floor.staff import STAFF_KEY_ENV, pinned_key, staff_key_path
    from controller.table.security.signing import SigningKey, SigningKeyError
    from controller.table.security.users import AuthError

    path = staff_key_path()
    if not path.exists():
        raise JackpotRefused(f"A reseed is signed with the floor's staff key, which is not on this machine ({path}): "
                             "reseed on the admin's machine, where the floor's first admin was made, or name the key "
                             f"with {STAFF_KEY_ENV}.")
    try:
        key = SigningKey.load(path)
        pinned = pinned_key()
    except (SigningKeyError, AuthError) as err:
        raise JackpotRefused(f"The floor's staff key cannot be used: {err}") from err
    if pinned is not None and key.public != pinned:
        raise JackpotRefused(f"The staff key {path} is not the floor's staff key pinned on this machine (key "
                             f"{pinned.key_id}): a reseed is signed only with the key that made the floor's first "
                             "admin.")
    return key
