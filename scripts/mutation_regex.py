"""Meaningful variants of one regular expression, for scripts/mutation_patterns.py.

mutmut mutates function bodies only, and what it does to a string (``"XX…XX"``) says
nothing about a regex: a pattern is a small program of its own, whose mistakes are a
quantifier too loose, an anchor missing, one alternative or class member too many. Each
operator here makes one such change; a variant that does not compile or equals the
original is dropped by the caller. The pattern is read into tokens (an escape, a whole
character class, a group opener, a quantifier…) rather than parsed into a tree, because
every operator is an edit of the source text, and a token list keeps the text exact.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_QUANT = re.compile(r"(?:[*+?]|\{(?:\d+|\d*,\d*)\})[?+]?")
_OPENER = re.compile(r"\((?:\?(?::|=|!|<=|<!|P<\w+>|<\w+>|[aiLmsux-]+:|>))?")
_ATOM_GROUP = re.compile(r"\(\?(?:P=\w+\)|#[^)]*\)|[aiLmsux]+\))")
_ANCHORS = ("^", "$", r"\b", r"\B", r"\A", r"\Z")
_SHORTHANDS = ("s", "S", "d", "D", "w", "W")
_LOOKAROUND = ("(?=", "(?!", "(?<=", "(?<!")
FLAG_NAMES = {re.IGNORECASE: "IGNORECASE", re.MULTILINE: "MULTILINE", re.DOTALL: "DOTALL"}


@dataclass(frozen=True)
class Token:
    """One piece of a pattern's source: ``kind`` is esc, class, open, close, alt, quant,
    anchor, inline (``(?i)``, ``(?P=name)``, a comment) or lit."""

    kind: str
    text: str


def _escape(pattern: str, i: int) -> str:
    """The escape starting at ``pattern[i] == '\\'``, whole (``\\x41``, ``\\N{…}``)."""
    nxt = pattern[i + 1 : i + 2]
    width = {"x": 2, "u": 4, "U": 8}.get(nxt, 0)
    if nxt == "N" and pattern[i + 2 : i + 3] == "{":
        return pattern[i : pattern.index("}", i) + 1]
    return pattern[i : i + 2 + width]


def _class_end(pattern: str, i: int) -> int:
    """The index just past the class that opens at ``pattern[i] == '['``."""
    j = i + 1
    if pattern[j : j + 1] == "^":
        j += 1
    if pattern[j : j + 1] == "]":
        j += 1
    while j < len(pattern) and pattern[j] != "]":
        j += len(_escape(pattern, j)) if pattern[j] == "\\" else 1
    return j + 1


def tokens(pattern: str) -> list[Token]:
    """The pattern's tokens, in order; joined they give the pattern back."""
    out: list[Token] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        quant = _QUANT.match(pattern, i) if out else None
        if char == "\\":
            text = _escape(pattern, i)
            out.append(Token("anchor" if text in _ANCHORS else "esc", text))
        elif char == "[":
            out.append(Token("class", pattern[i : _class_end(pattern, i)]))
        elif char == "(":
            atom = _ATOM_GROUP.match(pattern, i)
            opener = _OPENER.match(pattern, i)
            assert opener is not None  # "(" alone always matches
            out.append(Token("inline", atom.group()) if atom else Token("open", opener.group()))
        elif char in ")|^$":
            out.append(Token({")": "close", "|": "alt"}.get(char, "anchor"), char))
        elif quant:
            out.append(Token("quant", quant.group()))
        else:
            out.append(Token("lit", char))
        i += len(out[-1].text)
    return out


def _join(parts: list[Token]) -> str:
    return "".join(t.text for t in parts)


def _quantifier(text: str) -> Iterator[tuple[str, str]]:
    """Replacements for one quantifier: (new text, what changed)."""
    base, lazy = (text[:-1], text[-1]) if len(text) > 1 and text[-1] in "?+" else (text, "")
    if base in ("*", "+", "?") and lazy == "?":
        yield base, f"lazy `{text}` → greedy `{base}`"
    if base == "?":
        yield "", f"`{text}` dropped (required)"
    elif base == "*":
        yield "+" + lazy, f"`{text}` → `+{lazy}`"
    elif base == "+":
        yield "*" + lazy, f"`{text}` → `*{lazy}`"
    else:
        low, _, high = base[1:-1].partition(",")
        comma = "," in base
        bounds: list[tuple[str, str]] = []
        if low:
            bounds += [(str(int(low) + 1), high), (str(int(low) - 1), high)]
        if comma and high:
            bounds += [(low, str(int(high) + 1)), (low, str(int(high) - 1))]
        for lo, hi in bounds:
            new = "{" + lo + ("," + hi if comma else "") + "}" + lazy
            if not lo.startswith("-") and not hi.startswith("-") and new != text:
                yield new, f"`{text}` → `{new}`"


