"""Hover text that a document's content cannot break out of.

Everything a file contributes is either inside a code fence longer than any backtick run
it contains, or escaped character by character (every ASCII punctuation mark gets a
backslash, which CommonMark defines as a literal). We never emit raw HTML, links or
images, so no ``command:`` or ``javascript:`` link can appear. Clients that do not accept
Markdown get the same content as plain text.
"""

from __future__ import annotations

from lsprotocol import types

from promptls.text.markdown import longest_run

MAX_BLOCK_CHARS = 2000
"""Longest excerpt shown in one hover block; the rest is counted, not shown."""

_SPECIAL = frozenset("\\`*_[]<>!|~&#")
"""Characters that can start emphasis, code, links, images, HTML, tables or entities."""
_LEADING = frozenset("-+=")
"""Characters that only matter at the start of a line (lists, setext headings)."""


def escape(text: str) -> str:
    """Escape inline text so it renders literally (no emphasis, links, HTML, headings).

    Text is flattened to one line first, so no block construct can start mid-text; the
    backslash escapes are CommonMark's (any ASCII punctuation may be escaped).
    """
    flat = " ".join(text.split())
    out = "".join("\\" + c if c in _SPECIAL else c for c in flat)
    if out and out[0] in _LEADING:
        out = "\\" + out
    digits = len(out) - len(out.lstrip("0123456789"))
    if digits and out[digits : digits + 1] in (".", ")"):
        out = out[:digits] + "\\" + out[digits:]
    return out


def truncate(text: str, limit: int = MAX_BLOCK_CHARS, total: int | None = None) -> str:
    """Cut long text and say how much was left out, so the user knows it is partial.

    ``total`` is the full length when ``text`` is already only the start of it.
    """
    total = len(text) if total is None else total
    if total <= limit:
        return text
    return f"{text[:limit]}\n… {total - limit} more characters"


def fence(text: str) -> str:
    """A fenced block whose fence is longer than any backtick run inside it."""
    ticks = "`" * max(3, longest_run(text) + 1)
    body = text if text.endswith("\n") or not text else text + "\n"
    return f"{ticks}text\n{body}{ticks}"


class Doc:
    """A hover built from parts; rendered as Markdown or plain text at the end.

    A plain class, not a dataclass: this module loads with the server, before
    ``initialize``, and generating a dataclass's methods costs ~0.2 ms of that start.
    """

    __slots__ = ("parts",)

    def __init__(self) -> None:
        """An empty document; the builder methods append to it."""
        self.parts: list[tuple[str, str]] = []

    def heading(self, text: str) -> Doc:
        """A bold title line."""
        self.parts.append(("heading", text))
        return self

    def para(self, text: str) -> Doc:
        """A paragraph of prose (escaped in Markdown)."""
        self.parts.append(("para", text))
        return self

    def item(self, text: str) -> Doc:
        """A bullet (escaped in Markdown)."""
        self.parts.append(("item", text))
        return self

    def block(self, label: str, text: str, total: int | None = None) -> Doc:
        """A labelled verbatim excerpt, truncated when long (``total``: full length)."""
        if label:
            self.parts.append(("para", label))
        self.parts.append(("block", truncate(text, total=total) if text else "(empty)"))
        return self

    def markdown(self) -> str:
        """Render as CommonMark with every file-provided string neutralised."""
        out: list[str] = []
        for kind, text in self.parts:
            if kind == "heading":
                out.append(f"**{escape(text)}**")
            elif kind == "para":
                out.append(escape(text))
            elif kind == "item":
                out.append(f"- {escape(text)}")
            else:
                out.append(fence(text))
        return _join(out, self.parts)

    def plaintext(self) -> str:
        """Render without any markup, for clients that only take plain text."""
        out: list[str] = []
        for kind, text in self.parts:
            if kind == "item":
                out.append(f"- {text}")
            elif kind == "block":
                out.append(_indent(text))
            else:
                out.append(text)
        return _join(out, self.parts)

    def content(self, markdown: bool) -> types.MarkupContent:
        """The hover contents in the format the client asked for."""
        if markdown:
            return types.MarkupContent(kind=types.MarkupKind.Markdown, value=self.markdown())
        return types.MarkupContent(kind=types.MarkupKind.PlainText, value=self.plaintext())


def _join(rendered: list[str], parts: list[tuple[str, str]]) -> str:
    """Blank lines between parts, but consecutive bullets stay one list."""
    out: list[str] = []
    for i, text in enumerate(rendered):
        if i and not (parts[i][0] == "item" and parts[i - 1][0] == "item"):
            out.append("")
        out.append(text)
    return "\n".join(out)


def _indent(text: str) -> str:
    """Indent an excerpt so it stands apart in plain text."""
    return "\n".join("    " + line for line in text.split("\n"))


def client_wants_markdown(caps: types.ClientCapabilities) -> bool:
    """Markdown unless the client's preferred hover format is plain text."""
    hover = caps.text_document.hover if caps.text_document else None
    formats = hover.content_format if hover else None
    if not formats:
        return False
    for fmt in formats:
        if fmt == types.MarkupKind.Markdown:
            return True
        if fmt == types.MarkupKind.PlainText:
            return False
    return False
