"""Suppression comments silence exactly what they name, where they say."""

from __future__ import annotations

from promptls.analysis import analyze

from .conftest import codes

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


def test_unknown_codes_are_reported_and_suppress_nothing() -> None:
    text = "<!-- promptls-disable PL08, PL999 -->\n" + SLOT
    found = analyze(text, path="x.prompt").findings
    bad = [text[f.start : f.end] for f in found if f.code == "PL016"]
    assert bad == ["PL08", "PL999"]
    assert "PL008" in [f.code for f in found]


def test_noqa_takes_only_the_codes_that_follow() -> None:
    text = "A {{a}}  # promptls: noqa PL008 because the host fills it\n\n"
    text += "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nt"
    found = analyze(text, path="x.prompt").findings
    assert [f.code for f in found if f.code in {"PL008", "PL016"}] == []


def test_comments_quoted_in_inline_code_do_nothing() -> None:
    text = "Write `<!-- promptls-disable PL008 -->` to silence it.\n" + SLOT
    assert "PL008" in codes(text, "x.prompt")
