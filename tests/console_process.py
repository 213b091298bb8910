"""The real console in a process of its own, for the tests that kill it: `python console_process.py JOURNAL
USERS --rounds N --paid K` opens the console window (offscreen) on the table's journal with the simulated shoe,
plays N more rounds through its buttons, presses Space K times on the last round's payment list (each confirms the
next box), prints "ready" with what it left, and waits in the Qt event loop to be killed."""

from __future__ import annotations

import argparse
import json
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import hwsim.schemes  # noqa: F401  (the simulated shoe and camera: sim://, camera+sim://)
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.rule_files import load_preset
from controller.table.security.users import Role, User
from drivers.base import open_source
from ui.autopilot import Autopilot
from ui.main_window import ConsoleWindow


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("journal")
    parser.add_argument("users")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--paid", type=int, default=0, help="Space presses on the last round's payment list")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    app = QApplication(sys.argv[:1])
    journal = Journal(args.journal)
    controller = TableController(journal, None if journal.last_seq else load_preset("classic"))
    if not controller.edge_guard.acknowledged:  # as tables.acknowledged does, without its import of pytest (~0.4 s)
        controller.edge_guard.acknowledge(User("root", Role.ADMIN), "a table of the test suite")
    window = ConsoleWindow(controller, open_source(f"sim://?seed={args.seed}&rate=0"), users_path=args.users,
                           pack_seed=args.seed)
    window.show()
    window.activateWindow()
    while QApplication.activeWindow() is not window:  # the keys go to the window that has the keyboard
        app.processEvents()
    pilot = Autopilot(window, ante=100, boxes=4)
    pilot.play_rounds(args.rounds, confirm_last=False)
    for _ in range(args.paid):
        QTest.keyClick(window, Qt.Key.Key_Space)  # asks "Paid box 2: 100?"
        QTest.keyClick(window, Qt.Key.Key_Space)  # confirms
    record = controller.round_record
    assert record is not None
    confirmed = sorted(record.confirmed)
    print(json.dumps({"ready": True, "round": record.round_id, "boxes": [b.box for b in record.boxes],
                      "confirmed": confirmed}), flush=True)
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(main())
