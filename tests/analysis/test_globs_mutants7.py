"""The glob patterns of ``prompt-files``, ``instruction-files`` and ``exclude`` as users
write them: Windows separators, a leading ``/`` that anchors the pattern at the start of
the path, blank entries among real ones, and names that start like the mutation
replacement text.

Written from the session 6 mutation run of the memoised ``compile_globs``
(docs/mutation.md, "Cache-decorated functions"), which no run had mutated before.
"""

from __future__ import annotations

import pytest

from promptls.analysis.globs import matches


@pytest.mark.parametrize("path", ["ws/prompts/a.md", "C:\\ws\\prompts\\a.md"])
def test_a_pattern_written_with_backslashes(path: str) -> None:
    assert matches(path, ["prompts\\*.md"])
    assert not matches("ws/other/a.md", ["prompts\\*.md"])


@pytest.mark.parametrize("blank", ["", "   ", "/", "//"])
def test_a_blank_entry_does_not_end_the_list(blank: str) -> None:
    assert matches("ws/a.prompt", [blank, "*.prompt"])
    assert not matches("ws/a.prompt", [blank])


def test_a_leading_slash_anchors_a_folder_pattern_at_the_start() -> None:
    assert matches("docs/a.md", ["/docs/*.md"])
    assert not matches("ws/docs/a.md", ["/docs/*.md"])


def test_a_leading_slash_anchors_a_file_name() -> None:
    assert matches("a.md", ["/a.md"])
    assert not matches("ws/a.md", ["/a.md"])
    assert matches("ws/a.md", ["a.md"])


def test_a_trailing_slash_is_not_part_of_the_name() -> None:
    assert matches("ws/Xcode/a.md", ["Xcode/*.md/"])
    assert not matches("ws/code/a.md", ["Xcode/*.md"])
    assert not matches("ws/Xcode/a.md", ["X/*.md"])
