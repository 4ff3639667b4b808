"""PL009: the static half is shorter than the model's minimum cacheable prefix."""

from __future__ import annotations

from collections.abc import Iterator

from promptls.analysis.cache_minimums import lookup
from promptls.analysis.document import Document
from promptls.analysis.model import DocumentKind, Finding, Severity
from promptls.analysis.rules.base import Rule
from promptls.tokens import O200K, count_tokens, estimate_tokens

ESTIMATE_ERROR = 0.25
"""How far a real token count may lie above the estimate (``promptls.tokens``), as a
fraction: the estimate's rates are averages, and real tokenizers give English prose 3.5
to 4.5 characters a token and code or markup nearer 3, so a count a quarter above the
estimate is ordinary. A static half is reported only when even that count would stay
below the minimum; closer to it, the estimate cannot tell the two sides apart."""

OPENAI = "openai"
"""The provider whose models use the o200k_base tokenizer: counted exactly when
``promptls[tokens]`` is installed, so no margin is needed."""

EXACT_CHARS_PER_TOKEN_BOUND = 256
"""A static half this many characters per minimum token is not tokenized: it is over the
minimum. o200k_base's longest runs measured are 128 spaces (64 for ``-``, ``=``, ``#``)
per token; the bound leaves twice that."""

HOW_ESTIMATED = (
    "estimated at 4 characters a token for ASCII, 2 for other letters and 1 for CJK "
    "and emoji; real counts differ by up to a quarter"
)


def check(doc: Document) -> Iterator[Finding]:
    """Only when a marker declares a cached prefix and the model is in the table."""
    if not doc.exact:
        return

    row = lookup(doc.settings.model)
    if row is None or doc.static_end == 0:
        return
    minimum = row.tokens
    exact = row.provider == OPENAI and doc.static_end < EXACT_CHARS_PER_TOKEN_BOUND * minimum
    if not exact and doc.static_end >= 4 * minimum:
        return  # over the minimum by any count: the half is not even copied
    static = doc.text[: doc.static_end]
    if not static.strip():
        return  # an empty static half is PL005's
    if exact:
        counted = count_tokens(static, O200K)
        if counted.exact:
            if counted.count >= minimum:
                return
            yield RULE.finding(
                f"static half is {counted.count} tokens ({O200K}), below the {minimum}-token "
                f"minimum cacheable prefix of {doc.settings.model}: unless tools or earlier "
                "blocks make the prefix long enough, caching silently does nothing",
                doc.exact[0].start,
                doc.exact[0].end,
            )
            return
    if doc.static_end >= 4 * minimum:
        return  # every estimate is at least one token per four characters
    estimate = estimate_tokens(static)
    if estimate * (1 + ESTIMATE_ERROR) >= minimum:
        return  # the real count may reach the minimum: too close to call
    hit = doc.exact[0]
    yield RULE.finding(
        f"static half is about {estimate} tokens ({HOW_ESTIMATED}), below the "
        f"{minimum}-token minimum cacheable prefix of {doc.settings.model} even so: unless "
        "tools or earlier blocks make the prefix long enough, caching silently does nothing",
        hit.start,
        hit.end,
    )


DETAILS = """\
**The margin.** The count comes from `promptls/tokens.py`: 4 characters a token for
ASCII, 2 for other letters (accented Latin, Greek, Cyrillic, Hebrew, Arabic…), 1 for CJK,
kana, hangul and emoji. Those are averages; real tokenizers give English prose 3.5 to
4.5 characters a token and code or markup nearer 3, so a real count a quarter above the
estimate is ordinary (`ESTIMATE_ERROR = 0.25` in the rule). A static half estimated one
token below the minimum may well be above it, and a report there was noise. PL009 now
reports only when the estimate plus a quarter is still below the minimum (for a
1024-token minimum: an estimate under 820 tokens), and its message says how the estimate
is made. A static half between that and the minimum is not reported: the estimate
cannot tell the two sides apart.

| model name starts with | minimum tokens | source, date checked |
|---|---|---|
| `claude-opus-4-6` | 4096 | Anthropic prompt-caching docs via docs.orq.ai, 2026-11-30 |
| `claude-opus-4-5` | 4096 | Anthropic prompt-caching docs via docs.orq.ai, 2026-11-30 |
| `claude-haiku-4-5` | 4096 | Anthropic prompt-caching docs via docs.orq.ai, 2026-11-30 |
| `claude-sonnet-4-6` | 2048 | docs.orq.ai table, 2026-11-30 (sources disagree: 1024) |
| `claude-opus-4-1` | 1024 | Anthropic prompt-caching docs, 2026-11-30 |
| `claude-opus-4` | 1024 | Anthropic prompt-caching docs, 2026-11-30 |
| `claude-sonnet-4` | 1024 | Anthropic prompt-caching docs (Sonnet 4, 4.5), 2026-11-30 |
| `claude-3-7-sonnet` | 1024 | Anthropic prompt-caching docs, 2026-11-30 |
| `claude-3-5-sonnet` | 1024 | Anthropic prompt-caching docs, 2026-11-30 |
| `claude-3-opus` | 1024 | Anthropic prompt-caching docs, 2026-11-30 |
| `claude-3-5-haiku` | 2048 | Anthropic prompt-caching docs, 2026-11-30 |
| `claude-3-haiku` | 2048 | Anthropic prompt-caching docs, 2026-11-30 |
| `gpt-` | 1024 | OpenAI prompt-caching guide (prompts of 1024+ tokens), 2026-11-30 |
| `o1` | 1024 | OpenAI prompt-caching guide, 2026-11-30 |
| `o3` | 1024 | OpenAI prompt-caching guide, 2026-11-30 |
| `o4` | 1024 | OpenAI prompt-caching guide, 2026-11-30 |
"""


RULE = Rule(
    code="PL009",
    name="below-cache-minimum",
    severity=Severity.INFO,
    summary="The static half is shorter than the model's minimum cacheable prefix.",
    explanation=(
        "Providers only cache a prefix of at least a minimum length, which depends on the "
        "model (for example 1024 tokens for Claude Sonnet 4.x, 2048 for Claude Haiku 3.x, "
        "4096 for Claude Opus 4.5+ and Haiku 4.5, 1024 for OpenAI models). Below it the "
        "request succeeds but nothing is cached, and nothing tells you. The token count is "
        "exact for OpenAI models when `promptls[tokens]` is installed (o200k_base); "
        "otherwise an estimate (4 characters a token for ASCII, 2 for other letters, 1 for "
        "CJK and emoji) of this file's static half; real counts can be a quarter higher, so "
        "an estimated static half is reported only when it stays below the minimum even "
        "then; "
        "tool definitions sent before the system prompt also count towards the prefix. Set "
        "`model` in the configuration to your model; unknown models are not checked."
    ),
    bad_example="You are a coding agent.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nDate: {{date}}\n",
    good_example="(a static half of a few thousand tokens of doctrine)\n\n"
    "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n\nDate: {{date}}\n",
    fixable=False,
    kinds=frozenset({DocumentKind.PROMPT}),
    check=check,
    needs_discovery=False,
    applies_to="prompt files",
    details=DETAILS,
)
