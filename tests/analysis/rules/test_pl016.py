"""PL016 (invalid-suppression) beyond its fixtures: what a suppression comment names that
is no rule's code is reported where it stands, and silences nothing.

Its cases as files are in ``tests/analysis/testdata/PL016/`` (run by
``tests/analysis/test_fixtures.py``); how suppression comments silence what they do
name is ``tests/analysis/test_suppress.py``. ``scripts/test --rule PL016`` runs this
module, those fixtures and its docs check.
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from tests.analysis.test_suppress import MARKER, SLOT, TAIL, ZWSP, found


def test_pl016_unknown_codes_are_reported_and_suppress_nothing() -> None:
    text = "<!-- promptls-disable PL08, PL999 -->\n" + SLOT
    found = analyze(text, path="x.prompt").findings
    bad = [text[f.start : f.end] for f in found if f.code == "PL016"]
    assert bad == ["PL08", "PL999"]
    assert "PL008" in [f.code for f in found]


@pytest.mark.parametrize(
    ("comment", "invalid"),
    [
        ("<!-- promptls-disable: PL008; PL010 -->", []),
        ("<!-- promptls-disable PL008;PL010 -->", []),
        ("<!-- promptls-disable PL008:PL010 -->", []),
        ("<!-- promptls-disable pl008, pl010 -->", []),
        ("<!-- promptls-disable PL008. -->", [("PL016", ".")]),
        ("<!-- promptls-disable pl008. -->", [("PL016", ".")]),
        (
            "<!-- promptls-disable PL008 for 3rd-party templates. -->",
            [("PL016", "3rd-party"), ("PL016", "for"), ("PL016", "templates.")],
        ),
    ],
    ids=[
        "colon-and-semicolon",
        "semicolon",
        "colon",
        "lower-case",
        "full-stop",
        "lower-case-full-stop",
        "a-reason-is-no-code",
    ],
)
def test_pl016_reports_what_is_left_once_codes_are_read_apart_from_punctuation(
    comment: str, invalid: list[tuple[str, str]]
) -> None:
    text = f"{comment}\nA {{{{a}}}}{ZWSP}{TAIL}"
    named = [] if "PL010" in comment.upper() else [("PL010", ZWSP)]
    assert found(text) == sorted([*invalid, ("PL009", MARKER), *named])


def test_pl016_reports_a_noqa_code_with_a_typo_and_widens_nothing() -> None:
    text = f"A {{{{a}}}}{ZWSP}  # promptls: noqa PL0O8{TAIL}"
    assert [code for code, _ in found(text)] == ["PL008", "PL009", "PL010", "PL016", "PL016"]
