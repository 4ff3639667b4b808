"""The glob dialect record: how an agent reads a scope value and matches a path against it.

A path-scoped rule that silently never applies is the most common scoping bug users
report, and most of them come from one agent reading a glob differently from another:
VS Code prefixes ``**/`` to every relative ``applyTo`` glob and matches it against the
absolute path ignoring case, Claude Code reads ``paths:`` relative to the project folder,
a Cursor rule in a nested ``.cursor/rules`` folder matches relative to that folder, and a
YAML list in ``applyTo`` is dropped by VS Code. So the dialect is data per agent, with
the source it was read from (each agent's home fills one in, ``Profile.globs``), and the
matching itself is wcmatch's (never hand-written).

``match`` takes a POSIX path relative to the folder the agent resolves the pattern
against (``GlobDialect.anchor`` says which); ``match_path`` computes it from absolute
paths. ``problem`` names syntax the dialect does not support, for the frontmatter rules.
"""

from __future__ import annotations

import os
from enum import StrEnum

from promptls import later
from promptls.record import Record
from promptls.text.lazyre import lazy


class Anchor(StrEnum):
    """The folder a dialect resolves a relative pattern against."""

    ROOT = "root"
    """The workspace (project) folder (claude ``paths:``, opencode ``instructions``)."""
    RULES_OWNER = "rules-owner"
    """The folder holding the ``.cursor/rules`` folder the rule sits in (cursor)."""
    ANYWHERE = "anywhere"
    """Any folder on the absolute path: the pattern gets a ``**/`` prefix (VS Code)."""


class ScopeValue(StrEnum):
    """The shapes of a scope value an agent accepts."""

    STRING_OR_LIST = "string-or-list"
    """A string (comma-separated) or a list of strings (Claude ``paths``, Cursor ``globs``)."""
    STRING = "string"
    """A string only; any other type is dropped (VS Code's ``applyTo``)."""
    LIST = "list"
    """A list of strings only (a config schema that rejects anything else)."""


class GlobDialect(Record):
    """One agent's glob semantics.

    ``match_all`` patterns apply to every file without matching (VS Code's ``**``,
    ``**/*``, ``*``). ``ignore_case``: letters match either case. ``dotfiles``: ``*`` and
    ``**`` match names starting with a dot. ``strip_dot_slash``: a leading ``./`` is
    dropped before matching (otherwise it is part of the pattern and matches nothing).
    """

    name: str
    source: str
    anchor: Anchor = Anchor.ROOT
    ignore_case: bool = False
    dotfiles: bool = True
    match_all: tuple[str, ...] = ()
    strip_dot_slash: bool = True
    bare_name_unsettled: bool = False
    """A pattern without a ``/`` (``*.py``) may match a file name at any depth: the
    agent's documentation does not say, so no one can tell that it matches nothing."""
    scope_value: ScopeValue = ScopeValue.STRING_OR_LIST
    """The shapes of a scope value the agent reads (``split_patterns``)."""

    def effective(self, pattern: str) -> str:
        """The pattern as the agent hands it to its glob engine."""
        pattern = pattern.strip()
        if self.strip_dot_slash:
            while pattern.startswith("./"):
                pattern = pattern[2:]
        if self.anchor is Anchor.ANYWHERE and not pattern.startswith(("/", "**/")):
            pattern = "**/" + pattern
        return pattern

    def match(self, pattern: str, relative: str) -> bool:
        """Whether ``relative`` (POSIX, relative to the dialect's anchor) matches."""
        pattern = pattern.strip()
        if not pattern:
            return False
        if pattern in self.match_all:
            return True
        effective = self.effective(pattern)
        if effective.startswith("/") and self.anchor is not Anchor.ANYWHERE:
            return False
        return _globmatch(relative, effective, self.flags())

    def match_path(self, pattern: str, path: str, folder: str) -> bool:
        """Whether the absolute ``path`` matches ``pattern`` resolved against ``folder``.

        VS Code (``Anchor.ANYWHERE``) matches the absolute path itself, so a pattern with
        a leading ``/`` is an absolute path there; the others match the path relative to
        ``folder`` and a path outside it never matches.
        """
        posix = path.replace(os.sep, "/")
        if self.anchor is Anchor.ANYWHERE:
            return self.match(pattern, posix)
        relative = os.path.relpath(path, folder).replace(os.sep, "/")
        if relative == ".." or relative.startswith("../"):
            return False
        return self.match(pattern, relative)

    def flags(self) -> int:
        """wcmatch flags for this dialect."""
        value = (
            later.wcmatch_glob.GLOBSTAR | later.wcmatch_glob.BRACE | later.wcmatch_glob.FORCEUNIX
        )
        if self.dotfiles:
            value |= later.wcmatch_glob.DOTGLOB
        if self.ignore_case:
            value |= later.wcmatch_glob.IGNORECASE
        return value

    def problem(self, pattern: str) -> str | None:
        """Why the agent cannot use ``pattern`` as its author meant; None when fine."""
        raw = pattern.strip()
        if not raw:
            return "an empty glob matches nothing"
        if raw in self.match_all:
            return None
        if "\\" in raw:
            return f"{raw!r} uses a backslash: {self.name} globs separate folders with /"
        if raw.startswith("!"):
            return (
                f"{raw!r} starts with !, which {self.name} does not read as negation: "
                f"it matches only a name that starts with !"
            )
        if _EXTGLOB.search(raw):
            return (
                f"{raw!r} uses an extended glob ( @(…), +(…), !(…) ), which {self.name} "
                f"does not support"
            )
        unbalanced = _unbalanced(raw)
        if unbalanced:
            return f"{raw!r} has an unclosed {unbalanced}"
        if raw.startswith("./") and not self.strip_dot_slash:
            return (
                f"{raw!r} starts with ./, which {self.name} keeps, so it matches no file; "
                f"drop the ./"
            )
        if raw.startswith("/"):
            if self.anchor is Anchor.ANYWHERE:
                return (
                    f"{raw!r} starts with /, so {self.name} matches it against the absolute "
                    f"path (/{raw.lstrip('/').split('/')[0]}/… at the filesystem root); drop the /"
                )
            return (
                f"{raw!r} starts with /, but {self.name} matches globs against paths relative "
                f"to {_ANCHOR_WORDS[self.anchor]}, so it matches no file; drop the /"
            )
        return None


