"""The runner ends a real agent's daemon with the run: Cline CLI started with its hub
backend (what it does without ``CLINE_SESSION_BACKEND_MODE=local``) leaves
``cline --cline-hub-daemon`` running in a session of its own, outside the process
group the runner kills; the run's marker variable finds it and ends it."""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.agents.cline.oracle import ClineAdapter
from promptls.oracle import runner
from promptls.oracle.adapter import Launch
from tests.oracle.harness import Scenario, agent_program

pytestmark = pytest.mark.oracle


class HubCline(ClineAdapter):
    """Cline with its default session backend: the background hub."""

    def launch(self, exe: Path, url: str, work: Path, home: Path, scratch: Path) -> Launch:
        base = super().launch(exe, url, work, home, scratch)
        env = {k: v for k, v in base.env.items() if k != "CLINE_SESSION_BACKEND_MODE"}
        return Launch(argv=base.argv, env=env)


def test_the_cline_hub_daemon_ends_with_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work, home = Scenario({"ws/AGENTS.md": "fid-root\n"}).build(tmp_path)
    swept: list[list[str]] = []
    real = runner.marked_processes

    def spy(marker: str) -> list[int]:
        found = real(marker)
        swept.append([_command(pid) for pid in found])
        return found

    monkeypatch.setattr(runner, "marked_processes", spy)
    capture = runner.run(HubCline(), agent_program("cline"), work, home, tmp_path / "scratch")
    assert capture.main is not None, capture.output
    assert any("--cline-hub-daemon" in command for command in swept[0]), swept
    assert swept[-1] == []


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""
