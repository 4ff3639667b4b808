"""opencode (``opencode-ai``) as the oracle runs it.

Headless: ``opencode run PROMPT`` with an OpenAI-compatible provider at the mock, given
in a config file in the scratch folder (``OPENCODE_CONFIG``, merged with the scenario's
own ``opencode.json`` files as opencode merges configs) and ``PWD`` set to the working
folder, which opencode takes as its project folder. Update checks, model list fetches,
plugins and LSP downloads are switched off. The instruction request is the chat
completion with tools (a title request comes first). Every request gets a 404.

Where the files are: the system message, after the ``<env>`` block: one ``Instructions
from: PATH`` part per file, the parts joined by a newline, before the skills listing
that follows them. That run of parts is the wire text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from promptls.oracle.adapter import Launch, Observation, first_with_tools, system_text
from promptls.oracle.mock import NOT_FOUND, Reply, Request
from promptls.oracle.user import HookSource, UserSetup

ENV_END = "</env>\n"
NEXT_PART = "\nSkills provide specialized instructions"
"""How the part after the instruction files begins in the pinned release."""
FILE_PREFIX = "Instructions from: "
FILE_HEADER = re.compile(r"^Instructions from: (.+)$", re.MULTILINE)
QUIET = {
    "OPENCODE_DISABLE_AUTOUPDATE": "1",
    "OPENCODE_DISABLE_MODELS_FETCH": "1",
    "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
    "OPENCODE_DISABLE_SHARE": "1",
    "OPENCODE_DISABLE_DEFAULT_PLUGINS": "1",
    "OPENCODE_DISABLE_TERMINAL_TITLE": "1",
    # 1.18.33 installed packages into its config folder from registry.npmjs.org at
    # start-up (seen with strace by tests/oracle/test_observe_agents.py); npm's offline
    # mode keeps it to its cache, for the oracle's runs and observe's alike.
    "npm_config_offline": "true",
}


class OpencodeAdapter:
    """opencode: ``run`` against an OpenAI-compatible chat completions mock."""

    profile = "opencode"
    executable = "opencode"

    def launch(self, exe: Path, url: str, work: Path, home: Path, scratch: Path) -> Launch:
        config = scratch / "opencode-oracle.json"
        provider = {
            "npm": "@ai-sdk/openai-compatible",
            "name": "oracle",
            "options": {"baseURL": f"{url}/v1", "apiKey": "promptls-oracle-fake"},
            "models": {"oracle": {"name": "oracle"}},
        }
        config.write_text(
            json.dumps({"provider": {"oracle": provider}, "model": "oracle/oracle"}),
            encoding="utf-8",
        )
        return Launch(
            argv=(str(exe), "run", "Say ok."),
            env={"OPENCODE_CONFIG": str(config), **QUIET},
        )

    def respond(self, request: Request, seen: Sequence[Request]) -> Reply:
        return NOT_FOUND

    def main_request(self, requests: Sequence[Request]) -> Request | None:
        return first_with_tools(requests)

    def wire_start(self, system: str) -> int:
        """Where the instruction parts begin in the system text: right after the
        ``<env>`` block (-1: no instruction file was sent). A fork that puts parts of
        its own between them says where instead."""
        start = system.find(ENV_END)
        if start < 0:
            return -1
        start += len(ENV_END)
        return start if system.startswith(FILE_PREFIX, start) else -1

    def observe(self, request: Request) -> Observation:
        system = system_text(request.body if isinstance(request.body, dict) else {})
        start = self.wire_start(system)
        if start < 0:
            return Observation(files=(), wire="")
        rest = system[start:]
        end = rest.find(NEXT_PART)
        wire = rest if end < 0 else rest[:end]
        return Observation(files=tuple(m.group(1) for m in FILE_HEADER.finditer(wire)), wire=wire)

    def reading(self, target: Path) -> None:
        """Not scripted: its lazy loads stay docs-sourced (docs/profiles.md)."""
        return None


ADAPTER = OpencodeAdapter()

USER = UserSetup(
    title="opencode",
    package="opencode-ai",
    minimum="1.18.33",
    carry=(
        ".config/opencode/AGENTS.md",
        ".config/opencode/opencode.json",
        ".config/opencode/opencode.jsonc",
        ".config/opencode/agent",
        ".config/opencode/command",
        ".config/opencode/skill",
        ".claude/CLAUDE.md",
        ".claude/skills",
        ".agents/skills",
    ),
    hooks=(
        HookSource(".config/opencode/opencode.json", key="plugin"),
        HookSource("opencode.json", key="plugin", in_home=False),
    ),
    login_advice="opencode reads the provider observe gives it from OPENCODE_CONFIG; "
    "a provider pinned by the project's opencode.json may need its own login",
)
"""opencode run against the user's setup: no no-persistence mode, so the overlay takes
its sessions (``~/.local/share/opencode``); plugins listed in its config load as in a
real session and have no off switch."""
