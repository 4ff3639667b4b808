"""``promptls check --since REV``: only the findings that are new relative to REV.

The same check runs twice, on the files as they are and on the same paths in REV's tree
(written to a temporary folder by :mod:`._revision`, the one place promptls runs git),
and :func:`promptls.analysis.baseline.new_flags` says which of today's findings REV did
not have: matched by rule, file and the text around them, so moved lines and moved
files do not count as new. Text, JSON, GitHub and GitLab output list the new findings
only; SARIF lists every finding with its ``baselineState`` (``new`` or ``unchanged``,
SARIF 2.1.0 §3.27.24), so a viewer can filter as it likes. The exit status counts the
new ones only.
"""

# Plain str paths on purpose: the reports' display paths are compared as written.
# ruff: noqa: PTH100, PTH118

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from promptls import later
from promptls.analysis.baseline import Key, key_of, new_flags
from promptls.commands import UsageError
from promptls.commands._check_output import Report
from promptls.record import replace
from promptls.text.escape import safe_line
from promptls.text.paths import within

Collect = Callable[[list[str]], tuple[list[Report], list[str]]]
"""Checks the given paths as ``promptls check`` would: its reports and the files read."""


def relative(display: str, top: str) -> str:
    """A checked file's path relative to its tree's top, ``/``-separated."""
    return os.path.relpath(os.path.abspath(display), top).replace(os.sep, "/")


def report_keys(reports: Sequence[Report], top: str) -> list[Key]:
    """The baseline key of every finding, report by report, in order."""
    return [
        key_of(relative(r.display, top), f.code, r.analysis.text, f.start, f.end)
        for r in reports
        for f in r.analysis.findings
    ]


def since(
    rev: str,
    raws: Sequence[str],
    reports: list[Report],
    files: list[str],
    collect: Collect,
    *,
    keep_all: bool,
) -> list[Report]:
    """``reports`` with only the findings new since ``rev`` (``keep_all``: every
    finding, each with its baseline state)."""
    with later.commands_revision.checkout(rev, os.path.abspath("."), "--since") as tree:
        base_raws = []
        for raw in raws:
            path = os.path.abspath(raw)
            if not within(path, tree.logical_top):
                raise UsageError(f"--since: {safe_line(raw)} is outside the repository")
            rel = os.path.relpath(path, tree.logical_top)
            if Path(tree.tree, rel).exists():
                base_raws.append(os.path.join(tree.tree, rel))
        base_reports, base_files = collect(base_raws) if base_raws else ([], [])
        base_keys = report_keys(base_reports, tree.tree)
        base_names = {relative(p, tree.tree) for p in base_files}
    head_keys = report_keys(reports, tree.logical_top)
    head_names = {relative(p, tree.logical_top) for p in files}
    flags = iter(new_flags(head_keys, base_keys, head_names, base_names))
    out: list[Report] = []
    for report in reports:
        marks = [next(flags) for _ in report.analysis.findings]
        if keep_all:
            states = tuple("new" if new else "unchanged" for new in marks)
            out.append(replace(report, states=states))
            continue
        fresh = tuple(f for f, new in zip(report.analysis.findings, marks, strict=True) if new)
        out.append(replace(report, analysis=replace(report.analysis, findings=fresh)))
    return out
