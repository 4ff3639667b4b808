"""Kiro's file references: ``#[[file:path]]`` in a steering file includes that file.

kiro.dev/docs/steering (read 2026-12-06): a steering file can reference a file of the
workspace with ``#[[file:<relative_file_name>]]`` (the page's example:
``#[[file:api/openapi.yaml]]``), and Kiro includes the file's content with it. The path
is relative to the workspace folder, not to the steering file. What the page does not
say is read conservatively, so that nothing is reported on a guess: a reference inside
a fenced code block or an inline code span is an example of the syntax, not a
reference; one naming a folder (``src/``) or a pattern (``src/**/*.ts``) is not a file
reference the page shows, so it is neither followed nor reported; and a referenced
file's own references are followed too (``import_depth``), so a steering file that
another one references keeps its references whichever is read first.
"""

from __future__ import annotations

from promptls.agents.model import ImportRef, ImportStyle
from promptls.text.lazyre import lazy
from promptls.text.markdown import Code

_REFERENCE = lazy(r"#\[\[file:([^\]\n]+)\]\]")


def _not_a_file(target: str) -> bool:
    """A folder (``src/``) or a pattern (``**/*.ts``): not the file reference documented."""
    return target.endswith("/") or any(ch in target for ch in "*?[")


def parse(text: str) -> tuple[ImportRef, ...]:
    """Every ``#[[file:path]]`` outside code, in order."""
    code = Code(text)
    found = []
    for match in _REFERENCE.finditer(text):
        target = match.group(1).strip()
        if code.contains(match.start()) or _not_a_file(target):
            continue
        line = text.count("\n", 0, match.start()) + 1
        found.append(ImportRef(target, line, match.start(), match.end()))
    return tuple(found)


STYLE = ImportStyle(
    "kiro", "Kiro", parse, home=False, silent_misses=False, confined=False,
    per_chain=False, approval=False, comments=False, escaped_spaces=False,
    lead="#[[file:", written="#[[file:{}]]", from_root=True,
)  # fmt: skip
"""Kiro's references: relative to the workspace, a missing file is an error worth
reporting, no home folder, no approval."""
