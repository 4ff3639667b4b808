"""Claude Code's documented memory behaviour, as promptls scenarios.

Claude Code is closed source: each test names the statement it restates, from
code.claude.com/docs/en/memory (crawl of 2026-08-22), the public CHANGELOG
(anthropics/claude-code @5cfc0a19, 2.1.240) or an issue reporting observed behaviour;
AGENTS.md support is from the 2.1.277 release notes (2026-09-18, via public copies).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from promptls.context import Discovery, EntryStatus, discover
from tests.core.helpers import write


def claude(tree: Path, cwd: Path, *, target: Path | None = None, **env: str) -> Discovery:
    """Discover as claude with ``tree/home`` as home and ``tree/etc`` as the system root."""
    return discover(
        cwd,
        "claude",
        home=tree / "home",
        environ=dict(env),
        system_root=tree / "sys",
        target=target,
    )


def sent(d: Discovery) -> list[str]:
    """Loaded paths in launch order."""
    return [f.path for f in d.files]


def status(d: Discovery, path: Path) -> tuple[EntryStatus, str]:
    """The one entry recorded for ``path``."""
    [entry] = [e for e in d.entries if e.path == str(path)]
    return entry.status, entry.reason


def test_launch_order_managed_user_rules_ancestors_project_rules_memory(tree: Path) -> None:
    """Memory page, 'How CLAUDE.md files load' and 'Organize rules with .claude/rules/'
    (scenario S1): managed, user, user rules, every folder from the top down with
    CLAUDE.local.md after CLAUDE.md, then project rules, then auto memory."""
    ws = tree / "ws"
    (ws / ".git").mkdir()
    managed = write(tree / "sys/etc/claude-code/CLAUDE.md", "managed")
    user = write(tree / "home/.claude/CLAUDE.md", "user")
    user_rule = write(tree / "home/.claude/rules/style.md", "user rule")
    top = write(tree / "CLAUDE.md", "above the workspace")
    root = write(ws / "CLAUDE.md", "root")
    local = write(ws / "CLAUDE.local.md", "local")
    pkg = write(ws / "pkg/CLAUDE.md", "pkg")
    rule = write(ws / "pkg/.claude/rules/testing.md", "project rule")
    key = "".join(c if c.isalnum() else "-" for c in str(ws))
    memory = write(tree / f"home/.claude/projects/{key}/memory/MEMORY.md", "remembered")
    d = claude(tree, ws / "pkg")
    assert sent(d) == [
        str(p) for p in (managed, user, user_rule, top, root, local, pkg, rule, memory)
    ]


def test_rules_are_found_recursively_and_sorted(tree: Path) -> None:
    """'All .md files are discovered recursively' (memory page, since 2025-12-11)."""
    rules = tree / "ws/.claude/rules"
    react = write(rules / "fe/react.md", "react")
    style = write(rules / "style.md", "style")
    write(rules / "notes.txt", "not markdown")
    assert sent(claude(tree, tree / "ws")) == [str(react), str(style)]


def test_a_paths_rule_is_conditional_and_loads_for_a_matching_file(tree: Path) -> None:
    """Scenario S4: a rule with paths: loads only when Claude reads a matching file."""
    ws = tree / "ws"
    (ws / ".git").mkdir()
    api = write(ws / ".claude/rules/api.md", '---\npaths:\n  - "src/api/**/*.ts"\n---\nAPI rules')
    d = claude(tree, ws)
    st, reason = status(d, api)
    assert st is EntryStatus.CONDITIONAL
    assert reason == "conditional: loaded when claude reads a file matching src/api/**/*.ts"
    hit = claude(tree, ws, target=ws / "src/api/users/list.ts")
    assert sent(hit) == [str(api)]
    miss = claude(tree, ws, target=ws / "src/web/y.ts")
    assert status(miss, api) == (
        EntryStatus.CONDITIONAL,
        "conditional: src/web/y.ts matches none of src/api/**/*.ts",
    )


def test_paths_as_a_comma_separated_string_with_braces(tree: Path) -> None:
    """The documented string form 'paths: {src,lib}/**/*.ts, tests/**/*.test.ts'."""
    ws = tree / "ws"
    rule = write(
        ws / ".claude/rules/ts.md", "---\npaths: {src,lib}/**/*.ts, tests/**/*.test.ts\n---\nx"
    )
    assert sent(claude(tree, ws, target=ws / "lib/a/b.ts")) == [str(rule)]
    assert sent(claude(tree, ws, target=ws / "tests/u.test.ts")) == [str(rule)]
    assert sent(claude(tree, ws, target=ws / "docs/b.ts")) == []


def test_globs_is_not_a_claude_key_and_the_rule_loads_every_session(tree: Path) -> None:
    """anthropics/claude-code#45587: a globs:-only rule is not scoped at all."""
    rule = write(tree / "ws/.claude/rules/go.md", "---\nglobs: '**/*.go'\n---\nGo rules")
    d = claude(tree, tree / "ws")
    st, reason = status(d, rule)
    assert st is EntryStatus.LOADED
    assert "globs: is not a Claude Code key (paths: is)" in reason


