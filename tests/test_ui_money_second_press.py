"""Money a box cannot have back takes a second press (the console's two-step, as for a bet or a fold): taking the
ante and insurance acted on one press, so a dealer who pressed A twice, as for B, F, S or X, took the ante of the
next box as well, and an insurance typed for the wrong box could not be caught."""

from console_kit import deal_all, journaled, load_deal, make_console, no_leaks, press_twice  # noqa: F401

from controller.engine import Phase


def test_r_buy_1_taking_the_ante_takes_a_second_press_and_a_double_press_takes_one_box_only(make_console,  # noqa: F811
                                                                                          qtbot) -> None:
    window = make_console("classic")
    # three boxes with three of a kind each; the dealer 2 4 6 8 10: no game
    load_deal(window, "AS KS QS 2C AD KD QD 4D AH KH QH 6H 3C 3D 3H 8S 5C 5D 7C TC")
    for box in (1, 2, 3):
        window.bet_panel.fill(box, 100)
    window.place_stakes()
    deal_all(window, qtbot)
    for _box in (1, 2, 3):
        press_twice(window.actions_panel.buttons["bet"])
    window.actions_panel.buttons["reveal"].click()
    state = window.controller.round
    assert state is not None and state.phase is Phase.BUYING, window.next_action.text()
    button = window.actions_panel.buttons["take_ante"]
    button.click()
    assert not journaled(window, "AnteTaken"), "one press only arms it"
    assert "takes the ante?" in window.message.text() or "takes the ante?" in button.text()
    button.click()
    assert len(journaled(window, "AnteTaken")) == 1
    button.click()  # the dealer's habit: a third press arms the next box's, it does not take it
    assert len(journaled(window, "AnteTaken")) == 1


def test_r_act_6_insurance_takes_a_second_press(make_console, qtbot) -> None:  # noqa: F811
    window = make_console("classic")
    load_deal(window, "AS 2C AD 3C AH 4C 8S 5D 9C JD")  # box 1: three aces
    window.bet_panel.fill(1, 100)
    window.place_stakes()
    deal_all(window, qtbot)
    window.actions_panel.insurance.set_value(100)
    window.insurance.insure()
    assert not journaled(window, "InsurancePlaced"), "one press only arms it"
    assert "Insure box 1 for 100?" in window.message.text()
    window.insurance.insure()
    assert [e.payload["amount"] for e in journaled(window, "InsurancePlaced")] == [100]


def test_r_bet_1_an_ante_refused_after_a_round_keeps_the_stakes_form_and_the_amount(make_console,  # noqa: F811
                                                                                   qtbot) -> None:
    """After a round's payments and N, an ante over the table's limit was refused with the right words, but the
    screen went back to the last round's cards and payments ("Round over: next round") and the amount was gone:
    the dealer had to press N again and type it again. The form stays, with what was typed."""
    from console_kit import focus, tap, type_keys

    window = make_console("classic")
    focus(window, qtbot)
    load_deal(window, "AS 2C AD 3C AH 4C 8S 5D 9C JD")
    window.bet_panel.fill(1, 100)
    window.place_stakes()
    deal_all(window, qtbot)
    press_twice(window.actions_panel.buttons["fold"])
    window.actions_panel.buttons["reveal"].click()
    assert window.mode() == "payments", window.next_action.text()
    for button in list(window.payment_panel.paid_buttons.values()):
        press_twice(button)
    window.next_round()
    assert window.mode() == "betting"
    field = window.bet_panel.editor(1).ante
    tap(qtbot, field)
    type_keys(qtbot, window, "20000\n")
    assert "outside the table's limits" in window.message.text()
    assert window.mode() == "betting" and field.text() == "20000"
