"""PL032 (machine-specific-path) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL032/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL032`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import analyze
from promptls.analysis.model import Severity
from promptls.analysis.rules.pl032_machine_path import _HOME, _URL, _home_matches, _url_spans
from promptls.analysis.settings import Settings
from tests import examples
from tests.analysis.rules.test_pl031 import (
    _home_paths,
    _write,
)

# PL031 and PL032 to the letter: whole messages, related spans, the edges of each case.
#
# Written after a mutation run (docs/mutation.md): each test pins one thing a user sees,
# the exact wording of a finding or a case at the boundary of a behaviour.


# -- PL032: whole messages, fixes and edges ------------------------------------------------
def test_the_prose_import_and_personal_messages(repo: Path, home: Path) -> None:
    shared = _write(repo / "CLAUDE.md", "Build in /Users/alice/build\n@/Users/alice/x.md\n")
    prose, imported = _home_paths(shared, home)
    assert prose.message == (
        "a path into one person's home folder (/Users/alice): it exists on one machine "
        "only; on every other, the agent is told about a folder that is not there; write "
        "it as ~/ or relative to the repository"
    )
    assert imported.message == (
        "an import from one person's home folder (/Users/alice): no other machine has "
        "this file, so the import loads nothing there; write it as ~/ or relative to the "
        "repository"
    )
    assert prose.fix is not None and prose.fix.title == "Replace /Users/alice/ with ~/"
    local = _write(repo / "CLAUDE.local.md", "@/Users/alice/x.md\n")
    (mine,) = _home_paths(local, home)
    assert mine.message == (
        "an import from one person's home folder (/Users/alice): a personal file, so only "
        "its author reads it; write it as ~/ or relative to the repository"
    )


def test_without_a_discovery_the_profile_decides_the_import_fix(tmp_path: Path) -> None:
    text = "@/Users/alice/notes.md\n"
    path = str(tmp_path / "GEMINI.md")
    (gemini,) = analyze(
        text, path=path, settings=Settings(select=("PL032",), profile="gemini")
    ).findings
    (claude,) = analyze(
        text, path=path, settings=Settings(select=("PL032",), profile="claude")
    ).findings
    assert gemini.fix is None
    assert claude.fix is not None
    assert claude.severity is Severity.WARNING


# PL032 underlines exactly the home folder of a machine path, in the shapes users write.
#
# The finding's span is the prefix and the user name (``/home/alice``), whatever follows:
# a separator, the end of a sentence, a closing quote or bracket, prose. A span that runs
# on into the sentence, or a path missed because of its delimiter, is what a user sees.
# Found by mutating PL032's ``_HOME`` (scripts/mutation_patterns.py, docs/mutation.md).


def underlined(text: str) -> list[str]:
    found = analyze(text, path="/tmp/project/AGENTS.md", settings=Settings(select=("PL032",)))
    return [text[f.start : f.end] for f in found.findings]


@pytest.mark.parametrize(
    ("line", "home"),
    [
        ("Logs are in /home/alice and nowhere else.\n", "/home/alice"),
        ("Build output: /Users/bob\n", "/Users/bob"),
        ("Run it from /home/carol.\n", "/home/carol"),
        ("Run it from /home/carol.d/bin\n", "/home/carol.d"),
        ("Run it from /home/carol. Then build.\n", "/home/carol"),
        ("Data in /home/ulla", "/home/ulla"),
        ("Data in /home/ulla.", "/home/ulla"),
        ("Data in /home/q/repo\n", "/home/q"),
        ("Files in /home/alex/ only.\n", "/home/alex"),
        ("See `/home/dave` for the data.\n", "/home/dave"),
        ("Open '/Users/erin' first.\n", "/Users/erin"),
        ('Set "path": "/home/frank",\n', "/home/frank"),
        ("(the data lives in /home/gina)\n", "/home/gina"),
        ("- [/home/hank](file:///x)\n", "/home/hank"),
        ("Copy to /home/ivan, then /tmp.\n", "/home/ivan"),
        ("Copy to /home/jaya; then build.\n", "/home/jaya"),
        ("Mount /home/kai:/data in the container.\n", "/home/kai"),
        ("<path>/home/lena>\n", "/home/lena"),
        ("Data: /HOME/mo/x\n", "/HOME/mo"),
        ("Data: C:\\Users\\nia\\repo\n", "C:\\Users\\nia"),
        ('"dir": "C:\\\\Users\\\\omar\\\\repo"\n', "C:\\\\Users\\\\omar"),
        ("Data: C:/Users/pia/repo\n", "C:/Users/pia"),
        ("Data: d:\\users\\quinn\\repo\n", "d:\\users\\quinn"),
    ],
)
def test_the_home_folder_is_underlined_and_nothing_more(line: str, home: str) -> None:
    assert underlined(line) == [home]


@pytest.mark.parametrize(
    "line",
    [
        "Every user's cache: /home/*/.cache\n",
        "A shell glob /home/a?c/x is no one's folder.\n",
        "Pipe it: /home/al|grep x\n",
        "Data: C:\\Users/rob\\x mixes separators.\n",
    ],
)
def test_names_a_home_folder_cannot_have_are_no_machine_path(line: str) -> None:
    assert underlined(line) == []


@pytest.mark.parametrize("char", list("`'\"<>()[]{}|*?:;,"))
@pytest.mark.parametrize("where", ["/home/al{}ex/x y", "Data in /home/al{} here"])
def test_a_home_name_never_holds_a_quote_bracket_glob_or_punctuation(where: str, char: str) -> None:
    line = where.format(char)
    assert all(char not in shown for shown in underlined(line))


@pytest.mark.parametrize(
    ("line", "title"),
    [
        ("Data: C:\\\\Users\\\\omar\\\\repo\n", "Replace C:\\\\Users\\\\omar\\\\ with ~\\\\"),
        ("Data: C:\\Users\\omar\\repo\n", "Replace C:\\Users\\omar\\ with ~\\"),
        ("Data: /home/omar/repo\n", "Replace /home/omar/ with ~/"),
    ],
)
def test_the_fix_keeps_the_separator_as_written(line: str, title: str) -> None:
    found = analyze(line, path="/tmp/project/AGENTS.md", settings=Settings(select=("PL032",)))
    assert [f.fix.title for f in found.findings if f.fix] == [title]


@pytest.mark.parametrize(
    "url",
    ["https://example.com", "HTTP://example.com", "s3://bucket", "x://host",
     "(https://example.com"],
)  # fmt: skip
def test_a_home_path_in_a_url_query_is_a_web_path(url: str) -> None:
    assert underlined(f"Fetch {url}/?dir=/home/alice/repo first.\n") == []


def test_a_url_ends_at_a_space() -> None:
    assert underlined("See https://example.com/x and /home/alice/y\n") == ["/home/alice"]


@pytest.mark.parametrize("end", list("<>`'\")]"))
def test_a_url_ends_at_its_delimiter_and_a_home_path_after_it_counts(end: str) -> None:
    assert underlined(f"Fetch https://example.com/a{end}/home/carl/y\n") == ["/home/carl"]


@pytest.mark.parametrize(
    "mark", ["✗", "❌", "BAD", "bad:", "WRONG", "wrong:", "Don't", "don't use", "Leaks"]
)
def test_a_counter_example_line_is_not_reported(mark: str) -> None:
    assert underlined(f"{mark} cd /home/alice/repo\n") == []


@pytest.mark.parametrize(
    "words",
    [
        "Badges and Wrongly:",
        "Sinbad",
        "Sinbad:",
        "Nowrong",
        "Nowrong:",
        "Dos and Don'ts",
        "A bleak",
    ],
)
def test_a_word_that_only_contains_a_counter_mark_is_no_counter_example(words: str) -> None:
    assert underlined(f"{words} cd /home/alice/repo\n") == ["/home/alice"]


@pytest.mark.parametrize(
    "line",
    [
        "(the logs are under /home/ulla.)\n",
        "Say 'data is in /home/ulla.'\n",
        'Say "data is in /home/ulla."\n',
        "See /home/ulla.`\n",
        "[see /home/ulla.]\n",
        "<see /home/ulla.>\n",
        "In /home/ulla., /tmp.\n",
        "In /home/ulla.; /tmp.\n",
        "In /home/ulla.: data\n",
    ],
)
def test_a_home_path_ending_a_sentence_inside_brackets_or_quotes_is_reported(line: str) -> None:
    # a bug the pattern mutation showed: ".)" ended no path, so nothing was reported
    assert underlined(line) == ["/home/ulla"]


@pytest.mark.parametrize(
    "line",
    [
        "Logs are in /home/ulla.[^1]\n",
        "Logs are in /home/ulla[^1]\n",
        "Logs: <code>/home/ulla</code>\n",
        "| Logs | /home/ulla.<br>Backups in /mnt |\n",
        "| Logs | /home/ulla<br>Backups in /mnt |\n",
    ],
    ids=["footnote-after-period", "footnote", "closing-tag", "br-after-period", "br"],
)
def test_a_home_path_before_a_footnote_or_an_html_tag_is_reported(line: str) -> None:
    # a fault the pattern mutation showed (the period's `$` removed reported these): a
    # footnote or a tag right after the path, with or without a period, ended no path
    assert underlined(line) == ["/home/ulla"]


@pytest.mark.parametrize(
    "line",
    ["A shell glob: /home/a[bc]/x\n", "ls /home/ulla.[ch]\n"],
    ids=["glob", "glob-after-period"],
)
def test_a_bracket_glob_after_a_home_name_is_no_footnote(line: str) -> None:
    assert underlined(line) == []


@pytest.mark.parametrize("scheme", ["https", "s3"])
def test_an_italic_url_keeps_its_web_path_quiet(scheme: str) -> None:
    # a fault the pattern mutation showed (`\b` removed): Markdown's `_…_` emphasis
    # glued to the scheme hid the URL, and the home path in its query was reported
    assert underlined(f"See _{scheme}://example.com/?dir=/home/alice/repo_ for it.\n") == []


@pytest.mark.parametrize(
    "line",
    [
        "_Don't hard-code /home/alice/repo._\n",
        "_Don't_ hard-code /home/alice/repo.\n",
    ],
    ids=["italic-sentence", "italic-word"],
)
def test_an_italic_dont_marks_a_counter_example(line: str) -> None:
    # a fault the pattern mutation showed (`\b` before Don't removed): `_` glued to
    # "Don't" (Markdown emphasis) hid the mark, and the lesson's path was reported
    assert underlined(line) == []


def test_a_url_at_the_very_start_of_the_file_keeps_its_web_path_quiet() -> None:
    assert underlined("https://example.com/?dir=/home/alice/repo is the mirror.\n") == []


def test_dont_after_other_words_marks_a_counter_example() -> None:
    assert underlined("Keep paths portable. Don't cd /home/alice/repo\n") == []


@pytest.mark.parametrize(
    "line",
    [
        "Pleasedon't cd /home/alice/repo\n",
        "悪い例Don't: cd /home/alice/repo\n",
        "2don't cd /home/alice/repo\n",
    ],
    ids=["missing-space", "cjk-before", "digit-before"],
)
def test_dont_glued_to_the_word_before_marks_a_counter_example(line: str) -> None:
    # session 8 (the look-behind removed, a variant left open before): no word ends in
    # "don't", so a letter glued before it is a missing space or a script without spaces
    assert underlined(line) == []


@pytest.mark.parametrize(
    "line",
    ["Don\u2019t cd /home/alice/repo\n", "_Don\u2019t_ hard-code /home/alice/repo.\n"],
    ids=["curly", "curly-italic"],
)
def test_dont_with_a_typographic_apostrophe_marks_a_counter_example(line: str) -> None:
    # a fault found with the variant above: smart-quote editors type U+2019, and the
    # lesson's path was reported
    assert underlined(line) == []


def test_donts_with_a_typographic_apostrophe_is_no_counter_example() -> None:
    assert underlined("Dos and Don\u2019ts cd /home/alice/repo\n") == ["/home/alice"]


# PL032 looks for home paths (and the URLs around them) only near the words a match
# must hold; these pin that it finds exactly what the patterns find searched everywhere.


PIECES = [
    "/Users/", "/home/", "/HOME/", "C:\\Users\\", "c:/users/", "D:\\\\Users\\\\", "users",
    "Users", "home", "alice", "bob.", "x", "9", "-", "+", ".", " ", "\n", "\t", "`", "'",
    "(", ")", "[^1]", "<br>", "http://", "file:///", "://", "a1", "é", "漢", "😀", "ſ", "İ",
    "\u212a", ":", "\\", "/", "\u2028",
]  # fmt: skip


texts = st.lists(st.sampled_from(PIECES), max_size=24).map("".join)


def _spans(matches: object) -> list[tuple[int, int, tuple[str | None, ...]]]:
    return [(m.start(), m.end(), m.groups()) for m in matches]  # type: ignore[attr-defined]


@settings(max_examples=examples(3000), deadline=None)
@given(texts)
def test_home_paths_are_those_the_pattern_finds_everywhere(text: str) -> None:
    data = text.encode("utf-8", "surrogatepass")
    assert _spans(_home_matches(text, data)) == _spans(_HOME.finditer(text))


@settings(max_examples=examples(3000), deadline=None)
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


# PL032's counter-example marks glued to text in a script written without spaces, to
# Markdown emphasis or to a number.
#
# Chinese and Japanese are written without spaces, so a Latin mark sits right against the
# text around it (``反例BAD:``, ``情報がleakする``), and Markdown's ``_BAD_`` glues ``_`` to
# it; ``\b`` saw no word edge there (a CJK character and ``_`` are word characters), so the
# author's counter-example was taken for an instruction and its path reported. What ends
# an English word is an ASCII letter only (``Sinbad``, ``Badges``, ``bleak``, ``Don'ts``
# stay no mark) (docs/mutation.md, "Session 8's speed changes and the mention fence fix").


@pytest.mark.parametrize(
    "line",
    [
        "反例BAD: cd /home/alice/repo\n",
        "错误示范WRONG: cd /home/alice/repo\n",
        "BAD例: cd /home/alice/repo\n",
        "悪い例: ユーザー名がleakする /home/alice/repo\n",
        "Don'tの例: cd /home/alice/repo\n",
        "Don\u2019t例: cd /home/alice/repo\n",
    ],
    ids=["cjk-before-bad", "cjk-before-wrong", "cjk-after-bad", "cjk-before-leak",
         "cjk-after-dont", "cjk-after-curly-dont"],
)  # fmt: skip
def test_a_mark_glued_to_cjk_text_marks_a_counter_example(line: str) -> None:
    assert underlined(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "_BAD_: cd /home/alice/repo\n",
        "_Wrong:_ cd /home/alice/repo\n",
        "Never commit this, it _leaks_ /home/alice/repo\n",
    ],
    ids=["italic-bad", "italic-wrong", "italic-leaks"],
)
def test_a_mark_in_underscore_emphasis_marks_a_counter_example(line: str) -> None:
    assert underlined(line) == []


@pytest.mark.parametrize(
    "line",
    ["BAD1: cd /home/alice/repo\n", "WRONG2: cd /home/alice/repo\n", "2BAD: cd /home/alice\n"],
    ids=["bad1", "wrong2", "2bad"],
)
def test_a_numbered_mark_marks_a_counter_example(line: str) -> None:
    assert underlined(line) == []


@pytest.mark.parametrize(
    "words",
    ["Hyderabad", "Hyderabad:", "Badminton", "wrongful:", "bleak", "Don'ts", "Don\u2019tsに"],
)
def test_a_longer_english_word_is_no_mark_next_to_cjk_either(words: str) -> None:
    assert underlined(f"例{words} cd /home/alice/repo\n") == ["/home/alice"]


# PL032 searches a text holding any of İ ı ſ K (which ``re.IGNORECASE`` matches with an
# ASCII letter) everywhere, however many of them it holds.
#
# The candidate search looks for ``users`` and ``home`` in the ASCII-lowered bytes, which
# miss ``/Uſers/`` and a drive letter written with the Kelvin sign; such a text must take
# the pattern's own search, as a text holding only one of them does. A note on case
# folding that lists all four characters is such a text (docs/mutation.md, "Session 8's
# speed changes and the mention fence fix").


FOLDED = "İ ı ſ \u212a"


@pytest.mark.parametrize("letters", [FOLDED, "ſ", "İ ı ſ", "\u212a"])
def test_every_home_path_the_pattern_finds_is_found(letters: str) -> None:
    text = f"Folding: {letters}. Old notes: /Uſers/frank/x and \u212a:\\Users\\gina\\y\n"
    found = [m.span() for m in _home_matches(text, text.encode())]
    assert found == [m.span() for m in _HOME.finditer(text)]
    assert len(found) == 2


@pytest.mark.parametrize("letters", [FOLDED, "ſ"])
def test_a_file_listing_all_four_letters_gets_the_findings_of_one_listing_one(
    letters: str,
) -> None:
    """The rule reads a text only once it holds an ASCII home shape; past that, the
    folded spelling is a home path as the pattern reads it, whatever else the text holds."""
    text = f"Folding maps {letters} to ASCII.\nRun from /Users/gina/app or /Uſers/frank/app.\n"
    assert underlined(text) == ["/Users/gina", "/Uſers/frank"]


# PL032 after its pre-check (the URL spans are found only once a home path is met):
# a home path in a URL's query is still the URL's, not the machine's.
#
# Written from the mutation run of session 5 (docs/mutation.md): with the URL spans never
# found (``x_check__mutmut_14``), only the character before a path kept URLs quiet, and a
# path after ``=`` or ``#`` in a URL was reported.


@pytest.mark.parametrize(
    "url",
    [
        "https://ci.example.com/browse?dir=/home/alice/build",
        "https://example.com/docs#/Users/bob/notes",
        "file:///C:/tools/view?C:\\Users\\carol\\repo",
    ],
    ids=["query", "fragment", "windows"],
)
def test_a_home_path_inside_a_url_stays_quiet(repo: Path, home: Path, url: str) -> None:
    shared = _write(repo / "AGENTS.md", f"See {url} for the logs.\n")
    assert _home_paths(shared, home) == []
    # The same path outside the URL is reported.
    path = url.split("=")[-1].split("#")[-1].split("?")[-1]
    alone = _write(repo / "AGENTS.md", f"See {path} for the logs.\n")
    assert len(_home_paths(alone, home)) == 1


# PL032's pre-check reads the text's UTF-8 bytes the engine already made: a text holding
# a lone surrogate (an editor can send one) still has its home path reported, and nothing
# crashes on the way.
#
# Written from the mutation run of session 5's speed branch (docs/mutation.md): with the
# engine's bytes ignored (``x_check__mutmut_3``) the text was encoded again, strictly.


def test_a_home_path_next_to_a_lone_surrogate_is_reported() -> None:
    text = "Build in /home/alice/build \ud800 first.\n"
    found = analyze(text, path="/tmp/project/AGENTS.md", settings=Settings(select=("PL032",)))
    assert [(f.code, text[f.start : f.end]) for f in found.findings] == [("PL032", "/home/alice")]


# PL032 on the three shapes that misled it on real repositories: web routes written
# like a home folder (``GET /users/1``), a home path inside a ``file://`` link (a local
# file, not a web path), and a "don't" a line or two above a path that it does not label.


@pytest.mark.parametrize(
    "line",
    [
        "Call `GET /users/1` first.\n",
        "Orders: /users/42/orders\n",
        "The posts route is /users/alice/posts\n",
        "A numeric folder /home/1000/x is a uid, no account name.\n",
    ],
    ids=["route-number", "route-nested", "route-lowercase-name", "numeric"],
)
def test_a_web_route_is_no_home_path(line: str) -> None:
    assert underlined(line) == []


@pytest.mark.parametrize(
    ("line", "home"),
    [
        ("[notes](file:///Users/alice/notes.md)\n", "/Users/alice"),
        ("<FILE:///home/bob/x>\n", "/home/bob"),
        ("file:///C:/Users/carol/x\n", "C:/Users/carol"),
        ("Mac home: /USERS/dave/x\n", "/USERS/dave"),
    ],
    ids=["markdown-link", "upper-scheme", "windows", "upper-case-home"],
)
def test_a_file_url_holds_this_machines_path(line: str, home: str) -> None:
    assert underlined(line) == [home]


@pytest.mark.parametrize(
    ("text", "reported"),
    [
        ("- Don't push to main.\n- Work in:\n  /Users/bob/x\n", True),
        ("Don't leak it.\nRun:\n/Users/bob/x\n", True),
        ("Don't hard-code it like this:\n\n/Users/bob/x\n", False),
        ("Don't hard-code it like **this:**\n/Users/bob/x\n", False),
        ("Don't do this\n```sh\ncd /Users/bob/x\n```\n", False),
        ("- Don't do this\n  ```sh\n  cd /Users/bob/x\n  ```\n", False),
        ("Don't 这样写：\n/Users/bob/x\n", False),
        ("BAD\nl1\n/Users/bob/x\n", False),
        ("Don't\nl1\nl2\n/Users/bob/x\n", True),
    ],
    ids=["other-instruction", "leak-sentence", "colon", "colon-in-emphasis", "fence-below",
         "fence-below-in-a-list", "fullwidth-colon", "label", "out-of-reach"],
)  # fmt: skip
def test_a_dont_above_labels_a_path_only_when_it_introduces_it(text: str, reported: bool) -> None:
    assert bool(underlined(text)) is reported
