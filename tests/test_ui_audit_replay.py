"""The console's audit view (docs/journal.md "Faults": every override is journaled with who and why): a round's
replay shows a pit boss's adjustment as a step, and the round list shows the same house net as the report."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication
from tables import acknowledged

from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.pump import CardPump
from controller.table.qa.autoplay import play_rounds
from controller.table.rule_files import load_preset
from controller.table.security.users import Role, User
from drivers.base import open_source
from ui.audit_view import AuditDialog
from ui.format import signed_amount

BORIS = User("boris", Role.PIT_BOSS)


def test_audit_view_replays_an_adjustment_as_a_step_of_the_round_it_adjusts(tmp_path: Path, qapp: QApplication
                                                                           ) -> None:
    widgets_before = QApplication.topLevelWidgets()  # an earlier test's may be deleted meanwhile: not counted
    with Journal(tmp_path / "T1.journal") as journal:
        table = acknowledged(TableController(journal, load_preset("classic")))
        pump = CardPump(open_source("sim://?seed=6&rate=0&clock=virtual"), table, pack_seed=6)
        play_rounds(table, pump, 2, boxes=2, ante=10)
        first = table.round_record
        box = first.boxes[0]
        table.overrides.adjust_payment(first.round_id, box.box, 50, BORIS, "chips miscounted")
        play_rounds(table, pump, 3, boxes=2, ante=10)
        pump.source.close()
        dialog = AuditDialog.of_table(table)
        try:
            assert dialog.wait_loaded()
            row = next(i for i, r in enumerate(dialog.rounds) if r.round_id == first.round_id)
            assert dialog.round_list.text(row, 4) == signed_amount(dialog.rounds[row].house_net)
            assert dialog.rounds[row].house_net == first.settled_house_net - 50
            dialog.select_round(row)
            last = dialog.steps.item(dialog.steps.count() - 1).text()
            assert "payment adjusted" in last and "+50" in last  # in words, not the event's name
            dialog.steps.setCurrentRow(dialog.steps.count() - 1)
            settled_line = dialog.step_state.text().split(f"Box {box.box}:")[1].splitlines()[1]
            assert f"{signed_amount(box.settlement.net + 50)}" in settled_line  # the net, the adjustment included
            assert f"adjustment {signed_amount(50)}" in settled_line
            dialog.steps.setCurrentRow(dialog.steps.count() - 2)  # the round as it closed, before the adjustment
            assert "adjustment" not in dialog.step_state.text()
        finally:
            dialog.deleteLater()
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    left = [w for w in QApplication.topLevelWidgets() if not any(w is b for b in widgets_before)]
    assert not left  # no widget of this test left behind for later tests
