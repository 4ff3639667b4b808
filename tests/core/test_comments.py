"""Claude's hidden block HTML comments (``discovery/comments.py``): where a hidden comment
ends, and where comments stop being hidden.
"""

from __future__ import annotations

import pytest

from promptls.discovery.comments import strip_block_comments

# Edges of hiding block HTML comments that the first cases left open (mutation run).
#
# What the model gets from a note-for-humans must not depend on where the ``-->`` sits on
# its line or on how many comments a file has: each case is text a user could write.


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


# Where a hidden comment that opens and closes in one breath ends: ``<!-->`` and
# ``<!--->`` are whole comments, as CommonMark's HTML block (type 2 ends on the first line
# containing ``-->``) and marked's comment rule read them; the text after them is the model's.
#
# Written against the mutants of ``discovery/comments.py`` left open by the first run
# (docs/mutation.md).


@pytest.mark.parametrize("comment", ["<!-->", "<!--->", "  <!-->"])
def test_an_empty_comment_opens_no_comment(comment: str) -> None:
    """Oracle scenario "claude: <!--> opens no comment" (Claude Code 2.1.332 sends the
    line and what follows; a real comment after it is still hidden)."""
    text = f"{comment}\nkept for the model\n<!-- real note -->\nalso kept\n"
    kept, removed = strip_block_comments(text)
    assert kept == f"{comment}\nkept for the model\nalso kept\n"
    assert removed == len("<!-- real note -->\n")


def test_a_line_opened_by_an_empty_comment_stays_whole() -> None:
    assert strip_block_comments("<!--> tail\nnext\n") == ("<!--> tail\nnext\n", 0)


# Where Claude's hidden comments stop being hidden: the fence and comment-start patterns.
#
# A block-level HTML comment is hidden from the model, one inside a fenced code block is
# not (comments.py). Which lines open a fence is CommonMark's rule: up to three spaces of
# indent, then at least three backticks or tildes. Each case below is a line a user writes;
# getting its edge wrong either leaks a note to the model or hides an example from it.
# Found by mutating the module's patterns (scripts/mutation_patterns.py, docs/mutation.md).


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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "claude: a comment below a fence in a list item is hidden": the fence ends with
        # its list item, so the comment is no code (Claude Code 2.1.332)
        ("- item\n  ```\n<!-- a note -->\nafter\n", "- item\n  ```\nafter\n"),
        # "claude: comments below a fence closed by a no-break space are code": a run
        # followed by anything but spaces or tabs closes nothing
        ("```\n<!-- one -->\n```\u00a0\n<!-- two -->\nafter\n", None),
        ("```\n<!-- one -->\n``` info\n<!-- two -->\nafter\n", None),
        # a comment is an HTML block: a fence run inside it opens no block
        ("<!--\n```\n-->\n<!-- hidden -->\nkept\n", "kept\n"),
        # a lone CR ends a line too
        ("a\r<!-- note -->\rb\r", "a\rb\r"),
    ],
)
def test_code_is_found_as_commonmark_finds_it(text: str, expected: str | None) -> None:
    assert strip_block_comments(text)[0] == (text if expected is None else expected)