_ANCHOR_WORDS = {
    Anchor.ROOT: "the project folder",
    Anchor.RULES_OWNER: "the folder holding the rules folder",
    Anchor.ANYWHERE: "any folder",
}

_EXTGLOB = lazy(r"[@+!?*]\(")


def _unbalanced(pattern: str) -> str:
    """``{`` or ``[`` left open (or a stray closer), as a short name; empty when balanced."""
    braces = 0
    bracket = False
    for ch in pattern:
        if bracket:
            bracket = ch != "]"
            continue
        if ch == "[":
            bracket = True
        elif ch == "{":
            braces += 1
        elif ch == "}":
            braces -= 1
            if braces < 0:
                return "} (no { before it)"
    if bracket:
        return "["
    return "{" if braces else ""


def rejected() -> tuple[type[Exception], ...]:
    """What wcmatch raises for a pattern it will not match with: a malformed one, one
    nested too deep, or one whose braces expand to more than its limit of 1000 patterns
    (``{0,1,2,3,4,5,6,7,8,9}`` four times), which is no ``ValueError``."""
    return (ValueError, RecursionError, later.wcmatch_wcparse.PatternLimitException)


def _globmatch(relative: str, pattern: str, flags: int) -> bool:
    """wcmatch's glob match; a pattern wcmatch rejects matches nothing."""
    try:
        return bool(later.wcmatch_glob.globmatch(relative, pattern, flags=flags))
    except rejected():
        return False


DEFAULT = GlobDialect(
    name="default",
    source="no path scoping in this agent: a plain glob relative to the project folder",
)
"""The dialect of an agent without path scoping of its own."""


def split_patterns(dialect_: GlobDialect, value: object) -> tuple[str, ...] | None:
    """The agent's reading of a scope value; None when the agent cannot use it.

    ``GlobDialect.scope_value`` says which shapes the agent takes: a string split on
    commas outside braces and brackets, a list of strings (trimmed, blanks dropped), or
    either.
    """
    shape = dialect_.scope_value
    if isinstance(value, str) and shape is not ScopeValue.LIST:
        return tuple(p for p in split_commas(value) if p)
    if (
        shape is not ScopeValue.STRING
        and isinstance(value, list)
        and all(isinstance(v, str) for v in value)
    ):
        return tuple(v.strip() for v in value if v.strip())
    return None


def split_commas(text: str) -> list[str]:
    """Split on commas outside ``{}`` and ``[]``, trimming each piece."""
    parts: list[str] = []
    depth = 0
    bracket = False
    current: list[str] = []
    for ch in text:
        if bracket:
            bracket = ch != "]"
        elif ch == "[":
            bracket = True
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        elif ch == "," and depth == 0:
            parts.append("".join(current).strip())
            current = []
            continue
        current.append(ch)
    parts.append("".join(current).strip())
    return parts


def first_match(
    dialect_: GlobDialect, patterns: tuple[str, ...], path: str, folder: str
) -> str | None:
    """The first of ``patterns`` that matches the absolute ``path``; None when none does."""
    return next((p for p in patterns if dialect_.match_path(p, path, folder)), None)
