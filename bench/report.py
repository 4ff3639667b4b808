"""Summaries, budget verdicts and the Markdown table, from the raw samples.

The JSON keeps every sample; the table shows median and min–max per cell, and each
budget (judged in ``budgets.py``) beside the measured promptls median with "met" or
"NOT met" and, for a relative budget, promptls against its base. A missing number is
never guessed: the cell says why it is missing.
"""

from __future__ import annotations

import statistics
from typing import Any

RESULTS_DOC = "docs/performance.md"
"""The page (relative to the project root) whose "Latest results" a full run rewrites."""
TABLE_START = "<!-- bench:table:start -->"
TABLE_END = "<!-- bench:table:end -->"

SERVER_ORDER = ("promptls", "promptls-pull", "promptls-plain", "floor", "rumdl", "vscode-md")

# (key in samples, row label, unit) for the LSP table.
LSP_ROWS = (
    ("start", "start → initialize result", "ms"),
    ("start_cpu", "start → initialize, server CPU time (10 ms ticks)", "ms"),
    ("first_small_spawn", "new user: spawn → first diagnostics, 5 KB AGENTS.md (emoji)", "ms"),
    (
        "first_small_spawn_cpu",
        "new user: spawn → first diagnostics, 5 KB, server CPU time (ns clock)",
        "ms",
    ),
    (
        "first_small_spawn_cold",
        "new user, empty code cache (first start on the machine): spawn → first diagnostics, 5 KB",
        "ms",
    ),
    (
        "first_small_spawn_cold_cpu",
        "new user, empty code cache: spawn → first diagnostics, 5 KB, server CPU time",
        "ms",
    ),
    ("first_small_open", "new user: first didOpen 5 KB right after initialize → diagnostics", "ms"),
    ("first_1mb_open", "new user: first didOpen 1 MB right after initialize → diagnostics", "ms"),
    ("first_10mb_open", "new user: first didOpen 10 MB right after initialize → diagnostics", "ms"),
    ("first_1mb_ascii_open", "new user: first didOpen 1 MB, ASCII text", "ms"),
    ("first_1mb_cjk_open", "new user: first didOpen 1 MB, CJK-heavy text", "ms"),
    ("first_1mb_emoji_open", "new user: first didOpen 1 MB, emoji-heavy text", "ms"),
    ("open_cold_3kb", "first didOpen after start (3 KB, cold) → diagnostics", "ms"),
    ("open_3kb", "didOpen 3 KB instruction file → diagnostics", "ms"),
    ("open_1mb", "didOpen 1 MB prompt file → diagnostics", "ms"),
    ("open_1mb_cpu", "didOpen 1 MB, server CPU time (10 ms ticks)", "ms"),
    ("open_10mb", "didOpen 10 MB prompt file → diagnostics", "ms"),
    ("open_10mb_cpu", "didOpen 10 MB, server CPU time (10 ms ticks)", "ms"),
    ("hover_first", "hover on the marker right after didOpen 1 MB's diagnostics", "ms"),
    ("idle_wait", "server busy after the 10 MB diagnostics (waited before hovers)", "ms"),
    ("hover_p50", "hover p50 (200 over 1 MB)", "ms"),
    ("hover_p99", "hover p99 (200 over 1 MB)", "ms"),
    ("burst_final", "burst: last edit → final diagnostics", "ms"),
    ("burst_cpu_per_edit", "burst: server CPU per edit (typing + final analysis)", "ms"),
    ("burst_publishes", "burst: intermediate publishes", "n"),
    ("burst_stale", "burst: stale publishes after newer", "n"),
    ("rss_kb", "peak RSS, 200 × 100 KB open", "MiB"),
)


def summary(samples: list[float]) -> dict[str, float] | None:
    """Median and range of a sample list (None when there are no samples)."""
    if not samples:
        return None
    return {
        "median": statistics.median(samples),
        "min": min(samples),
        "max": max(samples),
        "n": len(samples),
    }


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (p99 of 200 is the 198th smallest value)."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def _scale(unit: str) -> float:
    """Factor from the stored unit (seconds, KiB, count) to the displayed one."""
    return {"ms": 1000.0, "MiB": 1 / 1024, "n": 1.0}[unit]


def _fmt(value: float, unit: str) -> str:
    """A number with sensible precision for its size."""
    if unit == "n":
        return f"{value:.0f}"
    if value >= 100:
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def cell(stats: dict[str, float] | None, unit: str, why: str | None = None) -> str:
    """ "median (min–max) unit", or "n/a (why)"."""
    if stats is None:
        reason = " ".join((why or "not measured").split()).replace("|", "/")
        return f"n/a ({reason[:90]})"
    k = _scale(unit)
    med = _fmt(stats["median"] * k, unit)
    suffix = "" if unit == "n" else f" {unit}"
    if stats["n"] > 1 and stats["min"] != stats["max"]:
        return f"{med} ({_fmt(stats['min'] * k, unit)}–{_fmt(stats['max'] * k, unit)}){suffix}"
    return f"{med}{suffix}"


