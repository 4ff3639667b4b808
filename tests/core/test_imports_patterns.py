"""Which ``@`` tokens the agents import, at the edges their token and fence patterns draw.

Claude reads ``@path`` only at a line start or after whitespace, outside fenced code
(CommonMark fences: up to three spaces, then three or more backticks or tildes); gemini
refuses URL tokens. A token read where the agent reads none (an e-mail address, code)
makes promptls show an import the model never gets, and the reverse hides one it does.
Found by mutating imports.py's patterns (scripts/mutation_patterns.py, docs/mutation.md).
"""

from __future__ import annotations

import pytest

from promptls.discovery.imports import find_imports, is_url


def claude(text: str) -> list[str]:
    return [ref.target for ref in find_imports(text, "claude")]


def test_an_address_glued_to_a_word_is_no_import() -> None:
    assert claude("mail ops@team.md or see @notes.md\n") == ["notes.md"]


def test_a_stray_backtick_ends_the_token() -> None:
    assert claude("see @notes.md` and @a\\ b.md\n") == ["notes.md", "a b.md"]


@pytest.mark.parametrize(
    ("text", "targets"),
    [
        ("    ```\n@a.md\n", ["a.md"]),  # four spaces: indented code, not a fence
        ("   ```\n@a.md\n   ```\n@b.md\n", ["b.md"]),  # three spaces: a fence
        ("``\n@a.md\n``\n", ["a.md"]),  # two backticks: no fence
        ("~~\n@a.md\n~~\n", ["a.md"]),
        ("~~~\n@a.md\n~~~\n@b.md\n", ["b.md"]),
    ],
    ids=["four-spaces", "three-spaces", "two-backticks", "two-tildes", "three-tildes"],
)
def test_imports_inside_a_fence_are_not_read(text: str, targets: list[str]) -> None:
    assert claude(text) == targets


@pytest.mark.parametrize(
    ("token", "url"),
    [("file:///etc/x.md", True), ("http://a/x.md", True), ("https://a/x.md", True),
     ("./http.md", False), ("ftp://a/x.md", False)],
)  # fmt: skip
def test_gemini_refuses_file_and_web_urls(token: str, url: bool) -> None:
    assert is_url(token) is url
