"""Run the side-by-side benchmark and write bench/results/latest.{json,md}.

    scripts/bench                  full run (7 repetitions; ~6 minutes on 2 cores + the monorepo)
    scripts/bench --quick          1-minute smoke run (1 repetition, no 10 MB, fewer docs)
    scripts/bench --servers promptls,floor --only lsp

Repetitions go round-robin over the servers (rep 1 of each, then rep 2 …) so a slow
minute on the machine does not land on one server only. A server that fails is reported
with the reason in every cell it could not fill; the run goes on with the others.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import budgets
import cli_bench
import keystroke
import measure
import monorepo
import peers
import report
import workloads
import workspace_scan

RESULTS = peers.BENCH_DIR / "results"
SCRIPT_SERVERS = ("promptls", "floor")
"""The servers the first open of each text kind is measured for (its budget is against
the floor; the other servers would add minutes for a row no budget reads)."""


def say(text: str) -> None:
    """Progress on stderr, stamped, so a long run shows where it is."""
    sys.stderr.write(f"[{time.strftime('%H:%M:%S')}] {text}\n")
    sys.stderr.flush()


def load_average() -> float:
    """The 1-minute load average: other work on the machine shows up in every number."""
    try:
        return float(Path("/proc/loadavg").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return -1.0


def reference_loop() -> float:
    """Milliseconds for a fixed loop of 10⁶ Python additions, best of three: how fast the
    machine ran at that moment. A VM's speed can change by half within minutes, which
    moves every absolute row; the rows against a base measured alongside do not move."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        total = 0
        for i in range(1_000_000):
            total += i
        best = min(best, time.perf_counter() - start)
    return round(best * 1000, 1)


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(prog="scripts/bench", description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="1-minute smoke run")
    p.add_argument("--reps", type=int, help="repetitions per measurement (default 7, quick 1)")
    p.add_argument("--servers", default=",".join(report.SERVER_ORDER), help="comma list")
    p.add_argument(
        "--only",
        default="lsp,cli,analysis,keystroke,workspace,monorepo",
        help="parts to run: lsp,cli,analysis,keystroke,workspace,monorepo",
    )
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per wait")
    p.add_argument("--debounce-ms", type=float, help="promptls change debounce (default: read)")
    p.add_argument("--out", type=Path, help="output folder (default bench/results)")
    return p.parse_args(argv)


def promptls_debounce(override_ms: float | None) -> float | None:
    """The server's change debounce in seconds, read from the code it documents it in."""
    if override_ms is not None:
        return override_ms / 1000
    try:
        from promptls.lsp.documents import CHANGE_DELAY  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    return float(CHANGE_DELAY)


def available(spec: Any) -> str | None:
    """Why a server cannot run here (missing executable), or None."""
    exe = spec.command[0]
    if shutil.which(exe) is None and not Path(exe).exists():
        return f"{Path(exe).name} not installed"
    script = next((c for c in spec.command[1:] if c.endswith((".py", "server"))), None)
    if script and "/" in script and not Path(script).exists():
        return f"{Path(script).name} not installed (see scripts/bench)"
    return None


def _record(slot: dict[str, Any], rep: dict[str, Any], mode: str) -> None:
    """Move one editor-session repetition into the server's sample lists."""
    samples = slot["samples"]
    why = slot["why"]
    for key in (
        "start",
        "start_cpu",
        "open_cold_3kb",
        "open_3kb",
        "open_1mb",
        "open_1mb_cpu",
        "open_10mb",
        "open_10mb_cpu",
    ):
        if key in rep:
            samples.setdefault(key, []).append(rep[key])
    for key in ("hover_first", "idle_wait"):
        if key in rep:
            samples.setdefault(key, []).append(rep[key])
    if "hover" in rep:
        samples.setdefault("hover_p50", []).append(report.percentile(rep["hover"], 50))
        samples.setdefault("hover_p99", []).append(report.percentile(rep["hover"], 99))
    else:
        why["hover_p50"] = why["hover_p99"] = why["hover_first"] = "no hover provider"
    burst = rep["burst"]
    samples.setdefault("burst_final", []).append(burst["final"])
    samples.setdefault("burst_cpu_per_edit", []).append(burst["cpu_per_edit"])
    if burst.get("publishes") is None:
        why["burst_publishes"] = why["burst_stale"] = "pull diagnostics: nothing is published"
    else:
        samples.setdefault("burst_publishes", []).append(burst["publishes"])
    if burst.get("stale") is not None:
        samples.setdefault("burst_stale", []).append(burst["stale"])
    elif mode == "push":
        why["burst_stale"] = "publishes carry no version"
        extra = "unversioned publishes: burst time is to the last publish before 1 s of quiet"
        if extra not in (slot.get("note") or ""):
            slot["note"] = "; ".join(filter(None, [slot.get("note"), extra]))
    for key, value in rep.get("diags", {}).items():
        slot.setdefault("diagnostic_counts", {})[key] = value


