"""``promptls.showContextFiles`` for any file: which instructions apply to it.

An editor asks from whatever buffer is open, a source file as often as an instruction
file; the server answers for that file as the target, from the workspace folder holding
it, with the same JSON the CLI's ``promptls context --for FILE --json`` prints.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pytest_lsp import LanguageClient

from promptls.discovery import PROFILES
from tests.cli.conform import problems, result_schema
from tests.lsp.client import (
    FAKE_HOME,
    capabilities,
    client_params,
    close_doc,
    execute,
    open_doc,
    start,
    uri_of,
)

COMMAND = "promptls.showContextFiles"
RULE = "---\npaths: src/**/*.py\n---\nPython rule: type every function.\n"
pytestmark = pytest.mark.asyncio(loop_scope="module")


def setup_workspace(lsp: LanguageClient) -> tuple[Path, Path]:
    """A Claude rule scoped to ``src/**/*.py``, a source file it matches and a README."""
    root: Path = lsp.root  # type: ignore[attr-defined]
    rules = root / ".claude" / "rules"
    rules.mkdir(parents=True, exist_ok=True)
    rule = rules / "python.md"
    rule.write_text(RULE, encoding="utf-8")
    (root / "src").mkdir(exist_ok=True)
    (root / "src" / "a.py").write_text("def f() -> None: ...\n", encoding="utf-8")
    (root / "README.md").write_text("# project\n", encoding="utf-8")
    (root / "CLAUDE.md").write_text("# Claude\nRun the tests.\n", encoding="utf-8")
    return root, rule


def claude_entry(result: dict[str, Any], path: Path) -> dict[str, Any]:
    """The Claude profile's entry for ``path``."""
    [claude] = [p for p in result["profiles"] if p["profile"] == "claude"]
    [entry] = [e for e in claude["entries"] if e["path"] == str(path)]
    return entry


async def test_a_matching_source_file_loads_the_path_scoped_rule(lsp: LanguageClient) -> None:
    root, rule = setup_workspace(lsp)
    source = root / "src" / "a.py"
    result = await execute(lsp, COMMAND, {"uri": uri_of(source), "profile": "all"})
    assert result["folder"] == str(root), "answered from the workspace folder, not src/"
    assert result["target"] == str(source)
    assert [p["profile"] for p in result["profiles"]] == list(PROFILES)
    entry = claude_entry(result, rule)
    assert entry["status"] == "loaded"
    assert "src/**/*.py" in entry["reason"] and "src/a.py" in entry["reason"]
    [claude] = [p for p in result["profiles"] if p["profile"] == "claude"]
    assert str(rule) in [f["path"] for f in claude["files"]], "the model receives it"
    assert "For file: src/a.py" in result["text"].splitlines()
    assert problems(result, result_schema(COMMAND)) == []


async def test_a_file_the_glob_misses_leaves_the_rule_conditional(lsp: LanguageClient) -> None:
    root, rule = setup_workspace(lsp)
    readme = root / "README.md"
    result = await execute(lsp, COMMAND, {"uri": uri_of(readme), "profile": "claude"})
    assert result["target"] == str(readme)
    entry = claude_entry(result, rule)
    assert entry["status"] == "conditional"
    assert "README.md" in entry["reason"] and "src/**/*.py" in entry["reason"]
    assert str(rule) not in [f["path"] for f in result["profiles"][0]["files"]]


async def test_an_open_source_document_is_answered_for_itself(lsp: LanguageClient) -> None:
    """The editor's buffer may hold unsaved text; the answer is about its path."""
    root, rule = setup_workspace(lsp)
    uri = uri_of(root / "src" / "new.py")  # not on disk yet
    open_doc(lsp, uri, "print('draft')\n", lang="python")
    result = await execute(lsp, COMMAND, {"uri": uri, "profile": "claude"})
    close_doc(lsp, uri)
    assert result["target"] == str(root / "src" / "new.py")
    assert claude_entry(result, rule)["status"] == "loaded"


