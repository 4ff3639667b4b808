"""The published shape of promptls: ``python -m build`` gives an sdist and a wheel that hold
everything the tool reads at run time and complete metadata, and the wheel, installed (not
editable) into a fresh venv, works as a CLI and as a language server without the checkout.
"""

from __future__ import annotations

import email
import json
import os
import re
import subprocess
import tarfile
import zipfile
from pathlib import Path

import pytest
from bench.lsp_client import JsonObj, LspClient

from promptls import __version__
from promptls.analysis.rules import RULES_DOC_URL
from tests.install.conftest import ROOT, Dist, Installed

pytestmark = pytest.mark.package

MARKER = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"
RULE = "Run the linters before every commit."


def _workspace(base: Path) -> Path:
    """A git project with an AGENTS.md and a prompt whose second marker is a duplicate."""
    ws = base / "project"
    (ws / ".git").mkdir(parents=True)
    (ws / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (ws / "AGENTS.md").write_text(f"# Rules\n\n{RULE}\n")
    (ws / "agent.prompt.md").write_text(f"Static.\n\n{MARKER}\n\nDynamic.\n\n{MARKER}\n\nMore.\n")
    return ws


def _env(home: Path) -> dict[str, str]:
    """No checkout on any path: only the venv's own files can be imported."""
    return {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8"}


def _run(installed: Installed, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    home = cwd.parent / "home"
    home.mkdir(exist_ok=True)
    return subprocess.run(
        [str(installed.promptls), *args],
        cwd=cwd,
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_wheel_holds_the_package_its_typing_marker_and_entry_point(dist: Dist) -> None:
    with zipfile.ZipFile(dist.wheel) as wheel:
        names = set(wheel.namelist())
        server = ROOT / "server"
        sources = {p.relative_to(server).as_posix() for p in server.glob("promptls/**/*.py")}
        assert sources <= names, sorted(sources - names)
        assert "promptls/py.typed" in names
        info = next(n.rsplit("/", 1)[0] for n in names if n.endswith(".dist-info/METADATA"))
        entry_points = wheel.read(f"{info}/entry_points.txt").decode()
        assert "promptls = promptls.cli:console" in entry_points
        assert f"{info}/licenses/LICENSE" in names
        metadata = email.message_from_bytes(wheel.read(f"{info}/METADATA"))
    assert metadata["Version"] == __version__
    assert metadata["License-Expression"] == "MIT"
    assert metadata["Requires-Python"] == ">=3.11"
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert "promptls check" in metadata.get_payload()
    classifiers = metadata.get_all("Classifier") or []
    assert "Typing :: Typed" in classifiers
    assert "Programming Language :: Python :: 3.11" in classifiers
    urls = dict(u.split(", ", 1) for u in metadata.get_all("Project-URL") or [])
    # The metadata names a repository exactly when the tool links rule pages, and then the
    # links point into it; unpublished, neither names a page that does not exist.
    if RULES_DOC_URL is None:
        assert urls == {}
    else:
        assert urls["Rules"] == RULES_DOC_URL
        assert RULES_DOC_URL.startswith(urls["Repository"] + "/")
    requires = [r for r in metadata.get_all("Requires-Dist") or [] if "extra ==" not in r]
    names = {re.match(r"[A-Za-z0-9._-]+", r).group().lower() for r in requires}  # type: ignore[union-attr]
    # attrs and cattrs are pinned to the releases the code cache was written for (codecache.py).
    assert names == {"pygls", "lsprotocol", "attrs", "cattrs", "pyyaml", "wcmatch", "pathspec"}


def test_sdist_builds_the_wheel_and_carries_license_readme_and_docs(dist: Dist) -> None:
    with tarfile.open(dist.sdist) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    assert {"pyproject.toml", "README.md", "LICENSE", "server/promptls/py.typed"} <= names
    assert "docs/rules.md" in names  # the README's links resolve in the sdist
    assert not any(n.startswith(("tests/", ".venv/", "editors/")) for n in names)


def test_installed_wheel_runs_from_the_venv_not_the_checkout(
    installed: Installed, tmp_path: Path
) -> None:
    assert f"{installed.venv}/bin" in installed.github_path
    assert f"promptls={installed.promptls}" in installed.outputs
    version = _run(installed, "--version", cwd=tmp_path)
    assert version.returncode == 0, version.stderr
    assert __version__ in version.stdout
    where = subprocess.run(
        [str(installed.venv / "bin" / "python"), "-c", "import promptls; print(promptls.__file__)"],
        cwd=tmp_path,
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        check=True,
    )
    assert where.stdout.startswith(str(installed.venv))
    pth = list(installed.venv.glob("lib/python*/site-packages/*promptls*.pth"))
    assert pth == []  # not an editable install


def test_installed_check_context_and_explain(installed: Installed, tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    check = _run(installed, "check", ".", cwd=ws)
    assert check.returncode == 1, check.stderr
    assert "agent.prompt.md:7:1" in check.stdout
    assert "PL001" in check.stdout
    context = _run(installed, "context", cwd=ws)
    assert context.returncode == 0, context.stderr
    assert "AGENTS.md" in context.stdout
    explain = _run(installed, "explain", "PL001", cwd=ws)
    assert explain.returncode == 0, explain.stderr
    assert MARKER in explain.stdout


def test_the_core_install_prints_mcp_set_up_and_names_the_extra(
    installed: Installed, tmp_path: Path
) -> None:
    """Without ``promptls[mcp]``: the set-up lines print, the server says what to install."""
    config = _run(installed, "mcp", "--print-config", "cursor", cwd=tmp_path)
    assert config.returncode == 0, config.stderr
    assert json.loads(config.stdout)["mcpServers"]["promptls"] == {
        "command": "promptls",
        "args": ["mcp"],
    }
    serve = _run(installed, "mcp", cwd=tmp_path)
    assert serve.returncode == 2
    assert serve.stderr.strip().splitlines() == [
        "promptls: error: promptls mcp needs the MCP SDK: pip install 'promptls[mcp]'"
    ]


def test_installed_server_publishes_diagnostics(installed: Installed, tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    prompt = ws / "agent.prompt.md"

    def configuration(params: JsonObj) -> list[None]:
        return [None] * len(params["items"])

    with LspClient(
        [str(installed.promptls), "serve"],
        cwd=ws,
        env=_env(home),
        handlers={"workspace/configuration": configuration},
        fallback=lambda params: None,
    ) as client:
        result = client.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": ws.as_uri(),
                "capabilities": {},
                "workspaceFolders": [{"uri": ws.as_uri(), "name": ws.name}],
            },
        )
        assert result["serverInfo"]["version"] == __version__
        client.notify("initialized", {})
        client.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": prompt.as_uri(),
                    "languageId": "markdown",
                    "version": 1,
                    "text": prompt.read_text(),
                }
            },
        )
        published, _ = client.wait_for(
            lambda msg: (
                msg.get("method") == "textDocument/publishDiagnostics"
                and msg["params"]["uri"] == prompt.as_uri()
                and any(d.get("code") == "PL001" for d in msg["params"]["diagnostics"])
            ),
            timeout=60,
        )
        duplicate = next(d for d in published.msg["params"]["diagnostics"] if d["code"] == "PL001")
        assert duplicate["range"]["start"] == {"line": 6, "character": 0}
        assert client.request("shutdown") is None
        client.notify("exit")


def test_the_wheel_carries_the_c_speedup_for_its_platform(dist: Dist) -> None:
    """Where the build has a compiler (as here), the wheel holds the compiled speedup, not
    its source, and is tagged for its Python and platform instead of py3-none-any."""
    if os.environ.get("PROMPTLS_PURE"):
        pytest.skip("PROMPTLS_PURE: the build was asked not to compile it")
    with zipfile.ZipFile(dist.wheel) as wheel:
        names = wheel.namelist()
    built = [n for n in names if n.startswith("promptls/text/_speedups.")]
    assert any(n.endswith((".so", ".pyd")) for n in built), built
    assert "promptls/text/_speedups.c" not in names
    assert not dist.wheel.name.endswith("-py3-none-any.whl")
