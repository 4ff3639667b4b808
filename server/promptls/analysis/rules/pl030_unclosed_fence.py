"""PL030: a fenced code block that is never closed, so it swallows the rest of the file.

A Markdown reader (the model reading the text, Claude Code's import parser) takes
everything after an unclosed fence as code: the instructions below it read as an
example, and a boundary marker or a Claude ``@import`` in it no longer acts. gemini-cli's
import parser sees no fence there and still imports (``_swallowed_imports``). The fences
are ``promptls.text.markdown``'s (CommonMark's, containers included: the usual false
alarm is a fence inside a list item or a block quote, which closes with its container);
the rule reports only a fence still open at the end of the text.

What it leaves out, knowingly: HTML blocks (a fence inside ``<details>`` without a blank
line is HTML there) and lazy continuation lines of a list paragraph (a container closes
on them here, which can only turn a deep fence into indented text, opener and closer
alike).
"""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.document import Document
from promptls.analysis.model import Edit, Finding, Severity
from promptls.analysis.rules.base import TEXT_KINDS, Rule
from promptls.analysis.rules.discovered import import_style_of
from promptls.discovery.imports import find_imports, import_style, is_explicit_import
from promptls.text.lazyre import lazy
from promptls.text.markdown import blank_fence_shaped, open_fence

_FINAL_BREAK = lazy(r"(?:\r\n|\r|\n)\Z")


def _swallowed_imports(doc: Document, body: int) -> tuple[str, list[str], list[str]]:
    """The profile's agent, and the explicit ``@path`` imports after the fence that it
    would read were the fence closed: (agent, those it skips now, those it still reads).

    Each agent's own import parser decides. Claude Code's knows CommonMark fences, so an
    unclosed one hides every import after it; gemini-cli's knows only pairs of backtick
    runs (``findCodeRegions``, google-gemini/gemini-cli
    ``packages/core/src/utils/memoryImportProcessor.ts`` at 5411f113, 2026-08-21), so
    it still imports what follows an unclosed fence, except up to the next backtick the
    dangling run pairs with.
    """
    if doc.discovery is None or "@" not in doc.text[body:]:
        return "", [], []
    found_style = import_style_of(doc)
    if found_style is None:
        return "", [], []
    style = import_style(found_style)
    # Fence lines in the swallowed text are blanked (same length, so offsets hold): one
    # of them may be the closer the author meant (``` for ~~~), and would otherwise open
    # a block of its own.
    tail = blank_fence_shaped(doc.text[body:])
    meant = [ref for ref in find_imports(tail, style.name) if is_explicit_import(ref.target)]
    read = {ref.start - body for ref in find_imports(doc.text, style.name) if ref.start >= body}
    lost = [ref.target for ref in meant if ref.start not in read]
    kept = [ref.target for ref in meant if ref.start in read]
    return style.agent, lost, kept


def _shown(targets: list[str]) -> str:
    """Up to three imports, as written."""
    return ", ".join(f"@{t}" for t in targets[:3]) + (", …" if len(targets) > 3 else "")


def _lines_after(text: str, body: int) -> int:
    """Lines of text after the fence's opening line."""
    tail = text[body:]
    return len(tail.splitlines())


def check(doc: Document) -> Iterator[Finding]:
    """One finding on the opening line of the fence left open at the end."""
    fence = doc.code.open_fence
    if fence is None:
        return
    if not doc.text[fence.body :].strip():
        return  # the file ends at the fence: nothing reads as code that was meant otherwise
    count = _lines_after(doc.text, fence.body)
    what = f"the {count} line(s) after it"
    message = (
        f"this {fence.run} fence is never closed: it runs to the end of the file, so "
        f"{what} read as code, not instructions; close it with {fence.run} on its own line "
        "(or, if it was meant to close an earlier block, give that block its opening fence)"
    )
    markers = [m for m in doc.exact if m.start >= fence.body]
    agent, lost, kept = _swallowed_imports(doc, fence.body)
    severity = RULE.severity
    if markers:
        severity = Severity.ERROR
        message += "; the boundary marker after it is inside the code block"
    if lost:
        severity = Severity.ERROR
        message += f"; the agent does not import {_shown(lost)} from inside it"
    if kept:
        message += (
            f"; {agent} still imports {_shown(kept)} from inside it (its import parser "
            "sees no fence there), into what the model reads as code"
        )
    yield Finding(RULE.code, severity, message, fence.start, fence.line_end)


