"""Claude Code's documented import behaviour, restated as promptls scenarios.

Claude Code is closed source, so the sources are its memory page
(code.claude.com/docs/en/memory, crawl of 2026-08-22: "Import additional files",
"a maximum depth of four hops" since 2026-05-27), its CHANGELOG (0.2.107: imports;
2.1.6: the external-import approval dialog) and issue reports (#7768: relative to the
importing file; #78697, #87020: imports of ancestor files are not expanded). Scenario
S5 and rows B18–B22 of /work/research/claude.md are the cases; "Q9" there notes that
Claude's token rules beyond the docs (trailing punctuation, ``@scope/pkg``) are
unverified, so those cases pin promptls's documented choice.
"""

from __future__ import annotations

import os
from pathlib import Path

from promptls.context import Discovery, Entry, EntryStatus, discover
from tests.core.helpers import write


def claude(tree: Path, cwd: Path | None = None) -> Discovery:
    """Discover ``cwd`` (default the workspace) as Claude with the fake home."""
    return discover(cwd or tree / "ws", "claude", home=tree / "home", environ={})


def names(d: Discovery, tree: Path) -> list[str]:
    """Files sent below the tree, relative, in order."""
    return [os.path.relpath(f.path, tree) for f in d.files if f.path.startswith(str(tree))]


def errors(d: Discovery) -> list[Entry]:
    """Import errors, in order."""
    return [e for e in d.entries if e.status is EntryStatus.IMPORT_ERROR]


def entry(d: Discovery, path: Path) -> Entry:
    """The first entry for a path."""
    return next(e for e in d.entries if e.path == str(path))


def _s5(tree: Path) -> Path:
    """S5's tree: ``repo/CLAUDE.md`` with a bare ``@README``, two imports in code and a
    chain ``docs/a.md → b → c → d → e`` written relative to each importing file."""
    repo = tree / "ws"
    write(
        repo / "CLAUDE.md",
        "See @README for overview. `@docs/x.md` stays literal.\n```\n@docs/y.md\n```\n@docs/a.md",
    )
    write(repo / "README", "readme")
    for name, nxt in (("a", "b"), ("b", "c"), ("c", "d"), ("d", "e")):
        write(repo / f"docs/{name}.md", f"@{nxt}.md")
    for name in ("e", "x", "y"):
        write(repo / f"docs/{name}.md", name)
    return repo


def test_s5_imports_in_the_working_folder(tree: Path) -> None:
    """S5, cwd = repo: ``README`` (no extension) and the chain load to four hops; the
    code span and the fenced block import nothing."""
    repo = _s5(tree)
    d = claude(tree)
    assert names(d, tree) == [
        "ws/CLAUDE.md",
        "ws/README",
        "ws/docs/a.md",
        "ws/docs/b.md",
        "ws/docs/c.md",
        "ws/docs/d.md",
    ]
    assert "hop 4 of at most 4" in entry(d, repo / "docs/d.md").reason
    (deep,) = errors(d)
    assert deep.path == str(repo / "docs/e.md") and deep.imported_from == str(repo / "docs/d.md")
    assert "deeper than claude's 4 import hops" in deep.reason
    assert not any(Path(e.path).name in ("x.md", "y.md") for e in d.entries)


def test_s5_imports_of_an_ancestor_file_are_not_expanded(tree: Path) -> None:
    """S5, cwd = repo/sub: the ancestor file loads, its imports do not (#78697)."""
    repo = _s5(tree)
    (repo / "sub").mkdir()
    d = claude(tree, repo / "sub")
    assert names(d, tree) == ["ws/CLAUDE.md"]
    assert "its @imports are not expanded" in entry(d, repo / "CLAUDE.md").reason


def test_relative_to_the_importing_file_not_the_working_folder(tree: Path) -> None:
    """#7768: a second-hop path written relative to the working folder is not found."""
    ws = tree / "ws"
    files = {"CLAUDE.md": "@docs/guide.md", "docs/guide.md": "@docs/style.md and @./style.md"}
    for name, text in {**files, "docs/style.md": "style"}.items():
        write(ws / name, text)
    d = claude(tree)
    assert names(d, tree) == ["ws/CLAUDE.md", "ws/docs/guide.md", "ws/docs/style.md"]
    (e,) = errors(d)
    assert e.path == str(ws / "docs/docs/style.md") and "does not exist" in e.reason


