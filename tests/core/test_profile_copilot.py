"""GitHub Copilot's instruction files, as scenarios from its documentation.

Sources (read 2026-12-01): the Copilot CLI guide docs.github.com/en/copilot/how-tos/
copilot-cli/customize-copilot/add-custom-instructions ("standard locations": the
repository root, the working folder, the folders between them and the folders on the
path of a file it works on; ``$HOME/.copilot/copilot-instructions.md`` and
``$HOME/.copilot/instructions/**/*.instructions.md``), the Copilot runtime's
customization spec (microsoft/vscode src/vs/sessions/copilot-customizations-spec.md @
449c67ba, github/copilot-agent-runtime as of 2026-02-25: file names, merge order,
``COPILOT_CUSTOM_INSTRUCTIONS_DIRS``, XDG, content de-duplication), and VS Code's
``computeAutomaticInstructions.ts`` for ``applyTo``.
"""

from __future__ import annotations

from pathlib import Path

from promptls.assembly.agents import render_agent
from promptls.context import Discovery, EntryStatus, discover
from promptls.views.matrix import cell_text, coverage_matrix
from tests.core.helpers import write


def copilot(tree: Path, cwd: Path, *, target: Path | None = None, **env: str) -> Discovery:
    """Discover as copilot with ``tree/home`` as home."""
    environ = {"HOME": str(tree / "home"), **env}
    return discover(cwd, "copilot", home=tree / "home", environ=environ, target=target)


def sent(d: Discovery, tree: Path) -> list[str]:
    """Loaded paths in launch order, relative to the tree."""
    return [str(Path(f.path).relative_to(tree)) for f in d.files]


def entry(d: Discovery, path: Path) -> tuple[EntryStatus, str]:
    """The one entry recorded for ``path``."""
    [found] = [e for e in d.entries if e.path == str(path)]
    return found.status, found.reason


def repo(tree: Path) -> Path:
    """A git repository with the repository-wide files."""
    root = tree / "repo"
    (root / ".git").mkdir(parents=True)
    write(root / ".github/copilot-instructions.md", "repo-wide\n")
    write(root / "AGENTS.md", "agents\n")
    return root


def test_merge_order_user_repo_rules_then_working_folder(tmp_path: Path) -> None:
    """Spec 1.7: user global, repository files, .github/instructions (repo, then user),
    then the working folder's own files."""
    root = repo(tmp_path)
    write(tmp_path / "home/.copilot/copilot-instructions.md", "user\n")
    write(
        tmp_path / "home/.copilot/instructions/all.instructions.md", "---\napplyTo: '**'\n---\nu\n"
    )
    write(root / ".github/instructions/all.instructions.md", "---\napplyTo: '**'\n---\nr\n")
    write(root / "pkg/AGENTS.md", "pkg\n")
    write(root / "pkg/.github/instructions/p.instructions.md", "---\napplyTo: '*'\n---\np\n")
    d = copilot(tmp_path, root / "pkg")
    assert sent(d, tmp_path) == [
        "home/.copilot/copilot-instructions.md",
        "repo/.github/copilot-instructions.md",
        "repo/AGENTS.md",
        "repo/pkg/AGENTS.md",
        "repo/.github/instructions/all.instructions.md",
        "home/.copilot/instructions/all.instructions.md",
        "repo/pkg/.github/instructions/p.instructions.md",
    ]


def test_claude_and_gemini_files_are_repository_instructions(tmp_path: Path) -> None:
    """Spec 1.1: CLAUDE.md and GEMINI.md are read like AGENTS.md; .claude/CLAUDE.md, which
    the spec lists too, is not (oracle scenario "copilot: no .claude/CLAUDE.md, and a
    whitespace-only file is sent", Copilot CLI 1.0.102)."""
    root = repo(tmp_path)
    write(root / "CLAUDE.md", "claude\n")
    write(root / ".claude/CLAUDE.md", "dot claude\n")
    write(root / "GEMINI.md", "gemini\n")
    assert sent(copilot(tmp_path, root), tmp_path)[2:] == ["repo/CLAUDE.md", "repo/GEMINI.md"]


def test_whitespace_only_and_empty_files_are_sent(tmp_path: Path) -> None:
    """Oracle scenarios "copilot: no .claude/CLAUDE.md, and a whitespace-only file is sent"
    and "copilot: an empty file is sent" (Copilot CLI 1.0.102): as read, each in its
    element."""
    root = repo(tmp_path)
    for name, text in (("GEMINI.md", "  \n\t\n"), ("CLAUDE.md", "")):
        path = write(root / name, text)
        d = copilot(tmp_path, root)
        assert [f.content for f in d.files if f.path == str(path)] == [text]
        assert f"<custom_instruction>\n{text}\n</custom_instruction>" in render_agent(d).wire
        path.unlink()


