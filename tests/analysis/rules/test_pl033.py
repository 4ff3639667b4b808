"""PL033 (committed-secret) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL033/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL033`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import json
import random
import string
from collections.abc import Callable
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import DocumentKind, Severity, analyze
from promptls.analysis.rules.pl033_committed_secret import (
    _GATE,
    _PRIVATE_KEY,
    SHAPES,
    may_hold_secret,
    placeholder,
    secrets,
)
from promptls.analysis.settings import Settings
from promptls.text.mapper import Mapper, text_to_utf8
from tests import examples
from tests.analysis.secret_samples import pem_body, samples
from tests.positions import ENCODINGS, encoded_position

# PL033: which strings are keys, which are stand-ins, and that no message repeats a key.


ONLY = Settings(select=("PL033",))


SAMPLES = samples()


def findings(
    text: str, kind: DocumentKind = DocumentKind.INSTRUCTION
) -> list[tuple[int, int, str]]:
    found = analyze(text, path="AGENTS.md", settings=ONLY, kind=kind).findings
    return [(f.start, f.end, f.message) for f in found]


@pytest.mark.parametrize("kind", list(SAMPLES))
def test_each_shape_is_reported_by_kind_prefix_and_length_never_in_full(kind: str) -> None:
    token = SAMPLES[kind]
    text = f"Use 😀 {token} for deploys.\n"
    [(start, end, message)] = findings(text)
    assert text[start:end] == token
    assert message.startswith(f"{kind} (")
    assert f"{len(token)} characters" in message
    assert "rotate" in message and "environment variable" in message
    assert token not in message and token[len(token) // 2 :] not in message


def test_code_and_prompts_count_too_other_files_do_not() -> None:
    token = SAMPLES["GitHub token"]
    for text in (f"`{token}`\n", f"```sh\nexport GH={token}\n```\n", f"~~~\n{token}\n"):
        assert len(findings(text)) == 1, text
    assert len(findings(token, DocumentKind.PROMPT)) == 1
    assert findings(token, DocumentKind.OTHER) == []


def test_severity_is_error_with_no_fix() -> None:
    [finding] = analyze(SAMPLES["Slack token"], path="AGENTS.md", settings=ONLY).findings
    assert finding.severity is Severity.ERROR and finding.fix is None


@pytest.mark.parametrize(
    "text",
    [
        "AKIAIOSFODNN7EXAMPLE",
        "ghp_" + "x" * 36,
        "sk-...",
        "sk-ant-api03-<your-key>",
        "sk-proj-" + "YOUR_KEY_HERE" * 8,
        "AIza" + "SyA-" + "0" * 31,
        "xoxb-your-bot-token",
        "sk_test_" + SAMPLES["Stripe live key"][8:],
        "pk_live_" + SAMPLES["Stripe live key"][8:],
        "-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n",
        "AKIA" + "ABCDEFGHIJKLMNOP",
    ],
)
def test_placeholders_and_other_shapes_are_quiet(text: str) -> None:
    assert findings(f"Set it to {text} here.\n") == []


@pytest.mark.parametrize("kind", ["GitHub token", "OpenAI API key", "AWS access key id"])
def test_a_token_glued_to_a_word_is_not_one(kind: str) -> None:
    token = SAMPLES[kind]
    assert findings(f"x{token}\n") == []
    assert findings(f"{token}_\n") == []
    assert findings(f"-{token}\n") == []
    assert len(findings(f"({token})\n")) == 1


def test_lengths_outside_the_published_ones_are_not_keys() -> None:
    aws = SAMPLES["AWS access key id"]
    google = SAMPLES["Google API key"]
    assert findings(aws[:-1] + "\n") == [] and findings(google[:-1] + "\n") == []
    assert len(findings(SAMPLES["OpenAI API key"] + "\n")) == 1
    assert findings(SAMPLES["OpenAI API key"][:-1] + "\n") == []


def test_placeholder_thresholds() -> None:
    random_part = SAMPLES["GitHub token"][4:]
    assert not placeholder(random_part)
    assert placeholder(random_part[:10] + "QQQQQ" + random_part[15:])
    assert not placeholder(random_part[:10] + "QQQQ" + random_part[14:])
    assert placeholder(random_part[:10] + "klmnop" + random_part[16:])
    assert not placeholder(random_part[:10] + "klmno" + random_part[15:])
    assert placeholder(random_part[:10] + "Your" + random_part[14:])
    assert placeholder(random_part[:10] + "eXaMpLe" + random_part[17:])
    # Few distinct characters: typed, even without runs.
    assert placeholder("ab" * 18) and placeholder("a1b2" * 9)
    assert not placeholder("a1b2c3d4e5f6g7h8".upper())


def test_private_key_needs_a_body() -> None:
    body = pem_body().replace("\n", "")
    header = "-----BEGIN EC PRIVATE KEY-----"
    [(start, end, message)] = findings(f"{header}\n{body[:64]}\n-----END EC PRIVATE KEY-----\n")
    assert (start, end) == (0, len(header))
    assert message.startswith("Private key block (-----BEGIN EC PRIVATE KEY-----)")
    assert findings(f"{header}\n{body[:63]}\n-----END EC PRIVATE KEY-----\n") == []
    assert body[:64] not in message


def test_private_key_in_json_escapes_is_found() -> None:
    body = pem_body().replace("\n", "\\n")
    text = (
        f'{{"private_key": "-----BEGIN PRIVATE KEY-----\\n{body}\\n-----END PRIVATE KEY-----\\n"}}'
    )
    assert len(findings(text)) == 1


def test_one_finding_per_key_in_text_order() -> None:
    tokens = list(SAMPLES.values())
    text = "\n".join(f"- {t}" for t in reversed(tokens)) + "\n"
    found = findings(text)
    assert [text[a:b] for a, b, _ in found] == list(reversed(tokens))


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_ranges_under_every_encoding_with_crlf_emoji_and_cjk(encoding: str) -> None:
    token = SAMPLES["Anthropic API key"]
    text = f"漢字\r\n👩\u200d💻 key: {token}\r\nend\r\n"
    [(start, end, _)] = findings(text)
    mapper = Mapper(text, encoding)  # type: ignore[arg-type]
    assert mapper.offset_to_position(start) == encoded_position(text, start, encoding)
    assert mapper.offset_to_position(end) == encoded_position(text, end, encoding)
    line, _ = encoded_position(text, start, encoding)
    assert line == 1 and text[start:end] == token


def test_secrets_returns_nothing_without_a_prefix() -> None:
    assert list(secrets("plain text without keys " * 100)) == []


def test_runs_count_from_the_first_character() -> None:
    rest = SAMPLES["GitHub token"][8:]
    assert not placeholder("QQQQ" + rest) and placeholder("QQQQQ" + rest)
    assert not placeholder("abcde" + rest) and placeholder("abcdef" + rest)


def test_distinct_characters_threshold_is_strict_and_capped_at_40() -> None:
    eight = "acegikmo"  # no runs, no consecutive pairs
    assert not placeholder((eight * 3)[:20])  # 8 distinct of 20: exactly 40%, not fewer
    sixteen = "acegikmoqsuwyACE"
    assert not placeholder(sixteen * 3)  # 16 distinct of 48: the cap makes the bar 16


def test_a_placeholder_or_a_claimed_span_does_not_hide_later_keys() -> None:
    token = SAMPLES["GitHub token"]
    assert len(findings(f"ghp_{'x' * 36} then {token}\n")) == 1
    marked = "sk-proj-" + "a1B2c3D4e5" * 4 + "T3BlbkFJ" + "f6G7h8J9k0" * 4  # both shapes
    plain = SAMPLES["OpenAI project key"].replace("sk-svcacct-", "sk-proj-")
    assert len(findings(f"{marked} and {plain}\n")) == 2


def test_escaped_and_real_line_breaks_do_not_count_as_key_material() -> None:
    body = pem_body().replace("\n", "")[:60]
    chunks = [body[i : i + 15] for i in range(0, 60, 15)]
    header = "-----BEGIN PRIVATE KEY-----"
    assert findings(header + "\\n" + "\\n".join(chunks) + "\\n-----END") == []
    assert findings(header + "\r\n" + "\r\n".join(chunks) + "\r\n-----END") == []


def test_the_message_ends_with_the_advice() -> None:
    [(_, _, message)] = findings(SAMPLES["Google API key"])
    assert message.endswith("read it from an environment variable instead")


def test_a_text_without_any_prefix_is_not_scanned(monkeypatch: pytest.MonkeyPatch) -> None:
    from promptls.analysis.rules import pl033_committed_secret as rule

    def boom(text: str) -> object:
        raise AssertionError("scanned")

    monkeypatch.setattr(rule, "secrets", boom)
    assert findings("nothing here but words\n") == []


# PL033's token shapes at their edges: every published prefix on its own, each length
# bound and one past it, each kind of word character glued before and after a token, and
# private-key blocks of every label (docs/mutation.md, "PL033 (session 7)").
#
# A user sees the finding itself: which text is underlined and what the message says (the
# kind, the public prefix and the length). So each case states the exact list of
# (underlined text, description) the file gets, or that it gets none.


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


TOKEN_SHAPES: dict[str, Callable[[int], Token]] = {
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
@pytest.mark.parametrize("shape", list(TOKEN_SHAPES))
def test_a_token_glued_to_a_word_character_after_it_is_no_key(shape: str, glue: str) -> None:
    """At the longest length the next character could only extend a body already as long
    as the shape allows; at the shortest, a character the body can hold makes a longer
    key, any other one makes no key."""
    token = TOKEN_SHAPES[shape](LONGEST)
    assert reported(f"Token: {token.text}{glue} here\n") == [], glue
    token = TOKEN_SHAPES[shape](1)
    text = f"Token: {token.text}{glue} here\n"
    if glue in GROWING.get(shape, ""):
        longer = Token(token.kind, token.shown, token.text[len(token.shown) :] + glue)
        assert reported(text) == [(longer.text, longer.described())]
    else:
        assert reported(text) == [], glue


@pytest.mark.parametrize("glue", list(GLUE))
@pytest.mark.parametrize("shape", list(TOKEN_SHAPES))
def test_a_token_glued_to_a_word_character_before_it_is_no_key(shape: str, glue: str) -> None:
    """Beside a real key of the same shape, so the file is searched shape by shape."""
    glued, other = TOKEN_SHAPES[shape](1), TOKEN_SHAPES[shape](2)
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


# PL033 and private-key blocks with header lines between the header and the key.
#
# OpenSSL writes a passphrase-protected RSA or EC key in the old PEM form, with
# ``Proc-Type: 4,ENCRYPTED`` and ``DEK-Info: <cipher>,<iv>`` lines and a blank line
# before the base64; an OpenPGP armoured key may carry ``Version:`` and ``Comment:``
# lines (GnuPG, OpenPGP.js, Keybase). Such a key is still committed, and still only as
# safe as its passphrase: the block is reported at its header, however its line breaks
# were written (docs/mutation.md, "PL025 and PL033 (session 8)").


RSA = "-----BEGIN RSA PRIVATE KEY-----"


PGP = "-----BEGIN PGP PRIVATE KEY BLOCK-----"


def iv(seed: int = 1) -> str:
    """A DEK-Info initialisation vector as OpenSSL prints it: 32 upper-case hex digits."""
    rng = random.Random(seed)
    return "".join(rng.choice("0123456789ABCDEF") for _ in range(32))


def block(header: str, headers: list[str], footer: str, checksum: str = "") -> list[str]:
    """The block's lines: header, header lines, a blank line, the base64, the footer."""
    return [header, *headers, "", *pem(), *([checksum] if checksum else []), footer]


