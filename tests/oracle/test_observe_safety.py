"""``promptls observe``'s contract with a stand-in agent (a shell script): one-line
errors for a missing, too old or login-bound agent, the time limit and Ctrl-C stopping
every process it started, hooks named before the run, the overlay carrying no
credential, and the mock keeping no header. The pinned agents' own runs are in
``test_observe_agents.py``."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from promptls.oracle.agents import USERS
from promptls.oracle.mock import NOT_FOUND, recording
from promptls.oracle.user import build_overlay

PROMPTLS = Path(sys.executable).with_name("promptls")
DEFAULT_SIGINT = [shutil.which("env") or "/usr/bin/env", "--default-signal=INT"]

CREDENTIAL_FILES = (
    ".claude/.credentials.json",
    ".claude.json",
    ".codex/auth.json",
    ".gemini/oauth_creds.json",
    ".gemini/google_accounts.json",
    ".local/share/opencode/auth.json",
    ".aws/credentials",
    ".config/gcloud/application_default_credentials.json",
)


def _fake_agent(tmp_path: Path, name: str, body: str, version: str = "2.1.332") -> Path:
    """A program called ``name`` that answers ``--version`` and otherwise runs ``body``."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    program = folder / name
    program.write_text(
        f'#!/bin/sh\nif [ "$1" = --version ]; then echo "{version} (stand-in)"; exit 0; fi\n'
        f"{body}\n"
    )
    program.chmod(0o755)
    return program


