"""The GitHub Action on a pull request: its composite steps run in order, the way a
runner runs them (``action.yml`` read, ``${{ … }}`` filled in from the inputs, the
``github`` context and earlier steps' outputs, each step's outputs read back from its
GITHUB_OUTPUT file), on a real git history. With a base (the pull request's by
default) only new findings are annotated and ``promptls diff`` goes to the job summary.
The install step and the ``uses:`` steps are left out: the wheel tests install through
the install step, and setup-python and the SARIF upload are GitHub's own actions.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.cli.gitrepo import commit, git, new_repo, write
from tests.install.conftest import ROOT

MARKER = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"
PROMPTLS = Path(sys.executable).parent / "promptls"
EXPRESSION = re.compile(r"\$\{\{\s*([\w.-]+)\s*\}\}")


class Run:
    """What the composite action did: each step's process and the job summary."""

    def __init__(self) -> None:
        self.steps: dict[str, subprocess.CompletedProcess[str]] = {}
        self.summary = ""


def _lookup(path: str, context: dict[str, Any]) -> str:
    """A dotted context path (``inputs.base``, ``steps.check.outputs.exit-code``);
    missing values are empty, as on a runner."""
    value: Any = context
    for part in path.split("."):
        value = value.get(part, "") if isinstance(value, dict) else ""
    return "" if value is None else str(value)


def run_action(repo: Path, github: dict[str, Any], **inputs: str) -> Run:
    """Run action.yml's ``run:`` steps in order in ``repo``."""
    action = yaml.safe_load((ROOT / "action.yml").read_text())
    values = {name: spec.get("default", "") for name, spec in action["inputs"].items()}
    unknown = set(inputs) - set(values)
    assert not unknown, unknown
    values.update(inputs)
    context: dict[str, Any] = {"inputs": values, "github": github, "steps": {}}
    summary = repo.parent / "step_summary.md"
    summary.write_text("")
    run = Run()
    for step in action["runs"]["steps"]:
        if "uses" in step or 'action-run.sh" install' in step["run"]:
            continue
        outputs = repo.parent / "github_output"
        outputs.write_text("")
        env = {
            "PATH": f"{PROMPTLS.parent}:/usr/bin:/bin",
            "HOME": str(repo.parent),
            "GITHUB_ACTION_PATH": str(ROOT),
            "GITHUB_OUTPUT": str(outputs),
            "GITHUB_STEP_SUMMARY": str(summary),
            "PROMPTLS_BIN": str(PROMPTLS),
            "PROMPTLS_HOME": str(repo.parent),
        }
        for name, raw in step.get("env", {}).items():
            env[name] = EXPRESSION.sub(lambda m: _lookup(m.group(1), context), str(raw))
        done = subprocess.run(
            ["bash", "-c", step["run"]],
            cwd=repo,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        run.steps[step["name"]] = done
        written = dict(line.split("=", 1) for line in outputs.read_text().splitlines() if line)
        if "id" in step:
            context["steps"][step["id"]] = {"outputs": written}
    run.summary = summary.read_text()
    return run


@pytest.fixture
def history(tmp_path: Path) -> tuple[Path, str]:
    """A base commit with one old finding, and a head commit adding a new one."""
    repo = new_repo(tmp_path / "repo", {"AGENTS.md": f"# Rules\n\nKeep {MARKER} out.\n"})
    base = git(repo, "rev-parse", "HEAD").strip()
    write(repo, {"AGENTS.md": f"# Rules\n\nKeep {MARKER} out.\n\nAnd {MARKER} too.\n"})
    commit(repo, "head")
    return repo, base


def _annotated_lines(run: Run) -> list[str]:
    return re.findall(
        r"^::error file=AGENTS\.md,line=(\d+),", run.steps["promptls check"].stdout, re.M
    )


def test_a_pull_request_annotates_new_findings_and_writes_the_diff(
    history: tuple[Path, str],
) -> None:
    repo, base = history
    run = run_action(repo, {"event": {"pull_request": {"base": {"sha": base}}}})
    assert _annotated_lines(run) == ["5"]
    assert run.summary.startswith(f"### promptls diff: `{base}` → `working tree`")
    assert "**1 new finding**" in run.summary and "<details>" in run.summary
    result = run.steps["Result"]
    assert result.returncode == 1, result.stderr


def test_without_a_base_every_finding_is_annotated_and_no_summary(
    history: tuple[Path, str],
) -> None:
    repo, base = history
    push = run_action(repo, {"event": {}})
    assert _annotated_lines(push) == ["3", "5"]
    assert push.summary == ""
    off = run_action(repo, {"event": {"pull_request": {"base": {"sha": base}}}}, base="none")
    assert _annotated_lines(off) == ["3", "5"] and off.summary == ""


def test_a_clean_pull_request_passes_with_a_summary(history: tuple[Path, str]) -> None:
    repo, _ = history
    run = run_action(repo, {"event": {}}, base="HEAD")
    assert _annotated_lines(run) == []
    assert "**no new findings**" in run.summary
    assert run.steps["Result"].returncode == 0


def test_a_shallow_checkout_fetches_the_base(history: tuple[Path, str], tmp_path: Path) -> None:
    """actions/checkout fetches one commit: the base is fetched from origin by its hash."""
    repo, base = history
    git(repo, "config", "uploadpack.allowAnySHA1InWant", "true")
    shallow = tmp_path / "shallow"
    git(tmp_path, "clone", "-q", "--depth=1", f"file://{repo}", str(shallow))
    with pytest.raises(subprocess.CalledProcessError):
        git(shallow, "cat-file", "-e", f"{base}^{{commit}}")
    run = run_action(shallow, {"event": {"pull_request": {"base": {"sha": base}}}})
    assert _annotated_lines(run) == ["5"], run.steps["promptls check"].stderr
    assert "**1 new finding**" in run.summary


def test_an_option_shaped_base_is_refused(history: tuple[Path, str]) -> None:
    repo, _ = history
    run = run_action(repo, {"event": {}}, base="--upload-pack=touch pwned")
    assert run.steps["Result"].returncode == 2
    assert "not a revision" in run.steps["promptls check"].stderr
    assert not (repo / "pwned").exists()
