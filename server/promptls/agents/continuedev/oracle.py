"""The Continue CLI (``@continuedev/cli``, command ``cn``) as the oracle runs it.

Headless: ``cn -p PROMPT --config FILE`` with a ``config.yaml`` of the adapter's own
below the scratch folder: one chat model, provider ``openai``, at the mock with a fake
key. No login is needed for a local config. Every request gets a 404; the instruction
request is the chat completion with tools.

What keeps it on the machine (observed with strace by
``tests/oracle/test_observe_agents.py``): 1.5.47 asks ``https://api.continue.dev/cn/info``
for the newest version as soon as it loads, whatever its settings, with Node's own
``fetch``. No variable or flag turns that off, so Node preloads a small guard
(``NODE_OPTIONS=--require``, written to the scratch folder) under which ``fetch``
refuses any host but the loopback one; the version check then fails as it does
offline. Telemetry is off (``CONTINUE_CLI_ENABLE_TELEMETRY=0``,
``CONTINUE_METRICS_ENABLED=0``; it only exports with an OTLP endpoint set anyway) and
its own API (``CONTINUE_API_BASE``) is the mock.

Where the files are: the ``<context name="userRules">`` block at the end of the system
message, to its ``</context>`` (``framing.py``). Continue names no path, so ``files`` is
None.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from promptls.oracle.adapter import Launch, Observation, first_with_tools, system_text
from promptls.oracle.mock import NOT_FOUND, Reply, Request
from promptls.oracle.user import UserSetup

BLOCK = '<context name="userRules">'
HEADLESS = "IMPORTANT: You are running in headless mode."
"""The last part of cn's own system message before the rules block."""
GUARD = """\
"use strict";
// promptls oracle: no host but the loopback one (cn 1.5.47 checks for updates at load)
const original = globalThis.fetch;
const loopback = new Set(["127.0.0.1", "localhost", "[::1]"]);
globalThis.fetch = function (input, init) {
  let host = "";
  try {
    const url = typeof input === "object" && input && "url" in input ? input.url : input;
    host = new URL(url).hostname;
  } catch {}
  if (!loopback.has(host)) {
    return Promise.reject(new TypeError("fetch failed: the promptls oracle allows 127.0.0.1 only"));
  }
  return original.call(this, input, init);
};
"""
QUIET = {"CONTINUE_CLI_ENABLE_TELEMETRY": "0", "CONTINUE_METRICS_ENABLED": "0"}


def write_config(scratch: Path, url: str) -> Path:
    """cn's ``config.yaml``: one chat model at the mock (JSON is YAML)."""
    model = {
        "name": "oracle",
        "provider": "openai",
        "model": "oracle",
        "apiBase": f"{url}/v1",
        "apiKey": "promptls-oracle-fake",
        "roles": ["chat"],
    }
    config = {"name": "promptls oracle", "version": "1.0.0", "schema": "v1", "models": [model]}
    path = scratch / "continue-config.yaml"
    path.write_text(json.dumps(config, indent=2), encoding="utf-8")
    return path


class ContinueAdapter:
    """cn: ``-p`` against an OpenAI-compatible chat completions mock."""

    profile = "continue"
    executable = "cn"

    def launch(self, exe: Path, url: str, work: Path, home: Path, scratch: Path) -> Launch:
        config = write_config(scratch, url)
        guard = scratch / "loopback-only.cjs"
        guard.write_text(GUARD, encoding="utf-8")
        env = {
            **QUIET,
            "CONTINUE_API_BASE": f"{url}/",
            "NODE_OPTIONS": f'--require "{guard}"',
        }
        return Launch(argv=(str(exe), "-p", "Say ok.", "--config", str(config)), env=env)

    def respond(self, request: Request, seen: Sequence[Request]) -> Reply:
        return NOT_FOUND

    def main_request(self, requests: Sequence[Request]) -> Request | None:
        return first_with_tools(requests)

    def observe(self, request: Request) -> Observation:
        system = system_text(request.body if isinstance(request.body, dict) else {})
        after = system.find(HEADLESS)
        start = system.find(BLOCK, max(after, 0))
        return Observation(files=None, wire=system[start:] if start >= 0 else "")

    def reading(self, target: Path) -> None:
        """Not scripted: cn loads nothing when it reads a file."""
        return None


ADAPTER = ContinueAdapter()

USER = UserSetup(
    title="Continue CLI",
    package="@continuedev/cli",
    minimum="1.5.47",
    carry=(".continue/rules", ".continue/skills"),
    login_advice="observe gives cn a config.yaml of its own with a model at its mock "
    "(--config); the user's ~/.continue/config.yaml, its models and its rules are not read",
)
"""cn run against the user's setup: the user's rules and skills folders in the overlay;
its sessions and logs go to the overlay's ``~/.continue``."""
