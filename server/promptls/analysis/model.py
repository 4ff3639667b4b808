"""The data the analysis produces: findings with offset spans and fixes, and markers.

Everything here is in ``str`` offsets (code points) into the analysed text. The LSP layer
converts to client positions; the CLI converts to line/column. Keeping the model free of
any protocol type is what lets CI and the editor report exactly the same thing.
"""

from __future__ import annotations

from enum import StrEnum

from promptls.record import Record, field


class Severity(StrEnum):
    """How loud a finding is; ordered from most to least severe by ``rank``."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"
    HINT = "hint"

    @property
    def rank(self) -> int:
        """0 for error up to 3 for hint, so ``--fail-on`` can compare severities."""
        return _RANK[self]


_RANK = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2, Severity.HINT: 3}


class DocumentKind(StrEnum):
    """What a document is to promptls; rules apply per kind."""

    INSTRUCTION = "instruction"
    """A file an agent profile loads into context (AGENTS.md, CLAUDE.md, …)."""
    PROMPT = "prompt"
    """A system-prompt template matched by the ``prompt-files`` globs."""
    OTHER = "other"
    """Any other text; only marker rules apply, and only when a marker-like token occurs."""


class MarkerKind(StrEnum):
    """How a marker-like token relates to the configured markers."""

    EXACT = "exact"
    """A configured marker, byte for byte."""
    FOREIGN = "foreign"
    """Another agent's known marker that is not configured here."""
    NEAR_MISS = "near-miss"
    """Close to a configured marker but not equal: it will not split."""


class Edit(Record):
    """Replace ``text[start:end]`` with ``new_text``."""

    start: int
    end: int
    new_text: str


class Fix(Record):
    """A safe, non-overlapping set of edits with a title a user can pick from a menu."""

    title: str
    edits: tuple[Edit, ...]


class Related(Record):
    """Another span that explains a finding (e.g. the first marker for a duplicate)."""

    start: int
    end: int
    message: str
    path: str | None = None
    """Another file, when the related span is not in the analysed text."""


class Finding(Record):
    """One rule violation at ``text[start:end]``."""

    code: str
    severity: Severity
    message: str
    start: int
    end: int
    related: tuple[Related, ...] = ()
    fix: Fix | None = None
    unnecessary: bool = False
    """The span is dead text (editors fade it), e.g. a folded duplicate marker."""
    agents: tuple[str, ...] = ()
    """The agents this finding is about, when several were checked and not all of them
    see it (the message starts with them too); empty otherwise."""


class MarkerHit(Record):
    """A marker or marker-like token found by the scanner."""

    start: int
    end: int
    kind: MarkerKind
    marker: str
    """The configured or foreign marker this token is (or is close to)."""
    reason: str = ""
    """For near-misses and foreign markers: why it will not split, in a user's words."""


class Analysis(Record):
    """Everything computed for one version of one document, shared by every feature."""

    text: str
    kind: DocumentKind
    markers: tuple[MarkerHit, ...]
    findings: tuple[Finding, ...]
    path: str | None = None
    suppressed: tuple[Finding, ...] = field(default=())
    """Findings a suppression comment or config silenced (for ``--show-suppressed``)."""

    @property
    def exact_markers(self) -> tuple[MarkerHit, ...]:
        """The markers that really split (the first one) or fold (the rest)."""
        return tuple(m for m in self.markers if m.kind is MarkerKind.EXACT)
