"""One line saying where an instruction file stands for each active agent.

The hover on line 1 gives the whole discovered order; an inlay hint (or a code lens where
the client has none) has room for one line, so this says only what a reader of the file
needs at a glance: "codex: loaded 2 of 4 · 12.3 KiB of the 32 KiB budget", or
"codex: shadowed by AGENTS.override.md". Pure: it reads the discovery results it is given.
"""

# Plain str paths on purpose: the entries' paths are compared as written.
# ruff: noqa: PTH100, PTH119, PTH120

from __future__ import annotations

import os

from promptls.agents.registry import PROFILES
from promptls.discovery.model import ContextScope, Discovery, Entry, EntryStatus
from promptls.text.fsread import human_bytes

BUDGET_KEY = "project_doc_max_bytes"
"""The agent setting that moves a profile's byte budget (codex's ``config.toml``)."""


def _same_name(a: str, b: str) -> bool:
    """The same path as written (links not followed): whose entry speaks for the file."""
    return os.path.normcase(os.path.abspath(a)) == os.path.normcase(os.path.abspath(b))


def budget_of(profile: str, discovery: Discovery) -> int | None:
    """The byte budget the profile applied: its agent setting, else the profile's own."""
    for setting in discovery.settings:
        if setting.key == BUDGET_KEY and setting.value.isdigit():
            return int(setting.value)
    known = PROFILES.get(profile)
    return None if known is None else known.budget


def _kib(count: int) -> str:
    """Bytes for a one-line hint: "12.3 KiB", exact bytes under 1 KiB."""
    return f"{count} bytes" if count < 1024 else f"{count / 1024:.1f} KiB"


def _loaded(entry: Entry, profile: str, discovery: Discovery) -> str:
    """Position among the files sent, and the budget spent by the project's files."""
    order = entry.order or 0
    head = "cut" if entry.status is EntryStatus.CUT else "loaded"
    line = f"{head} {order + 1} of {len(discovery.files)}"
    used = sum(
        len(f.content.encode("utf-8", "surrogatepass"))
        for f in discovery.files
        if f.scope is not ContextScope.USER
    )
    budget = budget_of(profile, discovery)
    if budget is None:
        return f"{line} · {_kib(used)} sent"
    return f"{line} · {_kib(used)} of the {human_bytes(budget)} budget"


def _shadowed_by(entry: Entry, discovery: Discovery) -> str:
    """The loaded file of the same folder that took this one's slot."""
    folder = os.path.dirname(os.path.abspath(entry.path))
    winner = next(
        (
            e
            for e in discovery.entries
            if e.order is not None and os.path.dirname(os.path.abspath(e.path)) == folder
        ),
        None,
    )
    return f"shadowed by {os.path.basename(winner.path)}" if winner else "shadowed"


def profile_state(path: str, profile: str, discovery: Discovery) -> str:
    """What one agent does with the file at ``path``, in a few words."""
    entry = next((e for e in discovery.entries if _same_name(e.path, path)), None)
    if entry is None:
        return "not loaded for this folder"
    if entry.order is not None:
        return _loaded(entry, profile, discovery)
    if entry.status is EntryStatus.SHADOWED:
        return _shadowed_by(entry, discovery)
    if entry.status is EntryStatus.DROPPED:
        budget = budget_of(profile, discovery)
        return f"dropped: the {human_bytes(budget)} budget is spent" if budget else "dropped"
    return str(entry.status)


def load_line(path: str, discoveries: list[tuple[str, Discovery]]) -> str:
    """Every active agent's state of the file, one line ("codex: …; claude: …")."""
    return "; ".join(f"{p}: {profile_state(path, p, d)}" for p, d in discoveries)
