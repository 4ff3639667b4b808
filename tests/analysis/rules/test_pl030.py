"""PL030 (unclosed-code-fence) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL030/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL030`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import analyze, fix_all
from promptls.analysis.model import Severity
from promptls.analysis.rules.pl030_unclosed_fence import closing_edit, open_fence
from promptls.analysis.settings import Settings
from promptls.discovery import discover
from tests import examples
from tests.analysis.rules.test_pl029 import _assert_range, _only

# PL029 (skill template traps) and PL030 (unclosed fences) beyond the fixtures: exact
# ranges in every encoding, the severity PL030 picks, the editor-only closing fence as
# goldens, and the skill body the hover renders.


# -- PL030 ---------------------------------------------------------------------------------
def test_pl030_range_is_the_opening_line_in_every_encoding() -> None:
    text = "# 日志 🚀\r\n\r\n👩\u200d💻 例\r\n  ```py 日志\r\nprint('x')\r\n"
    found = analyze(text, path="AGENTS.md", settings=_only("PL030")).findings
    assert [(f.code, f.severity, text[f.start : f.end]) for f in found] == [
        ("PL030", Severity.WARNING, "```py 日志")
    ]
    _assert_range(text, found[0].start, found[0].end, 3, "  ", "```py 日志")


def test_pl030_is_an_error_when_a_marker_is_swallowed() -> None:
    text = "Static.\n\n```\nx\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nDynamic.\n"
    found = analyze(text, path="agent.prompt", settings=_only("PL030")).findings
    assert [(f.code, f.severity) for f in found] == [("PL030", Severity.ERROR)]
    closed = text.replace("x\n", "x\n```\n")
    assert analyze(closed, path="agent.prompt", settings=_only("PL030")).findings == ()


def test_pl030_has_no_fix_for_check() -> None:
    text = "```\nx\n"
    found = analyze(text, path="AGENTS.md", settings=_only("PL030")).findings
    assert len(found) == 1 and found[0].fix is None
    assert fix_all(text, path="AGENTS.md", settings=_only("PL030")) == text


# The edges of PL029's and PL030's decisions, one behaviour per test: what the mutation
# run (docs/mutation.md) showed the fixtures alone would let change unnoticed.


# -- PL030 ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "is_open"),
    [
        (">```\n>x\n>```\n", False),
        ("   > ```\n   > x\n", True),
        ("    > ```\n    > x\n", False),  # indented code, not a block quote
        ("- a\n  ```\n\n  x\n  ```\n", False),
        ("-    ```\n     x\n", True),  # four spaces: content column 5, a fence
        ("-     ```\n      x\n", False),  # five: indented code in the item
        ("```\nx\n    ```\n", True),  # a closer indented four spaces is content
        ("```\nx\n   ```\n", False),
        ("```\nx\n```   \n", False),
        ("```\nx\n``` x\n", True),
        ("~~~ a`b\nx\n", True),  # a tilde fence's info may hold backticks
        ("1234567890. ```\nx\n", False),
        ("123456789. ```\n           x\n", True),
        ("- ```\n  x\n", True),
        ("-\n  ```\n  x\n", True),
    ],
)
def test_pl030_follows_commonmark_containers(text: str, is_open: bool) -> None:
    assert (open_fence(text) is not None) is is_open


def test_pl030_a_fence_that_ends_the_file_swallows_nothing_and_is_not_reported() -> None:
    for text in ("# X\n\n```\n", "# X\n\n```sh\n\n  \n"):
        found = analyze(text, path="AGENTS.md", settings=Settings(select=("PL030",)))
        assert found.findings == ()
    found = analyze("# X\n\n```\nx\n", path="AGENTS.md", settings=Settings(select=("PL030",)))
    assert "the 1 line(s) after it" in found.findings[0].message


def test_pl030_closer_keeps_the_opening_line_break_without_a_final_one() -> None:
    edit = closing_edit("```\r\nx")
    assert edit is not None and edit.new_text == "\r\n```"


def test_pl030_is_an_error_only_for_imports_the_profile_reads(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "docs").mkdir()
    for name in ("a", "b", "c", "d"):
        (tmp_path / "docs" / f"{name}.md").write_text("x\n", encoding="utf-8")
    text = "# R\n\n```\nx\n\n@docs/a.md @docs/b.md @docs/c.md @docs/d.md @alice\n"
    claude = tmp_path / "CLAUDE.md"
    claude.write_text(text, encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    settings = Settings(select=("PL030",))

    def check(profile: str) -> tuple[Severity, str]:
        found = discover(str(tmp_path), profile, home=home, environ={})
        [finding] = analyze(text, path=str(claude), settings=settings, discovery=found).findings
        return finding.severity, finding.message

    severity, message = check("claude")
    assert severity is Severity.ERROR
    assert message.endswith("does not import @docs/a.md, @docs/b.md, @docs/c.md, … from inside it")
    assert "@alice" not in message
    severity, message = check("codex")
    assert severity is Severity.WARNING and "import" not in message


# -- PL030, second round: survivors of the mutation run ----------------------------------
@pytest.mark.parametrize(
    ("text", "is_open"),
    [
        ("> > ```\n> > x\n", True),
        ("> > ```\n> > x\n> > ```\n", False),
        ("> ```\n    > x\n", False),  # four spaces: not the quote's continuation
        ("> ```\n > x\n", True),
        ("> ```\n> x\n>    ```\n", False),  # the space after > belongs to the quote
        (">    ```\n> x\n", True),
        ("> - ```\n>   x\n", True),
        ("> - ```\n>   x\n>      ```\n", False),
        ("- > a\n  > ```\n  x\n", False),  # the quote inside the item ends, and the block
        ("    - ```\n      x\n", False),  # indented code, not a list item
        ("-    ```\n  x\n", False),  # content column 5: a less indented line ends the item
        ("````\nx\n ```\n", True),
        ("```\nx\n```\u00a0\n", True),  # only spaces and tabs may follow a closing run
        ("```\nx\n```X\n", True),
    ],
)
def test_pl030_container_edges(text: str, is_open: bool) -> None:
    assert (open_fence(text) is not None) is is_open


def _fence_findings(text: str, path: str, profile: str | None, tmp_path: Path) -> list[str]:
    found = None
    if profile is not None:
        (tmp_path / ".git").mkdir(exist_ok=True)
        home = tmp_path / "home"
        home.mkdir(exist_ok=True)
        found = discover(str(tmp_path), profile, home=home, environ={})
    findings = analyze(
        text, path=str(tmp_path / path), settings=Settings(select=("PL030",)), discovery=found
    ).findings
    return [f"{f.severity.value}: {f.message}" for f in findings]


HEAD = "this ``` fence is never closed: it runs to the end of the file, so "


TAIL = (
    " read as code, not instructions; close it with ``` on its own line (or, if it was "
    "meant to close an earlier block, give that block its opening fence)"
)


def test_pl030_full_messages(tmp_path: Path) -> None:
    assert _fence_findings("# X\n\n```\nx\n", "AGENTS.md", None, tmp_path) == [
        f"warning: {HEAD}the 1 line(s) after it{TAIL}"
    ]
    marker = "```\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n"
    assert _fence_findings(marker, "a.prompt", None, tmp_path) == [
        f"error: {HEAD}the 1 line(s) after it{TAIL}; the boundary marker after it is inside "
        "the code block"
    ]
    # No discovery: imports cannot be judged, and nothing fails.
    assert _fence_findings("```\n@docs/a.md\n", "CLAUDE.md", None, tmp_path) == [
        f"warning: {HEAD}the 1 line(s) after it{TAIL}"
    ]


def test_pl030_imports_before_the_fence_and_three_named(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    before = "See @docs/a.md.\n\n```\nx\n"
    assert _fence_findings(before, "CLAUDE.md", "claude", tmp_path)[0].startswith("warning: ")
    three = "```\n@docs/a.md @docs/b.md @docs/c.md\n"
    assert _fence_findings(three, "CLAUDE.md", "claude", tmp_path) == [
        f"error: {HEAD}the 1 line(s) after it{TAIL}; the agent does not import @docs/a.md, "
        "@docs/b.md, @docs/c.md from inside it"
    ]


def test_pl030_reads_imports_the_way_the_profile_does(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    text = "```\nFollow @docs/a.md.\n"
    # Both keep the full stop in the path: gemini-cli imports it anyway (it sees no
    # fence); Claude Code 2.1.332 does not strip it either (oracle scenario "claude:
    # punctuation after an import"), so its message names the token as written.
    assert (
        "gemini-cli still imports @docs/a.md. from inside it"
        in _fence_findings(text, "GEMINI.md", "gemini", tmp_path)[0]
    )
    assert _fence_findings(text, "CLAUDE.md", "claude", tmp_path)[0].endswith(
        "does not import @docs/a.md. from inside it"
    )


def test_pl030_where_the_opening_run_is() -> None:
    fence = open_fence("a ``` b\n```\nx\n")
    assert fence is not None and fence.start == len("a ``` b\n")
    fence = open_fence("~~~ a ~~~\nx\n")  # a tilde fence's info may repeat the run
    assert fence is not None and fence.start == 0
    fence = open_fence("   ```\nx\n")  # three spaces: still a fence
    assert fence is not None and fence.start == 3


@pytest.mark.parametrize(
    ("text", "closer"),
    [("1. ```\n   x\n", "   ```"), ("- ```\n  x\n", "  ```"), ("> - ```\n>   x\n", ">   ```")],
)
def test_pl030_closer_prefix_turns_list_markers_into_spaces(text: str, closer: str) -> None:
    edit = closing_edit(text)
    assert edit is not None and edit.new_text == "\n" + closer


# PL030's module-level patterns, pinned by the fence a user sees reported.
#
# ``_OPENER`` (how long an opening run is), ``_ITEM`` (which markers start a list item and
# its content column), the fence lines blanked before imports are read, the line breaks,
# and the shortcuts' patterns (``_RELEVANT``, ``_RESET``, ``_RUN``), each on the text a
# variant answered differently. Written against the variants of
# ``scripts/mutation --patterns`` (docs/mutation.md, "Module-level patterns").


def _never_closed(run: str, lines: int) -> str:
    what = f"the {lines} line(s) after it"
    return (
        f"this {run} fence is never closed: it runs to the end of the file, so {what} read "
        f"as code, not instructions; close it with {run} on its own line (or, if it was "
        "meant to close an earlier block, give that block its opening fence)"
    )


def _pl030(text: str) -> list[tuple[str, str]]:
    """(marked text, message) of each PL030 finding; both ways of reading agree."""
    found = analyze(text, path="AGENTS.md", settings=Settings(select=("PL030",))).findings
    shown = [(text[f.start : f.end], f.message) for f in found]
    fences = {open_fence(text, every_line=every) for every in (False, True)}
    assert len(fences) == 1
    return shown


@pytest.mark.parametrize("two", ["``", "~~"])
def test_two_backticks_or_tildes_open_no_fence_inside_a_block_quote(two: str) -> None:
    text = f"> {two} marks a span\n> ```sh\n> make\n"
    assert _pl030(text) == [("```sh", _never_closed("```", 1))]


def test_two_backticks_open_no_fence_with_lone_cr_breaks() -> None:
    text = "``\rx\r```sh\rmake\r"
    assert _pl030(text) == [("```sh", _never_closed("```", 1))]


@pytest.mark.parametrize("marker", ["-", "+", "*", "1.", "1)"])
def test_every_list_marker_holds_a_fence(marker: str) -> None:
    indent = " " * (len(marker) + 1)
    text = f"{marker} ```sh\n{indent}make\n"
    assert _pl030(text) == [("```sh", _never_closed("```", 1))]
    assert _pl030(text + f"{indent}```\n") == []


@pytest.mark.parametrize("marker", [".", ")", "x.", "-1."])
def test_a_marker_without_its_digits_starts_no_item(marker: str) -> None:
    assert _pl030(f"{marker} ```sh\n   make\n") == []


def test_a_ten_digit_number_starts_no_item() -> None:
    assert _pl030("1234567890. ```\n            x\n") == []
    assert _pl030("123456789. ```\n           x\n") == [("```", _never_closed("```", 1))]


@pytest.mark.parametrize(
    "text",
    [
        "-   \n  ```\nprose\n",  # a marker with only blanks after it: content column 2
        "-\n  ```\nprose\n",  # a bare marker
    ],
)
def test_a_fence_in_an_empty_item_ends_with_it(text: str) -> None:
    assert _pl030(text) == []


@pytest.mark.parametrize("text", ["-x```sh\n  make\n", "1.5 ```sh\n    make\n"])
def test_a_marker_glued_to_text_starts_no_item(text: str) -> None:
    assert _pl030(text) == []


def _swallowed(tmp_path: Path, text: str, profile: str) -> tuple[Severity, str]:
    """PL030's severity and message for ``text`` as the profile's instruction file, in a
    repository where docs/a.md exists."""
    (tmp_path / ".git").mkdir(parents=True, exist_ok=True)
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "docs" / "a.md").write_text("x\n", encoding="utf-8")
    name = "CLAUDE.md" if profile == "claude" else "GEMINI.md"
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    found = discover(str(tmp_path), profile, home=home, environ={})
    settings = Settings(select=("PL030",))
    [finding] = analyze(text, path=str(path), settings=settings, discovery=found).findings
    return finding.severity, finding.message


SWALLOWED = "; the agent does not import @docs/a.md from inside it"


@pytest.mark.parametrize(
    ("text", "profile"),
    [
        # A second opening line (the author forgot the closer) and fence lines of either
        # kind, bare or with an info string, indented or quoted, are blanked before the
        # agent's import parser reads the swallowed text: none of them hides the import.
        ("```\nx\n```sh\n@docs/a.md\n", "claude"),
        ("```\nx\n~~~\n@docs/a.md\n", "claude"),
        ("```\nx\n  ~~~\n@docs/a.md\n", "claude"),
        ("```\nx\n> ```\n@docs/a.md\n> ```\n", "claude"),
        ("```\nx\n\t```\n@docs/a.md\n\t```\n", "claude"),
    ],
)
def test_fence_lines_after_the_open_fence_hide_no_import(
    tmp_path: Path, text: str, profile: str
) -> None:
    severity, message = _swallowed(tmp_path, text, profile)
    assert severity is Severity.ERROR
    assert message == _never_closed("```", text.count("\n") - 1) + SWALLOWED


def test_gemini_still_imports_from_inside_an_unclosed_fence(tmp_path: Path) -> None:
    """gemini-cli's code regions are pairs of backtick runs, not fences: the import after
    an unclosed fence is still made (PL013 reports it when it fails), so PL030 says so
    and stays a warning, where Claude Code's parser skips it (an error)."""
    text = "```\nx\n\nFollow @docs/a.md\n"
    severity, message = _swallowed(tmp_path, text, "gemini")
    assert severity is Severity.WARNING
    assert message == _never_closed("```", 3) + (
        "; gemini-cli still imports @docs/a.md from inside it (its import parser sees no "
        "fence there), into what the model reads as code"
    )
    severity, message = _swallowed(tmp_path / "claude", text, "claude")
    assert (severity, message) == (Severity.ERROR, _never_closed("```", 3) + SWALLOWED)


