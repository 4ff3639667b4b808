"""Where Claude's hidden comments stop being hidden: the fence and comment-start patterns.

A block-level HTML comment is hidden from the model, one inside a fenced code block is
not (comments.py). Which lines open a fence is CommonMark's rule: up to three spaces of
indent, then at least three backticks or tildes. Each case below is a line a user writes;
getting its edge wrong either leaks a note to the model or hides an example from it.
Found by mutating the module's patterns (scripts/mutation_patterns.py, docs/mutation.md).
"""

from __future__ import annotations

import pytest

from promptls.discovery.comments import strip_block_comments


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # four spaces: indented code, not a fence, so the comment after it is hidden
        ("    ```\n<!-- note -->\nrest\n", "    ```\nrest\n"),
        # three spaces still open a fence: the comment is an example inside it
        ("   ```\n<!-- example -->\n   ```\n", "   ```\n<!-- example -->\n   ```\n"),
        # two backticks are inline code, not a fence
        ("``\n<!-- note -->\n``\n", "``\n``\n"),
        ("~~\n<!-- note -->\n~~\n", "~~\n~~\n"),
        # three tildes are a fence as much as three backticks
        ("~~~\n<!-- example -->\n~~~\n", "~~~\n<!-- example -->\n~~~\n"),
    ],
    ids=["four-spaces", "three-spaces", "two-backticks", "two-tildes", "three-tildes"],
)
def test_which_lines_open_a_fence_that_keeps_comments(text: str, expected: str) -> None:
    assert strip_block_comments(text)[0] == expected


def test_a_comment_indented_three_spaces_is_still_block_level_and_hidden() -> None:
    assert strip_block_comments("a\n   <!-- note -->\nb\n") == ("a\nb\n", 17)
