"""Token counts for sizes shown to users and for cache-minimum checks.

Each model family tokenizes differently and only OpenAI publishes its vocabulary, so
there are two kinds of number here, and every caller shows which one it has:

* **exact** (``count_tokens(text, "o200k_base")``): OpenAI's o200k_base encoding (GPT-4o,
  GPT-4.1, o-series, GPT-5, the Codex models), counted by the optional ``toktok-rs``
  package (``pip install promptls[tokens]``). It compiles the vocabulary into its
  extension module, so counting never downloads anything (tiktoken fetches its files
  on first use, which fails offline). Its counts were checked equal to tiktoken's,
  loaded with the o200k_base file whose SHA-256 tiktoken pins, on every corpus file.
* **estimate** (``estimate_tokens``; ``count_tokens`` without an exact tokenizer): for
  Claude and Gemini, whose tokenizers are not public, and whenever toktok-rs is not
  installed. The heuristic is a little better than "characters / 4" for non-English text:

* ASCII: about 4 characters per token (English prose and code);
* other characters below U+2E80 (accented Latin, Greek, Cyrillic, Hebrew, Arabic, …):
  about 2 characters per token;
* U+2E80 and above (CJK, kana, hangul, emoji, symbols): about 1 token per character.

It runs in C-speed regex passes, so it costs milliseconds on a 10 MB prompt.
"""

from __future__ import annotations

import importlib
import math
import re
from functools import cache
from typing import Any

from promptls.record import Record


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    r"""ASCII runs, runs below U+2E80 and lone surrogates, compiled on first use (~1 ms:
    the language server imports this module before its first diagnostics, which count
    no tokens). Below U+2E80 is written as a range: the negated class
    ``[^\u2e80-\U0010ffff]`` matches the same characters but costs ~1.3 ms more to
    compile (a charset over all of Unicode)."""
    return (
        re.compile(r"[\x00-\x7f]+"),
        re.compile(r"[\x00-\u2e7f]+"),
        re.compile(r"[\ud800-\udfff]"),
    )


ASCII_CHARS_PER_TOKEN = 4.0
OTHER_CHARS_PER_TOKEN = 2.0
WIDE_CHARS_PER_TOKEN = 1.0


def estimate_tokens(text: str) -> int:
    """Estimate how many tokens a model would count for ``text`` (0 only for "")."""
    if not text:
        return 0
    total = len(text)
    if text.isascii():
        return max(1, math.ceil(total / ASCII_CHARS_PER_TOKEN))
    ascii_runs, not_wide_runs, _ = _patterns()
    non_ascii = len(ascii_runs.sub("", text))
    wide = len(not_wide_runs.sub("", text))
    return estimate_from_counts(total - non_ascii, non_ascii - wide, wide)


def estimate_from_counts(ascii_count: int, other: int, wide: int) -> int:
    """The same estimate from character counts per class, which add up over pieces: a
    caller that measures parts of a large text need not build or rescan the whole."""
    if not (ascii_count or other or wide):
        return 0
    estimate = (
        ascii_count / ASCII_CHARS_PER_TOKEN
        + other / OTHER_CHARS_PER_TOKEN
        + wide / WIDE_CHARS_PER_TOKEN
    )
    return max(1, math.ceil(estimate))


O200K = "o200k_base"
"""The one exact encoding promptls knows: OpenAI's, for GPT-4o and later."""

ESTIMATE = "estimate"
"""``TokenCount.method`` of a heuristic count."""

_MISSING: Any = object()
_counter: Any = None


class TokenCount(Record):
    """A token count and how it was made: ``exact`` only from the named tokenizer."""

    count: int
    exact: bool
    method: str


def exact_tokenizer_available() -> bool:
    """Whether exact o200k_base counts can be made here (``promptls[tokens]``)."""
    return _load_counter() is not None


def count_tokens(text: str, encoding: str | None = None) -> TokenCount:
    """Tokens in ``text``: exact for ``encoding="o200k_base"`` when the tokenizer is
    installed, else the estimate. Never raises for any ``str`` (lone surrogates from
    lenient decoding are counted as the replacement character a provider would get)."""
    if encoding == O200K and text:
        counter = _load_counter()
        if counter is not None:
            safe = _patterns()[2].sub("\ufffd", text)
            counts = counter.batch_count([safe], O200K, threads=1)
            return TokenCount(int(counts[0]), exact=True, method=O200K)
    if encoding == O200K and not text:
        return TokenCount(0, exact=exact_tokenizer_available(), method=_method(encoding))
    return TokenCount(estimate_tokens(text), exact=False, method=ESTIMATE)


def _method(encoding: str | None) -> str:
    """The method a count for ``encoding`` uses on this machine."""
    return O200K if encoding == O200K and exact_tokenizer_available() else ESTIMATE


def _load_counter() -> Any:
    """toktok, imported on first use (it maps an 8 MB vocabulary), or None."""
    global _counter
    if _counter is None:
        try:
            _counter = importlib.import_module("toktok")
        except ImportError:
            _counter = _MISSING
    return None if _counter is _MISSING else _counter
