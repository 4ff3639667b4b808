"""PL008's values at their edges: which dates, times, UUIDs and home paths count, where
they may start, what may touch them, and the message for each kind.

Written against mutation testing (docs/mutation.md). Every text here is a prompt whose
static half is the case and whose dynamic half ends with a word character, so a value at
offset 0 cannot borrow its "free edge" from the end of the text.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import analyze
from promptls.analysis.rules import pl008_volatile_static as pl008
from promptls.config import Settings

from .conftest import MARKER


def _values(static: str) -> list[str]:
    """The volatile values PL008 reports in a static half, in order."""
    text = f"{static}\n\n{MARKER}\n\nTurn."
    found = analyze(text, path="x.prompt", settings=Settings(select=("PL008",))).findings
    return [text[f.start : f.end] for f in found]


def _messages(static: str) -> list[str]:
    text = f"{static}\n\n{MARKER}\n\nTurn."
    found = analyze(text, path="x.prompt", settings=Settings(select=("PL008",))).findings
    return [f.message for f in found]


@pytest.mark.parametrize(
    ("static", "values"),
    [
        ("2025-06-01 is the date", ["2025-06-01"]),  # at offset 0
        ("x2025-06-01 y", []),  # glued before (offset 1)
        ("On 2025-06-01x y", []),  # glued after
        ("On 2025-06-01, then", ["2025-06-01"]),
        ("On 1999-12-31.", ["1999-12-31"]),  # the end of a sentence
        ("v1.2025-06-01 and 2025-06-01-rc", []),  # parts of a version or a name
        ("Date:2025-06-01 and 2025-06-01.1", ["2025-06-01", "2025-06-01"]),
        ("On 1999-12-31 then", ["1999-12-31"]),
        ("On 1899-06-01 or 2125-06-01", []),  # only 19xx and 20xx are years
        ("On abcd-06-01 or 20a5-06-01", []),
        ("On 2025-01-15 and 2025-10-01", ["2025-01-15", "2025-10-01"]),
        ("On 2025-00-15 and 2025-13-01", []),  # months 1-12
        ("On 2025-06-10 and 2025-01-31", ["2025-06-10", "2025-01-31"]),
        ("On 2025-01-00 and 2025-01-32", []),  # days 1-31
    ],
)
def test_pl008_dates(static: str, values: list[str]) -> None:
    assert _values(static) == values


UUID = "0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d"


@pytest.mark.parametrize(
    ("static", "values"),
    [
        (f"{UUID} is the id", [UUID]),  # at offset 0
        (f"id {UUID} here", [UUID]),
        (f"id x{UUID} here", []),  # a ninth character before it
        (f"id g{UUID[1:]} here", []),  # not hex
        (f"id {UUID}- here", []),
        (f"id:{UUID}.", [UUID]),
        (f"id .{UUID} here", [UUID]),  # only a dash joins a UUID on the left
        (f"id -{UUID} here", []),
    ],
)
def test_pl008_uuids(static: str, values: list[str]) -> None:
    assert _values(static) == values


@pytest.mark.parametrize(
    ("static", "values"),
    [
        ("12:30:59 is the time", ["12:30:59"]),  # at offset 0
        ("x12:30:59 y", []),  # glued before (offset 1)
        ("At 12:30:59x y", []),
        ("At 00:00:00 and 23:59:59", ["00:00:00", "23:59:59"]),
        ("24:00:00 is no time", []),  # at offset 0, so "4" alone is not read as the hour
        ("At 24:00:00 or ab:30:59", []),
        ("At 9:30:59 then", []),  # two-digit hours only
        ("At 12:30:59. Or 10.12:30:59, 1:12:30:59, 12:30:59:1", ["12:30:59"]),
    ],
)
def test_pl008_times(static: str, values: list[str]) -> None:
    assert _values(static) == values


@pytest.mark.parametrize(
    ("static", "values"),
    [
        ("C:\\Users\\ana is home", ["C:\\Users\\ana"]),  # at offset 0
        ("Home: D:\\Users\\bob.", ["D:\\Users\\bob."]),
        ("Home: 1:\\Users\\bob", []),  # a drive is a letter
        (":\\Users\\bob is no path", []),  # no drive at all
        ("Home: /home/ana and /Users/bob", ["/home/ana", "/Users/bob"]),
    ],
)
def test_pl008_home_paths(static: str, values: list[str]) -> None:
    assert _values(static) == values


def test_pl008_messages_quote_the_value_for_each_kind() -> None:
    static = f"{{{{user}}}} on 2025-06-01 at 12:30:59, id {UUID}, in C:\\Users\\ana"
    assert _messages(static) == [
        "template slot '{{user}}': filled per session, so the cached prefix changes",
        "date '2025-06-01': changes between sessions and busts the cache",
        "time '12:30:59': changes between sessions and busts the cache",
        f"UUID '{UUID}': an id that changes between sessions busts the cache",
        "home path 'C:\\\\Users\\\\ana': differs per user and machine, so the prefix is not shared",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Hi {{ /home/ana }} at 2025-06-01 12:30:59 UTC, ${X} {% if a %}",
        f"C:\\Users\\me {UUID}-{{{{x}}}}",
        "-06-01 :30:59 {{}} ${} /home/",
    ],
)
def test_pl008_one_pass_pattern_matches_what_each_pattern_finds_alone(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The combined pattern as ``_one_pass`` builds it (not only the one built at import)."""
    monkeypatch.setattr(pl008, "_VOLATILE", pl008._one_pass(pl008.PATTERNS))
    alone = sorted(
        (m.start(), m.end(), index)
        for index, pattern in enumerate(pl008.PATTERNS)
        for m in re.finditer(pattern, text)
    )
    assert sorted(pl008.matches(text, len(text))) == alone
    assert alone  # every text holds at least one value


# The edges as lookaround patterns: what may not touch a date, a time or a UUID.
REFERENCE = {
    "date": r"(?<![\w.])(?:19|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?![\w-])",
    "time": r"(?<![\w:.])(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?![\w:])",
    "uuid": r"(?<![\w-])[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}(?![\w-])",
}
PIECES = st.sampled_from(
    [
        " ",
        ".",
        ":",
        "-",
        "_",
        "x",
        "é",
        "1",
        "2025",
        "-06-01",
        "12:30:59",
        ":30",
        "0a1b2c3d",
        "-4e5f-6a7b-8c9d-",
        "0e1f2a3b4c5d",
        "\n",
    ]
)


@settings(max_examples=400, deadline=None)
@given(static=st.lists(PIECES, max_size=14).map("".join))
def test_pl008_dates_times_and_uuids_have_the_documented_edges(static: str) -> None:
    text = f"{static}\n\n{MARKER}\n\nTurn."
    settings_ = Settings(select=("PL008",))
    found = {
        (f.start, f.end)
        for f in analyze(text, path="x.prompt", settings=settings_).findings
        if not f.message.startswith(("template slot", "home path"))
    }
    expected = {
        (m.start(), m.end())
        for pattern in REFERENCE.values()
        for m in re.finditer(pattern, text[: len(static)])
    }
    assert found == expected
