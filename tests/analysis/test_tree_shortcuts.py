"""The shortcuts that keep ``promptls check`` over a large tree cheap answer what the long
way answers: how a file is classified by its name, how a set of globs matches."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import engine, globs
from promptls.analysis.settings import Settings
from tests import examples


def _plain_globs(patterns: tuple[str, ...]) -> re.Pattern[str] | None:
    """The globs as one search for ``(?:^|/)glob$`` (``^glob$`` anchored), each glob
    translated on its own: what ``compile_globs`` must match like."""
    parts = []
    for raw in patterns:
        pattern = raw.strip().replace("\\", "/")
        anchored = pattern.startswith("/")
        pattern = pattern.strip("/")
        if pattern:
            lead = "^" if anchored else "(?:^|/)"
            parts.append(f"{lead}{globs._translate(pattern)}$")
    if not parts:
        return None
    try:
        return re.compile("|".join(parts))
    except re.error:
        return None


GLOB_PIECES = ["**/", "**", "*", "?", "/", "a", "b", ".md", "prompts", "[ab]", "[!a]", "[", "\\"]
PATH_PIECES = ["/", "a", "b", ".md", "prompts", "x.prompt", "\n", ".", "ab", "]"]


@pytest.mark.filterwarnings("ignore::FutureWarning")  # "[[": a possible nested set, both ways
@settings(max_examples=examples(1500), deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(GLOB_PIECES), max_size=6).map("".join), min_size=0, max_size=4
    ),
    st.lists(st.sampled_from(PATH_PIECES), max_size=8).map("".join),
)
def test_a_glob_set_matches_as_one_search_per_glob_does(patterns: list[str], path: str) -> None:
    fast, plain = globs.compile_globs(tuple(patterns)), _plain_globs(tuple(patterns))
    assert (fast is None) is (plain is None)
    if fast is not None and plain is not None:
        assert bool(fast.search(path)) is bool(plain.search(path)), (patterns, path)


def test_the_default_prompt_globs_still_match_their_files() -> None:
    prompts = Settings().prompt_files
    assert globs.matches("a/prompts/b/c.md", prompts)
    assert globs.matches("prompts/x.txt", prompts)
    assert globs.matches("deep/er/x.prompt", prompts)
    assert not globs.matches("a/promptsx/c.md", prompts)
    assert not globs.matches("a/prompts/c.ts", prompts)


NAME_PIECES = [
    "AGENTS.md", "CLAUDE.md", "SKILL.md", "RULE.md", "x", ".md", ".mdc", ".instructions.md",
    ".agent.md", ".prompt", ".ts", "/", ".claude/", "rules/", "skills/", "s/", ".cursor/",
    ".github/", "instructions/", "commands/", "prompts/", ".", "..", "\\",
    "copilot-instructions.md",
]  # fmt: skip


@settings(max_examples=examples(1500), deadline=None)
@given(st.lists(st.sampled_from(NAME_PIECES), min_size=1, max_size=7).map("".join))
def test_a_kind_ruled_out_by_the_name_is_what_every_test_says(path: str) -> None:
    quick = engine.document_kind(path)
    with pytest.MonkeyPatch.context() as patch:  # nothing ruled out: every test asked
        patch.setattr(engine, "named_other", lambda name: False)
        full = engine.document_kind(path)
    assert quick is full