ENCRYPTED_RSA = block(
    RSA,
    ["Proc-Type: 4,ENCRYPTED", f"DEK-Info: AES-128-CBC,{iv()}"],
    "-----END RSA PRIVATE KEY-----",
)


ARMOURED_PGP = block(
    PGP,
    ["Version: GnuPG v2", "Comment: https://gnupg.org/faq"],
    "-----END PGP PRIVATE KEY BLOCK-----",
    checksum="=" + "".join(random.Random(2).choice(string.ascii_letters) for _ in range(4)),
)


@pytest.mark.parametrize(
    ("lines", "header"), [(ENCRYPTED_RSA, RSA), (ARMOURED_PGP, PGP)], ids=["pem", "pgp"]
)
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_a_block_with_header_lines_is_reported_at_its_header(
    lines: list[str], header: str, newline: str
) -> None:
    text = newline.join(["Deploy key:", *lines, ""])
    assert reported(text) == [(header, f"Private key block ({header})")]


@pytest.mark.parametrize("escape", ["\\n", "\\r\\n"], ids=["n", "rn"])
def test_a_block_with_header_lines_in_a_json_string_is_reported(escape: str) -> None:
    text = '{"key": "' + escape.join([*ENCRYPTED_RSA, ""]) + '"}\n'
    assert reported(text) == [(RSA, f"Private key block ({RSA})")]


