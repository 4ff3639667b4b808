"""PL032 on the three shapes that misled it on real repositories: web routes written
like a home folder (``GET /users/1``), a home path inside a ``file://`` link (a local
file, not a web path), and a "don't" a line or two above a path that it does not label."""

from __future__ import annotations

import pytest

from .test_pl032_patterns import underlined


@pytest.mark.parametrize(
    "line",
    [
        "Call `GET /users/1` first.\n",
        "Orders: /users/42/orders\n",
        "The posts route is /users/alice/posts\n",
        "A numeric folder /home/1000/x is a uid, no account name.\n",
    ],
    ids=["route-number", "route-nested", "route-lowercase-name", "numeric"],
)
def test_a_web_route_is_no_home_path(line: str) -> None:
    assert underlined(line) == []


@pytest.mark.parametrize(
    ("line", "home"),
    [
        ("[notes](file:///Users/alice/notes.md)\n", "/Users/alice"),
        ("<FILE:///home/bob/x>\n", "/home/bob"),
        ("file:///C:/Users/carol/x\n", "C:/Users/carol"),
        ("Mac home: /USERS/dave/x\n", "/USERS/dave"),
    ],
    ids=["markdown-link", "upper-scheme", "windows", "upper-case-home"],
)
def test_a_file_url_holds_this_machines_path(line: str, home: str) -> None:
    assert underlined(line) == [home]


@pytest.mark.parametrize(
    ("text", "reported"),
    [
        ("- Don't push to main.\n- Work in:\n  /Users/bob/x\n", True),
        ("Don't leak it.\nRun:\n/Users/bob/x\n", True),
        ("Don't hard-code it like this:\n\n/Users/bob/x\n", False),
        ("Don't hard-code it like **this:**\n/Users/bob/x\n", False),
        ("Don't do this\n```sh\ncd /Users/bob/x\n```\n", False),
        ("- Don't do this\n  ```sh\n  cd /Users/bob/x\n  ```\n", False),
        ("Don't 这样写：\n/Users/bob/x\n", False),
        ("BAD\nl1\n/Users/bob/x\n", False),
        ("Don't\nl1\nl2\n/Users/bob/x\n", True),
    ],
    ids=["other-instruction", "leak-sentence", "colon", "colon-in-emphasis", "fence-below",
         "fence-below-in-a-list", "fullwidth-colon", "label", "out-of-reach"],
)  # fmt: skip
def test_a_dont_above_labels_a_path_only_when_it_introduces_it(text: str, reported: bool) -> None:
    assert bool(underlined(text)) is reported
