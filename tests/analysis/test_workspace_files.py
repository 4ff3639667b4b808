"""The project file listing behind PL021 and the glob hover: its caps, what it skips
and its cache.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from promptls.analysis.workspace_files import Listing, WorkspaceFiles


def _tree(tmp_path: Path) -> Path:
    """``top.md`` and ``a/one.md``, ``b/two.md``: three folders in all."""
    root = tmp_path / "ws"
    for rel in ("top.md", "a/one.md", "b/two.md"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("x\n", encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("max_dirs", "files", "complete"),
    [
        (1, ("top.md",), False),
        (2, ("top.md", "a/one.md"), False),
        (3, ("top.md", "a/one.md", "b/two.md"), True),
    ],
)
def test_the_folder_cap(
    tmp_path: Path, max_dirs: int, files: tuple[str, ...], complete: bool
) -> None:
    root = _tree(tmp_path)
    listing = WorkspaceFiles(max_dirs=max_dirs).listing(str(root))
    assert (listing.root, listing.files, listing.complete) == (str(root), files, complete)


def test_a_link_to_a_file_is_listed_a_link_to_a_folder_is_not(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    (root / "link.md").symlink_to(root / "top.md")
    (root / "linked").symlink_to(root / "a")
    listing = WorkspaceFiles().listing(str(root))
    assert listing.files == ("link.md", "top.md", "a/one.md", "b/two.md")


def test_an_unreadable_folder_or_entry_is_skipped_and_the_walk_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Running as root makes permissions moot: the failures are simulated where os raises.
    root = _tree(tmp_path)
    (root / "c").mkdir()
    (root / "c" / "three.md").write_text("x\n", encoding="utf-8")
    real_scandir = os.scandir

    class Broken:
        """A folder entry whose type cannot be read (``lstat`` failing)."""

        name = "aa-broken"

        def is_dir(self, *, follow_symlinks: bool = True) -> bool:
            raise PermissionError(self.name)

    class Entries:
        def __init__(self, path: str) -> None:
            self.inner = real_scandir(path)
            self.path = path

        def __enter__(self) -> list[object]:
            listed: list[object] = list(self.inner)
            return [Broken(), *listed] if self.path == str(root) else listed

        def __exit__(self, *args: object) -> None:
            self.inner.close()

    def scandir(path: str) -> Entries:
        if path.endswith(os.sep + "a"):
            raise PermissionError(path)
        return Entries(path)

    monkeypatch.setattr(os, "scandir", scandir)
    listing = WorkspaceFiles().listing(str(root))
    assert listing.files == ("top.md", "b/two.md", "c/three.md")
    assert listing.complete


def test_a_fresh_listing_is_reused_until_it_ages(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    now = [1000.0]
    files = WorkspaceFiles(fresh_seconds=10.0, clock=lambda: now[0])
    files.listing(str(root))
    now[0] += 9.0
    files.listing(str(root))
    assert files.walks == 1
    now[0] += 2.0
    files.listing(str(root))
    assert files.walks == 2


def test_eight_roots_are_kept_and_the_oldest_goes_first(tmp_path: Path) -> None:
    roots: list[str] = []
    for i in range(9):
        (tmp_path / f"r{i}").mkdir()
        roots.append(str(tmp_path / f"r{i}"))
    files = WorkspaceFiles(clock=lambda: 0.0)
    for root in roots[:8]:
        files.listing(root)
    files.listing(roots[0])  # still kept: no walk
    assert files.walks == 8
    files.listing(roots[8])  # the ninth pushes out the least recently used, r1
    files.listing(roots[8])
    files.listing(roots[0])
    assert files.walks == 9
    files.listing(roots[1])
    assert files.walks == 10


def test_forgetting_a_root_never_listed_is_harmless(tmp_path: Path) -> None:
    files = WorkspaceFiles()
    files.forget(str(tmp_path / "never"))
    root = _tree(tmp_path)
    files.listing(str(root))
    files.forget(str(root))
    files.listing(str(root))
    assert files.walks == 2
    assert files.listing(str(root)) == Listing(
        str(root), ("top.md", "a/one.md", "b/two.md"), complete=True
    )
