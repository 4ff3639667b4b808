"""Build a scenario tree, run one pinned agent on it and ``promptls`` on the same tree,
and compare what each says is sent: the files (in order) and the framed wire text.

A scenario is a folder with a fake home (``home/``) and the files around the working
folder. Each instruction file holds a token ``fid-NAME`` near its start, so the files an
agent sent can be told apart by their text even when its framing names no path (codex),
and in the same way for every agent. ``promptls`` runs as a program with the same
environment the agent gets (minus the oracle's own variables), as a user would run it.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from promptls.oracle.agents import ADAPTERS
from promptls.oracle.pins import executable, load_pins
from promptls.oracle.runner import Capture, clean_env, run

TOKEN = re.compile(r"\bfid-[a-z0-9]+\b")
PROMPTLS = Path(sys.executable).with_name("promptls")


@dataclass(frozen=True)
class Scenario:
    """Files (relative to the scenario folder; ``home/...`` is the fake home), symlinks
    (path → target, both relative), the working folder and the folders holding ``.git``."""

    files: Mapping[str, str]
    work: str = "ws"
    links: Mapping[str, str] = field(default_factory=dict)
    git: tuple[str, ...] = ("ws",)

    def build(self, root: Path) -> tuple[Path, Path]:
        """Write the tree below ``root``; the working folder and the home."""
        (root / "home").mkdir(parents=True, exist_ok=True)
        for folder in self.git:
            # a real repository: some agents ask git itself where the repository is
            (root / folder).mkdir(parents=True, exist_ok=True)
            subprocess.run(
                ["git", "init", "-q", "-b", "main", str(root / folder)],
                env={"PATH": "/usr/bin:/bin", "HOME": str(root / "home")},
                check=True,
            )
        for rel, text in self.files.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.encode("utf-8"))
        for rel, target in self.links.items():
            path = root / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            os.symlink(os.path.relpath(root / target, path.parent), path)
        work = root / self.work
        work.mkdir(parents=True, exist_ok=True)
        return work, root / "home"


@dataclass(frozen=True)
class Outcome:
    """Both sides of one comparison."""

    profile: str
    agent_files: list[str]
    promptls_files: list[str]
    agent_wire: str
    promptls_wire: str
    capture: Capture

    @property
    def files_agree(self) -> bool:
        return self.agent_files == self.promptls_files

    @property
    def wire_agrees(self) -> bool:
        return self.agent_wire == self.promptls_wire

    def explain(self) -> str:
        """A readable account of the disagreement (files, then a diff of the wire)."""
        lines = [f"profile {self.profile}"]
        if not self.files_agree:
            lines += [
                f"agent files:    {self.agent_files}",
                f"promptls files: {self.promptls_files}",
            ]
        if not self.wire_agrees:
            diff = difflib.unified_diff(
                self.promptls_wire.splitlines(keepends=True),
                self.agent_wire.splitlines(keepends=True),
                "promptls preview --format wire",
                "agent request",
            )
            lines.append("".join(diff) or f"{self.promptls_wire!r} != {self.agent_wire!r}")
        if self.capture.main is None:
            lines.append(
                f"the agent sent no instruction request; its output:\n{self.capture.output}"
            )
        return "\n".join(lines)


def agent_program(profile: str) -> Path:
    """The installed pinned agent; fails with the command that installs it."""
    adapter = ADAPTERS[profile]
    pin = load_pins()[profile]
    exe = executable(pin, adapter.executable)
    if exe is None:
        raise AssertionError(
            f"{pin.package}@{pin.version} is not installed: run scripts/setup-agents"
        )
    return exe


def _tokens_by_path(root: Path) -> dict[str, str]:
    """Each file's real path → its first ``fid-`` token."""
    out: dict[str, str] = {}
    for path in root.rglob("*"):
        if path.is_file() and not path.is_symlink():
            found = TOKEN.search(path.read_text(encoding="utf-8", errors="replace"))
            if found:
                out[os.path.realpath(path)] = found.group(0)
    return out


def _promptls(args: list[str], work: Path, env: Mapping[str, str]) -> str:
    done = subprocess.run(
        [str(PROMPTLS), *args], cwd=work, env=dict(env), capture_output=True, check=False
    )
    assert done.returncode in (0, 1), done.stderr.decode()
    return done.stdout.decode("utf-8")


def compare(
    profile: str, scenario: Scenario, root: Path, environ: Mapping[str, str] | None = None
) -> Outcome:
    """Build ``scenario`` in ``root``, ask promptls, run the agent, compare.
    ``environ`` is the scenario's own variables (``<home>`` stands for the fake home)."""
    work, home = scenario.build(root)
    tokens = _tokens_by_path(root)
    environ = {k: v.replace("<home>", str(home)) for k, v in (environ or {}).items()}
    env = clean_env(home, work, root / "promptls-scratch", environ)
    context = json.loads(_promptls(["context", "--profile", profile, "--json"], work, env))
    listed = [os.path.realpath(f["path"]) for f in context["profiles"][0]["files"]]
    promptls_files: list[str] = []
    for path in listed:
        token = tokens.get(path)
        if token and token not in promptls_files:
            promptls_files.append(token)
    promptls_wire = _promptls(["preview", "--profile", profile, "--format", "wire"], work, env)
    capture = run(
        ADAPTERS[profile],
        agent_program(profile),
        work,
        home,
        root / "agent-scratch",
        extra_env=environ,
    )
    wire = capture.observation.wire if capture.observation else ""
    known = set(tokens.values())
    agent_files: list[str] = []
    for match in TOKEN.finditer(wire):
        if match.group(0) in known and match.group(0) not in agent_files:
            agent_files.append(match.group(0))
    return Outcome(
        profile=profile,
        agent_files=agent_files,
        promptls_files=promptls_files,
        agent_wire=wire,
        promptls_wire=promptls_wire,
        capture=capture,
    )


@dataclass(frozen=True)
class LazyOutcome:
    """What an agent attached when it read one file, and what promptls says is lazy
    for that file (``context --for FILE``), both as tokens in order."""

    agent_files: list[str]
    promptls_files: list[str]
    capture: Capture

    def explain(self) -> str:
        return (
            f"agent attached: {self.agent_files}\npromptls lazy:  {self.promptls_files}\n"
            f"agent output:\n{self.capture.output}"
        )


def compare_lazy(profile: str, scenario: Scenario, read: str, root: Path) -> LazyOutcome:
    """Build ``scenario``, make the agent read ``read`` (relative to the scenario folder)
    once, and compare the files it attaches with promptls's ``lazy`` entries."""
    work, home = scenario.build(root)
    tokens = _tokens_by_path(root)
    target = root / read
    env = clean_env(home, work, root / "promptls-scratch", {})
    args = ["context", "--profile", profile, "--for", str(target), "--json"]
    entries = json.loads(_promptls(args, work, env))["profiles"][0]["entries"]
    lazy = [os.path.realpath(e["path"]) for e in entries if e["status"] == "lazy"]
    promptls_files = [tokens[p] for p in lazy if p in tokens]
    adapter = ADAPTERS[profile].reading(target)
    assert adapter is not None, f"{profile}: no scripted read"
    capture = run(adapter, agent_program(profile), work, home, root / "agent-scratch")
    wire = capture.observation.wire if capture.observation else ""
    agent_files: list[str] = []
    for match in TOKEN.finditer(wire):
        if match.group(0) in tokens.values() and match.group(0) not in agent_files:
            agent_files.append(match.group(0))
    return LazyOutcome(agent_files, promptls_files, capture)
