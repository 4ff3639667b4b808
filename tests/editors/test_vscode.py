"""The VS Code extension, tested in a real VS Code: code-server driven by headless Chromium.

`scripts/setup-vscode` prepares everything in a cache outside the repo (Node 24, code-server,
playwright-core, the packaged extension with its bundled server installed into an extensions
dir). This test starts code-server on a free loopback port with a temp workspace holding a
prompt file with a duplicate marker, and with a PATH where `promptls` is nowhere: no
`promptls` executable, and a `python3` (>= 3.11) that cannot import it, so what runs is the
server the .vsix brought. It runs `tests/editors/vscode/drive.mjs` (playwright-core +
Debian's Chromium), and asserts what a user would see: the PL001 diagnostic in the Problems
panel, the wire-text hover on the marker, the status bar's revision, the context files and
the prompt preview. Screenshots of each step land in `test-artifacts/vscode/`.

A missing setup FAILS the test (CI must not pass by skipping it) unless
`PROMPTLS_SKIP_VSCODE=1` is set. `PROMPTLS_UPDATE_DOCS_IMAGES=1` copies the hover screenshot
to `docs/images/vscode-hover.png`.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.editor

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).resolve().parent / "vscode" / "drive.mjs"
ARTIFACTS = ROOT / "test-artifacts" / "vscode"
DOCS_IMAGE = ROOT / "docs" / "images" / "vscode-hover.png"
CODE_SERVER_VERSION = "4.139.1"
PLAYWRIGHT_VERSION = "1.65.1"
CHROMIUM = Path("/usr/bin/chromium")
MARKER = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"
PROMPT_FILE = "system.prompt.md"
PROMPT_TEXT = (
    "You are a careful coding agent. Keep answers short.\n\n"
    f"{MARKER}\n\n"
    "The user works in this repository.\n\n"
    f"{MARKER}\n\n"
    "Later text.\n"
)
AGENTS_SENTENCE = "Run the linters before every commit."
SOURCE_FILE = "src/app.py"
"""A source file: no prompt, no instruction file; the Claude rule below applies to it."""
SCOPED_RULE = ".claude/rules/python.md"
ADDED_SENTENCE = "Never push on Fridays."

if os.environ.get("PROMPTLS_SKIP_VSCODE") == "1":
    pytest.skip(
        "PROMPTLS_SKIP_VSCODE=1: the real-VS-Code test is switched off", allow_module_level=True
    )


@dataclass(frozen=True)
class Tools:
    """Paths that scripts/setup-vscode put in its cache."""

    node: Path
    code_server: Path
    playwright: Path
    extensions: Path


def _cache_dir() -> Path:
    """Same resolution as scripts/setup-vscode, so a fresh clone finds the shared cache."""
    explicit = os.environ.get("PROMPTLS_VSCODE_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "promptls" / "vscode"


def _tools() -> Tools:
    """Find the set-up tools, failing with the fix when something is missing."""
    cache = _cache_dir()
    tools = Tools(
        node=cache / "node24" / "node_modules" / "node" / "bin" / "node",
        code_server=cache
        / f"code-server-{CODE_SERVER_VERSION}"
        / "node_modules"
        / "code-server"
        / "out"
        / "node"
        / "entry.js",
        playwright=cache / f"playwright-{PLAYWRIGHT_VERSION}" / "node_modules" / "playwright-core",
        extensions=cache / "extensions",
    )
    missing = [str(p) for p in (*tools.__dict__.values(), CHROMIUM) if not p.exists()]
    if not list(tools.extensions.glob("promptls.promptls-*")):
        missing.append(f"promptls extension in {tools.extensions}")
    if missing:
        pytest.fail(
            "the VS Code test environment is not set up (missing: "
            + ", ".join(missing)
            + "); run scripts/setup-vscode, or set PROMPTLS_SKIP_VSCODE=1 to skip this test"
        )
    return tools


def _bare_python_dir(base: Path) -> Path:
    """A folder whose `python3` is this test's base interpreter (>= 3.11, outside any venv):
    the `python3 on PATH` the bundled server runs on, and one without promptls."""
    folder = base / "python-bin"
    folder.mkdir()
    name = f"python{sysconfig.get_python_version()}"
    base_python = Path(sys.base_prefix) / "bin" / name
    if not base_python.exists():
        base_python = Path(sys.base_prefix) / "bin" / "python3"
    (folder / "python3").symlink_to(base_python.resolve())
    return folder


def _free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _make_workspace(base: Path) -> Path:
    """A git folder with an AGENTS.md and a prompt file whose second marker is a duplicate."""
    workspace = base / "workspace"
    (workspace / ".git").mkdir(parents=True)
    (workspace / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    # A folder-level setting the extension must pass on: PL009 (prefix too short to cache)
    # would otherwise be reported for this small prompt.
    (workspace / ".vscode").mkdir()
    (workspace / ".vscode" / "settings.json").write_text('{"promptls.ignore": ["PL009"]}\n')
    (workspace / "AGENTS.md").write_text(f"# Project rules\n\n{AGENTS_SENTENCE}\n")
    (workspace / ".claude" / "rules").mkdir(parents=True)
    (workspace / SCOPED_RULE).write_text("---\npaths: src/**/*.py\n---\nType every function.\n")
    (workspace / "src").mkdir()
    (workspace / SOURCE_FILE).write_text("def main() -> None:\n    print('hello')\n")
    (workspace / PROMPT_FILE).write_text(PROMPT_TEXT)
    return workspace


def _write_user_settings(user_data: Path, server: Path | str | None) -> None:
    """User settings: the server (None: the bundled one), no trust prompt, no welcome page,
    quick hovers."""
    settings: dict[str, Any] = {} if server is None else {"promptls.server.path": str(server)}
    settings |= {
        "security.workspace.trust.enabled": False,
        "workbench.startupEditor": "none",
        "workbench.tips.enabled": False,
        "workbench.enableExperiments": False,
        "workbench.secondarySideBar.defaultVisibility": "hidden",
        "chat.disableAIFeatures": True,
        "telemetry.telemetryLevel": "off",
        "extensions.autoCheckUpdates": False,
        "extensions.autoUpdate": False,
        "update.mode": "none",
        "editor.hover.delay": 150,
        "editor.minimap.enabled": False,
        # One view line per text line, so the driver can read lines off the screen.
        "editor.wordWrap": "off",
        "[markdown]": {"editor.wordWrap": "off"},
        "[prompt]": {"editor.wordWrap": "off"},
        "[plaintext]": {"editor.wordWrap": "off"},
        "window.zoomLevel": 0,
    }
    # code-server is a remote window: machine-scoped settings (promptls.server.path) are read
    # from the Machine settings, the rest from User.
    for kind in ("User", "Machine"):
        (user_data / kind).mkdir(parents=True)
        (user_data / kind / "settings.json").write_text(json.dumps(settings, indent=2))


@dataclass
class CodeServer:
    """A running code-server and its collected log."""

    process: subprocess.Popen[str]
    url: str
    workspace: Path
    user_data: Path
    log: list[str]
    path: str


@contextlib.contextmanager
def _code_server(
    tmp_path: Path, server: Path | str | None, extra_path: str = ""
) -> Iterator[tuple[CodeServer, Tools]]:
    """Start code-server for a fresh workspace and fake HOME; stop it afterwards."""
    tools = _tools()
    home = tmp_path / "home"
    home.mkdir()
    user_data = tmp_path / "user-data"
    _write_user_settings(user_data, server)
    workspace = _make_workspace(tmp_path)
    port = _free_port()
    # code-server reads the extension host's environment from `$SHELL -i -l -c …`, and a
    # login shell's profile would reset PATH; this shell skips the profiles, so the
    # extension sees exactly the PATH below.
    shell = tmp_path / "shell"
    shell.write_text('#!/bin/sh\nexec /bin/bash --noprofile --norc "$@"\n')
    shell.chmod(0o755)
    env = {
        "PATH": f"{extra_path}{tools.node.parent}:/usr/local/bin:/usr/bin:/bin",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "SHELL": str(shell),
        "LANG": "C.UTF-8",
        # No extension gallery: nothing is fetched from outside this machine.
        "EXTENSIONS_GALLERY": "{}",
    }
    process = subprocess.Popen(
        [
            str(tools.node),
            str(tools.code_server),
            "--auth",
            "none",
            "--bind-addr",
            f"127.0.0.1:{port}",
            "--user-data-dir",
            str(user_data),
            "--extensions-dir",
            str(tools.extensions),
            "--disable-telemetry",
            "--disable-update-check",
            "--disable-workspace-trust",
            "--disable-getting-started-override",
            "--ignore-last-opened",
            str(workspace),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=workspace,
    )
    log: list[str] = []
    listening = threading.Event()

    def read() -> None:
        """Collect the log and signal once code-server listens."""
        assert process.stdout is not None
        for line in process.stdout:
            log.append(line)
            if "HTTP server listening on" in line:
                listening.set()
        listening.set()  # exited: wake the waiter so it sees the dead process

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        if not listening.wait(timeout=90) or process.poll() is not None:
            pytest.fail("code-server did not start:\n" + "".join(log[-40:]))
        url = f"http://127.0.0.1:{port}/?folder={workspace}"
        yield CodeServer(process, url, workspace, user_data, log, env["PATH"]), tools
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)
        reader.join(timeout=15)


def _assert_promptls_not_installed(env: dict[str, str], cwd: Path) -> None:
    """The precondition of the bundled-server test: nothing on this PATH provides promptls."""
    assert shutil.which("promptls", path=env["PATH"]) is None
    probe = subprocess.run(
        ["python3", "-c", "import promptls"],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    assert probe.returncode != 0, "python3 on the test PATH can import promptls"
    assert "No module named 'promptls'" in probe.stderr


@pytest.fixture
def code_server(tmp_path: Path) -> Iterator[tuple[CodeServer, Tools]]:
    """code-server with no promptls installed anywhere: the extension's bundled server runs."""
    python_dir = _bare_python_dir(tmp_path)
    with _code_server(tmp_path, None, f"{python_dir}:") as started:
        server = started[0]
        env = {"PATH": server.path, "HOME": str(tmp_path / "home")}
        _assert_promptls_not_installed(env, server.workspace)
        yield started


