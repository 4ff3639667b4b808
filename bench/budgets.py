"""The budgets promptls is held to, judged on the medians of one run.

Issue 6's budgets, issue 16's first-open budgets and the analysis aim of issue 3: each a
verdict (met, not met, unknown when a side is missing) with the value, the limit and,
for a relative budget, the base it is relative to (the floor's or agnix's median), so
the table can print promptls against it. ``report.py`` renders them.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

from report import ANALYSIS_ROWS, _fmt, median_of, summary


def _budget(
    name: str,
    value: float | None,
    limit: float | None,
    unit: str,
    rule: str,
    base: tuple[str, float | None] | None = None,
) -> dict[str, Any]:
    """One budget verdict; unknown when either side is missing.

    ``base`` is what the budget is relative to (("floor", its median)): the table shows
    promptls against it as a ratio, so a verdict can be read without the limit's arithmetic.
    """
    met = None if value is None or limit is None else value <= limit
    out = {"budget": name, "rule": rule, "value": value, "limit": limit, "unit": unit, "met": met}
    if base is not None:
        out["base_name"], out["base"] = base
    return out


def budgets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Every budget of issue 6 (and the issue 3 aims), judged on medians."""

    def m(server: str, key: str) -> float | None:
        return median_of(results, server, key)

    def plus(a: float | None, b: float) -> float | None:
        return None if a is None else a + b

    def times(a: float | None, b: float) -> float | None:
        return None if a is None else a * b

    debounce = results["meta"].get("promptls_debounce_s")
    out = [
        _budget(
            "start → initialize",
            m("promptls", "start"),
            times(m("floor", "start"), 1.1),
            "ms",
            "≤ 1.1 × floor",
            ("floor", m("floor", "start")),
        ),
        _budget(
            "start → initialize, CPU time",
            m("promptls", "start_cpu"),
            times(m("floor", "start_cpu"), 1.1),
            "ms",
            "≤ 1.1 × floor",
            ("floor", m("floor", "start_cpu")),
        ),
        _budget(
            "didOpen 3 KB",
            m("promptls", "open_3kb"),
            plus(m("floor", "open_3kb"), 0.005),
            "ms",
            "≤ floor + 5 ms",
            ("floor", m("floor", "open_3kb")),
        ),
        _budget(
            "didOpen 1 MB vs floor",
            m("promptls", "open_1mb"),
            plus(m("floor", "open_1mb"), 0.030),
            "ms",
            "≤ floor + 30 ms",
            ("floor", m("floor", "open_1mb")),
        ),
        _budget(
            "didOpen 1 MB vs rumdl",
            m("promptls", "open_1mb"),
            times(m("rumdl", "open_1mb"), 0.3),
            "ms",
            "≤ 0.3 × rumdl",
            ("rumdl", m("rumdl", "open_1mb")),
        ),
        _budget(
            "didOpen 10 MB",
            m("promptls", "open_10mb"),
            plus(m("floor", "open_10mb"), 0.300),
            "ms",
            "≤ floor + 300 ms",
            ("floor", m("floor", "open_10mb")),
        ),
        _budget(
            "didOpen 1 MB vs floor, CPU time",
            m("promptls", "open_1mb_cpu"),
            plus(m("floor", "open_1mb_cpu"), 0.030),
            "ms",
            "≤ floor + 30 ms",
        ),
        _budget(
            "didOpen 1 MB vs rumdl, CPU time",
            m("promptls", "open_1mb_cpu"),
            times(m("rumdl", "open_1mb_cpu"), 0.3),
            "ms",
            "≤ 0.3 × rumdl",
        ),
        _budget(
            "didOpen 10 MB, CPU time",
            m("promptls", "open_10mb_cpu"),
            plus(m("floor", "open_10mb_cpu"), 0.300),
            "ms",
            "≤ floor + 300 ms",
        ),
        *_new_user_budgets(m),
        _budget("hover p99 on 1 MB", m("promptls", "hover_p99"), 0.020, "ms", "≤ 20 ms"),
        _budget(
            "hover right after didOpen 1 MB",
            m("promptls", "hover_first"),
            0.020,
            "ms",
            "≤ 20 ms (same budget, first hover)",
        ),
        _budget(
            "edit burst: final diagnostics",
            m("promptls", "burst_final"),
            None if debounce is None else debounce + 0.050,
            "ms",
            f"≤ debounce ({_fmt((debounce or 0) * 1000, 'ms')} ms) + 50 ms",
        ),
    ]
    if "promptls-pull" in results["servers"]:
        out.append(
            _budget(
                "edit burst, pull client: final diagnostics",
                m("promptls-pull", "burst_final"),
                None if debounce is None else debounce + 0.050,
                "ms",
                "≤ debounce + 50 ms",
            )
        )
    stale = results["servers"].get("promptls", {}).get("samples", {}).get("burst_stale", [])
    out.append(
        _budget(
            "edit burst: stale publishes", max(stale) if stale else None, 0, "n", "0 (worst run)"
        )
    )
    out += [
        _budget(
            "peak RSS, 200 × 100 KB",
            m("promptls", "rss_kb"),
            times(m("floor", "rss_kb"), 1.5),
            "MiB",
            "≤ 1.5 × floor",
        ),
    ]
    for what, mine, theirs in (
        ("on the corpus, CPU time", "promptls_check_cpu", "agnix_cpu"),
        ("on the corpus", "promptls_check", "agnix"),
        ("on the replicated corpus", "promptls_check_many", "agnix_many"),
    ):
        agnix = _cli_median(results, theirs)
        out.append(
            _budget(
                f"`promptls check` {what}",
                _cli_median(results, mine),
                times(agnix, 0.5),
                "ms",
                "≤ 0.5 × agnix",
                ("agnix", agnix),
            )
        )
    for size, label in ANALYSIS_ROWS:
        samples = results.get("analysis", {}).get(size, {}).get("cpu_ms_per_mb", [])
        value = statistics.median(samples) / 1000 if samples else None
        out.append(_budget(f"analysis {label}, CPU", value, 0.005, "ms/MB", "≤ 5 ms/MB"))
    out += _keystroke_budgets(results)
    return out


