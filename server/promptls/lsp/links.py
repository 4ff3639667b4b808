"""Imports as links: ``textDocument/documentLink`` and ``textDocument/definition`` on
every ``@path`` an agent of the folder follows (``discovery.links``).

Under several agents (``profile = auto`` with Claude and gemini set up) a token is a
link when at least one of them follows it, and the tooltip names which; one that none
follows is no link (PL013 says why).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.uris import from_fs_path

from promptls import later
from promptls.analysis.model import DocumentKind
from promptls.lsp.importing import import_setup, path_of

if TYPE_CHECKING:
    from promptls.discovery.links import ImportLink
    from promptls.lsp.documents import Snapshot
    from promptls.lsp.server import PromptServer


IMPORTABLE = (".md", ".mdx", ".markdown")
"""Besides instruction files, Markdown files get links: the documents imports pull in
(``docs/style.md``) are read by the agent, imports included, under any name."""


def links_of(server: PromptServer, snapshot: Snapshot) -> list[ImportLink]:
    """The followed imports of an open instruction or Markdown file (none in prompts)."""
    path = path_of(snapshot.uri)
    kind = snapshot.analysis.kind
    if path is None or kind is DocumentKind.PROMPT:
        return []
    if kind is not DocumentKind.INSTRUCTION and not path.lower().endswith(IMPORTABLE):
        return []
    if "@" not in snapshot.text:
        return []
    setup = import_setup(server, path)
    return later.discovery_links.followed_imports(
        snapshot.text, path, setup.profiles, home=setup.home, discoveries=setup.discoveries
    )


def tooltip(link: ImportLink) -> str:
    """Who follows the import, and where to."""
    return f"{' and '.join(link.agents)} import{'s' if len(link.agents) == 1 else ''} {link.target}"


def takes_links(server: PromptServer) -> bool:
    """Whether the client accepts ``LocationLink`` answers to a definition request."""
    td = server.client_capabilities.text_document
    found = td.definition if td else None
    return bool(found and found.link_support)


def takes_tooltips(server: PromptServer) -> bool:
    """Whether the client shows a document link's tooltip."""
    td = server.client_capabilities.text_document
    found = td.document_link if td else None
    return bool(found and found.tooltip_support)


def register(server: PromptServer) -> None:
    """Wire ``textDocument/documentLink`` and ``textDocument/definition``."""

    @server.feature(
        types.TEXT_DOCUMENT_DOCUMENT_LINK, types.DocumentLinkOptions(resolve_provider=False)
    )
    async def document_links(params: types.DocumentLinkParams) -> list[types.DocumentLink] | None:
        """One link per followed import, over the whole ``@path`` token."""
        snapshot = await server.snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        index = snapshot.index
        tips = takes_tooltips(server)
        return [
            types.DocumentLink(
                range=index.span_to_range(link.start, link.end),
                target=from_fs_path(link.target),
                tooltip=tooltip(link) if tips else None,
            )
            for link in links_of(server, snapshot)
        ]

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def definition(
        params: types.DefinitionParams,
    ) -> list[types.LocationLink] | list[types.Location] | None:
        """The imported file, from anywhere on its ``@path`` token (a link with the
        token as its origin where the client takes links)."""
        snapshot = await server.snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        index = snapshot.index
        offset = index.position_to_offset(params.position)
        top = types.Range(start=types.Position(0, 0), end=types.Position(0, 0))
        for link in links_of(server, snapshot):
            uri = from_fs_path(link.target)
            if not (link.start <= offset <= link.end and uri):
                continue
            if not takes_links(server):
                return [types.Location(uri=uri, range=top)]
            return [
                types.LocationLink(
                    target_uri=uri,
                    target_range=top,
                    target_selection_range=top,
                    origin_selection_range=index.span_to_range(link.start, link.end),
                )
            ]
        return None