def test_an_indented_block_with_header_lines_is_reported() -> None:
    """A YAML block scalar (a Kubernetes secret pasted into a rules file)."""
    text = "key: |\n" + "".join(f"  {line}\n" for line in ENCRYPTED_RSA)
    assert reported(text) == [(RSA, f"Private key block ({RSA})")]


def test_a_header_line_with_an_empty_value_is_still_a_header_line() -> None:
    lines = block(PGP, ["Comment:", "Version: Keybase OpenPGP v2.0.76"], ARMOURED_PGP[-1])
    assert reported("\n".join(lines) + "\n") == [(PGP, f"Private key block ({PGP})")]


def test_a_first_header_line_that_lost_its_line_break_is_still_a_header_line() -> None:
    lines = list(ENCRYPTED_RSA)
    lines[0:2] = [lines[0] + lines[1]]
    assert reported("\n".join(lines) + "\n") == [(RSA, f"Private key block ({RSA})")]


def test_header_lines_with_no_key_under_them_are_quiet() -> None:
    text = "\n".join([RSA, "Proc-Type: 4,ENCRYPTED", "DEK-Info: AES-128-CBC,…", "", "…", ""])
    assert reported(text) == []


def test_prose_lines_holding_a_colon_after_a_named_header_are_no_key() -> None:
    """The header lines are skipped, and what follows is still prose, not key lines."""
    text = (
        "The file starts with -----BEGIN PRIVATE KEY-----\n"
        "Note: what follows it are lines of sixty four characters each until the end\n"
        "line, and the tool reads them all before it answers with the decoded key\n"
    )
    assert reported(text) == []