def _keystroke_budgets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """A keystroke costs the edit, not the document: in a 1 MB document at most 1.5 × what
    it costs in 100 KB (ten times less text, chunks of the same size: a cost that grew with
    the text would be ~10×), and never over a millisecond."""
    rows = results.get("keystroke") or {}
    out = []
    for script in dict.fromkeys(k.split("/")[0] for k in rows):
        small, big = rows.get(f"{script}/100000"), rows.get(f"{script}/1000000")
        if not small or not big:
            continue
        base = statistics.median(small) / 1e6
        out.append(
            _budget(
                f"keystroke in a 1 MB document, {script}",
                statistics.median(big) / 1e6,
                min(1.5 * base, 0.001),
                "ms",
                "≤ 1.5 × 100 KB's, ≤ 1 ms",
                ("100 KB", base),
            )
        )
    return out


def _new_user_budgets(m: Callable[[str, str], float | None]) -> list[dict[str, Any]]:
    """Issue 16's budgets: a fresh process's first open, against the floor's."""
    out = []
    for label, key, factor, extra, rule in (
        ("spawn → first diagnostics, 5 KB", "first_small_spawn", 1.05, 0.0, "≤ 1.05 × floor"),
        (
            "spawn → first diagnostics, 5 KB, CPU time",
            "first_small_spawn_cpu",
            1.05,
            0.0,
            "≤ 1.05 × floor",
        ),
        (
            "spawn → first diagnostics, 5 KB, empty code cache",
            "first_small_spawn_cold",
            1.05,
            0.0,
            "≤ 1.05 × floor",
        ),
        ("first didOpen 1 MB", "first_1mb_open", 1.0, 0.030, "≤ floor + 30 ms"),
        ("first didOpen 10 MB", "first_10mb_open", 1.0, 0.300, "≤ floor + 300 ms"),
        ("first didOpen 1 MB ASCII", "first_1mb_ascii_open", 1.0, 0.030, "≤ floor + 30 ms"),
        ("first didOpen 1 MB CJK", "first_1mb_cjk_open", 1.0, 0.030, "≤ floor + 30 ms"),
        ("first didOpen 1 MB emoji", "first_1mb_emoji_open", 1.0, 0.030, "≤ floor + 30 ms"),
    ):
        floor = m("floor", key.removesuffix("_cold"))  # the floor has no code cache
        limit = None if floor is None else floor * factor + extra
        out.append(
            _budget(f"new user: {label}", m("promptls", key), limit, "ms", rule, ("floor", floor))
        )
    return out


def _cli_median(results: dict[str, Any], key: str) -> float | None:
    """Median wall time of one CLI row."""
    stats = summary(results.get("cli", {}).get(key, []))
    return None if stats is None else stats["median"]
