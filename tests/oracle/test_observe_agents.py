"""``promptls observe`` with each pinned agent release (``scripts/setup-agents``): it
reads what the agent sends and agrees with promptls on a user's setup, and keeps its
contract: nothing leaves the machine, no real credential reaches the agent, the mock
answers no tool call, and the user's home and repository are unchanged byte for byte.

Each agent runs once per module (through a wrapper that records its environment, lists
its home and traces its connections with strace); the tests read that one run.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from promptls.oracle import observe as observe_module
from promptls.oracle.agents import ADAPTERS, USERS
from promptls.oracle.observe import Report, observe
from promptls.oracle.pins import load_pins
from promptls.oracle.runner import RUN_MARKER, Capture, marked_processes
from promptls.oracle.runner import run as real_run
from tests.oracle.harness import agent_program

pytestmark = pytest.mark.oracle
PROMPTLS = Path(sys.executable).with_name("promptls")

SECRETS = {
    "ANTHROPIC_API_KEY": "sk-ant-real-user-key",
    "ANTHROPIC_AUTH_TOKEN": "real-user-auth-token",
    "CLAUDE_CODE_OAUTH_TOKEN": "real-user-oauth",
    "OPENAI_API_KEY": "sk-real-openai",
    "CODEX_API_KEY": "real-codex-key",
    "GEMINI_API_KEY": "real-gemini-key",
    "GOOGLE_API_KEY": "real-google-key",
    "GOOGLE_APPLICATION_CREDENTIALS": "/real/adc.json",
    "AWS_ACCESS_KEY_ID": "AKIAREALUSERKEY",
    "AWS_SECRET_ACCESS_KEY": "real-aws-secret",
    "AZURE_OPENAI_API_KEY": "real-azure-key",
    "GITHUB_TOKEN": "ghp_realusertoken",
}
"""What a user's shell may hold; none of it may reach the agent."""

CREDENTIAL_FILES = {
    ".claude/.credentials.json": '{"claudeAiOauth": {"accessToken": "real-oauth"}}',
    ".codex/auth.json": '{"OPENAI_API_KEY": "real-codex-auth"}',
    ".gemini/oauth_creds.json": '{"access_token": "real-gemini-oauth"}',
    ".local/share/opencode/auth.json": '{"openai": {"key": "real-opencode-auth"}}',
    ".qwen/oauth_creds.json": '{"access_token": "real-qwen-oauth"}',
}

USER_FILES = {
    "claude": ".claude/CLAUDE.md",
    "codex": ".codex/AGENTS.md",
    "copilot": ".copilot/copilot-instructions.md",
    "gemini": ".gemini/GEMINI.md",
    "opencode": ".config/opencode/AGENTS.md",
    "kilo": ".config/kilo/AGENTS.md",
    "qwen": ".qwen/QWEN.md",
    "cline": ".cline/rules/mine.md",
    "continue": ".continue/rules/mine.md",
}
"""Each agent's user-level instruction file (the one its profile reads from the home)."""

TOOL_RESULTS = re.compile(r'"(tool_result|function_call_output|functionResponse)"|"role": ?"tool"')
TOOL_CALLS = re.compile(rb"tool_use|function_call|functionCall|tool_calls")
CONNECT = re.compile(r'connect\(.*?(?:inet_addr\("([^"]+)"\)|inet_pton\(AF_INET6, "([^"]+)")')


@dataclass(frozen=True)
class Run:
    report: Report
    capture: Capture
    home: Path
    work: Path
    logs: Path
    before: dict[str, str]
    after: dict[str, str]


def _hashes(*roots: Path) -> dict[str, str]:
    """Every file and folder below ``roots`` with its content's hash (symlinks as such)."""
    out: dict[str, str] = {}
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_symlink():
                out[str(path)] = "-> " + str(path.readlink())
            elif path.is_file():
                out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                out[str(path)] = "dir"
    return out


def _wrapper(real: Path, logs: Path) -> Path:
    """The agent behind a script that records its environment and home, and traces its
    connections."""
    strace = shutil.which("strace")
    assert strace, "strace is not installed (apt-get install strace)"
    script = logs / real.name
    script.write_text(
        "#!/bin/sh\n"
        f'env > "{logs}/env.$$"\n'
        f'find "$HOME" > "{logs}/home.$$"\n'
        f'exec {strace} -f -qq -e trace=connect,execve -o "{logs}/net.$$" "{real}" "$@"\n'
    )
    script.chmod(0o755)
    return script


