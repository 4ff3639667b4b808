"""One cut everywhere: when ancestors spend part of codex's budget, the editor's PL014
diagnostic, the line-1 hover, ``showContextFiles`` and the CLI's ``context --json`` and
``check --format json`` all name the byte where discovery cuts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lsprotocol import types

from promptls.cli import main
from tests.lsp.client import (
    FAKE_HOME,
    client_params,
    diagnostics,
    execute,
    hover,
    open_doc,
    position,
    session,
    uri_of,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")

ROOT_TEXT = "# Root\n" + "Run the whole suite before you push a change.\n" * 300
PKG_TEXT = "# Paquet\n" + "Règle : écrire le test d'abord — toujours, 漢字.\n" * 700


def _workspace(root: Path) -> Path:
    """A repository whose root AGENTS.md uses part of the budget; the package's is cut."""
    (root / ".git").mkdir()
    (root / "AGENTS.md").write_text(ROOT_TEXT, encoding="utf-8")
    pkg = root / "pkg"
    pkg.mkdir()
    (pkg / "AGENTS.md").write_text(PKG_TEXT, encoding="utf-8")
    return pkg / "AGENTS.md"


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    """One CLI command's JSON, with the server's fake home."""
    main([*args, "--home", FAKE_HOME])
    return json.loads(capsys.readouterr().out)


# Neovim (UTF-8 positions) is slow-marked like every LSP module's Neovim profile
# (tests/lsp/conftest.py): the full run checks the cut in both encodings.
@pytest.mark.parametrize("name", client_params("vscode", "neovim"))
async def test_diagnostic_hover_and_context_agree_with_the_cli_on_the_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    path = _workspace(tmp_path)
    cut = 32 * 1024 - len(ROOT_TEXT.encode())
    offset = len(PKG_TEXT.encode()[:cut].decode("utf-8", "ignore"))

    context = _cli(capsys, "context", "--json", "--profile", "codex", str(path.parent))
    assert isinstance(context, dict)
    (entry,) = [e for e in context["profiles"][0]["entries"] if e["path"] == str(path)]
    assert entry["cutAt"] == cut
    found = _cli(capsys, "check", "--format", "json", "--profile", "codex", str(path))
    assert isinstance(found, list)
    assert [(f["code"], f["start"]) for f in found] == [("PL014", offset)]

    async with session(name, tmp_path, init_options={"profile": "codex"}) as client:
        uri = uri_of(path)
        open_doc(client, uri, PKG_TEXT)
        items = await diagnostics(client, name, uri, 1)
        (diagnostic,) = [d for d in items if d.code == "PL014"]
        assert diagnostic.range.start == position(PKG_TEXT, offset, client.encoding)
        assert f"cut at byte {cut}:" in diagnostic.message
        shown = await hover(client, uri, types.Position(line=0, character=2))
        assert shown is not None and isinstance(shown.contents, types.MarkupContent)
        text = shown.contents.value.replace("\\", "")
        line = PKG_TEXT.encode()[:cut].count(b"\n") + 1
        assert f"cut at byte {cut}:" in text
        assert f"stops reading at byte {cut}, line {line}." in text
        result = await execute(
            client, "promptls.showContextFiles", {"uri": uri_of(path.parent), "profile": "codex"}
        )
        (served,) = [e for e in result["profiles"][0]["entries"] if e["path"] == str(path)]
        assert served["cutAt"] == cut
        assert diagnostic.range.start.line == line - 1


async def test_hover_on_a_skill_bundles_agents_md_says_it_belongs_to_the_bundle(
    tmp_path: Path,
) -> None:
    """Not 'instructions for the tree': codex reads no AGENTS.md off its working path."""
    (tmp_path / ".git").mkdir()
    bundle = tmp_path / ".agents" / "skills" / "release"
    bundle.mkdir(parents=True)
    text = "# Release notes for the skill\nTag, then push.\n"
    (bundle / "AGENTS.md").write_text(text, encoding="utf-8")
    async with session("vscode", tmp_path, init_options={"profile": "codex"}) as client:
        uri = uri_of(bundle / "AGENTS.md")
        open_doc(client, uri, text)
        await diagnostics(client, "vscode", uri, 1)
        shown = await hover(client, uri, types.Position(line=0, character=2))
        assert shown is not None and isinstance(shown.contents, types.MarkupContent)
        value = shown.contents.value.replace("\\", "")
        assert f"Discovered order for folder {tmp_path} " in value
        assert f"part of the skill bundle {bundle}" in value
        assert "codex does not load it" in value


async def test_hover_on_a_linked_claude_md_points_at_the_name_codex_reads(
    tmp_path: Path,
) -> None:
    (tmp_path / ".git").mkdir()
    text = "# Shared rules\nUse tabs.\n"
    (tmp_path / "AGENTS.md").write_text(text, encoding="utf-8")
    (tmp_path / "CLAUDE.md").symlink_to("AGENTS.md")
    async with session("vscode", tmp_path, init_options={"profile": "codex"}) as client:
        uri = (tmp_path.resolve() / "CLAUDE.md").as_uri()  # the link's own name, unresolved
        open_doc(client, uri, text)
        await diagnostics(client, "vscode", uri, 1)
        shown = await hover(client, uri, types.Position(line=0, character=2))
        assert shown is not None and isinstance(shown.contents, types.MarkupContent)
        value = shown.contents.value.replace("\\", "")
        assert "this path is not read, but the same file is, as " in value
        assert f"{tmp_path.resolve() / 'AGENTS.md'}; findings about its size" in value
        assert "Profile 'codex': loaded" not in value
