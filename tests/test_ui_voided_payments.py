"""ARCH-FAULTS, a voided round on the payment list: every box takes its stakes back, and the list says how much
("Return 100"); a box a pit boss adjusted after the void is returned its stakes and paid the adjustment ("Return
90, pay 50"), and its box on the layout says the same net. The list used to say "Return the stakes" with no amount,
"Pay 50" for the adjusted box, while the box said "void 0"."""

from __future__ import annotations

from console_kit import (
    deal_all,
    focus,
    load_deal,
    logged_in_dialog,
    make_console,  # noqa: F401 - a fixture used below
    pit_boss,
    press_twice,
)


def test_arch_faults_a_voided_round_returns_each_box_its_stakes_by_amount(make_console, qtbot,  # noqa: F811
                                                                          tmp_path) -> None:
    pit_boss(tmp_path)
    window = make_console("four-seat")
    focus(window, qtbot)
    load_deal(window, "AS 2C KD 3C 7H 4C 8S 5D 9C 6D JH QH QS TS 9H")
    window.bet_panel.fill(1, 100)
    window.bet_panel.fill(2, 90)
    window.place_stakes()
    deal_all(window, qtbot)
    dialog = logged_in_dialog(window)
    dialog.reason.setText("misdeal: the shoe was loaded wrong")
    press_twice(dialog.void_button)
    assert window.mode() == "payments", dialog.feedback.text()
    dialog.reason.setText("box 2 was promised 50 for the trouble")
    dialog.adjust_box.setValue(2)
    dialog.adjust_amount.setValue(50)
    press_twice(dialog.adjust_button)
    dialog.deleteLater()
    window.refresh()
    rows = {int(what.objectName().rsplit("_", 1)[1]): (what.text(), due.text())
            for what, due, _button in window.payment_panel.rows if what.isVisible()}
    assert rows[1][1] == "Return 100", rows
    assert rows[2][1] == "Return 90, pay 50", rows
    assert window.next_action.text() == "Box 1: return the stakes, 100"
    assert window.box_panels[1].state_line.text().endswith("+50")
    assert window.box_panels[0].state_line.text().endswith("0")


def test_r_act_6_insurance_the_rules_return_is_on_the_payment_line(make_console, qtbot) -> None:  # noqa: F811
    """Progressive returns insurance when the dealer wins: the box's payment line says so with its amount, so the
    dealer hands the chips back (the line named only the lost ante and bet)."""
    window = make_console("progressive")
    focus(window, qtbot)
    load_deal(window, "AS 2C AD 3C AH 4C 8S 5D 9C 6D")  # box 1: three aces; the dealer: a straight to the six
    window.bet_panel.fill(1, 100)
    window.place_stakes()
    deal_all(window, qtbot)
    window.actions_panel.insurance.set_value(100)
    window.insurance.insure()
    window.insurance.insure()  # money the box cannot have back: a second press
    press_twice(window.actions_panel.buttons["bet"])
    window.actions_panel.buttons["reveal"].click()
    state = window.controller.round
    assert state is not None and state.boxes[1].insurance == 100, window.message.text()
    assert window.mode() == "payments", window.next_action.text()
    what = window.payment_panel.rows[0][0].text()
    assert "insurance returned 100" in what, what


def test_r_act_8_insurance_above_the_hands_limit_comes_back_on_the_payment_line(make_console, qtbot  # noqa: F811
                                                                                 ) -> None:
    """Classic, three aces with ante 100 may insure up to 300 (half of 600); the dealer, who does not see the
    hand, takes the 500 asked. The dealer does not qualify: the payment line pays 300 of insurance and says the
    other 200 goes back, and the total paid is the ante's 100 and the 300 over the stakes."""
    window = make_console("classic")
    focus(window, qtbot)
    load_deal(window, "AS 2C AD 3C AH 4C 8S 5D 9C JD")  # box 1: three aces; the dealer: no game
    window.bet_panel.fill(1, 100)
    window.place_stakes()
    deal_all(window, qtbot)
    window.actions_panel.insurance.set_value(500)
    window.insurance.insure()
    window.insurance.insure()  # money the box cannot have back: a second press
    press_twice(window.actions_panel.buttons["bet"])
    window.actions_panel.buttons["reveal"].click()
    assert window.mode() == "payments", window.next_action.text()
    what = window.payment_panel.rows[0][0].text()
    assert "insurance +300" in what and "insurance returned 200" in what, what
