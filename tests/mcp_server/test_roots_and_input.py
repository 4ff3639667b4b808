"""What the MCP server refuses, and where it looks: every argument is validated, paths
outside the client's roots are refused with a sentence the model can act on, a client
without roots gets the server's folder, both protocol generations ask for roots the
same way, and no call changes a file."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from promptls.discovery import PROFILES
from tests.cli.conftest import Demo, run_cli

from .conftest import LAUNCHER, MODES, ROOT, connect, server_env, structured, text_of


def _refused(result: object, *fragments: str) -> None:
    """A tool error (not a crash, not a protocol error) whose text names the problem."""
    assert getattr(result, "is_error", False), result
    text = text_of(result)  # type: ignore[arg-type]
    for fragment in fragments:
        assert fragment in text, text


@pytest.mark.parametrize("mode", MODES)
async def test_a_path_outside_the_roots_is_refused(demo: Demo, mode: str) -> None:
    outside = demo.ws / "AGENTS.md"
    async with connect(demo.core, demo.home, [demo.core], mode=mode) as client:
        absolute = await client.call_tool("instructions_for", {"path": str(outside)})
        dotdot = await client.call_tool("check", {"paths": ["../../AGENTS.md"]})
        uri = await client.call_tool("preview", {"agent": "claude", "path": outside.as_uri()})
        smuggled = await client.call_tool(
            "instructions_for", {"path": str(outside), "roots": {"roots": [{"uri": "file:///"}]}}
        )
        inside = await client.call_tool("instructions_for", {"path": "AGENTS.md"})
    for result in (absolute, dotdot, uri, smuggled):
        _refused(result, str(outside), "outside the workspace roots", str(demo.core))
    assert structured(inside)["target"] == str(demo.core / "AGENTS.md")


async def test_a_link_inside_the_roots_to_a_file_outside_is_refused(demo: Demo) -> None:
    link = demo.core / "elsewhere.md"
    link.symlink_to(demo.ws / "README.md")
    async with connect(demo.core, demo.home, [demo.core]) as client:
        result = await client.call_tool("check", {"paths": [str(link)]})
        walked = structured(await client.call_tool("check", {"paths": ["."]}))
    _refused(result, "outside the workspace roots")
    assert all(f["path"] != str(link) for f in walked["findings"])


async def test_every_root_the_client_lists_is_usable(demo: Demo) -> None:
    legacy = demo.ws / "packages" / "legacy"
    async with connect(demo.core, demo.home, [demo.core, legacy]) as client:
        data = structured(
            await client.call_tool(
                "instructions_for", {"path": str(legacy / "AGENTS.md"), "agent": "codex"}
            )
        )
    assert data["folder"] == str(legacy)


async def test_without_roots_the_servers_folder_is_the_workspace(demo: Demo) -> None:
    async with connect(demo.core, demo.home, None) as client:
        here = await client.call_tool("instructions_for", {"path": "CLAUDE.md", "agent": "claude"})
        outside = await client.call_tool("instructions_for", {"path": str(demo.ws / "CLAUDE.md")})
    assert structured(here)["folder"] == str(demo.core)
    _refused(outside, "outside the workspace roots", "(the server's folder)")


async def test_bad_arguments_are_tool_errors_that_say_what_to_send(demo: Demo) -> None:
    async with connect(demo.core, demo.home, [demo.core]) as client:
        calls = {
            "unknown agent": ("instructions_for", {"path": ".", "agent": "vim"}),
            "agent missing": ("preview", {}),
            "path not a string": ("instructions_for", {"path": 7}),
            "empty path": ("instructions_for", {"path": ""}),
            "NUL in path": ("check", {"paths": ["a\x00b"]}),
            "no paths": ("check", {"paths": []}),
            "paths not a list": ("check", {"paths": "AGENTS.md"}),
            "unknown code": ("check", {"paths": ["."], "select": ["PL999"]}),
            "missing file": ("check", {"paths": ["nothing-here.md"]}),
            "unknown rule": ("explain", {"code": "PL999"}),
            "not a file URI": ("preview", {"agent": "codex", "path": "http://example.com/x"}),
        }
        results = {what: await client.call_tool(tool, args) for what, (tool, args) in calls.items()}
        still_fine = await client.call_tool("explain", {"code": "PL001"})
    _refused(results["unknown agent"], "vim", ", ".join(PROFILES))
    _refused(results["agent missing"], "agent")
    _refused(results["path not a string"], "path")
    _refused(results["empty path"], "non-empty path")
    _refused(results["NUL in path"], "non-empty path")
    _refused(results["no paths"], "paths")
    _refused(results["paths not a list"], "paths")
    _refused(results["unknown code"], "PL999", "PL001")
    _refused(results["missing file"], "no such file or folder", "nothing-here.md")
    _refused(results["unknown rule"], "PL999", "PL001")
    _refused(results["not a file URI"], "file: URI")
    assert structured(still_fine)["code"] == "PL001"


def _tree_digest(root: Path) -> dict[str, str]:
    """Every file under ``root`` and its content's hash."""
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink()
    }


async def test_no_call_writes_a_file_runs_a_program_or_opens_a_socket(demo: Demo) -> None:
    """Every tool and resource, under the launcher's guards; the guards themselves are
    shown to work first (``preview --diff`` is a command that does run git)."""
    guard = demo.base.parent / "guard.log"
    control = subprocess.run(
        [sys.executable, str(LAUNCHER), "preview", "--diff", "HEAD", str(demo.ws)],
        env=server_env(demo.home)
        | {"PROMPTLS_GUARD_FILE": str(guard), "PYTHONPATH": str(ROOT / "server")},
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert "subprocess.Popen" in guard.read_text(encoding="utf-8"), control.stderr
    guard.unlink()
    before = _tree_digest(demo.base)
    async with connect(
        demo.ws, demo.home, [demo.ws], errlog=demo.base.parent / "err.log", guard_file=guard
    ) as c:
        results = [
            await c.call_tool("instructions_for", {"path": "packages/core/src/api/handler.ts"}),
            await c.call_tool("preview", {"agent": "or", "path": "packages/core"}),
            await c.call_tool("check", {"paths": ["."]}),
            await c.call_tool("explain", {"code": "PL001"}),
        ]
        await c.read_resource("promptls://coverage")
        await c.read_resource("promptls://rules")
    assert all(structured(r) for r in results)
    assert not guard.exists() or guard.read_text(encoding="utf-8") == ""
    assert _tree_digest(demo.base) == before


async def test_the_resources_are_the_rule_list_and_the_coverage_matrix(demo: Demo) -> None:
    async with connect(demo.core, demo.home, None) as client:
        listed = {str(r.uri): r for r in (await client.list_resources()).resources}
        rules = await client.read_resource("promptls://rules")
        coverage = await client.read_resource("promptls://coverage")
    assert set(listed) == {"promptls://rules", "promptls://coverage"}
    assert all(r.mime_type == "application/json" for r in listed.values())
    cli_rules = run_cli("rules", "--format", "json", home=demo.home)
    assert json.loads(rules.contents[0].text) == json.loads(cli_rules.text)  # type: ignore[union-attr]
    data = json.loads(coverage.contents[0].text)  # type: ignore[union-attr]
    cli = json.loads(
        run_cli("context", ".", "--all-profiles", "--json", home=demo.home, cwd=demo.core).text
    )
    assert data["folder"] == str(demo.core)
    assert data["coverage"] == cli["coverage"]
    assert data["text"].startswith("Coverage")
