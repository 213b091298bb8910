"""The shift report counts the jackpot's chips at the table (R-JACKPOT-2/3): its stakes in the drop, what the
table paid from it (a fixed award, a hit a pit boss confirmed) in the house win, a voided round's left out, and
the same figures by box, by dealer and on the jackpot's own line; from one reading of the journal, by the library
and by `rptable audit --journal J report`."""

from jackpot_kit import NOTHING, ROYAL_FOR_BOX_1, deal_round, jackpot_rules
from tables import acknowledged

from controller.engine import CardDealt, CloseBets, PlaceJackpotStake, PlaceStakes, legal_commands
from controller.table.audit.shift_report import build_report, report_csv
from controller.table.controller import TableController
from controller.table.history import TableHistory
from controller.table.journal import Journal
from controller.table.security.users import Role, User
from drivers.cards import parse_card
from ui.cli import main

IVAN = User("ivan", Role.PIT_BOSS)
# Box 1 a flush (a fixed 500 from the jackpot), box 2 nothing; the deal of R-DEAL-1 over boxes 1, 2, the dealer.
FLUSH_FOR_BOX_1 = "2H 2C 3D 5H 4D 5D 8H 6C 7D JH 8S 9D KH 9C JD".split()


def finish(controller):
    """Every box folds; the dealer shows his hand and the round closes; every payment confirmed."""
    while controller.round_open:
        legal = {a.kind.value: a for a in legal_commands(controller.round)}
        kind = next(k for k in ("fold", "reveal", "take_ante", "close_buying") if k in legal)
        controller.submit(legal[kind].command())
    for box in (1, 2):
        controller.confirm_payment(box)


def played_shift(path):
    """Four rounds of two boxes, ante 10 and the jackpot stake 10 each: nothing; a flush on box 1 (500 from the
    jackpot); a royal on box 1 confirmed for 100,002; a royal voided after the deal."""
    journal = Journal(path, "T1")
    controller = acknowledged(TableController(journal, jackpot_rules()))
    deal_round(controller, NOTHING)
    finish(controller)
    deal_round(controller, FLUSH_FOR_BOX_1)
    finish(controller)
    royal = deal_round(controller, ROYAL_FOR_BOX_1)
    finish(controller)
    controller.jackpot.record_paid(royal, 1, 1, 100_002, IVAN)
    for box in (1, 2):
        controller.submit(PlaceStakes(box, 10))
        controller.submit(PlaceJackpotStake(box))
    controller.submit(CloseBets())
    for code in ROYAL_FOR_BOX_1:
        controller.submit(CardDealt(parse_card(code)))
    controller.overrides.void_round(IVAN, "misdeal")
    journal.close()


def test_r_jackpot_3_the_shift_report_counts_jackpot_stakes_and_payments(tmp_path):
    played_shift(tmp_path / "T1.journal")
    journal = Journal(tmp_path / "T1.journal", "T1", readonly=True)
    try:
        history = TableHistory.read(journal.entries())
    finally:
        journal.close()
    report = build_report("T1", history.rounds)
    assert (report.jackpot_stakes, report.jackpot_paid) == (60, 100_502)  # the voided round's 20 went back
    # the antes: 2 boxes x 3 rounds x 10, every box folded (the house keeps 60)
    assert report.total.drop == 60 + 60 and report.total.win == 60 + 60 - 100_502
    assert report.by_box[1].win == 30 + 30 - 100_502 and report.by_box[2].drop == 30 + 30
    [dealer] = report.by_dealer.values()
    assert (dealer.drop, dealer.win) == (report.total.drop, report.total.win)
    assert "jackpot,T1,,,60,-100442" in report_csv(report)


def test_rptable_audit_report_says_the_jackpots_line(tmp_path, pit_boss_login, capsys):
    played_shift(tmp_path / "T1.journal")
    capsys.readouterr()
    assert main(["audit", "--journal", str(tmp_path / "T1.journal"), "report", "--out", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "drop 120, house win -100,382" in out
    assert "jackpot: stakes 60, paid 100,502, house -100,442 (in the drop and the house win)" in out
    assert "jackpot: stakes 60" in (tmp_path / "out" / "report.html").read_text()
