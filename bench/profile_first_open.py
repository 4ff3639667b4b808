"""Where a fresh server's first open goes: cProfile of every thread, plus what it imports.

    .venv/bin/python bench/profile_first_open.py            # 5 KB AGENTS.md with emoji
    .venv/bin/python bench/profile_first_open.py --size 1mb  # the 1 MB prompt file
    .venv/bin/python bench/profile_first_open.py --reps 5 --no-profile   # wall times only

The server runs as ``promptls serve`` would (``serve._build_server()``, then stdio) in
a fresh process; profiling starts once the server is built, so the table holds what
happens from ``initialize`` to the first diagnostics: the handshake, the background
warm-up (if any), the didOpen in pygls and the analysis in its worker thread. cProfile
is per thread, so every thread gets its own profiler (timed by the thread's CPU clock,
so waiting for a lock, the GIL or a busy machine's cores is not counted) and the stats
of ``--runs`` processes are merged and averaged. The imports after start-up are listed
from ``python -X importtime``; under cProfile every Python call costs more, so the
shares matter, not the absolute times: the wall times are measured in separate,
unprofiled runs.
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import sys
import tempfile
from pathlib import Path

import peers
import workloads
from session import ServerSpec, Session

_WRAPPER = r"""
import cProfile, os, sys, threading, time
from promptls.commands import serve
server = serve._build_server()
profiles = []
def _start(*_):
    prof = cProfile.Profile(time.thread_time)
    profiles.append(prof)
    prof.enable()
if os.environ.get("PROMPTLS_FIRST_OPEN_PROFILE"):
    threading.setprofile(_start)
    _start()
try:
    server.start_io()
finally:
    for prof in profiles:
        prof.disable()
    if profiles:
        import pstats
        stats = pstats.Stats(*profiles)
        stats.dump_stats(os.environ["PROMPTLS_FIRST_OPEN_PROFILE"])
"""

CATEGORIES = (
    ("imports (module bodies run on first need)", ("exec_module",)),
    ("regex compilation", ("re/_compiler.py:compile", "re/__init__.py:_compile")),
    ("dataclass creation", ("dataclasses.py:_process_class",)),
    ("discovery (walk, settings files)", ("promptls/discovery/api.py:discover",)),
    ("settings for the document", ("promptls/lsp/settings.py:for_path",)),
    ("analysis (rules over the text)", ("promptls/analysis/engine.py:analyze",)),
    ("pygls/lsprotocol: decode, structure, unstructure", ("cattrs", "pygls/protocol")),
    ("json", ("json/decoder.py", "json/encoder.py")),
)
"""Buckets for the summary: (label, substrings of ``file:function`` whose inclusive time counts)."""


def _spec(env: dict[str, str]) -> ServerSpec:
    """promptls, started by the wrapper above instead of the console script."""
    python = str(peers.PROJECT_VENV / "bin" / "python")
    return ServerSpec(
        name="promptls-profile",
        label="promptls",
        command=(python, "-c", _WRAPPER),
        client_pull=False,
        env=env,
    )


def _session(spec: ServerSpec, name: str, text: str) -> float:
    """One fresh process: initialize, open, diagnostics, clean shutdown; the open's seconds."""
    with (
        tempfile.TemporaryDirectory(prefix="promptls-first-") as tmp,
        Session(spec, Path(tmp), 120) as s,
    ):
        s.initialize()
        uri = s.write(name, text)
        seconds, _ = s.open_and_wait(uri, text)
        s.client.request("shutdown", None, timeout=60)
        s.client.notify("exit", None)
        s.client.close(timeout=30)
        return seconds


def _key(func: tuple[str, int, str]) -> str:
    """``path/file.py:function``, shortened to the package-relative path."""
    path, _, name = func
    parts = Path(path).parts
    for anchor in ("promptls", "site-packages", "python3.11"):
        if anchor in parts:
            path = "/".join(parts[parts.index(anchor) + 1 :])
            if anchor == "promptls":
                path = "promptls/" + path
            break
    return f"{path}:{name}"


WAITS = ("SimpleQueue' objects>", "lock' objects>", "select", "readline", ":<method 'read")
"""Calls that block (an idle worker, the loop waiting for input): not work, left out."""


