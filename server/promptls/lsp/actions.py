"""Code actions: the analysis' fixes as quick fixes, suppressions, and fix-all.

A quick fix is rebuilt from ``Diagnostic.data`` (code-point edits plus the document
version they were computed for); a diagnostic from an older version yields no fix, so a
stale edit can never land in the wrong place. ``source.fixAll.promptls`` applies every
fix of the current version at once (through the core's ``apply_fixes``) as one minimal
edit.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import PurePath
from typing import TYPE_CHECKING

from lsprotocol import types

from promptls import later
from promptls.analysis.fixes import apply_fixes
from promptls.analysis.model import Edit, Fix
from promptls.apidesc.ids import FIX_ALL_KIND
from promptls.lsp.diagnostics import SOURCE
from promptls.lsp.documents import Snapshot
from promptls.lsp.gitignore_action import client_can, gitignore_actions

if TYPE_CHECKING:
    from promptls.lsp.server import PromptServer

FIX_ALL = FIX_ALL_KIND
"""The fix-all kind editors can run on save (``source.fixAll.promptls``)."""

MARKDOWN_SUFFIXES = frozenset({".md", ".markdown", ".mdx"})
MARKDOWN_SUPPRESS = "<!-- promptls-disable-next-line {code} -->"
"""Suppression comment on its own line before the finding (Markdown documents)."""
TEXT_SUPPRESS = "  # promptls: noqa {code}"
"""Suppression comment appended to the finding's line (non-Markdown prompt files)."""


def _wanted(only: list[str] | None, kind: str) -> bool:
    """Whether ``kind`` passes the client's ``only`` filter (prefix match, LSP rules)."""
    if not only:
        return True
    return any(kind == k or kind.startswith(k + ".") for k in only)


def _fix_of(diag: types.Diagnostic, snapshot: Snapshot) -> Fix | None:
    """The fix carried by one of our diagnostics, if it is for this version.

    Clients that do not keep ``Diagnostic.data`` (e.g. Emacs' profile) send it back
    without: then the finding with the same code and range in the current analysis
    supplies the fix.
    """
    data = diag.data
    if diag.source != SOURCE:
        return None
    if data is None:
        return _fix_by_range(diag, snapshot)
    if not isinstance(data, dict) or data.get("version") != snapshot.version:
        return None
    raw = data.get("fix")
    if not isinstance(raw, dict):
        return None
    try:
        edits = tuple(Edit(int(s), int(e), str(t)) for s, e, t in raw.get("edits", ()))
    except (TypeError, ValueError):
        return None
    return Fix(title=str(raw.get("title", "Fix")), edits=edits) if edits else None


def _fix_by_range(diag: types.Diagnostic, snapshot: Snapshot) -> Fix | None:
    """Find the fix of the current finding that this data-less diagnostic shows."""
    for finding in snapshot.analysis.findings:
        if finding.fix is None or finding.code != diag.code:
            continue
        if snapshot.index.span_to_range(finding.start, finding.end) == diag.range:
            return finding.fix
    return None


def _text_edits(snapshot: Snapshot, edits: Iterable[Edit]) -> list[types.TextEdit]:
    """Code-point edits → LSP text edits in the client's encoding."""
    return [
        types.TextEdit(range=snapshot.index.span_to_range(e.start, e.end), new_text=e.new_text)
        for e in edits
    ]


def workspace_edit(
    server: PromptServer, snapshot: Snapshot, edits: list[types.TextEdit]
) -> types.WorkspaceEdit:
    """A versioned edit when the client supports it, so stale edits are refused."""
    ws = server.client_capabilities.workspace
    versioned = bool(ws and ws.workspace_edit and ws.workspace_edit.document_changes)
    if versioned:
        doc = types.OptionalVersionedTextDocumentIdentifier(
            uri=snapshot.uri, version=snapshot.version
        )
        return types.WorkspaceEdit(
            document_changes=[types.TextDocumentEdit(text_document=doc, edits=list(edits))]
        )
    return types.WorkspaceEdit(changes={snapshot.uri: list(edits)})


def _minimal_edit(old: str, new: str) -> Edit:
    """One edit covering only what differs between ``old`` and ``new``."""
    limit = min(len(old), len(new))
    start = 0
    while start < limit and old[start] == new[start]:
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old -= 1
        end_new -= 1
    return Edit(start, end_old, new[start:end_new])


def _eol(text: str) -> str:
    """The document's line ending, so an inserted comment matches (CRLF files stay CRLF)."""
    return "\r\n" if "\r\n" in text else "\r" if "\r" in text and "\n" not in text else "\n"


def suppress_edit(snapshot: Snapshot, code: str, line: int) -> Edit:
    """The suppression the analysis understands for this kind of file.

    Markdown gets ``<!-- promptls-disable-next-line PLxxx -->`` on its own line above,
    with the same indent; other prompt files get ``# promptls: noqa PLxxx`` at the end
    of the line (the analysis reads noqa on the line it is on).
    """
    index = snapshot.index
    line = max(0, min(line, index.line_count - 1))
    start = index.line_starts[line]
    content = snapshot.text[start : index.line_ends[line]]
    indent = content[: len(content) - len(content.lstrip(" \t"))]
    path = snapshot.analysis.path
    markdown = path is None or PurePath(path).suffix.lower() in MARKDOWN_SUFFIXES
    if not markdown:
        end = index.line_ends[line]
        return Edit(end, end, TEXT_SUPPRESS.format(code=code))
    comment = MARKDOWN_SUPPRESS.format(code=code)
    return Edit(start, start, f"{indent}{comment}{_eol(snapshot.text)}")


