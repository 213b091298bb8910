"""The operator's guard at a table: no round opens on house rules that favour a skilled player, or were never
measured, until an admin has acknowledged their edge (ARCH-STAFF), journaled with what was shown, who and why.

Kept apart from the table controller, which only asks it before a round opens (`table.edge_guard`); the console's
staff desk, `rptable rules acknowledge` and the simulated sessions ask and acknowledge through it.
"""

from __future__ import annotations

from typing import Protocol

from controller.core.rules import HouseRules, rules_digest
from controller.engine import IllegalCommand
from controller.measured.house_edges import EdgeStatus
from controller.measured.operator_guard import rules_edge
from controller.table import table_events
from controller.table.history import TableHistory
from controller.table.journal import Journal, JournalEntry
from controller.table.journaling import JournalingTable
from controller.table.security.users import Role, User
from controller.table.table_locked import TableLocked


class GuardedTable(JournalingTable, Protocol):
    """What the guard reads of the table and writes to its journal."""

    history: TableHistory
    journal: Journal

    @property
    def table_id(self) -> str: ...

    @property
    def rules(self) -> HouseRules | None: ...


class EdgeGuard:
    """The house edge of the rules in play, and whether an admin let rounds open on it."""

    def __init__(self, table: GuardedTable) -> None:
        self._table = table

    @property
    def status(self) -> EdgeStatus:
        """The house edge of the rules in play, for the operator: what it says and its words."""
        assert self._table.rules is not None
        return rules_edge(self._table.rules)

    @property
    def acknowledged(self) -> bool:
        """Whether rounds may open on the rules in play as far as their edge goes: the house keeps an edge, or an
        admin acknowledged it."""
        status = self.status
        return not status.needs_acknowledgement or status.play_sha256 in self._table.history.edges_acknowledged

    @property
    def acknowledged_by(self) -> str | None:
        """The admin who acknowledged the edge of the rules in play, where one did."""
        rules = self._table.rules
        assert rules is not None
        return self._table.history.edges_acknowledged.get(rules_digest(rules, play_only=True))

    def acknowledge(self, by: User, reason: str) -> list[JournalEntry]:
        """An admin acknowledges that the rules in play favour a skilled player, or were never measured, so that
        rounds may open on them; journaled with what was shown, who and why."""
        if not by.may(Role.ADMIN):
            raise IllegalCommand(f"{by.name} may not do this: an admin must acknowledge the house rules' edge.",
                                 "ARCH-FAULTS")
        if not reason.strip():
            raise IllegalCommand("The acknowledgement needs a reason; it is journaled with your name.", "ARCH-FAULTS")
        status = self.status
        if self.acknowledged:
            raise IllegalCommand(f"Nothing to acknowledge: {status.words()}", "ARCH-FAULTS")
        self._table._record(table_events.RulesEdgeAcknowledged(status.play_sha256, str(status.finding),
                                                               status.words(), by.label, reason), actor=by.label)
        return self._table.flush()

    def require_acknowledged(self) -> None:
        """TableLocked, saying who may acknowledge and how, while no round may open on the rules in play."""
        if not self.acknowledged:
            table = self._table
            raise TableLocked(f"{self.status.words()} No round opens until then: an admin acknowledges it in the "
                              f"console (Staff [F7]), or with the console closed runs `rptable rules acknowledge "
                              f"--journal {table.journal.path} --table {table.table_id} --admin NAME --reason WHY` "
                              f"(and --db URL for a table on the floor).")
