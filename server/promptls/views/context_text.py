"""The human text of ``promptls context``: the folder and environment, the coverage
matrix, then one section per distinct answer.

With many agents most of them load the same files, and a section per agent buries the
few that differ; agents whose loaded lists are identical share one section (each one's
own settings and project root still shown), and the matrix folds identical columns.
Used by the CLI, the language server's ``showContextFiles`` (as its ``text``) and the
MCP server. Pure: no LSP import.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from promptls.discovery import PROFILES
from promptls.text.escape import safe_line
from promptls.views.matrix import Cell, Matrix, cell_text, column_groups, coverage_matrix
from promptls.views.text import (
    ProfileContext,
    content_bytes,
    docs_sourced_lines,
    environment_lines,
    loaded_entries,
    show_path,
)

if TYPE_CHECKING:
    from promptls.assembly.environment import Environment
    from promptls.discovery import Discovery, Entry
    from promptls.discovery.skills import SkillInfo

_PLAIN_REASONS = frozenset(
    {
        "loaded as the user-level file",
        "loaded as the project file for its folder",
        "loaded as the local (uncommitted) file",
    }
)
"""Reasons that only restate the scope column; any other reason is worth a line.
Discovery appends notes (invalid UTF-8, looks binary) to a loaded file's reason."""


def _size_text(found: Discovery, entry: Entry) -> str:
    """Size on disk; for a cut file, how much of it was loaded.

    Only a cut compares loaded and disk sizes: a file decoded with replacement characters
    grows when re-encoded, and "19 of 15 B" would read as nonsense.
    """
    if str(entry.status) == "cut" and entry.size is not None:
        return f"{content_bytes(found, entry)} of {entry.size} B"
    size = entry.size if entry.size is not None else content_bytes(found, entry)
    return f"{size} B"


def context_text(
    folder: str,
    env: Environment,
    results: Sequence[ProfileContext],
    *,
    home: str | None,
    base: str | None,
    target: str | None = None,
) -> str:
    """Folder (and the file asked about) and environment once, then one section per
    profile."""
    lines = [f"Folder: {safe_line(folder)}"]
    if target is not None:
        lines.append(f"For file: {show_path(target, home, base)}")
    lines += ["", "Environment:", *environment_lines(env)]
    if len(results) > 1:
        lines += ["", *matrix_lines(coverage_matrix([r.discovery for r in results]), home, base)]
    for group in same_loads(results):
        if len(group) == 1:
            found = group[0].discovery
            lines += ["", *_profile_lines(found, group[0].revision, home, base)]
            lines += _skill_lines(group[0].skills, home, base)
        else:
            lines += ["", *_group_lines(group, home, base)]
    return "\n".join(lines)


def _load_key(found: Discovery) -> tuple[tuple[object, ...], ...]:
    """What a reader compares between agents: the files sent, in order, each with its
    scope, status, reason and sizes. How each agent orders its files (the list's note)
    is left out: the same list is the same order, whatever rule made it."""
    return tuple(
        (e.path, str(e.scope), str(e.status), e.reason, e.size, content_bytes(found, e))
        for e in loaded_entries(found)
    )


def same_loads(results: Sequence[ProfileContext]) -> list[list[ProfileContext]]:
    """The profiles grouped by identical loaded lists, each group where its first member
    stands: with many agents, most load the same files, and one list per distinct
    answer is what a reader can compare."""
    groups: dict[tuple[tuple[object, ...], ...], list[ProfileContext]] = {}
    for result in results:
        groups.setdefault(_load_key(result.discovery), []).append(result)
    return list(groups.values())


def _profile_lines(
    found: Discovery, revision: str, home: str | None, base: str | None
) -> list[str]:
    """One profile: loaded files in order, then everything else with its reason."""
    title = PROFILES[found.profile].title
    lines = [f"Profile {found.profile}: {safe_line(title)}", f"  revision: {revision}"]
    lines += [f"  {safe_line(line)}" for line in docs_sourced_lines(found.profile)]
    lines += _own_lines(found, "  ", home, base)
    loaded = loaded_entries(found)
    lines += _loaded_lines(found, loaded, PROFILES[found.profile].order_note, home, base)
    lines += _not_loaded_lines(found, loaded, "not loaded", home, base)
    return lines


def _group_lines(group: Sequence[ProfileContext], home: str | None, base: str | None) -> list[str]:
    """Several profiles that load the same files: each one's title and own facts
    (revision when they differ, project root, settings), then the shared list once;
    what they did not load, and their skills, once when equal, else per profile."""
    names = ", ".join(r.discovery.profile for r in group)
    lines = [f"Profiles {names}: the same files, in the same order"]
    revisions = {r.revision for r in group}
    if len(revisions) == 1:
        lines.append(f"  revision: {group[0].revision}")
    for result in group:
        found = result.discovery
        lines.append(f"  {found.profile}: {safe_line(PROFILES[found.profile].title)}")
        lines += [f"    {safe_line(line)}" for line in docs_sourced_lines(found.profile)]
        if len(revisions) > 1:
            lines.append(f"    revision: {result.revision}")
        lines += _own_lines(found, "    ", home, base)
    first = group[0].discovery
    loaded = loaded_entries(first)
    notes = {PROFILES[r.discovery.profile].order_note for r in group}
    note = PROFILES[first.profile].order_note if len(notes) == 1 else "in this order"
    lines += _loaded_lines(first, loaded, note, home, base)
    others = [
        _not_loaded_lines(r.discovery, loaded_entries(r.discovery), "not loaded", home, base)
        for r in group
    ]
    if all(o == others[0] for o in others):
        lines += others[0]
    else:
        for result in group:
            found = result.discovery
            heading = f"not loaded by {found.profile}"
            lines += _not_loaded_lines(found, loaded_entries(found), heading, home, base)
    skills = [_skill_lines(r.skills, home, base) for r in group]
    if all(s == skills[0] for s in skills):
        lines += skills[0]
    else:
        for result, own in zip(group, skills, strict=True):
            lines += [own[0].replace("skills", f"skills of {result.discovery.profile}", 1)]
            lines += own[1:]
    return lines