def _first_opens(
    samples: dict[str, list[float]], spec: Any, work: measure.Workload, timeout: float
) -> None:
    """The first file a new user opens: a fresh process for each size, timed from spawn."""
    cases = [("small", "AGENTS.md", work.first), ("1mb", "prompts/big.prompt.md", work.mb1)]
    if work.mb10 is not None:
        cases.append(("10mb", "prompts/huge.prompt.md", work.mb10))
    if spec.name in SCRIPT_SERVERS:
        cases += [(f"1mb_{k}", f"prompts/{k}.prompt.md", t) for k, t in work.scripts.items()]
    for tag, name, text in cases:
        got = measure.first_open(spec, name, text, timeout)
        samples.setdefault(f"first_{tag}_spawn", []).append(got["spawn"])
        samples.setdefault(f"first_{tag}_open", []).append(got["open"])
        samples.setdefault(f"first_{tag}_spawn_cpu", []).append(got["spawn_cpu"])
    if (spec.env or {}).get(measure.CODE_CACHE):
        cold = measure.first_open_cold(spec, "AGENTS.md", work.first, timeout)
        samples.setdefault("first_small_spawn_cold", []).append(cold["spawn"])
        samples.setdefault("first_small_spawn_cold_cpu", []).append(cold["spawn_cpu"])


def run_lsp(args: argparse.Namespace, work: measure.Workload, reps: int) -> dict[str, Any]:
    """Every LSP measurement for every requested server, round-robin over repetitions."""
    specs = peers.server_specs()
    names = [n for n in args.servers.split(",") if n]
    out: dict[str, Any] = {}
    for name in names:
        spec = specs[name]
        out[name] = {"label": spec.label, "note": spec.note, "samples": {}, "why": {}}
        if (missing := available(spec)) is not None:
            out[name]["error"] = missing
        if work.mb10 is None:
            out[name]["why"]["open_10mb"] = "skipped by --quick"
            out[name]["why"]["first_10mb_open"] = "skipped by --quick"
    for name in names:
        if not out[name].get("error") and measure.prime_code_cache(
            specs[name], work.first, args.timeout
        ):
            say(f"lsp: {name}'s code cache filled (untimed)")
    for rep in range(reps):
        for name in names:
            slot = out[name]
            if slot.get("error"):
                continue
            say(f"lsp rep {rep + 1}/{reps}: {name}")
            try:
                _first_opens(slot["samples"], specs[name], work, args.timeout)
                result = measure.editor_session(specs[name], work, args.timeout)
                slot["mode"] = result.pop("mode", slot.get("mode"))
                _record(slot, result, slot.get("mode", "push"))
                if not specs[name].memory:
                    slot["why"]["rss_kb"] = "same server as the push column"
                    continue
                rss = measure.memory_session(specs[name], work, args.timeout)
                slot["samples"].setdefault("rss_kb", []).append(rss["rss_kb"])
                slot["samples"].setdefault("rss_idle_kb", []).append(rss["rss_idle_kb"])
            except Exception as exc:  # one broken server must not stop the comparison
                say(f"  {name} failed: {exc}")
                slot["error"] = f"failed: {str(exc)[:160]}"
    return out


def run_cli(reps: int) -> dict[str, Any]:
    """CLI rows over the laid-out corpus, plus start-up; one untimed warm-up each.

    Each promptls row and agnix's row of the same work run in turn, sample by sample
    (promptls, agnix, promptls, …): a machine that speeds up or slows down during the
    run moves both alike, so their ratio, which the budgets read, stays fair.
    """
    out: dict[str, Any] = {"why": {}}
    with tempfile.TemporaryDirectory(prefix="promptls-bench-corpus-") as tmp:
        tree, many = Path(tmp) / "corpus", Path(tmp) / "replicated"
        try:
            out["corpus_files"] = cli_bench.lay_out_corpus(tree)
        except FileNotFoundError as exc:
            say(f"cli: skipped, {exc}")
            out["why"]["promptls_check"] = out["why"]["agnix"] = "corpus absent"
        pairs: list[dict[str, Callable[[], dict[str, Any]]]] = [
            {
                "promptls_version": cli_bench.promptls_version,
                "agnix_version": cli_bench.agnix_version,
            }
        ]
        if out.get("corpus_files"):
            pairs.append(
                {
                    "promptls_check": lambda: cli_bench.promptls_check(tree),
                    "agnix": lambda: cli_bench.agnix_check(tree),
                }
            )
            say("cli: replicating the corpus")
            out["many_files"] = cli_bench.lay_out_replicated(many)
            pairs.append(
                {
                    "promptls_check_many": lambda: cli_bench.promptls_check(many),
                    "agnix_many": lambda: cli_bench.agnix_check(many),
                }
            )
        else:
            out["why"]["promptls_check_many"] = out["why"]["agnix_many"] = "corpus absent"
        for pair in pairs:
            say(f"cli: {' and '.join(pair)}, in turn")
            _run_in_turn(pair, reps, out)
        if "promptls_check" in out:
            out["check_imports"] = cli_bench.check_imports(tree)
    return out