def test_tokens_in_running_text(tree: Path) -> None:
    """The doc imports ``@README`` and ``@package.json`` mid-sentence; sentence
    punctuation after a token is part of it, so none of these loads (oracle scenario
    "claude: punctuation after an import", Claude Code 2.1.332); an address is no token."""
    ws = tree / "ws"
    write(ws / "README", "readme")
    write(ws / "package.json", "{}")
    write(ws / "docs/a.md", "a")
    write(ws / "CLAUDE.md", "See @README, then @package.json. Mail dev@docs/a.md (or @docs/a.md).")
    assert names(claude(tree), tree) == ["ws/CLAUDE.md"]
    write(ws / "CLAUDE.md", "See @README then @package.json. Mail dev@docs/a.md or @docs/a.md")
    d = claude(tree)
    assert names(d, tree) == ["ws/CLAUDE.md", "ws/README", "ws/docs/a.md"]


def test_bare_words_that_name_no_file_are_left_alone(tree: Path) -> None:
    """``@alice``, ``@scope/pkg`` and a missing ``@README`` are not reported: Claude
    leaves the text as it is, and such mentions are everywhere in instruction files."""
    ws = tree / "ws"
    write(ws / "CLAUDE.md", "Ask @alice about @modelcontextprotocol/sdk and @README.")
    d = claude(tree)
    assert names(d, tree) == ["ws/CLAUDE.md"] and errors(d) == []
    write(ws / "alice", "a file that happens to exist")
    assert names(claude(tree), tree) == ["ws/CLAUDE.md", "ws/alice"]


def test_code_spans_and_both_fences_protect(tree: Path) -> None:
    ws = tree / "ws"
    for name in ("span", "tick", "tilde"):
        write(ws / f"{name}.md", name)
    write(ws / "CLAUDE.md", "`@span.md`\n```\n@tick.md\n```\n~~~\n@tilde.md\n~~~\n")
    d = claude(tree)
    assert names(d, tree) == ["ws/CLAUDE.md"] and errors(d) == []


def test_home_and_absolute_imports(tree: Path) -> None:
    ws, home = tree / "ws", tree / "home"
    write(home / "mine.md", "mine")
    other = write(tree / "elsewhere/abs.md", "absolute")
    write(ws / "CLAUDE.md", f"@~/mine.md @{other}")
    assert names(claude(tree), tree) == ["ws/CLAUDE.md", "home/mine.md", "elsewhere/abs.md"]


def test_external_imports_from_a_project_file_need_approval(tree: Path) -> None:
    """S6 / B21: an import from a project file that leaves the working folder is
    loaded only after a one-time approval; the reason says so. From the user's own
    ``~/.claude/CLAUDE.md`` there is no dialog."""
    ws, home = tree / "ws", tree / "home"
    write(home / ".claude/mine.md", "mine")
    write(tree / "shared.md", "shared")
    write(ws / "inside.md", "inside")
    write(ws / "CLAUDE.md", "@~/.claude/mine.md @../shared.md @./inside.md")
    d = claude(tree)
    assert names(d, tree)[1:] == ["home/.claude/mine.md", "shared.md", "ws/inside.md"]
    for path in (home / ".claude/mine.md", tree / "shared.md"):
        reason = entry(d, path).reason
        assert "outside the working folder" in reason and "asks once per project" in reason
    assert "outside the working folder" not in entry(d, ws / "inside.md").reason
    write(ws / "CLAUDE.md", "project")
    write(home / ".claude/CLAUDE.md", "@mine.md")
    d = claude(tree)
    assert entry(d, home / ".claude/mine.md").status is EntryStatus.IMPORTED
    assert "outside the working folder" not in entry(d, home / ".claude/mine.md").reason


def test_an_already_loaded_file_loads_once(tree: Path) -> None:
    ws = tree / "ws"
    write(ws / "CLAUDE.md", "@a.md @b.md")
    write(ws / "a.md", "@b.md")
    write(ws / "b.md", "b")
    d = claude(tree)
    assert names(d, tree) == ["ws/CLAUDE.md", "ws/a.md", "ws/b.md"]
    (again,) = [e for e in d.entries if e.status is EntryStatus.SKIPPED]
    assert again.imported_from == str(ws / "CLAUDE.md") and "already loaded" in again.reason
