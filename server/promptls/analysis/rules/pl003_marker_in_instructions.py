"""PL003: a boundary marker inside an instruction file."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Fix, MarkerKind, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule, marker_removal


def check(doc: Document) -> Iterator[Finding]:
    """Any exact or foreign marker in a file that is rendered into dynamic context.

    A marker quoted in code (an inline span or a fence) is documentation: a foreign one
    is plain text to this host, so nothing is said; the host's own marker is an info
    without a fix, because marker-free wire text drops it from the quote.
    """
    for hit in doc.markers:
        if hit.kind is MarkerKind.NEAR_MISS:
            continue
        if doc.code.contains(hit.start):
            if hit.kind is MarkerKind.EXACT:
                yield Finding(
                    RULE.code,
                    Severity.INFO,
                    "boundary marker quoted in code: read as documentation, it folds into "
                    "the dynamic half and reaches cache-aware providers as written, but "
                    "marker-free wire text removes it (the model reads an empty quote)",
                    hit.start,
                    hit.end,
                )
            continue
        yield RULE.finding(
            "boundary marker in an instruction file: this file is rendered into the "
            "dynamic context, where a marker moves the split or leaks to the model",
            hit.start,
            hit.end,
            fix=Fix("Remove the marker", marker_removal(doc.text, hit)),
        )


DETAILS = """\
**Markers quoted in code.** A marker mentioned in an inline code span or a fenced block
of an instruction file is documentation: an AGENTS.md that tells contributors which
marker the host splits at, or which markers other agents use. Real repositories do this,
and an error there (with a fix that left an empty code span behind) was a false
positive. So a foreign marker in code is not reported at all: this host does not split
at it, and the quote shows nobody meant it to. The host's own marker in code is an
**info without a fix**: the assembled prompt puts instruction files after the real
marker, so the quoted one folds and cache-aware providers get it as written, but
`render_system_for_wire` removes every marker, so on the marker-free path the model
reads an empty quote. That is worth knowing and nothing promptls could rewrite for you:
removing or altering the marker would change the documentation the author wrote. Code
is found as CommonMark finds it (`promptls/text/markdown/`): fences of three or more
backticks or tildes, inline spans closed by a run of the same length on the same line;
indented code is not code (a prompt file is not always Markdown).
"""


RULE = Rule(
    code="PL003",
    name="marker-in-instruction-file",
    severity=Severity.ERROR,
    summary="Instruction files are dynamic context; a boundary marker there moves the split.",
    explanation=(
        "Instruction files (AGENTS.md, CLAUDE.md, GEMINI.md, …) are discovered on disk and "
        "rendered into the dynamic half of the prompt. A boundary marker inside one either "
        "becomes the first marker of the assembled prompt (moving the cache split into "
        "per-turn content) or is folded in and reaches the model verbatim. Neither is "
        "intended: remove it. Foreign markers (other agents') are reported here too. A marker "
        "quoted in code (an inline code span or a fenced block) is documentation, not a "
        "split: a foreign one is not reported, and the host's own one is an info without a "
        "fix, because marker-free wire text still removes it from the quote."
    ),
    bad_example="# Project rules\n\nUse tabs.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nRun tests.\n",
    good_example="# Project rules\n\nUse tabs.\n\nRun tests.\n",
    fixable=True,
    kinds=INSTRUCTION_ONLY,
    check=check,
    needs_discovery=False,
    applies_to="instruction files",
    details=DETAILS,
)
