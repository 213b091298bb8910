"""An amount is never broken across lines: Russian groups its thousands with a no-break space ("1 700"), and a
payment line wrapped at it read "Выплата: 1" on one line and "700" on the next at 1024x768; a dealer reads the
first line."""

from ui.fit import fitted_lines


def test_a_russian_amount_grouped_with_a_no_break_space_stays_on_one_line(qapp) -> None:
    text = "Выплата: 1\xa0700 — подтвердите выплату"
    for width in range(60, 400, 10):
        _, lines = fitted_lines(text, "DejaVu Sans", True, 18, width, 200, 4)
        assert not any(line.endswith(" 1") or line == "1" or line.startswith("700") for line in lines), (width, lines)
        assert any("1\xa0700" in line for line in lines) or any(line.endswith("…") for line in lines), (width, lines)