def test_gemini_skips_an_import_up_to_the_backtick_the_open_run_pairs_with(
    tmp_path: Path,
) -> None:
    """The dangling run's last backtick pairs with the next one in the file (`make`'s),
    so gemini-cli skips the import between them and reads the one after."""
    text = "```\nx\n\nFollow @docs/a.md, then `make`.\nSee @docs/b.md\n"
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "b.md").write_text("y\n", encoding="utf-8")
    severity, message = _swallowed(tmp_path, text, "gemini")
    assert severity is Severity.ERROR
    assert message == _never_closed("```", 4) + (
        "; the agent does not import @docs/a.md, from inside it; gemini-cli still imports "
        "@docs/b.md from inside it (its import parser sees no fence there), into what the "
        "model reads as code"
    )


@pytest.mark.parametrize(
    "line",
    [
        "Run ```make``` with @docs/a.md",  # a run inside the line
        "``make`` reads @docs/a.md",  # two backticks: a code span
        "~~old~~ see @docs/a.md",  # two tildes: strikethrough
    ],
)
def test_a_line_that_is_no_fence_line_keeps_its_import(tmp_path: Path, line: str) -> None:
    severity, message = _swallowed(tmp_path, f"```\nx\n{line}\n", "claude")
    assert severity is Severity.ERROR
    assert message == _never_closed("```", 2) + SWALLOWED


