"""Bad input never crashes the analysis, and near-misses survive random mutation."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import MarkerKind, analyze
from promptls.analysis.scanner import scan
from tests import examples

from .conftest import MARKER

ANY_TEXT = st.text(
    alphabet=st.characters(codec=None, exclude_categories=()),
    max_size=300,
)
MARKERISH = st.lists(
    st.sampled_from(
        [
            MARKER,
            "_",
            "-",
            "ZIDANE",
            "SYSTEM",
            "PROMPT",
            "BOUNDARY",
            " ",
            "\n",
            "\r",
            "\u200b",
            "<!-- promptls-disable PL00 -->",
            "# promptls: noqa",
            "{{x}}",
            "🎉",
            "\ud800",
        ]
    ),
    max_size=20,
).map("".join)


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(ANY_TEXT, MARKERISH), st.sampled_from(["a.prompt", "AGENTS.md", "x.md", None]))
def test_analyze_never_raises_and_spans_are_in_range(text: str, path: str | None) -> None:
    result = analyze(text, path=path)
    for finding in result.findings:
        assert 0 <= finding.start <= finding.end <= len(text)
        for edit in finding.fix.edits if finding.fix else ():
            assert 0 <= edit.start <= edit.end <= len(text)


def _mutate(draw: st.DrawFn) -> str:
    """A marker damaged in one of the ways users damage it."""
    kind = draw(st.sampled_from(["case", "underscores", "hyphens", "typo", "invisible", "wrap"]))
    inner = MARKER.strip("_")
    if kind == "case":
        flips = draw(st.lists(st.booleans(), min_size=len(inner), max_size=len(inner)))
        inner2 = "".join(c.lower() if f else c for c, f in zip(inner, flips, strict=True))
        if inner2 == inner:
            inner2 = inner.lower()
        return f"__{inner2}__"
    if kind == "underscores":
        left, right = draw(st.sampled_from([(1, 2), (2, 1), (0, 0), (1, 1), (0, 2)]))
        return "_" * left + inner + "_" * right
    if kind == "hyphens":
        return "__" + inner.replace("_", "-") + "__"
    if kind == "typo":
        i = draw(st.integers(2, len(MARKER) - 3))
        if MARKER[i] == "_":
            i += 1
        return MARKER[:i] + MARKER[i + 1 :]
    if kind == "invisible":
        i = draw(st.integers(3, len(MARKER) - 3))
        char = draw(st.sampled_from(["\u200b", "\u200c", "\u2060", "\ufeff", "\u00ad"]))
        return MARKER[:i] + char + MARKER[i:]
    i = draw(st.sampled_from([i for i, c in enumerate(MARKER) if c == "_" and 2 < i < 30]))
    return MARKER[: i + 1] + "\n" + MARKER[i + 1 :]


@settings(max_examples=examples(300), deadline=None)
@given(st.data())
def test_damaged_markers_are_found_where_they_are(data: st.DataObject) -> None:
    token = _mutate(data.draw)
    before = data.draw(st.sampled_from(["", "Doctrine.\n\n", "中文 ", "🎉 ", "x\r\n"]))
    after = data.draw(st.sampled_from(["", "\n\nTurn.", " end", "\r\n"]))
    text = before + token + after
    hits = scan(text, [MARKER])
    assert [h.kind for h in hits] == [MarkerKind.NEAR_MISS], (text, hits)
    assert text[hits[0].start : hits[0].end] == token


INVISIBLE_PIECES = ["\u200b", "\u202e", "\u00ad", "\ufeff", "\u2066", "\U000e0041", "\u061c"]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(["a", "é", "中", "🎉", " ", "\n", *INVISIBLE_PIECES]), max_size=30))
def test_invisible_runs_match_a_naive_scan(pieces: list[str]) -> None:
    text = "x" + "".join(pieces)
    expected = []
    i = 0
    while i < len(text):
        if text[i] in INVISIBLE_PIECES:
            j = i
            while j < len(text) and text[j] in INVISIBLE_PIECES:
                j += 1
            expected.append((i, j))
            i = j
        else:
            i += 1
    found = sorted(  # repeated runs of one kind are one finding, the rest related to it
        (span.start, span.end)
        for f in analyze(text, path="AGENTS.md").findings
        if f.code == "PL010"
        for span in (f, *f.related)
    )
    assert found == expected
