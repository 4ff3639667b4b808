"""Comments in agents' ``settings.json`` (JSON with comments, as gemini-cli and Claude
Code read it): blanked outside strings, kept inside them, line numbers unchanged so a
problem's line still points at the user's line.

Written against the mutants of ``discovery/agent_settings.py`` that survived the rest
of the suite (docs/mutation.md).
"""

from __future__ import annotations

import pytest

from promptls.discovery.agent_settings import strip_comments


@pytest.mark.parametrize(
    ("text", "stripped"),
    [
        ('{"a": "x\\"//y", // c\n"b": 1}', '{"a": "x\\"//y", \n"b": 1}'),
        ('{"a": "/* no */"}', '{"a": "/* no */"}'),
        ('"\\\\" // c', '"\\\\" '),
        ('"a\\', '"a\\'),
        ("a // c", "a "),
        ("a/* x\ny */b", "a    \n    b"),
        ("a/**/b", "a    b"),
        ("a/*/ b */c", "a        c"),
        ("a/* x\ny", "a    \n "),
        ("a/* x */b/* y */c", "a       b       c"),
    ],
)
def test_comments_are_blanked_outside_strings_keeping_lines(text: str, stripped: str) -> None:
    assert strip_comments(text) == stripped
