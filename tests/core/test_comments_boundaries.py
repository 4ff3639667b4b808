"""Edges of hiding block HTML comments that the first cases left open (mutation run).

What the model gets from a note-for-humans must not depend on where the ``-->`` sits on
its line or on how many comments a file has: each case is text a user could write.
"""

from __future__ import annotations

import pytest

from promptls.discovery.comments import strip_block_comments


@pytest.mark.parametrize(
    ("text", "expected", "removed"),
    [
        # The closing marker at the start of a later line, and on the very last line.
        ("<!--\nnote\n-->\nkept\n", "kept\n", 14),
        ("kept\n<!--\nnote\n-->", "kept\n", 13),
        # The first `-->` closes the comment; what follows it on the line stays.
        ("<!-- a --> b -->\n", " b -->\n", 10),
        ("<!-- a --> <!-- b --> tail\n", " <!-- b --> tail\n", 10),
        ("<!--\nnote --> b -->\n", " b -->\n", 13),
        # The shortest comment closes on its own line.
        ("<!---->\nkept\n", "kept\n", 8),
        # Characters hidden add up over every comment in the file.
        ("<!-- one -->\na\n<!-- two -->\nb\n", "a\nb\n", 26),
    ],
)
def test_where_a_comment_closes(text: str, expected: str, removed: int) -> None:
    assert strip_block_comments(text) == (expected, removed)


def test_a_fence_closes_only_with_its_own_character_and_at_least_its_length() -> None:
    text = "````\n<!-- in code -->\n```\n~~~~\n<!-- still code -->\n````\n<!-- gone -->\n"
    kept, removed = strip_block_comments(text)
    assert kept == "````\n<!-- in code -->\n```\n~~~~\n<!-- still code -->\n````\n"
    assert removed == len("<!-- gone -->\n")
