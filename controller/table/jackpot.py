"""The table's side of the linked jackpot: the hits its journal holds, and the pit boss's verdicts on them.

The meter on the floor (controller.floor.jackpot_meter) fixes a hit's payment; the table journals what became of
each of its own hits (R-JACKPOT-3), once, whoever asked first (the console, the floor's link, a terminal). Kept
apart from the table controller so the jackpot's rules about a hit read in one place.
"""

from __future__ import annotations

from typing import Protocol

from controller.engine import IllegalCommand
from controller.table import table_events
from controller.table.jackpot_hits import TableHit, table_hits
from controller.table.journal import Journal, JournalEntry
from controller.table.journaling import JournalingTable
from controller.table.security.users import Role, User, name_in
from controller.table.staff import TableStaff


class JackpotTable(JournalingTable, Protocol):
    """What the jackpot reads of the table and writes to its journal."""

    journal: Journal
    staff: TableStaff

    @property
    def table_id(self) -> str: ...


class TableJackpot:
    """The jackpot hits of one table and what became of them (`table.jackpot`)."""

    def __init__(self, table: JackpotTable) -> None:
        self._table = table
        self._hits: list[TableHit] | None = None  # read from the journal when first asked for

    @property
    def hits(self) -> list[TableHit]:
        """Every jackpot hit journaled at this table, oldest first, with what became of it (read once, then
        again only when a jackpot entry is journaled)."""
        if self._hits is None:
            self._hits = table_hits(self._table.journal.jackpot_entries())
        return self._hits

    def forget(self) -> None:
        """Read the hits from the journal again when next asked (a jackpot entry was journaled, or the table was
        rebuilt from its journal)."""
        self._hits = None

    def hit(self, round_id: str, box: int) -> TableHit:
        """The box's hit in that round; IllegalCommand when the journal holds none."""
        hit = next((h for h in self.hits if (h.round_id, h.box) == (round_id, box)), None)
        if hit is None:
            raise IllegalCommand(f"Round {round_id} box {box} made no jackpot hit at table {self._table.table_id}.",
                                 "R-JACKPOT-3")
        return hit

    def paid(self, round_id: str, box: int) -> table_events.JackpotPaid | None:
        """The journaled payment of a box's jackpot hit, if it was paid."""
        return next((h.paid for h in self.hits if (h.round_id, h.box) == (round_id, box)), None)

    def record_paid(self, round_id: str, box: int, hit: int, amount: int, by: User) -> list[JournalEntry]:
        """R-JACKPOT-3: a pit boss verified a box's jackpot hit at the table and the meter fixed its payment:
        journaled once (a confirmation repeated after a lost answer finds it there and adds nothing)."""
        table = self._table
        if not by.may(Role.PIT_BOSS) or not table.staff.holds(by, Role.PIT_BOSS):
            raise IllegalCommand(f"{by.name} may not confirm a jackpot: a pit boss must log in.", "R-JACKPOT-3")
        table._require_writable()
        held = self.hit(round_id, box)
        if held.paid is not None:
            return []
        _refuse_unless_waiting(held)
        table._record(table_events.JackpotPaid(round_id, box, hit, amount, by.label), actor=by.label)
        return table.flush()

    def record_rejected(self, round_id: str, box: int, hit: int, by: User, reason: str) -> list[JournalEntry]:
        """R-JACKPOT-3: a pit boss found at the table that the box's hand is not the hit the shoe read: the hit is
        not paid (`hit`: its number on the meter, 0 when the meter does not have it yet). Journaled once."""
        table = self._table
        table.staff.require_pit_boss(by, reason)
        table._require_writable()
        held = self.hit(round_id, box)
        if held.rejected is not None:
            return []
        _refuse_unless_waiting(held)
        table._record(table_events.JackpotRejected(round_id, box, hit, by.label, reason), actor=by.label)
        return table.flush()

    def record_decided(self, round_id: str, box: int, hit: int, actor: str, decided_at: float, *,
                       amount: int | None = None, reason: str = "") -> list[JournalEntry]:
        """R-JACKPOT-3: a pit boss decided the box's hit on the meter away from this table (at the pit, or at a
        terminal while the table ran): paid (`amount`), or else rejected (`reason`). The meter checked the pit
        boss's floor account under its lock when the decision was made, so the table journals it as the meter
        holds it (`actor` a pit boss's label, `decided_at` the meter's time), once: a hit the journal holds as
        decided or voided already adds nothing."""
        table = self._table
        if not actor.startswith(("pit_boss:", "admin:")) or (amount is None and not reason.strip()):
            raise IllegalCommand(f"{actor} may not decide a jackpot: a pit boss's decision, with a reason for a "
                                 "rejection, is journaled.", "R-JACKPOT-3")
        table._require_writable()
        held = self.hit(round_id, box)
        if not held.waiting:
            return []
        event: table_events.TableEvent = table_events.JackpotRejected(round_id, box, hit, actor, reason, decided_at) \
            if amount is None else table_events.JackpotPaid(round_id, box, hit, amount, actor, decided_at)
        table._record(event, actor=actor)
        return table.flush()


def _refuse_unless_waiting(held: TableHit) -> None:
    if held.paid is not None:
        raise IllegalCommand(f"Box {held.box}'s jackpot hit in round {held.round_id} was paid already, confirmed "
                             f"by {name_in(held.paid.actor)}.", "R-JACKPOT-3")
    if held.rejected is not None:
        raise IllegalCommand(f"Box {held.box}'s jackpot hit in round {held.round_id} was rejected by "
                             f"{name_in(held.rejected.actor)}: {held.rejected.reason}", "R-JACKPOT-3")
    if held.voided:
        raise IllegalCommand(f"Round {held.round_id} was voided: box {held.box}'s jackpot hit went with it.",
                             "R-JACKPOT-3")
