"""``discovery.links``: which imports each agent follows, the agents a link names, and the
rename edits that keep them pointing at a moved file.
"""

from __future__ import annotations

import os
from pathlib import Path

from promptls.agents.registry import PROFILES
from promptls.discovery import discover
from promptls.discovery.links import (
    ImportEdit,
    ImportLink,
    followed_imports,
    import_profiles,
    importers_of,
    rename_edits,
)
from promptls.text.paths import same_path

# ``discovery.links``: which imports each agent follows, and the rename edits that keep
# them pointing at a moved file, judged against the agents' own token rules.


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


# ``discovery.links`` at the edges the mutation run of session 5 found unpinned
# (docs/mutation.md): the exact links and rename edits an editor applies (spans, paths,
# ``~/`` and ``./`` styles), each agent's own token rules and home, gemini's confinement
# to the project root, and a failing import not hiding the ones after it.


def test_a_link_is_the_whole_token_with_its_line_and_agents(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"a.md": "x\n"})
    text = "Intro.\nSee @a.md now.\n"
    links = followed_imports(text, str(root / "CLAUDE.md"), ["claude", "gemini"], home=None)
    assert links == [ImportLink(11, 16, 2, "a.md", str(root / "a.md"), ("claude", "gemini"))]


def _claude_only(text: str, path: str, target: Path, home: str | None = None) -> None:
    """``text`` links ``target`` for Claude and nothing for gemini."""
    assert followed_imports(text, path, ["gemini"], home=home) == []
    [claude] = followed_imports(text, path, ["claude"], home=home)
    assert claude.target == str(target)


def test_each_agent_reads_tokens_by_its_own_rules(tmp_path: Path) -> None:
    # gemini reads `@` only where its first character is `.`, `/` or a letter, so
    # `@_a.md` is a token for Claude alone; both read `@a.md,` as "a.md," (no such file).
    root = tree(tmp_path / "repo", {"_a.md": "x\n", "a.md": "x\n"})
    _claude_only("Read @_a.md then go.\n", str(root / "GEMINI.md"), root / "_a.md")
    for agent in ("claude", "gemini"):
        assert followed_imports("Read @a.md, then.\n", str(root / "X.md"), [agent], home=None) == []


def test_gemini_does_not_expand_the_home_even_inside_the_project(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"home/notes.md": "mine\n"})
    home = str(root / "home")
    _claude_only("@~/notes.md\n", str(root / "GEMINI.md"), root / "home" / "notes.md", home)


def test_a_token_that_fails_does_not_hide_the_next(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"b.md": "x\n"})
    path = str(root / "CLAUDE.md")
    # No home: `~/a.md` cannot resolve; `missing.md` is not a file; `b.md` is a link.
    text = "@~/a.md @missing.md @b.md\n"
    links = followed_imports(text, path, ["claude"], home=None)
    assert [link.target for link in links] == [str(root / "b.md")]


def test_gemini_follows_only_files_inside_its_project_root(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"other.md": "x\n", "sub/GEMINI.md": ""})
    (tmp_path / "outside.md").write_text("x\n")
    path = str(root / "sub" / "GEMINI.md")
    # The root is the nearest folder above holding `.git`, not the file's own folder.
    [inside] = followed_imports("@../other.md\n", path, ["gemini"], home=None)
    assert inside.target == str(root / "other.md")
    _claude_only("@../../outside.md\n", path, tmp_path / "outside.md")


def test_gemini_follows_no_url(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"https:/example.com/a.md": "x\n"})
    path = str(root / "GEMINI.md")
    assert followed_imports("@https://example.com/a.md\n", path, ["gemini"], home=None) == []


def test_a_loaded_import_is_still_a_link_after_its_walk(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"CLAUDE.md": "@a.md\n", "a.md": "x\n"})
    found = discover(root, "claude", home=tmp_path / "nohome")
    links = followed_imports(
        "@a.md\n", str(root / "CLAUDE.md"), ["claude"], home=None, discoveries={"claude": found}
    )
    assert [link.target for link in links] == [str(root / "a.md")]


def test_only_profiles_with_imports_are_asked() -> None:
    styles = import_profiles(["codex", "claude", "copilot", "gemini", "no-such-agent"])
    assert styles == [
        ("claude", PROFILES["claude"].imports),
        ("copilot", PROFILES["copilot"].imports),
        ("gemini", PROFILES["gemini"].imports),
    ]


