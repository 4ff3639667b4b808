"""The GitHub Action (``action.yml``) and its shell part, ``scripts/action-run.sh``, run here
the way a runner runs them: inputs as environment variables, outputs appended to the file
GITHUB_OUTPUT names, against a temporary repository. The install step is exercised by the
wheel tests (tests/install/conftest.py installs the wheel through it).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.install.conftest import ACTION_RUN, ROOT

MARKER = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"
PROMPTLS = Path(sys.executable).parent / "promptls"


def _repo(base: Path) -> Path:
    """A repository with one clean prompt and one with a duplicate marker."""
    static = " ".join(["Static text."] * 400)
    repo = base / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "clean").mkdir()
    (repo / "clean" / "ok.prompt.md").write_text(f"{static}\n\n{MARKER}\n\nLater.\n")
    (repo / "broken").mkdir()
    (repo / "broken" / "dup.prompt.md").write_text(
        f"{static}\n\n{MARKER}\n\nDynamic.\n\n{MARKER}\n\nMore.\n"
    )
    return repo


def _step(
    step: str, repo: Path, **inputs: str
) -> tuple[subprocess.CompletedProcess[str], dict[str, str]]:
    """Run one step of the action; its result and the outputs it wrote."""
    outputs = repo.parent / "github_output"
    outputs.write_text("")
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(repo.parent),
        "GITHUB_OUTPUT": str(outputs),
        "PROMPTLS_BIN": str(PROMPTLS),
        **inputs,
    }
    run = subprocess.run(
        ["bash", str(ACTION_RUN), step],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    written = dict(line.split("=", 1) for line in outputs.read_text().splitlines())
    return run, written


def test_findings_annotate_and_fail_only_after_the_upload_step(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    check, outputs = _step("check", repo)
    assert check.returncode == 0  # the upload step must still run
    assert outputs == {"exit-code": "1"}
    assert re.search(r"^::error file=broken/dup\.prompt\.md,line=7,.*PL001", check.stdout, re.M)
    finish, _ = _step("finish", repo, PROMPTLS_EXIT_CODE=outputs["exit-code"])
    assert finish.returncode == 1
    assert "findings" in finish.stderr


def test_paths_profile_and_format_inputs_reach_promptls(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    check, outputs = _step(
        "check", repo, PROMPTLS_PATHS="clean\n", PROMPTLS_PROFILE="codex", PROMPTLS_FORMAT="json"
    )
    assert outputs == {"exit-code": "0"}
    report = json.loads(check.stdout.split("exit-code=")[0])
    assert report == []  # only clean/ was checked
    both, outputs = _step("check", repo, PROMPTLS_PATHS="clean broken", PROMPTLS_FORMAT="text")
    assert outputs["exit-code"] == "1"
    assert "dup.prompt.md:7:1" in both.stdout
    finish, _ = _step("finish", repo, PROMPTLS_EXIT_CODE="0")
    assert finish.returncode == 0


def test_sarif_is_written_for_the_upload_when_asked(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    _, outputs = _step("check", repo, PROMPTLS_SARIF="true", PROMPTLS_SARIF_FILE="out.sarif")
    assert outputs == {"exit-code": "1", "sarif-file": "out.sarif"}
    sarif = json.loads((repo / "out.sarif").read_text())
    results = sarif["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == ["PL001"]
    _, without = _step("check", repo)
    assert "sarif-file" not in without
    assert not (repo / "promptls.sarif").exists()


def test_a_bad_input_fails_the_action_with_promptls_usage_status(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    check, outputs = _step("check", repo, PROMPTLS_PROFILE="nosuchagent")
    assert outputs["exit-code"] == "2"
    assert "nosuchagent" in check.stderr
    finish, _ = _step("finish", repo, PROMPTLS_EXIT_CODE="2")
    assert finish.returncode == 2
    not_run, _ = _step("finish", repo, PROMPTLS_EXIT_CODE="")
    assert not_run.returncode == 2
    assert "did not run" in not_run.stderr
    bad_version, _ = _step("install", repo, PROMPTLS_VERSION="1.0; rm -rf /")
    assert bad_version.returncode == 2
    assert "not a version number" in bad_version.stderr


def test_action_yml_passes_every_input_to_the_script() -> None:
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    steps = action["runs"]["steps"]
    used = set()
    for step in steps:
        text = json.dumps(step)
        used |= set(re.findall(r"inputs\.([a-z-]+)", text))
        if "run" in step:
            assert step["run"].startswith('bash "$GITHUB_ACTION_PATH/scripts/action-run.sh" ')
    assert used == set(action["inputs"])
    upload = next(s for s in steps if s.get("uses", "").startswith("github/codeql-action/"))
    assert "inputs.upload-sarif == 'true'" in upload["if"]
    assert shutil.which("bash")


@pytest.mark.parametrize("step", ["", "deploy"])
def test_unknown_step_is_a_usage_error(tmp_path: Path, step: str) -> None:
    run, _ = _step(step, _repo(tmp_path))
    assert run.returncode == 2
