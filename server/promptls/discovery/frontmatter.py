"""YAML front matter of rule files, read the way the agents read it.

Path-scoped instruction files (Claude's ``.claude/rules``, later Cursor and Copilot
rules) carry their scope in a ``---`` front matter block, and most scoping bugs users
report are front matter written in a shape the agent does not accept: a YAML list where
a string is wanted, ``globs:`` instead of ``paths:``, ``"true"`` instead of ``true``. So
this module keeps what YAML says (types included) and never guesses: a block that is
not valid YAML is reported, with its line, and the file is treated as having none.
"""

from __future__ import annotations

from promptls import later
from promptls.discovery.globs import DEFAULT, split_patterns
from promptls.record import Record, field


class FrontMatter(Record):
    """A file's front matter: the mapping (empty when absent), the body after it, and
    the problem YAML found (empty when none; ``data`` then holds plain key: value lines)."""

    data: dict[str, object] = field(default_factory=dict)
    body_start: int = 0
    problem: str = ""
    problem_line: int | None = None
    present: bool = False


def read_front_matter(text: str) -> FrontMatter:
    """Split ``---``/``---`` front matter off ``text`` and parse it with YAML's safe loader.

    ``body_start`` is the code-point offset where the body begins (0 without a block).
    """
    start = 1 if text.startswith("\ufeff") else 0
    first_end = text.find("\n", start)
    if first_end < 0 or text[start:first_end].rstrip("\r") != "---":
        return FrontMatter()
    pos = first_end + 1
    while pos <= len(text):
        end = text.find("\n", pos)
        line = text[pos : len(text) if end < 0 else end].rstrip("\r")
        if line in ("---", "..."):
            block = text[first_end + 1 : pos]
            body = len(text) if end < 0 else end + 1
            return _parse(block, body)
        if end < 0:
            break
        pos = end + 1
    return FrontMatter(problem="the front matter block has no closing ---", problem_line=1)


TAG_MISFIT = "invalid YAML: a value does not fit its tag (such as !!int, !!timestamp)"
"""PyYAML builds a tagged value with plain Python code, which fails with plain Python
errors (`!!int` with no digits: IndexError; `!!timestamp x`: AttributeError)."""

MAX_DEPTH = 64
"""Flow collections nested deeper are not parsed: PyYAML takes seconds on a few thousand
levels (and recurses), and no agent's front matter nests more than two."""


def too_deep(block: str) -> bool:
    """Whether ``[``/``{`` nest more than ``MAX_DEPTH`` levels (quotes not considered:
    a glob full of braces only makes the guard stricter, never the parse slower)."""
    if block.count("[") + block.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    for ch in block:
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif ch in "]}":
            depth = max(0, depth - 1)
    return False


def _parse(block: str, body_start: int) -> FrontMatter:
    """Load one block; anything but a mapping is reported, not guessed at."""
    if too_deep(block):
        problem = f"invalid YAML: brackets nested more than {MAX_DEPTH} levels deep"
        return FrontMatter(_plain_lines(block), body_start, problem, 2, True)
    try:
        data = later.yaml.safe_load(block) if block.strip() else {}
    except (later.yaml.YAMLError, RecursionError) as exc:  # deep nesting overflows the parser
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        plain = _plain_lines(block)
        return FrontMatter(plain, body_start, f"invalid YAML: {problem}", line, True)
    except (ValueError, LookupError, AttributeError, TypeError):  # see TAG_MISFIT
        return FrontMatter(_plain_lines(block), body_start, TAG_MISFIT, None, True)
    if data is None:
        data = {}
    if not isinstance(data, dict):
        return FrontMatter({}, body_start, "the front matter is not a key: value mapping", 2, True)
    return FrontMatter({str(k): v for k, v in data.items()}, body_start, present=True)


_PLAIN_WORDS: dict[str, object] = {"true": True, "false": False, "": None, "~": None}


def plain_value(raw: str) -> object:
    """A ``key: value`` line's value as the agents' line readers take it: one pair of
    quotes removed, an unquoted ``true``/``false`` (any case) a boolean, an empty value
    or ``~`` nothing, anything else the text itself. Cursor's rule editor writes
    ``alwaysApply: true`` next to ``globs: *.ts`` (not YAML), and the rule is always
    applied: the ``true`` is a boolean there, not the string ``'true'``."""
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "'\"":
        return raw[1:-1]
    return _PLAIN_WORDS.get(raw.lower(), raw)


def _plain_lines(block: str) -> dict[str, object]:
    """Top-level ``key: value`` lines of a block YAML rejects, read by ``plain_value``.

    Claude Code's documented rule example ``paths: {src,lib}/**/*.ts, tests/**/*.ts`` is
    not valid YAML (it opens a flow mapping), yet the agent scopes the rule by it; so a
    scope key is still read from such a block, and the problem is kept for the reason.
    """
    data: dict[str, object] = {}
    for line in block.splitlines():
        if not line or line[0] in " \t#-":
            continue
        key, sep, value = line.partition(":")
        if sep and key.strip() and value.strip():
            data[key.strip()] = plain_value(value.strip())
    return data


def glob_list(value: object) -> tuple[str, ...] | None:
    """Globs from a string (comma-separated) or a list of strings; None for other shapes.

    Commas inside braces (``{src,lib}/**/*.ts``) stay part of their glob: the reading of
    ``ScopeValue.STRING_OR_LIST`` (``promptls.discovery.globs.split_patterns``), kept
    under this name for the frontmatter rules.
    """
    return split_patterns(DEFAULT, value)