@pytest.fixture(scope="module", params=sorted(ADAPTERS))
def run(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Run]:
    agent: str = request.param
    root = tmp_path_factory.mktemp(agent)
    home, work, logs = root / "home", root / "repo", root / "logs"
    logs.mkdir()
    (work / ".git").mkdir(parents=True)
    (work / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    for name in ("AGENTS.md", "CLAUDE.md", "GEMINI.md"):
        (work / name).write_text(f"# {name}\n\nRun the tests with pytest.\n")
    (home / USER_FILES[agent]).parent.mkdir(parents=True)
    (home / USER_FILES[agent]).write_text("# Mine\n\nAnswer briefly.\n")
    for rel, text in CREDENTIAL_FILES.items():
        (home / rel).parent.mkdir(parents=True, exist_ok=True)
        (home / rel).write_text(text)
    before = _hashes(home, work)
    captures: list[Capture] = []

    def spy(*args: object, **kwargs: object) -> Capture:
        capture = real_run(*args, **kwargs)  # type: ignore[arg-type]
        captures.append(capture)
        return capture

    program = agent_program(agent)
    environ = {"PATH": f"{program.parent}:/usr/bin:/bin", "HOME": str(home), **SECRETS}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(observe_module, "run", spy)
        report = observe(agent, work, agent_bin=str(_wrapper(program, logs)), environ=environ)
    assert isinstance(report, Report)
    yield Run(report, captures[0], home, work, logs, before, _hashes(home, work))


def test_observe_reads_the_agent_and_agrees_with_promptls(run: Run) -> None:
    plan = run.report.plan
    assert plan.version == load_pins()[plan.agent].version
    assert run.report.differences == ()
    sent = [f.path for f in run.report.files]
    assert str(run.home / USER_FILES[plan.agent]) in sent
    assert "Answer briefly." in run.report.wire
    assert "promptls-observe-" not in run.report.wire
    assert 0 < len(run.report.wire.encode()) < run.report.request_bytes


def test_no_real_credential_reaches_the_agent(run: Run) -> None:
    envs = "".join(p.read_text() for p in run.logs.glob("env.*"))
    assert envs
    assert not [name for name, value in SECRETS.items() if value in envs]
    assert f"HOME={run.home}\n" not in envs
    listed = "".join(p.read_text() for p in run.logs.glob("home.*"))
    assert USER_FILES[run.report.plan.agent] in listed
    assert not [rel for rel in CREDENTIAL_FILES if rel in listed]
    sent = b"".join(r.raw for r in run.capture.requests)
    assert not [v for v in SECRETS.values() if v.encode() in sent]


def test_nothing_leaves_the_machine(run: Run) -> None:
    traced = "".join(p.read_text() for p in run.logs.glob("net.*"))
    addresses = {v4 or v6 for v4, v6 in CONNECT.findall(traced)}
    assert addresses
    assert addresses <= {"127.0.0.1", "::1", "::ffff:127.0.0.1"}, traced


def test_the_mock_answers_no_tool_call_and_the_agent_runs_none(run: Run) -> None:
    adapter = ADAPTERS[run.report.plan.agent]
    requests = list(run.capture.requests)
    for at, request in enumerate(requests):
        reply = adapter.respond(request, requests[: at + 1])
        assert not TOOL_CALLS.search(b"".join(reply.chunks))
    assert not [r.path for r in requests if TOOL_RESULTS.search(r.raw.decode("utf-8", "replace"))]


def test_no_process_of_the_run_is_left(run: Run) -> None:
    envs = "".join(p.read_text() for p in run.logs.glob("env.*"))
    markers = set(re.findall(rf"^{RUN_MARKER}=(\w+)$", envs, re.MULTILINE))
    assert markers, "the agent ran without the run's marker"
    assert [pid for marker in markers for pid in marked_processes(marker)] == []


def test_the_users_agent_folders_and_repository_are_unchanged(run: Run) -> None:
    assert run.after == run.before


def test_the_run_uses_the_agents_no_persistence_mode_where_it_has_one(run: Run) -> None:
    setup = USERS[run.report.plan.agent]
    traced = "".join(p.read_text() for p in run.logs.glob("net.*"))
    started = re.findall(r"execve\(.*", traced)
    assert started
    for argument in setup.ephemeral:
        assert any(f'"{argument}"' in line and '"Say ok."' in line for line in started)


@pytest.mark.parametrize("skip", [False, True])
def test_a_session_start_hook_runs_as_in_a_session_unless_skipped(
    skip: bool, tmp_path: Path
) -> None:
    ran = tmp_path / "hook-ran"
    settings = tmp_path / "home" / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    hook = {"type": "command", "command": f"touch {ran}"}
    settings.write_text(json.dumps({"hooks": {"SessionStart": [{"hooks": [hook]}]}}))
    (tmp_path / "ws").mkdir()
    program = agent_program("claude")
    env = {"PATH": f"{program.parent}:/usr/bin:/bin", "HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [str(PROMPTLS), "observe", "--agent", "claude", *(["--skip-hooks"] if skip else [])],
        cwd=tmp_path / "ws",
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    first = done.stderr.splitlines()[0]
    if skip:
        assert first.startswith("promptls: Claude Code's hooks are switched off for this run")
    else:
        assert first.startswith("promptls: Claude Code will run the start-up hooks")
    assert ran.exists() is not skip