def _own_lines(found: Discovery, indent: str, home: str | None, base: str | None) -> list[str]:
    """What is the profile's own even when its files are shared: project root, agent
    settings and the problems met reading them."""
    lines = []
    if found.project_root and found.project_root != found.root:
        lines.append(f"{indent}project root: {show_path(found.project_root, home, base)}")
    if found.settings:
        lines.append(f"{indent}agent settings:")
        for s in found.settings:
            source = "default" if s.source == "default" else show_path(s.source, home, base)
            lines.append(f"{indent}  {safe_line(s.key)} = {safe_line(s.value)}  ({source})")
    for problem in found.problems:
        where = show_path(problem.path, home, base)
        at = f":{problem.line}" if problem.line else ""
        lines.append(f"{indent}settings problem: {where}{at}: {safe_line(problem.message)}")
    return lines


def _loaded_lines(
    found: Discovery, loaded: Sequence[Entry], note: str, home: str | None, base: str | None
) -> list[str]:
    """The files sent, in order (``note`` says which), with a reason when it says more
    than the scope."""
    if not loaded:
        return ["  loaded: no instruction files"]
    lines = [f"  loaded, {note}:"]
    for e in loaded:
        lines.append(
            f"  {(e.order or 0) + 1:>4}. {safe_line(str(e.scope)):<8} "
            f"{_size_text(found, e):>16}  {show_path(e.path, home, base)}"
        )
        if str(e.status) != "loaded" or e.reason not in _PLAIN_REASONS:
            lines.append(f"          {safe_line(e.reason)}")
    return lines


def _not_loaded_lines(
    found: Discovery, loaded: Sequence[Entry], heading: str, home: str | None, base: str | None
) -> list[str]:
    """Every other candidate the profile met, with why it was not sent."""
    others = [e for e in found.entries if e not in loaded]
    if not others:
        return []
    lines = [f"  {heading}:"]
    for e in others:
        lines.append(
            f"    {safe_line(str(e.status)):<14}{safe_line(str(e.scope)):<8}"
            f"{show_path(e.path, home, base)}"
        )
        lines.append(f"          {safe_line(e.reason)}")
    return lines


def matrix_lines(matrix: Matrix, home: str | None, base: str | None) -> list[str]:
    """The coverage matrix: a row per real file, a column per distinct answer (see
    ``matrix.py``); agents whose columns are identical share one, their names stacked
    in its heading."""
    if not matrix.rows:
        return ["Coverage: no agent finds an instruction file"]
    names = [show_path(r.path, home, base) for r in matrix.rows]
    width = max(len("file"), *(len(n) for n in names))
    groups = column_groups(matrix)
    heads = [[matrix.agents[c] for c in group] for group in groups]
    cols = [
        max(8, *(len(a) for a in head), *(len(cell_text(r.cells[g[0]])) for r in matrix.rows))
        for head, g in zip(heads, groups, strict=True)
    ]
    lines = [
        "Coverage (bytes sent; @ imported; cut: cut by the budget; - never looked at):",
    ]
    for depth in range(max(len(head) for head in heads)):
        label = "file" if depth == 0 else ""
        cells = "".join(
            f"  {head[depth] if depth < len(head) else '':>{w}}"
            for head, w in zip(heads, cols, strict=True)
        )
        lines.append(("  " + label.ljust(width) + cells).rstrip())
    for name, row in zip(names, matrix.rows, strict=True):
        cells = "".join(
            f"  {cell_text(row.cells[g[0]]):>{w}}" for g, w in zip(groups, cols, strict=True)
        )
        lines.append("  " + name.ljust(width) + cells)
        for link in row.links:
            lines.append(f"    {show_path(link, home, base)} is a link to it")
    totals = "".join(
        f"  {cell_text(Cell('loaded', t, 1)) if (t := matrix.totals[g[0]]) else 'nothing':>{w}}"
        for g, w in zip(groups, cols, strict=True)
    )
    lines.append("  " + "total".ljust(width) + totals)
    return lines


def _skill_lines(skills: Sequence[SkillInfo], home: str | None, base: str | None) -> list[str]:
    """The skills the agent would list, by name, with where each was found."""
    if not skills:
        return ["  skills: none"]
    lines = ["  skills:"]
    for skill in skills:
        lines.append(f"    {safe_line(skill.name):<20}{show_path(skill.path, home, base)}")
    return lines