def test_apply_to_makes_a_rule_conditional_and_a_target_loads_it(tmp_path: Path) -> None:
    """applyTo scopes the file; for a matching file it loads, naming the glob."""
    root = repo(tmp_path)
    rule = write(
        root / ".github/instructions/ts.instructions.md",
        '---\napplyTo: "src/**/*.ts, **/*.tsx"\n---\nts rules\n',
    )
    status, reason = entry(copilot(tmp_path, root), rule)
    assert status is EntryStatus.CONDITIONAL
    assert "src/**/*.ts, **/*.tsx" in reason
    status, reason = entry(copilot(tmp_path, root, target=root / "web/App.tsx"), rule)
    assert status is EntryStatus.LOADED
    assert "web/App.tsx (matches **/*.tsx)" in reason
    status, reason = entry(copilot(tmp_path, root, target=root / "lib/a.py"), rule)
    assert status is EntryStatus.CONDITIONAL
    assert reason == "conditional: lib/a.py matches none of src/**/*.ts, **/*.tsx"


def test_apply_to_as_a_yaml_list_is_dropped(tmp_path: Path) -> None:
    """VS Code reads applyTo only as a string: a YAML list leaves the file unscoped,
    only listed for the model, even for a file the list would match."""
    root = repo(tmp_path)
    rule = write(
        root / ".github/instructions/l.instructions.md", "---\napplyTo:\n  - '**/*.ts'\n---\nx\n"
    )
    status, reason = entry(copilot(tmp_path, root, target=root / "a.ts"), rule)
    assert status is EntryStatus.ON_REQUEST
    assert "YAML list" in reason


def test_no_apply_to_is_on_request(tmp_path: Path) -> None:
    """An instructions file without applyTo is listed for the model to read when it decides."""
    root = repo(tmp_path)
    rule = write(root / ".github/instructions/n.instructions.md", "---\ndescription: db\n---\nx\n")
    assert entry(copilot(tmp_path, root), rule)[0] is EntryStatus.ON_REQUEST


def test_only_instructions_md_files_are_rules(tmp_path: Path) -> None:
    """Only names ending in .instructions.md below .github/instructions count."""
    root = repo(tmp_path)
    write(root / ".github/instructions/notes.md", "---\napplyTo: '**'\n---\nx\n")
    assert not [e for e in copilot(tmp_path, root).entries if e.path.endswith("notes.md")]


def test_exclude_agent_coding_agent_skips_the_file(tmp_path: Path) -> None:
    """excludeAgent: "coding-agent" keeps the file from the coding-agent runtime; "code-review"
    only from code review."""
    root = repo(tmp_path)
    hidden = write(
        root / ".github/instructions/h.instructions.md",
        '---\napplyTo: "**"\nexcludeAgent: "coding-agent"\n---\nx\n',
    )
    shown = write(
        root / ".github/instructions/s.instructions.md",
        '---\napplyTo: "**"\nexcludeAgent: "code-review"\n---\ny\n',
    )
    d = copilot(tmp_path, root)
    assert entry(d, hidden)[0] is EntryStatus.SKIPPED
    status, reason = entry(d, shown)
    assert status is EntryStatus.LOADED
    assert "code review" in reason


def test_nested_agents_md_on_the_target_path_is_lazy(tmp_path: Path) -> None:
    """Files in folders on the path of the file being worked on load with it, not at launch."""
    root = repo(tmp_path)
    nested = write(root / "src/ui/AGENTS.md", "ui\n")
    assert not [e for e in copilot(tmp_path, root).entries if e.path == str(nested)]
    status, reason = entry(copilot(tmp_path, root, target=root / "src/ui/App.tsx"), nested)
    assert status is EntryStatus.LAZY
    assert "src/ui/" in reason


def test_custom_instructions_dirs(tmp_path: Path) -> None:
    """COPILOT_CUSTOM_INSTRUCTIONS_DIRS (comma-separated) adds folders read like the root."""
    root = repo(tmp_path)
    extra = tmp_path / "shared"
    write(extra / "AGENTS.md", "shared agents\n")
    write(extra / ".github/instructions/py.instructions.md", "---\napplyTo: '**/*.py'\n---\npy\n")
    d = copilot(
        tmp_path,
        root,
        target=root / "tool.py",
        COPILOT_CUSTOM_INSTRUCTIONS_DIRS=f"{extra}, {tmp_path / 'missing'}",
    )
    assert sent(d, tmp_path)[-2:] == [
        "shared/AGENTS.md",
        "shared/.github/instructions/py.instructions.md",
    ]
    status, reason = entry(d, tmp_path / "missing")
    assert status is EntryStatus.SKIPPED
    assert "COPILOT_CUSTOM_INSTRUCTIONS_DIRS" in reason