def test_a_paths_value_of_the_wrong_shape_is_reported(tree: Path) -> None:
    rule = write(tree / "ws/.claude/rules/bad.md", "---\npaths:\n  key: value\n---\nx")
    st, reason = status(claude(tree, tree / "ws"), rule)
    assert st is EntryStatus.SKIPPED
    assert "paths: must be a glob string or a list of globs" in reason


def test_nested_claude_md_is_lazy_for_a_file_below(tree: Path) -> None:
    """Scenario S3: nested CLAUDE.md load when Claude reads a file in their folder."""
    ws = tree / "ws"
    (ws / ".git").mkdir()
    root = write(ws / "CLAUDE.md", "root")
    nested = write(ws / "api/CLAUDE.md", "api")
    assert sent(claude(tree, ws)) == [str(root)]
    d = claude(tree, ws, target=ws / "api/h.ts")
    assert sent(d) == [str(root)], "nothing nested is sent at launch"
    st, reason = status(d, nested)
    assert st is EntryStatus.LAZY
    assert (
        reason == "lazy: claude loads it when it reads a file in api/ (such as h.ts), not at launch"
    )


def test_auto_memory_loads_the_first_200_lines(tree: Path) -> None:
    """Scenario S8 and CHANGELOG 2.1.83: the first 200 lines or 25 KB of MEMORY.md."""
    ws = tree / "ws"
    key = "".join(c if c.isalnum() else "-" for c in str(ws))
    path = tree / f"home/.claude/projects/{key}/memory/MEMORY.md"
    write(path, "".join(f"line {n}\n" for n in range(1, 301)))
    d = claude(tree, ws)
    [memory] = [f for f in d.files if f.path == str(path)]
    assert memory.content.splitlines() == [f"line {n}" for n in range(1, 201)]
    st, reason = status(d, path)
    assert st is EntryStatus.CUT
    assert "the first 200 lines or 25 KiB of MEMORY.md" in reason
    write(path, ("x" * 399 + "\n") * 100)
    [memory] = [f for f in claude(tree, ws).files if f.path == str(path)]
    assert len(memory.content.encode()) == 25 * 1024


def test_claude_md_excludes_skips_matching_files_but_never_the_managed_one(tree: Path) -> None:
    """Scenario S9: claudeMdExcludes globs match absolute paths; managed is exempt."""
    ws = tree / "w/repo"
    (ws / ".git").mkdir(parents=True)
    managed = write(tree / "sys/etc/claude-code/CLAUDE.md", "managed")
    above = write(tree / "w/CLAUDE.md", "above")
    own = write(ws / "CLAUDE.md", "own")
    settings = write(
        ws / ".claude/settings.local.json",
        json.dumps({"claudeMdExcludes": ["**/w/CLAUDE.md", "**/etc/**"]}),
    )
    d = claude(tree, ws)
    assert sent(d) == [str(managed), str(own)]
    assert status(d, above) == (
        EntryStatus.SKIPPED,
        f"skipped: claudeMdExcludes pattern **/w/CLAUDE.md (in {settings})",
    )


def test_claude_config_dir_moves_the_user_files(tree: Path) -> None:
    """CHANGELOG 1.0.6: 'Respect CLAUDE_CONFIG_DIR everywhere'."""
    write(tree / "home/.claude/CLAUDE.md", "not read")
    moved = write(tree / "cfg/CLAUDE.md", "moved")
    d = claude(tree, tree / "ws", CLAUDE_CONFIG_DIR=str(tree / "cfg"))
    assert sent(d) == [str(moved)]