def summarise(stats_paths: list[Path], top: int) -> str:
    """The category table and the functions with the most self time, waits left out.

    Several profiles (one per fresh process) are merged and averaged: one process's
    profile moves by a few ms with the machine; the mean of several moves less.
    """
    import pstats

    stats = pstats.Stats(*map(str, stats_paths))
    raw = stats.stats  # type: ignore[attr-defined]
    runs = len(stats_paths)
    selfs: collections.Counter[str] = collections.Counter()
    inclusive: collections.Counter[str] = collections.Counter()
    for func, (_, _, tt, ct, _) in raw.items():
        selfs[_key(func)] += tt / runs
        inclusive[_key(func)] += ct / runs
    waited = sum(t for key, t in selfs.items() if any(w in key for w in WAITS))
    busy = sum(selfs.values()) - waited
    out = [
        f"profiled work (CPU), all threads, mean of {runs} fresh processes: {busy * 1000:.1f} ms",
        "",
    ]
    out += ["| where | profiled ms | share |", "|---|---|---|"]
    for label, needles in CATEGORIES:
        # the outermost matching frame only: recursion and nested calls count once
        best = max(
            (ct for key, ct in inclusive.items() if any(n in key for n in needles)), default=0.0
        )
        out.append(f"| {label} | {best * 1000:.1f} | {100 * best / max(busy, 1e-9):.0f} % |")
    out += ["", f"top {top} by self time:"]
    for key, tt in selfs.most_common(top + 8):
        if not any(w in key for w in WAITS):
            out.append(f"{tt * 1000:8.1f} ms  {key}")
    return "\n".join(out)


def imports_after_start(name: str, text: str) -> str:
    """Modules a fresh server imports after it is built (``-X importtime``), slowest first."""
    spec = _spec({"PYTHONPROFILEIMPORTTIME": "1"})
    with tempfile.TemporaryDirectory(prefix="promptls-first-") as tmp:
        session = Session(spec, Path(tmp), 120)
        session.client.log_lines = None  # every line: the import list is long
        with session as s:
            s.initialize()
            uri = s.write(name, text)
            s.open_and_wait(uri, text)
            s.client.request("shutdown", None, timeout=60)
            s.client.notify("exit", None)
            s.client.close(timeout=30)
            log = [line.decode("utf-8", "replace") for line in s.client.log]
    rows = []
    for line in log:
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        cells = line.split("|")
        rows.append((int(cells[0].split(":")[1]), int(cells[1]), cells[2].rstrip()))
    names = [r[2].strip() for r in rows]
    start = names.index("promptls.lsp.server") + 1 if "promptls.lsp.server" in names else 0
    later = rows[start:]
    # Two threads import at once after the warm-up: their lines interleave and the
    # nesting (and a self time now and then) comes out wrong, so only positive ones count.
    total = sum(max(0, r[0]) for r in later) / 1000
    out = [f"imported after the server was built: {len(later)} modules, ~{total:.1f} ms"]
    for _self, cum_us, label in later:
        depth = (len(label) - len(label.lstrip())) // 2
        if depth <= 2 and cum_us >= 1000:
            out.append(f"{cum_us / 1000:7.1f} ms  {label}")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    """Wall times of fresh first opens, then one profiled run and the import list."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--size", choices=("small", "1mb"), default="small")
    p.add_argument(
        "--script", choices=("mixed", *workloads.SCRIPTS), default="mixed", help="1 MB text kind"
    )
    p.add_argument("--reps", type=int, default=5, help="unprofiled fresh processes to time")
    p.add_argument("--top", type=int, default=25)
    p.add_argument("--runs", type=int, default=5, help="profiled fresh processes, averaged")
    p.add_argument("--no-profile", action="store_true")
    args = p.parse_args(argv)
    if args.size == "small":
        name, text = "AGENTS.md", workloads.first_instruction_file()
    else:
        name = "prompts/big.prompt.md"
        text = workloads.prompt_file(workloads.MB, script=args.script)
    plain = _spec({})
    times = [_session(plain, name, text) * 1000 for _ in range(args.reps)]
    sys.stdout.write(
        f"first didOpen → diagnostics, {args.reps} fresh processes: median "
        f"{statistics.median(times):.1f} ms ({min(times):.1f}–{max(times):.1f}); "
        f"load {os.getloadavg()[0]:.2f}\n\n"
    )
    if args.no_profile:
        return 0
    with tempfile.TemporaryDirectory(prefix="promptls-prof-") as tmp:
        outs = [Path(tmp) / f"first-{n}.prof" for n in range(args.runs)]
        for out in outs:
            _session(_spec({"PROMPTLS_FIRST_OPEN_PROFILE": str(out)}), name, text)
        sys.stdout.write(summarise(outs, args.top) + "\n\n")
        sys.stdout.write(f"load {os.getloadavg()[0]:.2f}\n\n")
    sys.stdout.write(imports_after_start(name, text) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