def _observe(
    args: list[str], tmp_path: Path, path: str = "/usr/bin:/bin"
) -> subprocess.CompletedProcess[str]:
    (tmp_path / "ws").mkdir(exist_ok=True)
    (tmp_path / "home").mkdir(exist_ok=True)
    env = {"PATH": path, "HOME": str(tmp_path / "home"), "LANG": "C.UTF-8"}
    return subprocess.run(
        [str(PROMPTLS), "observe", *args, str(tmp_path / "ws")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_missing_agent_is_one_line_saying_how_to_install_it(tmp_path: Path) -> None:
    done = _observe(["--agent", "claude"], tmp_path)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "Claude Code is not installed" in done.stderr
    assert "npm install -g @anthropic-ai/claude-code" in done.stderr
    assert "--agent-bin" in done.stderr


def test_an_agent_older_than_its_adapter_is_refused_before_it_runs(tmp_path: Path) -> None:
    ran = tmp_path / "ran"
    program = _fake_agent(tmp_path, "codex", f"touch {ran}", version="0.9.1")
    done = _observe(["--agent", "codex"], tmp_path, f"{program.parent}:/usr/bin:/bin")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "Codex CLI 0.9.1 is too old for observe" in done.stderr
    assert "npm install -g @openai/codex" in done.stderr
    assert not ran.exists()


def test_an_agent_that_insists_on_a_login_gets_a_one_line_error(tmp_path: Path) -> None:
    program = _fake_agent(
        tmp_path, "gemini", 'echo "Please sign in with Google to continue." >&2; exit 41'
    )
    done = _observe(["--agent", "gemini", "--agent-bin", str(program)], tmp_path)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "insists on a login the mock cannot satisfy" in done.stderr
    assert "Please sign in with Google" in done.stderr


HANGS = """sleep 600 &
echo "$$ $!" > "$PIDS"
if [ -p "$PIDS.fifo" ]; then echo ready > "$PIDS.fifo"; fi
wait"""
"""A stand-in that starts a helper process and waits forever; it writes both process ids
to a file, then says so through a named pipe when the test made one."""


def _process_alive(pid: int) -> bool:
    """Running (a zombie waiting for its parent to read its status counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _all_gone(pids: list[int], within: float = 10.0) -> bool:
    """Whether every process is gone within ``within`` seconds: a process killed by a signal
    exits when the kernel next runs it, which on a loaded machine can be a moment after
    ``observe`` itself has returned."""
    deadline = time.monotonic() + within
    while any(_process_alive(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def _hanging_run(
    tmp_path: Path, timeout: str, *, tell_when_started: bool
) -> tuple[subprocess.Popen[str], Path]:
    pids = tmp_path / "pids"
    if tell_when_started:
        os.mkfifo(tmp_path / "pids.fifo")
    program = _fake_agent(tmp_path, "claude", HANGS.replace("$PIDS", str(pids)))
    (tmp_path / "ws").mkdir()
    (tmp_path / "home").mkdir()
    env = {"PATH": f"{program.parent}:/usr/bin:/bin", "HOME": str(tmp_path / "home")}
    # A program inherits an ignored SIGINT (a test run started in the background ignores
    # it), and Python then never raises KeyboardInterrupt: start observe with SIGINT at its
    # default, as a terminal's Ctrl-C finds it.
    process = subprocess.Popen(
        [
            *DEFAULT_SIGINT,
            str(PROMPTLS),
            "observe",
            "--agent",
            "claude",
            "--timeout",
            timeout,
            str(tmp_path / "ws"),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    return process, pids


def test_the_time_limit_stops_the_agent_and_every_process_it_started(tmp_path: Path) -> None:
    process, ready = _hanging_run(tmp_path, "3", tell_when_started=False)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "sent no instruction request within 3 s" in err
    pids = [int(p) for p in ready.read_text().split()]
    assert len(pids) == 2
    assert _all_gone(pids)


def test_ctrl_c_stops_the_agent_and_every_process_it_started(tmp_path: Path) -> None:
    process, ready = _hanging_run(tmp_path, "300", tell_when_started=True)
    with (tmp_path / "pids.fifo").open() as fifo:  # blocks until the agent has started
        assert fifo.read() == "ready\n"
    pids = [int(p) for p in ready.read_text().split()]
    assert all(_process_alive(pid) for pid in pids)
    process.send_signal(signal.SIGINT)
    process.communicate(timeout=60)
    assert process.returncode == 130
    assert _all_gone(pids)


def test_hooks_in_the_settings_are_named_before_the_run(tmp_path: Path) -> None:
    program = _fake_agent(tmp_path, "claude", "exit 3")
    settings = tmp_path / "home" / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{"hooks": {"SessionStart": [{"hooks": []}]}}')
    done = _observe(["--agent", "claude", "--plan"], tmp_path, f"{program.parent}:/usr/bin:/bin")
    assert done.returncode == 0
    assert "Claude Code will run the start-up hooks your settings configure" in done.stdout
    assert f"{settings} (SessionStart)" in done.stdout
    assert "--skip-hooks" in done.stdout
    run = _observe(["--agent", "claude"], tmp_path, f"{program.parent}:/usr/bin:/bin")
    assert run.stderr.startswith("promptls: Claude Code will run the start-up hooks")


@pytest.mark.parametrize("agent", sorted(USERS))
def test_the_overlay_carries_user_instructions_and_never_credentials(
    agent: str, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    for rel in CREDENTIAL_FILES:
        (home / rel).parent.mkdir(parents=True, exist_ok=True)
        (home / rel).write_text('{"token": "real-secret"}')
    for rel in USERS[agent].carry:
        (home / rel).parent.mkdir(parents=True, exist_ok=True)
        if "." in Path(rel).name:
            (home / rel).write_text("{}")
        else:
            (home / rel).mkdir(exist_ok=True)
            (home / rel / "SKILL.md").write_text("skill")
    overlay = tmp_path / "overlay"
    carried = build_overlay(USERS[agent], home, overlay)
    assert set(carried) == set(USERS[agent].carry)
    copied = {str(p.relative_to(overlay)) for p in overlay.rglob("*") if p.is_file()}
    assert copied
    assert not copied & set(CREDENTIAL_FILES)
    assert not any("real-secret" in (overlay / rel).read_text() for rel in copied)


def test_claude_settings_that_fetch_a_real_key_are_not_carried(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "settings.json").write_text(
        '{"apiKeyHelper": "vault read key", "hooks": {"SessionStart": []}}'
    )
    build_overlay(USERS["claude"], home, tmp_path / "overlay")
    text = (tmp_path / "overlay" / ".claude" / "settings.json").read_text()
    assert "apiKeyHelper" not in text
    assert "SessionStart" in text


def test_the_mock_keeps_no_request_header() -> None:
    with recording(lambda request, seen: NOT_FOUND) as mock:
        assert mock.url.startswith("http://127.0.0.1:")
        request = urllib.request.Request(
            mock.url + "/v1/messages",
            data=b'{"a": 1}',
            headers={"Authorization": "Bearer real-secret", "x-api-key": "real-secret"},
        )
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(request, timeout=10)
        [seen] = mock.requests
    assert seen.body == {"a": 1}
    assert "real-secret" not in repr(seen)


SENDS_OTHER_TEXT = """exec /usr/bin/python3 - <<'PY'
import json, os, urllib.request
cwd = os.getcwd()
text = ("<system-reminder>\\nCodebase and user instructions are shown below.\\n\\n"
        f"Contents of {cwd}/CLAUDE.md (project instructions, checked into the codebase):\\n\\n"
        "A newer framing.\\n\\n"
        f"Contents of {cwd}/AGENTS.md (project instructions, checked into the codebase):\\n\\n"
        "Use make.\\n</system-reminder>")
body = {"stream": True, "tools": [{"name": "Bash"}],
        "messages": [{"role": "user", "content": [{"type": "text", "text": text}]}]}
request = urllib.request.Request(os.environ["ANTHROPIC_BASE_URL"] + "/v1/messages",
                                 data=json.dumps(body).encode())
urllib.request.urlopen(request).read()
PY"""
"""A stand-in Claude Code that frames its files differently from the profile and sends
AGENTS.md beside CLAUDE.md (the profile says Claude Code reads CLAUDE.md only then)."""


def test_a_disagreement_exits_1_with_the_line_saying_what_differs(tmp_path: Path) -> None:
    program = _fake_agent(tmp_path, "claude", SENDS_OTHER_TEXT)
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "CLAUDE.md").write_text("Use pytest.\n")
    (tmp_path / "ws" / "AGENTS.md").write_text("Use make.\n")
    done = _observe(["--agent", "claude"], tmp_path, f"{program.parent}:/usr/bin:/bin")
    assert done.returncode == 1, done.stderr
    work = tmp_path / "ws"
    assert "observed != predicted:" in done.stdout
    assert (
        f"your agent sends 2 files ({work}/CLAUDE.md, {work}/AGENTS.md); "
        f"promptls predicted 1 file ({work}/CLAUDE.md)"
    ) in done.stdout
    wire_line = r"your agent sends [\d,]+ bytes of instruction text \('\\n\\nContents of "
    assert re.search(wire_line + r".*promptls predicted [\d,]+ \(' Be sure to adhere", done.stdout)
    assert "+A newer framing." in done.stdout


def test_the_help_names_every_agent_observe_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """``--agent``'s help is built from the registry (no oracle module at start-up): it
    must name exactly the agents the oracle has a user set-up for."""
    from promptls.cli import main
    from promptls.commands.observe import ORACLE_AGENTS

    assert set(ORACLE_AGENTS) == set(USERS)
    with pytest.raises(SystemExit):
        main(["observe", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert f"the agent: {', '.join(ORACLE_AGENTS)}" in help_text


def test_every_agent_observe_runs_has_a_row_in_its_page() -> None:
    """docs/observe.md says for each agent what its temporary home carries and how it
    is kept off the network."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "observe.md").read_text("utf-8")
    table = page[page.index("| Agent | Temporary home carries") :].split("\n\n")[0]
    titles = {line.split("|")[1].strip() for line in table.splitlines()[2:]}
    assert titles == {setup.title for setup in USERS.values()}
