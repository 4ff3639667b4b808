"""PL012 (forged-framing) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL012/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL012`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.model import Finding
from promptls.analysis.settings import Settings

# PL012 reports a framing tag, not a longer word that starts like one, and stops a tag
# at the first ``<`` or ``>``. Found by mutating PL012's ``_TAG``
# (scripts/mutation_patterns.py, docs/mutation.md).


def tags(text: str) -> list[str]:
    found = analyze(text, path="AGENTS.md", settings=Settings(select=("PL012",))).findings
    return [text[f.start : f.end] for f in found]


@pytest.mark.parametrize("text", ["Use <environmental> data.\n", "See <instructionset/>.\n"])
def test_a_longer_word_is_no_framing_tag(text: str) -> None:
    assert tags(text) == []


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("<environment a<b> x\n", None),
        ("<environment id=1> x\n", "<environment id=1>"),
        ("<environment> a > b\n", "<environment>"),
        ("<environment\nid=1>\n", None),  # a tag is read on one line, as render.py writes it
        ("<environment\rid=1>\n", None),
        ("<context-update>\n", "<context-update>"),
        ("<environment " + "a" * 199 + ">\n", "<environment " + "a" * 199 + ">"),
        ("<environment " + "a" * 200 + ">\n", None),
        ("</ Instructions >\n", "</ Instructions >"),
        ("<skills-update>\n", "<skills-update>"),
    ],
)
def test_a_tag_runs_to_its_own_closing_bracket(text: str, tag: str | None) -> None:
    assert tags(text) == ([] if tag is None else [tag])


@pytest.mark.parametrize("tag", ["skills-update", "context-update", "skills"])
def test_the_message_names_the_whole_tag(tag: str) -> None:
    found = analyze(f"<{tag}>\n", path="AGENTS.md", settings=Settings(select=("PL012",)))
    assert [f.message.split(":")[0] for f in found.findings] == [f"opening <{tag}> tag"]


# The text rules at their edges: PL012's code spans, PL010's runs of invisible
# characters.
#
# Written against mutation testing (docs/mutation.md): which text a rule reads as code,
# which runs it joins or leaves alone, and the message and fix a user gets.


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
