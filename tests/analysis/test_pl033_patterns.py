"""PL033's token shapes at their edges: every published prefix on its own, each length
bound and one past it, each kind of word character glued before and after a token, and
private-key blocks of every label (docs/mutation.md, "PL033 (session 7)").

A user sees the finding itself: which text is underlined and what the message says (the
kind, the public prefix and the length). So each case states the exact list of
(underlined text, description) the file gets, or that it gets none.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

import pytest

from promptls.analysis import analyze
from promptls.analysis.rules.pl033_committed_secret import placeholder
from promptls.analysis.settings import Settings

ONLY = Settings(select=("PL033",))
ALNUM = string.ascii_letters + string.digits
URLSAFE = ALNUM + "_-"
AWS = string.ascii_uppercase + string.digits
GLUE = "Qq7_-"
"""One of each kind of character that continues a token: upper, lower, digit, ``_``, ``-``."""


def reported(text: str) -> list[tuple[str, str]]:
    """(underlined text, the message up to "committed here") of each PL033 finding."""
    found = analyze(text, path="AGENTS.md", settings=ONLY).findings
    return [(text[f.start : f.end], f.message.split(" committed here")[0]) for f in found]


def chars(length: int, alphabet: str, seed: int) -> str:
    """Random characters holding one of each kind the alphabet has (upper, lower, digit,
    ``_``, ``-``) near the start, never ending in ``_`` or ``-``: a generated key's body."""
    rng = random.Random(f"{seed}/{length}/{alphabet}")
    every = (string.ascii_uppercase, string.ascii_lowercase, string.digits, "_", "-")
    kinds = [kind for kind in every if set(kind) <= set(alphabet)]
    while True:
        out = [rng.choice(alphabet) for _ in range(length)]
        for n, kind in enumerate(kinds[: (length - 1) // 2]):
            out[1 + 2 * n] = rng.choice(kind)
        if out[-1] in "_-":
            out[-1] = rng.choice(string.ascii_letters)
        body = "".join(out)
        if not placeholder(body):
            return body


class Token:
    """A key as written: its public prefix, its random body, the kind its message names."""

    def __init__(self, kind: str, prefix: str, body: str, shown: str | None = None) -> None:
        self.kind, self.text = kind, prefix + body
        self.shown = prefix if shown is None else shown

    def described(self) -> str:
        return f"{self.kind} ({self.shown}…, {len(self.text)} characters)"


def aws(prefix: str = "AKIA", n: int = 16, seed: int = 1) -> Token:
    return Token("AWS access key id", prefix, chars(n, AWS, seed))


def github(prefix: str = "ghp_", n: int = 36, seed: int = 1) -> Token:
    return Token("GitHub token", prefix, chars(n, ALNUM, seed))


def fine_grained(first: int = 22, second: int = 59, seed: int = 1) -> Token:
    body = chars(first, ALNUM, seed) + "_" + chars(second, ALNUM, seed + 1)
    return Token("GitHub fine-grained token", "github_pat_", body)


def slack(prefix: str = "xoxb-", digits: int = 12, rest: int = 40, seed: int = 1) -> Token:
    rng = random.Random(seed)
    first = "".join(rng.choice("2468") + rng.choice("1357") for _ in range(digits))[:digits]
    return Token("Slack token", prefix + first + "-", chars(rest, ALNUM + "-", seed), prefix)


def stripe(prefix: str = "sk_live_", n: int = 99, seed: int = 1) -> Token:
    return Token("Stripe live key", prefix, chars(n, ALNUM, seed))


def anthropic(word: str = "api", digits: str = "03", n: int = 93, seed: int = 1) -> Token:
    return Token("Anthropic API key", f"sk-ant-{word}{digits}-", chars(n, URLSAFE, seed))


def openai_marked(scope: str = "", before: int = 30, after: int = 30, seed: int = 1) -> Token:
    """An OpenAI key whose body holds ``T3BlbkFJ`` (its own shape, any scope)."""
    body = chars(before, URLSAFE, seed) + "T3BlbkFJ" + chars(after, URLSAFE, seed + 1)
    prefix = f"sk-{scope}-" if scope else "sk-"
    return Token("OpenAI API key", prefix, body)


def openai_scoped(scope: str = "proj", n: int = 120, seed: int = 1) -> Token:
    return Token("OpenAI project key", f"sk-{scope}-", chars(n, URLSAFE, seed))


def openai_legacy(n: int = 48, seed: int = 1) -> Token:
    return Token("OpenAI API key", "sk-", chars(n, ALNUM, seed))


def google(n: int = 35, seed: int = 1) -> Token:
    return Token("Google API key", "AIza", chars(n, URLSAFE, seed))


EVERY_PREFIX = [
    aws("AKIA"),
    aws("ASIA"),
    *(github(f"gh{c}_") for c in "pousr"),
    fine_grained(),
    *(slack(f"xox{c}-") for c in "baprs"),
    stripe("sk_live_"),
    stripe("rk_live_"),
    anthropic(),
    openai_marked(),
    *(openai_marked(scope) for scope in ("proj", "svcacct", "admin")),
    *(openai_scoped(scope) for scope in ("proj", "svcacct", "admin")),
    openai_legacy(),
    google(),
]


@pytest.mark.parametrize("token", EVERY_PREFIX, ids=lambda t: t.text[:11])
def test_every_published_prefix_alone_in_a_file_is_reported(token: Token) -> None:
    text = f"Deploy with {token.text} today.\n"
    assert reported(text) == [(token.text, token.described())]


def test_a_marked_openai_key_names_its_scope_in_the_message() -> None:
    token = openai_marked("proj")
    [(_, message)] = reported(f"key: {token.text}\n")
    assert message.startswith("OpenAI API key (sk-proj-…, ")


BOUNDS = {
    # shape: (shortest, longest) bodies it accepts; one less and one more are no key
    "AWS access key id": (aws(n=16), aws(n=16)),
    "GitHub token": (github(n=36), github(n=251)),
    "GitHub fine-grained token": (fine_grained(), fine_grained()),
    "Slack token, digits": (slack(digits=6), slack(digits=30)),
    "Slack token, rest": (slack(rest=10), slack(rest=250)),
    "Stripe live key": (stripe(n=20), stripe(n=247)),
    "Anthropic API key, kind": (anthropic("ab"), anthropic("abcdefgh")),
    "Anthropic API key, body": (anthropic(n=80), anthropic(n=200)),
    "OpenAI API key, before the mark": (openai_marked(before=20), openai_marked(before=200)),
    "OpenAI API key, after the mark": (openai_marked(after=20), openai_marked(after=200)),
    "OpenAI project key": (openai_scoped(n=80), openai_scoped(n=200)),
    "OpenAI API key, legacy": (openai_legacy(), openai_legacy()),
    "Google API key": (google(), google()),
}


@pytest.mark.parametrize("edge", list(BOUNDS))
def test_the_shortest_and_longest_published_lengths_are_keys(edge: str) -> None:
    for token in BOUNDS[edge]:
        text = f"Token: {token.text}\n"
        assert reported(text) == [(token.text, token.described())], len(token.text)


TOO_SHORT_OR_LONG = {
    "AWS access key id": [aws(n=15), aws(n=17)],
    "GitHub token": [github(n=35), github(n=252)],
    "GitHub fine-grained token": [fine_grained(first=n) for n in (21, 23)]
    + [fine_grained(second=n) for n in (58, 60)],
    "Slack token": [slack(digits=5), slack(rest=9), slack(rest=251)],
    "Stripe live key": [stripe(n=19), stripe(n=248)],
    "Anthropic API key, kind": [anthropic("a"), anthropic("abcdefghj")],
    "Anthropic API key, version": [anthropic(digits="3"), anthropic(digits="003")],
    "Anthropic API key, body": [anthropic(n=79), anthropic(n=201)],
    "OpenAI API key": [openai_marked(before=n) for n in (19, 201)]
    + [openai_marked(after=n) for n in (19, 201)]
    + [openai_legacy(n) for n in (47, 49)],
    "OpenAI project key": [openai_scoped(n=79), openai_scoped(n=201)],
    "Google API key": [google(n=34), google(n=36)],
}


@pytest.mark.parametrize("shape", list(TOO_SHORT_OR_LONG))
def test_one_character_short_of_or_past_a_published_length_is_no_key(shape: str) -> None:
    for token in TOO_SHORT_OR_LONG[shape]:
        assert reported(f"Token: {token.text}\n") == [], token.text[:12]


LONGEST = 9
"""A seed from this one on gives a shape's longest body."""
SHAPES: dict[str, Callable[[int], Token]] = {
    # shape: a key of it at its shortest length for a seed, and at its longest
    "AWS access key id": lambda seed: aws(seed=seed),
    "GitHub token": lambda seed: github(n=36 if seed < LONGEST else 251, seed=seed),
    "GitHub fine-grained token": lambda seed: fine_grained(seed=seed),
    "Slack token": lambda seed: slack(rest=10 if seed < LONGEST else 250, seed=seed),
    "Stripe live key": lambda seed: stripe(n=20 if seed < LONGEST else 247, seed=seed),
    "Anthropic API key": lambda seed: anthropic(n=80 if seed < LONGEST else 200, seed=seed),
    "OpenAI API key (marked)": lambda seed: openai_marked(
        after=20 if seed < LONGEST else 200, seed=seed
    ),
    "OpenAI project key": lambda seed: openai_scoped(n=80 if seed < LONGEST else 200, seed=seed),
    "OpenAI API key": lambda seed: openai_legacy(seed=seed),
    "Google API key": lambda seed: google(seed=seed),
}
GROWING = {
    "GitHub token": ALNUM,
    "Slack token": ALNUM + "-",
    "Stripe live key": ALNUM,
    "Anthropic API key": URLSAFE,
    "OpenAI API key (marked)": URLSAFE,
    "OpenAI project key": URLSAFE,
}
"""The shapes whose body can be longer than its shortest, with what it can hold."""


@pytest.mark.parametrize("glue", list(GLUE))
@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_token_glued_to_a_word_character_after_it_is_no_key(shape: str, glue: str) -> None:
    """At the longest length the next character could only extend a body already as long
    as the shape allows; at the shortest, a character the body can hold makes a longer
    key, any other one makes no key."""
    token = SHAPES[shape](LONGEST)
    assert reported(f"Token: {token.text}{glue} here\n") == [], glue
    token = SHAPES[shape](1)
    text = f"Token: {token.text}{glue} here\n"
    if glue in GROWING.get(shape, ""):
        longer = Token(token.kind, token.shown, token.text[len(token.shown) :] + glue)
        assert reported(text) == [(longer.text, longer.described())]
    else:
        assert reported(text) == [], glue


@pytest.mark.parametrize("glue", list(GLUE))
@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_token_glued_to_a_word_character_before_it_is_no_key(shape: str, glue: str) -> None:
    """Beside a real key of the same shape, so the file is searched shape by shape."""
    glued, other = SHAPES[shape](1), SHAPES[shape](2)
    text = f"Old: {glue}{glued.text}, new: {other.text}\n"
    assert reported(text) == [(other.text, other.described())]


def pem(lines: int = 3, width: int = 64, seed: int = 1) -> list[str]:
    """Base64 lines of a key body, with ``+`` and ``/`` near the start of the first."""
    rows = [chars(width, ALNUM + "+/", seed + n) for n in range(lines)]
    rows[0] = rows[0][:2] + "+" + rows[0][3] + "/" + rows[0][5:]
    return rows


LABELS = [
    "PRIVATE KEY",
    "RSA PRIVATE KEY",
    "EC PRIVATE KEY",
    "DSA PRIVATE KEY",
    "OPENSSH PRIVATE KEY",
    "ENCRYPTED PRIVATE KEY",
    "PGP PRIVATE KEY BLOCK",
]


@pytest.mark.parametrize("label", LABELS)
def test_a_private_key_block_of_every_label_is_reported_at_its_header(label: str) -> None:
    header = f"-----BEGIN {label}-----"
    text = "\n".join(["Staging key:", header, *pem(), f"-----END {label}-----", ""])
    assert reported(text) == [(header, f"Private key block ({header})")]


def test_a_key_body_starting_with_plus_or_slash_characters_counts_whole() -> None:
    header = "-----BEGIN PRIVATE KEY-----"
    [line] = pem(lines=1)
    assert "+" in line[:5] and "/" in line[:5]
    assert reported(f"{header}\n{line}\n-----END PRIVATE KEY-----\n") == [
        (header, f"Private key block ({header})")
    ]


def test_a_key_in_json_with_escaped_windows_line_breaks_is_reported() -> None:
    header = "-----BEGIN RSA PRIVATE KEY-----"
    body = "\\r\\n".join(pem(lines=3, width=40))
    text = f'{{"key": "{header}\\r\\n{body}\\r\\n-----END RSA PRIVATE KEY-----\\r\\n"}}\n'
    assert reported(text) == [(header, f"Private key block ({header})")]


def test_a_key_whose_line_breaks_became_spaces_is_reported() -> None:
    header = "-----BEGIN PRIVATE KEY-----"
    text = f'KEY="{header} {" ".join(pem())} -----END PRIVATE KEY-----"\n'
    assert reported(text) == [(header, f"Private key block ({header})")]


def test_a_header_that_ends_the_file_is_quiet() -> None:
    assert reported("Such a file starts with -----BEGIN OPENSSH PRIVATE KEY-----") == []


@pytest.mark.parametrize("around", ["{}", "`{}`", "**{}**"])
def test_a_header_named_in_prose_is_not_a_key(around: str) -> None:
    """The words after it are no key material, however many: only lines of base64 are."""
    header = around.format("-----BEGIN PRIVATE KEY-----")
    text = (
        f"A key file begins with {header} and then the key material follows on lines of "
        "sixty four characters each until the closing line\n"
    )
    assert reported(text) == []


PREFIXES = ["AKIA", "ASIA", "AIza", "sk-", "sk_live_", "rk_live_", "github_pat_"]
PREFIXES += [f"gh{c}_" for c in "pousr"] + [f"xox{c}-" for c in "baprs"]


def test_a_file_whose_prefixes_are_all_glued_to_words_is_not_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The one search that decides whether a file can hold a key at all passes over
    prefixes inside longer words and over ordinary hyphens, underscores and capitals, so a
    large file without a key costs that search only (docs/performance.md)."""
    from promptls.analysis.rules import pl033_committed_secret as rule

    def searched(text: str) -> object:
        raise AssertionError(f"searched shape by shape: {text[:40]!r}")

    monkeypatch.setattr(rule, "secrets", searched)
    body = chars(48, ALNUM, 3)
    for prefix in PREFIXES:
        for glue in GLUE:
            assert reported(f"Run {glue}{prefix}{body} here\n") == []
    assert reported("A well-known snake_case name, Also an ABBA tribute band\n") == []