@pytest.mark.parametrize("name", ["Comment", "Comment_2", "X-Note.1", ""])
def test_any_line_whose_first_word_holds_a_colon_is_a_header_line(name: str) -> None:
    """GnuPG takes any line holding a colon as an armour header, whatever its name (even
    none: it looks for the first colon), and reads the key after the blank line."""
    lines = block(PGP, [f"{name}: exported for the staging host"], ARMOURED_PGP[-1])
    assert reported("\n".join(lines) + "\n") == [(PGP, f"Private key block ({PGP})")]


def test_a_one_line_key_followed_by_a_colon_on_its_line_is_reported() -> None:
    header = "-----BEGIN PRIVATE KEY-----"
    text = f'KEY="{header} {" ".join(pem())} -----END PRIVATE KEY-----"  # note: rotate\n'
    assert reported(text) == [(header, f"Private key block ({header})")]


def test_a_minified_service_account_json_is_reported() -> None:
    """As ``JSON.stringify`` writes it: the key's lines joined by ``\\n`` escapes, and
    more keys and colons after it with no blank between."""
    header = "-----BEGIN PRIVATE KEY-----"
    key = "\\n".join([header, *pem(), "-----END PRIVATE KEY-----", ""])
    text = f'{{"type":"service_account","private_key":"{key}","client_id":"1"}}\n'
    assert reported(text) == [(header, f"Private key block ({header})")]


# PL033 and private keys in JSON written by encoders that escape a base64 character.
#
# PHP's ``json_encode`` writes ``/`` as ``\/`` unless told not to, and .NET's
# ``System.Text.Json`` writes ``+`` as ``\u002B`` (its default encoder escapes the
# HTML-sensitive characters); any JSON reader decodes both, in either hex case, to the
# character, so the key is committed all the same. A base64 line of 64 characters holds
# about two of each, so before the rule read these escapes nearly every such key was
# missed (docs/mutation.md, "PL033's JSON escapes (session 8)").


PKCS8 = "-----BEGIN PRIVATE KEY-----"


END = "-----END PRIVATE KEY-----"


def php(value: str) -> str:
    """A JSON string as ``json_encode`` writes it by default (``/`` escaped)."""
    return json.dumps(value).replace("/", "\\/")


def dotnet(value: str) -> str:
    """A JSON string as ``System.Text.Json``'s default encoder writes a key (``+``)."""
    return json.dumps(value).replace("+", "\\u002B")


def escaped(char: str, escape: str) -> Callable[[str], str]:
    """A JSON encoder that writes ``char`` as ``escape`` (any reader takes both)."""
    return lambda value: json.dumps(value).replace(char, escape)


