"""``textDocument/completion``: paths after an ``@`` in instruction files, front-matter
keys and values in rule and skill files, the boundary marker in prompt files.

What to offer is ``analysis.completion``'s; this module asks for it with the folder's
agents and settings, and turns it into items: a text edit over what was typed (so the
ranges follow the client's position encoding), and the marker as a snippet only when
the client takes snippets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from promptls import later
from promptls.analysis.model import DocumentKind
from promptls.lsp.importing import import_setup, path_of

if TYPE_CHECKING:
    from promptls.analysis.completion import Choice
    from promptls.lsp.documents import Snapshot
    from promptls.lsp.server import PromptServer

TRIGGERS = ["@", "/", ":"]


def takes_snippets(server: PromptServer) -> bool:
    """Whether the client accepts snippet insert text in completion items."""
    td = server.client_capabilities.text_document
    completion = td.completion if td else None
    item = completion.completion_item if completion else None
    return bool(item and item.snippet_support)


def _snippet(text: str) -> str:
    """``text`` inserted literally by a snippet, the cursor after it."""
    escaped = text.replace("\\", "\\\\").replace("$", "\\$").replace("}", "\\}")
    return escaped + "$0"


def _choices(server: PromptServer, snapshot: Snapshot, offset: int) -> tuple[list[Choice], str]:
    """The suggestions at ``offset`` and what they are (``path``, ``key``, ``marker``)."""
    analysis, text = snapshot.analysis, snapshot.text
    path = path_of(snapshot.uri)
    if analysis.kind is DocumentKind.INSTRUCTION and path is not None:
        front = later.analysis_completion.front_matter_choices(text, offset, path)
        if front:
            return front, "key"
        setup = import_setup(server, path)
        styles = dict.fromkeys(
            style.name for _, style in later.discovery_links.import_profiles(setup.profiles, path)
        )
        return later.analysis_completion.path_choices(
            text, offset, path, styles, home=setup.home
        ), "path"
    if analysis.kind is DocumentKind.PROMPT:
        markers = server.settings.for_path(path).markers
        found = (
            later.analysis_completion.marker_choice(text, offset, markers[0]) if markers else None
        )
        return ([found] if found is not None else []), "marker"
    return [], ""


def _kind(what: str, choice: Choice) -> types.CompletionItemKind:
    """The icon: folder, file, property (key), value, or the marker's snippet."""
    if what == "path":
        return types.CompletionItemKind.Folder if choice.folder else types.CompletionItemKind.File
    if what == "marker":
        return types.CompletionItemKind.Snippet
    if choice.insert.endswith(": "):
        return types.CompletionItemKind.Property
    return types.CompletionItemKind.Value


def items(server: PromptServer, snapshot: Snapshot, offset: int) -> list[types.CompletionItem]:
    """Completion items at ``offset``, each editing exactly what was typed."""
    found, what = _choices(server, snapshot, offset)
    snippets = takes_snippets(server)
    out: list[types.CompletionItem] = []
    for rank, choice in enumerate(found):
        rng = snapshot.index.span_to_range(choice.start, choice.end)
        text = choice.insert
        fmt = types.InsertTextFormat.PlainText
        if what == "marker" and snippets:
            text, fmt = _snippet(text), types.InsertTextFormat.Snippet
        out.append(
            types.CompletionItem(
                label=choice.label,
                kind=_kind(what, choice),
                detail=choice.detail,
                sort_text=f"{rank:05d}",
                filter_text=choice.label,
                text_edit=types.TextEdit(range=rng, new_text=text),
                insert_text_format=fmt,
            )
        )
    return out


def register(server: PromptServer) -> None:
    """Wire ``textDocument/completion``."""

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionOptions(trigger_characters=TRIGGERS, resolve_provider=False),
    )
    async def complete(params: types.CompletionParams) -> types.CompletionList | None:
        """Suggestions at the cursor (an incomplete list: typing asks again)."""
        snapshot = await server.snapshot(params.text_document.uri)
        if snapshot is None:
            return None
        offset = snapshot.index.position_to_offset(params.position)
        return types.CompletionList(is_incomplete=True, items=items(server, snapshot, offset))
