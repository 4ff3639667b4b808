"""gemini-cli's ``@path`` imports, which do not read code as CommonMark does.

gemini-cli ``memoryImportProcessor.ts`` ``findImports`` and ``findCodeRegions``
(google-gemini/gemini-cli, commit 5411f113, 2026-08-21): ``@`` at the start of the text
or right after a space, tab, CR or LF, running to the next of those four; its first
character is ``.``, ``/`` or an ASCII letter. No extension is needed (``@README``), and
trailing punctuation is part of the path (``@./a.md,`` names ``./a.md,``).

**Where it differs from CommonMark.** Its code is only what the pattern "a run of
backticks, anything, the same run" matches over the whole text, left to right: inline
spans and backtick fences, and also a stray pair of backticks lines apart. So a ``~~~``
fence, an indented code block and an unclosed backtick fence hide no import from it,
and a token between two lone backticks on different lines is hidden although
CommonMark reads no code there. The oracle shows it: scenario "gemini: imports in tilde
fences and indented code are followed, a backtick pair across lines hides one"
(gemini-cli 0.61.0). The runs come from ``promptls.text.markdown.backtick_runs``; which
runs pair up is this dialect's own.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from functools import cache

from promptls.agents.model import ImportRef, ImportStyle
from promptls.text.lazyre import constant
from promptls.text.leads import Led
from promptls.text.markdown import backtick_runs


@cache
def _tokens() -> Led[str]:
    """The import token, searched from its ``@`` (``find``, while ``@`` is rare)."""
    return Led(constant(r"(?<![^ \t\r\n])@([^ \t\r\n]*)"))


def _starts(path: str) -> bool:
    """gemini-cli's first-character test: ``.``, ``/`` or an ASCII letter."""
    first = path[:1]
    return first in (".", "/") or ("a" <= first <= "z") or ("A" <= first <= "Z")


def backtick_regions(text: str) -> list[tuple[int, int]]:
    """The spans gemini-cli's code pattern matches, left to right, in linear time.

    The pattern is a backtick run, the shortest stretch of anything, then the same run.
    Backtracking, it tries the whole run at a position first and shorter runs after, and
    a run of length ``k`` closes at the first ``k`` backticks found later. Knowing the
    longest backtick run in every suffix answers "is there a closer" without a search,
    so a hostile file of backticks costs no quadratic rescans.
    """
    runs = backtick_runs(text)
    starts = [s for s, _ in runs]
    longest_after = [0] * (len(runs) + 1)
    for k in range(len(runs) - 1, -1, -1):
        longest_after[k] = max(runs[k][1] - runs[k][0], longest_after[k + 1])

    def longest_from(pos: int) -> int:
        """Length of the longest backtick run inside ``text[pos:]``."""
        index = bisect_right(starts, pos) - 1
        best = longest_after[index + 1]
        if index >= 0 and runs[index][1] > pos:
            best = max(best, runs[index][1] - pos)
        return best

    regions: list[tuple[int, int]] = []
    pos = 0
    while (start := text.find("`", pos)) >= 0:
        index = bisect_right(starts, start) - 1
        run = runs[index][1] - start
        for size in range(run, 0, -1):
            if longest_from(start + size) >= size:
                end = text.find("`" * size, start + size) + size
                regions.append((start, end))
                pos = end
                break
        else:
            break  # the last lone backtick: nothing after it can close anything
    return regions


def parse(text: str) -> tuple[ImportRef, ...]:
    """gemini-cli's ``findImports``, minus the tokens inside its backtick code."""
    if "@" not in text:
        return ()
    regions = backtick_regions(text)
    ends = [end for _, end in regions]

    def hidden(at: int) -> bool:
        index = bisect_right(ends, at)
        return index < len(regions) and regions[index][0] <= at

    return tokens(text, hidden)


def tokens(text: str, hidden: Callable[[int], bool]) -> tuple[ImportRef, ...]:
    """gemini-cli's ``findImports`` tokens (``@`` after whitespace, a path starting with
    ``.``, ``/`` or a letter, up to the next whitespace), minus those at an offset
    ``hidden`` says is code. Public for gemini-cli's forks, which keep this token rule
    but read code their own way (Qwen Code)."""
    refs: list[ImportRef] = []
    line, counted = 1, 0
    for match in _tokens().finditer(text):
        path = match.group(1)
        if not _starts(path):
            continue
        at = match.start()
        if hidden(at):
            continue
        line += text.count("\n", counted, at)
        counted = at
        refs.append(ImportRef(path, line, at, match.end()))
    return tuple(refs)


STYLE = ImportStyle(
    "gemini", "gemini-cli", parse, home=False, silent_misses=False, confined=True,
    per_chain=True, approval=False, comments=True, escaped_spaces=False,
)  # fmt: skip
"""gemini-cli's dialect: no ``~/``, a miss is reported in an HTML comment, imports stay
inside the project root by real path and cycles are tracked per chain."""
