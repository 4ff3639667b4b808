"""Which folder a file belongs to, for a Windows user's paths.

The suite runs on POSIX, where a backslash is an ordinary name character; on Windows it
is the separator, and a rules file, a skill bundle or ``.github\\copilot-instructions.md``
must still belong to the folder above its marker, or the editor asks discovery from the
wrong folder and shows the wrong agents' files. These tests run ``owning_folder`` with
Windows path semantics (``ntpath`` and ``PureWindowsPath`` in place of the host's).
"""

from __future__ import annotations

import ntpath
import os
from collections.abc import Iterator
from pathlib import PureWindowsPath
from types import SimpleNamespace

import pytest

from promptls.discovery import api


def _clear() -> None:
    clear = getattr(api._owning_folder, "cache_clear", None)
    if clear is not None:
        clear()


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``api`` sees a Windows host: ``os.path`` is ``ntpath``, ``os.sep`` is a backslash."""
    _clear()
    host = SimpleNamespace(
        path=ntpath, sep="\\", fspath=os.fspath, getcwd=lambda: "C:\\Users\\dev\\work"
    )
    monkeypatch.setattr(api, "os", host)
    monkeypatch.setattr(api, "PurePath", PureWindowsPath)
    yield
    _clear()


@pytest.mark.usefixtures("windows")
@pytest.mark.parametrize(
    ("path", "owner"),
    [
        ("C:\\repo\\AGENTS.md", "C:\\repo"),
        ("C:\\repo\\.claude\\rules\\style.md", "C:\\repo"),
        ("C:\\repo\\.claude\\rules\\deep\\er\\style.md", "C:\\repo"),
        ("C:\\repo\\.github\\copilot-instructions.md", "C:\\repo"),
        ("C:\\repo\\.claude\\CLAUDE.md", "C:\\repo"),
        ("C:\\repo\\.claude\\skills\\deploy\\AGENTS.md", "C:\\repo"),
        ("C:\\repo\\docs\\notes.md", "C:\\repo\\docs"),
    ],
)
def test_a_windows_file_belongs_to_the_folder_above_its_marker(path: str, owner: str) -> None:
    assert api.owning_folder(path) == owner


@pytest.mark.usefixtures("windows")
def test_a_windows_path_with_forward_slashes_is_read_the_same() -> None:
    assert api.owning_folder("C:/repo/.claude/rules/style.md") == "C:\\repo"


@pytest.mark.usefixtures("windows")
def test_a_relative_windows_rules_path_belongs_to_its_relative_folder() -> None:
    assert api.owning_folder("repo\\.claude\\rules\\style.md") == "repo"
    assert api.owning_folder(".claude\\rules\\style.md") == "."