def test_the_closing_fix_keeps_a_lone_cr_as_the_final_break() -> None:
    edit = closing_edit("```\rx\r")
    assert edit is not None and (edit.start, edit.end, edit.new_text) == (5, 5, "\r```")


# Where PL030 finds the fence left open, for the lines its shortcuts hand to the full
# line reader: fence runs inside a list item or a block quote, a first line ended by a lone
# CR, several runs on one prose line, a run after a reset line. The mutation run after the
# speed work (docs/mutation.md) showed these answers could change unnoticed: the earlier
# tests pin the same CommonMark rules on left-margin fences, which are now read alone.


AFTER_PROSE = "```\nx\n```\n- ```sh\n  make\n"


TWO_SPANS = "Use ```x``` and ```y```.\n```sh\nmake\n"


@pytest.mark.parametrize(
    ("text", "start"),
    [
        # Four spaces past the item's content column: indented code, not a nested item.
        ("- a\n\n      - ```\n", None),
        # A closer indented four spaces past the item's column is content; three close.
        ("- ```\n  x\n      ```\n", 2),
        ("- ```\n  x\n     ```\n", None),
        # A fence after an empty first line; a tab before the run makes indented code.
        ("\n```\nx\n", 1),
        ("\t```\nx\n", None),
        # The last line has no line break.
        ("- ```", 2),
        ("> ```", 2),
        # A tab runs to column 4: with the space after it, three columns into the item.
        ("- a\n\n\t ```\n", 7),
        ("- a\n\n\t  ```\n", None),
        # A backtick in the info string stops a backtick fence, not a tilde one.
        ("- ~~~ a`b\n  x\n", 2),
        ("- ``` a`b\n  x\n", None),
        # The opening run is the first on its line, not an earlier one in the text, nor
        # a repeat of it in a tilde fence's info string.
        (AFTER_PROSE, AFTER_PROSE.index("```sh")),
        ("- ~~~ a~~~\n  x\n", 2),
        # Prose at the left margin ends the list item and the fence in it.
        ("prose\n- a\n  b\n  ```\nmore prose\n", None),
        ("- ```\nprose\n    ```\n", None),
        # A prose line holding several runs opens nothing; the fence after it does.
        (TWO_SPANS, TWO_SPANS.index("```sh")),
    ],
)
def test_the_fence_left_open(text: str, start: int | None) -> None:
    for every_line in (False, True):
        fence = open_fence(text, every_line=every_line)
        assert (fence.start if fence is not None else None) == start


