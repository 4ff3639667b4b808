"""Start-up: the editor waits for ``initialize`` on every session, so it must stay lean,
and the first file it opens must not wait for what start-up left out.

Each check runs in a fresh interpreter, because what counts is what a new server process
loads and how it leaves the garbage collector for the rest of the session.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from promptls.later import SEAMS, When, names

SERVING = ("promptls.commands.serve", "promptls.lsp.codecache")
"""Seams the server's own start uses (``serve`` itself, the code cache)."""

DEFERRED = tuple(
    seam.module
    for seam in SEAMS.values()
    if seam.when not in (When.BEFORE_LSPROTOCOL, When.WITH_THE_SERVER)
    and not set(seam.users) <= set(SERVING)
)
"""Not loaded before ``initialize`` is answered: every seam of ``promptls.later`` but the
server's own, seen from a real start-up."""

WARMED = tuple(SEAMS[name].module for name in names(When.AFTER_INITIALIZE))
"""What the first analysis needs, loaded in the background once ``initialize`` is answered."""

WITH_SERVER = tuple(SEAMS[name].module for name in names(When.WITH_THE_SERVER))
"""What only the command line defers: the server's own modules import it at its start."""

_HANDSHAKE = """
import asyncio, gc, json, sys
from promptls.commands import serve
server = serve._build_server()
frozen_before = gc.get_freeze_count()
written = []

class Writer:
    def write(self, data):
        loaded = sorted(m for m in sys.modules if m in DEFERRED + WARMED)
        written.append((json.loads(data.split(b"\\r\\n\\r\\n", 1)[1]), loaded))

    def close(self):
        pass

async def main():
    server.protocol.set_writer(Writer())
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"processId": None, "rootUri": None, "capabilities": {}}}
    server.protocol.handle_message(server.protocol.structure_message(initialize))
    answered = [loaded for msg, loaded in written if msg.get("id") == 1]
    warmed = await asyncio.get_running_loop().run_in_executor(None, server.warmup.warmed.wait, 60)
    print(json.dumps({
        "at_answer": answered,
        "warmed": warmed,
        "after": sorted(m for m in sys.modules if m in WARMED),
        "frozen_more": gc.get_freeze_count() > frozen_before,
    }))

asyncio.run(main())
"""

_PROBE = """
import gc, json, sys
default = gc.get_threshold()
from promptls.commands import serve
server = serve._build_server()
print(json.dumps({
    "loaded": sorted(m for m in sys.modules if m in DEFERRED),
    "threshold": [list(default), list(gc.get_threshold())],
    "enabled": gc.isenabled(),
    "frozen": gc.get_freeze_count(),
}))
"""


def _probe(script: str = _PROBE) -> dict[str, Any]:
    """Build the server the way ``promptls serve`` does and report the process state."""
    code = f"DEFERRED = {DEFERRED!r}\nWARMED = {WARMED!r}\nWITH_SERVER = {WITH_SERVER!r}\n{script}"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_server_is_built_without_the_code_only_later_requests_need() -> None:
    assert _probe()["loaded"] == []


_WITH_SERVER_PROBE = """
import json, sys
from promptls.commands import serve
serve._build_server()
print(json.dumps({"missing": sorted(m for m in WITH_SERVER if m not in sys.modules)}))
"""


def test_what_only_the_command_line_defers_is_loaded_by_the_server_start() -> None:
    # Otherwise the seam belongs with the others the server defers (DEFERRED above).
    assert WITH_SERVER
    assert _probe(_WITH_SERVER_PROBE)["missing"] == []


def test_garbage_collection_is_back_to_normal_once_the_server_is_built() -> None:
    state = _probe()
    # Full collections are held off only while the LSP stack loads: a session that
    # never collected cycles again would grow without bound.
    default, after = state["threshold"]
    assert after == default
    assert state["enabled"] is True
    # The start-up objects were frozen, so later full collections skip them.
    assert state["frozen"] > 10_000


