"""The Kilo Code CLI (``@kilocode/cli``) as the oracle runs it.

Kilo is an opencode fork, so the adapter is opencode's (``promptls.agents.opencode.
oracle``) with Kilo's names: ``kilo run PROMPT`` with an OpenAI-compatible provider at
the mock given in ``KILO_CONFIG`` (merged with the scenario's own settings files), its
update checks, model list fetches, plugins and LSP downloads switched off by the
``KILO_*`` variables. Every request gets a 404; the instruction request is the chat
completion with tools.

Where the files are: the system message, after the ``<env>`` block and Kilo's own
parts that follow it (the shared board's instructions): from the first ``Instructions
from: PATH`` part to the skills listing. That run of parts is the wire text.
"""

from __future__ import annotations

from pathlib import Path

from promptls.agents.opencode.oracle import ENV_END, FILE_PREFIX, OpencodeAdapter
from promptls.oracle.adapter import Launch
from promptls.oracle.user import HookSource, UserSetup


class KiloAdapter(OpencodeAdapter):
    """Kilo: ``run`` against an OpenAI-compatible chat completions mock."""

    profile = "kilo"
    executable = "kilo"

    def launch(self, exe: Path, url: str, work: Path, home: Path, scratch: Path) -> Launch:
        opencode = super().launch(exe, url, work, home, scratch)
        env = {k.replace("OPENCODE_", "KILO_"): v for k, v in opencode.env.items()}
        # 7.7.7 looks up its telemetry host and api.kilo.ai at start-up (seen with
        # strace by tests/oracle/test_observe_agents.py): telemetry off, and its own
        # API pointed at the mock, which answers 404.
        env.update(KILO_TELEMETRY_LEVEL="off", DO_NOT_TRACK="1", KILO_API_URL=url)
        return Launch(argv=opencode.argv, env=env)

    def wire_start(self, system: str) -> int:
        """The first ``Instructions from:`` part after the ``<env>`` block and Kilo's
        own parts that follow it (-1: no instruction file was sent)."""
        env = system.find(ENV_END)
        start = system.find(f"\n{FILE_PREFIX}", env) if env >= 0 else -1
        return start + 1 if start >= 0 else -1


ADAPTER = KiloAdapter()

USER = UserSetup(
    title="Kilo Code",
    package="@kilocode/cli",
    minimum="7.7.7",
    carry=(
        ".config/kilo/AGENTS.md",
        ".config/kilo/kilo.json",
        ".config/kilo/kilo.jsonc",
        ".config/kilo/opencode.json",
        ".config/kilo/agent",
        ".config/kilo/command",
        ".config/kilo/skill",
        ".config/kilo/skills",
        ".kilo/rules",
        ".kilocode/rules",
        ".claude/CLAUDE.md",
        ".claude/skills",
        ".agents/skills",
    ),
    hooks=(
        HookSource(".config/kilo/kilo.json", key="plugin"),
        HookSource("kilo.json", key="plugin", in_home=False),
        HookSource("opencode.json", key="plugin", in_home=False),
    ),
    login_advice="Kilo reads the provider observe gives it from KILO_CONFIG; a provider "
    "pinned by the project's kilo.json may need its own login",
)
"""kilo run against the user's setup: like opencode, no no-persistence mode, so the
overlay takes its sessions; plugins listed in its config load as in a real session."""
