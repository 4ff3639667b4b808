"""PL033: which strings are keys, which are stand-ins, and that no message repeats a key."""

from __future__ import annotations

import pytest

from promptls.analysis import DocumentKind, Severity, analyze
from promptls.analysis.rules.pl033_committed_secret import placeholder, secrets
from promptls.analysis.settings import Settings
from promptls.text.mapper import Mapper
from tests.analysis.secret_samples import pem_body, samples
from tests.positions import ENCODINGS, encoded_position

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
