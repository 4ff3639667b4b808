"""PL032 after its pre-check (the URL spans are found only once a home path is met):
a home path in a URL's query is still the URL's, not the machine's.

Written from the mutation run of session 5 (docs/mutation.md): with the URL spans never
found (``x_check__mutmut_14``), only the character before a path kept URLs quiet, and a
path after ``=`` or ``#`` in a URL was reported.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_never_loaded_and_home_paths import _home_paths, _write, home, repo

__all__ = ["home", "repo"]  # fixtures shared with the behaviour tests


@pytest.mark.parametrize(
    "url",
    [
        "https://ci.example.com/browse?dir=/home/alice/build",
        "https://example.com/docs#/Users/bob/notes",
        "file:///C:/tools/view?C:\\Users\\carol\\repo",
    ],
    ids=["query", "fragment", "windows"],
)
def test_a_home_path_inside_a_url_stays_quiet(repo: Path, home: Path, url: str) -> None:
    shared = _write(repo / "AGENTS.md", f"See {url} for the logs.\n")
    assert _home_paths(shared, home) == []
    # The same path outside the URL is reported.
    path = url.split("=")[-1].split("#")[-1].split("?")[-1]
    alone = _write(repo / "AGENTS.md", f"See {path} for the logs.\n")
    assert len(_home_paths(alone, home)) == 1
