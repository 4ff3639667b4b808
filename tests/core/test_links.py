"""``discovery.links``: which imports each agent follows, and the rename edits that keep
them pointing at a moved file, judged against the agents' own token rules."""

from __future__ import annotations

from pathlib import Path

from promptls.discovery import discover
from promptls.discovery.links import followed_imports, importers_of, rename_edits


def tree(root: Path, files: dict[str, str]) -> Path:
    """Write ``files`` under ``root`` (a repository: ``.git`` holds ``HEAD``)."""
    (root / ".git").mkdir(parents=True)
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_home_imports_are_claudes_only(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "notes.md").parent.mkdir(parents=True)
    (home / "notes.md").write_text("mine\n")
    root = tree(tmp_path / "repo", {"CLAUDE.md": "@~/notes.md\n"})
    text = (root / "CLAUDE.md").read_text()
    claude = followed_imports(text, str(root / "CLAUDE.md"), ["claude"], home=str(home))
    gemini = followed_imports(text, str(root / "CLAUDE.md"), ["gemini"], home=str(home))
    assert [link.target for link in claude] == [str(home / "notes.md")]
    assert gemini == []


def test_a_cycle_discovery_records_is_no_link(tmp_path: Path) -> None:
    """Gemini tracks chains: B importing its importer's importer is refused there."""
    root = tree(
        tmp_path / "repo",
        {"GEMINI.md": "@a.md\n", "a.md": "@b.md\n", "b.md": "@a.md\n"},
    )
    found = discover(root, "gemini", home=tmp_path / "nohome")
    b = str(root / "b.md")
    plain = followed_imports("@a.md\n", b, ["gemini"], home=None)
    walked = followed_imports("@a.md\n", b, ["gemini"], home=None, discoveries={"gemini": found})
    assert [link.target for link in plain] == [str(root / "a.md")]
    assert walked == []


def test_rename_keeps_the_style_and_escapes_spaces_for_claude_only(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"docs/style.md": "x\n"})
    claude = (str(root / "CLAUDE.md"), "@docs/style.md and @./docs/style.md\n")
    gemini = (str(root / "GEMINI.md"), "@docs/style.md\n")
    new = root / "my guide" / "style.md"
    old = str(root / "docs/style.md")
    for_claude = rename_edits(old, str(new), [claude], ["claude"], home=None)
    assert [e.new_text for e in for_claude] == ["my\\ guide/style.md", "./my\\ guide/style.md"]
    assert rename_edits(old, str(new), [gemini], ["gemini"], home=None) == []


def test_importers_are_found_through_a_folder(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"docs/a/b.md": "x\n"})
    files = [(str(root / "CLAUDE.md"), "@docs/a/b.md\n"), (str(root / "X.md"), "`@docs/a/b.md`\n")]
    sites = importers_of(str(root / "docs"), files, ["claude"], home=None)
    assert [(s.path, s.link.line) for s in sites] == [(str(root / "CLAUDE.md"), 1)]
