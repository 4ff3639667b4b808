"""``promptls check --since REV`` (only findings new since a revision, in every format;
SARIF with baseline states) and ``check --format gitlab`` (GitLab's Code Quality report,
validated against the shape GitLab's documentation requires)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import run_cli
from tests.cli.gitrepo import commit, git, new_repo, write
from tests.cli.test_cli_sarif import _schema as sarif_schema

MARKER = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"
OLD = f"# Rules\n\nKeep {MARKER} out.\n"

CODE_QUALITY_SCHEMA: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "array",
    "items": {
        "type": "object",
        "required": ["description", "check_name", "fingerprint", "severity", "location"],
        "properties": {
            "description": {"type": "string", "minLength": 1},
            "check_name": {"type": "string", "minLength": 1},
            "fingerprint": {"type": "string", "minLength": 1},
            "severity": {"enum": ["info", "minor", "major", "critical", "blocker"]},
            "location": {
                "type": "object",
                "required": ["path", "lines"],
                "properties": {
                    "path": {"type": "string", "pattern": "^[^/]"},
                    "lines": {
                        "type": "object",
                        "required": ["begin"],
                        "properties": {"begin": {"type": "integer", "minimum": 1}},
                    },
                },
            },
        },
    },
}
"""GitLab's Code Quality report, as "Code Quality report format" in
https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format (read
2026-12-06) requires it: a JSON array of objects, each with ``description``,
``check_name``, ``fingerprint`` (unique per finding: GitLab keeps one finding per
fingerprint), ``severity`` (one of info, minor, major, critical, blocker),
``location.path`` (relative to the repository; no leading ``/``) and
``location.lines.begin`` (or ``location.positions.begin.line``, which promptls does not
emit)."""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """AGENTS.md with one old finding (a marker), and a prompt file, committed."""
    return new_repo(
        tmp_path / "repo",
        {"AGENTS.md": OLD, "docs/NOTES.md": f"Notes.\n\nAnd {MARKER} here.\n"},
    )


def _json(repo: Path, home: Path, *args: str) -> tuple[int, list[dict[str, Any]]]:
    result = run_cli("check", *args, "--format", "json", home=home, cwd=repo)
    assert result.code in (0, 1), result.err
    return result.code, json.loads(result.text)


def test_lines_added_above_an_old_finding_do_not_make_it_new(repo: Path, fake_home: Path) -> None:
    write(repo, {"AGENTS.md": "# Intro\n\nFirst words.\n\n" + OLD})
    code, found = _json(repo, fake_home, "--since", "HEAD")
    assert (code, found) == (0, [])
    code, everything = _json(repo, fake_home)
    assert code == 1 and ("AGENTS.md", 7, "PL003") in {
        (f["path"], f["line"], f["code"]) for f in everything
    }


def test_an_edited_line_and_a_second_copy_are_new(repo: Path, fake_home: Path) -> None:
    write(repo, {"AGENTS.md": OLD + f"\nAlso {MARKER} later.\n"})
    code, found = _json(repo, fake_home, "--since", "HEAD")
    assert code == 1
    assert [(f["path"], f["line"], f["code"]) for f in found] == [("AGENTS.md", 5, "PL003")]
    text = run_cli("check", "--since", "HEAD", home=fake_home, cwd=repo)
    assert text.code == 1 and "AGENTS.md:5:" in text.text and "AGENTS.md:3:" not in text.text
    github = run_cli("check", "--since", "HEAD", "--format", "github", home=fake_home, cwd=repo)
    assert github.text.count("::error ") == 1 and "line=5," in github.text


def test_a_moved_file_keeps_its_old_findings(repo: Path, fake_home: Path) -> None:
    git(repo, "mv", "docs/NOTES.md", "NOTES.md")
    commit(repo, "move")
    write(repo, {"NOTES.md": "Preface.\n\n" + (repo / "NOTES.md").read_text()})
    code, found = _json(repo, fake_home, "--since", "HEAD~1")
    assert (code, found) == (0, [])


def test_sarif_marks_each_result_new_or_unchanged(repo: Path, fake_home: Path) -> None:
    write(repo, {"AGENTS.md": "# Intro\n\n" + OLD + f"\nAlso {MARKER} later.\n"})
    result = run_cli("check", "--since", "HEAD", "--format", "sarif", home=fake_home, cwd=repo)
    assert result.code == 1
    results = json.loads(result.text)["runs"][0]["results"]
    states = sorted(
        (r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], r["baselineState"])
        for r in results
    )
    assert states == [
        ("AGENTS.md", "new"),
        ("AGENTS.md", "unchanged"),
        ("docs/NOTES.md", "unchanged"),
    ]
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft7Validator(sarif_schema()).validate(json.loads(result.text))
    write(repo, {"AGENTS.md": "# Intro\n\n" + OLD})
    only_old = run_cli("check", "--since", "HEAD", "--format", "sarif", home=fake_home, cwd=repo)
    assert only_old.code == 0  # unchanged results are listed, but fail nothing
    assert {r["baselineState"] for r in json.loads(only_old.text)["runs"][0]["results"]} == {
        "unchanged"
    }


def test_a_path_the_revision_did_not_have_is_all_new(repo: Path, fake_home: Path) -> None:
    write(repo, {"new/AGENTS.md": f"Fresh {MARKER}.\n"})
    code, found = _json(repo, fake_home, "--since", "HEAD", "new")
    assert code == 1 and [f["path"] for f in found] == ["new/AGENTS.md"]


def test_since_refuses_fix_and_stdin(repo: Path, fake_home: Path) -> None:
    for extra in (["--fix"], ["--diff"], ["--stdin-filename", "x.md"]):
        result = run_cli("check", "--since", "HEAD", *extra, home=fake_home, cwd=repo)
        assert result.code == 2 and "--since" in result.err


def test_gitlab_report_validates_and_its_fingerprints_survive_line_shifts(
    repo: Path, fake_home: Path
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    write(repo, {"AGENTS.md": OLD + f"\nAlso {MARKER} later.\nAnd {MARKER} again.\n"})
    first = run_cli("check", "--format", "gitlab", home=fake_home, cwd=repo)
    assert first.code == 1
    report = json.loads(first.text)
    jsonschema.Draft7Validator(CODE_QUALITY_SCHEMA).validate(report)
    fingerprints = [issue["fingerprint"] for issue in report]
    assert len(report) == 4 and len(set(fingerprints)) == 4
    by_line = {(i["location"]["path"], i["location"]["lines"]["begin"]): i for i in report}
    assert by_line[("AGENTS.md", 3)]["check_name"] == "PL003"
    assert by_line[("AGENTS.md", 3)]["severity"] == "major"  # an error
    write(repo, {"AGENTS.md": "# Intro\n\n" + (repo / "AGENTS.md").read_text()})
    shifted = json.loads(run_cli("check", "--format", "gitlab", home=fake_home, cwd=repo).text)
    assert [i["fingerprint"] for i in shifted] == fingerprints
    assert [i["location"]["lines"]["begin"] for i in shifted[:3]] == [5, 7, 8]
    new_only = run_cli("check", "--since", "HEAD", "--format", "gitlab", home=fake_home, cwd=repo)
    assert [i["location"]["lines"]["begin"] for i in json.loads(new_only.text)] == [7, 8]
    jsonschema.Draft7Validator(CODE_QUALITY_SCHEMA).validate(json.loads(new_only.text))
