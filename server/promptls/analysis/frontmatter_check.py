"""What the front-matter rules (PL018–PL024) share: the file's kind and parsed front
matter, "did you mean" for keys, and the scope globs with their spans.

One place for these so the seven rules agree on what a key, a glob and its position are,
and so the glob hover (``lsp/hover.py``) finds the glob under the cursor the same way.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from promptls import later
from promptls.agents.frontmatter import FrontKind
from promptls.agents.registry import PROFILES
from promptls.analysis.document import Document
from promptls.analysis.frontmatter_kinds import front_kind
from promptls.analysis.frontmatter_nodes import Front, front_matter
from promptls.analysis.workspace_files import WORKSPACE_FILES, Listing
from promptls.discovery.globs import Anchor, rejected, split_commas, split_patterns
from promptls.record import Record


def subject(doc: Document) -> tuple[FrontKind, Front] | None:
    """The document's front-matter kind and front matter; None for other files."""
    kind = front_kind(doc.path)
    if kind is None:
        return None
    return kind, front_matter(doc.text)


def yaml_rejected(kind: FrontKind, front: Front) -> bool:
    """Whether the agent reads none of the block's keys because YAML rejects it (PL018's
    finding). The globs promptls still reads from such a block line by line are not the
    agent's: the one fix is the YAML, so the glob rules stay quiet about them."""
    if not front.present or not front.problem:
        return False
    return not (front.lenient and kind.lenient)


def _folded(key: str) -> str:
    """A key without case or separators: ``apply_to``, ``ApplyTo`` → ``applyto``."""
    return key.lower().replace("-", "").replace("_", "")


def suggestions(kind: FrontKind, key: str) -> tuple[str, ...]:
    """The keys of ``kind`` that ``key`` is probably meant to be, best first."""
    cross = kind.foreign_keys.get(key)
    if cross is not None:
        return (cross,)
    folded = {_folded(k): k for k in kind.keys}
    if _folded(key) in folded:
        return (folded[_folded(key)],)
    close = later.difflib.get_close_matches(_folded(key), list(folded), n=3, cutoff=0.8)
    return tuple(folded[c] for c in close)


def is_blank(value: object) -> bool:
    """An absent value as the agents treat it: null, or a string of whitespace."""
    return value is None or (isinstance(value, str) and not value.strip())


class Glob(Record):
    """One scope glob as the agent reads it, and where it is written."""

    pattern: str
    start: int
    end: int


def _within(text: str, start: int, end: int, pattern: str, cursor: int) -> tuple[int, int]:
    """The span of ``pattern`` inside the written scalar ``text[start:end]`` from
    ``cursor`` on; the whole scalar when it is not written verbatim (escapes, folding)."""
    at = text.find(pattern, max(start, cursor), end)
    return (at, at + len(pattern)) if at >= 0 else (start, end)


def scope_globs(text: str, kind: FrontKind, front: Front) -> Iterator[Glob]:
    """The globs of the kind's scope key as the agent splits them, each with its span.

    Nothing when the agent cannot read the value at all (``split_patterns`` → None):
    that is PL020's finding, not a glob's; nothing either where the agent reads the
    globs only in a mode the file is not in (``FrontKind.scope_when``).
    """
    if kind.scope_key is None:
        return
    if kind.scope_when is not None:
        mode = front.get(kind.scope_when[0])
        if mode is None or mode.value != kind.scope_when[1]:
            return  # the agent does not read the globs in another mode
    key = front.get(kind.scope_key)
    if key is None or split_patterns(PROFILES[kind.profile].globs, key.value) is None:
        return
    for item in key.items:
        if not isinstance(item.value, str):
            continue
        cursor = item.start
        pieces = split_commas(item.value) if not key.sequence else [item.value.strip()]
        for piece in pieces:
            if not piece:
                continue
            start, end = _within(text, item.start, item.end, piece, cursor)
            cursor = end
            yield Glob(piece, start, end)


class Hits(Record):
    """The files of a listing one glob matches: how many, the first few, and whether the
    listing was complete (a capped listing cannot prove that nothing matches)."""

    count: int
    examples: tuple[str, ...]
    complete: bool
    visited: int


EXAMPLES = 5


def count_files(count: int) -> str:
    """``1 file``, ``3 files``: the count the messages and the hover show."""
    return f"{count} file" if count == 1 else f"{count} files"


def glob_hits(root: str, kind: FrontKind, pattern: str, *, any_case: bool = False) -> Hits:
    """The workspace files under ``root`` that ``pattern`` matches in the kind's dialect
    (letters of either case too with ``any_case``, for a "did you mean").

    Memoised on the listing, so a listing (fresh for a few seconds) is matched against
    each glob once, however many keystrokes and hovers ask.
    """
    listing = WORKSPACE_FILES.listing(root)
    memo_key = (kind.profile, pattern, any_case)
    found = listing.memo.get(memo_key)
    if found is None:
        found = _match(listing, kind, pattern, any_case)
        listing.memo[memo_key] = found
    assert isinstance(found, Hits)
    return found


def _match(listing: Listing, kind: FrontKind, pattern: str, any_case: bool) -> Hits:
    """Match every listed file as the kind's dialect does (``GlobDialect.match``), with
    the pattern compiled once: ten times faster than one ``globmatch`` call per file."""
    rules = PROFILES[kind.profile].globs
    flags = rules.flags() | (later.wcmatch_glob.IGNORECASE if any_case else 0)
    raw = pattern.strip()
    effective = rules.effective(raw)
    if not raw or (effective.startswith("/") and rules.anchor is not Anchor.ANYWHERE):
        return Hits(0, (), listing.complete, len(listing.files))
    prefix = listing.root.replace(os.sep, "/").rstrip("/") + "/"
    absolute = rules.anchor is Anchor.ANYWHERE
    try:
        matcher = (
            None if raw in rules.match_all else later.wcmatch_glob.compile(effective, flags=flags)
        )
    except rejected():
        return Hits(0, (), listing.complete, len(listing.files))
    count = 0
    examples: list[str] = []
    for relative in listing.files:
        if matcher is None or matcher.match(prefix + relative if absolute else relative):
            count += 1
            if len(examples) < EXAMPLES:
                examples.append(relative)
    return Hits(count, tuple(examples), listing.complete, len(listing.files))


def glob_at(text: str, path: str | None, offset: int) -> tuple[FrontKind, Glob] | None:
    """The scope glob under ``offset`` (end inclusive, as editors select), for hovers."""
    kind = front_kind(path)
    if kind is None or kind.scope_key is None:
        return None
    front = front_matter(text)
    if not front.present or offset > front.block_end:
        return None
    for glob in scope_globs(text, kind, front):
        if glob.start <= offset <= glob.end:
            return kind, glob
    return None
