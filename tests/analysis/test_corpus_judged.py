"""Every finding on the laid-out corpus has been judged by a person, under every profile.

docs/precision.md reports precision per rule from ``corpus_judged.tsv``, one row per
finding with a verdict and its reason. A change that adds, drops or moves a finding on
the corpus fails here until someone judges it, so the reported numbers stay the real
ones; the per-rule table in docs/precision.md is checked against the judged rows too.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from pathlib import Path

import pytest

from promptls.agents.registry import PROFILES

from .test_corpus import _check_json, _lay_out

ROOT = Path(__file__).resolve().parents[2]
JUDGED = Path(__file__).with_name("corpus_judged.tsv")
PRECISION_DOC = ROOT / "docs" / "precision.md"
VERDICTS = ("true", "false", "noise", "layout")
"""``layout``: right about the laid-out tree, wrong about the real repository (the corpus
holds one file per repository, so an import of a sibling file cannot resolve)."""


def _judged() -> list[dict[str, str]]:
    with JUDGED.open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def test_every_judgement_has_a_known_verdict_and_a_reason() -> None:
    for row in _judged():
        assert row["verdict"] in VERDICTS, row
        assert row["reason"].strip(), row
        assert row["profile"] in PROFILES, row


@pytest.mark.parametrize("profile", list(PROFILES))
def test_the_findings_are_the_judged_ones(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], profile: str
) -> None:
    _lay_out(corpus, tmp_path)
    findings = _check_json(capsys, "--profile", profile, str(tmp_path))
    got = sorted(
        (f["code"], Path(str(f["path"])).relative_to(tmp_path).as_posix(), int(str(f["line"])))
        for f in findings
    )
    judged = sorted(
        (r["code"], r["path"], int(r["line"])) for r in _judged() if r["profile"] == profile
    )
    assert got == judged, (
        "the corpus findings changed: judge the new ones in tests/analysis/corpus_judged.tsv "
        "and docs/precision.md"
    )


def _table(rows: list[dict[str, str]]) -> str:
    """The per-rule table of docs/precision.md, computed from the judged rows."""
    counts: dict[str, Counter[str]] = {}
    for row in rows:
        counts.setdefault(row["code"], Counter())[row["verdict"]] += 1
    lines = [
        "| rule | findings | true | false | noise | layout | precision |",
        "|---|---|---|---|---|---|---|",
    ]
    for code in sorted(counts):
        c = counts[code]
        judged = c["true"] + c["false"] + c["noise"]
        precision = f"{100 * c['true'] / judged:.0f}%" if judged else "n/a"
        total = sum(c.values())
        lines.append(
            f"| {code} | {total} | {c['true']} | {c['false']} | {c['noise']} | "
            f"{c['layout']} | {precision} |"
        )
    return "\n".join(lines)


def test_the_precision_table_is_computed_from_the_judgements() -> None:
    text = PRECISION_DOC.read_text(encoding="utf-8")
    match = re.search(r"<!-- judged-table -->\n(.*?)\n<!-- /judged-table -->", text, re.S)
    assert match, "docs/precision.md lost its judged-table markers"
    expected = _table(_judged())
    assert match.group(1) == expected, f"update docs/precision.md's table to:\n{expected}"