def cursor_at(text: str, through: str) -> str:
    """VS Code's 1-based "line:column" (UTF-16) just after ``through`` in ``text``: what Go to
    Line/Column takes."""
    before = text[: text.index(through) + len(through)]
    line = before.count("\n") + 1
    column = len(before.rsplit("\n", 1)[-1].encode("utf-16-le")) // 2 + 1
    return f"{line}:{column}"


def _server_log(server: CodeServer) -> str:
    """The promptls output channel (it names the server it started), from VS Code's logs."""
    logs = server.user_data / "logs"
    return "\n".join(
        f.read_text(errors="replace") for f in logs.rglob("*.log") if "promptls" in f.name
    )


def _drive(server: CodeServer, tools: Tools, scenario: str, **more: str) -> dict[str, Any]:
    """Run drive.mjs against the server; return what it saw, failing with its evidence.
    ``more`` overrides or adds to the driver's configuration."""
    artifacts = ARTIFACTS / scenario
    if artifacts.exists():
        shutil.rmtree(artifacts)
    artifacts.mkdir(parents=True)
    print(f"\nVS Code screenshots: {artifacts}")
    config = {
        "scenario": scenario,
        "url": server.url,
        "playwright": str(tools.playwright),
        "chromium": str(CHROMIUM),
        "screenshots": str(artifacts),
        "workspace": str(server.workspace),
        "file": PROMPT_FILE,
        # Inside the second (duplicate) marker's "BOUNDARY".
        "hoverAt": cursor_at(PROMPT_TEXT, "repository.\n\n__ZIDANE_SYSTEM_PROMPT_BOUND"),
        "expectInPreview": AGENTS_SENTENCE,
        "appendToAgents": ADDED_SENTENCE,
        "timeoutMs": 60000,
        **more,
    }
    run = subprocess.run(
        [str(tools.node), str(DRIVER), json.dumps(config)],
        capture_output=True,
        text=True,
        timeout=400,
        env={"PATH": f"{tools.node.parent}:/usr/bin:/bin", "HOME": str(artifacts)},
        check=False,
    )
    (artifacts / "code-server.log").write_text("".join(server.log))
    # VS Code's own logs (the promptls output channel and the server's stderr among them).
    logs = server.user_data / "logs"
    if logs.is_dir():
        shutil.copytree(logs, artifacts / "vscode-logs", dirs_exist_ok=True)
    try:
        seen: dict[str, Any] = json.loads(run.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        pytest.fail(f"drive.mjs printed no result (exit {run.returncode}):\n{run.stderr[-3000:]}")
    assert seen["error"] is None, (
        f"step {seen['failedStep']} failed: {seen['error']}\n"
        f"screenshots and logs: {artifacts}\ncode-server log tail:\n{''.join(server.log[-30:])}"
    )
    return seen


def test_extension_unit_tests_pass() -> None:
    """The extension's own unit tests (server resolution order, result rendering) pass."""
    tools = _tools()
    extension = ROOT / "editors" / "vscode"
    env = {"PATH": f"{tools.node.parent}:/usr/bin:/bin", "HOME": str(ROOT / "test-artifacts")}
    build = subprocess.run(
        [str(tools.node), "test/build.mjs"],
        cwd=extension,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    run = subprocess.run(
        [str(tools.node), "--test", "out/test/unit.test.js"],
        cwd=extension,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout or "ℹ fail 0" in run.stdout


def test_vscode_shows_promptls_diagnostics_hover_status_and_preview(
    code_server: tuple[CodeServer, Tools],
) -> None:
    """A user with nothing but the .vsix and a Python opens a prompt with a duplicate marker
    and sees every promptls surface work, served by the bundled server."""
    server, tools = code_server
    steps = _drive(server, tools, "all")["steps"]
    assert "(from bundled server, Python 3." in _server_log(server)

    problems = "\n".join(steps["problems"]["rows"])
    assert "PL001" in problems
    assert "promptls" in problems
    assert "PL009" not in problems  # ignored by the workspace's settings

    hover = steps["hover"]["text"]
    assert "wire" in hover.lower()
    assert "static" in hover.lower()

    status = steps["status"]["text"]
    assert "promptls:" in status
    assert "rev " in status
    assert "…" not in status

    context_rows = "\n".join(steps["context"]["rows"])
    assert "AGENTS.md" in context_rows
    assert "loaded" in context_rows

    preview = steps["preview"]
    assert "Prompt (cache-aware)" in preview["title"]
    assert AGENTS_SENTENCE in preview["text"]
    assert MARKER not in preview["text"]
    assert "Block 1 of 2: static (cache_control: ephemeral)" in preview["text"]  # the CLI's view

    agent = steps["previewAgent"]  # the profile picker
    assert "Prompt (codex)" in agent["title"]
    assert "Profile:   codex (Codex CLI)" in agent["text"]
    assert "position    bytes   tokens  cached  path" in agent["text"]  # the token table
    assert "AGENTS.md" in agent["text"].split("Files on the wire", 1)[1]
    assert "identical wire text" in steps["cacheDiff"]["text"]
    # AGENTS.md edited since the diff opened: the diff editor's first line says where.
    diff_after = " ".join(steps["cacheDiffAfter"]["text"].split())  # its lines wrap
    assert "codex: first difference at byte" in diff_after
    assert "file AGENTS.md: breaks the cached prefix" in diff_after
    assert ADDED_SENTENCE in diff_after

    refresh = steps["refresh"]
    assert ADDED_SENTENCE in refresh["text"]
    assert refresh["status"] != status

    wire_view = steps["wireView"]
    assert "Prompt (wire)" in wire_view["title"]
    assert AGENTS_SENTENCE in wire_view["text"]
    assert "=====" not in wire_view["text"]  # no block banners: the text as the model gets it
    assert MARKER not in wire_view["text"]

    environment = steps["environment"]["text"]
    assert "git:   yes, branch main" in environment
    assert str(server.workspace) in environment

    wire = steps["renderWire"]["text"]
    assert "You are a careful coding agent." in wire
    assert "Later text." in wire
    assert MARKER not in wire

    fixed = steps["fixAll"]
    assert fixed["text"].count(MARKER) == 1
    assert not any("PL001" in row for row in fixed["problems"])

    assert steps["restart"]["ok"]
    assert AGENTS_SENTENCE in steps["openedContextFile"]["text"]

    if os.environ.get("PROMPTLS_UPDATE_DOCS_IMAGES") == "1":
        DOCS_IMAGE.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(steps["hoverShot"], DOCS_IMAGE)


def test_vscode_shows_which_instructions_apply_to_a_source_file(
    code_server: tuple[CodeServer, Tools],
) -> None:
    """Show Context Files from a Python file answers for that file: the Claude rule scoped
    to `src/**/*.py` is listed as loaded, with the glob that matched, and the list names
    the file."""
    server, tools = code_server
    more = {"file": Path(SOURCE_FILE).name, "expectInFile": "def main", "expectRule": SCOPED_RULE}
    seen = _drive(server, tools, "source-file", **more)["steps"]["sourceContext"]
    assert seen["title"] == f"promptls: instructions that apply to {SOURCE_FILE} (workspace)"
    rule = seen["rule"]
    assert "loaded" in rule and "conditional" not in rule, rule
    assert f"a rule for {SOURCE_FILE} (matches src/**/*.py)" in rule, rule
    assert any("AGENTS.md" in row and "loaded" in row for row in seen["rows"]), seen["rows"]


def test_vscode_without_a_python_says_once_what_to_set(tmp_path: Path) -> None:
    """No usable Python and no promptls: one notification naming the Python setting and the
    install command, not one per action."""
    no_python = tmp_path / "bin"
    no_python.mkdir()
    fake = no_python / "python3"
    fake.write_text("#!/bin/sh\nexit 1\n")
    fake.chmod(0o755)
    with _code_server(tmp_path, "/nonexistent/promptls", f"{no_python}:") as (server, tools):
        steps = _drive(server, tools, "missing-server")["steps"]
    notification = steps["notification"]
    assert notification["installHints"] == 1
    text = "\n".join(notification["texts"])
    assert "Python 3.11 or newer" in text
    assert "promptls.server.python" in text
    assert "pipx install promptls" in text
    assert "promptls.server.path" in text
