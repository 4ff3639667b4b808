"""The minimum cacheable prompt length per provider and model, as dated data.

Providers change these (Anthropic raised Opus 4.5/4.6 and Haiku 4.5 to 4096; Google's
table for Gemini moved between 1024, 2048 and 4096 within a year), so each row names
its source and the day it was read, and PL009 reads this table instead of constants in
its code. Rows are matched by model-name prefix after ``normalize_model``; the first
match wins, so longer, more specific prefixes come first.
"""

from __future__ import annotations

import re

from promptls.record import Record


class CacheMinimum(Record):
    """One provider's minimum cacheable prefix for models whose name starts with ``prefix``."""

    provider: str
    prefix: str
    tokens: int
    source: str
    checked: str


_ANTHROPIC = "platform.claude.com/docs/en/build-with-claude/prompt-caching"
_OPENAI = "platform.openai.com/docs/guides/prompt-caching (prompts of 1024 tokens or more)"
_GOOGLE = "ai.google.dev/gemini-api/docs/caching (implicit caching; page of 2026-10-13)"

MINIMUMS: tuple[CacheMinimum, ...] = (
    CacheMinimum("anthropic", "claude-opus-4-6", 4096, _ANTHROPIC, "2026-11-30"),
    CacheMinimum("anthropic", "claude-opus-4-5", 4096, _ANTHROPIC, "2026-11-30"),
    CacheMinimum("anthropic", "claude-haiku-4-5", 4096, _ANTHROPIC, "2026-11-30"),
    CacheMinimum(
        "anthropic",
        "claude-sonnet-4-6",
        2048,
        "docs.orq.ai prompt-caching table (Anthropic's page said 1024; users observe 2048: "
        "anthropic-sdk-python#1194)",
        "2026-11-30",
    ),
    CacheMinimum("anthropic", "claude-opus-4-1", 1024, _ANTHROPIC, "2026-11-30"),
    CacheMinimum("anthropic", "claude-opus-4", 1024, _ANTHROPIC, "2026-11-30"),
    CacheMinimum("anthropic", "claude-sonnet-4", 1024, _ANTHROPIC, "2026-11-30"),
    CacheMinimum("anthropic", "claude-3-7-sonnet", 1024, _ANTHROPIC, "2026-11-30"),
    CacheMinimum("anthropic", "claude-3-5-sonnet", 1024, _ANTHROPIC, "2026-11-30"),
    CacheMinimum("anthropic", "claude-3-opus", 1024, _ANTHROPIC, "2026-11-30"),
    CacheMinimum("anthropic", "claude-3-5-haiku", 2048, _ANTHROPIC, "2026-11-30"),
    CacheMinimum("anthropic", "claude-3-haiku", 2048, _ANTHROPIC, "2026-11-30"),
    CacheMinimum("openai", "gpt-", 1024, _OPENAI, "2026-11-30"),
    CacheMinimum("openai", "o1", 1024, _OPENAI, "2026-11-30"),
    CacheMinimum("openai", "o3", 1024, _OPENAI, "2026-11-30"),
    CacheMinimum("openai", "o4", 1024, _OPENAI, "2026-11-30"),
    CacheMinimum("google", "gemini-3", 4096, _GOOGLE, "2026-12-01"),
    CacheMinimum(
        "google",
        "gemini-2-5-flash-lite",
        2048,
        "discuss.ai.google.dev t/178942: the API's own 400 names min_total_token_count=2048",
        "2026-12-01",
    ),
    CacheMinimum(
        "google",
        "gemini-2-5-flash",
        2048,
        _GOOGLE + "; the API was reported to accept 1024 (discuss.ai.google.dev t/178942)",
        "2026-12-01",
    ),
    CacheMinimum("google", "gemini-2-5-pro", 2048, _GOOGLE, "2026-12-01"),
)
"""Per-model minimum cacheable prefix; every row dated, first prefix match wins."""


def normalize_model(model: str) -> str:
    """``anthropic/claude-sonnet-4.5`` and ``claude-sonnet-4-5-20250929`` look the same."""
    name = model.strip().lower().rsplit("/", 1)[-1]
    return re.sub(r"[._]", "-", name)


def lookup(model: str) -> CacheMinimum | None:
    """The row for ``model``, or None when the table does not know it."""
    name = normalize_model(model)
    return next((row for row in MINIMUMS if name.startswith(row.prefix)), None)


def minimum_for(model: str) -> tuple[int, str] | None:
    """The minimum and its source (with the day it was read) for a model, or None."""
    row = lookup(model)
    return None if row is None else (row.tokens, f"{row.source}, {row.checked}")
