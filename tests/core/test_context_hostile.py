"""Hostile files: discovery answers with a reason and never raises, hangs or over-reads."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from promptls.context import PROFILES, Discovery, EntryStatus, discover
from promptls.text import fsread
from tests.core.helpers import write


def run(tree: Path, profile: str = "or", max_bytes: int = fsread.DEFAULT_MAX_BYTES) -> Discovery:
    """Discover the workspace with the fake home."""
    return discover(tree / "ws", profile, home=tree / "home", environ={}, max_bytes=max_bytes)


def entry_for(d: Discovery, path: Path) -> tuple[EntryStatus, str]:
    """The one entry recorded for a path."""
    (entry,) = [e for e in d.entries if e.path == str(path)]
    return entry.status, entry.reason


def finishes(action: Callable[[], object]) -> object:
    """Run in a thread and fail (instead of hanging the suite) if it blocks."""
    box: list[object] = []
    worker = threading.Thread(target=lambda: box.append(action()), daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert not worker.is_alive(), "discovery blocked"
    return box[0]


def test_fifo_is_skipped_without_blocking(tree: Path) -> None:
    os.mkfifo(tree / "ws/AGENTS.md")
    d = finishes(lambda: run(tree))
    assert isinstance(d, Discovery)
    assert entry_for(d, tree / "ws/AGENTS.md") == (
        EntryStatus.SKIPPED,
        "skipped: a FIFO (named pipe), not a regular file",
    )


def test_symlink_to_a_fifo_and_to_a_device(tree: Path) -> None:
    os.mkfifo(tree / "pipe")
    os.symlink(tree / "pipe", tree / "ws/AGENTS.md")
    os.symlink("/dev/zero", tree / "ws/AGENTS.local.md")
    d = finishes(lambda: run(tree))
    assert isinstance(d, Discovery)
    assert "FIFO" in entry_for(d, tree / "ws/AGENTS.md")[1]
    assert entry_for(d, tree / "ws/AGENTS.local.md") == (
        EntryStatus.SKIPPED,
        "skipped: a device, not a regular file",
    )


def test_symlink_loop(tree: Path) -> None:
    os.symlink(tree / "ws/loop2", tree / "ws/AGENTS.md")
    os.symlink(tree / "ws/AGENTS.md", tree / "ws/loop2")
    d = run(tree)
    assert entry_for(d, tree / "ws/AGENTS.md") == (EntryStatus.SKIPPED, "skipped: a symlink loop")


def test_symlink_to_a_directory_and_broken_symlink(tree: Path) -> None:
    (tree / "adir").mkdir()
    os.symlink(tree / "adir", tree / "ws/AGENTS.md")
    os.symlink(tree / "nowhere", tree / "ws/AGENTS.local.md")
    d = run(tree)
    assert entry_for(d, tree / "ws/AGENTS.md")[1] == "skipped: a directory, not a file"
    assert "broken symlink" in entry_for(d, tree / "ws/AGENTS.local.md")[1]


def test_codex_symlink_to_directory_passes_the_slot_on(tree: Path) -> None:
    """codex follows links with stat: a link to a folder is not a file, AGENTS.md loads
    (agents_md_tests.rs override_directory_falls_back_to_agents_md_file, @04393ff9)."""
    (tree / "adir").mkdir()
    os.symlink(tree / "adir", tree / "ws/AGENTS.override.md")
    write(tree / "ws/AGENTS.md", "loaded")
    d = run(tree, "codex")
    status, reason = entry_for(d, tree / "ws/AGENTS.override.md")
    assert status is EntryStatus.SKIPPED
    assert reason == "skipped: a directory, not a file; the next name takes the folder's slot"
    assert entry_for(d, tree / "ws/AGENTS.md")[0] is EntryStatus.LOADED


def test_invalid_utf8_is_decoded_with_replacement_and_reported(tree: Path) -> None:
    write(tree / "ws/AGENTS.md", b"hello \xff\xfe world\x00 binary")
    d = run(tree)
    status, reason = entry_for(d, tree / "ws/AGENTS.md")
    assert status is EntryStatus.LOADED
    assert "not valid UTF-8 at byte 6" in reason
    assert "NUL byte at 14: this looks like a binary file" in reason
    assert d.files[-1].content.startswith("hello \ufffd\ufffd world")


def test_twenty_megabyte_file_is_capped(tree: Path) -> None:
    size = 20 * 1024 * 1024
    write(tree / "ws/AGENTS.md", b"x" * size)
    d = run(tree)
    status, reason = entry_for(d, tree / "ws/AGENTS.md")
    assert status is EntryStatus.CUT
    assert reason == (
        f"cut at byte {1024 * 1024}: the file is {size} bytes, over the 1 MiB read cap"
    )
    assert len(d.files[-1].content) == 1024 * 1024


def test_sparse_fifty_megabyte_file_with_custom_cap_keeps_characters_whole(tree: Path) -> None:
    path = write(tree / "ws/AGENTS.md", "é" * 10)
    with path.open("r+b") as handle:
        handle.truncate(50 * 1024 * 1024)
    d = run(tree, max_bytes=5)
    assert d.files[-1].content == "éé", "the cap backs off to a character boundary"
    status, reason = entry_for(d, path)
    assert status is EntryStatus.CUT and "52428800 bytes" in reason


def test_file_deleted_between_stat_and_open(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = write(tree / "ws/AGENTS.md", "soon gone")
    real_open = os.open

    def vanishing_open(path: str, flags: int, *args: int) -> int:
        if path == str(target):
            target.unlink()
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", vanishing_open)
    d = run(tree)
    assert entry_for(d, target) == (
        EntryStatus.SKIPPED,
        "skipped: it disappeared before it could be read",
    )


@pytest.fixture
def shared_tree() -> Iterator[Path]:
    """A world-traversable tree, so an unprivileged child process can walk it."""
    base = Path(tempfile.mkdtemp(prefix="promptls-perm-"))
    base.chmod(0o755)
    for sub in ("home", "ws"):
        (base / sub).mkdir(mode=0o755)
        (base / sub).chmod(0o755)
    try:
        yield base
    finally:
        for path in base.rglob("*"):
            if not path.is_symlink():
                path.chmod(0o755)
        shutil.rmtree(base, ignore_errors=True)


def discover_unprivileged(base: Path) -> list[dict[str, str]]:
    """Discover as an ordinary user: root ignores file modes, so a root test forks a
    child that drops to uid/gid 65534 (nobody) before discovering, and sends the
    entries back over a pipe. Without root, discover in-process."""

    def entries() -> list[dict[str, str]]:
        d = discover(base / "ws", "or", home=base / "home", environ={})
        return [{"path": e.path, "status": e.status.value, "reason": e.reason} for e in d.entries]

    if os.geteuid() != 0:
        return entries()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child
        code = 1
        try:
            os.close(read_end)
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            os.write(write_end, json.dumps(entries()).encode())
            code = 0
        finally:
            os._exit(code)
    os.close(write_end)
    chunks = []
    while chunk := os.read(read_end, 65536):
        chunks.append(chunk)
    os.close(read_end)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, "the unprivileged child failed"
    result: list[dict[str, str]] = json.loads(b"".join(chunks))
    return result


def test_unreadable_file_and_unreadable_folder(shared_tree: Path) -> None:
    secret = write(shared_tree / "ws/AGENTS.md", "secret")
    secret.chmod(0o000)
    locked = shared_tree / "home/.or"
    write(locked / "AGENTS.md", "user file in a folder without search permission")
    locked.chmod(0o600)
    entries = {e["path"]: e for e in discover_unprivileged(shared_tree)}
    assert entries[str(secret)]["status"] == "skipped"
    assert entries[str(secret)]["reason"] == "skipped: permission denied"
    user = entries[str(locked / "AGENTS.md")]
    assert (user["status"], user["reason"]) == ("skipped", "skipped: permission denied")


def test_workspace_at_filesystem_root(tree: Path) -> None:
    for name in PROFILES:
        d = discover("/", name, home=tree / "home", environ={}, max_bytes=4096)
        assert d.root == "/"
        assert all(len(f.content.encode()) <= 4096 for f in d.files)


def test_home_unset(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    d = discover(tree / "ws", "or", environ={})
    (entry,) = d.entries
    assert entry.status is EntryStatus.SKIPPED
    assert entry.reason == "no user-level files: HOME is not set"
    assert d.files == ()

    # No $HOME and no password entry: expanduser leaves "~" as it is.
    monkeypatch.setattr(os.path, "expanduser", lambda path: path)
    d = discover(tree / "ws", "claude")
    assert any("cannot be determined" in e.reason for e in d.entries)


def test_home_pointing_nowhere(tree: Path) -> None:
    nowhere = tree / "no-such-home"
    for name in PROFILES:
        if not PROFILES[name].user_files:
            continue  # cursor: its user rules live in its settings, not in files
        d = discover(tree / "ws", name, home=nowhere, environ={})
        reasons = [e.reason for e in d.entries if e.path.startswith(str(nowhere))]
        assert reasons == [f"no user-level files: the home directory {nowhere} does not exist"]


def test_missing_codex_home(tree: Path) -> None:
    d = discover(tree / "ws", "codex", home=tree / "home", environ={"CODEX_HOME": "/nope/x"})
    assert [e.reason for e in d.entries] == [
        "no user-level files: CODEX_HOME /nope/x does not exist"
    ]


def test_nonexistent_root_and_nul_in_path_do_not_raise(tree: Path) -> None:
    for name in PROFILES:
        discover(tree / "ws/not/there", name, home=tree / "home", environ={})
    result = fsread.read_bounded(str(tree / "ws/bad\x00name"))
    assert result.data is None and "NUL" in result.problem
