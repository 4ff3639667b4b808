"""Suppression comments silence exactly what they name, where they say, written the
ways users write them; comments that are not suppressions silence nothing.
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from tests.analysis.conftest import codes

# Suppression comments silence exactly what they name, where they say.


SLOT = "Hi {{user}}\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nturn"


def test_disable_to_end_and_enable() -> None:
    text = "<!-- promptls-disable PL008 -->\n" + SLOT
    assert "PL008" not in codes(text, "x.prompt")
    assert "PL009" in codes(text, "x.prompt")
    reenabled = "<!-- promptls-disable PL008 -->\nA {{a}}\n<!-- promptls-enable PL008 -->\n" + SLOT
    found = analyze(reenabled, path="x.prompt")
    slots = [reenabled[f.start : f.end] for f in found.findings if f.code == "PL008"]
    assert slots == ["{{user}}"]
    assert [f.code for f in found.suppressed] == ["PL008"]


def test_disable_next_line_only_affects_next_line() -> None:
    text = "A {{a}}\n<!-- promptls-disable-next-line PL008 -->\nB {{b}}\nC {{c}}\n\n"
    text += "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nturn"
    found = analyze(text, path="x.prompt").findings
    assert [text[f.start : f.end] for f in found if f.code == "PL008"] == ["{{a}}", "{{c}}"]


def test_noqa_for_plain_text_prompts() -> None:
    text = "A {{a}}  # promptls: noqa PL008\nB {{b}}\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nt"
    found = analyze(text, path="x.prompt").findings
    assert [text[f.start : f.end] for f in found if f.code == "PL008"] == ["{{b}}"]


def test_noqa_takes_only_the_codes_that_follow() -> None:
    text = "A {{a}}  # promptls: noqa PL008 because the host fills it\n\n"
    text += "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nt"
    found = analyze(text, path="x.prompt").findings
    assert [f.code for f in found if f.code in {"PL008", "PL016"}] == []


def test_comments_quoted_in_inline_code_do_nothing() -> None:
    text = "Write `<!-- promptls-disable PL008 -->` to silence it.\n" + SLOT
    assert "PL008" in codes(text, "x.prompt")


@pytest.mark.parametrize(
    "quote",
    [
        "``<!-- promptls-disable PL008 -->``",  # a span of two backticks (CommonMark 6.1)
        "`` `<!-- promptls-disable PL008 -->` ``",  # backticks inside the span
    ],
)
def test_comments_quoted_in_longer_code_spans_do_nothing(quote: str) -> None:
    assert "PL008" in codes(f"Write {quote} to silence it.\n" + SLOT, "x.prompt")


def test_a_lone_backtick_before_a_comment_quotes_nothing() -> None:
    text = "A stray ` then <!-- promptls-disable PL008 -->\n" + SLOT
    assert "PL008" not in codes(text, "x.prompt")


# Suppression comments written the ways users write them silence what they name, and
# comments that are not suppressions silence nothing.
#
# Written against the pattern mutation of ``suppress.py`` (docs/mutation.md, "Module-level
# patterns"). Each text has a template slot (PL008), an invisible character (PL010) and a
# marker with too little before it (PL009), so what a comment silences is what is missing
# from the findings a user sees.


ZWSP = "\u200b"


MARKER = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"


TAIL = f"\n\n{MARKER}\n\nturn"


EVERYTHING = [("PL008", "{{a}}"), ("PL009", MARKER), ("PL010", ZWSP)]


BUT_PL008 = [("PL009", MARKER), ("PL010", ZWSP)]


def found(text: str) -> list[tuple[str, str]]:
    return sorted((f.code, text[f.start : f.end]) for f in analyze(text, path="x.prompt").findings)


@pytest.mark.parametrize(
    "comment",
    [
        "<!--promptls-disable PL008-->",
        "<!--\tpromptls-disable\tPL008\t-->",
        "<!-- promptls-disable\n  PL008\n-->",
        "<!-- promptls-disable PL008;PL999X -->",
    ],
    ids=["no-spaces", "tabs", "over-lines", "semicolon"],
)
def test_a_region_comment_silences_the_codes_it_names(comment: str) -> None:
    assert [f for f in found(f"{comment}\nA {{{{a}}}}{ZWSP}{TAIL}") if f[0] != "PL016"] == BUT_PL008


@pytest.mark.parametrize(
    "comment",
    ["<!-- promptls-disable -->", "<!-- promptls-disable-->", "<!--promptls-disable-->"],
    ids=["spaced", "no-space-before-the-end", "no-spaces"],
)
def test_a_region_comment_without_codes_silences_every_rule(comment: str) -> None:
    assert found(f"{comment}\nA {{{{a}}}}{ZWSP}{TAIL}") == []


@pytest.mark.parametrize(
    ("comment", "invalid"),
    [
        ("<!-- promptls-disabled PL008 -->", []),
        ("<!-- promptls-disable everything -->", [("PL016", "everything")]),
    ],
    ids=["another-word", "no-code"],
)
def test_a_comment_that_names_no_rule_silences_nothing(
    comment: str, invalid: list[tuple[str, str]]
) -> None:
    assert found(f"{comment}\nA {{{{a}}}}{ZWSP}{TAIL}") == sorted([*EVERYTHING, *invalid])


@pytest.mark.parametrize(
    "comment",
    [
        "# promptls: noqa PL008",
        "# promptls: noqa pl008",
        "# promptls: noqa: PL008",
        "# promptls: noqa:PL008",
        "# promptls: noqa:\tPL008",
        "# promptls: noqa : PL008",
        "# promptls: noqa PL008 , PL999",
        "# promptls: noqa PL008,\tPL999",
        "# promptls:noqa PL008",
        "# promptls:\tnoqa PL008",
        "#promptls: noqa PL008",
        "#\tpromptls: noqa PL008",
    ],
    ids=[
        "space",
        "lower-case",
        "colon-space",
        "colon",
        "colon-tab",
        "spaced-colon",
        "spaced-comma",
        "comma-tab",
        "no-space-after-promptls",
        "tab-after-promptls",
        "no-space-after-hash",
        "tab-after-hash",
    ],
)
def test_a_noqa_silences_only_the_codes_that_follow_it(comment: str) -> None:
    text = f"A {{{{a}}}}{ZWSP}  {comment}{TAIL}"
    assert [f for f in found(text) if f[0] != "PL016"] == BUT_PL008


@pytest.mark.parametrize(
    "codes",
    ["PL008, PL010", "PL008 PL010", "PL008\t,PL010", "PL008 ,\tPL010"],
    ids=["comma", "space", "tab-before-comma", "tab-after-comma"],
)
def test_a_noqa_naming_two_codes_silences_both(codes: str) -> None:
    text = f"A {{{{a}}}}{ZWSP}  # promptls: noqa {codes}{TAIL}"
    assert found(text) == [("PL009", MARKER)]


def test_a_noqa_reason_after_the_codes_is_ignored() -> None:
    text = f"A {{{{a}}}}{ZWSP}  # promptls: noqa PL008 2 slots the host fills{TAIL}"
    assert found(text) == BUT_PL008


def test_a_bare_noqa_silences_every_rule_on_its_line() -> None:
    assert found(f"A {{{{a}}}}{ZWSP}  # promptls: noqa{TAIL}") == [("PL009", MARKER)]


def test_a_noqa_glued_to_another_word_is_no_noqa() -> None:
    assert found(f"A {{{{a}}}}{ZWSP}  # promptls: noqaPL008{TAIL}") == EVERYTHING


@pytest.mark.parametrize(
    "comment",
    [
        "# promptls: noqa PL008because the host fills it",
        "# promptls: noqa PL008_host",
        "# promptls: noqa PL008é",
    ],
    ids=["word", "underscore", "non-ascii"],
)
def test_a_noqa_code_glued_to_its_reason_silences_that_code_only(comment: str) -> None:
    # A code glued to a word is that code, not a comment without codes (which would
    # silence every rule of the line, more than the comment names).
    assert found(f"A {{{{a}}}}{ZWSP}  {comment}{TAIL}") == BUT_PL008
