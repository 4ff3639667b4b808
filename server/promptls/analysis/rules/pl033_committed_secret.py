"""PL033: a live credential committed in a file every agent session reads.

An instruction, rule, skill or prompt file is committed, shared and sent to a model
provider with every request; a key pasted into one ("use this token for the staging
API") is published to everyone who can read the repository and to every log the
prompt passes through. Only token shapes a provider publishes with a fixed prefix are
recognised, so a finding is almost certainly a real key: AWS access key ids, GitHub,
Slack, Stripe live, Anthropic, OpenAI and Google API keys, and private-key blocks (a
GCP service-account JSON carries one). A key inside a code span or fence is reported
too: it is committed all the same. Placeholders (``AKIAIOSFODNN7EXAMPLE``, ``xxxx``,
``your-key``, runs of one character or of consecutive characters, bodies with too few
distinct characters) stay quiet.

The secret is never repeated: the message names the kind, shows the public prefix
and the length, and nothing else, so CI logs, SARIF uploads and editor hovers do not
publish it a second time. There is no fix: deleting the text does not unpublish it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from typing import NamedTuple

from promptls.analysis.dashes import SECRET_DASH
from promptls.analysis.document import Document
from promptls.analysis.model import Finding, Severity
from promptls.analysis.rules.base import TEXT_KINDS, Rule
from promptls.text.lazyre import lazy, lazy_built
from promptls.text.leads import Leads


class Shape(NamedTuple):
    """One provider's token: its name, the public prefix shown, and how it is matched."""

    kind: str
    needles: tuple[str, ...]
    """Literal text every match contains: a text without any is not searched (the
    patterns open with a look-behind, so the regex engine tries every position)."""
    pattern: re.Pattern[str]
    """Group ``body`` is the random part the placeholder checks look at; what comes
    before it is the public prefix every such key shares, the one part shown."""


_WORD = "[A-Za-z0-9_-]"
"""A character that can continue a token: one before or after a match makes it part of
a longer word, not a key."""
_AFTER = rf"(?!{_WORD})"
_BEFORE = rf"(?<!{_WORD})"

SHAPES = (
    Shape(
        "AWS access key id",
        ("AKIA", "ASIA"),
        lazy(rf"{_BEFORE}(?:AKIA|ASIA)(?P<body>[A-Z0-9]{{16}}){_AFTER}"),
    ),
    Shape(
        "GitHub token",
        ("ghp_", "gho_", "ghs_", "ghu_", "ghr_"),
        lazy(rf"{_BEFORE}gh[pousr]_(?P<body>[A-Za-z0-9]{{36,251}}){_AFTER}"),
    ),
    Shape(
        "GitHub fine-grained token",
        ("github_pat_",),
        lazy(rf"{_BEFORE}github_pat_(?P<body>[A-Za-z0-9]{{22}}_[A-Za-z0-9]{{59}}){_AFTER}"),
    ),
    Shape(
        "Slack token",
        ("xox",),
        lazy(rf"{_BEFORE}xox[baprs]-(?P<body>[0-9]{{6,}}-[A-Za-z0-9-]{{10,250}}){_AFTER}"),
    ),
    Shape(
        "Stripe live key",
        ("k_live_",),
        lazy(rf"{_BEFORE}[sr]k_live_(?P<body>[A-Za-z0-9]{{20,247}}){_AFTER}"),
    ),
    Shape(
        "Anthropic API key",
        ("sk-ant-",),
        lazy(rf"{_BEFORE}sk-ant-[a-z]{{2,8}}[0-9]{{2}}-(?P<body>[A-Za-z0-9_-]{{80,200}}){_AFTER}"),
    ),
    Shape(
        "OpenAI API key",
        ("T3BlbkFJ",),
        lazy(
            rf"{_BEFORE}sk-(?:(?:proj|svcacct|admin)-)?"
            rf"(?P<body>[A-Za-z0-9_-]{{20,200}}T3BlbkFJ[A-Za-z0-9_-]{{20,200}}){_AFTER}"
        ),
    ),
    Shape(
        "OpenAI project key",
        ("sk-proj-", "sk-svcacct-", "sk-admin-"),
        lazy(rf"{_BEFORE}sk-(?:proj|svcacct|admin)-(?P<body>[A-Za-z0-9_-]{{80,200}}){_AFTER}"),
    ),
    Shape(
        "OpenAI API key",
        ("sk-",),
        lazy(rf"{_BEFORE}sk-(?P<body>[A-Za-z0-9]{{48}}){_AFTER}"),
    ),
    Shape(
        "Google API key",
        ("AIza",),
        lazy(rf"{_BEFORE}AIza(?P<body>[A-Za-z0-9_-]{{35}}){_AFTER}"),
    ),
)
"""The published shapes, most specific first: a span claimed by one is not re-reported."""

