"""Findings → LSP diagnostics, pushed or pulled.

Push (``textDocument/publishDiagnostics`` with the document version) is used unless the
client declares ``textDocument.diagnostic`` (pull): then the server answers
``textDocument/diagnostic`` from the same per-version analysis and never pushes, and asks
for a refresh (``workspace/diagnostic/refresh``) when settings or discovery change.

Each diagnostic carries the rule code, a ``codeDescription`` link to the rule's section in
``docs/rules.md``, ``source: "promptls"``, related information, the ``Unnecessary`` tag for
dead text, and in ``data`` the document version and the fix (code-point edits), which the
code-action handler turns back into a workspace edit for that exact version.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.uris import from_fs_path

from promptls import later
from promptls.analysis.model import Finding, Severity
from promptls.lsp.documents import Snapshot
from promptls.lsp.positions import ClientMapper
from promptls.text.fsread import read_bounded

SOURCE = "promptls"

_SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
    Severity.HINT: types.DiagnosticSeverity.Hint,
}

OpenIndex = Callable[[str], "ClientMapper | None"]
"""Looks up the line index of an open document's current text."""

_RELATED_READ_LIMIT = 4 * 1024 * 1024
"""Largest other file read to place a related location (bigger ones point at its start)."""


def code_description(code: str) -> types.CodeDescription | None:
    """Link to the rule's published page (the CLI's SARIF ``helpUri`` is the same link);
    None, so no link, while no published URL is set (``RULES_DOC_URL``)."""
    url = later.analysis_rules.rule_doc_url(code)
    return None if url is None else types.CodeDescription(href=url)


def fix_data(finding: Finding, version: int) -> dict[str, Any] | None:
    """The JSON that travels in ``Diagnostic.data``: fix edits in code-point offsets."""
    data: dict[str, Any] = {"version": version, "code": finding.code}
    if finding.agents:
        data["agents"] = list(finding.agents)
    if finding.fix is not None:
        data["fix"] = {
            "title": finding.fix.title,
            "edits": [[e.start, e.end, e.new_text] for e in finding.fix.edits],
        }
    return data


def _here(snapshot: Snapshot, path: str | None) -> bool:
    """Whether a related span's path is this document."""
    return path is None or bool(
        snapshot.analysis.path and Path(path) == Path(snapshot.analysis.path)
    )


def _related_location(
    snapshot: Snapshot,
    path: str | None,
    start: int,
    end: int,
    open_index: OpenIndex,
    placed: dict[int, types.Position],
) -> types.Location:
    """Place a related span, in this document (``placed`` holds its positions) or in
    another file."""
    if path is None or _here(snapshot, path):
        return types.Location(
            uri=snapshot.uri, range=types.Range(start=placed[start], end=placed[end])
        )
    uri = from_fs_path(path) or path
    index = open_index(uri)
    if index is None:
        index = _read_index(path, snapshot.index.encoding)
    if index is None:
        zero = types.Position(line=0, character=0)
        return types.Location(uri=uri, range=types.Range(start=zero, end=zero))
    return types.Location(uri=uri, range=index.span_to_range(start, end))


def _read_index(path: str, encoding: str) -> ClientMapper | None:
    """Line index of a file on disk, bounded, never blocking (FIFOs) and never raising."""
    read = read_bounded(path, _RELATED_READ_LIMIT)
    if read.data is None or read.truncated:
        return None
    return ClientMapper(read.data.decode("utf-8", "replace"), encoding)


def to_diagnostics(
    snapshot: Snapshot, caps: types.ClientCapabilities, open_index: OpenIndex
) -> list[types.Diagnostic]:
    """Every finding of a snapshot as a diagnostic in the client's encoding.

    Related information and code descriptions are always included: clients that do not
    declare support ignore unknown properties, and pull clients declare them in a
    different place than push clients (several profiles declare neither).
    """
    findings = snapshot.analysis.findings
    offsets = [x for f in findings for x in (f.start, f.end)]
    offsets += [
        x for f in findings for r in f.related if _here(snapshot, r.path) for x in (r.start, r.end)
    ]
    placed = snapshot.index.positions(offsets)
    out = []
    for f in findings:
        related = None
        if f.related:
            related = [
                types.DiagnosticRelatedInformation(
                    location=_related_location(
                        snapshot, r.path, r.start, r.end, open_index, placed
                    ),
                    message=r.message,
                )
                for r in f.related
            ]
        out.append(
            types.Diagnostic(
                range=types.Range(start=placed[f.start], end=placed[f.end]),
                message=f.message,
                severity=_SEVERITY.get(f.severity, types.DiagnosticSeverity.Warning),
                code=f.code,
                code_description=code_description(f.code),
                source=SOURCE,
                related_information=related,
                tags=[types.DiagnosticTag.Unnecessary] if f.unnecessary else None,
                data=fix_data(f, snapshot.version),
            )
        )
    return out


def client_pulls(caps: types.ClientCapabilities) -> bool:
    """Whether the client asks for diagnostics itself (LSP 3.17 pull model)."""
    return bool(caps.text_document and caps.text_document.diagnostic)


def client_refreshes(caps: types.ClientCapabilities) -> bool:
    """Whether the client accepts ``workspace/diagnostic/refresh``."""
    ws = caps.workspace
    return bool(ws and ws.diagnostics and ws.diagnostics.refresh_support)


def result_id(snapshot: Snapshot) -> str:
    """Identifies one analysed version so an unchanged pull can answer ``unchanged``."""
    return f"{snapshot.version}:{snapshot.stamp}"
