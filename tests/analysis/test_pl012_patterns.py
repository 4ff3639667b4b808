"""PL012 reports a framing tag, not a longer word that starts like one, and stops a tag
at the first ``<`` or ``>``. Found by mutating PL012's ``_TAG``
(scripts/mutation_patterns.py, docs/mutation.md).
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.settings import Settings


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
