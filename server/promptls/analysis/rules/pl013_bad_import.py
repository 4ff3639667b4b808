"""PL013: an ``@import`` that does not resolve, loops or goes too deep."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path, PurePath

from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.rules.discovered import (
    entries,
    first_line_span,
    import_style_of,
    line_span,
)
from promptls.discovery.imports import find_imports, import_style, is_explicit_import
from promptls.discovery.model import Entry, EntryStatus
from promptls.record import replace
from promptls.text.lazyre import lazy
from promptls.text.paths import same_path

_UNVERIFIED = (
    "not verified: @{} is relative to the user's home, and this run has none to check it "
    "against (CI without --home or PROMPTLS_HOME); pass --home DIR to verify it"
)

_DIRECTIVE = lazy(
    r"(?:(?<=\s)|^)@(import|include)[ \t]+(?:url\()?[\"']?([^\s\"'();]+)", re.MULTILINE
)
"""``@import path`` / ``@include "path"`` (CSS, Sass, other tools): import-like, but
both agents' parsers read ``@`` plus a path, so the word after ``@`` is the path."""
_PARSED = frozenset(
    {EntryStatus.LOADED, EntryStatus.CUT, EntryStatus.IMPORTED, EntryStatus.LAZY}
    | {EntryStatus.CONDITIONAL}
)
"""Statuses of a file whose imports the agent reads when it loads it."""


SYSTEM_ROOTS = frozenset(
    {"Users", "home", "etc", "opt", "usr", "var", "tmp", "mnt", "media", "srv", "root"}
    | {"Volumes", "Library", "System", "Applications", "private", "nix"}
)

"""Top-level folders of POSIX file systems (FHS 3.0) and macOS: an absolute import into
one is meant as a path even on a machine that lacks it (CI on Linux has no /Users)."""


def _path_alias(path: str) -> bool:
    """An absolute ``@/…`` whose first folder is not at the file system's top: the ``@/``
    source alias of bundlers and tsconfig paths (``@/components/ui``, ``@/*``), written
    in prose, never an import. ``@/`` alone would import the root folder."""
    written = Path(path)
    if not written.is_absolute():
        return False
    parts = written.parts
    if len(parts) < 2:
        return True
    return parts[1] not in SYSTEM_ROOTS and not Path(parts[0], parts[1]).is_dir()


def _directives(doc: Document) -> tuple[str, list[re.Match[str]]]:
    """The profile's agent and the ``@import path`` lines naming a file, when the
    profile has an import syntax."""
    if doc.discovery is None or "@i" not in doc.text:
        return "", []
    style = import_style_of(doc)
    if style is None:
        return "", []
    found = [m for m in _DIRECTIVE.finditer(doc.text) if is_explicit_import(m.group(2))]
    return import_style(style).agent, found


def _ignored(agent: str, directive: re.Match[str]) -> str:
    """Why an ``@import path`` imports nothing, in the profile's agent's words."""
    verb, path = directive.group(1), directive.group(2)
    return (
        f"import-like line ignored: {agent} reads `@path`, not `@{verb} path`, so {path} is "
        f"never imported (`@{verb}` names a file called {verb!r}); write `@{path}`"
    )


def _parsed(doc: Document) -> bool:
    """Whether the profile loads this file, so its parser reads the file's imports."""
    return any(e.status in _PARSED and same_path(e.path, doc.path) for e in entries(doc))


def _directive_error(entry: Entry, doc: Document, directives: list[re.Match[str]]) -> int:
    """The directive an import error is about (``@import`` read as a file), else -1."""
    for index, directive in enumerate(directives):
        line = doc.text.count("\n", 0, directive.start()) + 1
        if line == entry.line and PurePath(entry.path).name == directive.group(1):
            return index
    return -1


def _token_span(doc: Document, start: int, end: int, target: str) -> tuple[int, int]:
    """Narrow a line to the ``@path`` that names the target, as the profile's agent reads
    the token (discovery's own reader: gemini's runs to the next space, so
    ``(see @./a.md)`` names ``a.md)``; Claude's drops trailing punctuation and closing
    brackets or quotes); else keep the line."""
    style = import_style_of(doc)
    name = PurePath(target).name
    if style is not None and name:
        for ref in find_imports(doc.text, style):
            if start <= ref.start < end and PurePath(ref.target).name == name:
                return ref.start, ref.end
    return start, max(start, end)


