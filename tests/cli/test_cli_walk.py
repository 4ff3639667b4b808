"""Which files ``check`` reads: skipped folders, .gitignore, exclude, text filter."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis.check_files import GitIgnore, Subtree, Tree, pieces, walk
from promptls.analysis.globs import matches
from promptls.config import Settings
from tests import MARKER, examples


def _rel(root: Path, paths: list[Path]) -> list[str]:
    """Paths relative to the walked root, with forward slashes."""
    return [p.relative_to(root).as_posix() for p in paths]


def _touch(root: Path, *names: str) -> None:
    """Create files (and their folders)."""
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"{MARKER}\n")


def test_walk_filters_and_skips(tmp_path: Path) -> None:
    _touch(
        tmp_path,
        "AGENTS.md",
        "notes.md",
        "a.prompt",
        "src/app.py",
        "src/prompts/x.txt",
        "node_modules/pkg/AGENTS.md",
        ".git/AGENTS.md",
        ".venv/x.prompt",
        "build/out.md",
        "logs/today.log.md",
        "vendor/keep.md",
        "vendor/skip.md",
    )
    (tmp_path / ".gitignore").write_text(
        "# comment\nbuild/\n*.log.md\n/vendor/*\n!/vendor/keep.md\n"
    )
    found = _rel(tmp_path, walk(tmp_path, Settings(), None))
    assert found == ["AGENTS.md", "a.prompt", "notes.md", "src/prompts/x.txt", "vendor/keep.md"]
    excluded = walk(tmp_path, Settings(exclude=("src/**", "notes.md")), None)
    assert _rel(tmp_path, excluded) == ["AGENTS.md", "a.prompt", "vendor/keep.md"]


def test_gitignore_semantics() -> None:
    ignore = GitIgnore(
        (("/build", False, True), ("*.tmp", False, False), ("/docs/gen", False, False))
    )
    assert ignore.ignored("build", True)
    assert not ignore.ignored("build", False)  # dir-only pattern
    assert not ignore.ignored("src/build", True)  # anchored
    assert ignore.ignored("a/b/c.tmp", False)
    assert ignore.ignored("docs/gen", True) and not ignore.ignored("x/docs/gen", True)


def test_loaded_gitignore_anchors_middle_slash(tmp_path: Path) -> None:
    (tmp_path / ".gitignore").write_text("docs/gen\nout/\n")
    ignore = GitIgnore.load(tmp_path)
    assert ignore.ignored("docs/gen", True) and not ignore.ignored("a/docs/gen", True)
    assert ignore.ignored("a/out", True)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_symlink_loops_are_not_followed(tmp_path: Path) -> None:
    _touch(tmp_path, "a/AGENTS.md")
    (tmp_path / "a" / "loop").symlink_to(tmp_path, target_is_directory=True)
    assert _rel(tmp_path, walk(tmp_path, Settings(), None)) == ["a/AGENTS.md"]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_walk_goes_folder_by_folder_depth_first_and_keeps_linked_files(tmp_path: Path) -> None:
    _touch(tmp_path, "b.md", "a.md", "a/z.md", "a/b/c.md", "ab/x.md", "real/AGENTS.md")
    (tmp_path / "linked.md").symlink_to(tmp_path / "a.md")
    (tmp_path / "dangling.md").symlink_to(tmp_path / "gone.md")
    (tmp_path / "a" / "linked-folder").symlink_to(tmp_path / "real", target_is_directory=True)
    found = _rel(tmp_path, walk(tmp_path, Settings(), None))
    assert found == [
        "a.md",
        "b.md",
        "dangling.md",  # listed; reading it fails later, as for any unreadable file
        "linked.md",
        "a/z.md",
        "a/b/c.md",
        "ab/x.md",
        "real/AGENTS.md",
    ]


def test_binary_and_unreadable_files_are_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from promptls.cli import main

    (tmp_path / "blob.prompt").write_bytes(b"\x00\x01" + MARKER.encode())
    (tmp_path / "latin1.prompt").write_bytes(b"caf\xe9 " + MARKER.encode())
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--format", "json", "--select", "PL004,PL005,PL006"]) == 1
    out = capsys.readouterr().out
    assert "blob.prompt" not in out and "latin1.prompt" in out


TREE_FILES = st.lists(
    st.lists(st.sampled_from(["a", "b", "build", "node_modules", "x.md", "AGENTS.md"]), max_size=4)
    .map("/".join)
    .filter(bool),
    max_size=12,
)


@settings(max_examples=examples(100), deadline=None)
@given(TREE_FILES, st.integers(min_value=0, max_value=6), st.booleans())
def test_a_walk_cut_into_pieces_lists_what_the_whole_walk_lists(
    names: list[str], budget: int, ignore_build: bool
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name in names:  # a name that is already a folder (or a file's folder) is skipped
            path = root / name / "AGENTS.md" if name.endswith(("a", "b")) else root / name
            if not any(p.is_file() for p in path.parents) and not path.is_dir():
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text("x\n", encoding="utf-8")
        if ignore_build:
            (root / ".gitignore").write_text("build/\n", encoding="utf-8")
        whole = walk(root, Settings(), None)
        tree = Tree(root, Settings())
        found, more = pieces(tree, budget)
        walked: list[Path] = []
        for piece in found:
            walked += (
                [p for batch in tree.below(piece) for p in batch]
                if isinstance(piece, Subtree)
                else piece
            )
        assert [str(p) for p in walked] == [str(p) for p in whole]
        assert more is any(isinstance(piece, Subtree) for piece in found)


RULE = st.tuples(
    st.lists(st.sampled_from(["/", "a", "b", "*", "**", "?", ".md"]), min_size=1, max_size=4).map(
        "".join
    ),
    st.booleans(),
    st.booleans(),
)


@settings(max_examples=examples(600), deadline=None)
@given(
    st.lists(RULE, max_size=6),
    st.lists(st.sampled_from(["a", "b", "a.md", "b.md", "\\"]), min_size=1, max_size=4).map(
        "/".join
    ),
    st.booleans(),
)
def test_gitignore_answers_as_every_rule_in_turn_does(
    rules: list[tuple[str, bool, bool]], path: str, is_dir: bool
) -> None:
    verdict = False  # git's way: every rule in order, the last that matches wins
    for pattern, negated, dir_only in rules:
        if (is_dir or not dir_only) and matches(path, (pattern,)):
            verdict = not negated
    assert GitIgnore(tuple(rules)).ignored(path, is_dir) is verdict


WALK_NAMES = [
    "AGENTS.md", "SKILL.md", "RULE.md", "x", ".py", ".md", ".MD", ".mdc", ".txt", ".Prompt",
    ".prompt", ".system", ".instructions", ".agent", "\\", "prompts", "build", "a",
]  # fmt: skip
GLOBS = ["*.py", "**/prompts/**/*.md", "/a/*", "build/", "x*", "*.system.md", "[", "**/b"]


@settings(max_examples=examples(600), deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(WALK_NAMES), min_size=1, max_size=3).map("".join)),
    st.lists(st.sampled_from(["a", "prompts", "b\\c", ".claude", "rules"]), max_size=3).map(
        lambda parts: "".join(f"{part}/" for part in parts)
    ),
    st.lists(st.sampled_from(GLOBS), max_size=2),
    st.lists(st.sampled_from(GLOBS), max_size=3),
    st.lists(st.sampled_from(GLOBS), max_size=2),
)
def test_a_folders_files_are_kept_as_each_file_asked_in_turn_is(
    names: list[str],
    rel_base: str,
    instruction_files: list[str],
    prompt_files: list[str],
    exclude: list[str],
) -> None:
    """The walk asks only the globs about a file its name rules out (most source files):
    the files it keeps are those the full test (exclusions, then kind) keeps."""
    chosen = Settings(
        instruction_files=tuple(instruction_files),
        prompt_files=tuple(prompt_files),
        exclude=tuple(exclude),
    )
    with tempfile.TemporaryDirectory() as tmp:
        rules = Tree(Path(tmp), chosen).rules
        every = [name for name in names if rules.checked(rel_base + name)]
        assert rules.kept(rel_base, names) == every