def test_xdg_config_home_moves_the_user_folder(tmp_path: Path) -> None:
    """Spec appendix A: ~/.copilot becomes $XDG_CONFIG_HOME/.copilot."""
    root = repo(tmp_path)
    write(tmp_path / "xdg/.copilot/copilot-instructions.md", "xdg user\n")
    write(tmp_path / "home/.copilot/copilot-instructions.md", "home user\n")
    d = copilot(tmp_path, root, XDG_CONFIG_HOME=str(tmp_path / "xdg"))
    assert sent(d, tmp_path)[0] == "xdg/.copilot/copilot-instructions.md"
    assert "home/.copilot/copilot-instructions.md" not in sent(d, tmp_path)


def test_same_text_is_sent_once(tmp_path: Path) -> None:
    """Spec 1.7: duplicate content is de-duplicated (a CLAUDE.md copied from AGENTS.md)."""
    root = repo(tmp_path)
    copy = write(root / "CLAUDE.md", "agents\n")
    status, reason = entry(copilot(tmp_path, root), copy)
    assert status is EntryStatus.SKIPPED
    assert "same text as" in reason and "AGENTS.md" in reason


def test_without_a_repository_only_the_working_folder(tmp_path: Path) -> None:
    """No git root: the working folder is the only standard location."""
    write(tmp_path / "AGENTS.md", "above\n")
    cwd = tmp_path / "loose"
    write(cwd / "AGENTS.md", "here\n")
    assert sent(copilot(tmp_path, cwd), tmp_path) == ["loose/AGENTS.md"]


def test_the_cache_keeps_environments_apart(tmp_path: Path) -> None:
    """A cached result for one COPILOT_CUSTOM_INSTRUCTIONS_DIRS is not served for another."""
    from promptls.discovery.cache import DiscoveryCache

    root = repo(tmp_path)
    extra = tmp_path / "shared"
    write(extra / "AGENTS.md", "shared\n")
    cache = DiscoveryCache()
    home = tmp_path / "home"
    plain = cache.discover(root, "copilot", home=home, environ={"HOME": str(home)})
    env = {"HOME": str(home), "COPILOT_CUSTOM_INSTRUCTIONS_DIRS": str(extra)}
    more = cache.discover(root, "copilot", home=home, environ=env)
    assert len(more.files) == len(plain.files) + 1


# -- @path imports (observed: Copilot CLI 1.0.102, the oracle's "copilot: …import…"
# scenarios; agents/copilot/imports.py) ----------------------------------------------


def test_import_tokens_start_and_end_where_copilot_reads_them() -> None:
    from promptls.agents.copilot.imports import parse

    text = (
        "@a.md (@./b.md) x-@./no1.md e.g.@./no2.md @./c.md). @d/e @f @g. "
        "@./no3.md#top `@./no4.md` *@./h.md\n```\n@./no5.md\n```\n\n    @./i.md\n"
    )
    assert [ref.target for ref in parse(text)] == [
        "a.md",
        "./b.md",
        "./c.md",
        "d/e",
        "./no3.md#top",  # a token, naming no file: left alone
        "./h.md",
        "./i.md",  # indented code is no code to Copilot
    ]
    first = parse("see @./c.md).")[0]
    assert "see @./c.md)."[first.start : first.end] == "@./c.md"


def test_imports_are_followed_in_agents_md_and_claude_md_only(tmp_path: Path) -> None:
    root = repo(tmp_path)
    write(root / "AGENTS.md", "agents @./x.md\n")
    write(root / "CLAUDE.md", "claude @./y.md\n")
    write(root / "GEMINI.md", "gemini @./z.md\n")
    write(root / ".github/copilot-instructions.md", "repo @./z.md\n")
    for name in "xyz":
        write(root / f"{name}.md", f"{name} text\n")
    d = copilot(tmp_path, root)
    imported = [e.path for e in d.entries if e.status is EntryStatus.IMPORTED]
    assert imported == [str(root / "x.md"), str(root / "y.md")]