ENCODERS = {
    "php": php,
    "dotnet": dotnet,
    "plus-lower": escaped("+", "\\u002b"),
    "slash-upper": escaped("/", "\\u002F"),
    "slash-lower": escaped("/", "\\u002f"),
    "both": lambda value: php(value).replace("+", "\\u002B"),
}


def service_account(encode: Callable[[str], str], key: str) -> str:
    """A minified service-account JSON holding ``key``, encoded by ``encode``."""
    return f'{{"type":"service_account","private_key":{encode(key)},"client_id":"1"}}\n'


@pytest.mark.parametrize("encode", ENCODERS.values(), ids=ENCODERS.keys())
def test_a_key_in_json_with_escaped_base64_characters_is_reported(
    encode: Callable[[str], str],
) -> None:
    key = "\n".join([PKCS8, *pem(), END, ""])
    assert reported(service_account(encode, key)) == [(PKCS8, f"Private key block ({PKCS8})")]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
@pytest.mark.parametrize("encode", [php, dotnet], ids=["php", "dotnet"])
@pytest.mark.parametrize(
    ("lines", "header"), [(ENCRYPTED_RSA, RSA), (ARMOURED_PGP, PGP)], ids=["pem", "pgp"]
)
def test_a_block_with_header_lines_in_escaping_json_is_reported(
    encode: Callable[[str], str], lines: list[str], header: str, newline: str
) -> None:
    """The armour's ``Comment: https://gnupg.org/faq`` comes out as ``https:\\/\\/…`` from
    PHP: the escape is part of the header line's value, which ends at the ``\\n`` or
    ``\\r`` escape of its line break."""
    text = '{"key": ' + encode(newline.join([*lines, ""])) + "}\n"
    assert reported(text) == [(header, f"Private key block ({header})")]


@pytest.mark.parametrize("encode", ENCODERS.values(), ids=ENCODERS.keys())
@pytest.mark.parametrize(
    "body",
    [
        "/" * 64,  # a divider: one character over and over
        "+" * 64,
        "a+B/3+d/E+5/g+H/7+j/K+9/m+P/",  # 28 characters: a short line, however long
    ],  # its escapes make it
    ids=["slashes", "pluses", "short"],
)
def test_escapes_are_read_as_the_characters_they_write(
    encode: Callable[[str], str], body: str
) -> None:
    """A header over a typed or short body stays quiet in JSON as it does in plain text:
    an escape counts as the one character it stands for, not as six or two."""
    key = "\n".join([PKCS8, body, body, body, END, ""])
    assert reported(key) == []
    assert reported(service_account(encode, key)) == []


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_a_header_line_ending_in_a_backslash_still_ends_at_its_line_break(newline: str) -> None:
    """A Windows folder in an armour comment: the backslash is part of the value, and the
    key lines below it are read as before."""
    lines = block(PGP, ["Comment: exported from C:\\keys\\"], ARMOURED_PGP[-1])
    assert reported(newline.join([*lines, ""])) == [(PGP, f"Private key block ({PGP})")]


# PL033's private-key thresholds at their exact values, in plain text and in JSON.
#
# docs/rules.md states them: a block is reported when at least 64 base64 characters follow
# its header in lines of 32 or more. A key right at either bound is reported and one
# character fewer is not, and a JSON escape of a base64 character (``\/``, ``\u002B``)
# counts as the one character it writes, so the same key reads the same in a JSON string
# (docs/mutation.md, "Session 8's speed changes and the mention fence fix").


FOUND = [(PKCS8, f"Private key block ({PKCS8})")]


WRITERS: dict[str, Callable[[str], str]] = {
    "plain": str,
    **{name: partial(service_account, encode) for name, encode in ENCODERS.items()},
}


@pytest.mark.parametrize("write", WRITERS.values(), ids=WRITERS.keys())
def test_a_body_of_exactly_64_characters_is_a_key_and_63_are_not(
    write: Callable[[str], str],
) -> None:
    line = pem(lines=1)[0]  # 64 characters, a `+` and a `/` among them
    assert reported(write("\n".join([PKCS8, line, END, ""]))) == FOUND
    assert reported(write("\n".join([PKCS8, line[:-1], END, ""]))) == []


def test_lines_of_exactly_32_characters_are_key_lines_and_of_31_are_not() -> None:
    lines = pem(lines=4, width=32)
    assert reported("\n".join([PKCS8, *lines, END, ""])) == FOUND
    assert reported("\n".join([PKCS8, *(line[:-1] for line in lines), END, ""])) == []