_PRIVATE_KEY = lazy(
    r"-----BEGIN (?P<label>(?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?)-----"
)
_KEY_BODY = lazy(
    r"(?:\s*[^\s:]*:(?:[^\r\n\\]|\\(?![nr]))*)*"
    r"(?P<body>(?:[A-Za-z0-9+/]|\\(?:[nr/]|u002[BFbf])|\s)*)"
)
"""What follows the header in a real block: header lines first where the format has them
(``Proc-Type:`` and ``DEK-Info:`` of a PEM key OpenSSL encrypted, ``Version:`` and
``Comment:`` of OpenPGP armour), then the base64 lines (``\\n`` escapes in JSON) up to the
padding, which ends an encoding. A header line is one whose first word holds a colon, as
GnuPG reads armour (any name, even none, before the first colon); base64 holds no colon,
and a word ends at a blank, so no key line is taken for one, nor a one-line key for a
header because a colon follows it on its line. In a JSON string a base64 character may
be escaped (PHP's ``json_encode`` writes ``/`` as ``\\/``, .NET's ``System.Text.Json`` ``+``
as ``\\u002B``): the body holds those escapes. A header line runs to its line's end, a
line break or a ``\\n`` or ``\\r`` escape: another backslash is part of its value
(``https:\\/\\/…`` from PHP, a Windows path ending in ``\\``)."""
_JSON_ESCAPE = lazy(r"\\(?:/|u002[BFbf])")
"""The escapes of a base64 character ``_KEY_BODY`` takes, each read as that character."""
_UNESCAPED = {"\\/": "/", "\\u002B": "+", "\\u002b": "+", "\\u002F": "/", "\\u002f": "/"}
_BODY_CHARS = 64
"""A real key's body has hundreds of base64 characters; a documented header has none."""
_LINE_CHARS = 32
"""Key material comes in lines of 64 (PEM, PGP) to 76 base64 characters, kept whole when
the line breaks become spaces or ``\\n`` escapes; a shorter run is a word of the prose
that names a header, or a key's last line, and is not counted."""

_WORDS = ("example", "xxxx", "your", "placeholder", "dummy", "sample", "redacted", "fake")
"""Words that mark a documented stand-in, not a key (case-insensitive)."""
_REPEAT = 5
"""A run of this many of one character is typed, not generated."""
_SEQUENCE = 6
"""Nor is a run of this many consecutive characters (``abcdef``, ``123456``)."""
_MIN_DISTINCT = 0.4
"""A random body over a 32-to-64-letter alphabet uses most letters it could: one with
fewer distinct characters than this share of its length (capped at 40) is typed."""


def placeholder(body: str) -> bool:
    """Whether a token's random part is a stand-in someone typed rather than a key."""
    lowered = body.lower()
    if any(word in lowered for word in _WORDS):
        return True
    run = ascending = 1
    for before, after in pairwise(body):
        run = run + 1 if after == before else 1
        ascending = ascending + 1 if ord(after) == ord(before) + 1 else 1
        if run >= _REPEAT or ascending >= _SEQUENCE:
            return True
    letters = [c for c in body if c.isalnum()]
    return len(set(letters)) < _MIN_DISTINCT * min(len(letters), 40)