def test_agents_md_is_read_where_no_claude_file_exists(tree: Path) -> None:
    """2.1.277 (scenario S11): default 'claude-md-or-agents-md'."""
    ws = tree / "ws"
    (ws / ".git").mkdir()
    agents = write(ws / "AGENTS.md", "agents")
    assert sent(claude(tree, ws)) == [str(agents)]
    root = write(ws / "CLAUDE.md", "claude")
    d = claude(tree, ws)
    assert sent(d) == [str(root)]
    st, reason = status(d, agents)
    assert st is EntryStatus.SKIPPED
    assert "reads AGENTS.md only where none does" in reason


def test_dot_claude_agents_md_loads_after_the_folders_agents_md(tree: Path) -> None:
    """Oracle scenario "claude: .claude/AGENTS.md beside AGENTS.md" (2.1.332): a folder's
    .claude/AGENTS.md follows its AGENTS.md, and a CLAUDE file hides both."""
    ws = tree / "ws"
    (ws / ".git").mkdir()
    agents = write(ws / "AGENTS.md", "agents")
    dot = write(ws / ".claude/AGENTS.md", "dot")
    nested = write(ws / "a/AGENTS.md", "nested")
    assert sent(claude(tree, ws / "a")) == [str(agents), str(dot), str(nested)]
    write(ws / "CLAUDE.md", "claude")
    st, reason = status(claude(tree, ws / "a"), dot)
    assert st is EntryStatus.SKIPPED
    assert "reads AGENTS.md only where none does" in reason


def test_a_nested_agents_md_is_lazy_where_no_claude_file_is_read(tree: Path) -> None:
    """Oracle scenarios "claude: a nested AGENTS.md loads when a file there is read", "claude:
    no nested AGENTS.md beside a nested CLAUDE.md" (and "… CLAUDE.local.md") and "claude: no
    nested AGENTS.md when a CLAUDE file loaded at launch" (2.1.332)."""
    ws = tree / "ws"
    (ws / ".git").mkdir()
    nested = write(ws / "a/AGENTS.md", "nested")
    dot = write(ws / "a/.claude/AGENTS.md", "dot")
    d = claude(tree, ws, target=ws / "a/x.py")
    assert sent(d) == []
    assert [status(d, p)[0] for p in (nested, dot)] == [EntryStatus.LAZY] * 2
    assert status(d, nested)[1].endswith("not at launch (the AGENTS.md fallback)")
    beside = write(ws / "a/CLAUDE.md", "claude")
    d = claude(tree, ws, target=ws / "a/x.py")
    assert [e.path for e in d.entries if e.status is EntryStatus.LAZY] == [str(beside)]
    beside.unlink()
    local = write(ws / "a/CLAUDE.local.md", "local")
    d = claude(tree, ws, target=ws / "a/x.py")
    assert [e.path for e in d.entries if e.status is EntryStatus.LAZY] == [str(local)]
    local.unlink()
    write(ws / "CLAUDE.md", "root")
    d = claude(tree, ws, target=ws / "a/x.py")
    assert not [e for e in d.entries if e.status is EntryStatus.LAZY]


def test_both_files_with_claude_md_and_agents_md(tree: Path) -> None:
    ws = tree / "ws"
    root = write(ws / "CLAUDE.md", "claude")
    agents = write(ws / "AGENTS.md", "agents")
    mode = {
        "pluginConfigs": {
            "agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}
        }
    }
    write(tree / "home/.claude/settings.json", json.dumps(mode))
    d = claude(tree, ws)
    assert sent(d) == [str(root), str(agents)]
    [shown] = [s for s in d.settings if s.key == "instructionFiles"]
    assert (shown.value, shown.source) == (
        "claude-md-and-agents-md",
        str(tree / "home/.claude/settings.json"),
    )


def test_the_instruction_setting_is_ignored_in_project_settings(tree: Path) -> None:
    ws = tree / "ws"
    write(ws / "CLAUDE.md", "claude")
    agents = write(ws / "AGENTS.md", "agents")
    mode = {
        "pluginConfigs": {
            "agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}
        }
    }
    write(ws / ".claude/settings.json", json.dumps(mode))
    assert status(claude(tree, ws), agents)[0] is EntryStatus.SKIPPED


