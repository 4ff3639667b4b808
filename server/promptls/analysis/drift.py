"""Drift between the copies of one instruction text that different agents read.

Teams copy the same instructions into AGENTS.md, CLAUDE.md, GEMINI.md, the Copilot file
and Cursor rules; the copies drift and each agent follows another version. This module
answers the two questions behind PL027 and its hover: which files in a folder are read
by *different* agents (from every profile's own discovery, never from a list of names),
and whether two of them are mostly the same text but differ (a line diff from the
standard library's ``difflib``, whose matching is well understood and stable).
"""

# Plain str paths on purpose: they are compared and shown, never opened as Path objects.
# ruff: noqa: PTH100, PTH116, PTH119, PTH122

from __future__ import annotations

import os
import re
import threading
from collections import OrderedDict
from collections.abc import Callable

from promptls import later
from promptls.agents.registry import PROFILES
from promptls.analysis.drift_gate import SIMILARITY_THRESHOLD as SIMILARITY_THRESHOLD
from promptls.analysis.drift_gate import could_drift, possible_copies
from promptls.discovery.api import discover, owning_folder
from promptls.discovery.model import ContextScope, Discovery, EntryStatus
from promptls.record import Record
from promptls.text import runmemo
from promptls.text.fsread import read_bounded

MAX_COPY_BYTES = 1024 * 1024
"""Larger files are not compared: a diff of megabytes is not an instruction file's."""


class Copy(Record):
    """One instruction file loaded for a folder, and the agents that read it there."""

    path: str
    readers: frozenset[str]
    identity: str
    """The real path: a symbolic link and its target are one source."""
    imports: frozenset[str] = frozenset()
    """Identities of the files this one imports (for any agent)."""


class LineDiff(Record):
    """How one text differs from another, counted in non-blank lines."""

    ratio: float
    changed: int
    only_here: int
    only_there: int
    first_line: int
    """0-based line of this text where the first difference is (or the nearest line)."""
    other_line: int = 0
    """The same place in the other text."""


def comparable_lines(
    text: str, names: tuple[str, ...] = (), suffixes: tuple[str, ...] = ()
) -> list[tuple[int, str]]:
    """(line number, stripped line) of the lines that carry the shared instructions.

    Left out, because mirrors differ there on purpose and no agent is told anything
    different: blank lines and indentation (two unrelated Markdown files share many
    blank lines, which would make them look alike), front matter (each agent's own
    metadata, like Cursor's ``alwaysApply``), block HTML comments (where mirrors keep
    their "edit the other copy too" note) and a leading ``# `` title (``# CLAUDE.md`` /
    ``# AGENTS.md``). The copies' own file ``names`` count as one word, so a copy that
    says "CLAUDE.md" where the other says "AGENTS.md" is the same line; so do the
    copies' own file ``suffixes`` at the end of a name, so a Cursor rule linking
    ``contracts.mdc`` and its Claude copy linking ``contracts.md`` say the same thing,
    each about the sibling of its own folder.
    """
    ending = _suffix_pattern(suffixes)
    lines = text.splitlines()
    out: list[tuple[int, str]] = []
    in_comment = False
    first = True
    for i in range(front_matter_end(lines), len(lines)):
        line = lines[i].strip()
        if in_comment or line.startswith("<!--"):
            in_comment = "-->" not in line
            continue
        if not line:
            continue
        title, first = first and line.startswith("# "), False
        if title:
            continue
        for name in names:
            line = line.replace(name, "\0")
        if ending is not None:
            line = ending.sub(lambda m: m.group(1) + "\0", line)
        out.append((i, line))
    return out


def _suffix_pattern(suffixes: tuple[str, ...]) -> re.Pattern[str] | None:
    """A name ending in one of ``suffixes`` (``x.md``, ``x.mdc``), the longest first."""
    if not suffixes:
        return None
    ordered = sorted(set(suffixes), key=len, reverse=True)
    return re.compile(r"(\w)(?:" + "|".join(re.escape(x) for x in ordered) + r")(?![\w.])")


def front_matter_end(lines: list[str]) -> int:
    """How many leading lines are a ``---`` front-matter block (0 when none)."""
    if not lines or lines[0].strip() != "---":
        return 0
    for i in range(1, len(lines)):
        if lines[i].strip() == "---":
            return i + 1
    return 0