async def test_a_folder_is_still_answered_as_a_folder(lsp: LanguageClient) -> None:
    root, rule = setup_workspace(lsp)
    by_uri = await execute(lsp, COMMAND, {"uri": uri_of(root), "profile": "claude"})
    by_folder = await execute(lsp, COMMAND, {"folder": str(root), "profile": "claude"})
    assert by_uri["target"] is None and by_folder["target"] is None
    assert claude_entry(by_folder, rule)["status"] == "conditional"
    assert by_uri["profiles"] == by_folder["profiles"]
    assert not any(line.startswith("For file:") for line in by_folder["text"].splitlines())


async def test_the_server_and_the_cli_give_the_same_answer(lsp: LanguageClient) -> None:
    root, _ = setup_workspace(lsp)
    source = root / "src" / "a.py"
    served = await execute(lsp, COMMAND, {"uri": uri_of(source), "profile": "all"})
    cli = [sys.executable, "-m", "promptls", "context", str(root), "--for", str(source)]
    cli += ["--all-profiles", "--json", "--home", FAKE_HOME]
    printed = json.loads(subprocess.run(cli, capture_output=True, check=True).stdout)
    assert printed["target"] == served["target"] == str(source)
    for mine, theirs in zip(served["profiles"], printed["profiles"], strict=True):
        assert mine["entries"] == theirs["entries"], mine["profile"]
        assert mine["files"] == theirs["files"], mine["profile"]


async def test_an_open_document_outside_the_workspace_is_answered_from_its_folder(
    lsp: LanguageClient, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A file opened on its own (no workspace folder holds it): the editor says nothing
    more than the document, so its folder is where the agent starts."""
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    (elsewhere / "CLAUDE.md").write_text("# here\n", encoding="utf-8")
    uri = uri_of(elsewhere / "notes.md")
    open_doc(lsp, uri, "# notes\n")
    result = await execute(lsp, COMMAND, {"uri": uri, "profile": "claude"})
    close_doc(lsp, uri)
    assert result["folder"] == str(elsewhere.resolve())
    assert result["target"] == str(elsewhere.resolve() / "notes.md")
    assert str(elsewhere.resolve() / "CLAUDE.md") in [
        f["path"] for f in result["profiles"][0]["files"]
    ]


@pytest.mark.parametrize("where", ["file:///etc/hosts", "/etc/hosts", "file:///nowhere/a.py"])
async def test_a_file_outside_the_workspace_is_refused_with_a_message(
    lsp: LanguageClient, where: str
) -> None:
    with pytest.raises(JsonRpcException) as info:
        await lsp.workspace_execute_command_async(
            types.ExecuteCommandParams(command=COMMAND, arguments=[{"uri": where}])
        )
    assert info.value.code == JsonRpcInvalidParams.CODE
    assert "outside every workspace folder" in str(info.value)
    # The server is still answering.
    root, _ = setup_workspace(lsp)
    again = await execute(lsp, COMMAND, {"uri": uri_of(root / "README.md")})
    assert again["target"] == str(root / "README.md")


@pytest.mark.parametrize("name", client_params())
async def test_a_workspace_opened_through_a_symlink_answers_below_it(
    name: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The editor opened the folder by a symlinked path and names the file by its real
    path: the target is named below the folder the editor opened, so the globs match."""
    base = tmp_path_factory.mktemp("linked")
    real = base / "real"
    (real / ".claude" / "rules").mkdir(parents=True)
    (real / ".claude" / "rules" / "python.md").write_text(RULE, encoding="utf-8")
    (real / "src").mkdir()
    (real / "src" / "a.py").write_text("x = 1\n", encoding="utf-8")
    link = base / "link"
    link.symlink_to(real, target_is_directory=True)
    client = await start()
    try:
        folder = types.WorkspaceFolder(uri=link.as_uri(), name="link")
        await client.initialize_session(
            types.InitializeParams(
                capabilities=capabilities(name), root_uri=link.as_uri(), workspace_folders=[folder]
            )
        )
        source = (real / "src" / "a.py").as_uri()
        result = await execute(client, COMMAND, {"uri": source, "profile": "claude"})
        await client.shutdown_session()
    finally:
        await client.stop()
    assert result["folder"] == str(link)
    assert result["target"] == str(link / "src" / "a.py")
    assert claude_entry(result, link / ".claude" / "rules" / "python.md")["status"] == "loaded"