# PL033 decides from one cheap search whether a text can hold a secret at all: a token's
# public prefix found from its rarest character. A text the search passes over is never
# searched shape by shape, so the search must find every text in which any shape matches.
# Over random texts built from the prefixes, the characters around them and bodies of the
# lengths the shapes take, whenever a shape's pattern or a private key's header matches,
# the gate does too.


BODY = "Q7mK2xP9vL4nR8tW"


"""Sixteen characters a generated key could hold (no run, no sequence, many distinct)."""


PIECES = [
    "AKIA",
    "ASIA",
    "AIza",
    "ghp_",
    "gho_",
    "ghr_",
    "github_pat_",
    "xoxb-",
    "xoxp-",
    "123456-",
    "sk_live_",
    "rk_live_",
    "sk-",
    "sk-ant-api03-",
    "sk-proj-",
    "sk-svcacct-",
    "T3BlbkFJ",
    "-----BEGIN ",
    "-----BEGIN RSA PRIVATE KEY-----",
    "OPENSSH PRIVATE KEY-----",
    "-----",
    BODY,
    BODY[:6],
    "_",
    "-",
    "x",
    " ",
    "\n",
    "日本",
    "🚀",
]


texts = st.lists(st.sampled_from(PIECES), max_size=24).map("".join)


@settings(max_examples=examples(1500), deadline=None)
@given(texts)
def test_every_text_a_shape_matches_passes_the_gate(text: str) -> None:
    if _PRIVATE_KEY.search(text) or any(shape.pattern.search(text) for shape in SHAPES):
        assert _GATE.search(text) is not None


def test_a_key_after_a_word_character_is_no_token_and_the_gate_says_so() -> None:
    key = "ghp_" + BODY * 3
    assert list(secrets("token: " + key)) and _GATE.search("token: " + key)
    assert _GATE.search("xghp_" + BODY * 3) is None
    assert not list(secrets("xghp_" + BODY * 3))


# PL033's gate (one search deciding whether a text is searched for keys at all) must let
# every public prefix through on its own: the other tests hold a temporary AWS key id only
# beside other keys, so a gate that missed ``ASIA`` went unnoticed (docs/mutation.md,
# "PL030 and PL033 after the speed work").


def test_a_temporary_aws_key_id_alone_in_a_file_is_reported() -> None:
    key = "ASIAKVQZ5GX4BRTL3CZV"
    text = f"Temporary credentials for staging: {key}\n"
    found = analyze(text, path="AGENTS.md", settings=Settings(select=("PL033",))).findings
    assert [(text[f.start : f.end], f.message.split(" committed")[0]) for f in found] == [
        (key, "AWS access key id (ASIA…, 20 characters)")
    ]


# The gate reads a non-ASCII text's UTF-8 bytes instead of the text (a text with one emoji
# is stored at 4 bytes a character, so the bytes are a quarter of the memory to read). It
# must pass exactly the texts the gate over the text passes: over random texts of token
# prefixes, word characters and non-ASCII characters right before and after them, both
# answer the same, and a secret after an emoji is still reported.

BYTE_PIECES = [
    "AKIA",
    "ASIA",
    "AIza",
    "ghp_",
    "github_pat_",
    "xoxb-",
    "sk_live_",
    "rk_live_",
    "sk-",
    "-----BEGIN ",
    "-",
    "_",
    "x",
    "9",
    " ",
    "\n",
    "é",
    "日本",
    "🚀",
    "\u200b",
    "\U0001f600",
]

byte_texts = st.lists(st.sampled_from(BYTE_PIECES) | st.characters(), max_size=24).map("".join)


@settings(max_examples=examples(2000), deadline=None)
@given(byte_texts)
def test_the_gate_over_the_bytes_answers_as_the_gate_over_the_text(text: str) -> None:
    assert may_hold_secret(text, text_to_utf8(text)) == (_GATE.search(text) is not None)


def test_a_key_after_an_emoji_is_reported_and_one_glued_to_a_word_is_not() -> None:
    key = "ghp_Q7mK2xP9vL4nR8tWQ7mK2xP9vL4nR8tWQ7mK"
    found = analyze(f"✅ token 🚀{key} done\n", path="notes.prompt.md").findings
    assert [f.code for f in found if f.code == "PL033"] == ["PL033"]
    glued = analyze(f"✅ token x{key} done\n", path="notes.prompt.md").findings
    assert not [f for f in glued if f.code == "PL033"]
