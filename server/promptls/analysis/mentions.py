"""Markers that a document only *mentions*: quoted in docs, not placed in a prompt.

A README or a design note that writes `` `__ZIDANE_SYSTEM_PROMPT_BOUNDARY__` `` talks about
the marker; nobody splits that file. For "other" documents (neither instruction nor
prompt files) a marker, foreign marker or near-miss is a mention, and is not analysed,
when it is wrapped in matching quotes or backticks, or sits inside a fenced code block.
Prompt and instruction files get no such leniency: the host splits a prompt file at a
quoted marker just the same, and an instruction file is rendered whatever the quoting.
"""

from __future__ import annotations

from promptls.analysis.model import MarkerHit
from promptls.text.markdown import Code

_QUOTES = "`'\""


def _quoted(text: str, hit: MarkerHit) -> bool:
    """Wrapped in the same quote or backtick on both sides."""
    if hit.start == 0 or hit.end >= len(text):
        return False
    before, after = text[hit.start - 1], text[hit.end]
    return before in _QUOTES and before == after


def without_mentions(text: str, hits: tuple[MarkerHit, ...]) -> tuple[MarkerHit, ...]:
    """The hits that are not mentions (quoted or fenced)."""
    hits = tuple(h for h in hits if not _quoted(text, h))
    if not hits:
        return hits
    code = Code(text)
    return tuple(h for h in hits if code.fence_at(h.start) is None)
