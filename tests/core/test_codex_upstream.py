"""Codex CLI's own discovery tests, restated as promptls scenarios.

Each test names the upstream test it restates. Sources, read 2026-12-01:
- ``codex-rs/core/src/agents_md_tests.rs`` at 04393ff9 (PR #27696, reviewed 2026-06-12);
- ``codex-rs/codex-home/src/instructions/tests.rs`` at 3a16fc6c (PR #27101, 2026-06-09).
The scenarios were written from those tests' trees and expectations; no code was copied.
Upstream cases about several bound environments, probe concurrency and the removed
``ChildAgentsMd`` message have no promptls counterpart (docs/profiles.md says why).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from promptls.context import Discovery, EntryStatus, discover
from tests.core.helpers import write


def codex(tree: Path, cwd: Path, *, limit: int | None = None, config: str = "") -> Discovery:
    """Discover as codex with ``$CODEX_HOME = tree/h`` and an optional ``config.toml``."""
    home = tree / "h"
    home.mkdir(exist_ok=True)
    lines = [] if limit is None else [f"project_doc_max_bytes = {limit}"]
    if config or lines:
        write(home / "config.toml", "\n".join([*lines, config]) + "\n")
    return discover(cwd, "codex", home=tree / "home", environ={"CODEX_HOME": str(home)})


def project_texts(d: Discovery) -> list[str]:
    """The project files' texts in the order codex sends them."""
    return [f.content for f in d.files if f.scope == "project"]


def names(d: Discovery) -> list[str]:
    """Every loaded path, in order."""
    return [f.path for f in d.files]


def status(d: Discovery, path: Path) -> tuple[EntryStatus, str]:
    """The one entry recorded for ``path``."""
    [entry] = [e for e in d.entries if e.path == str(path)]
    return entry.status, entry.reason


# -- agents_md_tests.rs -----------------------------------------------------------------


def test_no_doc_file_returns_none(tree: Path) -> None:
    assert codex(tree, tree / "ws", limit=4096).files == ()


def test_doc_smaller_than_limit_is_returned(tree: Path) -> None:
    write(tree / "ws/AGENTS.md", "hello world")
    assert project_texts(codex(tree, tree / "ws", limit=4096)) == ["hello world"]


def test_project_doc_invalid_utf8_warns_and_uses_lossy_text(tree: Path) -> None:
    doc = write(tree / "ws/AGENTS.md", b"project\xff doc")
    d = codex(tree, tree / "ws", limit=4096)
    assert project_texts(d) == ["project\ufffd doc"]
    assert "not valid UTF-8 at byte 7" in status(d, doc)[1]


def test_doc_larger_than_limit_is_truncated(tree: Path) -> None:
    doc = write(tree / "ws/AGENTS.md", "A" * 2048)
    d = codex(tree, tree / "ws", limit=1024)
    assert project_texts(d) == ["A" * 1024]
    st, reason = status(d, doc)
    assert st is EntryStatus.CUT
    assert reason.startswith("cut at byte 1024: codex's 1 KiB budget (from ")


def test_total_byte_limit_truncates_later_project_docs(tree: Path) -> None:
    write(tree / "ws/.git", "")
    write(tree / "ws/AGENTS.md", "root")
    write(tree / "ws/nested/AGENTS.md", "abcdef")
    d = codex(tree, tree / "ws/nested", limit=7)
    assert project_texts(d) == ["root", "abc"]


def test_finds_doc_in_repo_root(tree: Path) -> None:
    write(tree / "ws/.git", "gitdir: /path/to/actual/git/dir\n")
    write(tree / "ws/AGENTS.md", "root level doc")
    (tree / "ws/workspace/crate_a").mkdir(parents=True)
    assert project_texts(codex(tree, tree / "ws/workspace/crate_a")) == ["root level doc"]


def test_zero_byte_limit_disables_docs(tree: Path) -> None:
    doc = write(tree / "ws/AGENTS.md", "something")
    d = codex(tree, tree / "ws", limit=0)
    assert d.files == ()
    st, reason = status(d, doc)
    assert st is EntryStatus.DROPPED
    assert reason.startswith("dropped: project_doc_max_bytes = 0 (from ")


def test_zero_byte_limit_keeps_the_user_file(tree: Path) -> None:
    write(tree / "h/AGENTS.md", "global doc")
    write(tree / "ws/AGENTS.md", "project doc")
    d = codex(tree, tree / "ws", limit=0)
    assert [f.content for f in d.files] == ["global doc"]


