"""Hover and completion in front matter that YAML rejects or that is never closed: the
editor features answer (the glob under the cursor, the keys to offer) instead of failing.

Written from the session 6 mutation run of the memoised ``front_matter``
(docs/mutation.md, "Cache-decorated functions"): with the block's start or end left
out of an unclosed block (``x_front_matter__mutmut_10``, ``11``) or of a block read
leniently (``51``), completion and the glob hover compared an offset with nothing; with
``problem or …`` (``36``) a block that is no mapping was read line by line and PL018 fell
silent for Cursor and Claude rules.
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.completion import front_matter_choices
from promptls.analysis.frontmatter_check import Glob, glob_at
from promptls.analysis.frontmatter_kinds import CURSOR
from promptls.analysis.settings import Settings

CURSOR_FILE = ".cursor/rules/x.mdc"


def test_the_glob_hover_in_a_block_read_line_by_line() -> None:
    # `*.ts` unquoted is no YAML; Cursor reads the line all the same.
    text = "---\nglobs: *.ts\n---\nUse strict mode.\n"
    start = text.index("*.ts")
    assert glob_at(text, CURSOR_FILE, start) == (CURSOR, Glob("*.ts", start, start + 4))


def test_completion_in_a_block_read_line_by_line_offers_the_missing_keys() -> None:
    text = "---\nglobs: *.ts\n\n---\nUse strict mode.\n"
    offset = text.index("\n\n") + 1
    labels = [c.label for c in front_matter_choices(text, offset, CURSOR_FILE)]
    assert labels == ["description", "alwaysApply"]


def test_completion_in_an_unclosed_block_offers_every_key() -> None:
    text = "---\n"
    labels = [c.label for c in front_matter_choices(text, len(text), CURSOR_FILE)]
    assert labels == ["description", "globs", "alwaysApply"]


def test_no_glob_hover_in_an_unclosed_block() -> None:
    # Without its closing fence the block is no front matter to the agent.
    text = "---\nglobs: src/*.ts\nUse strict mode.\n"
    assert glob_at(text, CURSOR_FILE, text.index("src")) is None


@pytest.mark.parametrize(
    "block",
    ['"Use strict mode\nglobs: *.ts"', "[strict,\nglobs: src]"],
    ids=["quoted-string", "flow-list"],
)
def test_a_block_that_is_no_mapping_is_reported_though_a_line_looks_like_a_key(
    block: str,
) -> None:
    # YAML reads one string or one list; the `globs:` line is part of it. Only a block
    # YAML rejects is read line by line, so the agent's lenient reading is not assumed.
    text = f"---\n{block}\n---\nBody.\n"
    found = analyze(text, path=CURSOR_FILE, settings=Settings(select=("PL018",))).findings
    assert [f.message.split(":")[0] for f in found] == ["the front matter is not a key"]
