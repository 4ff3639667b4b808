"""Codex CLI (``@openai/codex``) as the oracle runs it.

Headless: ``codex exec PROMPT``, with a ``model_providers`` entry given on the command
line (``-c``; the fake home's ``config.toml`` stays the scenario's) pointing at the mock
with ``wire_api = "responses"`` and no retries, and a fake key in the variable that
entry names. Every request gets a 404: the first ``/v1/responses`` call has already
carried the instructions.

Where the files are: the user message whose text starts ``# AGENTS.md instructions``
(``for CWD`` follows when project files are sent); that text is the wire. Codex names
no file in it, so ``files`` is None.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from promptls.oracle.adapter import Launch, Observation, first_with_tools
from promptls.oracle.mock import NOT_FOUND, Reply, Request
from promptls.oracle.user import HookSource, UserSetup

HEADER = "# AGENTS.md instructions"
KEY_VARIABLE = "PROMPTLS_ORACLE_KEY"
OFFLINE = (
    "-c",
    "check_for_update_on_startup=false",
    "-c",
    "features.plugins=false",
    "-c",
    "features.apps=false",
)
"""0.171.0 looked up github.com and api.github.com at start-up (its update check and
curated plugin sync, seen with strace by tests/oracle/test_observe_agents.py); these
settings switch both off, so neither the oracle nor observe reaches any host but the mock."""


class CodexAdapter:
    """Codex CLI: ``exec`` against an OpenAI Responses mock."""

    profile = "codex"
    executable = "codex"

    def launch(self, exe: Path, url: str, work: Path, home: Path, scratch: Path) -> Launch:
        provider = (
            f'{{name="oracle", base_url="{url}/v1", env_key="{KEY_VARIABLE}", '
            'wire_api="responses", request_max_retries=0, stream_max_retries=0}'
        )
        return Launch(
            argv=(
                str(exe),
                "exec",
                "--skip-git-repo-check",
                "-c",
                'model_provider="oracle"',
                "-c",
                f"model_providers.oracle={provider}",
                "-c",
                'model="gpt-5"',
                *OFFLINE,
                "Say ok.",
            ),
            env={KEY_VARIABLE: "promptls-oracle-fake"},
        )

    def respond(self, request: Request, seen: Sequence[Request]) -> Reply:
        return NOT_FOUND

    def main_request(self, requests: Sequence[Request]) -> Request | None:
        return first_with_tools(requests, "input")

    def observe(self, request: Request) -> Observation:
        body = request.body if isinstance(request.body, dict) else {}
        for item in body.get("input") or []:
            if not isinstance(item, dict) or item.get("role") != "user":
                continue
            for part in item.get("content") or []:
                text = part.get("text") if isinstance(part, dict) else None
                if isinstance(text, str) and text.startswith(HEADER):
                    return Observation(files=None, wire=text)
        return Observation(files=None, wire="")

    def reading(self, target: Path) -> None:
        """Not scripted: its lazy loads stay docs-sourced (docs/profiles.md)."""
        return None


ADAPTER = CodexAdapter()

USER = UserSetup(
    title="Codex CLI",
    package="@openai/codex",
    minimum="0.171.0",
    carry=(
        ".codex/AGENTS.md",
        ".codex/AGENTS.override.md",
        ".codex/config.toml",
        ".codex/hooks.json",
        ".codex/skills",
        ".codex/prompts",
        ".agents/skills",
    ),
    ephemeral=("--ephemeral",),
    hooks=(HookSource(".codex/hooks.json"), HookSource(".codex/hooks.json", in_home=False)),
    skip_hooks=("-c", "features.codex_hooks=false"),
    login_advice="a forced_login_method in ~/.codex/config.toml asks for a ChatGPT login: "
    "run observe with a home whose config.toml has none (--home)",
)
"""Codex run against the user's setup: ``exec --ephemeral`` (no session files; ``codex
exec --help``, 0.171.0), the overlay for the rest of ``~/.codex``, and the
``codex_hooks`` feature as the hook switch (``OFFLINE`` is every run's)."""