def redacted(kind: str, prefix: str, length: int) -> str:
    """How a secret is named in any output: its kind, public prefix and length only."""
    return f"{kind} ({prefix}…, {length} characters)"


def _private_keys(text: str) -> Iterator[tuple[int, int, str]]:
    """Each private-key header followed by a real-looking body: (start, end, label)."""
    if "PRIVATE KEY" not in text:
        return
    for match in _PRIVATE_KEY.finditer(text):
        body = next(_KEY_BODY.finditer(text, match.end()))["body"]  # may be empty
        body = _JSON_ESCAPE.sub(lambda escape: _UNESCAPED[escape.group()], body)
        runs = re.split(r"\\[nr]|\s", body)
        chars = "".join(run for run in runs if len(run) >= _LINE_CHARS)
        if len(chars) >= _BODY_CHARS and not placeholder(chars[:_BODY_CHARS]):
            yield match.start(), match.end(), match.group("label")


def secrets(text: str) -> Iterator[tuple[int, int, str]]:
    """Every recognised secret as (start, end, redacted description), in text order."""
    found: list[tuple[int, int, str]] = []
    for start, end, label in _private_keys(text):
        found.append((start, end, f"Private key block (-----BEGIN {label}-----)"))
    present = {m.group() for m in _NEEDLES.finditer(text)}
    for shape in SHAPES:
        if present.isdisjoint(shape.needles):
            continue
        for match in shape.pattern.finditer(text):
            start, end = match.span()
            if any(a < end and start < b for a, b, _ in found):
                continue
            if placeholder(match.group("body")):
                continue
            prefix = text[start : match.start("body")]
            found.append((start, end, redacted(shape.kind, prefix, end - start)))
    return iter(sorted(found))


_NEEDLES = lazy_built(lambda: re.compile("|".join(re.escape(n) for s in SHAPES for n in s.needles)))
"""Every shape's literal prefixes in one pattern: one pass finds which shapes to try."""

_GATE_REST_PATTERN = (
    rf"_(?:(?<=gh[pousr]_)(?<!{_WORD}gh[pousr]_)|(?<=github_pat_)(?<!{_WORD}github_pat_)"
    rf"|(?<=[sr]k_live_)(?<!{_WORD}[sr]k_live_))"
    rf"|A(?:KIA|SIA|Iza)(?<!{_WORD}A(?:KIA|SIA|Iza))"
)
"""The gate's alternatives that do not start at a ``-`` (that one, ``SECRET_DASH``, the
document's shared pass over ``-`` answers: ``dashes``)."""
_GATE_PATTERN = rf"-(?:{SECRET_DASH})|{_GATE_REST_PATTERN}"
_GATE = Leads(_GATE_PATTERN)
"""Every shape's public prefix where a token can start, found from its rarest character:
``_`` is rare in prose; ``-`` (with a private key's ``-----BEGIN`` line) is not. Each
alternative is searched from one character of its literal lead (``Leads``: ``find``
while that character is rare, the regex engine's literal scan where it is not), never
testing a class at every character. ``AKIA``, ``ASIA`` and ``AIza`` are one alternative
led by their ``A``: where capitals are frequent (``I``, ``S``, ``A`` in prose) the regex
engine scans for one literal character in half the time it takes for a four-character
lead (1 MB: 0.35 against 0.6 ms for ``ASIA`` alone), and where ``A`` is rare ``find``
finds it. A text without a match holds no secret of any shape; one with a match is
searched shape by shape."""
_GATE_BYTES = Leads(_GATE_PATTERN.encode("ascii"))
"""The same gate over a non-ASCII text's UTF-8 bytes: every character and class in it is
ASCII and every look-behind has a fixed width, so it matches the bytes exactly when it
matches the text (a non-ASCII character is bytes outside every class, as it is a
character outside them). A text with one character above U+FFFF is stored at 4 bytes a
character, so the searches read a quarter as much memory in its bytes."""


_GATE_REST = Leads(_GATE_REST_PATTERN)
_GATE_REST_BYTES = Leads(_GATE_REST_PATTERN.encode("ascii"))


