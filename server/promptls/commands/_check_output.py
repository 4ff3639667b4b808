"""Output formats of ``promptls check``: text, JSON, SARIF 2.1.0, GitHub annotations and
GitLab's Code Quality report.

Columns: text, JSON and GitHub annotations use 1-based code-point columns (what a
terminal shows). SARIF declares ``columnKind: utf16CodeUnits`` and its columns are
counted in UTF-16 code units, as that property requires. Both come from the one
position mapper (:mod:`promptls.text.mapper`), which is 0-based: the 1 is added here.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from promptls import __version__
from promptls.analysis import RULES, Analysis, Severity
from promptls.analysis import rules as rule_docs
from promptls.analysis.baseline import Key, fingerprints, key_of
from promptls.analysis.model import Related
from promptls.analysis.rules import rule_doc_url
from promptls.commands.rule import rule_page
from promptls.record import Record
from promptls.text.escape import safe_line
from promptls.text.mapper import Encoding, Mapper

if TYPE_CHECKING:
    from promptls.apidesc.records_check import Finding, RelatedSpan


class Report(Record):
    """One checked file: how to name it and what was found."""

    display: str
    analysis: Analysis
    states: tuple[str, ...] = ()
    """With ``--since``: each finding's SARIF baseline state (``new``, ``unchanged``)."""

    def mapper(self, encoding: Encoding) -> Mapper:
        """Position mapper of the text (lazy: a file without findings builds no table)."""
        return Mapper(self.analysis.text, encoding)


def _where(mapper: Mapper, start: int, end: int) -> tuple[int, int, int, int]:
    """1-based start line/column and end line/column of a span, in the mapper's units."""
    line, col = mapper.offset_to_position(start)
    end_line, end_col = mapper.offset_to_position(end)
    return line + 1, col + 1, end_line + 1, end_col + 1


def format_text(reports: Sequence[Report]) -> str:
    """``path:line:col: PL001 [error] message`` lines and a summary."""
    out: list[str] = []
    total = fixable = 0
    for report in reports:
        mapper = report.mapper("utf-32")
        for finding in report.analysis.findings:
            line, col, _, _ = _where(mapper, finding.start, finding.end)
            mark = " [*]" if finding.fix else ""
            out.append(
                f"{safe_line(report.display)}:{line}:{col}: {finding.code} "
                f"[{finding.severity.value}] {safe_line(finding.message)}{mark}"
            )
            total += 1
            fixable += finding.fix is not None
    if total:
        out.append(
            f"Found {total} problem{'s' if total != 1 else ''} in {len(reports)} "
            f"file{'s' if len(reports) != 1 else ''}"
            + (f" ({fixable} fixable with --fix, marked [*])." if fixable else ".")
        )
    else:
        out.append(f"All checks passed ({len(reports)} file{'s' if len(reports) != 1 else ''}).")
    return "\n".join(out) + "\n"


def format_json(reports: Sequence[Report]) -> str:
    """A JSON list of findings with offsets and 1-based code-point positions."""
    return json.dumps(findings_json(reports), indent=2, ensure_ascii=False) + "\n"


def findings_json(reports: Sequence[Report]) -> list[Finding]:
    """The findings of ``--format json`` as data (the MCP ``check`` tool returns it)."""
    items: list[Finding] = []
    for report in reports:
        mapper = report.mapper("utf-32")
        for finding in report.analysis.findings:
            line, col, end_line, end_col = _where(mapper, finding.start, finding.end)
            items.append(
                {
                    "path": report.display,
                    "code": finding.code,
                    "name": RULES[finding.code].name if finding.code in RULES else "",
                    "severity": finding.severity.value,
                    "message": finding.message,
                    "line": line,
                    "column": col,
                    "end_line": end_line,
                    "end_column": end_col,
                    "start": finding.start,
                    "end": finding.end,
                    "fixable": finding.fix is not None,
                    "fix": None
                    if finding.fix is None
                    else {
                        "title": finding.fix.title,
                        "edits": [
                            {"start": e.start, "end": e.end, "new_text": e.new_text}
                            for e in finding.fix.edits
                        ],
                    },
                    "related": [_related(r) for r in finding.related],
                    "agents": list(finding.agents),
                }
            )
    return items


def _related(span: Related) -> RelatedSpan:
    """A related span; ``path`` only when it is in another file."""
    out: RelatedSpan = {"start": span.start, "end": span.end, "message": span.message}
    if span.path:
        out["path"] = span.path
    return out


def _gh_escape(value: str, *, prop: bool) -> str:
    """GitHub workflow-command escaping (properties also escape ``:`` and ``,``)."""
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        value = value.replace(":", "%3A").replace(",", "%2C")
    return value


_GH_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning"}


def format_github(reports: Sequence[Report]) -> str:
    """``::error file=…,line=…::message`` annotations, one per finding."""
    out: list[str] = []
    for report in reports:
        mapper = report.mapper("utf-32")
        for finding in report.analysis.findings:
            line, col, end_line, end_col = _where(mapper, finding.start, finding.end)
            level = _GH_LEVEL.get(finding.severity, "notice")
            props = [f"file={_gh_escape(report.display, prop=True)}", f"line={line}", f"col={col}"]
            props += [f"endLine={end_line}"]
            if end_line == line:
                props.append(f"endColumn={end_col}")
            props.append(f"title={_gh_escape(finding.code, prop=True)}")
            message = _gh_escape(f"{finding.code} {finding.message}", prop=False)
            out.append(f"::{level} {','.join(props)}::{message}")
    return "\n".join(out) + ("\n" if out else "")