def test_a_fence_on_the_first_line_of_a_file_with_lone_cr_line_breaks() -> None:
    text = "```sh\rnpm test\r"
    [finding] = analyze(text, path="AGENTS.md", settings=Settings(select=("PL030",))).findings
    assert (finding.start, finding.end) == (0, len("```sh"))
    assert "the 1 line(s) after it" in finding.message


# PL030 reads only the lines that can matter: from the last line at the left margin
# that ends every container up to each line holding a fence run, and skips, in C, those
# that cannot open or close anything while no container is open (a 1 MB prompt cost 70 ms
# read line by line). The shortcut must never change the answer: over random Markdown
# built from the shapes that matter (fences of both kinds and lengths, lists, quotes,
# headings, indented and tabbed lines, CRLF and lone CR), the block left open is the same
# as when every line is read.


PIECES = [
    "```",
    "````",
    "~~~",
    "```sh",
    "``` x`y",
    "  ```",
    "    ```",
    "\t```",
    " \t```",
    "- ",
    "* ",
    "+ ",
    "1. ",
    "12) ",
    "> ",
    ">",
    "  ",
    "    ",
    "\t",
    "text",
    "run 日志 🚀",
    "-x",
    "1.5",
    "@docs/a.md",
    "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__",
    "# h",
    "\f",
    "\u00a0",
    "x ```",
    "`",
    "~",
]


