"""A round still in play in the audit: the round list (`rptable audit rounds`, the console's audit at F3) shows
the boxes staked and what they have wagered so far, and no house net until it closes. It showed "0 boxes, 0
wagered" while the chips lay on the layout."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from cli_kit import rptable_in_shell
from tables import acknowledged

from controller.engine import Bet, CloseBets, Phase, PlaceStakes
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.pump import CardPump
from controller.table.qa.autoplay import play_rounds
from controller.table.rule_files import load_preset
from drivers.base import open_source


def table_with_a_round_in_play(path: Path) -> TableController:
    """One round played, then a second with boxes 1 and 3 staked (antes 20 and 30, box 1 a bonus of 5), dealt,
    and box 1 betting (2 antes): 20 + 5 + 40 + 30 = 95 on the layout so far."""
    controller = acknowledged(TableController(Journal(path), load_preset("four-seat")))
    source = open_source("sim://?seed=3&rate=0&clock=virtual")
    pump = CardPump(source, controller, pack_seed=3)
    play_rounds(controller, pump, 1, boxes=2, ante=10)
    pump.load_fresh_pack()
    controller.submit(PlaceStakes(1, 20, bonus=5))
    controller.submit(PlaceStakes(3, 30))
    controller.submit(CloseBets())
    while (state := controller.round) is not None and state.phase is Phase.DEALING:
        pump.take_card(len(state.deal_plan) - state.deal_index)
    controller.submit(Bet(1))
    source.close()
    return controller


def test_audit_rounds_shows_the_boxes_and_wagers_so_far_of_a_round_in_play(tmp_path: Path) -> None:
    path = tmp_path / "T1.journal"
    table_with_a_round_in_play(path).journal.close()
    listed = rptable_in_shell("audit", "--journal", str(path), "rounds")
    assert listed.returncode == 0, listed.stderr
    in_play = [line for line in listed.stdout.splitlines() if line.endswith("in play")]
    assert len(in_play) == 1, listed.stdout
    assert in_play[0].split()[3:6] == ["2", "95", "—"], in_play[0]
    as_json = rptable_in_shell("audit", "--journal", str(path), "rounds", "--json")
    last = json.loads(as_json.stdout)[-1]
    assert (last["complete"], last["box_count"], last["wagered"]) == (False, 2, 95)


def test_audit_the_consoles_round_list_shows_the_boxes_and_wagers_so_far_of_a_round_in_play(tmp_path: Path,
                                                                                             qtbot) -> None:
    from ui.audit_view import AuditDialog
    from ui.format import amount

    controller = table_with_a_round_in_play(tmp_path / "T1.journal")
    try:
        dialog = AuditDialog.of_table(controller, None, background=False)
        qtbot.waitUntil(lambda: dialog.round_list.rowCount() == 2, timeout=5000)
        row = [dialog.round_list.text(1, column) for column in range(6)]
        assert row[2:6] == ["2", amount(95), "—", "in play"], row
        dialog.close()
        dialog.deleteLater()
    finally:
        controller.journal.close()