def _run_in_turn(
    runners: dict[str, Callable[[], dict[str, Any]]], reps: int, out: dict[str, Any]
) -> None:
    """A warm-up of each runner, then ``reps`` rounds of one sample each, in turn."""
    live: dict[str, Callable[[], dict[str, Any]]] = {}
    for key, runner in runners.items():
        try:
            first = runner()
        except (OSError, ValueError) as exc:
            out["why"][key] = str(exc)[:120]
            continue
        if not first["ok"]:
            out["why"][key] = f"exit {first['exit']}: {first['stderr'].strip()[:120]}"
            continue
        live[key] = runner
        out[key], out[key + "_cpu"] = [], []
    for _ in range(reps):
        for key, runner in list(live.items()):
            try:
                run = runner()
            except (OSError, ValueError) as exc:
                out["why"][key] = str(exc)[:120]
                del live[key], out[key], out[key + "_cpu"]
                continue
            out[key].append(run["seconds"])
            out[key + "_cpu"].append(run["cpu"])


RESULTS_PAGE = peers.ROOT / report.RESULTS_DOC


def update_results_page(table: str) -> None:
    """Put the new table between the markers of docs/performance.md's "Latest results".

    Only full runs written to bench/results do this, so the page always shows the
    committed results.
    """
    try:
        text = RESULTS_PAGE.read_text(encoding="utf-8")
    except OSError:
        return
    new = report.splice_table(text, table)
    if new is None:
        say(f"no bench:table markers in {report.RESULTS_DOC}; left it alone")
        return
    RESULTS_PAGE.write_text(new, encoding="utf-8")
    say(f"updated the table in {report.RESULTS_DOC}")


def main(argv: list[str]) -> int:
    """Run the selected parts and write the JSON and Markdown results."""
    args = parse_args(argv)
    reps = args.reps or (1 if args.quick else 7)
    parts = set(args.only.split(","))
    began = time.perf_counter()
    say("generating workloads")
    work = measure.Workload(
        small=workloads.instruction_file(),
        first=workloads.first_instruction_file(),
        mb1=workloads.prompt_file(workloads.MB),
        mb10=None if args.quick else workloads.prompt_file(10 * workloads.MB, seed=2),
        many=workloads.many_docs(50 if args.quick else 200),
        hovers=50 if args.quick else 200,
        edits=100 if args.quick else 500,
        edit_interval=0.010,
        scripts={k: workloads.prompt_file(workloads.MB, script=k) for k in workloads.SCRIPTS},
    )
    command = "scripts/bench" + ("".join(f" {a}" for a in argv) if argv else "")
    results: dict[str, Any] = {
        "meta": {
            "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "command": command,
            "reps": reps,
            "quick": args.quick,
            "machine": peers.machine(),
            "load_before": load_average(),
            "loop_ms_before": reference_loop(),
            "promptls_debounce_s": promptls_debounce(args.debounce_ms),
            "workload": {
                "instruction_file_bytes": len(work.small.encode()),
                "first_file_bytes": len(work.first.encode()),
                "hovers": work.hovers,
                "edits": work.edits,
                "edit_interval_ms": work.edit_interval * 1000,
                "many_docs": len(work.many),
                "burst_document": "the 1 MB prompt file",
            },
        },
        "servers": run_lsp(args, work, reps) if "lsp" in parts else {},
        "cli": run_cli(reps) if "cli" in parts else {},
        "analysis": {},
    }
    if "analysis" in parts:
        say("analysis in-process")
        sizes = [workloads.MB] if args.quick else [workloads.MB, 10 * workloads.MB]
        results["analysis"] = cli_bench.analysis_ms_per_mb(
            sizes, max(reps, 5), results["meta"]["loop_ms_before"]
        )
    if "keystroke" in parts:
        say("keystrokes in the document store, in-process")
        results["keystroke"] = keystroke.run(max(reps, 5))
    if "workspace" in parts:
        say("workspace diagnostics (generated workspace)")
        results["workspace"] = workspace_scan.run(reps, args.quick)
    if "monorepo" in parts:
        say("generated monorepo: check, context, workspace diagnostics")
        results["monorepo"] = monorepo.run(reps, args.quick, _run_in_turn)
    results["meta"]["load_after"] = load_average()
    results["meta"]["loop_ms_after"] = reference_loop()
    results["budgets"] = budgets.budgets(results)
    results["meta"]["wall_seconds"] = round(time.perf_counter() - began, 1)
    out_dir = args.out or RESULTS
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = "quick" if args.quick and args.out is None else "latest"
    suffix = ".tmp" if stem == "quick" else ""
    json_path = out_dir / f"{stem}.json{suffix}"
    md_path = out_dir / f"{stem}.md{suffix}"
    json_path.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    page = report.markdown(results)
    if "workspace" in results:
        page += workspace_scan.markdown(results["workspace"])
    if "monorepo" in results:
        page += monorepo.markdown(results["monorepo"])
    md_path.write_text(page)
    if stem == "latest" and args.out is None:
        update_results_page(page)
    sys.stdout.write(page)
    say(f"wrote {json_path} and {md_path} in {results['meta']['wall_seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
