"""Qwen Code (``@qwen-code/qwen-code``) as the oracle runs it.

Headless: ``qwen -p PROMPT`` with its OpenAI-compatible provider at the mock
(``OPENAI_BASE_URL``, a fake ``OPENAI_API_KEY``, ``OPENAI_MODEL``), the ``openai`` auth
type and usage statistics off merged into the fake home's ``settings.json`` (what the
scenario put there stays). One chat completion comes, with the tools; it gets a 404.

Where the files are: the system message, after Qwen's own prompt and a ``---`` line:
``--- Context from: PATH ---`` blocks (PATH relative to the working folder), then
``--- Rule from: PATH ---`` blocks (relative to its git root), joined by a blank line;
``files`` names them absolutely. That run of blocks is the wire text, minus the
``output-language.md`` block: Qwen Code writes that file into ``~/.qwen`` on its first
start and sends it as a context file of its own (promptls does not model it;
docs/profiles.md).
"""

# Plain str paths on purpose: they are compared with promptls's own.
# ruff: noqa: PTH118

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from promptls.agents.qwen.discovery import git_root
from promptls.oracle.adapter import (
    Launch,
    Observation,
    first_with_tools,
    merge_json_file,
    system_text,
)
from promptls.oracle.mock import NOT_FOUND, Reply, Request
from promptls.oracle.user import HookSource, UserSetup

BLOCK = re.compile(r"--- (Context|Rule) from: (.+?) ---\n")
OWN_FILE = "output-language.md"


def memory_blocks(system: str) -> list[tuple[str, str, str]]:
    """The ``(kind, path, block)`` of each block of the memory text (``Context`` or
    ``Rule``, the path as written): the first block after a ``---`` line, and each one
    that follows it after a blank line."""
    start = system.find("\n\n---\n\n--- ")
    if start < 0:
        return []
    pos = start + len("\n\n---\n\n")
    blocks: list[tuple[str, str, str]] = []
    while (match := BLOCK.match(system, pos)) is not None:
        footer = f"\n--- End of {match.group(1)} from: {match.group(2)} ---"
        end = system.find(footer, match.end())
        if end < 0:
            break
        end += len(footer)
        blocks.append((match.group(1), match.group(2), system[pos:end]))
        if not system.startswith("\n\n--- ", end):
            break
        pos = end + 2
    return blocks


class QwenAdapter:
    """Qwen Code: ``-p`` against an OpenAI chat completions mock."""

    profile = "qwen"
    executable = "qwen"

    def __init__(self) -> None:
        self.work: str | None = None
        """The working folder of the current run: Qwen Code names context files
        relative to it and rules relative to its git root, so ``observe`` needs it to
        name them absolutely (runs are one at a time)."""

    def launch(self, exe: Path, url: str, work: Path, home: Path, scratch: Path) -> Launch:
        self.work = os.path.abspath(work)  # noqa: PTH100 (links kept, as Qwen Code sees it)
        merge_json_file(
            home / ".qwen" / "settings.json",
            {
                "security": {"auth": {"selectedType": "openai"}},
                "privacy": {"usageStatisticsEnabled": False},
                "general": {"disableAutoUpdate": True},
            },
        )
        return Launch(
            argv=(str(exe), "-p", "Say ok."),
            env={
                "OPENAI_API_KEY": "promptls-oracle-fake",
                "OPENAI_BASE_URL": f"{url}/v1",
                "OPENAI_MODEL": "qwen3-coder-plus",
            },
        )

    def respond(self, request: Request, seen: Sequence[Request]) -> Reply:
        return NOT_FOUND

    def main_request(self, requests: Sequence[Request]) -> Request | None:
        return first_with_tools(requests)

    def observe(self, request: Request) -> Observation:
        body = request.body if isinstance(request.body, dict) else {}
        kept = [
            (kind, name, text)
            for kind, name, text in memory_blocks(system_text(body))
            if not name.endswith(OWN_FILE)
        ]
        work = self.work or os.sep
        root = git_root(work, set()) or work
        files = tuple(
            os.path.normpath(os.path.join(root if kind == "Rule" else work, name))
            for kind, name, _ in kept
        )
        return Observation(files=files, wire="\n\n".join(text for _, _, text in kept))

    def reading(self, target: Path) -> None:
        """Not scripted: its conditional rules stay source-read (docs/profiles.md)."""
        return None


ADAPTER = QwenAdapter()

USER = UserSetup(
    title="Qwen Code",
    package="@qwen-code/qwen-code",
    minimum="0.24.4",
    carry=(
        ".qwen/QWEN.md",
        ".qwen/AGENTS.md",
        ".qwen/settings.json",
        ".qwen/output-language.md",
        ".qwen/rules",
        ".qwen/skills",
        ".qwen/commands",
    ),
    ephemeral=("--chat-recording=false",),
    hooks=(HookSource(".qwen/settings.json"), HookSource(".qwen/settings.json", in_home=False)),
    skip_hooks_settings=(".qwen/settings.json", {"disableAllHooks": True}),
)
"""Qwen Code run against the user's setup: ``--chat-recording=false`` keeps the session
out of its history; ``disableAllHooks`` is its hook switch (its settings schema in
0.24.4: "Temporarily disable all hooks without deleting configurations")."""
