"""PL014: a file cut or dropped by what its profile reads.

The range starts at the byte discovery's entry says the cut starts (``Entry.cut_at``),
so ``check``, ``context``, hover and the editor's diagnostic name the same byte.
"""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.rules.discovered import entries, first_line_span, offset_at_byte
from promptls.discovery.model import EntryStatus
from promptls.text.paths import same_path


def check(doc: Document) -> Iterator[Finding]:
    """Entries for this file that are cut (from the cut to the end) or dropped."""
    if doc.discovery is None:
        return
    for entry in entries(doc):
        dropped, cut_at = entry.status is EntryStatus.DROPPED, entry.cut_at
        # Whose entry it is is asked only of one cut or dropped (few of them).
        if (not dropped and cut_at is None) or not same_path(entry.path, doc.path):
            continue
        if dropped or cut_at is None:
            start, end = first_line_span(doc.text)
        else:
            start, end = offset_at_byte(doc.text, cut_at), len(doc.text)
            if start >= end:  # the buffer is shorter than the file discovery read
                start, end = first_line_span(doc.text)
        label = "dropped" if dropped else "cut"
        message = f"{label} by the {doc.discovery.profile} profile: {entry.reason}"
        yield RULE.finding(message, start, end)


DETAILS = """\
**What the size and budget rules judge (PL011, PL014).** Only files the profile's
discovery reads from the folder `check` (or the editor) asks about: `loaded`, `cut`,
`imported`, `lazy`, `conditional` or `on-request` entries for the file's own path. So an
`AGENTS.md` beside a `CLAUDE.md` is not judged under `claude` (Claude skips it), a
`CLAUDE.md` is never judged under `codex` (codex does not read the name), and a link
(`CLAUDE.md → AGENTS.md`) is judged under the name the profile reads; discovery skips
the second name of one real file (same device and inode), so the same bytes get one
finding. A cut is reported once, by PL014, from the byte in the discovery entry
(`cutAt` in `context --json`, "cut at byte N" in its text, the hover on line 1); with
a discovery, PL011 leaves codex's budget to PL014, since `project_doc_max_bytes` may be
configured and ancestors may have spent part of it. A file inside a skill bundle
(`.claude/skills/NAME/…`, `.agents/skills/NAME/…`, any profile's project skills folder)
is judged from the project that holds the skills folder, where no profile loads it as a
folder's instructions ([profiles.md](profiles.md#files-inside-skill-bundles)).
"""


RULE = Rule(
    code="PL014",
    name="cut-by-budget",
    severity=Severity.WARNING,
    summary="The profile's budget cuts this file or drops it entirely.",
    explanation=(
        "Some agents share one size budget across all instruction files (codex: 32 KiB "
        "for the project files together, `project_doc_max_bytes`, the file that crosses "
        "it cut at the byte, later files dropped); others read only the head of a file "
        "(Claude's auto memory: 200 lines or 25 KB). A file that is cut or dropped is "
        "partly or entirely invisible to the agent, and which part depends on the files "
        "above it in the folder tree. The finding starts at the first byte the agent does "
        "not read, the same byte `promptls context` shows (`cutAt` in its JSON). Reported "
        "when the file is checked with a discovery."
    ),
    bad_example="(a 20 KB AGENTS.md in a subfolder below a 30 KB root AGENTS.md, codex)",
    good_example="(instruction files that fit the budget together)",
    fixable=False,
    kinds=INSTRUCTION_ONLY,
    check=check,
    applies_to="instruction files",
    details=DETAILS,
)
