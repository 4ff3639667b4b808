"""Gemini CLI (``@google/gemini-cli``) as the oracle runs it.

Headless: ``gemini -p PROMPT`` with ``GOOGLE_GEMINI_BASE_URL`` at the mock, a fake
``GEMINI_API_KEY``, a trusted workspace (``GEMINI_CLI_TRUST_WORKSPACE``) and API-key
auth selected in the fake home's ``settings.json``, merged into what the scenario put
there (a system settings file under ``/tmp`` is refused as insecure). Gemini first
sends a small routing request; the instruction request is the one with the tools.
Every request gets a 404.

Where the files are: user-level files in a ``<loaded_context>`` element that ends the
system instruction; the others in a ``<loaded_context>`` element inside the first user
message's session context. The wire text is the first element followed by the second,
each exactly as sent (the second begins with its own newline).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from promptls.oracle.adapter import (
    Launch,
    Observation,
    first_with_tools,
    merge_json_file,
    text_between,
)
from promptls.oracle.mock import NOT_FOUND, Reply, Request
from promptls.oracle.user import HookSource, UserSetup

OPEN = "<loaded_context>\n"
CLOSE = "\n</loaded_context>"
FILE_HEADER = re.compile(r"^--- Context from: (.+?) ---$", re.MULTILINE)


def _texts(parts: object) -> str:
    if not isinstance(parts, list):
        return ""
    return "".join(
        p["text"] for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str)
    )


class GeminiAdapter:
    """Gemini CLI: ``-p`` against a Gemini API mock."""

    profile = "gemini"
    executable = "gemini"

    def launch(self, exe: Path, url: str, work: Path, home: Path, scratch: Path) -> Launch:
        merge_json_file(
            home / ".gemini" / "settings.json",
            # usageStatisticsEnabled: 0.61.0 sent usage statistics to play.googleapis.com
            # (seen with strace by tests/oracle/test_observe_agents.py); off, so no run
            # reaches any host but the mock.
            {
                "security": {"auth": {"selectedType": "gemini-api-key"}},
                "privacy": {"usageStatisticsEnabled": False},
            },
        )
        return Launch(
            argv=(str(exe), "-p", "Say ok."),
            env={
                "GEMINI_API_KEY": "promptls-oracle-fake",
                "GOOGLE_GEMINI_BASE_URL": url,
                "GEMINI_CLI_TRUST_WORKSPACE": "true",
            },
        )

    def respond(self, request: Request, seen: Sequence[Request]) -> Reply:
        return NOT_FOUND

    def main_request(self, requests: Sequence[Request]) -> Request | None:
        return first_with_tools(requests)

    def observe(self, request: Request) -> Observation:
        body = request.body if isinstance(request.body, dict) else {}
        system = _texts((body.get("systemInstruction") or {}).get("parts"))
        at = system.rfind(OPEN)
        head = system[at:] if at >= 0 and system.endswith(CLOSE) else ""
        contents = body.get("contents") or []
        first = contents[0] if contents and isinstance(contents[0], dict) else {}
        session = _texts(first.get("parts"))
        project = text_between(session, "\n" + OPEN, CLOSE)
        wire = head + project
        return Observation(files=tuple(m.group(1) for m in FILE_HEADER.finditer(wire)), wire=wire)

    def reading(self, target: Path) -> None:
        """Not scripted: its lazy loads stay docs-sourced (docs/profiles.md)."""
        return None


ADAPTER = GeminiAdapter()

USER = UserSetup(
    title="Gemini CLI",
    package="@google/gemini-cli",
    minimum="0.61.0",
    carry=(
        ".gemini/GEMINI.md",
        ".gemini/AGENTS.md",
        ".gemini/settings.json",
        ".gemini/skills",
        ".gemini/commands",
        ".agents/skills",
    ),
    hooks=(HookSource(".gemini/settings.json"), HookSource(".gemini/settings.json", in_home=False)),
    skip_hooks_settings=(".gemini/settings.json", {"hooksConfig": {"enabled": False}}),
    login_advice="an enforcedAuthType in settings asks for a Google login: "
    "run observe with a home whose settings.json has none (--home)",
)
"""Gemini CLI run against the user's setup: it has no no-persistence mode, so the
overlay takes its chats, logs and project ids; ``hooksConfig.enabled`` is the hook
switch (its settings schema in 0.61.0: "When disabled, no hooks will be executed")."""
