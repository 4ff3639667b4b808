"""PL032 looks for home paths (and the URLs around them) only near the words a match
must hold; these pin that it finds exactly what the patterns find searched everywhere."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis.rules.pl032_machine_path import _HOME, _URL, _home_matches, _url_spans

PIECES = [
    "/Users/", "/home/", "/HOME/", "C:\\Users\\", "c:/users/", "D:\\\\Users\\\\", "users",
    "Users", "home", "alice", "bob.", "x", "9", "-", "+", ".", " ", "\n", "\t", "`", "'",
    "(", ")", "[^1]", "<br>", "http://", "file:///", "://", "a1", "é", "漢", "😀", "ſ", "İ",
    "\u212a", ":", "\\", "/", "\u2028",
]  # fmt: skip
texts = st.lists(st.sampled_from(PIECES), max_size=24).map("".join)


def _spans(matches: object) -> list[tuple[int, int, tuple[str | None, ...]]]:
    return [(m.start(), m.end(), m.groups()) for m in matches]  # type: ignore[attr-defined]


@settings(max_examples=3000, deadline=None)
@given(texts)
def test_home_paths_are_those_the_pattern_finds_everywhere(text: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    assert _spans(_home_matches(text, data)) == _spans(_HOME.finditer(text))


@settings(max_examples=3000, deadline=None)
@given(texts)
def test_urls_are_those_the_pattern_finds_everywhere(text: str) -> None:
    assert _url_spans(text) == [m.span() for m in _URL.finditer(text)]


def test_examples_the_shortcuts_must_not_miss() -> None:
    cases = [
        "see /Users/alice/x and C:\\Users\\bob\\y and c:\\\\users\\\\carol",
        "é/home/dave/ and 😀 /Users/erin.",
        "Uſers: /Uſers/frank/ and /Users/gina/",  # ſ: searched everywhere
        "http://a.b/home/x?u=https://c/Users/y ://z 9://q ab://r",
        "http://x/a1://y /home/z",  # a second :// inside the first URL's path
        "(http://x)ab://y",
    ]
    for text in cases:
        data = text.encode()
        assert _spans(_home_matches(text, data)) == _spans(_HOME.finditer(text))
        assert _url_spans(text) == [m.span() for m in _URL.finditer(text)]
