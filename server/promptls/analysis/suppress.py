"""Suppression comments: turn rules off for a region, the next line, or one line.

* ``<!-- promptls-disable PL001 PL008 -->`` … to the end of the file or a matching
  ``<!-- promptls-enable PL001 -->``; with no codes, every rule.
* ``<!-- promptls-disable-next-line PL002 -->``: the line after the comment.
* ``# promptls: noqa PL008`` (for prompt files that are not Markdown; accepted anywhere):
  the line the comment is on; with no codes, every rule.

Codes may be separated by spaces or commas. A code that is not a rule is reported as
PL016 (invalid suppression) at the code itself, so a typo does not silently suppress
nothing. Comments quoted inside an inline code span (`` `<!-- promptls-disable -->` ``)
are documentation, not suppressions. A ``noqa`` takes the codes that follow it
directly, each up to its last digit (``noqa PL008because`` names PL008: a missing space
never widens it to every rule); the rest of the line is ignored. A comment naming only
unknown codes suppresses nothing.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from promptls.analysis.model import Finding
from promptls.record import Record, field
from promptls.text.lazyre import lazy
from promptls.text.mapper import Mapper
from promptls.text.markdown import Code

_COMMENT = lazy(
    r"<!--[ \t]*promptls-(disable-next-line|disable|enable)\b(.*?)-->"
    r"|#[ \t]*promptls:[ \t]*(noqa)\b((?:[ \t]*[:,]?[ \t]*[A-Za-z]+[0-9]+)*)",
    re.DOTALL,
)
_CODE = lazy(r"[A-Za-z]+[0-9]+|[^\s,;:]+")
ALL = "*"
INVALID = "PL016"
"""Reports about suppressions are only silenced by naming PL016 itself."""


class Suppressions(Record, frozen=False):
    """Parsed suppression comments of one text."""

    ranges: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    lines: dict[int, set[str]] = field(default_factory=dict)
    unknown: list[tuple[int, int, str]] = field(default_factory=list)
    mapper: Mapper | None = None
    """Lines of the text; only texts that mention ``promptls`` need one."""

    def covers(self, finding: Finding) -> bool:
        """Whether a finding is silenced by a region, a next-line or a noqa comment."""
        scopes = (finding.code,) if finding.code == INVALID else (finding.code, ALL)
        for code in scopes:
            for start, end in self.ranges.get(code, ()):
                if start <= finding.start < end:
                    return True
        if self.lines and self.mapper is not None:
            codes = self.lines.get(self.mapper.offset_to_line(finding.start))
            if codes and (finding.code in codes or (ALL in codes and finding.code != INVALID)):
                return True
        return False


def _codes(body: str, offset: int, known: Collection[str], out: Suppressions) -> set[str]:
    """The codes named in a comment body; unknown ones are recorded with their span."""
    codes: set[str] = set()
    tokens = 0
    for match in _CODE.finditer(body):
        tokens += 1
        token = match.group().strip()
        code = token.upper()
        if code in known:
            codes.add(code)
        elif token and code not in {"-", "--"}:
            out.unknown.append((offset + match.start(), offset + match.end(), token))
    return codes if tokens else {ALL}


def parse_suppressions(text: str, known: Collection[str]) -> Suppressions:
    """Read every suppression comment; cheap when the text never says ``promptls``."""
    out = Suppressions()
    if "promptls" not in text:
        return out
    open_at: dict[str, int] = {}
    out.mapper = mapper = Mapper(text, "utf-32")
    quoted = Code(text)  # a comment quoted in a code span documents suppression
    for match in _COMMENT.finditer(text):
        if quoted.in_inline_code(match.start()):
            continue
        if match.group(3):
            codes = _codes(match.group(4), match.start(4), known, out)
            out.lines.setdefault(mapper.offset_to_line(match.start()), set()).update(codes)
            continue
        verb = match.group(1)
        codes = _codes(match.group(2), match.start(2), known, out)
        if verb == "disable-next-line":
            line = mapper.offset_to_line(match.end()) + 1
            out.lines.setdefault(line, set()).update(codes)
        elif verb == "disable":
            for code in codes:
                open_at.setdefault(code, match.start())
        else:
            targets = list(open_at) if ALL in codes else codes
            for code in targets:
                start = open_at.pop(code, None)
                if start is not None:
                    out.ranges.setdefault(code, []).append((start, match.end()))
    for code, start in open_at.items():
        out.ranges.setdefault(code, []).append((start, len(text) + 1))
    return out