def may_hold_secret(text: str, utf8: bytes | None, dash: bool | None = None) -> bool:
    """Whether the gate passes ``text``; ``utf8`` is bytes the gate matches as it does the
    text (``Document.ascii_bytes``), searched instead when given, and ``dash`` the gate's answer at a ``-`` when the document's shared pass has it
    (``Document.dashes``): then only the other alternatives are searched."""
    if dash:
        return True
    if dash is None:
        gate = _GATE if utf8 is None else _GATE_BYTES
    else:
        gate = _GATE_REST if utf8 is None else _GATE_REST_BYTES
    if utf8 is None:
        return gate.search(text) is not None  # type: ignore[arg-type]
    return gate.search(utf8) is not None  # type: ignore[arg-type]


def check(doc: Document) -> Iterator[Finding]:
    """One error per secret, code or prose alike; the message never holds the secret."""
    text = doc.text
    if not may_hold_secret(text, doc.ascii_bytes, doc.dashes.secret):
        return
    for start, end, what in secrets(text):
        yield RULE.finding(
            f"{what} committed here: revoke and rotate it now (anyone who can read this "
            "file has it), and have the agent read it from an environment variable instead",
            start,
            end,
        )


DETAILS = r"""
The shapes, and where each is published (read 2026-12-01; the patterns are written
from these descriptions, no scanner's code is used):

| kind | shape matched | source |
|---|---|---|
| AWS access key id | `AKIA` or `ASIA` + 16 upper-case letters and digits | AWS IAM user guide, "Unique identifiers" (prefixes `AKIA` access key, `ASIA` STS temporary key; 20 characters); the docs' example id `AKIAIOSFODNN7EXAMPLE` |
| GitHub token | `ghp_` `gho_` `ghu_` `ghs_` `ghr_` + 36 (up to 251) letters and digits | GitHub changelog 2021-03-31 "Authentication token format updates are generally available" (prefixes, `[A-Za-z0-9_]`, up to 255 characters) |
| GitHub fine-grained token | `github_pat_` + 22 + `_` + 59 letters and digits | GitHub's fine-grained token format (93 characters), as secret-scanning pattern lists state it |
| Slack token | `xoxb-` `xoxa-` `xoxp-` `xoxr-` `xoxs-` + digits + `-` + 10 or more characters | Slack API docs "Token types"; gitleaks' default config (`xox[baprs]-`) |
| Stripe live key | `sk_live_` or `rk_live_` + 20 to 247 letters and digits | Stripe docs "API keys" (secret and restricted keys, live mode); Stripe's security engineer in GitLab issue 458019 ("we only care about live keys": secret and restricted, up to 128 characters and longer) |
| Anthropic API key | `sk-ant-` + a kind and version (`api03`, `admin01`) + `-` + 80 to 200 characters | secretlint's `@secretlint/secretlint-rule-anthropic` README (shape of an `sk-ant-api03-` key) |
| OpenAI API key | `sk-` (optionally `proj-`, `svcacct-`, `admin-`) with the `T3BlbkFJ` marker inside, or `sk-proj-`/`sk-svcacct-`/`sk-admin-` + 80 or more, or the legacy `sk-` + exactly 48 letters and digits | detect-secrets' OpenAI plugin as used by llm-guard (`sk-` + 20 + `T3BlbkFJ` + 20: base64 of "OpenAI"); gitleaks-style configs for `sk-proj-` |
| Google API key | `AIza` + 35 of `[A-Za-z0-9_-]` | gitleaks' Gemini/Google key rule (`AIza` + 35) |
| private key | `-----BEGIN (RSA / EC / DSA / OPENSSH / ENCRYPTED / PGP) PRIVATE KEY(BLOCK)-----` followed by at least 64 base64 characters in lines of 32 or more (real lines, lines joined by spaces, or `\n` escapes as in a GCP service-account JSON, where a base64 character may be escaped too: `\/` as PHP's `json_encode` writes `/`, `\u002B` as .NET's `System.Text.Json` writes `+`; the words of prose after a header are no key), after the header lines a block may have (`Proc-Type:` and `DEK-Info:` of a PEM key OpenSSL encrypted with a passphrase, `Version:` and `Comment:` of OpenPGP armour) | gitleaks' default config (PKCS8, RSA, SSH, PGP, EC headers) |

A token must stand alone: a letter, digit, `_` or `-` right before or after it makes it
part of another word (`task-…`, a longer identifier). What counts as a placeholder,
decided on the random part after the prefix:

* it contains `example`, `xxxx`, `your`, `placeholder`, `dummy`, `sample`, `redacted`
  or `fake` (any case): `AKIAIOSFODNN7EXAMPLE`, `ghp_xxxx…`, `sk-ant-…-your-key`;
* a run of 5 of one character, or 6 consecutive characters (`abcdef`, `123456`):
  typed, not generated. A random 36-character body has such a run about once in 4,000
  keys (measured over 20,000 random bodies per shape: 0.005–0.025% of real keys would
  be missed);
* fewer distinct characters than 40% of its length (capped at 40 characters): `abab…`,
  `a1b2…`. A random body uses far more;
* `...`, `<your-key>`, `sk-...` and other shorter stand-ins never match a shape at all.

Publishable and test-mode keys (`pk_live_`, `sk_test_`) are not reported: they are not
secret, or cannot touch live data. Lone 40-character hex strings (old GitHub tokens, Git
commit ids) are not reported either: nothing tells them apart.

**Never printed:** the message, `check`'s text, JSON, SARIF and GitHub-annotation
output, the editor's diagnostic, hover and code actions name the kind, the public
prefix and the length (`GitHub token (ghp_…, 40 characters)`) and never the token
(`tests/cli/test_cli_secrets.py`, `tests/lsp/test_secrets.py`). The tests themselves
build their keys from a seed at run time (`tests/analysis/secret_samples.py`), and the
fixtures under `tests/analysis/testdata/PL033/` are random strings in the published
shapes, never real keys. Views that show the file itself (`promptls preview`,
`render`, the marker hover's wire text) show it as it is: that is what the agent sends,
key included, which is the problem this rule reports.
"""


