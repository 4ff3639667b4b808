"""``promptls check`` end to end (in-process): formats, exit codes, --fix, --diff, stdin."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from promptls.analysis import rules as rule_registry
from promptls.analysis.rules import RULES
from promptls.cli import main
from promptls.commands.rule import rule_page
from tests import MARKER

BROKEN = "Doctrine 🎉.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDRY__\nTurn.\n"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small project: a broken prompt, a clean one, ignored and skipped files."""
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "broken.md").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "clean.prompt").write_text("word " * 1500 + f"end.\n\n{MARKER}\n\nturn\n")
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "x.prompt").write_text(f"{MARKER}\n")
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "y.prompt").write_text(f"{MARKER}\n")
    (tmp_path / ".gitignore").write_text("build/\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the CLI and capture its output."""
    status = main(["check", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_text_output_and_exit_codes(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys)
    assert status == 1
    assert "prompts/broken.md:3:1: PL002 [error]" in out
    assert "node_modules" not in out and "build" not in out
    assert run(capsys, "--fail-on", "error", "--ignore", "PL002")[0] == 0
    assert run(capsys, "clean.prompt")[0] == 0


def test_json_positions(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--format", "json", "prompts/broken.md")
    items = json.loads(out)
    near = next(i for i in items if i["code"] == "PL002")
    assert (near["line"], near["column"], near["end_column"]) == (3, 1, 33)
    assert near["fixable"] and status == 1


def test_sarif_structure(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Structural check of the SARIF 2.1.0 requirements GitHub code scanning relies on
    # (the official JSON schema is not vendored: no package ships it and tests are offline).
    (tree / "emoji.prompt").write_text(f"🎉🎉 x{MARKER}\n\nturn", encoding="utf-8")
    _, out, _ = run(capsys, "--format", "sarif", "emoji.prompt")
    log = json.loads(out)
    assert log["version"] == "2.1.0" and "sarif-2.1.0" in log["$schema"]
    (run_,) = log["runs"]
    driver = run_["tool"]["driver"]
    assert driver["name"] == "promptls"
    ids = [r["id"] for r in driver["rules"]]
    assert ids[0] == "PL001" and all(r["help"]["text"] for r in driver["rules"])
    assert run_["columnKind"] == "utf16CodeUnits"
    glued = next(r for r in run_["results"] if r["ruleId"] == "PL004")
    assert glued["level"] == "error" and ids[glued["ruleIndex"]] == "PL004"
    region = glued["locations"][0]["physicalLocation"]["region"]
    # two emoji are four UTF-16 code units: "🎉🎉 " is 5 units, the glued x starts at 6
    assert (region["startLine"], region["startColumn"]) == (1, 6)


def test_github_annotations(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--format", "github", "prompts/broken.md")
    lines = out.splitlines()
    assert any(line.startswith("::error file=prompts/broken.md,line=3,col=1,") for line in lines)
    assert all(line.startswith(("::error ", "::warning ", "::notice ")) for line in lines)


def test_fix_writes_atomically_and_fixes_everything(
    tree: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tree / "prompts" / "broken.md"
    status, out, _ = run(capsys, "--fix", "--select", "PL002,PL006", "prompts/broken.md")
    assert status == 0, out
    fixed = target.read_text(encoding="utf-8")
    assert fixed == f"Doctrine 🎉.\n\n{MARKER}\n\nTurn.\n"
    assert not [p for p in target.parent.iterdir() if p.name.endswith(".promptls")]


def test_fix_failure_leaves_original(
    tree: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tree / "prompts" / "broken.md"

    def boom(src: object, dst: object) -> None:
        """The rename fails as on a full disk."""
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    status, _, err = run(capsys, "--fix", "prompts/broken.md")
    assert status == 1 and "write failed" in err
    assert target.read_text(encoding="utf-8") == BROKEN
    assert [p.name for p in target.parent.iterdir()] == ["broken.md"]


def test_fix_refuses_when_file_changed_on_disk(
    tree: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from promptls.commands import _check_fix

    target = tree / "prompts" / "broken.md"
    real_fsync = os.fsync

    def edit_meanwhile(fd: int) -> None:
        """Another program saves the file while promptls writes its temporary copy."""
        real_fsync(fd)
        target.write_text("someone else's edit\n", encoding="utf-8")

    monkeypatch.setattr(_check_fix.os, "fsync", edit_meanwhile)
    status, _, err = run(capsys, "--fix", "prompts/broken.md")
    assert status == 1 and "changed on disk" in err
    assert target.read_text(encoding="utf-8") == "someone else's edit\n"


def test_diff_shows_without_writing(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--diff", "prompts/broken.md")
    assert status == 1
    assert out.startswith("--- a/prompts/broken.md\n+++ b/prompts/broken.md\n")
    assert "-__ZIDANE_SYSTEM_PROMPT_BOUNDRY__" in out
    assert (tree / "prompts" / "broken.md").read_text(encoding="utf-8") == BROKEN


def test_stdin_filename(
    tree: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(BROKEN.encode())))
    status, out, _ = run(capsys, "--stdin-filename", "p/x.prompt", "--format", "json")
    assert status == 1 and {i["path"] for i in json.loads(out)} == {"p/x.prompt"}
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"plain text\n")))
    assert run(capsys, "--stdin-filename", "AGENTS.md")[0] == 0


def test_usage_errors_exit_2(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "missing.md")
    assert status == 2 and "no such file or directory: missing.md" in err
    os.mkfifo(tree / "pipe.prompt")
    status, _, err = run(capsys, "pipe.prompt")
    assert status == 2 and "not a regular file or folder" in err
    assert run(capsys, "--select", "PL777")[0] == 2
    assert run(capsys, "--profile", "emacs")[0] == 2


def test_terminal_safe_paths(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tree / "evil\x1b[31m.prompt").write_text(f"{MARKER}\n\nx")
    _, out, _ = run(capsys)
    assert "\x1b" not in out and "\\x1b" in out


def test_rules_and_explain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    table = capsys.readouterr().out
    assert "PL001" in table and "PL016" in table
    assert main(["explain", "pl002"]) == 0
    text = capsys.readouterr().out
    assert "near-miss-marker" in text and "Bad:" in text and "Good:" in text
    assert main(["explain", "PL404"]) == 2


def _check_sarif_location(location: dict[str, object]) -> None:
    """The parts of a SARIF 2.1.0 location that viewers and code scanning rely on."""
    physical = location["physicalLocation"]
    assert isinstance(physical, dict)
    assert physical["artifactLocation"]["uri"] and "\\" not in physical["artifactLocation"]["uri"]
    region = physical["region"]
    assert region["startLine"] >= 1 and region["startColumn"] >= 1
    assert (region["endLine"], region["endColumn"]) >= (region["startLine"], region["startColumn"])


def test_sarif_required_properties(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Written against the SARIF 2.1.0 specification's required properties: no PyPI
    # package ships the official JSON schema (sarif-om, sarif-tools and sarif-pydantic
    # were checked), and tests cannot download it.
    (tree / "dup.prompt").write_text(f"a\n\n{MARKER}\n\nb\n\n{MARKER}\n\nc\u200b\n")
    _, out, _ = run(capsys, "--format", "sarif")
    (sarif_run,) = json.loads(out)["runs"]
    rules = sarif_run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    assert len(ids) == len(set(ids))
    for rule in rules:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert "helpUri" not in rule  # no published rule pages: the help is the page
        assert rule["help"]["markdown"] == rule_page(RULES[rule["id"]])
        assert rule["defaultConfiguration"]["level"] in {"error", "warning", "note"}
    assert sarif_run["results"]
    for result in sarif_run["results"]:
        assert result["level"] in {"error", "warning", "note", "none"}
        assert result["message"]["text"]
        assert ids[result["ruleIndex"]] == result["ruleId"]
        for location in result["locations"]:
            _check_sarif_location(location)
        for n, related in enumerate(result.get("relatedLocations", [])):
            assert related["id"] == n and related["message"]["text"]
            _check_sarif_location(related)
    dup = next(r for r in sarif_run["results"] if r["ruleId"] == "PL001")
    first = dup["relatedLocations"][0]["physicalLocation"]["region"]
    assert (first["startLine"], first["startColumn"]) == (3, 1)


def test_sarif_links_rule_pages_only_once_they_are_published(
    tree: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tree / "dup.prompt").write_text(f"a\n\n{MARKER}\n\nb\n\n{MARKER}\n\nc\n")
    _, out, _ = run(capsys, "--format", "sarif")
    assert "informationUri" not in json.loads(out)["runs"][0]["tool"]["driver"]
    published = "https://docs.example.org/promptls/rules.md"
    monkeypatch.setattr(rule_registry, "RULES_DOC_URL", published)
    _, out, _ = run(capsys, "--format", "sarif")
    driver = json.loads(out)["runs"][0]["tool"]["driver"]
    assert driver["informationUri"] == published
    assert [r["helpUri"] for r in driver["rules"]] == [
        f"{published}#{code.lower()}" for code in RULES
    ]


def test_each_path_uses_its_nearest_config(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, ignore in (("one", "PL002"), ("two", "PL006")):
        project = tmp_path / name
        project.mkdir()
        (project / ".promptls.toml").write_text(f'ignore = ["{ignore}", "PL009"]\n')
        (project / "p.prompt").write_text(f"a\n{MARKER}\nb __ZIDANE_SYSTEM_PROMPT_BOUNDRY__\n")
    monkeypatch.chdir(tmp_path)
    _, out, _ = run(capsys, "--format", "json", "one", "two/p.prompt")
    got = sorted((Path(i["path"]).parent.name, i["code"]) for i in json.loads(out))
    assert got == [("one", "PL006"), ("two", "PL002")]
