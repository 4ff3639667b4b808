"""What a change does for each agent: the comparison behind ``promptls diff``.

Each side (a revision's tree, a folder, the working tree) is analysed with the calls the
other commands make, nothing of its own: ``assemble_prompt`` and the agent's renderer
(as ``preview`` does) give the discovery and the measured wire text, and the check that
``promptls check`` runs gives the findings. Paths of a temporary tree are relocated to
the folder they stand for first (``relocate``), so only content counts as a change.
Then per agent: which files start or stop being sent, which newly end up shadowed, cut,
dropped, lazy or conditional (with discovery's reason), bytes and tokens per file and
in total, where the wire text first differs (``first_difference``: the byte and file
that decide a cache hit) and whether a budget is newly exceeded. Findings are compared
by :mod:`promptls.analysis.baseline` (rule, file and the text around them).
"""

# Plain str paths on purpose: discovery's paths are str, compared as written.
# ruff: noqa: PTH100

from __future__ import annotations

import os
from collections.abc import Sequence

from promptls.analysis.baseline import new_flags
from promptls.analysis.model import Finding
from promptls.assembly.agents import Measured, measure
from promptls.assembly.diff import Difference, cached_prefix, first_difference, relocate
from promptls.commands._check_output import Report
from promptls.commands._check_since import report_keys
from promptls.discovery import Discovery, Entry, EntryStatus
from promptls.record import Record, replace
from promptls.text.mapper import Mapper
from promptls.text.paths import within
from promptls.views.load_line import budget_of

SENT = frozenset({EntryStatus.LOADED, EntryStatus.CUT, EntryStatus.IMPORTED})
"""Statuses whose content reaches the model."""
WATCHED = (
    EntryStatus.SHADOWED,
    EntryStatus.CUT,
    EntryStatus.DROPPED,
    EntryStatus.LAZY,
    EntryStatus.CONDITIONAL,
)
"""Statuses a change can newly put a file in that a reviewer must hear about."""
OVER = frozenset({EntryStatus.CUT, EntryStatus.DROPPED})
"""Statuses that mean the agent's budget (or read cap) did not hold the file."""


class Tree(Record):
    """One side on disk: ``root`` is analysed; paths under ``top`` are shown as if under
    ``shown_top`` (a temporary tree's paths as the repository's)."""

    label: str
    root: str
    top: str
    shown_top: str


class AgentSide(Record):
    """One agent on one side: its discovery (paths relocated) and measured rendering."""

    profile: str
    title: str
    set_up: bool
    entries: tuple[Entry, ...]
    contents: dict[str, str]
    measured: Measured
    budget: int | None


class Side(Record):
    """One side analysed: its agents, its check reports and the files the check read."""

    tree: Tree
    agents: dict[str, AgentSide]
    reports: list[Report]
    files: frozenset[str]


class Size(Record):
    """Bytes and tokens of a file's content as sent (or of the whole wire text)."""

    bytes: int
    tokens: int


class FileChange(Record):
    """A file whose sent size changed; None on the side that does not send it."""

    path: str
    before: Size | None
    after: Size | None


class StatusChange(Record):
    """A file newly in a watched status, with discovery's reason."""

    path: str
    before: str | None
    after: str
    reason: str


class Prefix(Record):
    """The first differing byte of the wire text and the cached prefix on each side."""

    difference: Difference | None
    cached_before: int
    cached_after: int


class AgentChange(Record):
    """Everything that changes for one agent."""

    profile: str
    title: str
    set_up: tuple[bool, bool]
    started: tuple[tuple[str, str | None], ...]
    """Files now sent, each with the file it moved from (same content), if any."""
    stopped: tuple[str, ...]
    statuses: tuple[StatusChange, ...]
    files: tuple[FileChange, ...]
    total: tuple[Size, Size]
    sent: tuple[int, int]
    tokens_exact: bool
    prefix: Prefix
    budget: int | None
    over: tuple[bool, bool]

    @property
    def newly_over(self) -> bool:
        """Whether the change pushed the agent past its budget."""
        return self.over[1] and not self.over[0]

    @property
    def changed(self) -> bool:
        """Whether anything at all differs for this agent."""
        return (
            bool(self.started or self.stopped or self.statuses or self.files)
            or self.prefix.difference is not None
            or self.set_up[0] != self.set_up[1]
        )


class NewFinding(Record):
    """A finding HEAD has and BASE had not, placed for people (1-based line/column)."""

    path: str
    line: int
    column: int
    finding: Finding


class Change(Record):
    """``promptls diff``'s answer."""

    base: str
    head: str
    agents: tuple[AgentChange, ...]
    findings: tuple[NewFinding, ...]


def shown(path: str, tree: Tree) -> str:
    """A path as the user knows it: relative to the shown top when below it."""
    if within(path, tree.top, strict=True):
        return os.path.relpath(path, tree.top).replace(os.sep, "/")
    return path


