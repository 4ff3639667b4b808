"""PL032 underlines exactly the home folder of a machine path, in the shapes users write.

The finding's span is the prefix and the user name (``/home/alice``), whatever follows:
a separator, the end of a sentence, a closing quote or bracket, prose. A span that runs
on into the sentence, or a path missed because of its delimiter, is what a user sees.
Found by mutating PL032's ``_HOME`` (scripts/mutation_patterns.py, docs/mutation.md).
"""

from __future__ import annotations

import pytest

from promptls.analysis import analyze
from promptls.analysis.settings import Settings


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
