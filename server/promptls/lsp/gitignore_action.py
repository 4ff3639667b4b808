"""PL026's quick fix: the personal file's name added to the repository's ``.gitignore``.

The finding is about the open file but the fix edits another one, so it is offered only
as a code action the user accepts (never in fix-all, never by ``check --fix``), and only
to clients that take versioned document changes (and file creation, when the worktree
has no ``.gitignore`` yet). The line is the bare name, the one PL026's message names: it
matches the file in every folder, as the agents' docs suggest.
"""

from __future__ import annotations

# Plain str paths: the worktree and the document's path are strings throughout.
# ruff: noqa: PTH118, PTH119, PTH120
import os
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from promptls import later
from promptls.lsp.positions import ClientMapper
from promptls.text.fsread import read_bounded

if TYPE_CHECKING:
    from promptls.lsp.documents import Snapshot
    from promptls.lsp.server import PromptServer

MAX_GITIGNORE_BYTES = 1024 * 1024
"""A larger ``.gitignore`` is left alone (no action) rather than read in a code action."""


def client_can(server: PromptServer, kind: types.ResourceOperationKind) -> bool:
    """Whether the client applies versioned document changes with this file operation."""
    ws = server.client_capabilities.workspace
    caps = ws.workspace_edit if ws else None
    return bool(caps and caps.document_changes and kind in (caps.resource_operations or ()))


def gitignore_actions(
    server: PromptServer, snapshot: Snapshot, diags: list[types.Diagnostic]
) -> list[types.CodeAction]:
    """ "Add NAME to .gitignore" for a personal file no ignore file covers yet."""
    path = snapshot.analysis.path
    verdict = None if path is None else later.discovery_gitignore.git_ignored(path)
    if path is None or verdict is None or verdict.ignored:
        return []
    ws = server.client_capabilities.workspace
    if not (ws and ws.workspace_edit and ws.workspace_edit.document_changes):
        return []
    name = os.path.basename(path)
    target = os.path.join(verdict.worktree, ".gitignore")
    uri = Path(target).as_uri()
    doc = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=None)
    read = read_bounded(target, MAX_GITIGNORE_BYTES)
    changes: list[types.TextDocumentEdit | types.CreateFile] = []
    if read.missing:
        if not client_can(server, types.ResourceOperationKind.Create):
            return []
        changes.append(types.CreateFile(uri=uri))
        at = types.Position(line=0, character=0)
        inserted = f"{name}\n"
    elif read.data is None or read.truncated:
        return []
    else:
        text = read.data.decode("utf-8", "replace")
        eol = "\r\n" if "\r\n" in text else "\n"
        at = ClientMapper(text, server.documents.encoding).span_to_range(len(text), len(text)).start
        inserted = ("" if not text or text.endswith(("\n", "\r")) else eol) + name + eol
    edit = types.TextEdit(range=types.Range(start=at, end=at), new_text=inserted)
    changes.append(types.TextDocumentEdit(text_document=doc, edits=[edit]))
    shown = os.path.relpath(target, os.path.dirname(path)).replace(os.sep, "/")
    return [
        types.CodeAction(
            title=f"Add {name} to {shown}",
            kind=types.CodeActionKind.QuickFix,
            diagnostics=diags,
            edit=types.WorkspaceEdit(document_changes=list(changes)),
        )
    ]