def _class_items(body: str) -> list[str]:
    """A class body split into items: a character, an escape, or a range ``a-z``."""
    items: list[str] = []
    i = 0
    while i < len(body):
        item = _escape(body, i) if body[i] == "\\" else body[i]
        i += len(item)
        if body[i : i + 1] == "-" and i + 1 < len(body):
            end = _escape(body, i + 1) if body[i + 1] == "\\" else body[i + 1]
            item += "-" + end
            i += 1 + len(end)
        items.append(item)
    return items


def _class(text: str) -> Iterator[tuple[str, str]]:
    negated = text.startswith("[^")
    body = text[2 if negated else 1 : -1]
    head = "[^" if negated else "["
    yield ("[" if negated else "[^") + body + "]", f"`{text}` {'un-' if negated else ''}negated"
    items = _class_items(body)
    if len(items) > 1:
        for n, item in enumerate(items):
            rest = "".join(items[:n] + items[n + 1 :])
            yield head + rest + "]", f"`{item}` dropped from `{text}`"


def _group_ends(parts: list[Token]) -> dict[int, int]:
    """Each opener's index mapped to the index of its closing parenthesis."""
    stack: list[int] = []
    ends: dict[int, int] = {}
    for n, token in enumerate(parts):
        if token.kind == "open":
            stack.append(n)
        elif token.kind == "close" and stack:
            ends[stack.pop()] = n
    return ends


def _branches(parts: list[Token], start: int, stop: int) -> list[tuple[int, int]]:
    """The (start, stop) token ranges of the alternatives directly in ``parts[start:stop]``."""
    out: list[tuple[int, int]] = []
    depth, begin = 0, start
    for n in range(start, stop):
        kind = parts[n].kind
        depth += (kind == "open") - (kind == "close")
        if kind == "alt" and depth == 0:
            out.append((begin, n))
            begin = n + 1
    return [*out, (begin, stop)] if out else []


def variants(pattern: str) -> Iterator[tuple[str, str]]:
    """Every (variant, description) of the pattern's source, before compiling."""
    parts = tokens(pattern)

    def swap(n: int, text: str, stop: int | None = None) -> str:
        return _join(parts[:n]) + text + _join(parts[(n + 1 if stop is None else stop) :])

    ends = _group_ends(parts)
    groups = [(-1, len(parts)), *ends.items()]
    for n, token in enumerate(parts):
        if token.kind == "quant":
            for new, what in _quantifier(token.text):
                yield swap(n, new), what
        elif token.kind == "esc" and token.text[1:] in _SHORTHANDS:
            other = "\\" + token.text[1].swapcase()
            yield swap(n, other), f"`{token.text}` → `{other}`"
        elif token.kind == "anchor":
            yield swap(n, ""), f"anchor `{token.text}` removed"
        elif token.kind == "class":
            for new, what in _class(token.text):
                yield swap(n, new), what
        elif token.kind == "inline" and re.fullmatch(r"\(\?[aiLmsux]+\)", token.text):
            yield swap(n, ""), f"inline flags `{token.text}` removed"
        elif token.text in _LOOKAROUND and n in ends:
            stop = ends[n] + 1
            if stop < len(parts) and parts[stop].kind == "quant":
                stop += 1
            yield swap(n, "", stop), f"lookaround `{_join(parts[n:stop])}` removed"
    for open_at, close_at in groups:
        branches = _branches(parts, open_at + 1, close_at)
        for k, (a, b) in enumerate(branches):
            left = branches[k - 1][1] if k else a  # drop the branch and one `|` beside it
            right = b if k else branches[1][0]
            yield (
                _join(parts[:left]) + _join(parts[right:]),
                f"alternative `{_join(parts[a:b])}` dropped",
            )


def flag_variants(flags: int) -> Iterator[tuple[int, str]]:
    """The flags with one of IGNORECASE, MULTILINE, DOTALL removed."""
    for flag, name in FLAG_NAMES.items():
        if flags & flag:
            yield flags & ~flag, f"flag re.{name} removed"