def code_actions(
    server: PromptServer, snapshot: Snapshot, params: types.CodeActionParams
) -> list[types.CodeAction]:
    """Quick fixes and suppressions for the diagnostics in range, plus fix-all."""
    only = [str(k) for k in params.context.only] if params.context.only else None
    out: list[types.CodeAction] = []
    seen_codes: set[tuple[str, int]] = set()
    for diag in params.context.diagnostics:
        if diag.source != SOURCE:
            continue
        fix = _fix_of(diag, snapshot)
        if fix is not None and _wanted(only, types.CodeActionKind.QuickFix):
            edit = workspace_edit(server, snapshot, _text_edits(snapshot, fix.edits))
            out.append(
                types.CodeAction(
                    title=fix.title,
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diag],
                    edit=edit,
                    is_preferred=True,
                )
            )
        code = str(diag.code) if diag.code is not None else ""
        key = (code, diag.range.start.line)
        if code and key not in seen_codes and _wanted(only, types.CodeActionKind.QuickFix):
            seen_codes.add(key)
            sup = suppress_edit(snapshot, code, diag.range.start.line)
            out.append(
                types.CodeAction(
                    title=f"Disable {code} for this line",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diag],
                    edit=workspace_edit(server, snapshot, _text_edits(snapshot, [sup])),
                )
            )
    drifted = [d for d in params.context.diagnostics if d.source == SOURCE and d.code == "PL027"]
    if drifted and _wanted(only, types.CodeActionKind.QuickFix):
        out += shim_actions(server, snapshot, drifted)
    personal = [d for d in params.context.diagnostics if d.source == SOURCE and d.code == "PL026"]
    if personal and _wanted(only, types.CodeActionKind.QuickFix):
        out += gitignore_actions(server, snapshot, personal)
    unclosed = [d for d in params.context.diagnostics if d.source == SOURCE and d.code == "PL030"]
    if unclosed and _wanted(only, types.CodeActionKind.QuickFix):
        out += fence_actions(server, snapshot, unclosed)
    if only and _wanted(only, FIX_ALL):
        action = fix_all(server, snapshot)
        if action is not None:
            out.append(action)
    return out


def shim_actions(
    server: PromptServer, snapshot: Snapshot, diags: list[types.Diagnostic]
) -> list[types.CodeAction]:
    """PL027's fix: the agent's copy becomes an import of the shared file, or is deleted
    when its agents read that file already (only for clients that can delete files)."""
    path = snapshot.analysis.path
    if path is None:
        return []
    can_delete = client_can(server, types.ResourceOperationKind.Delete)
    out = []
    for shim in later.analysis_shim.shims(path, snapshot.text):
        if shim.new_text is None:
            if not can_delete:
                continue
            edit = types.WorkspaceEdit(document_changes=[types.DeleteFile(uri=snapshot.uri)])
        else:
            whole = Edit(0, len(snapshot.text), shim.new_text)
            edit = workspace_edit(server, snapshot, _text_edits(snapshot, [whole]))
        out.append(
            types.CodeAction(
                title=shim.title, kind=types.CodeActionKind.QuickFix, diagnostics=diags, edit=edit
            )
        )
    return out


def fence_actions(
    server: PromptServer, snapshot: Snapshot, diags: list[types.Diagnostic]
) -> list[types.CodeAction]:
    """PL030's fix, offered in the editor only (the finding carries none, so neither
    ``check --fix`` nor fix-all applies it): the matching closing fence at the end."""
    edit = later.pl030_unclosed_fence.closing_edit(snapshot.text)
    if edit is None:
        return []
    return [
        types.CodeAction(
            title="Close the code fence at the end of the file",
            kind=types.CodeActionKind.QuickFix,
            diagnostics=diags,
            edit=workspace_edit(server, snapshot, _text_edits(snapshot, [edit])),
            is_preferred=True,
        )
    ]


def fix_all(server: PromptServer, snapshot: Snapshot) -> types.CodeAction | None:
    """Every fix of the current version as one edit (``None`` when nothing to fix)."""
    fixes = [f.fix for f in snapshot.analysis.findings if f.fix is not None]
    if not fixes:
        return None
    new_text = apply_fixes(snapshot.text, fixes)
    if new_text == snapshot.text:
        return None
    edit = _minimal_edit(snapshot.text, new_text)
    return types.CodeAction(
        title="Fix all promptls problems",
        kind=FIX_ALL,
        edit=workspace_edit(server, snapshot, _text_edits(snapshot, [edit])),
    )


def register(server: PromptServer) -> None:
    """Wire ``textDocument/codeAction``."""

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL]),
    )
    async def code_action(params: types.CodeActionParams) -> list[types.CodeAction] | None:
        """Answer from the shared per-version analysis."""
        snapshot = await server.snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        return code_actions(server, snapshot, params) or None