def check(doc: Document) -> Iterator[Finding]:
    """Import errors the discovery recorded for imports made by this file, and
    ``@import path`` lines the profile's parser does not read as imports."""
    agent, directives = _directives(doc)
    explained: set[int] = set()
    for entry in entries(doc):
        if entry.status != EntryStatus.IMPORT_ERROR:
            continue
        if not same_path(entry.imported_from, doc.path):
            continue
        if _path_alias(entry.path):
            continue
        index = _directive_error(entry, doc, directives)
        if index >= 0:  # gemini reads `@import` as a file named "import"
            explained.add(index)
            directive = directives[index]
            message = f"{_ignored(agent, directive)} ({entry.reason})"
            yield RULE.finding(message, directive.start(), directive.end())
            continue
        line = entry.line
        start, end = line_span(doc.text, line) if line else first_line_span(doc.text)
        start, end = _token_span(doc, start, end, entry.path)
        if entry.path.startswith("~"):  # discovery had no home to resolve it against
            yield replace(RULE.finding(_UNVERIFIED.format(entry.path), start, end),
                          severity=Severity.INFO)  # fmt: skip
            continue
        yield RULE.finding(f"broken import: {entry.reason}", start, end)
    if len(explained) == len(directives) or not _parsed(doc):
        return
    for index, directive in enumerate(directives):
        if index not in explained and not doc.code.contains(directive.start()):
            yield RULE.finding(_ignored(agent, directive), directive.start(), directive.end())


DETAILS = """\
**Import-like lines the parser ignores.** `@import AGENTS.md` in a GEMINI.md looks like
an import and never is one: gemini-cli and Claude Code both read `@` followed by a path,
so the word after `@` is the path (`import`), and `AGENTS.md` is plain text. gemini-cli
then fails to import a file called `import` and writes an `Import failed` comment in its
place; Claude Code skips it without a word. PL013 reports such a line (`@import` or
`@include`, then a path naming a file, optionally quoted or in `url(…)`) with a message of
its own that names the form the agent wants (`@AGENTS.md`); where gemini also recorded
the failed `import` file, that one finding explains both. It is reported only under a
profile with an import syntax (claude, gemini) and for a file that profile loads, and
not inside code (`` `@import x.md` `` documents the syntax). No fix: turning the line
into a real import changes what the agent loads, which is for the author to decide. No
new code: it is the same fault as a broken import, the instructions you meant to include
are not there.
"""


RULE = Rule(
    code="PL013",
    name="broken-import",
    severity=Severity.WARNING,
    summary="An @import that does not resolve, loops, or exceeds the profile's depth.",
    explanation=(
        "Claude Code and Gemini CLI expand `@path` references in instruction files "
        "(relative to the importing file; not inside code). A path that does not exist, "
        "a cycle, or a chain deeper than the profile allows (claude: 4 hops, gemini: 5) "
        "is not loaded, so the instructions you meant to include are not there: Claude "
        "skips it silently, Gemini CLI replaces the token with an `Import failed` "
        "comment, and also refuses URLs and paths outside the project root. An import-like "
        "line that the agent's parser does not read as an import (`@import AGENTS.md`, "
        '`@include "docs/style.md"`: both agents want `@AGENTS.md`) is reported too. Only '
        "reported when the file is checked with a discovery (the CLI does this for "
        "instruction files). A home-relative import (`@~/…`) is checked against the "
        "home given with `--home`/`PROMPTLS_HOME`, else the home of the machine that "
        "runs promptls (your editor, or `check` on your machine); in CI (`CI` set) "
        "without an explicit home the runner's home is not the user's, so such an "
        "import is reported as info, not verified. An absolute `@/…` whose first "
        "folder is not at the file system's top (`@/components/ui`, `@/*`: the `@/` "
        "source alias of bundlers and tsconfig paths) is not an import and is left alone."
    ),
    bad_example="See @docs/missing-guide.md for the style rules.\n",
    good_example="See @docs/style.md for the style rules.\n",
    fixable=False,
    kinds=INSTRUCTION_ONLY,
    check=check,
    applies_to="instruction files",
    details=DETAILS,
)
