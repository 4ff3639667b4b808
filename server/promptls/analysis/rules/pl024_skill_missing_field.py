"""PL024: a ``SKILL.md`` without the ``name`` or ``description`` the agents require."""

from __future__ import annotations

import os
from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.frontmatter_check import is_blank, subject
from promptls.analysis.frontmatter_kinds import SKILL, front_kind
from promptls.analysis.model import Edit, Finding, Fix, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule
from promptls.analysis.rules.discovered import first_line_span
from promptls.text.lazyre import lazy

_SKILL_NAME = lazy(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""The specification's name syntax: lowercase letters, digits, single hyphens."""


def _name_fix(doc: Document, at: int) -> Fix | None:
    """Insert ``name: <folder>`` when the folder name is a valid skill name."""
    if doc.path is None:
        return None
    folder = os.path.basename(os.path.dirname(os.path.abspath(doc.path)))  # noqa: PTH100, PTH119, PTH120
    if len(folder) > 64 or not _SKILL_NAME.fullmatch(folder):
        return None
    newline = "\r\n" if doc.text[:at].endswith("\r\n") else "\n"
    return Fix(f"Add name: {folder}", (Edit(at, at, f"name: {folder}{newline}"),))


def check(doc: Document) -> Iterator[Finding]:
    """No front matter, or a required field missing (at the fence) or empty (at the key)."""
    if front_kind(doc.path) is None:  # no front matter schema: nothing to load
        return

    found = subject(doc)
    if found is None:
        return
    kind, front = found
    if kind is not SKILL:
        return
    if not front.present:
        start, end = first_line_span(doc.text)
        yield RULE.finding(
            "no front matter: a skill needs name and description, which agents list "
            "to decide when to use it",
            start,
            end,
        )
        return
    if front.problem and not front.lenient:
        return  # PL018
    fence = max(0, doc.text.rfind("\n", 0, max(0, front.block_start - 1)) + 1)
    fence_end = max(fence + 3, front.block_start - 1)
    if fence_end > fence + 3 and doc.text[fence_end - 1] == "\r":
        fence_end -= 1  # a CRLF fence: the highlight stops at the dashes, not on the CR
    for field in kind.required:
        key = front.get(field)
        if key is not None and not is_blank(key.value):
            continue
        if key is None:
            fix = _name_fix(doc, front.block_start) if field == "name" else None
            message = f"the required {field!r} is missing"
            if field == "description":
                message += ": without it the agent cannot know when to use the skill"
            yield RULE.finding(message, fence, min(fence_end, len(doc.text)), fix=fix)
        else:
            yield RULE.finding(f"the required {field!r} is empty", key.start, key.end)


RULE = Rule(
    code="PL024",
    name="skill-missing-field",
    severity=Severity.WARNING,
    summary="A SKILL.md without the name or description its front matter must give.",
    explanation=(
        "An agent lists its skills by the `name` and `description` in each `SKILL.md` "
        "front matter, and decides from the description alone when to load one. The "
        "Agent Skills specification requires both; codex skips a skill without them; "
        "Claude Code falls back to the folder name and the first paragraph, which rarely "
        "says when to use the skill. The fix adds `name:` from the folder name when that "
        "is a valid skill name (lowercase letters, digits and single hyphens, at most 64); "
        "a description has to be written by hand."
    ),
    bad_example="---\nname: release-notes\n---\nDraft release notes from merged PRs.\n",
    good_example=(
        "---\nname: release-notes\ndescription: Draft release notes from merged pull "
        "requests; use when asked for a changelog.\n---\n"
    ),
    fixable=True,
    kinds=ALL_KINDS,
    check=check,
    needs_discovery=False,
    applies_to="front matter of Copilot, Cursor, Claude rule, Cline rule and `SKILL.md` files",
)