def median_of(results: dict[str, Any], server: str, key: str) -> float | None:
    """The median of one server's samples for one key, or None."""
    stats = summary(results["servers"].get(server, {}).get("samples", {}).get(key, []))
    return None if stats is None else stats["median"]


def against(b: dict[str, Any]) -> str:
    """promptls against the budget's base: "1.03× floor (+7.0 ms)", or "" when there is none."""
    base, value = b.get("base"), b["value"]
    if base is None or value is None or base <= 0:
        return ""
    k = 1000.0 if b["unit"] in ("ms", "ms/MB") else _scale(b["unit"])
    diff = (value - base) * k
    sign = "+" if diff >= 0 else "−"
    return f"{value / base:.2f}× {b['base_name']} ({sign}{_fmt(abs(diff), b['unit'])} {b['unit']})"


def _budget_line(b: dict[str, Any]) -> str:
    """One row of the budget table."""
    unit = b["unit"]
    k = 1000.0 if unit in ("ms", "ms/MB") else _scale(unit)
    value = "n/a" if b["value"] is None else f"{_fmt(b['value'] * k, unit)} {unit}"
    limit = "n/a" if b["limit"] is None else f"{_fmt(b['limit'] * k, unit)} {unit}"
    verdict = {True: "met", False: "**NOT met**", None: "unknown"}[b["met"]]
    return f"| {b['budget']} | {b['rule']} | {limit} | {value} | {against(b)} | {verdict} |"


def speed_line(meta: dict[str, Any]) -> str:
    """How fast the machine ran, before and after (``run.reference_loop``): absolute rows
    of two runs compare only when these do."""
    before, after = meta.get("loop_ms_before"), meta.get("loop_ms_after")
    if before is None or after is None:
        return "Machine speed: not recorded."
    return (
        f"Machine speed: a loop of 10⁶ Python additions took {before} ms before the run and"
        f" {after} ms after (best of three)."
    )


def markdown(results: dict[str, Any]) -> str:
    """The full Markdown report: machine, LSP table, CLI table, budgets."""
    meta = results["meta"]
    servers = [s for s in SERVER_ORDER if s in results["servers"]]
    lines = [
        f"Run {meta['date']} · `{meta['command']}` · {meta['reps']} repetitions per "
        "measurement · cells are median (min–max)",
        "",
        f"Machine: {meta['machine']['cpu']}, {meta['machine']['cores']} cores, "
        f"{meta['machine']['ram_gib']} GiB RAM, {meta['machine']['os']}, "
        f"Python {meta['machine']['python']}.",
        f"Load average (1 min) before/after the run: {meta.get('load_before', '?')}"
        f" / {meta.get('load_after', '?')} on {meta['machine']['cores']} cores"
        + (
            " — the machine was busy with other work: absolute numbers are inflated,"
            " compare columns within the run."
            if max(meta.get("load_before", 0), meta.get("load_after", 0)) > 1.5
            else "."
        ),
        speed_line(meta),
        "Versions: " + ", ".join(f"{k} {v}" for k, v in meta["machine"]["versions"].items()) + ".",
        "",
        "#### Language servers",
        "",
        "| measurement | " + " | ".join(results["servers"][s]["label"] for s in servers) + " |",
        "|---|" + "---|" * len(servers),
    ]
    for key, label, unit in LSP_ROWS:
        row = [label]
        for s in servers:
            data = results["servers"][s]
            why = data.get("why", {}).get(key) or data.get("error")
            stats = summary(data["samples"].get(key, []))
            if key.endswith("_cpu") and stats is not None and stats["max"] == 0:
                row.append("< 10 ms (below one clock tick)")
                continue
            row.append(cell(stats, unit, why))
        lines.append("| " + " | ".join(row) + " |")
    lines += [
        "",
        "Diagnostics mode: "
        + ", ".join(
            f"{results['servers'][s]['label']} {results['servers'][s].get('mode', '?')}"
            for s in servers
        )
        + ".",
    ]
    notes = [
        f"{results['servers'][s]['label']}: {results['servers'][s]['note']}"
        for s in servers
        if results["servers"][s].get("note")
    ]
    if notes:
        lines.append("Notes: " + "; ".join(notes) + ".")
    lines += _cli_section(results)
    lines += keystroke_section(results)
    lines += [
        "",
        "#### Budgets (promptls medians)",
        "",
        "| budget | rule | limit | promptls | promptls against | verdict |",
        "|---|---|---|---|---|---|",
    ]
    lines += [_budget_line(b) for b in results["budgets"]]
    return "\n".join(lines) + "\n"


