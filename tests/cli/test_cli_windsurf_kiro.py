"""Windsurf and Kiro from the command line: profiles read only from an agent's
documentation say so (``context`` and ``preview`` print "docs-sourced" with the day the
docs were read, in text and in JSON, the records the editors render; Cursor too), a
repository set up for them is answered for them by default, an agent set up but loading
nothing gets its own hint, and a broken Kiro file reference is reported where it is
written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptls.agents.model import Verification
from promptls.discovery import PROFILES
from tests.cli.conform import problems, result_schema
from tests.cli.conftest import run_cli

DOCS = ("windsurf", "kiro", "cursor")


def _repo(tmp_path: Path, files: dict[str, str]) -> tuple[Path, Path]:
    """A repository with ``files`` and an empty home beside it."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    return root, home


SET_UP = {
    ".windsurf/rules/style.md": "---\ntrigger: always_on\n---\nUse tabs.\n",
    ".kiro/steering/tech.md": "Python 3.12, uv.\n",
    "AGENTS.md": "# Agents\n",
}


def test_context_names_the_agents_a_repository_is_set_up_for(tmp_path: Path) -> None:
    root, home = _repo(tmp_path, SET_UP)
    data = json.loads(run_cli("context", "--json", root, home=home).text)
    assert [p["profile"] for p in data["profiles"]] == ["codex", "windsurf", "kiro"]


@pytest.mark.parametrize("profile", DOCS)
def test_context_says_docs_sourced_with_the_date_in_text_and_json(
    tmp_path: Path, profile: str
) -> None:
    root, home = _repo(tmp_path, SET_UP)
    date = PROFILES[profile].verified_by.date  # type: ignore[union-attr]
    text = run_cli("context", "--profile", profile, root, home=home).text
    assert "  verified: docs-sourced (" in text and f"read {date})" in text
    data = json.loads(run_cli("context", "--profile", profile, "--json", root, home=home).text)
    [answer] = data["profiles"]
    assert answer["verifiedBy"]["method"] == "docs-sourced"
    assert answer["verifiedBy"]["date"] == date
    assert problems(data, result_schema("promptls.showContextFiles")) == []


@pytest.mark.parametrize("profile", DOCS)
def test_preview_says_docs_sourced_in_text_and_json(tmp_path: Path, profile: str) -> None:
    root, home = _repo(tmp_path, SET_UP)
    text = run_cli("preview", "--profile", profile, root, home=home).text
    assert text.splitlines()[1].startswith("Verified:  docs-sourced (")
    data = json.loads(
        run_cli("preview", "--profile", profile, "--format", "json", root, home=home).text
    )
    assert data["rendering"]["verifiedBy"]["method"] == "docs-sourced"
    assert data["rendering"]["framing"] == "not documented"
    assert problems(data, result_schema("promptls.previewPrompt")) == []


def test_an_oracle_verified_profile_carries_no_docs_label(tmp_path: Path) -> None:
    root, home = _repo(tmp_path, SET_UP)
    text = run_cli("context", "--profile", "codex", root, home=home).text
    assert "docs-sourced" not in text
    data = json.loads(run_cli("context", "--profile", "codex", "--json", root, home=home).text)
    assert data["profiles"][0]["verifiedBy"]["method"] == Verification.ORACLE


def test_the_side_by_side_preview_marks_the_docs_sourced_rows(tmp_path: Path) -> None:
    root, home = _repo(tmp_path, SET_UP)
    text = run_cli("preview", "--all-profiles", root, home=home).text
    table = text[text.index("  profile") : text.index("\n\n==")].splitlines()[1:]
    rows = {line.split()[0]: line for line in table}
    assert rows["windsurf"].endswith("not documented; docs-sourced")
    assert rows["kiro"].endswith("not documented; docs-sourced")
    assert rows["codex"].endswith("sourced") and "docs-sourced" not in rows["codex"]


def test_a_set_up_agent_loading_nothing_gets_its_own_hint(tmp_path: Path) -> None:
    root, home = _repo(
        tmp_path,
        {
            ".windsurf/rules/release.md": "---\ntrigger: manual\n---\nRelease steps.\n",
            ".kiro/steering/release.md": "---\ninclusion: manual\n---\nRelease steps.\n",
            "CLAUDE.md": "# Shared\n",
        },
    )
    found = json.loads(
        run_cli("check", "--format", "json", "--select", "PL028", root, home=home).text
    )
    messages = {f["agents"][0]: f["message"] for f in found}
    assert set(messages) == {"windsurf", "kiro"}
    assert messages["windsurf"].endswith(
        "create AGENTS.md, or a `trigger: always_on` rule in .windsurf/rules"
    )
    assert "a steering file in .kiro/steering" in messages["kiro"]


def test_a_broken_kiro_file_reference_is_reported_on_its_token(tmp_path: Path) -> None:
    steering = "Follow #[[file:api/openapi.yaml]] and #[[file:api/errors.yaml]].\n"
    root, home = _repo(
        tmp_path,
        {".kiro/steering/api.md": steering, "api/openapi.yaml": "openapi: 3.1.0\n"},
    )
    found = json.loads(
        run_cli("check", "--format", "json", "--select", "PL013", root, home=home).text
    )
    [broken] = found
    assert broken["path"].endswith(".kiro/steering/api.md")
    assert broken["message"].startswith(
        "broken import: #[[file:api/errors.yaml]] on line 1 of api.md:"
    )
    written = steering.index("#[[file:api/errors.yaml]]")
    assert (broken["line"], broken["column"]) == (1, written + 1)
