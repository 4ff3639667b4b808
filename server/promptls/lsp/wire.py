"""The halves and wire text of a document version, measured once and shared.

Hover, code lens, symbols and ``promptls.renderWire`` all show the same split. Splitting,
rendering and estimating tokens costs tens of milliseconds on a 10 MB document, so the
server measures each version once in the analysis worker (:func:`wire_of`) and keeps
only what the features show: sizes, and the first :data:`HEAD_CHARS` characters of each
part (hovers truncate there anyway). The full texts are rebuilt on demand
(:func:`full_parts`) by the one command that returns them. Entries are keyed by the text's
identity, length and hash, so the cache never keeps a closed document's text alive.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from promptls.lsp.markup import MAX_BLOCK_CHARS
from promptls.prompt import SYSTEM_PROMPT_BOUNDARY, render_system_for_wire, split_system_prompt
from promptls.tokens import estimate_tokens

CACHE_SIZE = 256
"""Versions remembered; each entry is a few kilobytes whatever the document's size."""
HEAD_CHARS = MAX_BLOCK_CHARS
PARTS = ("static", "dynamic", "wire")


def utf8_len(text: str) -> int:
    """Bytes on the wire; lone surrogates count as the 3 bytes an encoder would emit."""
    return len(text.encode("utf-8", "surrogatepass"))


@dataclass(frozen=True)
class Size:
    """UTF-8 bytes and the token *estimate* of one piece of text."""

    bytes: int
    tokens: int

    def line(self) -> str:
        """ "1234 bytes UTF-8, ≈ 300 tokens (estimate)"."""
        return f"{self.bytes} bytes UTF-8, ≈ {self.tokens} tokens (estimate)"

    def json(self) -> dict[str, int]:
        """The shape commands return."""
        return {"bytes": self.bytes, "tokensEstimate": self.tokens}


def size_of(text: str) -> Size:
    """Measure one piece of text."""
    return Size(utf8_len(text), estimate_tokens(text))


@dataclass(frozen=True)
class Part:
    """One of the three texts: its start (for display), its length and its size."""

    head: str
    length: int
    size: Size


@dataclass(frozen=True)
class Wire:
    """Static half, dynamic half and marker-free text of one version."""

    static: Part
    dynamic: Part
    wire: Part


def full_parts(text: str, marker: str = SYSTEM_PROMPT_BOUNDARY) -> tuple[str, str, str]:
    """Static half, dynamic half and marker-free text, in full.

    The core's API speaks the zidane marker; a differently configured marker is mapped
    onto it first, so the same split rules apply to every configured marker.
    """
    if marker and marker != SYSTEM_PROMPT_BOUNDARY:
        text = text.replace(marker, SYSTEM_PROMPT_BOUNDARY)
    static, dynamic = split_system_prompt(text)
    return static, dynamic, render_system_for_wire(text)


_lock = threading.Lock()
_cache: OrderedDict[tuple[int, int, int, str], Wire] = OrderedDict()


def wire_of(text: str, marker: str = SYSTEM_PROMPT_BOUNDARY) -> Wire:
    """The measured split of ``text`` under ``marker`` (memoised per version)."""
    key = (id(text), len(text), hash(text), marker)
    with _lock:
        hit = _cache.get(key)
        if hit is not None:
            _cache.move_to_end(key)
            return hit
    parts = [Part(p[:HEAD_CHARS], len(p), size_of(p)) for p in full_parts(text, marker)]
    result = Wire(*parts)
    with _lock:
        _cache[key] = result
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return result
