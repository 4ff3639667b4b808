"""PL032's counter-example marks glued to text in a script written without spaces, to
Markdown emphasis or to a number.

Chinese and Japanese are written without spaces, so a Latin mark sits right against the
text around it (``反例BAD:``, ``情報がleakする``), and Markdown's ``_BAD_`` glues ``_`` to
it; ``\\b`` saw no word edge there (a CJK character and ``_`` are word characters), so the
author's counter-example was taken for an instruction and its path reported. What ends
an English word is an ASCII letter only (``Sinbad``, ``Badges``, ``bleak``, ``Don'ts``
stay no mark) (docs/mutation.md, "Session 8's speed changes and the mention fence fix").
"""

from __future__ import annotations

import pytest

from .test_pl032_patterns import underlined


@pytest.mark.parametrize(
    "line",
    [
        "反例BAD: cd /home/alice/repo\n",
        "错误示范WRONG: cd /home/alice/repo\n",
        "BAD例: cd /home/alice/repo\n",
        "悪い例: ユーザー名がleakする /home/alice/repo\n",
        "Don'tの例: cd /home/alice/repo\n",
        "Don\u2019t例: cd /home/alice/repo\n",
    ],
    ids=["cjk-before-bad", "cjk-before-wrong", "cjk-after-bad", "cjk-before-leak",
         "cjk-after-dont", "cjk-after-curly-dont"],
)  # fmt: skip
def test_a_mark_glued_to_cjk_text_marks_a_counter_example(line: str) -> None:
    assert underlined(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "_BAD_: cd /home/alice/repo\n",
        "_Wrong:_ cd /home/alice/repo\n",
        "Never commit this, it _leaks_ /home/alice/repo\n",
    ],
    ids=["italic-bad", "italic-wrong", "italic-leaks"],
)
def test_a_mark_in_underscore_emphasis_marks_a_counter_example(line: str) -> None:
    assert underlined(line) == []


@pytest.mark.parametrize(
    "line",
    ["BAD1: cd /home/alice/repo\n", "WRONG2: cd /home/alice/repo\n", "2BAD: cd /home/alice\n"],
    ids=["bad1", "wrong2", "2bad"],
)
def test_a_numbered_mark_marks_a_counter_example(line: str) -> None:
    assert underlined(line) == []


@pytest.mark.parametrize(
    "words",
    ["Hyderabad", "Hyderabad:", "Badminton", "wrongful:", "bleak", "Don'ts", "Don\u2019tsに"],
)
def test_a_longer_english_word_is_no_mark_next_to_cjk_either(words: str) -> None:
    assert underlined(f"例{words} cd /home/alice/repo\n") == ["/home/alice"]
