"""Where a hidden comment that opens and closes in one breath ends: ``<!-->`` and
``<!--->`` are whole comments, as CommonMark's HTML block (type 2 ends on the first line
containing ``-->``) and marked's comment rule read them; the text after them is the model's.

Written against the mutants of ``discovery/comments.py`` left open by the first run
(docs/mutation.md).
"""

from __future__ import annotations

import pytest

from promptls.discovery.comments import strip_block_comments


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
