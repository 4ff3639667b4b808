"""The shim fix for drifted copies: make the agent read the shared file instead.

A drifted copy (PL027) is fixed for good only when there is one source. What makes an
agent read AGENTS.md is the agent's own documented mechanism, taken from its profile:
an agent with ``@path`` imports (Claude Code, Gemini CLI) gets its file replaced by an
import of the shared file; an agent that loads the shared file's name by itself
(Copilot, Cursor and Qwen Code read AGENTS.md) needs no copy at all, so its copy is deleted. Either
way every line that exists only in the agent's copy is kept (after the import, or as
the whole remaining file with its front matter), so the fix never loses a line.

This is a preview, never applied by ``check --fix``: it decides that the shared file is
the version to keep, a choice only the user can make after reading the diff.
"""

# ruff: noqa: PTH119, PTH120

from __future__ import annotations

import difflib
import os

from promptls.agents.registry import PROFILES
from promptls.analysis.drift import Copy, drifted, front_matter_end
from promptls.record import Record


class Shim(Record):
    """Replace the copy at ``path`` with ``new_text``, or delete it when that is None."""

    title: str
    path: str
    shared: str
    new_text: str | None


def _eol(text: str) -> str:
    """The copy's own line ending, so the rewritten file keeps it."""
    return "\r\n" if "\r\n" in text else "\n"


def own_lines(text: str, shared: str, front_matter: bool) -> list[list[str]]:
    """The runs of the copy's lines that the shared text does not have at that place
    (difflib's non-equal blocks), blank-only runs dropped; with ``front_matter`` a
    leading ``---`` block is left out (the caller keeps it whole).

    Every line not found anywhere in the shared text is inside one of these runs, which
    is what makes the fix lossless.
    """
    lines = text.splitlines()
    body = lines[front_matter_end(lines) :] if front_matter else lines
    matcher = difflib.SequenceMatcher(None, body, shared.splitlines(), autojunk=False)
    runs = []
    for tag, i1, i2, _, _ in matcher.get_opcodes():
        run = body[i1:i2]
        if tag in ("replace", "delete") and any(line.strip() for line in run):
            while run and not run[0].strip():
                run = run[1:]
            while run and not run[-1].strip():
                run = run[:-1]
            runs.append(run)
    return runs


def _how(readers: frozenset[str]) -> str | None:
    """How the agents reading this copy and not the shared file come to read it:
    ``native`` when there are none (discovery says they all load the shared file by
    themselves, like Copilot and Cursor load AGENTS.md), ``import`` when each has
    ``@path`` imports, else None (no documented way)."""
    if not readers:
        return "native"
    if all(name in PROFILES and PROFILES[name].imports for name in readers):
        return "import"
    return None


def sent_twice(mine: Copy, peer: Copy) -> list[str]:
    """The agents an import shim in ``mine`` makes send the shared file twice: they read
    both files and inline an import of a file already loaded again (``per_top``,
    ``per_chain``), as Copilot CLI does with a CLAUDE.md that imports AGENTS.md."""
    twice = []
    for name in sorted(mine.readers & peer.readers):
        style = PROFILES[name].imports if name in PROFILES else None
        if style is not None and style.follows_in(mine.path) and (style.per_top or style.per_chain):
            twice.append(style.agent)
    return twice


def shim_text(text: str, shared: str, shared_ref: str, how: str) -> str | None:
    """The copy's new text (None: delete it). ``shared_ref`` is the import target
    relative to the copy (``AGENTS.md``, ``../AGENTS.md``)."""
    eol = _eol(text)
    lines = text.splitlines()
    runs = own_lines(text, shared, front_matter=how != "import")
    kept = (eol * 2).join(eol.join(run) for run in runs)
    if how == "import":
        return f"@{shared_ref}{eol}" + (f"{eol}{kept}{eol}" if kept else "")
    if not runs:
        return None
    head = lines[: front_matter_end(lines)]
    return eol.join(head) + (eol if head else "") + kept + eol


def shim_for(mine: Copy, peer: Copy, text: str, shared: str) -> Shim | None:
    """The shim turning ``mine`` into a reader of ``peer`` (the shared file), when
    ``peer`` is read by more agents and every agent reading only ``mine`` can be
    pointed at it the way its documentation says."""
    if len(peer.readers) <= len(mine.readers):
        return None
    shared_name = os.path.basename(peer.path)
    how = _how(mine.readers - peer.readers)
    if how is None:
        return None
    ref = os.path.relpath(peer.path, os.path.dirname(mine.path)).replace(os.sep, "/")
    new_text = shim_text(text, shared, ref, how)
    name = os.path.basename(mine.path)
    if new_text is None:
        title = f"Delete {name}: its agents read {shared_name} already"
    elif how == "import":
        title = f"Replace {name} with an import of {shared_name}, keeping its own lines"
        twice = sent_twice(mine, peer)
        if twice:
            agents = " and ".join(twice)
            title += f" ({agents} will send {shared_name} twice: it inlines the import)"
    else:
        title = f"Keep only {name}'s own lines: its agents read {shared_name} already"
    return Shim(title, mine.path, peer.path, new_text)


def shims(path: str, text: str, home: str | None = None) -> list[Shim]:
    """Every shim for a file's drifted copies (usually one: towards AGENTS.md)."""
    found = []
    for mine, peer, _, shared in drifted(path, text, home):
        shim = shim_for(mine, peer, text, shared)
        if shim is not None:
            found.append(shim)
    return found
