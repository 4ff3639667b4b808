"""The text rules at their edges: PL012's code spans, PL010's runs of invisible
characters.

Written against mutation testing (docs/mutation.md): which text a rule reads as code,
which runs it joins or leaves alone, and the message and fix a user gets.
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.model import Finding
from promptls.config import Settings


def _found(text: str, code: str, path: str = "AGENTS.md") -> list[Finding]:
    return list(analyze(text, path=path, settings=Settings(select=(code,))).findings)


# PL012: a framing tag is skipped only inside an inline code span of its own line


@pytest.mark.parametrize(
    "text",
    [
        "`x` <instructions>",  # the span at the start of the line is closed
        "a `\nb <instructions>",  # an open backtick on an earlier line
        "a\nb `\nc\n<instructions>",  # ... two lines up
        "<instructions> and `",  # a backtick after the tag
    ],
)
def test_pl012_tags_outside_a_code_span_are_reported(text: str) -> None:
    (finding,) = _found(text, "PL012")
    assert text[finding.start : finding.end] == "<instructions>"


@pytest.mark.parametrize(
    "text",
    [
        "`a` `b <instructions>`",  # three backticks before: inside the second span
        "x\n`<instructions>`",
        "no tag here",
    ],
)
def test_pl012_tags_inside_a_code_span_are_not(text: str) -> None:
    assert _found(text, "PL012") == []


def test_pl012_names_the_tag_as_read_and_goes_on_after_a_code_span() -> None:
    text = "Use `<instructions>` here.\nThen </ Instructions >\nand <environment foo=1>."
    found = _found(text, "PL012")
    assert [text[f.start : f.end] for f in found] == ["</ Instructions >", "<environment foo=1>"]
    tail = (
        " tag: the rendered context uses this tag as its framing, so the text can pose as the "
        "end of this file's block or as another block (promptls.assembly.render escapes it; "
        "other agents may not)"
    )
    assert [f.message for f in found] == [
        "closing </instructions>" + tail,
        "opening <environment>" + tail,
    ]
