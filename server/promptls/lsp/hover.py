"""Hover: what the model will see around a marker, why a near-miss will not split,
which workspace files a front-matter scope glob matches, and where an instruction file
stands in its folder's discovered order.

Sizes are UTF-8 bytes (what a provider bills and caches) and token *estimates* from
``promptls.tokens`` (labelled as estimates: a prompt file does not say which model
reads it; ``promptls preview`` gives exact o200k_base counts where the agent is known).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from promptls import later
from promptls.analysis.model import Analysis, DocumentKind, MarkerHit, MarkerKind
from promptls.lsp.markup import Doc
from promptls.text.escape import safe_line

if TYPE_CHECKING:
    from promptls.discovery.model import Discovery, Entry
    from promptls.lsp.documents import Snapshot
    from promptls.lsp.server import PromptServer


def marker_at(analysis: Analysis, offset: int) -> MarkerHit | None:
    """The marker-like token under the cursor (end inclusive, like editors select)."""
    for hit in analysis.markers:
        if hit.start <= offset <= hit.end:
            return hit
    return None


def exact_marker_hover(snapshot: Snapshot, hit: MarkerHit) -> Doc:
    """The wire text of the whole document as the first marker splits it."""
    exact = snapshot.analysis.exact_markers
    position = next((i for i, m in enumerate(exact) if m.start == hit.start), 0)
    parts = snapshot.wire(hit.marker)
    doc = Doc().heading("promptls: boundary marker")
    if position == 0:
        doc.para(
            "This marker splits the prompt: the static half before it is sent as a cached "
            "block (prompt caching), the dynamic half after it is sent uncached every turn."
        )
    else:
        doc.para(
            f"This is marker {position + 1} of {len(exact)}: only the first marker splits. "
            "This one is folded verbatim into the dynamic half, so cache-aware providers "
            "send it to the model as text; the marker-free wire form drops it."
        )
    if len(exact) > 1 and position == 0:
        doc.para(
            f"{len(exact) - 1} later marker(s) in this file do not split again: they stay "
            "inside the dynamic half verbatim."
        )
    for label, part in (
        ("Static half (cached)", parts.static),
        ("Dynamic half (not cached)", parts.dynamic),
        ("Marker-free wire text", parts.wire),
    ):
        doc.block(f"{label} — {part.size.line()}", part.head, part.length)
    return doc


def foreign_marker_hover(hit: MarkerHit) -> Doc:
    """Why a marker-like token does nothing, and the exact marker that would work."""
    title = "near-miss marker" if hit.kind is MarkerKind.NEAR_MISS else "foreign marker"
    doc = Doc().heading(f"promptls: {title}")
    if hit.reason:
        doc.para(hit.reason)
    elif hit.kind is MarkerKind.NEAR_MISS:
        doc.para("This is close to a configured marker but not equal to it: it will not split.")
    else:
        doc.para("This is another agent's marker; it is not configured here, so it will not split.")
    doc.para("The exact marker is:")
    doc.block("", hit.marker)
    return doc


def _entry_line(entry: Entry, here: Path | None) -> str:
    """One discovered candidate: order, scope, status, path and why."""
    path = Path(entry.path)
    mark = "this file — " if here is not None and _same(path, here) else ""
    order = entry.order
    prefix = f"{order + 1}. " if order is not None and order >= 0 else "· "
    line = f"{prefix}{mark}[{entry.scope}] {entry.status}: {path}"
    return line + (f" — {entry.reason}" if entry.reason else "")


def _same(a: Path, b: Path) -> bool:
    """Path identity that tolerates symlinks and missing files."""
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b


def _same_name(a: str, b: Path) -> bool:
    """The same path as written (links not followed): whose entry speaks for the file."""
    return os.path.normcase(os.path.abspath(a)) == os.path.normcase(os.path.abspath(b))  # noqa: PTH100


NEWLINE = b"\n"


def _cut_line(entry: Entry, text: str | None) -> str:
    """Where the agent stops reading, as a line of ``text`` (the check finding's start)."""
    if entry.cut_at is None:
        return ""
    line = ""
    if text is not None:
        head = text.encode("utf-8", "surrogatepass")[: entry.cut_at]
        line = f", line {head.count(NEWLINE) + 1}"
    return f" The agent stops reading at byte {entry.cut_at}{line}."


def _tokens_line(entry: Entry, text: str | None, profile: str) -> str:
    """The tokens of what the agent reads of this file: exact where its model's tokenizer
    is known and installed (``promptls[tokens]``), else the labelled estimate."""
    if text is None or entry.order is None:
        return ""

    data = text.encode("utf-8", "surrogatepass")
    sent = data[: entry.cut_at] if entry.cut_at is not None else data
    counted = later.tokens.count_tokens(
        sent.decode("utf-8", "replace"), later.assembly_agents.encoding(profile)
    )
    label = counted.method if counted.exact else "estimate"
    return f" {'' if counted.exact else '≈'}{counted.count:,} tokens ({label})."


def instruction_hover(
    path: str,
    discoveries: list[tuple[str, Discovery]],
    text: str | None = None,
    bundle: str | None = None,
) -> Doc:
    """Where this file stands, per active profile, in its folder's discovered order.

    The file's own entry is the one for its path as written; a link to a file the
    profile reads under another name says so instead of repeating that entry. A file in
    a skill bundle (``bundle``) is said to be part of it, not a folder's instructions.
    """
    here = Path(path)
    doc = Doc().heading("promptls: instruction file")
    folder = discoveries[0][1].root if discoveries else str(here.parent)
    doc.para(f"Discovered order for folder {folder} (broadest first, most specific last):")
    for profile, discovery in discoveries:
        entries = discovery.entries
        mine = [e for e in entries if _same_name(e.path, here)]
        linked = [e for e in entries if e.order is not None and _same(Path(e.path), here)]
        if mine:
            e = mine[0]
            sent = len(discovery.files)
            where = (
                f"position {e.order + 1} of {sent} sent at launch"
                if e.order is not None
                else "not sent at launch"
            )
            doc.para(
                f"Profile '{profile}': {e.status}, {where} ({e.scope} scope). {e.reason}"
                + _cut_line(e, text)
                + _tokens_line(e, text, profile)
            )
        elif linked:
            doc.para(
                f"Profile '{profile}': this path is not read, but the same file is, as "
                f"{linked[0].path}; findings about its size are reported there."
            )
        elif bundle is not None:
            doc.para(
                f"Profile '{profile}': this file is part of the skill bundle {bundle}, not "
                f"the instructions of a working folder, so {profile} does not load it for "
                f"{discovery.root} or the tree below. It reaches the model only when the "
                "agent works inside the bundle: opened while the skill is used, or attached "
                "by an agent that reads nested instruction files when it reads a file there."
            )
        else:
            doc.para(
                f"Profile '{profile}': this file is not one the profile loads for this folder."
            )
        for entry in entries:
            doc.item(_entry_line(entry, here))
        shaped = [s for s in discovery.settings if s.source != "default"]
        if shaped or discovery.problems:
            doc.para(f"Agent settings that shaped '{profile}':")
        for setting in shaped:
            doc.item(f"{setting.key} = {setting.value} (from {setting.source})")
        for problem in discovery.problems:
            doc.item(f"unusable settings file: {problem}")
    return doc


def glob_hover(text: str, path: str | None, offset: int) -> tuple[Doc, int, int] | None:
    """How many workspace files the scope glob under the cursor matches, and a few of
    them, in the dialect of the file's agent; None when the cursor is on no scope glob."""
    found = later.frontmatter_check.glob_at(text, path, offset)
    if found is None or path is None:
        return None
    kind, glob = found
    doc = Doc().heading(f"promptls: {kind.scope_key} glob ({kind.agent})")
    root = later.frontmatter_kinds.scope_root(path, kind)
    if root is None or not Path(root).is_dir():
        doc.para(
            f"{safe_line(glob.pattern)} is matched against the project {kind.agent} works "
            "on; this file is not inside one (a user-level rule), so nothing is listed."
        )
        return doc, glob.start, glob.end
    hits = later.frontmatter_check.glob_hits(root, kind, glob.pattern)
    listed = later.frontmatter_check.count_files(hits.visited)
    listed = listed if hits.complete else f"the first {listed}"
    doc.para(
        f"{safe_line(glob.pattern)} matches {hits.count} of {listed} under "
        f"{safe_line(root)} ({kind.agent}'s glob matching)."
    )
    if not hits.complete:
        doc.para("The listing stops there: files further down are not counted.")
    for example in hits.examples:
        doc.item(safe_line(example))
    if hits.count > later.frontmatter_check.EXAMPLES:
        doc.para(f"… and {hits.count - later.frontmatter_check.EXAMPLES} more.")
    return doc, glob.start, glob.end


def drift_hover(analysis: Analysis, offset: int) -> tuple[Doc, int, int] | None:
    """The diff behind a PL027 finding under the cursor: the other copy → this one."""
    for finding in analysis.findings:
        if finding.code != "PL027" or not finding.start <= offset <= finding.end:
            continue
        other = next((r.path for r in finding.related if r.path), None)
        there = None if other is None else later.analysis_drift.read_copy(other)
        if other is None or there is None or analysis.path is None:
            continue
        here_name, there_name = Path(analysis.path).name, Path(other).name
        diff = later.analysis_drift.unified(analysis.text, there, here_name, there_name)
        doc = Doc().heading("promptls: drifted copy")
        doc.para(finding.message)
        doc.block(f"Diff from {safe_line(str(other))} to this file:", diff)
        return doc, finding.start, finding.end
    return None


def skill_body(doc: Doc, text: str) -> Doc:
    """Append the body as Claude Code sends it for the sample arguments (commands shown,
    never run)."""
    sample = later.pl029_skill_template_trap.SAMPLE_ARGUMENTS
    doc.para(
        "Claude Code fills placeholders and runs inline commands before the model reads "
        f"this file. Invoked with the sample arguments `{sample}`, it sends "
        "(inline commands are shown, not run):"
    )
    doc.block(
        "",
        later.pl029_skill_template_trap.render_body(
            text, later.pl029_skill_template_trap.SAMPLE_ARGUMENTS
        ),
    )
    return doc


def skill_hover(text: str, path: str | None, offset: int) -> tuple[Doc, int, int] | None:
    """On a placeholder or inline command of a skill or command file: the body as sent."""
    if not later.pl029_skill_template_trap.is_template_path(path):
        return None
    token = next(
        (t for t in later.pl029_skill_template_trap.tokens(text) if t.start <= offset <= t.end),
        None,
    )
    if token is None:
        return None
    return skill_body(Doc().heading("promptls: skill template"), text), token.start, token.end


def hover_result(doc: Doc, markdown: bool, rng: types.Range | None = None) -> types.Hover:
    """Wrap a hover in the format the client accepts."""
    return types.Hover(contents=doc.content(markdown), range=rng)


def _bundle(found: tuple[str, str] | None) -> str | None:
    """The bundle folder of ``skill_bundle``'s answer."""
    return None if found is None else found[1]


INSTRUCTION_HOVER_LINES = 1
"""Instruction-file hovers appear on the first line only, so prose stays hover-free."""


def register(server: PromptServer) -> None:
    """Wire ``textDocument/hover``."""

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def hover(params: types.HoverParams) -> types.Hover | None:
        """Marker hovers anywhere, glob hovers in front matter, the instruction-file hover
        on the first line."""
        snapshot = await server.snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        index = snapshot.index
        offset = index.position_to_offset(params.position)
        analysis = snapshot.analysis
        hit = marker_at(analysis, offset)
        if hit is not None:
            doc = exact_marker_hover(snapshot, hit) if hit.kind is MarkerKind.EXACT else None
            doc = doc or foreign_marker_hover(hit)
            return hover_result(doc, server.markdown, index.span_to_range(hit.start, hit.end))
        drift = drift_hover(analysis, offset)
        if drift is not None:
            drift_doc, start, end = drift
            return hover_result(drift_doc, server.markdown, index.span_to_range(start, end))
        template = skill_hover(index.text, analysis.path, offset)
        if template is not None:
            skill_doc, start, end = template
            return hover_result(skill_doc, server.markdown, index.span_to_range(start, end))
        scoped = glob_hover(index.text, analysis.path, offset)
        if scoped is not None:
            glob_doc, start, end = scoped
            return hover_result(glob_doc, server.markdown, index.span_to_range(start, end))
        if (
            analysis.kind is DocumentKind.INSTRUCTION
            and analysis.path
            and params.position.line < INSTRUCTION_HOVER_LINES
        ):
            path = analysis.path

            folder = later.discovery_api.owning_folder(path)
            profiles = later.discovery_setup.active_profiles(
                folder, server.settings.for_path(path).profile
            )
            try:
                found = [(p, server.discover(folder, p)) for p in profiles]
            except Exception:
                return None
            doc = instruction_hover(
                path, found, snapshot.text, _bundle(later.discovery_api.skill_bundle(path))
            )

            if later.pl029_skill_template_trap.is_template_path(path):
                skill_body(doc, snapshot.text)
            return hover_result(doc, server.markdown)
        return None
