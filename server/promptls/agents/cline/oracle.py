"""Cline CLI (``cline``) as the oracle runs it.

Headless: ``cline PROMPT`` with its state in a data folder below the scratch folder
(``CLINE_DATA_DIR``), where the adapter writes the provider settings (an
OpenAI-compatible provider at the mock with a fake key) and the global settings that
switch telemetry and the update check off. ``CLINE_SESSION_BACKEND_MODE=local`` keeps
the session in the process instead of the background hub it would otherwise start,
and ``CLINE_NO_AUTO_UPDATE`` keeps it from asking npm for a newer release. The
instruction request is the chat completion with tools; every request gets a 404.

Where the files are: the end of the system message, from the ``# Rules`` heading on
(``framing.py``). Cline names rules, not paths, so ``files`` is None.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from promptls.oracle.adapter import Launch, Observation, first_with_tools, system_text
from promptls.oracle.mock import NOT_FOUND, Reply, Request
from promptls.oracle.user import UserSetup

RULES = "\n\n# Rules\n## "
QUIET = {
    "CLINE_SESSION_BACKEND_MODE": "local",
    "CLINE_NO_AUTO_UPDATE": "1",
    # its feature flags come from PostHog at data.cline.bot unless it runs as its own
    # end-to-end tests do (the variable picks the no-op flag provider, nothing else)
    "E2E_TEST": "true",
}
"""What keeps Cline CLI 3.0.65 on the machine besides its settings files (observed with
strace by tests/oracle/test_observe_agents.py)."""
SETTINGS = {"telemetryOptOut": True, "autoUpdateEnabled": False}
"""``global-settings.json``: no telemetry (otel.cline.bot), no update check."""


def write_settings(data: Path, url: str) -> None:
    """The provider (the mock) and the quiet global settings in Cline's data folder."""
    settings = data / "settings"
    settings.mkdir(parents=True, exist_ok=True)
    provider = {
        "provider": "openai-compatible",
        "apiKey": "promptls-oracle-fake",
        "model": "oracle",
        "baseUrl": f"{url}/v1",
    }
    providers = {
        "version": 1,
        "lastUsedProvider": "openai-compatible",
        "modes": {},
        "providers": {
            "openai-compatible": {
                "settings": provider,
                "updatedAt": "2026-12-06T00:00:00.000Z",
                "tokenSource": "manual",
            }
        },
    }
    (settings / "providers.json").write_text(json.dumps(providers), encoding="utf-8")
    (settings / "global-settings.json").write_text(json.dumps(SETTINGS), encoding="utf-8")


class ClineAdapter:
    """Cline CLI: a prompt against an OpenAI-compatible chat completions mock."""

    profile = "cline"
    executable = "cline"

    def launch(self, exe: Path, url: str, work: Path, home: Path, scratch: Path) -> Launch:
        data = scratch / "cline-data"
        write_settings(data, url)
        return Launch(argv=(str(exe), "Say ok."), env={"CLINE_DATA_DIR": str(data), **QUIET})

    def respond(self, request: Request, seen: Sequence[Request]) -> Reply:
        return NOT_FOUND

    def main_request(self, requests: Sequence[Request]) -> Request | None:
        return first_with_tools(requests)

    def observe(self, request: Request) -> Observation:
        system = system_text(request.body if isinstance(request.body, dict) else {})
        start = system.rfind(RULES)
        wire = system[start + 2 :] if start >= 0 else ""
        return Observation(files=None, wire=wire)

    def reading(self, target: Path) -> None:
        """Not scripted: Cline CLI loads nothing when it reads a file."""
        return None


ADAPTER = ClineAdapter()

USER = UserSetup(
    title="Cline CLI",
    package="cline",
    minimum="3.0.65",
    carry=(
        ".cline/rules",
        ".agents/AGENTS.md",
        "Cline/Rules",
        "Documents/Cline/Rules",
    ),
    login_advice="observe gives Cline CLI an OpenAI-compatible provider at its mock in a "
    "data folder of its own (CLINE_DATA_DIR); the user's providers are not read",
)
"""Cline CLI run against the user's setup: its global rules folders in the overlay; its
state (sessions, settings, logs) goes to a data folder in the scratch folder, so
nothing of the user's ``~/.cline/data`` is read or written."""
