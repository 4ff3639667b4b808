"""Which agents an editor's agent tree shows as one node: those whose rows are the same.

VS Code's "Agent context" view and Neovim's ``:PromptlsTree`` list each agent's files: the
ones it sends, in load order, with what is sent of each, then what became of the others,
each with its reason. With a dozen agents, most read the same ``AGENTS.md``; agents whose
rows are all the same fold into one node. A row's reason is part of it, so "Explain
Status" on a folded file is true for every agent of its node. The server decides the
folding (``groups`` in the context answer) so that every editor folds alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from promptls.discovery.model import Discovery, Entry, EntryStatus
from promptls.views.text import ProfileContext, content_bytes, loaded_entries

SENT = frozenset({"loaded", "cut", "imported"})
"""Statuses whose bytes reach the model."""

Row = tuple[str, str, str, int | None, int | None]
"""What a node shows of one file: path, status, reason, position (1-based, among the
files sent) and bytes (sent, else on disk when known)."""


def _missing(entry: Entry) -> bool:
    """A name the agent looks for that is not on disk: no row."""
    return entry.status is EntryStatus.SKIPPED and entry.size is None


def rows(found: Discovery) -> tuple[Row, ...]:
    """One agent's rows: the files it sends in load order, then the others as found."""
    sent = {e.order: e for e in loaded_entries(found)}
    first: list[Row] = []
    rest: list[Row] = []
    for entry in found.entries:
        if _missing(entry):
            continue
        order = entry.order if str(entry.status) in SENT else None
        file = sent.get(order) if order is not None else None
        if file is None or file.order is None:
            rest.append((entry.path, str(entry.status), entry.reason, None, entry.size))
            continue
        position, size = file.order + 1, content_bytes(found, file)
        first.append((entry.path, str(entry.status), entry.reason, position, size))
    first.sort(key=lambda row: row[3] or 0)
    return (*first, *rest)


def agent_groups(results: Sequence[ProfileContext]) -> list[list[str]]:
    """The agents, those with the same rows together, in the order of each group's first."""
    groups: dict[tuple[Row, ...], list[str]] = {}
    for result in results:
        groups.setdefault(rows(result.discovery), []).append(result.discovery.profile)
    return list(groups.values())