def test_analysis_is_warmed_only_after_initialize_is_answered() -> None:
    state = _probe(_HANDSHAKE)
    # The answer went out before anything deferred was loaded ...
    assert state["at_answer"] == [[]]
    # ... and then the analysis loaded in the background, without a document open,
    # its long-lived objects frozen like the start-up ones.
    assert state["warmed"] is True
    assert state["after"] == sorted(WARMED)
    assert state["frozen_more"] is True


_FIRST_ANALYSIS = """
import asyncio, json, os, sys, tempfile
from promptls.commands import serve
from promptls.later import SEAMS, When, names
REST_MODULES = [SEAMS[name].module for name in names(When.AFTER_DIAGNOSTICS)]
WALKER = SEAMS["discovery_walk"].module
server = serve._build_server()
from promptls.analysis.agents import analyze_for_agents
from promptls.config import Settings
from promptls.discovery.api import discover, owning_folder
folder = tempfile.mkdtemp()
path = os.path.join(folder, "AGENTS.md")
text = "# Agents\\n\\nRun the tests before you commit. Keep answers short. 🚀\\n"
with open(path, "w", encoding="utf-8") as fh:
    fh.write(text)
analyze_for_agents(text, path=path, settings=Settings(), folder=owning_folder(path),
                   discover=lambda f, p: discover(f, p))
# an instruction file's analysis runs discovery, which imports the walker itself
first = sorted(m for m in REST_MODULES if m in sys.modules and m != WALKER)
asyncio.run(server.warm_rest())
print(json.dumps({"first": first, "rest": list(REST_MODULES),
                  "after": sorted(m for m in REST_MODULES if m in sys.modules)}))
"""


def test_an_ordinary_file_is_analysed_without_what_only_some_files_need() -> None:
    state = _probe(_FIRST_ANALYSIS)
    # A plain AGENTS.md has no front matter, no copies, no commands: the first open of
    # a new session does not wait for their modules ...
    assert state["first"] == []
    # ... which the server loads once the first diagnostics are out.
    assert state["after"] == sorted(state["rest"])


_PROMPT_FIRST = """
import asyncio, json, os, sys, tempfile
from promptls.commands import serve
from promptls.analysis.rules.index import KINDS
server = serve._build_server()
written = []

class Writer:
    def write(self, data):
        written.append(data)

    def close(self):
        pass

def rule_modules():
    return sorted(m.rsplit(".", 1)[1] for m in sys.modules
                  if m.startswith("promptls.analysis.rules.pl"))

async def main():
    server.protocol.set_writer(Writer())
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                  "params": {"processId": None, "rootUri": None, "capabilities": {}}}
    server.protocol.handle_message(server.protocol.structure_message(initialize))
    await asyncio.get_running_loop().run_in_executor(None, server.warmup.warmed.wait, 60)
    warmed = rule_modules()
    from promptls import later
    path = os.path.join(tempfile.mkdtemp(), "system.prompt")
    text = "Doctrine.\\n\\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\\n\\nTurn.\\n"
    later.analysis_agents.analyze_for_agents(
        text, path=path, settings=server.settings.for_path(path),
        folder=later.discovery_api.owning_folder(path), discover=server.discover)
    first = rule_modules()
    await server.warm_rest()
    print(json.dumps({"warmed": warmed, "first": first, "rest": rule_modules(),
                      "every": sorted(KINDS)}))

asyncio.run(main())
"""


def test_a_prompt_first_loads_only_the_prompt_rules_and_the_rest_loads_after() -> None:
    state = _probe(_PROMPT_FIRST)
    # The warm-up and a prompt's first analysis import no rule a prompt cannot get (an
    # eager import of every rule on that path was ~7 ms of the first diagnostics) ...
    assert "pl011_size_budget" in state["every"]
    assert "pl011_size_budget" not in state["warmed"] + state["first"]
    assert "pl001_duplicate_marker" in state["first"]
    # ... and once the first diagnostics are out the server loads every other rule.
    assert state["rest"] == state["every"]
