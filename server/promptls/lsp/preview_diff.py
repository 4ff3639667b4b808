"""``promptls.previewDiff``: what an edit did to the cached prefix since the baseline.

The server renders from the files on disk, so what it shows is always the last saved
state. To tell a user, before they commit, that saving AGENTS.md moved the first
differing byte into the cached prefix, it keeps one *baseline* rendering per folder,
profile and target file, in memory: the rendering at the first ``previewDiff`` for that
key (when an editor opens its preview), replaced by the current one when a call passes
``rebase``. Comparing is ``promptls.assembly.diff.first_difference``, the function the
CLI's ``preview --diff`` uses; the server never runs git.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from typing import TYPE_CHECKING

from promptls import later
from promptls.lsp.workspace import system_source

if TYPE_CHECKING:
    from promptls.apidesc.records_preview import PreviewDiff
    from promptls.assembly.agents import AgentRendering
    from promptls.lsp.server import PromptServer

BASELINES_MAX = 64
"""Baselines kept per server (oldest dropped first): a few per folder and profile."""

Key = tuple[str, str, str | None]
_BASELINES: weakref.WeakKeyDictionary[PromptServer, OrderedDict[Key, AgentRendering]] = (
    weakref.WeakKeyDictionary()
)


def _render(server: PromptServer, folder: str, profile: str, target: str | None) -> AgentRendering:
    """The profile's wire rendering of ``folder`` now, as ``previewPrompt`` renders it."""
    _, text = system_source(server, folder)
    prompt = later.assembly_assemble.assemble_prompt(
        folder, profile=profile, system_text=text, target=target
    )
    return later.assembly_agents.render_prompt(prompt)


def preview_diff(
    server: PromptServer,
    folder: str,
    profile: str,
    target: str | None,
    *,
    rebase: bool,
    texts: bool = False,
    base: str | None = None,
) -> PreviewDiff:
    """Compare the current rendering with the kept baseline (kept now if there is none);
    the arguments are validated by the command handler (``lsp/commands.py``). ``texts``
    adds both wire texts (for a side-by-side diff); ``base`` is the folder paths are shown
    relative to."""
    current = _render(server, folder, profile, target)
    kept = _BASELINES.setdefault(server, OrderedDict())
    key = (folder, profile, target)
    baseline = kept.get(key, current)
    if rebase or key not in kept:
        kept[key] = current
    kept.move_to_end(key)
    while len(kept) > BASELINES_MAX:
        kept.popitem(last=False)
    diff = later.assembly_diff.first_difference(baseline, current)
    home, _ = later.discovery.resolve_home(None, None)
    wires = (baseline.wire, current.wire) if texts else None
    return later.views_diff.difference_json(
        profile, "baseline", folder, diff, texts=wires, base=base or folder, home=home
    )
