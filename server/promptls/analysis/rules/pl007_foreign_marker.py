"""PL007: another agent's boundary marker."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Edit, Finding, Fix, MarkerKind, Severity
from promptls.analysis.rules.base import PROMPTISH, Rule, marker_removal


def check(doc: Document) -> Iterator[Finding]:
    """Known foreign markers that are not in the ``markers`` setting.

    The fix replaces the first one with the configured marker when the text has no real
    marker; otherwise it removes it (a replacement would be a duplicate or move the split).
    One quoted in code (an inline span or a fence) is a mention: it will not split and
    is not meant to, and either fix would turn the quote into something else.
    """
    target = doc.settings.markers[0] if doc.settings.markers else None
    for hit in doc.markers:
        if hit.kind is not MarkerKind.FOREIGN or doc.code.contains(hit.start):
            continue
        if doc.exact:
            fix = Fix("Remove the foreign marker", marker_removal(doc.text, hit))
        elif target is not None:
            fix = Fix(f"Replace with {target}", (Edit(hit.start, hit.end, target),))
        else:
            fix = None
        yield RULE.finding(
            f"foreign marker {hit.marker}: another agent's boundary, not configured here, so "
            "it will not split; replace it or add it to the `markers` setting",
            hit.start,
            hit.end,
            fix=fix,
        )


DETAILS = """\
**Quoted in code.** A prompt that tells the model about other agents' markers quotes
them (`` `__PROMPT_DYNAMIC_BOUNDARY__` ``, or a fenced example): that is a mention, not a
misplaced boundary, so it is not reported, and neither fix is offered. Replacing it
with the host's marker would make the quote split the prompt, and removing it would leave
an empty code span: text nobody intended. Which text is code is decided as for
[PL003](#pl003).
"""


RULE = Rule(
    code="PL007",
    name="foreign-marker",
    severity=Severity.WARNING,
    summary="Another agent's boundary marker, not configured: it will not split here.",
    explanation=(
        "Other agents use their own boundary strings (for example "
        "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__ or __PROMPT_DYNAMIC_BOUNDARY__). Copied into a "
        "prompt for this host they are plain text: nothing splits there and the model reads "
        "the marker. Replace it with the configured marker (the fix, when the prompt has no "
        "real marker yet; otherwise the fix removes it), or, if your host really uses that "
        "string, add it to `markers` in the configuration. A foreign marker quoted in code (an "
        "inline code span or a fenced block) is a mention and is not reported."
    ),
    bad_example="Doctrine.\n\n__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__\n\nTurn state.\n",
    good_example="Doctrine.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nTurn state.\n",
    fixable=True,
    kinds=PROMPTISH,
    check=check,
    needs_discovery=False,
    applies_to="prompt files, other text files",
    details=DETAILS,
)