BREAKS = ["\n", "\r\n", "\r", "\n\n"]


lines = st.lists(st.sampled_from(PIECES), min_size=0, max_size=4).map("".join)


def _texts(breaks: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.tuples(lines, st.sampled_from(breaks)), max_size=30).map(
        lambda parts: "".join(line + brk for line, brk in parts)
    )


texts = _texts(BREAKS)


texts_without_lone_cr = _texts(["\n", "\r\n", "\n\n"])


"""A lone CR sends the whole text down the line-by-line path; without one, the shortcuts
(a left-margin fence line read alone, reading back to the last reset line) are taken."""


@settings(max_examples=examples(800), deadline=None)
@given(texts)
def test_skipping_lines_never_changes_the_open_fence(text: str) -> None:
    assert open_fence(text) == open_fence(text, every_line=True)


@settings(max_examples=examples(800), deadline=None)
@given(texts_without_lone_cr)
def test_the_shortcuts_never_change_the_open_fence(text: str) -> None:
    assert open_fence(text) == open_fence(text, every_line=True)


def test_a_fence_opened_in_a_list_after_long_prose_is_still_found() -> None:
    prose = "Plain prose line.\n" * 2000
    text = prose + "- item\n  ```sh\n  make\n" + prose.replace("Plain", "  Indented")
    found = open_fence(text)
    assert found is not None and text[found.start : found.start + 5] == "```sh"
    assert found == open_fence(text, every_line=True)