def test_a_symlinked_claude_md_is_loaded_once(tree: Path) -> None:
    """The memory page's advice: CLAUDE.md as a symlink to AGENTS.md works, loaded once."""
    ws = tree / "ws"
    agents = write(ws / "AGENTS.md", "shared")
    os.symlink(agents, ws / "CLAUDE.md")
    mode = {
        "pluginConfigs": {
            "agents-md@builtin": {"options": {"instructionFiles": "claude-md-and-agents-md"}}
        }
    }
    write(tree / "home/.claude/settings.json", json.dumps(mode))
    d = claude(tree, ws)
    assert sent(d) == [str(ws / "CLAUDE.md")]
    st, reason = status(d, agents)
    assert st is EntryStatus.SKIPPED
    assert reason == f"skipped: the same file was already loaded as {ws / 'CLAUDE.md'}"


def test_block_html_comments_are_hidden_from_the_model(tree: Path) -> None:
    """CHANGELOG 2.1.72 and scenario S7: block comments go, fenced ones stay."""
    root = write(tree / "ws/CLAUDE.md", "A\n<!-- secret\nnote -->\nB\n```\n<!-- kept -->\n```\n")
    d = claude(tree, tree / "ws")
    assert [f.content for f in d.files] == ["A\nB\n```\n<!-- kept -->\n```\n"]
    assert "21 characters of block HTML comments hidden from the model" in status(d, root)[1]


def test_imports_in_files_above_the_folder_are_not_expanded(tree: Path) -> None:
    """Observed (anthropics/claude-code#78697, #87020): only the working folder's files
    and below expand their @imports."""
    top = write(tree / "ws/CLAUDE.md", "see @docs/a.md")
    write(tree / "ws/docs/a.md", "A")
    (tree / "ws/sub").mkdir()
    d = claude(tree, tree / "ws/sub")
    assert sent(d) == [str(top)]
    assert "its @imports are not expanded" in status(d, top)[1]
    at_root = claude(tree, tree / "ws")
    assert sent(at_root) == [str(top), str(tree / "ws/docs/a.md")]


def test_malformed_settings_are_reported_and_the_rest_loads(tree: Path) -> None:
    root = write(tree / "ws/CLAUDE.md", "claude")
    bad = write(tree / "ws/.claude/settings.json", '{\n  "claudeMdExcludes": [\n')
    d = claude(tree, tree / "ws")
    assert sent(d) == [str(root)]
    [problem] = d.problems
    assert problem.path == str(bad)
    assert problem.line == 3


def test_rule_files_at_any_depth_are_instruction_files() -> None:
    """Rules are found recursively, so the editor and `check` treat nested ones as
    instruction files too (and watch them)."""
    from promptls.analysis import DocumentKind, document_kind
    from promptls.context import is_instruction_path

    assert is_instruction_path("/r/.claude/rules/fe/react.md")
    assert is_instruction_path("/home/u/.claude/rules/go.md", profiles=["claude"])
    assert not is_instruction_path("/r/.claude/rules/fe/react.md", profiles=["codex"])
    assert not is_instruction_path("/r/docs/rules/style.md")
    assert not is_instruction_path("/r/.claude/rules/notes.txt")
    assert document_kind("repo\\.claude\\rules\\a\\b.md") is DocumentKind.INSTRUCTION


def test_a_wrong_instruction_files_value_is_reported_and_the_default_applies(tree: Path) -> None:
    agents = write(tree / "ws/AGENTS.md", "agents")
    for value in (True, "both"):
        mode = {"pluginConfigs": {"agents-md@builtin": {"options": {"instructionFiles": value}}}}
        settings = write(tree / "home/.claude/settings.json", json.dumps(mode))
        d = claude(tree, tree / "ws")
        assert sent(d) == [str(agents)], "the default still reads AGENTS.md"
        [problem] = d.problems
        assert problem.path == str(settings)
        assert problem.message.startswith(f"instructionFiles {value!r} is not one of ")


def test_a_skipped_agents_md_still_shows_its_size(tree: Path) -> None:
    write(tree / "ws/CLAUDE.md", "claude")
    agents = write(tree / "ws/AGENTS.md", "twelve bytes")
    [entry] = [e for e in claude(tree, tree / "ws").entries if e.path == str(agents)]
    assert (entry.status, entry.size) == (EntryStatus.SKIPPED, 12)
