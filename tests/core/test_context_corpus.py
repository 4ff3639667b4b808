"""Discovery on real instruction files (the shared corpus), linked into a temporary tree,
and the cost of discovery: a fixed number of stats per folder, never a tree walk."""

from __future__ import annotations

import csv
import difflib
import os
from pathlib import Path

import pytest

from promptls.context import EntryStatus, discover
from promptls.environment import find_git_dir

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"


def corpus_files() -> list[Path]:
    """Corpus files listed in the manifest, or a skip when the corpus is absent."""
    manifest = CORPUS / "MANIFEST.tsv"
    if not manifest.is_file():
        pytest.skip(f"instruction-file corpus not found at {CORPUS}")
    with manifest.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return [CORPUS / row["file"] for row in rows]


def test_codex_budget_on_real_files(tmp_path: Path) -> None:
    files = corpus_files()[:8]
    ws = tmp_path / "ws"
    (ws / ".git").mkdir(parents=True)
    (tmp_path / "home").mkdir()
    folder = ws
    for i, source in enumerate(files):
        if i:
            folder = folder / f"d{i}"
        folder.mkdir(exist_ok=True)
        os.symlink(source, folder / "AGENTS.md")
    total = sum(p.stat().st_size for p in files)
    assert total > 32 * 1024, "the sample must overflow codex's budget"
    d = discover(folder, "codex", home=tmp_path / "home", environ={})
    statuses = [e.status for e in d.entries]
    cut_at = statuses.index(EntryStatus.CUT)
    assert statuses[:cut_at] == [EntryStatus.LOADED] * cut_at
    assert statuses[cut_at + 1 :] == [EntryStatus.DROPPED] * (len(files) - cut_at - 1)
    kept = 0
    for source, loaded in zip(files, d.files, strict=False):
        real = source.read_text(encoding="utf-8")
        body = loaded.content.removesuffix("\ufffd")
        assert real.startswith(body)
        kept += len(source.read_bytes()[: 32 * 1024 - kept])
    assert kept == 32 * 1024


def test_every_profile_loads_real_files_verbatim(tmp_path: Path) -> None:
    files = corpus_files()
    if find_git_dir(tmp_path) is not None:
        pytest.skip("the temporary folder is inside a Git repository")
    names = {"or": "AGENTS.md", "claude": "CLAUDE.md", "codex": "AGENTS.md", "gemini": "GEMINI.md"}
    for index, source in enumerate(files):
        ws = tmp_path / f"ws{index}"
        (ws / ".git").mkdir(parents=True)
        for name in set(names.values()):
            os.symlink(source, ws / name)
        for profile, name in names.items():
            d = discover(ws, profile, home=tmp_path / "home", environ={})
            own = [f for f in d.files if f.path == str(ws / name)]
            text = source.read_text(encoding="utf-8")
            if profile == "claude":
                [sent] = [f.content for f in own]
                assert only_comments_removed(text, sent), source.name
                continue
            assert [f.content for f in own] == [text], (profile, source.name)


def only_comments_removed(original: str, sent: str) -> bool:
    """Claude hides block HTML comments (2.1.72): the sent text is the file with only
    whole ``<!-- ... -->`` spans (and the blanks after them) deleted, nothing else.

    Lines are matched first (character matching of whole files is quadratic), then
    each changed run of lines character by character."""
    old_lines = original.splitlines(keepends=True)
    new_lines = sent.splitlines(keepends=True)
    by_line = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for op, a0, a1, b0, b1 in by_line.get_opcodes():
        if op == "equal":
            continue
        gone, kept = "".join(old_lines[a0:a1]), "".join(new_lines[b0:b1])
        by_char = difflib.SequenceMatcher(None, gone, kept, autojunk=False)
        for char_op, c0, c1, _d0, _d1 in by_char.get_opcodes():
            if char_op == "equal":
                continue
            span = gone[c0:c1].strip()
            if char_op != "delete" or not (span.startswith("<!--") and span.endswith("-->")):
                return False
    return True


def test_discovery_cost_does_not_depend_on_tree_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ws = tmp_path / "ws"
    deep = ws / "a" / "b" / "c"
    deep.mkdir(parents=True)
    (ws / ".git").mkdir()
    calls: list[str] = []

    def counting(name: str) -> None:
        real = getattr(os, name)

        def wrapper(*args: object, **kwargs: object) -> object:
            calls.append(name)
            return real(*args, **kwargs)

        monkeypatch.setattr(os, name, wrapper)

    def measure(profile: str) -> dict[str, int]:
        calls.clear()
        discover(deep, profile, home=tmp_path / "home", environ={})
        return {n: calls.count(n) for n in set(calls)}

    for name in ("stat", "lstat", "listdir", "scandir", "walk"):
        counting(name)
    before = {p: measure(p) for p in ("or", "claude", "codex", "gemini")}
    for i in range(300):
        sub = ws / f"pkg{i}"
        sub.mkdir()
        (sub / "AGENTS.md").write_text("never read: not an ancestor")
        (sub / "CLAUDE.md").write_text("never read: not an ancestor")
    after = {p: measure(p) for p in ("or", "claude", "codex", "gemini")}
    assert after == before
    for counts in after.values():
        assert counts.get("scandir", 0) == counts.get("walk", 0) == 0
        assert counts.get("listdir", 0) <= 1
    depth = len(deep.parts)
    assert sum(before["or"].values()) <= 4 * depth
