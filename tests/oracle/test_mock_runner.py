"""The oracle's own machinery, without any agent: the mock keeps request bodies and
never headers, listens on 127.0.0.1 only, and the runner gives the program a clean
environment and stops every process it started. Runs in ``--quick``."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from promptls.oracle import runner
from promptls.oracle.adapter import Launch, Observation, first_with_tools, merge_json_file
from promptls.oracle.mock import NOT_FOUND, Reply, Request, json_reply, recording
from promptls.oracle.runner import RUN_MARKER, marked_processes, run

FAKE_AGENT = """
import json, os, subprocess, sys, urllib.request
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
# a daemon in a session of its own, as Cline starts its hub: out of the process group
daemon = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"],
                          start_new_session=True)
body = json.dumps({"tools": ["x"], "env": dict(os.environ), "child": child.pid,
                   "daemon": daemon.pid, "cwd": os.getcwd()}).encode()
request = urllib.request.Request(sys.argv[1] + "/v1/chat", data=body,
                                 headers={"Content-Type": "application/json"})
try:
    urllib.request.urlopen(request)
except Exception:
    pass
import time
time.sleep(120)
"""


class FakeAdapter:
    """A Python program standing in for an agent: it starts a helper process, posts
    its environment to the mock, and waits to be stopped."""

    profile = "fake"
    executable = "python"

    def launch(self, exe: Path, url: str, work: Path, home: Path, scratch: Path) -> Launch:
        script = scratch / "agent.py"
        script.write_text(FAKE_AGENT, encoding="utf-8")
        return Launch(argv=(str(exe), str(script), url), env={"FAKE_KEY": "fake"})

    def respond(self, request: Request, seen: Sequence[Request]) -> Reply:
        return NOT_FOUND

    def main_request(self, requests: Sequence[Request]) -> Request | None:
        return first_with_tools(requests)

    def observe(self, request: Request) -> Observation:
        return Observation(files=None, wire=json.dumps(request.body))


def _state(pid: int) -> str:
    """The process's state letter, or "" when it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return ""
    return next(line.split()[1] for line in status.splitlines() if line.startswith("State:"))


def test_the_mock_keeps_bodies_and_never_headers() -> None:
    with recording(lambda request, seen: json_reply({"ok": True})) as mock:
        assert mock.url.startswith("http://127.0.0.1:")
        request = urllib.request.Request(
            mock.url + "/v1/messages?beta=true",
            data=b'{"model": "m", "messages": []}',
            headers={"Authorization": "Bearer very-secret-token", "X-Api-Key": "sk-secret"},
        )
        with urllib.request.urlopen(request) as answer:
            assert json.load(answer) == {"ok": True}
        [seen] = mock.requests
    assert (seen.method, seen.path) == ("POST", "/v1/messages?beta=true")
    assert seen.body == {"model": "m", "messages": []}
    assert "secret" not in repr(seen)


def test_the_mock_answers_404_and_stops_listening_after_the_block() -> None:
    with recording(lambda request, seen: NOT_FOUND) as mock:
        url = mock.url
        with pytest.raises(urllib.error.HTTPError) as failed:
            urllib.request.urlopen(url + "/anything")
        assert failed.value.code == 404
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(url + "/anything", timeout=5)


def test_the_runner_gives_a_clean_environment_and_stops_every_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "a-real-looking-key")
    monkeypatch.setenv("PROMPTLS_CANARY", "must not reach the agent")
    work, home = tmp_path / "work", tmp_path / "home"
    work.mkdir()
    home.mkdir()
    capture = run(FakeAdapter(), Path(sys.executable), work, home, tmp_path / "scratch")
    assert capture.main is not None
    posted = capture.main.body
    assert isinstance(posted, dict)
    env = posted["env"]
    assert "ANTHROPIC_API_KEY" not in env and "PROMPTLS_CANARY" not in env
    assert env["HOME"] == str(home) and env["PWD"] == str(work) and env["FAKE_KEY"] == "fake"
    assert posted["cwd"] == str(work)
    assert capture.returncode is not None, "the agent was left running"
    assert _state(int(posted["child"])) in ("", "Z"), "its helper process was left running"


def test_the_runner_stops_a_daemon_the_agent_started_outside_its_process_group(
    tmp_path: Path,
) -> None:
    work, home = tmp_path / "work", tmp_path / "home"
    work.mkdir()
    home.mkdir()
    capture = run(FakeAdapter(), Path(sys.executable), work, home, tmp_path / "scratch")
    assert capture.main is not None
    posted = capture.main.body
    assert isinstance(posted, dict)
    daemon = int(posted["daemon"])
    assert _state(daemon) in ("", "Z"), "the agent's daemon was left running"
    assert not marked_processes(posted["env"][RUN_MARKER])


def test_settings_merge_keeps_what_the_scenario_wrote(tmp_path: Path) -> None:
    settings = tmp_path / ".gemini" / "settings.json"
    settings.parent.mkdir()
    settings.write_text('{"context": {"fileName": ["AGENTS.md"]}, "security": {"x": 1}}')
    merge_json_file(settings, {"security": {"auth": {"selectedType": "gemini-api-key"}}})
    assert json.loads(settings.read_text()) == {
        "context": {"fileName": ["AGENTS.md"]},
        "security": {"x": 1, "auth": {"selectedType": "gemini-api-key"}},
    }


def test_an_interrupt_while_the_agent_is_starting_still_stops_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C can land after the agent started but before ``Popen`` returned it (a busy
    machine runs the child first): the run's marker still finds and ends it."""
    work, home = tmp_path / "work", tmp_path / "home"
    work.mkdir()
    home.mkdir()
    started: list[subprocess.Popen[bytes]] = []
    real = subprocess.Popen

    def interrupted(*args: Any, **kwargs: Any) -> subprocess.Popen[bytes]:
        started.append(real(*args, **kwargs))
        raise KeyboardInterrupt

    monkeypatch.setattr(subprocess, "Popen", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run(FakeAdapter(), Path(sys.executable), work, home, tmp_path / "scratch")
    [agent] = started
    assert agent.wait(timeout=30) == -signal.SIGKILL


def test_an_agent_still_in_exec_when_the_interrupt_lands_is_stopped_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Popen`` may return before ``/proc`` shows the new program's environment, so the
    first look for the run's marker can find nothing: the runner looks again."""
    work, home = tmp_path / "work", tmp_path / "home"
    work.mkdir()
    home.mkdir()
    started: list[subprocess.Popen[bytes]] = []
    real = subprocess.Popen
    looks: list[int] = []

    def interrupted(*args: Any, **kwargs: Any) -> subprocess.Popen[bytes]:
        started.append(real(*args, **kwargs))
        raise KeyboardInterrupt

    def first_look_misses(marker: str) -> list[int]:
        looks.append(1)
        return [] if len(looks) == 1 else marked_processes(marker)

    monkeypatch.setattr(subprocess, "Popen", interrupted)
    monkeypatch.setattr(runner, "marked_processes", first_look_misses)
    with pytest.raises(KeyboardInterrupt):
        run(FakeAdapter(), Path(sys.executable), work, home, tmp_path / "scratch")
    [agent] = started
    assert agent.wait(timeout=30) == -signal.SIGKILL