def agent_side(
    tree: Tree, found: Discovery, measured: Measured, set_up: bool, title: str
) -> AgentSide:
    """One agent's discovery and rendering with ``tree``'s paths made the user's."""
    rendering = relocate(measured.rendering, tree.top, tree.shown_top)
    shown_tree = replace(tree, top=tree.shown_top)
    relocated = measure(
        replace(
            rendering,
            pieces=tuple(
                replace(p, path=None if p.path is None else shown(p.path, shown_tree))
                for p in rendering.pieces
            ),
        )
    )
    entries = tuple(
        replace(
            e,
            path=shown(e.path, tree),
            reason=e.reason.replace(tree.top, tree.shown_top),
            imported_from=None if e.imported_from is None else shown(e.imported_from, tree),
        )
        for e in found.entries
    )
    contents = {shown(f.path, tree): f.content for f in found.files}
    return AgentSide(
        found.profile, title, set_up, entries, contents, relocated, budget_of(found.profile, found)
    )


def _by_path(entries: Sequence[Entry]) -> dict[str, Entry]:
    """Each path's entry that speaks for it: the first sent one, else the first one."""
    out: dict[str, Entry] = {}
    for entry in entries:
        held = out.get(entry.path)
        if held is None or (entry.status in SENT and held.status not in SENT):
            out[entry.path] = entry
    return out


def _sizes(measured: Measured) -> dict[str, Size]:
    """Bytes and tokens each file's content takes on the wire."""
    return {f.path: Size(f.bytes, f.tokens.count) for f in measured.files}


def compare_agent(old: AgentSide, new: AgentSide) -> AgentChange:
    """What changes for one agent between two sides."""
    before, after = _by_path(old.entries), _by_path(new.entries)
    sent_before = [p for p, e in before.items() if e.status in SENT]
    sent_after = [p for p, e in after.items() if e.status in SENT]
    stopped = tuple(p for p in sent_before if p not in sent_after)
    by_content = {old.contents.get(p): p for p in stopped if p in old.contents}
    started = tuple(
        (p, by_content.get(new.contents.get(p, "\0"))) for p in sent_after if p not in sent_before
    )
    statuses = tuple(
        StatusChange(p, None if p not in before else str(before[p].status), str(e.status), e.reason)
        for p, e in after.items()
        if e.status in WATCHED and (p not in before or before[p].status != e.status)
    )
    old_sizes, new_sizes = _sizes(old.measured), _sizes(new.measured)
    files = tuple(
        FileChange(p, old_sizes.get(p), new_sizes.get(p))
        for p in dict.fromkeys([*new_sizes, *old_sizes])
        if old_sizes.get(p) != new_sizes.get(p)
    )
    tokens = new.measured.tokens
    return AgentChange(
        profile=new.profile,
        title=new.title,
        set_up=(old.set_up, new.set_up),
        started=started,
        stopped=stopped,
        statuses=statuses,
        files=files,
        total=(
            Size(old.measured.bytes, old.measured.tokens.count),
            Size(new.measured.bytes, tokens.count),
        ),
        sent=(len(sent_before), len(sent_after)),
        tokens_exact=tokens.exact,
        prefix=Prefix(
            first_difference(old.measured.rendering, new.measured.rendering),
            cached_prefix(old.measured.rendering),
            cached_prefix(new.measured.rendering),
        ),
        budget=new.budget,
        over=(_over(old), _over(new)),
    )


def _over(side: AgentSide) -> bool:
    """Whether the agent cut or dropped a file for its budget (or read cap)."""
    return any(e.status in OVER for e in side.entries)


def new_findings(old: Side, new: Side) -> tuple[NewFinding, ...]:
    """HEAD's findings that BASE did not have, in HEAD's report order."""
    head_keys = report_keys(new.reports, new.tree.root)
    flags = iter(
        new_flags(head_keys, report_keys(old.reports, old.tree.root), new.files, old.files)
    )
    out: list[NewFinding] = []
    for report in new.reports:
        mapper: Mapper | None = None
        for finding in report.analysis.findings:
            if not next(flags):
                continue
            mapper = mapper or Mapper(report.analysis.text, "utf-32")
            line, column = mapper.offset_to_position(finding.start)
            path = os.path.relpath(os.path.abspath(report.display), new.tree.root)
            out.append(NewFinding(path.replace(os.sep, "/"), line + 1, column + 1, finding))
    return tuple(out)


def compare(old: Side, new: Side) -> Change:
    """Every agent either side answers for, in the profile table's order."""
    names = [*new.agents, *(n for n in old.agents if n not in new.agents)]
    return Change(
        base=old.tree.label,
        head=new.tree.label,
        agents=tuple(compare_agent(old.agents[n], new.agents[n]) for n in names),
        findings=new_findings(old, new),
    )
