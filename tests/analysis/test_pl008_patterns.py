"""PL008's pattern sources, pinned by the values a user sees reported.

The five sources ``_one_pass`` joins (dates and UUIDs, times and Windows homes, brace and
dollar slots, POSIX homes) and the ``apply_patch`` envelope: every character a UUID group
or a home folder name may hold, the bounds of a slot's body, and where an envelope ends.
Written against the variants of ``scripts/mutation --patterns`` (docs/mutation.md,
"Module-level patterns").
"""

from __future__ import annotations

import pytest

from .test_volatile_mutants import _messages, _values


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
