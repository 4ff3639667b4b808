"""``promptls preview --profile P / --all-profiles / --for FILE``: what each agent sends,
with every file's position, bytes and tokens; the library is the oracle."""

from __future__ import annotations

import json

import pytest

from promptls.apidesc.results import AGENTS_PREVIEW_RESULT
from promptls.assembly.agents import measure, render_agent
from promptls.context import discover
from promptls.discovery import PROFILES
from tests.cli.conform import problems, result_schema
from tests.cli.conftest import Demo, assert_usage_error, run_cli

HANDLER = "src/api/handler.ts"


def test_codex_wire_is_the_agents_message_with_exact_counts(demo: Demo) -> None:
    wire = run_cli("preview", demo.core, "--profile", "codex", "--format", "wire", home=demo.home)
    expected = render_agent(discover(demo.core, "codex", home=demo.home, environ={})).wire
    assert wire.text == expected
    assert wire.text.startswith(f"# AGENTS.md instructions for {demo.core}\n\n<INSTRUCTIONS>\n")
    text = run_cli("preview", demo.core, "--profile", "codex", home=demo.home).text
    assert "Framing:   sourced" in text and "exact o200k_base counts" in text


def test_undocumented_agents_say_so_in_text_and_json(demo: Demo) -> None:
    result = run_cli("preview", demo.core, "--profile", "cursor", home=demo.home)
    assert "framing not documented" in result.text
    data = json.loads(
        run_cli(
            "preview", demo.core, "--profile", "cursor", "--format", "json", home=demo.home
        ).text
    )
    assert data["rendering"]["framing"] == "not documented"
    assert data["rendering"]["tokensExact"] is False
    assert problems(data, result_schema("promptls.previewPrompt")) == []


def test_json_positions_locate_each_file_in_the_wire(demo: Demo) -> None:
    data = json.loads(
        run_cli(
            "preview", demo.core, "--profile", "gemini", "--format", "json", home=demo.home
        ).text
    )
    rendering = data["rendering"]
    wire = rendering["wire"].encode("utf-8")
    assert rendering["bytes"] == len(wire)
    found = discover(demo.core, "gemini", home=demo.home, environ={})
    assert [f["path"] for f in rendering["files"]] == [f.path for f in found.files]
    for span, file in zip(rendering["files"], found.files, strict=True):
        body = wire[span["position"] : span["position"] + span["bytes"]].decode("utf-8")
        assert body == file.content.strip()
        assert span["cachedPrefix"] is True
    blocks = rendering["blocks"]
    assert sum(b["bytes"] for b in blocks) == len(wire)
    assert [b["position"] for b in blocks] == sorted(b["position"] for b in blocks)


def test_or_keeps_its_cache_aware_blocks_and_adds_the_file_table(demo: Demo) -> None:
    text = run_cli("preview", demo.core, home=demo.home).text
    assert "Block 1 of 2: static (cache_control: ephemeral)" in text
    assert "Files on the wire (" in text
    data = json.loads(run_cli("preview", demo.core, "--format", "json", home=demo.home).text)
    kinds = [b["kind"] for b in data["rendering"]["blocks"]]
    assert kinds[0] == "static" and data["rendering"]["blocks"][0]["cachedPrefix"] is True
    assert all(not f["cachedPrefix"] for f in data["rendering"]["files"])
    wire = data["wire"].encode("utf-8")
    for span in data["rendering"]["files"]:
        assert wire[span["position"] :].startswith(
            _content(demo, span["path"]).rstrip().encode("utf-8")[:40]
        )


def _content(demo: Demo, path: str) -> str:
    found = discover(demo.core, "or", home=demo.home, environ={})
    return next(f.content for f in found.files if f.path == path)


def test_all_profiles_side_by_side(demo: Demo) -> None:
    text = run_cli("preview", demo.core, "--all-profiles", home=demo.home).text
    for name in PROFILES:
        assert f"== {name} " in text
    data = json.loads(
        run_cli("preview", demo.core, "--all-profiles", "--format", "json", home=demo.home).text
    )
    assert [r["profile"] for r in data["renderings"]] == list(PROFILES)
    assert problems(data, AGENTS_PREVIEW_RESULT) == []
    codex = next(r for r in data["renderings"] if r["profile"] == "codex")
    found = discover(demo.core, "codex", home=demo.home, environ={})
    assert codex["tokens"] == measure(render_agent(found)).tokens.count


def test_for_file_loads_the_rules_that_apply_to_it(demo: Demo) -> None:
    target = demo.core / HANDLER
    without = run_cli(
        "preview", demo.core, "--profile", "cursor", "--format", "wire", home=demo.home
    )
    with_target = run_cli(
        "preview",
        demo.core,
        "--profile",
        "cursor",
        "--for",
        target,
        "--format",
        "wire",
        home=demo.home,
    )
    rule = (demo.core / ".cursor/rules/api-handlers.mdc").read_text(encoding="utf-8")
    body = rule.split("---", 2)[2].strip().splitlines()[0]
    assert body in with_target.text and body not in without.text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--all-profiles", "--format", "wire"), "--format wire shows one agent"),
        (("--profile", "nope"), "unknown profile"),
        (("--for", "/elsewhere/file.py"), "is not inside"),
    ],
)
def test_usage_errors(demo: Demo, args: tuple[str, ...], message: str) -> None:
    assert_usage_error(run_cli("preview", demo.core, *args, home=demo.home), message)
