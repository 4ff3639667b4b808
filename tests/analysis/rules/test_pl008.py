"""PL008 (volatile-static-content) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL008/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL008`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import analyze
from promptls.analysis.rules import pl008_volatile_static as pl008
from promptls.analysis.rules.pl008_volatile_static import PATTERNS, matches
from promptls.config import Settings
from promptls.discovery import discover
from tests import examples
from tests.analysis.conftest import MARKER

# PL008's pattern sources, pinned by the values a user sees reported.
#
# The five sources ``_one_pass`` joins (dates and UUIDs, times and Windows homes, brace and
# dollar slots, POSIX homes) and the ``apply_patch`` envelope: every character a UUID group
# or a home folder name may hold, the bounds of a slot's body, and where an envelope ends.
# Written against the variants of ``scripts/mutation --patterns`` (docs/mutation.md,
# "Module-level patterns").


@pytest.mark.parametrize(
    "uuid",
    [
        "a1b2c3d4-e5f6-a7b8-c9d0-e1f2a3b4c5d6",  # a letter and a digit in every group
        "A1B2C3D4-E5F6-A7B8-C9D0-E1F2A3B4C5D6",
    ],
)
def test_every_hex_digit_in_every_uuid_group(uuid: str) -> None:
    assert _messages(f"Session {uuid} opened") == [
        f"UUID {uuid!r}: an id that changes between sessions busts the cache"
    ]


def test_a_last_uuid_group_of_thirteen_digits_is_no_uuid() -> None:
    assert _values("Id a1b2c3d4-e5f6-a7b8-c9d0-e1f2a3b4c5d6a here") == []


@pytest.mark.parametrize("name", ["Ana", "ana", "dev1", "ana.lee", "ana_lee", "ana-lee"])
def test_every_character_of_a_home_folder_name(name: str) -> None:
    static = f"Logs: /home/{name} and /Users/{name} and C:\\Users\\{name} today"
    assert _values(static) == [f"/home/{name}", f"/Users/{name}", f"C:\\Users\\{name}"]


@pytest.mark.parametrize("static", ["Put it in /home/<you>/x", "C:\\Users\\<you>\\x", "/Users/ x"])
def test_a_home_folder_without_a_name_is_no_home_path(static: str) -> None:
    assert _values(static) == []


def test_a_handlebars_triple_stash_is_one_slot() -> None:
    assert _messages("Body: {{{html}}} end") == [
        "template slot '{{html}}': filled per session, so the cached prefix changes"
    ]


@pytest.mark.parametrize(
    "static",
    ["Hi {{\nname\n}} there", "Hi {{ name\r}} there", "${}", "${\nHOME}", "${HOME\r}"],
)
def test_a_slot_spans_one_line_and_holds_something(static: str) -> None:
    assert _values(static) == []


def test_a_slot_body_holds_one_to_eighty_characters() -> None:
    assert _values("Hi {{a}} and ${b} there") == ["{{a}}", "${b}"]
    for body in ("a" * 80, "a" * 81):
        found = _values(f"Hi {{{{{body}}}}} and ${{{body}}} and {{%{body}%}} there")
        assert found == (
            [f"{{{{{body}}}}}", f"${{{body}}}", f"{{%{body}%}}"] if len(body) == 80 else []
        )


def test_a_tag_may_be_empty_and_stays_on_its_line() -> None:
    assert _values("A {%%} B {%\nif x %} C {%\rif x %} D") == ["{%%}"]


def test_an_apply_patch_envelope_ends_at_its_own_end_line() -> None:
    patch = "*** Begin Patch\n*** Add File: a.md\n+x\n*** End Patch\n"
    assert _values(f"{patch}Updated 2025-06-01.\n{patch}") == ["2025-06-01"]


def test_an_unfinished_envelope_runs_to_the_end() -> None:
    assert _values("*** Begin Patch\n*** Add File: a.md\n+Updated 2025-06-01.\n") == []


def test_an_empty_envelope_ends_at_its_end_line() -> None:
    assert _values("*** Begin Patch*** End Patch on 2025-06-01.") == ["2025-06-01"]


def test_only_the_words_begin_patch_and_end_patch_delimit_an_envelope() -> None:
    assert _values("*** Begin Patches of 2025-06-01.") == ["2025-06-01"]
    text = "*** Begin Patch\n+x\n*** End Patchwork\n+2025-06-01\n*** End Patch\nOn 2025-07-01."
    assert _values(text) == ["2025-07-01"]


def test_a_github_actions_expression_is_one_brace_slot() -> None:
    assert _values("Tag: ${{ github.sha }} now") == ["{{ github.sha }}"]


def test_a_dollar_slot_ends_at_its_own_brace() -> None:
    assert _values('Env: {"home": "${HOME}"} now') == ["${HOME}"]


# PL008's values at their edges: which dates, times, UUIDs and home paths count, where
# they may start, what may touch them, and the message for each kind.
#
# Written against mutation testing (docs/mutation.md). Every text here is a prompt whose
# static half is the case and whose dynamic half ends with a word character, so a value at
# offset 0 cannot borrow its "free edge" from the end of the text.


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


@settings(max_examples=examples(400), deadline=None)
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


# PL008 searches its five patterns in one pass; it must find what five passes find.
#
# The single pass lets each pattern look ahead from its first character, so a slot that
# contains a home path, a date inside a UUID-like run, or a pattern's own overlapping
# repeats are all decided as if every pattern had scanned the static half on its own.


ONE_PASS_PIECES = st.sampled_from(
    [
        "-",
        ":",
        "{",
        "}",
        "$",
        "%",
        "/",
        "\\",
        "\n",
        " ",
        "2025",
        "-06-01",
        "12:30:59",
        "0a1b",
        "-0a1b",
        "deadbeef-",
        "0a1b2c3d4e5f",
        "home/",
        "Users",
        "C:\\Users\\me",
        "{{ user }}",
        "{% if x %}",
        "${HOME}",
        "é",
        "🙂",
    ]
)


TEXTS = st.lists(ONE_PASS_PIECES, max_size=30).map("".join)


def _five_passes(text: str, end: int) -> list[tuple[int, int, int]]:
    """Reference: each pattern on its own, as ``finditer`` reports it."""
    found = []
    for index, pattern in enumerate(PATTERNS):
        for match in re.finditer(pattern, text[:end]):
            found.append((match.start(), match.end(), index))
    return sorted(found)


@settings(max_examples=examples(500), deadline=None)
@given(text=TEXTS, data=st.data())
def test_one_pass_finds_what_five_passes_find(text: str, data: st.DataObject) -> None:
    end = data.draw(st.integers(0, len(text)))
    assert sorted(matches(text, end)) == _five_passes(text, end)


def test_values_inside_one_another_are_each_reported() -> None:
    # A home path inside a slot, and a time right after a date: one pass, all found.
    text = f"Hi {{{{ /home/ana }}}} at 2025-06-01 12:30:59 UTC\n\n{MARKER}\n\nrest"
    found = [(f.code, text[f.start : f.end]) for f in analyze(text).findings]
    assert ("PL008", "{{ /home/ana }}") in found
    assert ("PL008", "/home/ana") in found
    assert ("PL008", "2025-06-01") in found
    assert ("PL008", "12:30:59") in found


# PL008, PL009 and PL010 after their afternoon changes, at the edges the mutation run of
# 2026-12-01 (docs/mutation.md, "Fourth round") found unpinned: which ``{{…}}`` is a slot,
# placeholder homes and ``apply_patch`` examples, PL009's exact-count finding, and PL010's
# grouped and structure-keeping findings.


def _pl008(static: str, profile: str | None = None) -> list[str]:
    text = f"{static}\n\n{MARKER}\n\nTurn."
    found = analyze(text, path="x.prompt", settings=Settings(select=("PL008",), profile=profile))
    return [text[f.start : f.end] for f in found.findings]


@pytest.mark.parametrize(
    ("body", "slot"),
    [
        ("{{- name -}}", True),
        ("{{~ name ~}}", True),
        ("{{X}}", True),
        ("{{_x}}", True),
        ("{{.}}", True),
        ("{{.Name}}", True),
        ("{{.N}}", True),
        ("{{._x}}", True),
        ("{{./x}}", True),
        ("{{ }}", False),
        ("{{...}}", False),
        ('{{"text"}}', False),
    ],
)
def test_pl008_which_double_braces_are_a_template_slot(body: str, slot: bool) -> None:
    assert _pl008(f"Context: {body} here.") == ([body] if slot else [])


def test_pl008_a_placeholder_home_is_an_example_on_windows_too() -> None:
    static = "Homes: C:\\Users\\username\\x, /Users/someone/p and /home/alice/x."
    assert _pl008(static) == ["/home/alice"]


def test_pl008_values_in_an_apply_patch_example_are_not_volatile() -> None:
    static = (
        "*** Begin Patch\n*** Add File: notes.md\n+Updated 2025-06-01.\n*** End Patch\n"
        "Today is 2025-06-02."
    )
    assert _pl008(static) == ["2025-06-02"]


def test_pl008_a_value_right_after_a_hidden_comment_is_reported() -> None:
    assert _pl008("<!--\nnote\n-->\n2025-06-01 is today.", profile="claude") == ["2025-06-01"]


def test_pl008_hidden_comments_follow_the_discovered_agent(tmp_path: Path) -> None:
    # No profile configured: the discovery's agent (claude) hides block comments.
    (tmp_path / ".git").mkdir()
    discovery = discover(tmp_path, "claude", home=tmp_path, environ={})
    text = f"<!--\nReviewed 2025-06-01.\n-->\nYou are an agent.\n\n{MARKER}\n\nTurn."
    found = analyze(
        text,
        path=str(tmp_path / "x.prompt"),
        settings=Settings(select=("PL008",)),
        discovery=discovery,
    )
    assert found.findings == ()
