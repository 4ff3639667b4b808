"""PL023: a rule whose only way to be loaded is its description, and it has none."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.agents.frontmatter import FrontKind
from promptls.analysis.document import Document
from promptls.analysis.frontmatter_check import is_blank, subject
from promptls.analysis.frontmatter_kinds import front_kind, path_parts
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule
from promptls.analysis.rules.discovered import first_line_span


def _under_marker(kind: FrontKind, path: str) -> bool:
    """Whether the file is under its kind's folders (Copilot's ``.github/instructions``),
    where the agent looks. One elsewhere (``docs/x.instructions.md``) is read only when
    VS Code's ``chat.instructionsFilesLocations`` names its folder, which promptls does
    not read: likely documentation named so, and left alone."""
    parts = path_parts(path)[:-1]
    width = len(kind.root_marker)
    return any(parts[i : i + width] == kind.root_marker for i in range(len(parts)))


def check(doc: Document) -> Iterator[Finding]:
    """A file its agent attaches only by scope or description (Copilot's instructions
    files) with neither."""
    if front_kind(doc.path) is None:  # no front matter schema: nothing to load
        return

    found = subject(doc)
    if found is None:
        return
    kind, front = found
    if kind.unattached is None or kind.scope_key is None or doc.path is None:
        return
    if not _under_marker(kind, doc.path):
        return
    if front.present and (front.problem and not front.lenient):
        return  # an unreadable block is PL018's
    scope = front.get(kind.scope_key)
    description = front.get("description")
    if scope is not None and not is_blank(scope.value):
        return
    if description is not None and not is_blank(description.value):
        return
    if description is not None:
        start, end = description.start, max(description.value_end, description.end)
    elif scope is not None:
        start, end = scope.start, max(scope.value_end, scope.end)
    else:
        start, end = first_line_span(doc.text)
    yield RULE.finding(kind.unattached, start, end)


RULE = Rule(
    code="PL023",
    name="rule-without-description",
    severity=Severity.WARNING,
    summary="An instructions file with neither applyTo nor a description never applies by itself.",
    explanation=(
        "A Copilot `*.instructions.md` file applies automatically when a file matches its "
        "`applyTo`; without `applyTo`, VS Code can still load it when the task fits its "
        "`description`. With neither, the agent has nothing to decide by: the file is used "
        "only when someone attaches it by hand, and GitHub's coding agent and code review "
        "never use it. Cursor rules are not reported: Cursor's own editor writes an empty "
        '`description` for "Apply Manually" rules, so there an empty description is a '
        "deliberate mode. A `SKILL.md` without a description is PL024. A "
        "`*.instructions.md` outside `.github/instructions/` is not reported: Copilot "
        "reads it only where VS Code's `chat.instructionsFilesLocations` names its "
        "folder, which promptls does not read."
    ),
    bad_example="---\nname: Python style\n---\nUse type hints.\n",
    good_example='---\nname: Python style\napplyTo: "**/*.py"\n---\nUse type hints.\n',
    fixable=False,
    kinds=ALL_KINDS,
    check=check,
    needs_discovery=False,
    applies_to="front matter of Copilot, Cursor, Claude rule, Cline rule and `SKILL.md` files",
)
