"""Every kind of bad candidate in every profile's project slot, with the reason a user
reads. (Unreadable files need a process without root's override capabilities:
tests/core/test_context_hostile.py runs that case in a child process.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.context import EntryStatus, discover
from tests.core.helpers import write

SLOTS = {"or": "AGENTS.md", "claude": "CLAUDE.md", "codex": "AGENTS.md", "gemini": "GEMINI.md"}


def outcome(tree: Path, profile: str) -> tuple[EntryStatus, str]:
    """The one entry of the workspace's own slot file."""
    (tree / "ws/.git").mkdir(exist_ok=True)
    d = discover(tree / "ws", profile, home=tree / "home", environ={})
    [entry] = [e for e in d.entries if e.path == str(tree / "ws" / SLOTS[profile])]
    assert all(f.path != entry.path for f in d.files)
    return entry.status, entry.reason


@pytest.mark.parametrize("profile", SLOTS)
def test_an_empty_candidate_is_skipped(tree: Path, profile: str) -> None:
    write(tree / "ws" / SLOTS[profile], " \n\t\n")
    extra = " (it still takes the folder's slot)" if profile == "codex" else ""
    assert outcome(tree, profile) == (
        EntryStatus.SKIPPED,
        f"skipped: empty, nothing to load{extra}",
    )


@pytest.mark.parametrize("profile", SLOTS)
def test_a_folder_valued_candidate_is_skipped(tree: Path, profile: str) -> None:
    (tree / "ws" / SLOTS[profile]).mkdir()
    extra = "; the next name takes the folder's slot" if profile == "codex" else ""
    assert outcome(tree, profile) == (
        EntryStatus.SKIPPED,
        f"skipped: a directory, not a file{extra}",
    )


@pytest.mark.parametrize("profile", SLOTS)
def test_a_binary_candidate_loads_and_says_it_looks_binary(tree: Path, profile: str) -> None:
    path = write(tree / "ws" / SLOTS[profile], b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    (tree / "ws/.git").mkdir(exist_ok=True)
    d = discover(tree / "ws", profile, home=tree / "home", environ={})
    [entry] = [e for e in d.entries if e.path == str(path)]
    assert entry.status is EntryStatus.LOADED
    assert "not valid UTF-8 at byte 0" in entry.reason
    assert "NUL byte at 8: this looks like a binary file" in entry.reason
    assert entry.bad_byte == 0


@pytest.mark.parametrize("profile", SLOTS)
def test_a_utf16_file_is_named_as_such(tree: Path, profile: str) -> None:
    text = "# Rules\nUse tabs.\n"
    path = write(tree / "ws" / SLOTS[profile], b"\xff\xfe" + text.encode("utf-16-le"))
    (tree / "ws/.git").mkdir(exist_ok=True)
    d = discover(tree / "ws", profile, home=tree / "home", environ={})
    [entry] = [e for e in d.entries if e.path == str(path)]
    assert entry.reason.endswith(
        "saved as UTF-16 (little-endian, with a byte order mark): the agent reads UTF-8, so "
        "the model sees garbage; not valid UTF-8 at byte 0; decoded with replacement characters"
    )
    no_bom = write(tree / "ws" / SLOTS[profile], text.encode("utf-16-le"))
    d = discover(no_bom.parent, profile, home=tree / "home", environ={})
    [entry] = [e for e in d.entries if e.path == str(no_bom)]
    assert "saved as UTF-16 (little-endian, no byte order mark)" in entry.reason
    assert "NUL byte" not in entry.reason
