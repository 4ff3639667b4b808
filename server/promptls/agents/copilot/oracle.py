"""GitHub Copilot CLI (``@github/copilot``) as the oracle runs it.

Headless: ``copilot -p PROMPT`` with its bring-your-own-provider variables pointing at
the mock as an OpenAI-compatible provider (``COPILOT_PROVIDER_BASE_URL``,
``COPILOT_PROVIDER_TYPE=openai``, a fake ``COPILOT_PROVIDER_API_KEY``, ``COPILOT_MODEL``)
and ``COPILOT_OFFLINE`` so it signs in nowhere. The package unpacks itself on first
run; ``COPILOT_PKG_CACHE_HOME`` keeps that next to the installed pin instead of in the
user's cache. The instruction request is the chat completion with tools; every request
gets a 404.

Where the files are: the system message, one ``<custom_instruction>`` element per file
(the file's text as read, then a newline), elements joined by a blank line. That run of
elements is the wire text. Copilot names no path in it, so ``files`` is None.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from promptls.oracle.adapter import Launch, Observation, first_with_tools, system_text
from promptls.oracle.mock import NOT_FOUND, Reply, Request
from promptls.oracle.user import HookSource, UserSetup

OPEN = "<custom_instruction>\n"
CLOSE = "</custom_instruction>"


class CopilotAdapter:
    """Copilot CLI: ``-p`` against an OpenAI-compatible chat completions mock."""

    profile = "copilot"
    executable = "copilot"

    def launch(self, exe: Path, url: str, work: Path, home: Path, scratch: Path) -> Launch:
        unpacked = exe.resolve().parents[3] / "copilot-unpacked"
        return Launch(
            argv=(str(exe), "-p", "Say ok."),
            env={
                "COPILOT_PROVIDER_BASE_URL": f"{url}/v1",
                "COPILOT_PROVIDER_TYPE": "openai",
                "COPILOT_PROVIDER_API_KEY": "promptls-oracle-fake",
                "COPILOT_MODEL": "gpt-5",
                "COPILOT_OFFLINE": "true",
                "COPILOT_AUTO_UPDATE": "false",
                "COPILOT_PKG_CACHE_HOME": str(unpacked),
            },
        )

    def respond(self, request: Request, seen: Sequence[Request]) -> Reply:
        return NOT_FOUND

    def main_request(self, requests: Sequence[Request]) -> Request | None:
        return first_with_tools(requests)

    def observe(self, request: Request) -> Observation:
        system = system_text(request.body if isinstance(request.body, dict) else {})
        start = system.find(OPEN)
        end = system.rfind(CLOSE)
        wire = system[start : end + len(CLOSE)] if 0 <= start < end else ""
        return Observation(files=None, wire=wire)

    def reading(self, target: Path) -> None:
        """Not scripted: its lazy loads stay docs-sourced (docs/profiles.md)."""
        return None


ADAPTER = CopilotAdapter()

USER = UserSetup(
    title="Copilot CLI",
    package="@github/copilot",
    minimum="1.0.102",
    carry=(
        ".copilot/copilot-instructions.md",
        ".copilot/instructions",
        ".copilot/config.json",
        ".copilot/agents",
        ".copilot/skills",
    ),
    hooks=(HookSource(".copilot/config.json"),),
    login_advice="observe gives Copilot CLI a bring-your-own-provider key (COPILOT_OFFLINE); "
    "a managed policy that requires a GitHub sign-in cannot be met",
)
"""Copilot CLI run against the user's setup: the user-level files its profile reads
(``~/.copilot``), in the overlay, which also takes its sessions and logs; no
no-persistence switch is used."""
