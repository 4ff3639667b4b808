"""What to offer where the user is typing: paths after ``@``, front-matter keys and
values, the boundary marker.

A completion that suggests an import the agent would not read teaches a mistake, so
whether the cursor is in an import is decided by the agents' own token rules
(``discovery.imports.find_imports``: not inside code spans or fences, ``@`` at the start
of a line or after whitespace, so ``a@b`` is an address, not an import), and paths are
listed relative to the importing file, the way the agent resolves them, without what
Git ignores. Front-matter keys and values come from the schema of the file's kind
(``frontmatter_kinds``), so a completion never offers a key the agent drops. Pure: a
listing of one folder and ``.gitignore`` lookups, nothing else.
"""

# Plain str paths on purpose.
# ruff: noqa: PTH100, PTH118, PTH120

from __future__ import annotations

import os
import re
from collections.abc import Iterable

from promptls.agents.frontmatter import FrontKind, Shape
from promptls.analysis.frontmatter_kinds import front_kind
from promptls.analysis.frontmatter_nodes import front_matter
from promptls.discovery.gitignore import git_ignored
from promptls.discovery.imports import find_imports
from promptls.record import Record
from promptls.text.lazyre import lazy

MAX_ENTRIES = 500
"""At most this many names of one folder are offered."""
_PROBE = "a"
"""Typed at the cursor before scanning: an empty ``@`` is no token yet, ``@a`` is."""
_KEY_LINE = lazy(r"([A-Za-z_][\w-]*)[ \t]*:")
_VALUE_AT = lazy(r"([A-Za-z_][\w-]*)[ \t]*:[ \t]*[\"']?([\w-]*)$")


class Choice(Record):
    """One suggestion: replace ``text[start:end]`` with ``insert``; ``label`` is shown.
    ``folder``: a path choice names a folder (the editor can ask again after it)."""

    label: str
    insert: str
    start: int
    end: int
    detail: str = ""
    folder: bool = False


def import_prefix(text: str, offset: int, styles: Iterable[str]) -> tuple[int, str] | None:
    """Where the path typed after an ``@`` starts and what it is so far, when some of
    ``styles`` would read the token at the cursor as an import; else None."""
    probe = text[:offset] + _PROBE + text[offset:]
    for style in styles:
        for ref in find_imports(probe, style):
            if ref.start < offset and ref.end > offset:
                typed = text[ref.start + 1 : offset]
                if any(c.isspace() for c in typed):
                    return None
                return ref.start + 1, typed
    return None


def _base(importer: str, typed: str, home: str | None) -> tuple[str, str] | None:
    """The folder a typed path lists and the written prefix of its entries."""
    head = typed.rsplit("/", 1)[0] + "/" if "/" in typed else ""
    if typed.startswith("~/"):
        if home is None:
            return None
        return os.path.join(home, head[2:]), head
    if typed.startswith("/"):
        return head or "/", head
    return os.path.join(os.path.dirname(os.path.abspath(importer)), head), head


def _ignored(path: str) -> bool:
    """Whether Git ignores ``path`` (no verdict outside a repository)."""
    verdict = git_ignored(path)
    return verdict is not None and verdict.ignored and not verdict.tracked


def path_choices(
    text: str, offset: int, importer: str, styles: Iterable[str], *, home: str | None
) -> list[Choice]:
    """The files and folders a path after ``@`` can continue with, relative to the
    importing file (``~/`` in the home folder, ``/`` absolute), Git-ignored ones left
    out; names holding whitespace are left out (no agent reads them as one token)."""
    found = import_prefix(text, offset, styles)
    if found is None:
        return []
    start, typed = found
    base = _base(importer, typed, home)
    if base is None:
        return []
    folder, head = base
    partial = typed[len(head) :]
    try:
        with os.scandir(folder) as listed:
            entries = sorted(listed, key=lambda e: e.name)[: MAX_ENTRIES * 4]
    except (OSError, ValueError):
        return []
    me = os.path.normcase(os.path.abspath(importer))
    out: list[Choice] = []
    for entry in entries:
        name = entry.name
        if name == ".git" or (name.startswith(".") and not partial.startswith(".")):
            continue
        if any(c.isspace() for c in name) or os.path.normcase(entry.path) == me:
            continue
        try:
            is_dir = entry.is_dir()
        except OSError:
            continue
        if _ignored(entry.path):
            continue
        written = head + name + ("/" if is_dir else "")
        out.append(Choice(written, written, start, offset, "folder" if is_dir else "file", is_dir))
        if len(out) >= MAX_ENTRIES:
            break
    return out


def _in_front_matter(text: str, offset: int) -> tuple[int, int] | None:
    """The YAML block's span when the cursor is inside it (an unclosed block runs on)."""
    front = front_matter(text)
    if not front.present:
        return None
    end = front.block_end if front.closed else len(text)
    if front.block_start <= offset <= end:
        return front.block_start, end
    return None


def _values(kind: FrontKind, key: str) -> tuple[str, ...]:
    """The values a key of this kind enumerates (none for free text and globs)."""
    if key in kind.choices:
        return kind.choices[key]
    if kind.keys.get(key) is Shape.BOOL:
        return ("true", "false")
    return ()


def front_matter_choices(text: str, offset: int, path: str | None) -> list[Choice]:
    """Keys not yet written at the start of a line, or the enumerated values after
    ``key:``, for the front-matter schema of the file's kind."""
    kind = front_kind(path)
    block = _in_front_matter(text, offset) if kind is not None else None
    if kind is None or block is None:
        return []
    line_start = text.rfind("\n", 0, offset) + 1
    before = text[line_start:offset]
    value = _VALUE_AT.match(before)
    if value is not None:
        start = offset - len(value.group(2))
        return [
            Choice(v, v, start, offset, f"{kind.agent}: {value.group(1)}")
            for v in _values(kind, value.group(1))
        ]
    if not re.fullmatch(r"[\w-]*", before):
        return []
    written = {m.group(1) for m in _KEY_LINE.finditer(text, block[0], block[1])}
    return [
        Choice(key, f"{key}: ", line_start, offset, f"{kind.agent}: {shape}")
        for key, shape in kind.keys.items()
        if key not in written and key.startswith(before)
    ]


def marker_choice(text: str, offset: int, marker: str) -> Choice | None:
    """The boundary marker on a line of its own with a blank line each side (in the
    file's line breaks), offered where the line so far is a start of it."""
    line_start = text.rfind("\n", 0, offset) + 1
    before = text[line_start:offset]
    if not marker or not marker.startswith(before):
        return None
    previous_end = line_start - 1
    previous = text[text.rfind("\n", 0, max(previous_end, 0)) + 1 : max(previous_end, 0)]
    newline = "\r\n" if "\r\n" in text[: text.find("\n") + 1] else "\n"
    lead = newline if line_start > 0 and previous.strip() else ""
    insert = f"{lead}{marker}{newline}{newline}"
    return Choice(marker, insert, line_start, offset, "boundary marker")
