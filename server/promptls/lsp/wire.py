"""The halves and wire text of a document version, computed once and shared.

Hover, code lens, symbols and ``promptls.renderWire`` all show the same split; on a 10 MB
document splitting, rendering and estimating tokens costs tens of milliseconds, so the
result is memoised per text object (a new version is a new ``str``) in a small LRU.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from promptls.prompt import SYSTEM_PROMPT_BOUNDARY, render_system_for_wire, split_system_prompt
from promptls.tokens import estimate_tokens

_CACHE_SIZE = 16


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
class Wire:
    """Static half, dynamic half and marker-free text, with their sizes."""

    static: str
    dynamic: str
    wire: str
    sizes: dict[str, Size] = field(default_factory=dict, compare=False)

    def size(self, part: str) -> Size:
        """Size of ``static``, ``dynamic`` or ``wire``, measured on first use."""
        found = self.sizes.get(part)
        if found is None:
            found = self.sizes[part] = size_of(getattr(self, part))
        return found


_lock = threading.Lock()
_cache: OrderedDict[tuple[int, str], tuple[str, Wire]] = OrderedDict()


def wire_of(text: str, marker: str = SYSTEM_PROMPT_BOUNDARY) -> Wire:
    """The split for ``text`` under ``marker`` (memoised per text object).

    The core's API speaks the zidane marker; a differently configured marker is mapped
    onto it first, so the same split rules apply to every configured marker.
    """
    key = (id(text), marker)
    with _lock:
        hit = _cache.get(key)
        if hit is not None and hit[0] is text:
            _cache.move_to_end(key)
            return hit[1]
    source = text
    if marker and marker != SYSTEM_PROMPT_BOUNDARY:
        source = text.replace(marker, SYSTEM_PROMPT_BOUNDARY)
    static, dynamic = split_system_prompt(source)
    result = Wire(static, dynamic, render_system_for_wire(source))
    with _lock:
        _cache[key] = (text, result)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return result
