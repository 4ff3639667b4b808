"""What every rule sees: the text, its kind, the settings and the markers found once."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING

from promptls.analysis.dashes import Dashes, dash_pass
from promptls.analysis.model import DocumentKind, MarkerHit, MarkerKind
from promptls.analysis.scanner import anchor_words
from promptls.analysis.suppress import Suppressions
from promptls.record import Record, field
from promptls.text import codeset
from promptls.text.invisible import INVISIBLE, has_invisible
from promptls.text.mapper import text_to_utf8, utf8_pieces
from promptls.text.markdown import Code

if TYPE_CHECKING:
    from promptls.analysis.coverage import Hole
    from promptls.analysis.settings import Settings
    from promptls.discovery.model import Discovery


class Document(Record, frozen=False):
    """One analysed text; derived facts are computed lazily and at most once."""

    text: str
    kind: DocumentKind
    settings: Settings
    markers: tuple[MarkerHit, ...]
    path: str | None = None
    discovery: Discovery | None = None
    """What the file's folder loads, for the file-level rules, when the caller has one."""
    suppressions: Suppressions = field(default_factory=Suppressions)
    """The text's suppression comments (PL016 reports their unknown codes)."""
    coverage: tuple[Hole, ...] = ()
    """Set-up agents that load no project instructions (PL028), when the caller knows."""
    discover: Callable[[str, str], Discovery | None] | None = None
    """``(folder, profile) -> Discovery``, memoised by the caller, for the rules that
    compare every agent's discovery of a folder (PL027); None: they discover themselves."""

    @cached_property
    def exact(self) -> tuple[MarkerHit, ...]:
        """Configured markers in text order: the first splits, the rest fold."""
        return tuple(m for m in self.markers if m.kind is MarkerKind.EXACT)

    @cached_property
    def utf8(self) -> bytes | None:
        """The UTF-8 bytes for byte-level searches; None for ASCII text (no need).

        One ``encode`` of the whole text: slicing a text that holds an emoji into pieces
        first (``utf8_pieces``) costs CPython a scan of each piece for its widest
        character, about as much again as the encoding."""
        return None if self.text.isascii() else text_to_utf8(self.text)

    @cached_property
    def utf8_starts(self) -> list[int] | None:
        """Where each piece of ``utf8`` starts (``utf8_pieces``), for ``utf8_to_offsets``;
        None for ASCII. Only byte offsets found in the text need them (an invisible
        character, the marker scanner's plain search), so they are computed on the first
        such question, by encoding the pieces again."""
        return None if self.text.isascii() else utf8_pieces(self.text)[1]

    @cached_property
    def invisible(self) -> bool:
        """Whether the text holds an invisible character (``chars.INVISIBLE_RANGES``,
        none of them ASCII): PL010 reports them, and the marker scanner takes its fast
        path only without them. With the C speedup, one pass over the ``str``; without,
        a search of ``utf8``."""
        if self.text.isascii():
            return False
        if codeset.NATIVE:
            return INVISIBLE.first(self.text) >= 0
        data = self.utf8
        return data is not None and has_invisible(data, self.text)

    @cached_property
    def ascii_view(self) -> bytes | None:
        """One byte per code point of a non-ASCII text (``codeset.ascii_view``: ASCII as
        itself, anything else ``\\x80``), for searches that only ASCII can match: they
        find the text's own offsets in a quarter of the memory of a text stored at 4
        bytes a character. None for an ASCII text (search the ``str``) and without the C
        speedup."""
        return None if self.text.isascii() else codeset.ascii_view(self.text)

    @property
    def ascii_bytes(self) -> bytes | None:
        """Bytes that a pattern of ASCII literals and classes matches where it matches
        the text, for a search that only asks whether it matches (PL033's gate: 0.36
        against 0.7 ms per MB of emoji text): ``ascii_view``, else (without the C
        speedup) ``utf8``, which the invisible search has made already. None for an
        ASCII text: search the ``str``."""
        if self.text.isascii():
            return None
        view = self.ascii_view
        return view if view is not None else self.utf8

    @cached_property
    def dashes(self) -> Dashes:
        """The one pass over the text's ``-`` that the marker scanner's shaped search
        and PL033's gate share (``dashes``)."""
        return dash_pass(self.text, anchor_words(tuple(self.settings.markers)), self.ascii_view)

    @cached_property
    def static_end(self) -> int:
        """Where the cacheable static half ends (the whole text without a marker)."""
        return self.exact[0].start if self.exact else len(self.text)

    @cached_property
    def code(self) -> Code:
        """Where the text's code spans and fenced blocks are (computed on first question)."""
        return Code(self.text)
