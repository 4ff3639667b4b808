"""Rename safety: ``workspace/willRenameFiles`` answers with the edits that keep every
import of the renamed file (or of the files in a renamed folder) pointing at it.

Only imports an agent follows (``discovery.links``) and that are written relative or
with ``~/`` are rewritten, each in its own style; an absolute import still names the
old path, which is left for PL013 to report. Importers are found where references
finds them (``analysis.loaders``): open documents with their current text, the rest
from disk. The capability is registered for Markdown files (instruction files and the
documents they import) and for folders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import from_fs_path

from promptls import later
from promptls.lsp.importing import import_setup, open_texts, path_of
from promptls.lsp.positions import ClientMapper

if TYPE_CHECKING:
    from promptls.discovery.links import ImportEdit
    from promptls.lsp.server import PromptServer

FILE_GLOB = "**/*.{md,mdc,mdx,markdown,txt}"
"""The files whose renames are announced: instruction files and what they import."""


def _filters() -> list[types.FileOperationFilter]:
    """Markdown-like files and any folder, on disk."""
    kinds = ((FILE_GLOB, types.FileOperationPatternKind.File),
             ("**", types.FileOperationPatternKind.Folder))  # fmt: skip
    return [
        types.FileOperationFilter(
            scheme="file", pattern=types.FileOperationPattern(glob=glob, matches=kind)
        )
        for glob, kind in kinds
    ]


def _edits(server: PromptServer, old: str, new: str) -> tuple[list[ImportEdit], dict[str, str]]:
    """The import edits for one rename, and the texts they apply to (by path)."""
    setup = import_setup(server, old)
    paths, _ = later.analysis_loaders.candidate_files(later.analysis_loaders.scan_root(old))
    texts = dict(later.analysis_loaders.read_texts(paths, open_texts(server)))
    return later.discovery_links.rename_edits(
        old, new, texts.items(), setup.profiles, home=setup.home
    ), texts


def _takes_document_changes(server: PromptServer) -> bool:
    """Whether the client applies versioned ``documentChanges``."""
    ws = server.client_capabilities.workspace
    edit = ws.workspace_edit if ws else None
    return bool(edit and edit.document_changes)


def workspace_edit(
    server: PromptServer, renames: list[types.FileRename]
) -> types.WorkspaceEdit | None:
    """One workspace edit for all the renames; None when no import needs a change."""
    by_uri: dict[str, list[types.TextEdit]] = {}
    for rename in renames:
        old, new = path_of(rename.old_uri), path_of(rename.new_uri)
        if old is None or new is None:
            continue
        edits, texts = _edits(server, old, new)
        for edit in edits:
            uri = from_fs_path(edit.path)
            if uri is None:
                continue
            doc = server.documents.get(uri)
            index = (doc.index(server.documents.encoding) if doc is not None
                     else ClientMapper(texts[edit.path], server.documents.encoding))  # fmt: skip
            rng = index.span_to_range(edit.start, edit.end)
            by_uri.setdefault(uri, []).append(types.TextEdit(range=rng, new_text=edit.new_text))
    if not by_uri:
        return None
    if not _takes_document_changes(server):
        return types.WorkspaceEdit(changes=by_uri)
    changes: list[types.TextDocumentEdit] = []
    for uri, text_edits in by_uri.items():
        doc = server.documents.get(uri)
        ident = types.OptionalVersionedTextDocumentIdentifier(
            uri=uri, version=doc.version if doc is not None else None
        )
        changes.append(types.TextDocumentEdit(text_document=ident, edits=list(text_edits)))
    return types.WorkspaceEdit(document_changes=list(changes))


def register(server: PromptServer) -> None:
    """Wire ``workspace/willRenameFiles``."""

    @server.feature(
        types.WORKSPACE_WILL_RENAME_FILES,
        types.FileOperationRegistrationOptions(filters=_filters()),
    )
    def will_rename(params: types.RenameFilesParams) -> types.WorkspaceEdit | None:
        """The import edits the client applies together with the rename."""
        return workspace_edit(server, list(params.files))
