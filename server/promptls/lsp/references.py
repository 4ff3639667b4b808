"""``textDocument/references`` on an instruction file: the ``@path`` tokens in other
files that import it (``analysis.loaders``, the same answer as ``promptls.showLoaders``
and ``promptls context --loaders``), each as the range of its token in the client's
encoding; with ``includeDeclaration``, the file itself too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import from_fs_path

from promptls.lsp.importing import loaders_of, path_of
from promptls.lsp.positions import ClientMapper
from promptls.text.fsread import decode, read_bounded

if TYPE_CHECKING:
    from promptls.lsp.server import PromptServer

READ_CAP = 8 * 1024 * 1024
"""Largest importer read again to place its ranges."""


def _mapper(server: PromptServer, path: str, uri: str) -> ClientMapper | None:
    """The importer's text in the client's encoding: the open document's, else the disk's."""
    index = server.open_index(uri)
    if index is not None:
        return index
    data = read_bounded(path, READ_CAP).data
    return None if data is None else ClientMapper(decode(data)[0], server.documents.encoding)


def register(server: PromptServer) -> None:
    """Wire ``textDocument/references``."""

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    async def references(params: types.ReferenceParams) -> list[types.Location] | None:
        """Where the file is imported: any open file, since an imported Markdown file
        need not have an instruction file's name."""
        snapshot = await server.snapshot(params.text_document.uri)
        path = path_of(params.text_document.uri)
        if snapshot is None or path is None:
            return None
        found = loaders_of(server, path)
        out: list[types.Location] = []
        if params.context.include_declaration:
            out.append(
                types.Location(
                    uri=params.text_document.uri, range=snapshot.index.span_to_range(0, 0)
                )
            )
        for site in found.importers:
            uri = from_fs_path(site.path)
            index = None if uri is None else _mapper(server, site.path, uri)
            if uri is None or index is None:
                continue
            out.append(
                types.Location(uri=uri, range=index.span_to_range(site.link.start, site.link.end))
            )
        return out