ANALYSIS_ROWS = (
    ("1000000", "1 MB"),
    ("10000000", "10 MB"),
    ("1000000/ascii", "1 MB ASCII"),
    ("1000000/cjk", "1 MB CJK-heavy"),
    ("1000000/emoji", "1 MB emoji-heavy"),
)
"""(key in the analysis results, label): the mixed text's sizes, then each text kind."""


def keystroke_section(results: dict[str, Any]) -> list[str]:
    """Median microseconds the document store spends on one keystroke, by kind and size."""
    rows = results.get("keystroke") or {}
    if not rows:
        return []
    sizes = sorted({int(k.split("/")[1]) for k in rows})
    head = " | ".join(f"{s // 1000:,} KB" for s in sizes)
    lines = [
        "",
        "#### A keystroke in the document store (in-process, median µs per keystroke)",
        "",
        f"| text | {head} |",
        "|---" * (len(sizes) + 1) + "|",
    ]
    for script in dict.fromkeys(k.split("/")[0] for k in rows):
        cells = []
        for size in sizes:
            samples = rows.get(f"{script}/{size}", [])
            cells.append(f"{statistics.median(samples):.1f}" if samples else "n/a")
        lines.append(f"| {script} | {' | '.join(cells)} |")
    return lines


def _cli_section(results: dict[str, Any]) -> list[str]:
    """The CLI and library rows."""
    cli = results.get("cli", {})
    lines = ["", "#### CLI and library", "", "| measurement | promptls | agnix |", "|---|---|---|"]
    why = cli.get("error")
    files = cli.get("corpus_files")
    tree = f"corpus ({files} files)" if files else "corpus"

    def c(key: str) -> str:
        return cell(summary(cli.get(key, [])), "ms", why or cli.get("why", {}).get(key))

    lines.append(f"| check over the {tree}, wall time | {c('promptls_check')} | {c('agnix')} |")
    lines.append(
        f"| check over the {tree}, CPU time | {c('promptls_check_cpu')} | {c('agnix_cpu')} |"
    )
    many = cli.get("many_files")
    big = f"replicated corpus ({many} files)" if many else "replicated corpus"
    lines.append(
        f"| check over the {big}, wall time | {c('promptls_check_many')} | {c('agnix_many')} |"
    )
    lines.append(
        f"| check over the {big}, CPU time "
        f"| {c('promptls_check_many_cpu')} | {c('agnix_many_cpu')} |"
    )
    lines.append(f"| `--version` start-up, wall | {c('promptls_version')} | {c('agnix_version')} |")
    lines.append(
        f"| `--version` start-up, CPU | {c('promptls_version_cpu')} | {c('agnix_version_cpu')} |"
    )
    analysis = results.get("analysis", {})

    def fn(size: str, key: str) -> str:
        samples = [v / 1000 for v in analysis.get(size, {}).get(key, [])]
        return cell(summary(samples), "ms", analysis.get("error")).replace(" ms", " ms/MB")

    def quiet(size: str) -> str:
        """How many samples were taken, and how many of them on a quiet machine."""
        row = analysis.get(size, {})
        taken, calm = row.get("taken"), row.get("quiet")
        if not taken:
            return ""
        if calm is None:
            return f"; {taken} samples taken"
        return f"; {calm} of {taken} samples quiet"

    for size, label in ANALYSIS_ROWS:
        if size in analysis or (size == "1000000" and analysis.get("error")):
            lines.append(
                f"| analysis, {label} prompt file, in-process wall (CPU) | "
                f"{fn(size, 'ms_per_mb')} ({fn(size, 'cpu_ms_per_mb')}{quiet(size)}) "
                "| n/a (no library) |"
            )
    if cli.get("check_imports"):
        lines.append(f"\n`promptls check` imports from pygls/lsprotocol: {cli['check_imports']}.")
    return lines


def splice_table(page: str, table: str) -> str | None:
    """``page`` with the text between the table markers replaced by ``table``.

    The prose around the markers is written by hand and left alone. ``None`` when the
    page has no well-formed marker pair, so a caller never writes a page it cannot place
    the table in.
    """
    start, end = page.find(TABLE_START), page.find(TABLE_END)
    if start < 0 or end < start or page.count(TABLE_START) != 1 or page.count(TABLE_END) != 1:
        return None
    return page[: start + len(TABLE_START)] + "\n" + table + page[end:]
