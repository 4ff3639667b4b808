"""Environment detection: platform ids, shell, date and Git state read from files only."""

from __future__ import annotations

import dataclasses
import os
import platform
import threading
from datetime import date
from pathlib import Path

import pytest

from promptls.assembly import environment
from promptls.discovery.git import branch_from_head
from promptls.environment import (
    Environment,
    detect_environment,
    find_git_dir,
    go_arch,
    go_os,
)

TODAY = date(2025, 3, 4)
SHA1 = "0123456789abcdef0123456789abcdef01234567"
SHA256 = "ab" * 32


def make_repo(root: Path, head: str | bytes | None) -> Path:
    """A folder with a ``.git`` directory and the given HEAD (None: no HEAD file)."""
    git = root / ".git"
    git.mkdir(parents=True)
    if isinstance(head, str):
        (git / "HEAD").write_text(head)
    elif isinstance(head, bytes):
        (git / "HEAD").write_bytes(head)
    return git


def env_for(root: Path, **environ: str) -> Environment:
    """Detect with a controlled environ and date so nothing of the host leaks in."""
    return detect_environment(root, environ=environ, today=TODAY)


def test_branch_from_symbolic_ref(tmp_path: Path) -> None:
    make_repo(tmp_path, "ref: refs/heads/feature/login\n")
    env = env_for(tmp_path)
    assert env.git_repo is True
    assert env.git_branch == "feature/login"


def test_branch_found_from_a_subfolder(tmp_path: Path) -> None:
    make_repo(tmp_path, "ref: refs/heads/main\n")
    sub = tmp_path / "a" / "b"
    sub.mkdir(parents=True)
    env = env_for(sub)
    assert (env.git_repo, env.git_branch, env.cwd) == (True, "main", str(sub))
    location = find_git_dir(sub)
    assert location is not None
    assert location.worktree == str(tmp_path)
    assert location.git_dir == str(tmp_path / ".git")


@pytest.mark.parametrize(("head", "branch"), [(SHA1, SHA1[:7]), (SHA256, SHA256[:7])])
def test_detached_head_is_a_short_commit(tmp_path: Path, head: str, branch: str) -> None:
    make_repo(tmp_path, head + "\n")
    assert env_for(tmp_path).git_branch == branch


def test_worktree_git_file_with_relative_gitdir(tmp_path: Path) -> None:
    main = tmp_path / "main"
    wt_git = make_repo(main, "ref: refs/heads/main\n") / "worktrees" / "wt"
    wt_git.mkdir(parents=True)
    (wt_git / "HEAD").write_text("ref: refs/heads/topic\n")
    worktree = tmp_path / "wt"
    worktree.mkdir()
    (worktree / ".git").write_text("gitdir: ../main/.git/worktrees/wt\n")
    env = env_for(worktree)
    assert (env.git_repo, env.git_branch) == (True, "topic")


def test_gitdir_pointing_to_missing_folder(tmp_path: Path) -> None:
    (tmp_path / ".git").write_text("gitdir: /nonexistent/promptls/repo.git\n")
    env = env_for(tmp_path)
    assert (env.git_repo, env.git_branch) == (True, "")
    location = find_git_dir(tmp_path)
    assert location is not None and location.git_dir is None


def test_missing_head_means_repo_without_branch(tmp_path: Path) -> None:
    make_repo(tmp_path, None)
    env = env_for(tmp_path)
    assert (env.git_repo, env.git_branch) == (True, "")


@pytest.mark.parametrize(
    "head",
    [
        b"\x00\xff\xfe garbage",
        b"not a ref at all",
        b"ref: ",
        b"ref: refs/heads/bad name with spaces",
        b"ref: refs/heads/a..b",
        b"0123456789abcdef",
        b"x" * 100_000,
    ],
)
def test_garbage_head_gives_empty_branch(tmp_path: Path, head: bytes) -> None:
    make_repo(tmp_path, head)
    env = env_for(tmp_path)
    assert (env.git_repo, env.git_branch) == (True, "")