def closing_edit(text: str) -> Edit | None:
    """The editor's quick fix: a matching closing run as the new last line, with the
    container prefix of the opening line; the text keeps (or keeps lacking) its final
    line break. It is inserted before that break, at the end of the last line, where
    every editor applies an insertion the same way (past the last line, Neovim leaves an
    empty line behind)."""
    fence = open_fence(text)
    if fence is None:
        return None
    closer = fence.prefix + fence.run
    final = _FINAL_BREAK.search(text)
    if final is None:
        return Edit(len(text), len(text), (fence.eol or "\n") + closer)
    at = final.start()
    return Edit(at, at, final.group() + closer)


DETAILS = """\
**Why warning, and when error.** A fence left open changes how the rest of the file
reads but not what is loaded, so it is a warning. When what follows it is an import the
active profile's agent would read (Claude Code's and gemini-cli's `@path`, per
`agents/<home>/imports.py`, explicit paths only) or a boundary marker, the file loads
differently from what its author sees, and the finding is an error. gemini-cli's
parser does not know fences: its code is a backtick run up to the next run of the same
length (`findCodeRegions` in google-gemini/gemini-cli
`packages/core/src/utils/memoryImportProcessor.ts` at 5411f113, 2026-08-21), so an
unclosed fence hides an import from it only up to the next backtick in the file. Under
gemini the message names the imports gemini-cli still makes from inside the block (the
ones PL013 checks) and those it skips, and only the skipped ones make it an error.

**CommonMark, not a guess.** The rule follows containers: a fence inside a list item
is closed by the end of the item (a less indented line), one inside a block quote by a
line without `>`, so a closed fence in a list stays quiet, and so does an indented
(four spaces) ```` ``` ````, which is not a fence. The closing run must use the opening
character (```` ``` ```` does not close `~~~`), be at least as long (a longer run closes,
a shorter one does not), be indented at most three spaces within its container, and
have nothing after it. HTML blocks are not followed (a fence inside `<details>` without
a blank line is HTML there).

**Quick fix (editor only).** Append the matching closing fence at the end of the file,
on its own line, with the opening line's line break (CRLF stays CRLF) and its container
prefix (`>` or the list indentation); a file with a final line break keeps one, a file
without gets none. It is not applied by `check --fix` or fix-all: where the block was
meant to end is the author's call, and the end of the file is only the safe default.
"""


RULE = Rule(
    code="PL030",
    name="unclosed-code-fence",
    severity=Severity.WARNING,
    summary="A code fence that is never closed swallows the rest of the file.",
    explanation=(
        "CommonMark closes a fenced code block only with a run of the same character "
        "(backtick or tilde), at least as long as the opening run, indented at most three "
        "spaces, on a line of its own; a fence inside a list item or block quote also ends "
        "with its container. A fence left open runs to the end of the file: the model "
        "reads the instructions there as part of an example, and Claude Code's import "
        "parser skips them as code. The finding is an error when an import the agent "
        "would read, or a boundary marker, is swallowed (the file now loads differently), "
        "and a warning otherwise; under gemini it says which imports gemini-cli still "
        "makes from inside the block (its parser knows only pairs of backtick runs, so "
        "it skips text only up to the next backtick the open run pairs with). The editor "
        "offers a quick fix that appends the matching closing fence at the end of the "
        "file; `check --fix` does not apply it, because only the author knows where the "
        "block was meant to end. A fence opened on the file's last non-blank line is not "
        "reported: nothing follows it, so nothing is read as code."
    ),
    bad_example="Run the tests:\n\n```sh\nnpm test\n\nAlways run the linter first.\n",
    good_example="Run the tests:\n\n```sh\nnpm test\n```\n\nAlways run the linter first.\n",
    fixable=False,
    kinds=TEXT_KINDS,
    check=check,
    applies_to="instruction, rule, skill and prompt files",
    fix_note="a quick fix in the editor",
    details=DETAILS,
)
