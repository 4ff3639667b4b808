"""Which findings are new (``promptls.analysis.baseline``): the key is rule, file and the
text around the finding, counted, with moved files matched by rule and text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from promptls.analysis.baseline import Key, context_of, fingerprints, key_of, new_flags


def test_context_is_the_line_with_white_space_collapsed() -> None:
    text = "one\n  two   words\t here \nthree\n"
    start = text.index("words")
    assert context_of(text, start, start + 5) == "two words here"


def test_a_span_over_lines_keeps_its_first_and_last_line() -> None:
    text = "a\nfirst line\nmiddle\nlast line\nz\n"
    start, end = text.index("first"), text.index("last") + 4
    assert context_of(text, start, end) == "first line\nlast line"
    # a span ending right after its line's last character stays one line
    assert context_of(text, start, text.index("first") + len("first line")) == "first line"


def test_lines_inserted_above_keep_the_key() -> None:
    old = "# T\n\nbad thing\n"
    new = "# T\n\nintro\n\nmore\n\nbad thing\n"
    a = key_of("f.md", "PL1", old, old.index("bad"), old.index("bad") + 3)
    b = key_of("f.md", "PL1", new, new.index("bad"), new.index("bad") + 3)
    assert a == b


def test_equal_keys_are_counted() -> None:
    key = Key("f.md", "PL1", "bad thing")
    assert new_flags([key, key], [key], {"f.md"}, {"f.md"}) == [False, True]
    assert new_flags([key], [key, key], {"f.md"}, {"f.md"}) == [False]


def test_a_moved_file_matches_by_rule_and_text_only_against_gone_files() -> None:
    old = Key("docs/A.md", "PL1", "bad thing")
    moved = Key("A.md", "PL1", "bad thing")
    assert new_flags([moved], [old], {"A.md"}, {"docs/A.md"}) == [False]
    # the old file is still there: the copy is a second finding, new
    assert new_flags([moved], [old], {"A.md", "docs/A.md"}, {"docs/A.md"}) == [True]
    # another rule or another text is new
    assert new_flags([moved._replace(code="PL2")], [old], {"A.md"}, {"docs/A.md"}) == [True]


def test_fingerprints_are_unique_and_stable() -> None:
    key = Key("f.md", "PL1", "bad")
    prints = fingerprints([key, key, Key("g.md", "PL1", "bad")])
    assert len(set(prints)) == 3
    assert fingerprints([key, key]) == prints[:2]


keys = st.lists(
    st.builds(Key, st.sampled_from(["a", "b"]), st.sampled_from(["P1", "P2"]), st.text(max_size=3)),
    max_size=8,
)


@given(keys, keys)
def test_new_ones_are_exactly_the_excess_over_the_base(head: list[Key], base: list[Key]) -> None:
    files = {k.path for k in head} | {k.path for k in base}
    flags = new_flags(head, base, files, files)
    for key in set(head):
        new = sum(1 for k, f in zip(head, flags, strict=True) if k == key and f)
        assert new == max(0, head.count(key) - base.count(key))