def test_a_file_whose_imports_an_agent_does_not_follow_gets_no_links_for_it(
    tmp_path: Path,
) -> None:
    """Copilot CLI follows imports in AGENTS.md and CLAUDE.md (and what they import), not
    in GEMINI.md: a link there is gemini's alone."""
    root = tree(tmp_path / "repo", {"a.md": "x\n", "AGENTS.md": "@a.md\n"})
    [link] = followed_imports("@a.md\n", str(root / "GEMINI.md"), ["copilot", "gemini"], home=None)
    assert link.profiles == ("gemini",)
    [link] = followed_imports("@a.md\n", str(root / "AGENTS.md"), ["copilot", "gemini"], home=None)
    assert link.profiles == ("copilot", "gemini")
    found = discover(root, "copilot", home=tmp_path / "nohome")
    (root / "b.md").write_text("y\n", encoding="utf-8")
    links = followed_imports(
        "@b.md\n", str(root / "a.md"), ["copilot"], home=None, discoveries={"copilot": found}
    )
    assert [link.profiles for link in links] == [("copilot",)]


def test_same_path_needs_two_paths() -> None:
    here = os.getcwd()
    assert not same_path(None, here)
    assert not same_path("", here)
    assert not same_path(here, "")
    assert same_path(here, os.path.join(here, "x", ".."))


def test_a_file_without_an_at_sign_does_not_end_the_search(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"a.md": "x\n"})
    files = [(str(root / "README.md"), "no imports\n"), (str(root / "CLAUDE.md"), "@a.md\n")]
    sites = importers_of(str(root / "a.md"), files, ["claude"], home=None)
    assert [site.path for site in sites] == [str(root / "CLAUDE.md")]


def test_rename_edits_replace_the_path_after_the_at_sign(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"docs/a.md": "x\n"})
    claude = str(root / "CLAUDE.md")
    text = "Read @docs/a.md first.\n"
    edits = rename_edits(
        str(root / "docs/a.md"), str(root / "guide/a.md"), [(claude, text)], ["claude"], home=None
    )
    assert edits == [ImportEdit(claude, 6, 15, "guide/a.md")]


def test_rename_keeps_a_home_import_in_the_home(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "notes").mkdir(parents=True)
    (home / "notes" / "a.md").write_text("mine\n")
    root = tree(tmp_path / "repo", {})
    claude = str(root / "CLAUDE.md")
    files = [(claude, "@~/notes/a.md\n")]
    old = str(home / "notes" / "a.md")
    moved = rename_edits(old, str(home / "kept" / "a.md"), files, ["claude"], home=str(home))
    assert moved == [ImportEdit(claude, 1, 13, "~/kept/a.md")]
    # Moved out of the home folder, it cannot be written with `~/`: left alone.
    away = rename_edits(old, str(tmp_path / "away.md"), files, ["claude"], home=str(home))
    assert away == []


def test_rename_keeps_dot_slash_only_below_the_importer(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"sub/a.md": "x\n"})
    importer = str(root / "sub" / "CLAUDE.md")
    files = [(importer, "@./a.md\n")]
    up = rename_edits(str(root / "sub/a.md"), str(root / "a.md"), files, ["claude"], home=None)
    assert [e.new_text for e in up] == ["../a.md"]


def test_an_absolute_import_is_left_alone_and_the_next_one_moved(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"a.md": "x\n"})
    claude = str(root / "CLAUDE.md")
    text = f"@{root / 'a.md'} and @a.md\n"
    edits = rename_edits(
        str(root / "a.md"), str(root / "b.md"), [(claude, text)], ["claude"], home=None
    )
    assert [e.new_text for e in edits] == ["b.md"]


def test_the_files_being_moved_are_not_rewritten(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"docs/a.md": "@./b.md\n", "docs/b.md": "x\n", "self.md": ""})
    a, self_md = str(root / "docs" / "a.md"), str(root / "self.md")
    folder = rename_edits(
        str(root / "docs"), str(root / "guide"), [(a, "@./b.md\n")], ["claude"], home=None
    )
    assert folder == []
    itself = rename_edits(
        self_md, str(root / "renamed.md"), [(self_md, "@self.md\n")], ["claude"], home=None
    )
    assert itself == []


# The agents an import link names (the editor's tooltip "Claude Code and gemini-cli
# import …"), by their display names, once each, in the order of the profiles.
#
# Written from the session 6 mutation run (docs/mutation.md, "Cache-decorated
# functions"): ``ImportLink.agents`` is a property, which mutmut skipped until the staging
# copy re-applied it; no test of the core suite read it (``xǁImportLinkǁagents__mutmut_1``
# to ``4`` had no test).


def test_a_link_names_the_agents_that_follow_it(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"a.md": "x\n"})
    text = "See @a.md now.\n"
    both = followed_imports(text, str(root / "CLAUDE.md"), ["claude", "gemini"], home=None)
    assert [link.agents for link in both] == [("Claude Code", "gemini-cli")]
    one = followed_imports(text, str(root / "CLAUDE.md"), ["gemini"], home=None)
    assert [link.agents for link in one] == [("gemini-cli",)]