def test_the_wire_inlines_an_import_once_per_file_and_marks_repeats(tmp_path: Path) -> None:
    root = repo(tmp_path)
    write(root / ".github/copilot-instructions.md", "")
    write(root / "AGENTS.md", "see @./x.md, then @./x.md again\n")
    write(root / "CLAUDE.md", "also @./x.md\n")
    write(root / "x.md", "\n  x text @./missing.md  \n\n")
    wire = render_agent(copilot(tmp_path, root)).wire
    element = f'<imported_custom_instruction source="{root / "x.md"}"'
    inlined = f"\n\n{element}>\n\n  x text @./missing.md\n</imported_custom_instruction>"
    assert wire == (
        "<custom_instruction>\n\n</custom_instruction>\n\n"
        f"<custom_instruction>\nsee @./x.md{inlined}, then @./x.md\n\n"
        f'{element} skipped="already-loaded" /> again\n\n</custom_instruction>\n\n'
        f"<custom_instruction>\nalso @./x.md{inlined}\n\n</custom_instruction>"
    )


def test_a_file_another_top_level_file_loaded_is_reported_as_sent_again(tmp_path: Path) -> None:
    """CLAUDE.md importing AGENTS.md: Copilot sends AGENTS.md on its own and again inside
    CLAUDE.md's element, so the import is a second copy, not a skipped repeat; a repeat
    within CLAUDE.md is skipped."""
    root = repo(tmp_path)
    write(root / "CLAUDE.md", "@AGENTS.md\nand @AGENTS.md again\n")
    d = copilot(tmp_path, root)
    reasons = [e.reason for e in d.entries if e.path == str(root / "AGENTS.md")]
    assert reasons[1].startswith("skipped as a second copy: @AGENTS.md on line 1 of CLAUDE.md")
    assert "once per top-level file" in reasons[1]
    assert reasons[2] == "skipped: @AGENTS.md on line 2 of CLAUDE.md names a file already loaded"
    wire = render_agent(d).wire
    assert wire.count("agents\n") == 2


def test_the_coverage_matrix_counts_a_second_copy_as_sent(tmp_path: Path) -> None:
    """AGENTS.md sent on its own and again inside CLAUDE.md's element: its entry for the
    import points at the text sent again, and the matrix cell says "2×" with both copies'
    bytes; the repeat within CLAUDE.md sends nothing and adds nothing."""
    root = repo(tmp_path)
    write(root / "CLAUDE.md", "@AGENTS.md\nand @AGENTS.md again\n")
    d = copilot(tmp_path, root)
    agents = str(root / "AGENTS.md")
    order = next(i for i, f in enumerate(d.files) if f.path == agents)
    assert [e.sent_again for e in d.entries if e.path == agents] == [None, order, None]
    [row] = [r for r in coverage_matrix([d]).rows if r.path == agents]
    cell = row.cells[0]
    assert cell is not None
    assert (cell.status, cell.sent, cell.bytes) == ("loaded", 2, 2 * len(b"agents\n"))
    assert cell_text(cell) == "2× 14B"


def test_a_file_sent_on_its_own_is_not_inlined_past_the_hop_limit(tmp_path: Path) -> None:
    """CLAUDE.md is sent as its own element; reached again as the ninth hop of AGENTS.md's
    import chain, its token stays as written (oracle: Copilot CLI 1.0.102)."""
    root = repo(tmp_path)
    write(root / "AGENTS.md", "top @./h1.md\n")
    for i in range(1, 9):
        write(root / f"h{i}.md", f"h{i} @./{f'h{i + 1}.md' if i < 8 else 'CLAUDE.md'}\n")
    write(root / "CLAUDE.md", "claude text\n")
    wire = render_agent(copilot(tmp_path, root)).wire
    assert f'source="{root / "h8.md"}">\nh8 @./CLAUDE.md\n</imported_custom_instruction>' in wire
    assert wire.count("claude text") == 1
    assert f'source="{root / "CLAUDE.md"}"' not in wire


def test_an_import_line_in_a_file_copilot_reads_no_imports_in_is_not_reported(
    tmp_path: Path,
) -> None:
    from promptls.analysis import analyze

    root = repo(tmp_path)
    text = "@import ./docs/x.md\n"
    write(root / "GEMINI.md", text)
    write(root / "docs/x.md", "x\n")
    d = copilot(tmp_path, root)
    assert [f.code for f in analyze(text, path=str(root / "GEMINI.md"), discovery=d).findings] == []
    write(root / "CLAUDE.md", text)
    d = copilot(tmp_path, root)
    found = analyze(text, path=str(root / "CLAUDE.md"), discovery=d).findings
    assert [f.code for f in found] == ["PL013"]
    assert "Copilot CLI reads `@path`" in found[0].message