RULE = Rule(
    code="PL033",
    name="committed-secret",
    severity=Severity.ERROR,
    summary="A live credential (cloud, GitHub, Slack, Stripe, model-provider key, private key).",
    explanation=(
        "Instruction, rule, skill and prompt files are committed, shared with everyone who "
        "can read the repository, and sent to the model provider with every request. A "
        "key pasted into one is published. The rule recognises only token shapes the "
        "providers publish with a fixed prefix (AWS `AKIA`/`ASIA` key ids, GitHub `ghp_` "
        "`gho_` `ghu_` `ghs_` `ghr_` `github_pat_`, Slack `xoxb-` and friends, Stripe "
        "`sk_live_`/`rk_live_`, Anthropic `sk-ant-`, OpenAI `sk-`/`sk-proj-`, Google "
        "`AIza`, and `-----BEGIN … PRIVATE KEY-----` blocks, which is also how a GCP "
        "service-account JSON carries its key), in prose and in code alike. Placeholders "
        "stay quiet: `AKIAIOSFODNN7EXAMPLE`, `xxxx`, `your-key`, runs of one character or "
        "of consecutive ones, bodies with few distinct characters, a private-key header "
        "with no key under it. The message never repeats the secret (only its kind, "
        "public prefix and length). No fix: removing the line does not unpublish the key. "
        "Revoke and rotate it, then have the agent read it from an environment variable."
    ),
    bad_example="Deploy with the token `ghp_…` (a real 40-character GitHub token)\n",
    good_example="Deploy with the token in `$GITHUB_TOKEN` (set in your shell, never committed)\n",
    fixable=False,
    kinds=TEXT_KINDS,
    check=check,
    needs_discovery=False,
    applies_to="prompt files, instruction files",
    details=DETAILS,
)