def compare(
    here: str, there: str, names: tuple[str, ...] = (), suffixes: tuple[str, ...] = ()
) -> LineDiff | None:
    """The line diff of ``here`` against ``there`` when they are mostly the same text but
    differ; None for identical copies (up to what ``comparable_lines`` leaves out) and
    for clearly different documents. ``names``: the two copies' file names; ``suffixes``:
    their file suffixes when they differ (``.md``, ``.mdc``)."""
    mine = comparable_lines(here, names, suffixes)
    theirs = comparable_lines(there, names, suffixes)
    a, b = [line for _, line in mine], [line for _, line in theirs]
    if a == b or not a or not b:
        return None
    matcher = later.difflib.SequenceMatcher(None, a, b, autojunk=False)
    # Cheap upper bounds of ``ratio()`` first (same formula, at least as many matches):
    # most pairs are told apart by their lengths or their sets of lines.
    if matcher.real_quick_ratio() < SIMILARITY_THRESHOLD:
        return None
    if matcher.quick_ratio() < SIMILARITY_THRESHOLD:
        return None
    ratio = matcher.ratio()
    if ratio < SIMILARITY_THRESHOLD:
        return None
    changed = only_here = only_there = 0
    first: tuple[int, int] | None = None
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if first is None:
            first = (mine[min(i1, len(mine) - 1)][0], theirs[min(j1, len(theirs) - 1)][0])
        common = min(i2 - i1, j2 - j1) if tag == "replace" else 0
        changed += common
        only_here += (i2 - i1) - common
        only_there += (j2 - j1) - common
    here_line, there_line = first or (0, 0)
    return LineDiff(ratio, changed, only_here, only_there, here_line, there_line)


def summary(diff: LineDiff, other: str) -> str:
    """``2 lines changed, 1 only here, 3 only in AGENTS.md`` (the non-zero parts)."""

    def count(n: int, what: str) -> str:
        return f"{n} line{'s' if n != 1 else ''} {what}"

    parts = []
    if diff.changed:
        parts.append(count(diff.changed, "changed"))
    if diff.only_here:
        parts.append(count(diff.only_here, "only here"))
    if diff.only_there:
        parts.append(count(diff.only_there, f"only in {other}"))
    return ", ".join(parts)


def unified(here: str, there: str, here_name: str, there_name: str) -> str:
    """The unified diff a person reads in the hover: the other copy → this one."""
    lines = later.difflib.unified_diff(
        there.splitlines(), here.splitlines(), there_name, here_name, lineterm="", n=1
    )
    return "\n".join(lines)


Ask = Callable[[str, str], Discovery | None]
"""``(folder, profile) -> Discovery``: the caller's memoised discovery (the analysis's)."""


def copies(folder: str, home: str | None = None, ask: Ask | None = None) -> tuple[Copy, ...]:
    """The project files each agent loads for ``folder`` that belong to that folder
    itself (not a parent's, not the user's), with the agents that read each one.
    ``home`` is the home the caller's own discovery used (None: the real one).

    With ``ask``, the discoveries are the caller's (``check``'s for the whole run, the
    server's cache dropped by file events), so the copies agree with every other
    finding of the same analysis and nothing is discovered twice; no memo here then
    but the run's (inside a ``check`` run, one answer per folder).

    Memoised while nothing discovery depended on changed on disk (checked by ``stat``):
    every copy in a folder asks the same question, and so does every keystroke in an
    editor, while seven discoveries cost ten times the rest of a file's analysis.
    """
    key = (os.path.abspath(folder), home)
    if ask is not None:
        run_key = (*key, ask)
        return runmemo.remembered("copies", run_key, lambda: _collect(key[0], home, ask)[1])
    with _MEMO_LOCK:
        memo = _MEMO.get(key)
    if memo is not None and memo[1] == _stamp(memo[0]):
        return memo[2]
    paths, found = _collect(key[0], home)
    with _MEMO_LOCK:
        _MEMO[key] = (paths, _stamp(paths), found)
        _MEMO.move_to_end(key)
        while len(_MEMO) > MEMO_SIZE:
            _MEMO.popitem(last=False)
    return found


MEMO_SIZE = 256
"""Folders whose copies are remembered (an editor session touches a handful)."""
_Memo = tuple[tuple[str, ...], tuple[object, ...], tuple[Copy, ...]]
"""The paths the answer depended on, what ``stat`` said of them, and the answer."""
_MEMO: OrderedDict[tuple[str, str | None], _Memo] = OrderedDict()
_MEMO_LOCK = threading.Lock()


def _stamp(paths: tuple[str, ...]) -> tuple[object, ...]:
    """What ``stat`` says of each path (None when missing): any change moves it."""
    out: list[object] = []
    for path in paths:
        try:
            st = os.stat(path)
        except (OSError, ValueError):
            out.append(None)
            continue
        out.append((st.st_mtime_ns, st.st_size, st.st_ino, st.st_dev))
    return tuple(out)


