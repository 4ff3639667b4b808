"""One JSON serialiser per result type, shared by the CLI's ``--json`` and the LSP commands.

Every field has one spelling, camelCase (the LSP convention), in one place. Each
serialiser returns a typed record of ``promptls.apidesc.records`` (strict mypy checks every
key and value against it), and the schema ``promptls api-json`` prints is derived from
those records, so the description and the data cannot drift apart. The one snake_case
key, ``cache_control`` inside a request block, is Anthropic's field and is shown exactly
as it is sent.

Each result also carries ``text``: the human view the CLI prints, made by
``promptls.views.text``, so editors display it instead of re-implementing it. Pure:
no LSP import; the language server imports this module, never the reverse.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Literal, cast

from promptls.assembly.assemble import TextSize
from promptls.discovery import PROFILES
from promptls.tokens import estimate_tokens
from promptls.views import text as human
from promptls.views.context_text import context_text
from promptls.views.groups import agent_groups
from promptls.views.matrix import Matrix, coverage_matrix
from promptls.views.text import ProfileContext as ProfileContext

if TYPE_CHECKING:
    from promptls.apidesc import records as rec
    from promptls.apidesc import records_preview as recp
    from promptls.assembly.agents import Measured
    from promptls.assembly.assemble import AssembledPrompt
    from promptls.assembly.environment import Environment
    from promptls.discovery import Discovery, Entry
    from promptls.discovery.skills import SkillInfo

PreviewForm = Literal["static", "dynamic", "system", "wire", "blocks", "text"]
PREVIEW_FORMS: tuple[PreviewForm, ...] = ("static", "dynamic", "system", "wire", "blocks", "text")
"""The large members of a preview (the record's optional keys); the LSP command sends
only those its format asks for."""


def size_json(bytes_: int, chars: int, tokens: int) -> rec.TextSize:
    """One text's size; the token key says it is an estimate."""
    return {"bytes": bytes_, "chars": chars, "tokensEstimate": tokens}


def text_size_json(size: TextSize) -> rec.TextSize:
    """A measured ``TextSize`` in the shape above."""
    return size_json(size.bytes, size.chars, size.tokens)


def environment_json(env: Environment) -> rec.Environment:
    """The environment as plain JSON values."""
    return {
        "cwd": env.cwd,
        "os": env.os,
        "arch": env.arch,
        "shell": env.shell,
        "date": env.date,
        "gitRepo": env.git_repo,
        "gitBranch": env.git_branch,
    }


def environment_result(folder: str, env: Environment) -> rec.EnvironmentResult:
    """``promptls.showEnvironment``."""
    return {
        "folder": folder,
        "environment": environment_json(env),
        "text": human.environment_text(env),
    }


def entry_json(entry: Entry) -> rec.DiscoveryEntry:
    """One discovery candidate with what became of it."""
    return {
        "path": entry.path,
        "scope": str(entry.scope),
        "status": str(entry.status),
        "reason": entry.reason,
        "size": entry.size,
        "order": entry.order,
        "importedFrom": entry.imported_from,
        "line": entry.line,
        "badByte": entry.bad_byte,
        "cutAt": entry.cut_at,
        "sentAgain": entry.sent_again,
    }


def skill_json(skill: SkillInfo) -> rec.Skill:
    """A skill the agent would list."""
    return {"name": skill.name, "description": skill.description, "path": skill.path}


def verified_json(profile: str) -> rec.Verified | None:
    """How ``profile`` was verified (``Profile.verified_by``); None when it does not say."""
    verified = PROFILES[profile].verified_by
    if verified is None:
        return None
    return {"method": str(verified.method), "date": verified.date, "sources": verified.what}


def context_result(
    folder: str,
    env: Environment,
    results: Sequence[ProfileContext],
    *,
    home: str | None,
    base: str | None,
    target: str | None = None,
) -> rec.ContextResult:
    """``promptls context --json`` and ``promptls.showContextFiles``: absolute paths and
    raw reasons in the data; in ``text`` the CLI's human view, with paths shown relative
    to ``base`` (the CLI's current folder, the server's workspace folder) or ``home``.
    ``target`` is the file the answer is for (None: the folder itself)."""
    profiles: list[rec.ProfileAnswer] = []
    for result in results:
        found = result.discovery
        profiles.append(
            {
                "profile": found.profile,
                "title": PROFILES[found.profile].title,
                "verifiedBy": verified_json(found.profile),
                "projectRoot": found.project_root,
                "revision": result.revision,
                "files": [
                    {
                        "order": e.order,
                        "path": e.path,
                        "scope": str(e.scope),
                        "status": str(e.status),
                        "bytes": human.content_bytes(found, e),
                        "tokensEstimate": _content_tokens(found, e),
                    }
                    for e in human.loaded_entries(found)
                    if e.order is not None  # always, for a loaded entry: says so to mypy
                ],
                "entries": [entry_json(e) for e in found.entries],
                "settings": [
                    {"key": s.key, "value": s.value, "source": s.source} for s in found.settings
                ],
                "problems": [
                    {"path": p.path, "line": p.line, "message": p.message} for p in found.problems
                ],
                "skills": [skill_json(s) for s in result.skills],
            }
        )
    out: rec.ContextResult = {
        "folder": folder,
        "target": target,
        "environment": environment_json(env),
        "profiles": profiles,
        "groups": agent_groups(results),
        "text": context_text(folder, env, results, home=home, base=base, target=target),
    }
    if len(results) > 1:
        out["coverage"] = matrix_json(coverage_matrix([r.discovery for r in results]))
    return out


def _content_tokens(found: Discovery, entry: Entry) -> int:
    """Estimated tokens of what was loaded of a file (after any cut)."""
    if entry.order is None or entry.order >= len(found.files):
        return 0
    return estimate_tokens(found.files[entry.order].content)


def matrix_json(matrix: Matrix) -> rec.CoverageMatrix:
    """The coverage matrix: cells only for the agents that met each file."""
    return {
        "agents": list(matrix.agents),
        "rows": [
            {
                "path": row.path,
                "realPath": row.real,
                "links": list(row.links),
                "cells": [
                    {"profile": agent, "status": c.status, "bytes": c.bytes, "sent": c.sent}
                    for agent, c in zip(matrix.agents, row.cells, strict=True)
                    if c is not None
                ],
            }
            for row in matrix.rows
        ],
        "totals": list(matrix.totals),
    }


def preview_result(
    folder: str,
    profile: str,
    system_file: str | None,
    prompt: AssembledPrompt,
    measured: Measured,
    forms: Collection[str] = PREVIEW_FORMS,
    *,
    agent_view: bool = True,
) -> recp.PreviewResult:
    """``promptls preview --format json`` and ``promptls.previewPrompt``.

    ``forms`` picks which of the large members (:data:`PREVIEW_FORMS`) to include; the
    rest (sizes, environment, files, skills) is always there. ``measured`` is the
    profile's own wire rendering (``rendering``); with ``agent_view`` and a profile other
    than ``or``, its text is the ``text`` shown, as ``promptls preview --profile P``
    prints it (the language server keeps the Or view unless a profile is asked for).
    """
    sizes = {**prompt.sizes(), "system": TextSize.of(prompt.system)}
    text = ""
    if "text" in forms:
        if agent_view and not PROFILES[measured.rendering.profile].reference:
            text = human.rendering_text(measured)
        else:
            text = human.preview_text(folder, profile, system_file, prompt, measured)
    out: recp.PreviewResult = {
        "folder": folder,
        "profile": profile,
        "systemFile": system_file,
        "revision": prompt.revision,
        "skillsRevision": prompt.skills_revision,
        "static": prompt.static,
        "dynamic": prompt.dynamic,
        "system": prompt.system,
        "wire": prompt.wire,
        "blocks": _request_blocks(prompt),
        "sizes": {
            "static": text_size_json(sizes["static"]),
            "dynamic": text_size_json(sizes["dynamic"]),
            "system": text_size_json(sizes["system"]),
            "wire": text_size_json(sizes["wire"]),
        },
        "environment": environment_json(prompt.environment),
        "files": [
            {"path": f.path, "scope": str(f.scope), "bytes": TextSize.of(f.content).bytes}
            for f in prompt.discovery.files
        ],
        "skills": [skill_json(s) for s in prompt.skills],
        "rendering": rendering_json(measured, with_wire="wire" in forms),
        "text": text,
    }
    for form in PREVIEW_FORMS:
        if form not in forms:
            del out[form]
    return out


def _request_blocks(prompt: AssembledPrompt) -> list[recp.RequestBlock]:
    """The cache-aware request blocks (static with cache control, then dynamic). The one
    member whose keys mypy cannot follow (``AssembledPrompt.blocks`` is assembly's, which
    the API description may not import); the preview conformance tests check it."""
    return cast("list[recp.RequestBlock]", prompt.blocks())


def rendering_json(measured: Measured, *, with_wire: bool = True) -> recp.AgentRendering:
    """One agent's wire rendering: every block and file with position, bytes, tokens."""
    rendering = measured.rendering
    out: recp.AgentRendering = {
        "profile": rendering.profile,
        "title": rendering.title,
        "verifiedBy": verified_json(rendering.profile),
        "framing": str(rendering.framing),
        "placement": rendering.placement,
        "source": rendering.source,
        "notes": list(rendering.notes),
        "cacheNote": rendering.cache_note,
        "tokenizer": measured.tokens.method,
        "tokensExact": measured.tokens.exact,
        "bytes": measured.bytes,
        "tokens": measured.tokens.count,
        "blocks": [
            {
                "kind": str(p.piece.kind),
                "path": p.piece.path,
                "position": p.position,
                "bytes": p.bytes,
                "tokens": p.tokens.count,
                "cachedPrefix": p.piece.cached,
            }
            for p in measured.pieces
        ],
        "files": [
            {
                "path": f.path,
                "position": f.position,
                "bytes": f.bytes,
                "tokens": f.tokens.count,
                "cachedPrefix": f.cached,
            }
            for f in measured.files
        ],
    }
    if with_wire:
        out["wire"] = rendering.wire
    return out


def agents_preview_result(
    folder: str, target: str | None, measured: Sequence[Measured]
) -> recp.AgentsPreviewResult:
    """``promptls preview --all-profiles --format json``: every agent's rendering."""
    return {
        "folder": folder,
        "target": target,
        "renderings": [rendering_json(m) for m in measured],
        "text": human.agents_preview_text(folder, target, measured),
    }


def wire_result(
    uri: str,
    version: int,
    markers: int,
    parts: tuple[str, str, str],
    measured: Sequence[tuple[int, int]],
) -> rec.WireResult:
    """``promptls.renderWire``: the halves and wire text of one document.

    ``measured`` is (bytes, tokens) of static, dynamic and wire, as the hover shows them.
    """
    static, dynamic, wire = parts
    (s_bytes, s_tokens), (d_bytes, d_tokens), (w_bytes, w_tokens) = measured
    sizes: rec.WireSizes = {
        "static": size_json(s_bytes, len(static), s_tokens),
        "dynamic": size_json(d_bytes, len(dynamic), d_tokens),
        "wire": size_json(w_bytes, len(wire), w_tokens),
    }
    return {
        "uri": uri,
        "version": version,
        "markers": markers,
        "static": static,
        "dynamic": dynamic,
        "wire": wire,
        "sizes": sizes,
        "text": human.wire_text(markers, parts, sizes),
    }


def revision_result(folder: str, profile: str, revision: str) -> rec.RevisionResult:
    """``promptls.contextRevision``."""
    return {"folder": folder, "profile": profile, "revision": revision}