def test_merges_existing_instructions_with_agents_md(tree: Path) -> None:
    write(tree / "h/AGENTS.md", "base instructions")
    write(tree / "ws/AGENTS.md", "proj doc")
    d = codex(tree, tree / "ws")
    assert [(f.content, f.scope.value) for f in d.files] == [
        ("base instructions", "user"),
        ("proj doc", "project"),
    ]


def test_keeps_existing_instructions_when_doc_missing(tree: Path) -> None:
    write(tree / "h/AGENTS.md", "some instructions")
    assert [f.content for f in codex(tree, tree / "ws").files] == ["some instructions"]


def test_concatenates_root_and_cwd_docs(tree: Path) -> None:
    write(tree / "ws/.git", "gitdir: /elsewhere\n")
    root = write(tree / "ws/AGENTS.md", "root doc")
    crate = write(tree / "ws/workspace/crate_a/AGENTS.md", "crate doc")
    d = codex(tree, tree / "ws/workspace/crate_a")
    assert names(d) == [str(root), str(crate)]


def test_project_root_markers_are_honored_for_agents_discovery(tree: Path) -> None:
    write(tree / "ws/.codex-root", "")
    parent = write(tree / "ws/AGENTS.md", "parent doc")
    (tree / "ws/dir1/.git").mkdir(parents=True)
    child = write(tree / "ws/dir1/AGENTS.md", "child doc")
    d = codex(tree, tree / "ws/dir1", config='project_root_markers = [".codex-root"]')
    assert names(d) == [str(parent), str(child)]
    assert d.project_root == str(tree / "ws")
    [shown] = [s for s in d.settings if s.key == "project_root_markers"]
    assert (shown.value, shown.source) == ('[".codex-root"]', str(tree / "h/config.toml"))


def test_project_layers_do_not_override_project_root_markers(tree: Path) -> None:
    write(tree / "ws/.git", "")
    root = write(tree / "ws/AGENTS.md", "root doc")
    nested = write(tree / "ws/nested/AGENTS.md", "nested doc")
    write(tree / "ws/.codex/config.toml", 'project_root_markers = [".ignored-root-marker"]\n')
    write(tree / "ws/nested/.codex/config.toml", 'project_root_markers = [".ignored-nested"]\n')
    d = codex(tree, tree / "ws/nested")
    assert names(d) == [str(root), str(nested)]


def test_empty_project_root_markers_only_probe_cwd_candidates(tree: Path) -> None:
    write(tree / "ws/.git", "")
    write(tree / "ws/AGENTS.md", "parent doc")
    cwd_doc = write(tree / "ws/nested/AGENTS.md", "cwd doc")
    d = codex(tree, tree / "ws/nested", config="project_root_markers = []")
    assert names(d) == [str(cwd_doc)]


def test_agents_md_paths_preserve_symlinked_cwd(tree: Path) -> None:
    write(tree / "ws/target/AGENTS.md", "project doc")
    os.symlink(tree / "ws/target", tree / "ws/linked")
    d = codex(tree, tree / "ws/linked")
    assert names(d) == [str(tree / "ws/linked/AGENTS.md")]


def test_instruction_sources_include_global_before_agents_md_docs(tree: Path) -> None:
    user = write(tree / "h/AGENTS.md", "global doc")
    project = write(tree / "ws/AGENTS.md", "project doc")
    assert names(codex(tree, tree / "ws")) == [str(user), str(project)]


def test_agents_local_md_preferred(tree: Path) -> None:
    versioned = write(tree / "ws/AGENTS.md", "versioned")
    write(tree / "ws/AGENTS.override.md", "local")
    d = codex(tree, tree / "ws")
    assert project_texts(d) == ["local"]
    assert status(d, versioned)[0] is EntryStatus.SHADOWED


def test_uses_configured_fallback_when_agents_missing(tree: Path) -> None:
    write(tree / "ws/EXAMPLE.md", "example instructions")
    d = codex(tree, tree / "ws", config='project_doc_fallback_filenames = ["EXAMPLE.md"]')
    assert project_texts(d) == ["example instructions"]


def test_agents_md_preferred_over_fallbacks(tree: Path) -> None:
    write(tree / "ws/AGENTS.md", "primary")
    fallback = write(tree / "ws/EXAMPLE.md", "secondary")
    config = 'project_doc_fallback_filenames = ["EXAMPLE.md", ".example.md"]'
    d = codex(tree, tree / "ws", config=config)
    assert project_texts(d) == ["primary"]
    assert status(d, fallback)[0] is EntryStatus.SHADOWED


