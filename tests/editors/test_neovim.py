"""The Neovim plugin, driven inside a real headless Neovim 0.11 against the real server.

``scripts/setup-neovim`` puts ``nvim`` into the project's ``.venv``. The Lua side
(``tests/editors/neovim/test.lua``) opens a prompt file, waits on editor events with
``vim.wait`` and writes what Neovim saw as JSON; the assertions live here, where the
expected UTF-8 columns are computed independently from the text.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.editors.helpers import (
    DUP_PREFIX,
    DYNAMIC,
    EMOJI_LINE,
    MARKER,
    NEW_RULE,
    PROJECT_RULE,
    PROMPT,
    ROOT,
    SERVER,
    SOURCE,
    STATIC,
    USER_RULE,
    dup_position,
    run_scenario,
    workspace,
)

pytestmark = pytest.mark.editor

NVIM = ROOT / ".venv" / "bin" / "nvim"
HERE = Path(__file__).resolve().parent / "neovim"

NVIM_TIMEOUT_S = 150
STEP_TIMEOUT_MS = 20000


def _tail(path: Path, limit: int = 4000) -> str:
    """The end of a log file, for a failure message that says what went wrong."""
    if not path.exists():
        return f"({path.name}: not written)"
    text = path.read_text(encoding="utf-8", errors="replace")
    return f"--- {path} (last {limit} chars) ---\n{text[-limit:]}"


MODES = ["lsp-enable", "setup", "legacy-start"]
"""The registration paths. ``lsp-enable`` is the Neovim 0.11 idiom: the plugin installed as
a built-in package, the shipped ``lsp/promptls.lua`` found on the runtimepath and
``vim.lsp.enable('promptls')`` without ``setup()``; ``setup`` is ``setup()`` on 0.11+
(vim.lsp.config/enable with the plugin's options); ``legacy-start`` runs the FileType +
vim.lsp.start path meant for 0.8-0.10 on the same Neovim."""


@pytest.fixture(scope="module", params=MODES)
def nvim_run(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """Run the Lua tour once per registration path; the tests read the JSON it wrote."""
    return _run_nvim(request.param, "tour", tmp_path_factory)


@pytest.fixture(scope="module", params=MODES)
def nvim_source_run(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """Run the Lua scenario that starts from a source file, with no server running yet."""
    return _run_nvim(request.param, "source", tmp_path_factory)


def nvim_env(tmp_path: Path, home: Path, out: Path) -> dict[str, str]:
    """What every headless Neovim run of the suite gets: a fake home and XDG folders under
    ``tmp_path`` (``xdg-state`` holds Neovim's LSP log), the checkout's server and plugin,
    the server's log at ``tmp_path/server.log`` and the JSON result at ``out``."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(tmp_path / "xdg-config"),
        "XDG_DATA_HOME": str(tmp_path / "xdg-data"),
        "XDG_STATE_HOME": str(tmp_path / "xdg-state"),
        "XDG_CACHE_HOME": str(tmp_path / "xdg-cache"),
        "PROMPTLS_REPO": str(ROOT),
        "PROMPTLS_SERVER": str(SERVER),
        "PROMPTLS_SERVER_LOG": str(tmp_path / "server.log"),
        "PROMPTLS_TEST_OUT": str(out),
    }


def _run_nvim(
    mode: str,
    scenario: str,
    tmp_path_factory: pytest.TempPathFactory,
    extra_env: dict[str, str] | None = None,
    *,
    profile: str = "or",
    prepare: Callable[[Path], None] | None = None,
) -> dict[str, Any]:
    """Run one scenario of ``test.lua`` in a fresh headless Neovim and return its JSON
    (``extra_env``: what that scenario reads besides the common variables; ``prepare``
    adds files to the project before the editor starts)."""
    if not NVIM.exists():
        pytest.skip(f"{NVIM} is missing: run scripts/setup-neovim (scripts/test does)")
    if not SERVER.exists():
        pytest.skip(f"{SERVER} is missing: run scripts/test to install the project")
    tmp_path = tmp_path_factory.mktemp("nvim")
    home, proj, prompt = workspace(tmp_path)
    # The scenario's previews and statusline are the Or reference agent's; with no profile
    # configured the server would answer for the agents the project is set up for (its
    # CLAUDE.md and .claude/ make that Claude Code), so the project names its profile.
    (proj / ".promptls.toml").write_text(f'profile = "{profile}"\n', encoding="utf-8")
    if prepare is not None:
        prepare(proj)
    out = tmp_path / "result.json"
    server_log = tmp_path / "server.log"
    state = tmp_path / "xdg-state"
    env = {
        **nvim_env(tmp_path, home, out),
        "PROMPTLS_TEST_FILE": str(prompt),
        "PROMPTLS_TEST_TIMEOUT_MS": str(STEP_TIMEOUT_MS),
        "PROMPTLS_TEST_PROJECT_FILE": str(proj / "AGENTS.md"),
        "PROMPTLS_TEST_NEW_RULE": NEW_RULE,
        "PROMPTLS_TEST_MODE": mode,
        "PROMPTLS_TEST_SCENARIO": scenario,
        "PROMPTLS_TEST_SOURCE": str(proj / SOURCE),
        **(extra_env or {}),
    }
    if mode == "lsp-enable":
        # The 0.11 idiom, installed the way editors/neovim/README.md says for built-in
        # packages: a pack/*/start entry linking to editors/neovim.
        packdir = tmp_path / "packs"
        (packdir / "pack" / "promptls" / "start").mkdir(parents=True)
        (packdir / "pack" / "promptls" / "start" / "promptls").symlink_to(
            ROOT / "editors" / "neovim"
        )
        env["PROMPTLS_TEST_PACKDIR"] = str(packdir)
    cmd = [
        str(NVIM),
        "--headless",
        "--clean",
        "-u",
        str(HERE / "init.lua"),
        "-c",
        f"luafile {HERE / 'test.lua'}",
    ]

    def logs() -> str:
        """The server's and Neovim's LSP logs, for failure messages."""
        return "\n".join([_tail(server_log), _tail(state / "nvim" / "lsp.log")])

    result = run_scenario(
        "headless Neovim", cmd, cwd=proj, env=env, out=out, timeout_s=NVIM_TIMEOUT_S, logs=logs
    )
    result["_mode"] = mode
    result["_paths"] = {"home": str(home), "proj": str(proj), "prompt": str(prompt)}
    return result


def test_client_attaches_and_negotiates_utf8(nvim_run: dict[str, Any]) -> None:
    """Neovim offers UTF-8 first; the server must take it (so columns are byte columns)."""
    assert nvim_run["filetype"] == "markdown"
    assert nvim_run["lsp_enabled"] is (nvim_run["_mode"] != "legacy-start")
    assert nvim_run["offset_encoding"] == "utf-8"
    assert Path(nvim_run["root_dir"]) == Path(nvim_run["_paths"]["proj"])


def test_shipped_lsp_config_and_prompt_filetypes(nvim_run: dict[str, Any]) -> None:
    """``lsp/promptls.lua`` is a plain vim.lsp.Config; setup() also gives prompt files that
    Neovim does not know (``*.prompt``) a file type, from the server's prompt globs."""
    shipped = nvim_run["shipped"]
    found = Path(nvim_run["lsp_config_file"])
    assert found.resolve() == ROOT / "editors" / "neovim" / "lsp" / "promptls.lua"
    if nvim_run["_mode"] == "lsp-enable":
        assert found.parts[-6:-2] == ("pack", "promptls", "start", "promptls"), found
    assert shipped["cmd"] == ["promptls", "serve"]
    assert shipped["filetypes"] == ["markdown", "text"]
    assert ".git" in shipped["root_markers"]
    # review.prompt, prompts/agent/system.txt match the prompt globs; todo.prompt.txt not.
    types = nvim_run["prompt_filetypes"]
    if nvim_run["_mode"] == "lsp-enable":
        assert types[:2] == [None, None], "without setup() Neovim has no type for them"
    else:
        assert types[:2] == ["markdown", "markdown"], types
    assert types[2] != "markdown", types
    # Cursor's rules: instruction files Neovim has no type for; setup() gives them one.
    cursor = nvim_run["instruction_filetypes"]
    if nvim_run["_mode"] == "lsp-enable":
        assert cursor == [None, None], "without setup() Neovim has no type for them"
    else:
        assert cursor == ["markdown", "markdown"], cursor


def test_duplicate_marker_diagnostic_at_utf8_column(nvim_run: dict[str, Any]) -> None:
    """The PL001 diagnostic sits exactly on the second marker, after emoji and CJK."""
    line, _, utf8_col, utf16_col = dup_position()
    assert utf8_col != utf16_col, "the fixture must tell UTF-8 from UTF-16 columns apart"
    dups = [d for d in nvim_run["diagnostics"] if d["code"] == "PL001"]
    assert len(dups) == 1, nvim_run["diagnostics"]
    dup = dups[0]
    assert (dup["lnum"], dup["col"]) == (line, utf8_col)
    assert dup["end_lnum"] == line
    assert dup["end_col"] == utf8_col + len(MARKER)
    # What the server sent on the wire, before Neovim converted anything.
    assert dup["lsp_range"]["start"] == {"line": line, "character": utf8_col}


def test_code_lens_and_statusline(nvim_run: dict[str, Any]) -> None:
    """The lens on the first marker shows token estimates and opens the wire view; the
    statusline shows the profile and the context revision."""
    lens = nvim_run["codelens"]
    first_marker_line = PROMPT.split("\n").index(MARKER)
    assert lens["line"] == first_marker_line
    assert "tokens (cached)" in lens["title"], lens["title"]
    opened = "\n".join(lens["opened"])
    assert opened.startswith("Markers: 2\n")
    assert STATIC in opened
    assert nvim_run["status"].startswith("promptls or · "), nvim_run["status"]


def test_hover_on_marker_shows_wire_preview(nvim_run: dict[str, Any]) -> None:
    """Hovering the first marker shows both halves' text, and the wire form drops the marker."""
    hover = nvim_run["hover"]
    assert isinstance(hover, str)
    assert STATIC in hover
    assert DYNAMIC in hover
    assert EMOJI_LINE in hover
    assert "wire" in hover.lower()


def _section(text: str, profile: str) -> str:
    """The block of the context text that answers for ``profile``: its own ``Profile``
    section, or the ``Profiles a, b:`` section of the agents that load the same files."""
    for block in text.split("\n\n"):
        head = block.split(":", 1)[0]
        if head.startswith("Profile ") and head.removeprefix("Profile ") == profile:
            return block
        if head.startswith("Profiles ") and profile in head.removeprefix("Profiles ").split(", "):
            return block
    raise AssertionError(f"no section answers for {profile}:\n{text}")


def test_context_command_lists_discovered_files(nvim_run: dict[str, Any]) -> None:
    """`:PromptlsContext all` fills a read-only scratch buffer with the server's view (the
    CLI's text): per profile, in load order, paths shortened against the workspace."""
    ctx = nvim_run["context"]
    assert ctx["filetype"] == "text"
    assert ctx["buftype"] == "nofile"
    assert ctx["modifiable"] is False
    assert ctx["attached"] == 0, "the language server must not attach to its own scratch buffer"
    text = "\n".join(ctx["lines"])
    paths = nvim_run["_paths"]
    # Asked from the prompt buffer: the server answers for that file, from the workspace.
    assert f"Folder: {paths['proj']}\nFor file: prompts/agent.prompt.md\n" in text, text
    sections = {profile: _section(text, profile) for profile in ("or", "claude", "codex", "gemini")}
    or_section = sections["or"]
    loaded = [
        line.split()[-1] for line in or_section.splitlines() if line.strip()[:2] in ("1.", "2.")
    ]
    # Broadest first: the user file (below the fake home) before the project file.
    assert loaded == ["~/.or/AGENTS.md", "AGENTS.md"], or_section
    claude = sections["claude"]
    assert "CLAUDE.md" in claude, claude
    assert "conditional   project .claude/rules/api.md" in claude, claude
    assert "conditional: prompts/agent.prompt.md matches none of src/api/**" in claude, claude


def test_context_from_a_source_file_shows_the_rules_that_apply(
    nvim_source_run: dict[str, Any],
) -> None:
    """`:PromptlsContext` in a Python buffer, before any prompt file started the server,
    answers which instructions apply to that file: the rule scoped to `src/api/**` loads."""
    ctx = nvim_source_run["context"]
    text = "\n".join(ctx["lines"])
    proj = nvim_source_run["_paths"]["proj"]
    assert f"Folder: {proj}\nFor file: {SOURCE}\n" in text, text
    claude = _section(text, "claude")
    loaded = claude.split("  loaded, broadest first:", 1)[1].split("  not loaded:", 1)[0]
    assert ".claude/rules/api.md" in loaded, claude
    assert f"a rule for {SOURCE} (matches src/api/**)" in loaded, claude
    # Other agents do not read Claude's rules folder; each is answered for the same file.
    for profile in ("or", "codex", "gemini"):
        section = _section(text, profile)
        assert ".claude/rules/api.md" not in section, section
    assert nvim_source_run["source_filetype"] == "python"
    assert nvim_source_run["source_attached"] == 0, "the server must not lint the source file"
    warnings = [n for n in nvim_source_run["notifications"] if (n.get("level") or 0) >= 3]
    assert not warnings, warnings


def test_preview_wire_shows_the_assembled_prompt(nvim_run: dict[str, Any]) -> None:
    """`:PromptlsPreview wire` shows the instruction files' text and never a marker."""
    preview = nvim_run["preview"]
    assert preview["filetype"] == "markdown"
    text = "\n".join(preview["lines"])
    assert PROJECT_RULE in text
    assert USER_RULE in text
    assert MARKER not in text


def test_preview_cache_aware_shows_the_cached_block(nvim_run: dict[str, Any]) -> None:
    """The cache-aware view marks the static block as cached and the dynamic one as not."""
    assert nvim_run["preview_blocks"]["filetype"] == "text"
    text = "\n".join(nvim_run["preview_blocks"]["lines"])
    assert "Block 1 of 2: static (cache_control: ephemeral)" in text, text
    assert "Block 2 of 2: dynamic (not cached)" in text, text
    static_block, dynamic_block = text.split("Block 2 of 2", 1)
    assert PROJECT_RULE not in static_block, "instruction files belong to the dynamic half"
    assert PROJECT_RULE in dynamic_block
    assert MARKER not in text


def test_environment_and_render_commands(nvim_run: dict[str, Any]) -> None:
    """`:PromptlsEnv` shows the git branch read from .git/HEAD; `:PromptlsRender` the halves."""
    env = nvim_run["environment"]
    assert "  git:   yes, branch main" in env, env
    assert f"  cwd:   {nvim_run['_paths']['proj']}" in env, env
    render = "\n".join(nvim_run["render"])
    assert "Static half (cached): " in render
    assert STATIC in render.split("Dynamic half", 1)[0]
    wire = render.split("Wire text (marker-free)", 1)[1]
    assert MARKER not in wire
    assert EMOJI_LINE in wire


def test_preview_follows_instruction_file_changes(nvim_run: dict[str, Any]) -> None:
    """Editing AGENTS.md on disk reaches the open preview via promptls/contextChanged."""
    before = "\n".join(nvim_run["preview"]["lines"])
    after = "\n".join(nvim_run["preview_after_change"])
    assert NEW_RULE not in before
    assert NEW_RULE in after
    revisions = nvim_run["revisions"]
    revision = revisions.get(nvim_run["_paths"]["proj"])
    assert revision, revisions
    assert nvim_run["preview_revision_after"] == revision, "the view shows the new revision"
    # The statusline follows the announced revision.
    assert nvim_run["status_after_change"] == f"promptls or · {revision[:7]}"
    assert nvim_run["status"] != nvim_run["status_after_change"]


def test_preview_profile_picker_token_table_and_cache_diff(nvim_run: dict[str, Any]) -> None:
    """`:PromptlsPreview codex` shows codex's rendering and its per-file token table
    (completion offers the profiles); `:PromptlsPreview codex diff` starts identical and,
    once AGENTS.md changes on disk, names it and the byte where codex's prefix breaks."""
    assert "codex" in nvim_run["preview_completion"]
    codex = "\n".join(nvim_run["preview_codex"])
    assert codex.startswith("Profile:   codex (Codex CLI)"), codex
    agents = str(Path(nvim_run["_paths"]["proj"]) / "AGENTS.md")
    table = codex.split("Files on the wire", 1)[1].split("Wire text:", 1)[0]
    assert "position    bytes   tokens  cached  path" in table, table
    assert agents in table
    assert codex != "\n".join(nvim_run["preview_blocks"]["lines"])
    before = "\n".join(nvim_run["preview_diff_before"])
    assert "identical wire text" in before, before
    after = "\n".join(nvim_run["preview_diff_after"])
    assert "first difference at byte" in after, after
    assert "cache misses" in after
    assert "changed files:\n  AGENTS.md" in after  # relative to the workspace folder


def test_checkhealth_reports_binary_version_and_profile(nvim_run: dict[str, Any]) -> None:
    """`:checkhealth promptls` names the binary, its version and the server's profile."""
    health = "\n".join(nvim_run["health"])
    version = subprocess.run(
        [str(SERVER), "--version"], capture_output=True, text=True, timeout=30, check=True
    ).stdout.strip()
    assert f"server binary: {SERVER}" in health, health
    assert f"server version: {version}" in health, health
    assert "active profile: or (as the server reports it" in health, health
    assert "ERROR" not in health, health


def _expected_without_duplicate(lines: list[str]) -> None:
    """The first marker stays, the duplicate is gone, and the emoji/CJK text is untouched."""
    text = "\n".join(lines)
    assert text.count(MARKER) == 1, text
    assert STATIC in text
    assert EMOJI_LINE in lines
    dup_line = next(line for line in lines if line.startswith(DUP_PREFIX.rstrip()))
    assert "and more words" in dup_line


def test_quick_fix_removes_the_duplicate(nvim_run: dict[str, Any]) -> None:
    """The PL001 quick fix, applied through vim.lsp.buf.code_action, edits the buffer right."""
    assert nvim_run["markers_after_quickfix"] == 1
    _expected_without_duplicate(nvim_run["after_quickfix"])
    assert nvim_run["markers_after_undo"] == 2


def test_fix_all_removes_the_duplicate_and_the_diagnostic(nvim_run: dict[str, Any]) -> None:
    """`:PromptlsFixAll` applies source.fixAll.promptls; the PL001 diagnostic then clears."""
    assert nvim_run["markers_after_fix_all"] == 1
    _expected_without_duplicate(nvim_run["after_fix_all"])
    assert all(d["code"] != "PL001" for d in nvim_run["diagnostics_after_fix"])
