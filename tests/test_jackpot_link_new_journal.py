"""A table's jackpot link started beside a journal its table is making at that moment: the file is there, its
tables not yet. The link took that moment for a wrong file ("not an rptable journal"), closed jackpot betting and
missed the stakes and the royal of the rounds that followed (a busy machine made the moment long). It waits for the
journal instead; a file that holds something else is still refused."""

import pytest
from floor_kit import needs_postgres, wait_for
from jackpot_kit import ROYAL_FOR_BOX_1, deal_round, jackpot_rules
from tables import acknowledged

from controller.floor.jackpot_link import JackpotLink
from controller.table.controller import TableController
from controller.table.journal import Journal, JournalError, JournalNotMade

pytest_plugins = ["floor_kit"]


def test_a_journal_file_without_its_tables_yet_is_told_apart_from_a_damaged_one(tmp_path):
    empty = tmp_path / "T1.journal"
    empty.write_bytes(b"")
    with pytest.raises(JournalNotMade, match="not an rptable journal"):
        Journal(empty, "T1", readonly=True)
    text = tmp_path / "notes.journal"
    text.write_text("these are not a table's events\n" * 200)
    with pytest.raises(JournalError) as refused:
        Journal(text, "T1", readonly=True)
    assert not isinstance(refused.value, JournalNotMade)


@needs_postgres
def test_r_jackpot_link_waits_for_a_journal_its_table_is_making_and_takes_the_royal_that_follows(database,
                                                                                                  tmp_path):
    path = tmp_path / "T1.journal"
    path.write_bytes(b"")  # the table has made the file and not yet its tables
    link = JackpotLink(path, "T1", database, jackpot_rules().jackpot).start()
    try:
        assert link.wait_reachable(10)
        assert link.state.reachable and "journal" not in link.state.problem
        controller = acknowledged(TableController(Journal(path, "T1"), jackpot_rules()))
        controller.add_listener(link.wake)
        deal_round(controller, ROYAL_FOR_BOX_1)
        wait_for(lambda: link.state.pending, timeout=10)  # the royal reached the meter and waits for a pit boss
        assert link.state.reachable
    finally:
        link.stop()
