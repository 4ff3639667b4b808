"""``promptls.text.paths.within``: the one answer to "is this path in that folder"."""

from __future__ import annotations

import os

import pytest

from promptls.text.paths import within


@pytest.mark.parametrize(
    ("path", "folder", "inside", "below"),
    [
        ("/a/b", "/a/b", True, False),
        ("/a/b/c", "/a/b", True, True),
        ("/a/b/c/d.md", "/a/b", True, True),
        ("/a/bc", "/a/b", False, False),  # a whole component, not a string prefix
        ("/a", "/a/b", False, False),
        ("/a/b/", "/a/b", True, False),  # a trailing separator changes nothing
        ("/a/b", "/a/b/", True, False),
        ("/a/b/c", "/a/b/", True, True),
        ("/a//b/./c", "/a/b", True, True),  # doubled separators and . components
        ("/a/b/../c", "/a/b", False, False),  # .. is undone before comparing
        ("/a/c/../b/x", "/a/b", True, True),
        ("/anything/at/all", "/", True, True),  # everything is below the root
        ("/", "/", True, False),
        ("a/b", "/a", False, False),  # relative against absolute: never
        ("/a/b", "a", False, False),
        ("", "/a", False, False),
        ("/a", "", False, False),
    ],
)
def test_within_is_lexical_by_whole_normalised_components(
    path: str, folder: str, inside: bool, below: bool
) -> None:
    assert within(path, folder) is inside
    assert within(path, folder, strict=True) is below


@pytest.mark.skipif(os.name == "nt", reason="POSIX file names are case-sensitive")
def test_case_counts_on_posix() -> None:
    assert not within("/A/b", "/a")


def test_a_symbolic_link_counts_where_it_is_written(tmp_path: os.PathLike[str]) -> None:
    outside = os.path.join(str(tmp_path), "outside")
    root = os.path.join(str(tmp_path), "root")
    os.makedirs(outside)
    os.makedirs(root)
    link = os.path.join(root, "link")
    os.symlink(outside, link)
    assert within(os.path.join(link, "f.md"), root)
    assert not within(os.path.realpath(os.path.join(link, "f.md")), os.path.realpath(root))


def test_odd_strings_never_raise() -> None:
    for path in ("\x00", "/a\x00b", "C:\\x", "\\\\server\\share", "~", ".", ".."):
        within(path, "/a")
        within("/a", path)