def _collect(
    folder: str, home: str | None, ask: Ask | None = None
) -> tuple[tuple[str, ...], tuple[Copy, ...]]:
    """``copies`` without the memo, and every path its discoveries depended on."""
    readers: dict[str, set[str]] = {}
    first_path: dict[str, str] = {}
    imports: dict[str, set[str]] = {}
    depends: set[str] = set()
    for name in PROFILES:
        try:
            found = discover(folder, name, home=home) if ask is None else ask(folder, name)
        except Exception:  # a discovery problem must not stop a lint run
            continue
        if found is None:
            continue
        depends |= found.watched | found.watched_dirs
        for file in found.files:
            if file.scope is ContextScope.USER or owning_folder(file.path) != folder:
                continue
            identity = runmemo.realpath(file.path)
            readers.setdefault(identity, set()).add(name)
            first_path.setdefault(identity, file.path)
        for entry in found.entries:
            if entry.status is EntryStatus.IMPORTED and entry.imported_from:
                importer = runmemo.realpath(entry.imported_from)
                imports.setdefault(importer, set()).add(runmemo.realpath(entry.path))
    found_copies = tuple(
        Copy(first_path[k], frozenset(v), k, frozenset(imports.get(k, ())))
        for k, v in readers.items()
    )
    return tuple(sorted(depends)), found_copies


def read_copy(path: str) -> str | None:
    """A copy's text from disk, or None when it cannot be read whole."""
    read = read_bounded(path, MAX_COPY_BYTES)
    if read.data is None or read.truncated:
        return None
    return read.data.decode("utf-8", "replace")


def find(
    path: str, home: str | None = None, ask: Ask | None = None
) -> tuple[Copy | None, list[Copy]]:
    """This file's copy (None when no agent loads it for its folder) and the other files
    of its folder read by another set of agents, neither importing the other: two
    sources for one level, where some agent follows one and not the other (or, like
    Copilot, reads both and gets two versions)."""
    here_abs = os.path.abspath(path)
    folder = owning_folder(here_abs)
    if not could_drift(folder, home):
        return None, []
    found = copies(folder, home, ask)
    identity = runmemo.realpath(here_abs)
    mine = next((c for c in found if c.identity == identity), None)
    if mine is None:
        return None, []
    peers = [
        c
        for c in found
        if c.identity != identity
        and c.readers != mine.readers
        and c.identity not in mine.imports
        and identity not in c.imports
    ]
    return mine, sorted(peers, key=lambda c: c.path)


def drifted(
    path: str, text: str, home: str | None = None, ask: Ask | None = None
) -> list[tuple[Copy, Copy, LineDiff, str]]:
    """(this copy, the other, the diff, the other's text) for every drifted peer.

    Inside a ``check`` run answered once per file: every agent's analysis of the file
    asks the same question (nothing here depends on the agent)."""
    key = (path, text, home, ask)
    return list(runmemo.remembered("drifted", key, lambda: _drifted(path, text, home, ask)))


def _drifted(
    path: str, text: str, home: str | None, ask: Ask | None
) -> list[tuple[Copy, Copy, LineDiff, str]]:
    """``drifted`` itself."""
    if alone(path, text):
        return []
    mine, peers = find(path, home, ask)
    out = []
    for peer in peers if mine is not None else ():
        there = read_copy(peer.path)
        diff = None if there is None else _diff(path, text, peer.path, there)
        if mine is not None and diff is not None and there is not None:
            out.append((mine, peer, diff, there))
    return out


def _diff(path: str, text: str, other: str, there: str) -> LineDiff | None:
    """``compare`` of this copy with another, named by their paths."""
    names = (os.path.basename(path), os.path.basename(other))
    ends = (os.path.splitext(path)[1], os.path.splitext(other)[1])
    suffixes = ends if ends[0] != ends[1] and all(ends) else ()
    return compare(text, there, names, suffixes)


def alone(path: str, text: str) -> bool:
    """Whether no file that could be another copy of ``text`` is similar enough to it
    to have drifted: then ``drifted`` is empty without running any discovery.

    Comparing the text with every file that could be a copy of its folder
    (``possible_copies``, read from disk as ``drifted`` reads a copy) answers for every
    set of agents at once. Most folders that hold two instruction files are of this
    kind (an AGENTS.md and a CLAUDE.md that imports it, a package's skill) and their
    files do not look alike; the thirteen discoveries are left for the folders where
    they do, or where the files cannot be told cheaply (False)."""
    count = len(comparable_lines(text))  # the copies' names do not change the count
    if not count:
        return True  # nothing to compare: no copy can have drifted from it
    here = runmemo.abspath(path)
    others = possible_copies(owning_folder(here))
    if others is None:
        return False
    identity = runmemo.realpath(here)
    for other in others:
        if runmemo.realpath(other) == identity:
            continue
        there = read_copy(other)
        if there is None or _too_short(count, there):
            continue
        if _diff(path, text, other, there) is not None:
            return False
    return True


def _too_short(count: int, there: str) -> bool:
    """Whether a text of fewer lines than this copy's ``count`` comparable lines has too
    few to be as similar as drift needs, whatever its lines are: difflib's ratio is at
    most twice the shorter side over both, and ``there`` has at most as many comparable
    lines as lines (so no need to find them)."""
    lines = len(there.splitlines())
    return lines < count and 2.0 * lines / (count + lines) < SIMILARITY_THRESHOLD
