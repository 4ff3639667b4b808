"""Which findings are new relative to an older state of the same files.

``promptls check --since REV`` and ``promptls diff`` report only the findings a change
introduced, not the backlog. A finding is the same finding as an older one when it has
the same rule, the same file and the same text around it: the line (or first and last
line) holding its span, with runs of white space collapsed. Line numbers take no part,
so lines added above a finding do not make it new; editing the line it is on does.
Equal keys are counted, so a second copy of an old finding in the same file is new.

A file that exists only on the new side (moved or renamed) has its findings matched,
second, against findings of files that exist only on the old side, by rule and text:
moving ``docs/AGENTS.md`` to ``AGENTS.md`` makes nothing new.

The same text key gives GitLab's Code Quality report stable fingerprints, so its merge
request widget does not call an unchanged finding new either (``fingerprints``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import NamedTuple

from promptls.text.digest import sha256_hex
from promptls.text.markdown import line_end, line_start

__all__ = ["Key", "context_of", "fingerprints", "key_of", "new_flags"]

_CONTEXT_CAP = 1000
"""Code points of a line kept in a key: a minified one-line file stays cheap to hash."""


class Key(NamedTuple):
    """What identifies a finding across versions: file (relative path), rule, text."""

    path: str
    code: str
    context: str


def _squeeze(line: str) -> str:
    """A line with white-space runs made one space and the ends stripped, capped."""
    return " ".join(line.split())[:_CONTEXT_CAP]


def context_of(text: str, start: int, end: int) -> str:
    """The line holding ``start``, and the line holding ``end`` when it is another one."""
    first = _squeeze(text[line_start(text, start) : line_end(text, start)])
    last_at = max(start, end - 1)
    if line_end(text, start) >= last_at:
        return first
    return first + "\n" + _squeeze(text[line_start(text, last_at) : line_end(text, last_at)])


def key_of(path: str, code: str, text: str, start: int, end: int) -> Key:
    """The key of one finding in ``text`` (the file's content, as analysed)."""
    return Key(path, code, context_of(text, start, end))


def new_flags(
    head: Sequence[Key],
    base: Sequence[Key],
    head_files: Collection[str],
    base_files: Collection[str],
) -> list[bool]:
    """For each key of ``head`` (in order), whether it is new relative to ``base``.

    ``head_files``/``base_files`` are every file each side has (with findings or
    not): a file only ``head`` has is a moved one, matched against files only ``base``
    has.
    """
    left = Counter(base)
    flags: list[bool] = []
    for key in head:
        if left[key] > 0:
            left[key] -= 1
            flags.append(False)
        else:
            flags.append(True)
    gone = Counter(
        (key.code, key.context)
        for key, count in left.items()
        for _ in range(count)
        if key.path not in head_files
    )
    for index, key in enumerate(head):
        if flags[index] and key.path not in base_files and gone[(key.code, key.context)] > 0:
            gone[(key.code, key.context)] -= 1
            flags[index] = False
    return flags


def fingerprints(keys: Sequence[Key]) -> list[str]:
    """A stable, unique fingerprint per key: a hash of the key and how many equal keys
    came before it (GitLab keeps only one finding per fingerprint)."""
    seen: Counter[Key] = Counter()
    out: list[str] = []
    for key in keys:
        nth = seen[key]
        seen[key] += 1
        raw = "\0".join((key.path, key.code, key.context, str(nth)))
        out.append(sha256_hex(raw.encode("utf-8", "surrogatepass"))[:32])
    return out
