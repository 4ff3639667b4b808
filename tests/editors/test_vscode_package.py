"""The packaged extension, as the VS Code Marketplace and Open VSX receive it.

``scripts/setup-vscode`` builds ``editors/vscode/promptls.vsix`` with ``npm run package``'s
script. These tests read that file: its manifest has what both registries show (icon,
categories, keywords, repository, license, gallery banner, changelog, README with the
view's picture), and it installs into code-server inside a network namespace with no
network at all (``unshare --net``), so nothing it needs is fetched at install time.
"""

from __future__ import annotations

import json
import struct
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.editors.test_vscode import ROOT, _tools

pytestmark = pytest.mark.editor

EXTENSION = ROOT / "editors" / "vscode"
VSIX = EXTENSION / "promptls.vsix"


def _vsix() -> zipfile.ZipFile:
    """The built package, failing with the fix when it is missing."""
    if not VSIX.exists():
        pytest.fail(f"{VSIX} is missing: run scripts/setup-vscode (or npm run package)")
    return zipfile.ZipFile(VSIX)


def test_manifest_has_what_the_marketplace_and_open_vsx_show() -> None:
    with _vsix() as vsix:
        names = set(vsix.namelist())
        manifest = json.loads(vsix.read("extension/package.json"))
        readme = vsix.read("extension/readme.md").decode()
        icon = vsix.read(f"extension/{manifest['icon']}")
    for field in ("name", "displayName", "description", "version", "publisher", "license"):
        assert isinstance(manifest[field], str) and manifest[field], field
    assert manifest["license"] == "MIT" and "extension/LICENSE.txt" in names
    assert "extension/changelog.md" in names
    # The icon: a PNG (SVG icons are refused) of at least 128×128 pixels.
    assert icon[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", icon[16:24])
    assert width >= 128 and height >= 128
    assert set(manifest["categories"]) <= {
        "AI", "Linters", "Programming Languages", "Formatters", "Snippets", "Other",
    }  # fmt: skip
    assert 0 < len(manifest["keywords"]) <= 30  # the Marketplace takes at most 30
    assert manifest["repository"]["url"].startswith("https://github.com/")
    assert manifest["bugs"]["url"].startswith("https://")
    assert manifest["galleryBanner"]["theme"] in ("dark", "light")
    assert manifest["galleryBanner"]["color"].startswith("#")
    # The README shows the Agent Context view; vsce made its link absolute for the gallery.
    assert "images/agent-context.png" in readme
    assert "](https://" in readme
    assert (EXTENSION / "images" / "agent-context.png").exists()
    # The view and its commands are contributed.
    views = manifest["contributes"]["views"]["explorer"]
    assert [v["id"] for v in views] == ["promptls.contextTree"]


def test_vsix_installs_into_code_server_without_any_network(tmp_path: Path) -> None:
    tools = _tools()
    extensions = tmp_path / "extensions"
    probe = subprocess.run(["unshare", "--net", "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.fail(f"unshare --net does not work here (root is needed): {probe.stderr!r}")
    run = subprocess.run(
        [
            "unshare",
            "--net",
            str(tools.node),
            str(tools.code_server),
            "--extensions-dir",
            str(extensions),
            "--user-data-dir",
            str(tmp_path / "user-data"),
            "--install-extension",
            str(VSIX),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": f"{tools.node.parent}:/usr/bin:/bin", "HOME": str(tmp_path)},
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "was successfully installed" in run.stdout + run.stderr
    [installed] = extensions.glob("promptls.promptls-*")
    manifest = json.loads((installed / "package.json").read_text())
    assert manifest["contributes"]["views"]["explorer"][0]["id"] == "promptls.contextTree"
    # The bundled server came along: nothing to download when it first starts.
    assert (installed / "bundled" / "libs" / "promptls" / "__init__.py").exists()
    assert (installed / "dist" / "extension.js").exists()
