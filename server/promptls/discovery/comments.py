"""Block-level HTML comments that an agent hides from the model.

Claude Code 2.1.72 (CHANGELOG, 2026-03-10): "Changed CLAUDE.md HTML comments
(``<!-- ... -->``) to be hidden from Claude when auto-injected"; the memory page adds
that block-level comments are stripped and comments inside code blocks are kept. So a
comment that starts a line (after up to three spaces), outside a fenced code block, is
removed up to its ``-->`` together with the rest of that closing line when it is blank;
an inline comment inside a paragraph stays. Users who park notes for humans in comments
see here exactly what the model does not get.
"""

from __future__ import annotations

from promptls.text.lazyre import lazy

_FENCE = lazy(r"^ {0,3}(`{3,}|~{3,})")
_OPEN = lazy(r"^ {0,3}<!--")


def strip_block_comments(text: str) -> tuple[str, int]:
    """``text`` without its block-level HTML comments, and how many characters went."""
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    fence: str | None = None
    removed = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        match = _FENCE.match(line)
        if fence is not None:
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                fence = None
            out.append(line)
            i += 1
            continue
        if match:
            fence = match.group(1)
            out.append(line)
            i += 1
            continue
        if not _OPEN.match(line):
            out.append(line)
            i += 1
            continue
        start = i
        close = line.find("-->", line.find("<!--") + 4)
        while close < 0 and i + 1 < len(lines):
            i += 1
            close = lines[i].find("-->")
        if close < 0:
            out.extend(lines[start:])
            break
        rest = lines[i][close + 3 :]
        removed += sum(len(x) for x in lines[start:i]) + close + 3
        if rest.strip():
            out.append(rest)
        else:
            removed += len(rest)
        i += 1
    return "".join(out), removed