def test_agents_md_directory_is_ignored(tree: Path) -> None:
    (tree / "ws/AGENTS.md").mkdir()
    assert codex(tree, tree / "ws").files == ()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs mkfifo")
def test_agents_md_special_file_is_ignored(tree: Path) -> None:
    os.mkfifo(tree / "ws/AGENTS.md", 0o644)
    d = codex(tree, tree / "ws")
    assert d.files == ()
    assert "FIFO" in status(d, tree / "ws/AGENTS.md")[1]


def test_override_directory_falls_back_to_agents_md_file(tree: Path) -> None:
    (tree / "ws/AGENTS.override.md").mkdir()
    write(tree / "ws/AGENTS.md", "primary")
    assert project_texts(codex(tree, tree / "ws")) == ["primary"]


def test_skills_are_not_appended_to_agents_md(tree: Path) -> None:
    write(tree / "ws/AGENTS.md", "base doc")
    skill = "---\nname: pdf-processing\ndescription: extract from pdfs\n---\n\n# Body\n"
    write(tree / "h/skills/pdf-processing/SKILL.md", skill)
    assert [f.content for f in codex(tree, tree / "ws").files] == ["base doc"]


# -- codex-home/src/instructions/tests.rs ----------------------------------------------


def test_missing_files_return_no_instructions(tree: Path) -> None:
    d = codex(tree, tree / "ws")
    assert d.files == ()
    assert d.problems == ()


def test_override_takes_precedence_over_default(tree: Path) -> None:
    default = write(tree / "h/AGENTS.md", "default")
    override = write(tree / "h/AGENTS.override.md", "override")
    d = codex(tree, tree / "ws")
    assert names(d) == [str(override)]
    assert status(d, default)[0] is EntryStatus.SHADOWED


def test_empty_override_falls_back_to_default(tree: Path) -> None:
    write(tree / "h/AGENTS.override.md", " \n\t")
    default = write(tree / "h/AGENTS.md", "\n  default instructions  \n")
    assert names(codex(tree, tree / "ws")) == [str(default)]


def test_directory_override_falls_back_to_default(tree: Path) -> None:
    (tree / "h/AGENTS.override.md").mkdir(parents=True)
    default = write(tree / "h/AGENTS.md", "default")
    assert names(codex(tree, tree / "ws")) == [str(default)]


def test_recoverable_override_read_error_falls_back_to_default(tree: Path) -> None:
    (tree / "h").mkdir()
    os.symlink(tree / "h/AGENTS.override.md", tree / "h/AGENTS.override.md")
    default = write(tree / "h/AGENTS.md", "default")
    d = codex(tree, tree / "ws")
    assert names(d) == [str(default)]
    assert status(d, tree / "h/AGENTS.override.md") == (
        EntryStatus.SKIPPED,
        "skipped: a symlink loop",
    )


def test_invalid_utf8_is_lossy(tree: Path) -> None:
    write(tree / "h/AGENTS.md", b"global\xff doc")
    assert [f.content for f in codex(tree, tree / "ws").files] == ["global\ufffd doc"]


# -- boundaries and settings files promptls pins on top ---------------------------------


def test_a_file_exactly_at_the_budget_is_loaded_whole_and_one_byte_over_is_cut(
    tree: Path,
) -> None:
    exact = write(tree / "ws/AGENTS.md", "x" * 64)
    d = codex(tree, tree / "ws", limit=64)
    assert status(d, exact)[0] is EntryStatus.LOADED
    write(tree / "ws/AGENTS.md", "x" * 65)
    d = codex(tree, tree / "ws", limit=64)
    assert status(d, exact)[0] is EntryStatus.CUT
    assert project_texts(d) == ["x" * 64]


def test_a_budget_spent_exactly_drops_the_next_file(tree: Path) -> None:
    write(tree / "ws/.git", "")
    write(tree / "ws/AGENTS.md", "x" * 10)
    nested = write(tree / "ws/n/AGENTS.md", "more")
    d = codex(tree, tree / "ws/n", limit=10)
    st, reason = status(d, nested)
    assert st is EntryStatus.DROPPED
    assert "budget (from " in reason


def test_whitespace_only_cut_uses_no_budget(tree: Path) -> None:
    """read_agents_md keeps a cut only when its text is not blank, and only then spends."""
    write(tree / "ws/.git", "")
    write(tree / "ws/AGENTS.md", "root")
    blank = write(tree / "ws/a/AGENTS.md", "   \n\nlate text")
    write(tree / "ws/a/b/AGENTS.md", "xyz")
    d = codex(tree, tree / "ws/a/b", limit=7)
    assert project_texts(d) == ["root", "xyz"]
    assert status(d, blank)[0] is EntryStatus.SKIPPED