_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning"}


def _sarif_region(mapper: Mapper, start: int, end: int) -> dict[str, int]:
    """A SARIF region in 1-based lines and (with a UTF-16 mapper) UTF-16 columns."""
    line, col, end_line, end_col = _where(mapper, start, end)
    return {"startLine": line, "startColumn": col, "endLine": end_line, "endColumn": end_col}


def _sarif_driver() -> dict[str, object]:
    """The tool: name, version, the published docs when there are any, and the rules."""
    driver: dict[str, object] = {"name": "promptls", "version": __version__}
    if rule_docs.RULES_DOC_URL is not None:  # read at the call: set once, when published
        driver["informationUri"] = rule_docs.RULES_DOC_URL
    driver["rules"] = sarif_rules()
    return driver


def sarif_rules() -> list[dict[str, object]]:
    """Rule metadata for the SARIF driver: descriptions, the rule's page (``promptls rule``)
    as help, a ``helpUri`` only when the docs are published, the default level."""
    rules: list[dict[str, object]] = []
    for code, rule in RULES.items():
        help_text = f"{rule.explanation}\n\nBad:\n{rule.bad_example}\nGood:\n{rule.good_example}"
        entry: dict[str, object] = {
            "id": code,
            "name": rule.name,
            "shortDescription": {"text": rule.summary},
            "fullDescription": {"text": rule.explanation},
            "help": {"text": help_text, "markdown": rule_page(rule)},
        }
        url = rule_doc_url(code)
        if url is not None:
            entry["helpUri"] = url
        entry["defaultConfiguration"] = {"level": _SARIF_LEVEL.get(rule.severity, "note")}
        entry["properties"] = {"fixable": rule.fixable}
        rules.append(entry)
    return rules


def _sarif_related(uri: str, mapper: Mapper, related: Related) -> dict[str, object]:
    """A related span in this file, or another file (a PL028 set-up marker) as a whole."""
    if related.path:
        return {"artifactLocation": {"uri": Path(related.path).absolute().as_uri()}}
    return {
        "artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"},
        "region": _sarif_region(mapper, related.start, related.end),
    }


def format_sarif(reports: Sequence[Report]) -> str:
    """A SARIF 2.1.0 log with one run, rule metadata and UTF-16 columns."""
    codes = list(RULES)
    results: list[dict[str, object]] = []
    for report in reports:
        mapper = report.mapper("utf-16")
        uri = quote(report.display.replace("\\", "/"))
        first = len(results)
        for finding in report.analysis.findings:
            location = {
                "physicalLocation": {
                    "artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"},
                    "region": _sarif_region(mapper, finding.start, finding.end),
                }
            }
            result: dict[str, object] = {
                "ruleId": finding.code,
                "ruleIndex": codes.index(finding.code) if finding.code in codes else -1,
                "level": _SARIF_LEVEL.get(finding.severity, "note"),
                "message": {"text": finding.message},
                "locations": [location],
            }
            if finding.agents:
                result["properties"] = {"agents": list(finding.agents)}
            if report.states:
                result["baselineState"] = report.states[len(results) - first]
            if finding.related:
                result["relatedLocations"] = [
                    {
                        "id": n,
                        "message": {"text": r.message},
                        "physicalLocation": _sarif_related(uri, mapper, r),
                    }
                    for n, r in enumerate(finding.related)
                ]
            results.append(result)
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": _sarif_driver()},
                "columnKind": "utf16CodeUnits",
                "results": results,
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


_GITLAB_SEVERITY = {Severity.ERROR: "major", Severity.WARNING: "minor"}
"""Error and warning on GitLab's scale (info, minor, major, critical, blocker)."""


def _relative(display: str) -> str:
    """A path relative to the current folder, ``/``-separated (as given when it cannot
    be: another drive on Windows)."""
    try:
        return os.path.relpath(display).replace(os.sep, "/")
    except ValueError:
        return display.replace(os.sep, "/")


def format_gitlab(reports: Sequence[Report]) -> str:
    """GitLab's Code Quality report: a JSON array of issues, each with ``description``,
    ``check_name``, ``fingerprint``, ``severity`` and ``location`` (``path`` relative
    to the current folder, ``lines.begin``), the fields GitLab's documentation requires
    (docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format). The
    fingerprint hashes the rule, the file and the text around the finding
    (:mod:`promptls.analysis.baseline`), not its line, so GitLab's merge-request widget
    does not call a finding new because lines were added above it."""
    keys: list[Key] = []
    issues: list[dict[str, object]] = []
    for report in reports:
        mapper = report.mapper("utf-32")
        path = _relative(report.display)
        for finding in report.analysis.findings:
            line, _, _, _ = _where(mapper, finding.start, finding.end)
            text = report.analysis.text
            keys.append(key_of(path, finding.code, text, finding.start, finding.end))
            issues.append(
                {
                    "description": f"{finding.code} {finding.message}",
                    "check_name": finding.code,
                    "fingerprint": "",
                    "severity": _GITLAB_SEVERITY.get(finding.severity, "info"),
                    "location": {"path": path, "lines": {"begin": line}},
                }
            )
    for issue, fingerprint in zip(issues, fingerprints(keys), strict=True):
        issue["fingerprint"] = fingerprint
    return json.dumps(issues, indent=2, ensure_ascii=False) + "\n"


FORMATS = {
    "text": format_text,
    "json": format_json,
    "sarif": format_sarif,
    "github": format_github,
    "gitlab": format_gitlab,
}
