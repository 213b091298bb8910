"""How tests/test_docs.py reads a page's console blocks (tests/doc_blocks.py), on small pages."""

from pathlib import Path

from doc_blocks import Command, blocks, matches, output_lines

PAGE = Path("docs/page.md")


def read(text):
    return blocks(PAGE, text)


def test_a_command_takes_the_lines_after_it_as_its_output_up_to_the_next_command():
    (block,) = read("Intro\n\n```console\n$ rptable hand AS KD\nline one   \nline two\n$ rptable rules list\n```\n")
    assert block.line == 3 and block.problem is None and block.illustrative is None
    assert block.commands == (Command(4, "rptable hand AS KD", ("line one", "line two")),
                              Command(7, "rptable rules list", ()))
    assert block.commands[0].checks_output and not block.commands[1].checks_output


def test_a_line_ending_in_a_backslash_continues_the_command_and_the_command_keeps_its_first_line():
    (block,) = read("```console\n$ rptable simulate --rounds 2 \\\n      --seed 1\nout\n$ true\n```\n")
    assert block.commands[0] == Command(2, "rptable simulate --rounds 2 \\\n      --seed 1", ("out",))
    assert block.commands[1].line == 5


def test_only_console_blocks_are_run_and_other_fences_are_text():
    text = "```sh\nmake run\n```\n\n```toml\n$ x = 1\n```\n\n````console\n$ echo ```\n```\n````\n"
    (block,) = read(text)
    assert block.line == 9 and block.commands == (Command(10, "echo ```", ("```",)),)


def test_a_shell_block_with_prompts_is_a_console_block_mistagged():
    (sh, untagged) = read("```sh\n$ rptable rules list\n```\n```\n$ rptable hand AS\n```\n")
    assert (sh.line, untagged.line) == (1, 4) and not sh.commands
    assert "tagged `sh`, not `console`" in sh.problem and "untagged, not `console`" in untagged.problem


def test_an_illustrative_block_is_not_run_and_says_why():
    (block,) = read("```console\n# illustrative: needs a real shoe on /dev/ttyUSB0\n$ rptable shoe-test x\n```\n")
    assert block.illustrative == "needs a real shoe on /dev/ttyUSB0" and block.commands == ()


def test_a_block_neither_runnable_nor_marked_names_its_line_and_why():
    text = ("```console\n# three tables\n$ rptable pit\n```\n"
            "```console\nterminal 1$ rptable shoe-sim\n```\n"
            "```console\n# illustrative:\n```\n"
            "```console\n$ rptable simulate \\\n```\n"
            "```console\n\n```\n"
            "```console\n$ rptable hand AS\n")
    found = read(text)
    assert [(b.line, bool(b.problem)) for b in found] == [(1, True), (5, True), (8, True), (11, True), (14, True),
                                                          (17, True)]
    assert "line 2 comes before any command" in found[0].problem and "illustrative" in found[0].problem
    assert "'terminal 1$ rptable shoe-sim'" in found[1].problem
    assert "no reason" in found[2].problem
    assert "line 12 ends in ` \\`" in found[3].problem
    assert "empty" in found[4].problem
    assert "never closed" in found[5].problem
    assert found[0].where == "docs/page.md:1"


def test_a_block_in_a_list_item_is_read_without_its_indentation():
    (block,) = read("1. Run:\n\n   ```console\n   $ rptable rules list\n   classic\n   ```\n")
    assert block.commands == (Command(4, "rptable rules list", ("classic",)),)


def test_the_output_shown_matches_line_by_line_with_an_ellipsis_for_any_lines():
    got = ["a", "b", "c", "d"]
    assert matches(["a", "b", "c", "d"], got)
    assert matches(["a", "...", "d"], got)
    assert matches(["...", "b", "c", "d"], got) and matches(["a", "b", "c", "d", "..."], got)
    assert matches(["a", "...", "b", "c", "...", "d"], got)  # `...` matches no line too
    assert matches(["..."], []) and matches(["..."], got)
    assert not matches(["a", "c", "d"], got)
    assert not matches(["a", "...", "c"], got)
    assert not matches(["a", "b"], got)
    assert not matches(["a b ..."], ["a b c"])  # `...` inside a line is text, not a pattern
    assert matches(["a  "], ["a"])  # trailing spaces do not count


def test_a_commands_output_loses_trailing_spaces_and_trailing_empty_lines_only():
    assert output_lines("\n  x  \r\ny\n\n\n") == ["", "  x", "y"]
