"""The marker rules' exact spans, messages and fixes at their edges (PL001-PL007).

Written against mutation testing (docs/mutation.md): the fixtures show each rule firing,
these pin what a user reads and what ``--fix`` writes where a small slip in the rule
would change it (which blank line a removal takes, which glued characters a fix drops,
the wording of each spacing problem).
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze, fix_all
from promptls.analysis.model import Finding
from promptls.config import Settings

from .conftest import MARKER

FOREIGN = "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__"


def _found(text: str, code: str, path: str = "p.prompt", **settings: object) -> list[Finding]:
    """The findings of one rule, as ``promptls check --select CODE`` reports them."""
    chosen = Settings(select=(code,), **settings)  # type: ignore[arg-type]
    return list(analyze(text, path=path, settings=chosen).findings)


def _fixed(text: str, code: str, path: str = "p.prompt") -> str:
    """What ``promptls check --fix --select CODE`` writes."""
    return fix_all(text, path=path, settings=Settings(select=(code,)))


def _edits(finding: Finding) -> list[tuple[int, int, str]]:
    assert finding.fix is not None
    return [(e.start, e.end, e.new_text) for e in finding.fix.edits]


# marker_removal (PL001, PL003, PL007): the marker goes with one neighbouring blank line


@pytest.mark.parametrize(
    ("text", "fixed"),
    [
        (f"\n\n{MARKER}", ""),  # the blank line before, from offset 2
        (f"\n\n{MARKER}\n\nb", "\n\nb"),  # the blank line after wins
        (f"a\n\n{MARKER}", "a"),
        (f"a\n{MARKER}", "a\n"),  # one newline is no blank line
        (f"a\n{MARKER}\nb", "a\n\nb"),
        (f"a {MARKER} b", "a  b"),
        (f"a\n\n{MARKER}\nb", "a\nb"),
        (f"a\n\n{MARKER} \n\nb", "a \n\nb"),  # the blank line must touch the marker
        (f"a \n\n{MARKER}\n b", "a \n b"),
        (f"\n{MARKER}", "\n"),
        (f"a\n\n\n{MARKER}\n\n\nb", "a\n\n\n\nb"),
    ],
)
def test_pl003_removes_the_marker_with_one_adjacent_blank_line(text: str, fixed: str) -> None:
    assert _fixed(text, "PL003", "CLAUDE.md") == fixed


def test_pl001_removes_each_duplicate_and_points_at_the_first() -> None:
    text = f"a\n\n{MARKER}\n\nb\n\n{MARKER}\n\nc\n\n{MARKER}"
    found = _found(text, "PL001")
    second, third = text.index(MARKER, 5), text.rindex(MARKER)
    assert [(f.start, f.end) for f in found] == [
        (second, second + len(MARKER)),
        (third, third + len(MARKER)),
    ]
    assert [_edits(f) for f in found] == [
        [(second, second + len(MARKER) + 2, "")],
        [(third - 2, third + len(MARKER), "")],
    ]
    assert all(f.fix and f.fix.title == "Remove the duplicate marker" for f in found)
    first = text.index(MARKER)
    assert [(r.start, r.end, r.message) for r in found[0].related] == [
        (first, first + len(MARKER), "the first marker, where the prompt splits")
    ]
    assert found[0].message == (
        "duplicate marker: only the first one splits; this one is folded into the dynamic "
        "half and reaches the model verbatim on cache-aware providers"
    )
    assert _found(f"a\n\n{MARKER}\n\nb", "PL001") == []


# PL002: the replacement is offered only where it cannot move or duplicate the split


def test_pl002_offers_the_exact_marker_only_in_a_prompt_without_one() -> None:
    typo = "__ZIDANE_SYSTEM_PROMPT_BOUNDRY__"
    (alone,) = _found(f"a\n\n{typo}\n\nb", "PL002")
    assert alone.fix is not None and alone.fix.title == f"Replace with {MARKER}"
    assert (alone.start, alone.end) == (3, 3 + len(typo))
    assert _edits(alone) == [(3, 3 + len(typo), MARKER)]
    (beside,) = _found(f"a\n\n{MARKER}\n\n{typo}\n\nb", "PL002")
    assert beside.fix is None
    (instruction,) = _found(f"a\n\n{typo}\n\nb", "PL002", "AGENTS.md")
    assert instruction.fix is None


# PL003: every exact and foreign marker in an instruction file, never a near-miss


def test_pl003_reports_exact_and_foreign_markers_not_near_misses() -> None:
    text = f"a\n\n{FOREIGN}\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDRY__\n\n{MARKER}\n"
    found = _found(text, "PL003", "AGENTS.md")
    assert [text[f.start : f.end] for f in found] == [FOREIGN, MARKER]
    assert all(f.fix and f.fix.title == "Remove the marker" for f in found)
    assert found[0].message == (
        "boundary marker in an instruction file: this file is rendered into the dynamic "
        "context, where a marker moves the split or leaks to the model"
    )


# PL004: which characters count as glued, what the message shows, what the fix does


@pytest.mark.parametrize(
    ("text", "glued", "fixed"),
    [
        (f"ab{MARKER}", "'ab…'", f"ab\n\n{MARKER}"),  # the run reaches offset 0
        (f"x ab{MARKER}", "'ab…'", f"x ab\n\n{MARKER}"),
        (f"x {MARKER}cd", "'…cd'", f"x {MARKER}\n\ncd"),
        (f"x {MARKER}cd y", "'…cd'", f"x {MARKER}\n\ncd y"),
        (f"x _-{MARKER}", "'_-…'", f"x {MARKER}"),  # stray underscores and hyphens go
        (f"x {MARKER}-_ y", "'…-_'", f"x {MARKER} y"),
        (f"x a_{MARKER}_b y", "'a_…_b'", f"x a_\n\n{MARKER}\n\n_b y"),
        (f"x __{MARKER}b y", "'__…b'", f"x {MARKER}\n\nb y"),
        (f"x é{MARKER}", "'é…'", f"x é\n\n{MARKER}"),  # letters of any script
        (f"x X{MARKER}X y", "'X…X'", f"x X\n\n{MARKER}\n\nX y"),  # X is a letter, kept
    ],
)
def test_pl004_glued_runs_and_their_fix(text: str, glued: str, fixed: str) -> None:
    (finding,) = _found(text, "PL004")
    left = text.index(MARKER)
    while left and text[left - 1] not in " ":
        left -= 1
    right = text.index(MARKER) + len(MARKER)
    while right < len(text) and text[right] != " ":
        right += 1
    assert (finding.start, finding.end) == (left, right)
    assert finding.message == (
        f"marker glued to {glued}: the split happens at the exact marker and the glued "
        "characters stay in the prompt"
    )
    assert finding.fix is not None
    assert finding.fix.title == "Separate the marker from the glued text"
    assert _fixed(text, "PL004") == fixed


def test_pl004_punctuation_and_spaces_are_not_glued() -> None:
    assert _found(f"x ({MARKER}) y", "PL004") == []
    assert _found(f"x.\u00a0{MARKER}\u3000y", "PL004") == []  # no-break and ideographic spaces


def test_pl004_fixes_only_the_first_marker_and_skips_free_ones() -> None:
    text = f"a\n\n{MARKER}x\n\nb\n\ny{MARKER}\n\n{MARKER}\n"
    found = _found(text, "PL004")
    assert [text[f.start : f.end] for f in found] == [f"{MARKER}x", f"y{MARKER}"]
    assert found[0].fix is not None and found[1].fix is None
    later = f"a\n\n{MARKER}\n\nb\n\n{MARKER}x\n"
    assert [later[f.start : f.end] for f in _found(later, "PL004")] == [f"{MARKER}x"]


# PL005: the empty half and the whitespace the fix removes with the marker


def test_pl005_marker_at_the_start_is_removed_with_the_space_after_it() -> None:
    text = f"\n \n{MARKER}\n\n  Turn.\n"
    (finding,) = _found(text, "PL005")
    assert (finding.start, finding.end) == (3, 3 + len(MARKER))
    assert finding.message == (
        "marker at the start: the static half is empty, so nothing is cached"
    )
    assert finding.fix is not None and finding.fix.title == "Remove the marker"
    assert _edits(finding) == [(0, text.index("Turn"), "")]


def test_pl005_marker_at_the_end_is_removed_with_the_space_before_it() -> None:
    text = f"Doctrine.  \n\n{MARKER}\n \n"
    (finding,) = _found(text, "PL005")
    start = text.index(MARKER)
    assert (finding.start, finding.end) == (start, start + len(MARKER))
    assert finding.message == (
        "marker at the end: the dynamic half is empty (join would never produce this)"
    )
    assert finding.fix is not None and finding.fix.title == "Remove the marker"
    assert _edits(finding) == [(len("Doctrine."), start + len(MARKER), "")]
    # a second marker after the first: PL001's business, and the dynamic half exists
    assert _found(f"Doctrine.\n\n{MARKER}\n\n{MARKER}", "PL005") == []
    assert _found(f"a\n\n{MARKER}\n\nb", "PL005") == []


# PL006: each side's problem in words, and the blank line the fix puts there


@pytest.mark.parametrize(
    ("before", "after", "problems"),
    [
        (
            "\r\n\r\n",
            "\n\n",
            "before it: CRLF line breaks (the split only trims \\n\\n, so \\r stays in the prompt)",
        ),
        (" ", "\n\n", "before it: no line break"),
        (
            "\n",
            "\n\n",
            "before it: a single line break (no blank line; the newline stays in the prompt)",
        ),
        ("\n \n", "\n\n", "before it: spaces or tabs around the blank line"),
        ("\n\n\t", "\n\n", "before it: spaces or tabs around the blank line"),
        ("\n\n\n", "\n\n", "before it: 2 blank lines (only one is trimmed by the split)"),
        ("\n\n\n\n", "\n\n", "before it: 3 blank lines (only one is trimmed by the split)"),
        ("\n\n", "\n\n\n", "after it: 2 blank lines (only one is trimmed by the split)"),
        (
            "\n",
            "\t",
            "before it: a single line break (no blank line; the newline stays in the "
            "prompt); after it: no line break",
        ),
    ],
)
def test_pl006_says_what_is_wrong_on_each_side(before: str, after: str, problems: str) -> None:
    text = f"Doctrine.{before}{MARKER}{after}Turn."
    (finding,) = _found(text, "PL006")
    start = text.index(MARKER)
    assert (finding.start, finding.end) == (start, start + len(MARKER))
    assert finding.message == ("marker not surrounded by exactly one blank line — " + problems)
    assert finding.fix is not None
    assert finding.fix.title == "Put exactly one blank line around the marker"
    assert _fixed(text, "PL006") == f"Doctrine.\n\n{MARKER}\n\nTurn."


def test_pl006_leaves_glued_sides_and_the_edges_to_other_rules() -> None:
    assert _found(f"Doctrine.\n\n{MARKER}\n\nTurn.", "PL006") == []
    assert _found(f"Doctrine.\n\nx{MARKER}y\n\nTurn.", "PL006") == []  # PL004's
    assert _found(f"{MARKER}\nTurn.", "PL006") == []  # PL005's
    assert _found(f"Doctrine.\n{MARKER}", "PL006") == []
    (only_after,) = _found(f"Doctrine.\n\nx{MARKER} Turn.", "PL006")
    assert only_after.message.endswith("after it: no line break")


# PL007: replace with the configured marker, or remove when there is a real one


def test_pl007_replaces_or_removes_the_foreign_marker() -> None:
    text = f"a\n\n{FOREIGN}\n\nb"
    (finding,) = _found(text, "PL007")
    assert (finding.start, finding.end) == (3, 3 + len(FOREIGN))
    assert finding.message == (
        f"foreign marker {FOREIGN}: another agent's boundary, not configured here, so it will "
        "not split; replace it or add it to the `markers` setting"
    )
    assert finding.fix is not None and finding.fix.title == f"Replace with {MARKER}"
    assert _edits(finding) == [(3, 3 + len(FOREIGN), MARKER)]
    custom = "<<SPLIT>>"
    (other,) = _found(text, "PL007", markers=(custom, MARKER))
    assert _edits(other) == [(3, 3 + len(FOREIGN), custom)]
    with_real = f"a\n\n{MARKER}\n\n{FOREIGN}\n\nb"
    (removal,) = _found(with_real, "PL007")
    assert removal.fix is not None and removal.fix.title == "Remove the foreign marker"
    start = with_real.index(FOREIGN)
    assert _edits(removal) == [(start, start + len(FOREIGN) + 2, "")]


def test_pl007_without_configured_markers_offers_no_fix() -> None:
    text = f"a\n\n{FOREIGN}\n\nb"
    (finding,) = _found(text, "PL007", markers=())
    assert finding.fix is None


def test_pl007_reports_a_foreign_marker_after_other_marker_shapes() -> None:
    text = f"a\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDRY__\n\n{FOREIGN}\n\nb"
    (finding,) = _found(text, "PL007")
    assert text[finding.start : finding.end] == FOREIGN
