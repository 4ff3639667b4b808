"""PL032 underlines exactly the home folder of a machine path, in the shapes users write.

The finding's span is the prefix and the user name (``/home/alice``), whatever follows:
a separator, the end of a sentence, a closing quote or bracket, prose. A span that runs
on into the sentence, or a path missed because of its delimiter, is what a user sees.
Found by mutating PL032's ``_HOME`` (scripts/mutation_patterns.py, docs/mutation.md).
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.settings import Settings


def underlined(text: str) -> list[str]:
    found = analyze(text, path="/tmp/project/AGENTS.md", settings=Settings(select=("PL032",)))
    return [text[f.start : f.end] for f in found.findings]


@pytest.mark.parametrize(
    ("line", "home"),
    [
        ("Logs are in /home/alice and nowhere else.\n", "/home/alice"),
        ("Build output: /Users/bob\n", "/Users/bob"),
        ("Run it from /home/carol.\n", "/home/carol"),
        ("Run it from /home/carol.d/bin\n", "/home/carol.d"),
        ("See `/home/dave` for the data.\n", "/home/dave"),
        ("Open '/Users/erin' first.\n", "/Users/erin"),
        ('Set "path": "/home/frank",\n', "/home/frank"),
        ("(the data lives in /home/gina)\n", "/home/gina"),
        ("- [/home/hank](file:///x)\n", "/home/hank"),
        ("Copy to /home/ivan, then /tmp.\n", "/home/ivan"),
        ("Copy to /home/jaya; then build.\n", "/home/jaya"),
        ("Mount /home/kai:/data in the container.\n", "/home/kai"),
        ("<path>/home/lena>\n", "/home/lena"),
        ("Data: /HOME/mo/x\n", "/HOME/mo"),
        ("Data: C:\\Users\\nia\\repo\n", "C:\\Users\\nia"),
        ('"dir": "C:\\\\Users\\\\omar\\\\repo"\n', "C:\\\\Users\\\\omar"),
        ("Data: C:/Users/pia/repo\n", "C:/Users/pia"),
        ("Data: d:\\users\\quinn\\repo\n", "d:\\users\\quinn"),
    ],
)
def test_the_home_folder_is_underlined_and_nothing_more(line: str, home: str) -> None:
    assert underlined(line) == [home]


@pytest.mark.parametrize(
    "line",
    [
        "Every user's cache: /home/*/.cache\n",
        "A shell glob /home/a?c/x is no one's folder.\n",
        "Pipe it: /home/al|grep x\n",
        "Data: C:\\Users/rob\\x mixes separators.\n",
    ],
)
def test_names_a_home_folder_cannot_have_are_no_machine_path(line: str) -> None:
    assert underlined(line) == []