def test_head_that_is_a_fifo_does_not_hang(tmp_path: Path) -> None:
    git = make_repo(tmp_path, None)
    os.mkfifo(git / "HEAD")
    result: list[Environment] = []
    worker = threading.Thread(target=lambda: result.append(env_for(tmp_path)), daemon=True)
    worker.start()
    worker.join(timeout=20)
    assert not worker.is_alive(), "reading a FIFO HEAD blocked"
    assert (result[0].git_repo, result[0].git_branch) == (True, "")


def test_garbage_git_file_is_a_repo_without_branch(tmp_path: Path) -> None:
    (tmp_path / ".git").write_bytes(b"\xff\xfe nonsense")
    env = env_for(tmp_path)
    assert (env.git_repo, env.git_branch) == (True, "")


def test_no_repository(tmp_path: Path) -> None:
    if find_git_dir(tmp_path) is not None:
        pytest.skip("the temporary folder is itself inside a Git repository")
    env = env_for(tmp_path)
    assert (env.git_repo, env.git_branch) == (False, "")


def test_other_symbolic_refs_keep_their_namespace() -> None:
    assert branch_from_head("ref: refs/remotes/origin/main") == "remotes/origin/main"
    assert branch_from_head("ref: refs/heads/main") == "main"


def test_shell_from_environ_and_empty_when_unset(tmp_path: Path) -> None:
    assert env_for(tmp_path, SHELL="/bin/zsh").shell == "/bin/zsh"
    assert env_for(tmp_path).shell == ""


def test_shell_defaults_to_process_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHELL", "/usr/bin/fish")
    assert detect_environment(tmp_path, today=TODAY).shell == "/usr/bin/fish"
    monkeypatch.delenv("SHELL")
    assert detect_environment(tmp_path, today=TODAY).shell == ""


def test_date_is_iso_and_injectable(tmp_path: Path) -> None:
    assert env_for(tmp_path).date == "2025-03-04"
    before = date.today().isoformat()
    real = detect_environment(tmp_path, environ={}).date
    assert real in {before, date.today().isoformat()}


@pytest.mark.parametrize(
    ("platform", "goos"),
    [
        ("linux", "linux"),
        ("darwin", "darwin"),
        ("win32", "windows"),
        ("cygwin", "windows"),
        ("freebsd14", "freebsd"),
        ("openbsd7", "openbsd"),
        ("sunos5", "solaris"),
        ("aix", "aix"),
    ],
)
def test_go_os_ids(platform: str, goos: str) -> None:
    assert go_os(platform) == goos


@pytest.mark.parametrize(
    ("machine", "goarch"),
    [
        ("x86_64", "amd64"),
        ("AMD64", "amd64"),
        ("aarch64", "arm64"),
        ("arm64", "arm64"),
        ("i686", "386"),
        ("armv7l", "arm"),
        ("riscv64", "riscv64"),
        ("ppc64le", "ppc64le"),
        ("s390x", "s390x"),
        ("loongarch64", "loong64"),
        ("sparc64", "sparc64"),
    ],
)
def test_go_arch_ids(machine: str, goarch: str) -> None:
    assert go_arch(machine) == goarch


def test_environment_is_frozen_and_host_platform_is_go_style(tmp_path: Path) -> None:
    env = env_for(tmp_path)
    with pytest.raises(dataclasses.FrozenInstanceError):
        env.shell = "x"  # type: ignore[misc]
    assert env.os in {"linux", "darwin", "windows", "freebsd"}
    assert env.arch in {"amd64", "arm64", "386", "arm", "riscv64", "ppc64le", "s390x"}


def test_unusual_roots_never_raise(tmp_path: Path) -> None:
    assert env_for(tmp_path / "does" / "not" / "exist").cwd.endswith("exist")
    assert detect_environment("/", environ={}, today=TODAY).cwd == "/"
    find_git_dir(str(tmp_path / "bad\x00path"))  # must not raise
    assert env_for(tmp_path / "bad\x00path").git_branch == ""


def test_symlinked_head_of_old_gits(tmp_path: Path) -> None:
    git = make_repo(tmp_path, None)
    (git / "refs/heads").mkdir(parents=True)
    (git / "refs/heads/legacy").write_text(SHA1 + "\n")
    os.symlink("refs/heads/legacy", git / "HEAD")
    assert env_for(tmp_path).git_branch == "legacy"


def test_the_machine_is_what_platform_says() -> None:
    assert environment.machine() == platform.machine()