def test_empty_override_still_takes_the_project_slot(tree: Path) -> None:
    write(tree / "ws/AGENTS.override.md", "")
    hidden = write(tree / "ws/AGENTS.md", "hidden")
    d = codex(tree, tree / "ws")
    assert d.files == ()
    assert status(d, hidden)[0] is EntryStatus.SHADOWED


def test_project_config_raises_the_budget(tree: Path) -> None:
    write(tree / "ws/.git", "")
    config = write(tree / "ws/.codex/config.toml", "project_doc_max_bytes = 65536\n")
    doc = write(tree / "ws/AGENTS.md", "y" * 40_000)
    trusted = f'[projects."{tree / "ws"}"]\ntrust_level = "trusted"'
    d = codex(tree, tree / "ws", config=trusted)
    assert status(d, doc)[0] is EntryStatus.LOADED
    [shown] = [s for s in d.settings if s.key == "project_doc_max_bytes"]
    assert (shown.value, shown.source) == ("65536", str(config))


def test_project_config_of_a_project_not_trusted_is_not_applied(tree: Path) -> None:
    """Oracle scenario "codex: project config before the project is trusted" (Codex CLI
    0.171.0 cuts at its default budget and ignores the project's value)."""
    write(tree / "ws/.git", "")
    config = write(tree / "ws/.codex/config.toml", "project_doc_max_bytes = 65536\n")
    doc = write(tree / "ws/AGENTS.md", "y" * 40_000)
    d = codex(tree, tree / "ws")
    assert status(d, doc)[0] is EntryStatus.CUT
    [shown] = [s for s in d.settings if s.key == "project config"]
    assert shown.source == str(config) and "not trusted" in shown.value


def test_malformed_config_is_reported_with_its_line_and_defaults_apply(tree: Path) -> None:
    write(tree / "ws/AGENTS.md", "z" * 40_000)
    d = codex(tree, tree / "ws", config="project_doc_max_bytes = 100\nbroken = = 1\nok = 2")
    [problem] = d.problems
    assert problem.path == str(tree / "h/config.toml")
    assert problem.line == 2
    assert str(problem).startswith(f"{tree / 'h/config.toml'}:2: invalid TOML: ")
    unclosed = codex(tree, tree / "ws", config="project_doc_max_bytes = 100\nbroken = [")
    assert [p.line for p in unclosed.problems] == [2], "end of document is its last line"
    assert project_texts(d) == ["z" * 32768], "codex's default budget applies"


def test_wrong_typed_settings_are_reported_and_ignored(tree: Path) -> None:
    write(tree / "ws/AGENTS.md", "doc")
    config = 'project_doc_max_bytes = "big"\nproject_root_markers = ".git"'
    d = codex(tree, tree / "ws", config=config)
    assert sorted(p.message.split(" ")[0] for p in d.problems) == [
        "project_doc_max_bytes",
        "project_root_markers",
    ]
    assert project_texts(d) == ["doc"]


def test_untrusted_project_loads_no_project_docs(tree: Path) -> None:
    write(tree / "h/AGENTS.md", "global doc")
    doc = write(tree / "ws/AGENTS.md", "project doc")
    config = f'[projects."{tree / "ws"}"]\ntrust_level = "untrusted"'
    d = codex(tree, tree / "ws", config=config)
    assert [f.content for f in d.files] == ["global doc"]
    st, reason = status(d, doc)
    assert st is EntryStatus.DROPPED
    assert "marks this project untrusted" in reason


def test_editing_a_settings_file_invalidates_the_cached_discovery(tree: Path) -> None:
    """The server watches the agents' settings files: a change to one must drop exactly
    the results it shaped."""
    from promptls.context import DiscoveryCache
    from promptls.discovery import workspace_globs

    write(tree / "ws/.git", "")
    write(tree / "ws/AGENTS.md", "doc")
    cache = DiscoveryCache()
    cache.discover(tree / "ws", "codex", home=tree / "home", environ={})
    cache.discover(tree / "ws", "gemini", home=tree / "home", environ={})
    assert cache.invalidate(tree / "ws/.codex/config.toml") == 1
    assert cache.invalidate(tree / "ws/.gemini/settings.json") == 1
    globs = workspace_globs()
    assert "**/.codex/config.toml" in globs and "**/.gemini/settings.json" in globs
    assert "**/.claude/rules/**/*.md" in globs
    assert "**/.codex/config.toml" not in workspace_globs(settings=False)
