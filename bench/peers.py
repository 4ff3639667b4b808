"""The servers and CLIs compared, where the bench installed them, and their versions.

``scripts/bench`` installs the peers into a cache folder it owns
(``${XDG_CACHE_HOME:-~/.cache}/promptls/bench``): a venv with ``rumdl``, ``agnix`` and
pygls for the floor server, and npm ``vscode-langservers-extracted``. promptls itself runs
from the project's ``.venv``, as a user's editor would run the installed console script.
"""

from __future__ import annotations

import json
import os
import platform
import re
import subprocess
from pathlib import Path
from typing import Any

from session import ServerSpec

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
PROJECT_VENV = ROOT / ".venv"


def cache_dir() -> Path:
    """The bench's own cache folder (XDG first, like the wrapper script)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "promptls" / "bench"


def code_cache() -> Path:
    """promptls' generated-code cache for the bench (``lsp/codecache.py``): its own folder,
    filled once per run before the timed samples (``measure.prime_code_cache``), so the
    rows do not depend on what ``~/.cache`` holds; the cold row empties one per sample."""
    return cache_dir() / "code-cache"


def cache_venv() -> Path:
    """The venv holding rumdl, agnix and the floor server's pygls."""
    return cache_dir() / "venv"


def md_server() -> Path:
    """The vscode-markdown-language-server launcher from the npm install."""
    return cache_dir() / "npm" / "node_modules" / ".bin" / "vscode-markdown-language-server"


# What VS Code sends for `markdown.*` when validation is switched on.
_MD_SETTINGS: dict[str, Any] = {
    "markdown": {
        "server": {"log": "off"},
        "preferredMdPathExtensionStyle": "auto",
        "validate": {
            "enabled": True,
            "referenceLinks": {"enabled": "warning"},
            "fragmentLinks": {"enabled": "warning"},
            "fileLinks": {"enabled": "warning", "markdownFragmentLinks": "inherit"},
            "ignoredLinks": [],
            "unusedLinkDefinitions": {"enabled": "hint"},
            "duplicateLinkDefinitions": {"enabled": "warning"},
        },
    }
}


def server_specs() -> dict[str, ServerSpec]:
    """Every language server in the comparison, by short name, promptls first."""
    venv = cache_venv()
    promptls_env = {"PROMPTLS_CODE_CACHE": str(code_cache())}
    return {
        "promptls": ServerSpec(
            name="promptls",
            label="promptls",
            command=(str(PROJECT_VENV / "bin" / "promptls"), "serve"),
            client_pull=False,
            env=promptls_env,
            note="push diagnostics (client without pull support, as Neovim/Helix)",
        ),
        "promptls-pull": ServerSpec(
            name="promptls-pull",
            label="promptls (pull)",
            command=(str(PROJECT_VENV / "bin" / "promptls"), "serve"),
            memory=False,
            env=promptls_env,
            note="same server, client with pull diagnostics (as VS Code)",
        ),
        "promptls-plain": ServerSpec(
            name="promptls-plain",
            label="promptls (no start-up tricks)",
            command=(str(PROJECT_VENV / "bin" / "promptls"), "serve"),
            client_pull=False,
            memory=False,
            env={"PROMPTLS_CODE_CACHE": "off"},
            note="push diagnostics, PROMPTLS_CODE_CACHE=off: no code cache, no lazy methods",
        ),
        "floor": ServerSpec(
            name="floor",
            label="pygls floor",
            command=(str(venv / "bin" / "python"), str(BENCH_DIR / "floor_server.py")),
            note="bare pygls 2 server: empty diagnostics, constant hover",
        ),
        "rumdl": ServerSpec(
            name="rumdl",
            label="rumdl",
            command=(str(venv / "bin" / "rumdl"), "server"),
            note="Rust Markdown linter (all default rules)",
        ),
        "vscode-md": ServerSpec(
            name="vscode-md",
            label="vscode-markdown-ls",
            command=("node", str(md_server()), "--stdio"),
            settings=_MD_SETTINGS,
            init_options={},
            note="pull diagnostics, markdown.validate on; markdown/parse answered with no tokens",
        ),
    }


def _first_line(command: list[str]) -> str:
    """First output line of a version command, or why there is none."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"unavailable ({exc.__class__.__name__})"
    text = (done.stdout or done.stderr).strip()
    return text.splitlines()[0] if text else f"unavailable (exit {done.returncode})"


def _pip_version(python: Path, package: str) -> str:
    """Installed version of a package in a given interpreter's environment."""
    code = f"import importlib.metadata as m; print(m.version({package!r}))"
    return _first_line([str(python), "-c", code])


def _npm_version() -> str:
    """Version of the npm vscode-langservers-extracted install."""
    package = cache_dir() / "npm" / "node_modules" / "vscode-langservers-extracted"
    try:
        data = json.loads((package / "package.json").read_text())
        return str(data.get("version", "?"))
    except (OSError, ValueError):
        return "not installed"


def _cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _ram_gib() -> float:
    """Total memory in GiB from /proc/meminfo."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return round(int(line.split()[1]) / 1024 / 1024, 1)
    except (OSError, ValueError):
        pass
    return 0.0


def machine() -> dict[str, Any]:
    """The machine and every tool version, so a table can be reproduced or questioned."""
    py = PROJECT_VENV / "bin" / "python"
    rumdl = _first_line([str(cache_venv() / "bin" / "rumdl"), "--version"])
    agnix = _first_line([str(cache_venv() / "bin" / "agnix"), "--version"])
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "ram_gib": _ram_gib(),
        "os": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "versions": {
            "promptls": _first_line([str(PROJECT_VENV / "bin" / "promptls"), "--version"]),
            "pygls (promptls venv)": _pip_version(py, "pygls"),
            "pygls (floor venv)": _pip_version(cache_venv() / "bin" / "python", "pygls"),
            "rumdl": re.sub(r"^rumdl\s+", "", rumdl),
            "agnix": re.sub(r"^agnix\s+", "", agnix),
            "node": _first_line(["node", "--version"]),
            "vscode-langservers-extracted": _npm_version(),
        },
    }
