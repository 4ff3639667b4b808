"""CLI and library rows: `promptls check` vs `agnix` on the corpus, start-up, analysis.

The corpus is laid out the way an agent would meet it: each file of
``../shared/corpus/files`` under a folder named after its repository, at the path its
MANIFEST.tsv gives, so ``CLAUDE.md`` is called ``CLAUDE.md`` and nested files are nested.
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import peers
import workloads


def corpus_dir() -> Path:
    """``<project root>/../shared/corpus``, where the shared test corpus lives."""
    return peers.ROOT.parent / "shared" / "corpus"


def lay_out_corpus(dest: Path) -> int:
    """Copy the corpus into ``dest`` as repo-named folders; returns the file count.

    Raises FileNotFoundError when the corpus is absent (a user's clone), so the caller
    can say so instead of timing an empty tree.
    """
    corpus = corpus_dir()
    manifest = corpus / "MANIFEST.tsv"
    if not manifest.is_file():
        raise FileNotFoundError(f"corpus not found at {corpus}")
    count = 0
    with manifest.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            source = corpus / row["file"]
            repo = row["repo"].replace("/", "__")
            target = dest / repo / row["path"]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())
            count += 1
    return count


MANY_FILES = 4_000
"""About how many instruction files the replicated corpus holds: a large monorepo's worth."""


def lay_out_replicated(dest: Path, want: int = MANY_FILES) -> int:
    """The corpus laid out again and again (``copy-NN/<repo>/<path>``) until ``want`` files.

    Real files at real paths, so both linters walk, classify and read a tree the size a
    big organisation's checkout has; built in a temporary folder, never committed.
    """
    first = lay_out_corpus(dest / "copy-00")
    total, copy = first, 1
    while total < want:
        total += lay_out_corpus(dest / f"copy-{copy:02d}")
        copy += 1
    return total


def timed_run(command: list[str], cwd: Path | None = None, timeout: float = 300) -> dict[str, Any]:
    """Wall and CPU time (user + system, from wait4) of one command, output discarded.

    CPU time is what the command itself costs; wall time also holds whatever the machine
    was doing meanwhile, so both are kept.
    """
    start = time.perf_counter()
    proc = subprocess.Popen(
        command,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    timer = threading.Timer(timeout, _kill_group, (proc.pid,))
    timer.start()
    try:
        assert proc.stderr is not None
        err = proc.stderr.read()
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
    finally:
        timer.cancel()
        _kill_group(proc.pid)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return {
        "seconds": seconds,
        "cpu": usage.ru_utime + usage.ru_stime,
        "exit": proc.returncode,
        "stderr": err[-300:].decode("utf-8", "replace"),
    }


def _kill_group(pid: int) -> None:
    """End a command that overran (or its leftovers): the whole process group."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def promptls_check(tree: Path) -> dict[str, Any]:
    """`promptls check` over the tree; exit 0 or 1 (findings) both count as a run."""
    exe = str(peers.PROJECT_VENV / "bin" / "promptls")
    result = timed_run([exe, "check", str(tree)], cwd=tree)
    result["ok"] = result["exit"] in (0, 1)
    return result


def agnix_check(tree: Path) -> dict[str, Any]:
    """`agnix <tree>` (its default validate command, generic target, text output)."""
    exe = str(peers.cache_venv() / "bin" / "agnix")
    result = timed_run([exe, str(tree)], cwd=tree)
    result["ok"] = result["exit"] in (0, 1)
    return result


def promptls_version() -> dict[str, Any]:
    """`promptls --version`: the start-up a CI step or a pre-commit hook pays each time."""
    result = timed_run([str(peers.PROJECT_VENV / "bin" / "promptls"), "--version"])
    result["ok"] = result["exit"] == 0
    return result


def agnix_version() -> dict[str, Any]:
    """`agnix --version`, the peer's start-up, for scale."""
    result = timed_run([str(peers.cache_venv() / "bin" / "agnix"), "--version"])
    result["ok"] = result["exit"] == 0
    return result


_IMPORT_PROBE = """
import sys
from promptls.cli import main
try:
    main(["check", sys.argv[1]])
except SystemExit:
    pass
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("pygls", "lsprotocol"))
print(",".join(heavy) if heavy else "none")
"""


def check_imports(tree: Path) -> str:
    """Which pygls/lsprotocol modules `promptls check` imports (the CLI must load none)."""
    python = str(peers.PROJECT_VENV / "bin" / "python")
    done = subprocess.run(
        [python, "-c", _IMPORT_PROBE, str(tree)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    lines = done.stdout.strip().splitlines()
    return lines[-1] if lines else f"probe failed: {done.stderr.strip()[-200:]}"


HASH_SEEDS = (0, 1, 2)
"""The string-hash seeds of the interpreters each analysis row runs in (fixed, so two
bench runs compare like with like)."""

SLOW = 1.2
"""How much slower than its best the reference loop beside an analysis sample may run
for the sample to count as taken on a quiet machine (see ``analysis_ms_per_mb``)."""
RETAKES = 4
"""At most this many samples per wanted one: a machine slow throughout keeps its samples."""

_ANALYSIS_CHILD = """
import json, sys, time
sys.path.insert(0, {bench!r})
import workloads
from promptls.analysis import analyze
analyze(workloads.prompt_file(10_000), path="warm.prompt.md")
text = workloads.prompt_file({size}, seed=7, script={script!r})
per_mb = 1000 / ({size} / workloads.MB)

def reference():
    start = time.thread_time()
    total = 0
    for i in range(100_000):
        total += i
    return time.thread_time() - start

taken = []
def quiet():
    best = min([min(before, after) for before, _, _, after in taken] + [{machine_best}])
    return [s for s in taken if max(s[0], s[3]) <= {slow} * best]

while len(taken) < {reps} * {retakes} and (len(taken) < {reps} or len(quiet()) < {reps}):
    before = reference()
    start, start_cpu = time.perf_counter(), time.thread_time()
    result = analyze(text, path="bench.prompt.md")
    cpu = (time.thread_time() - start_cpu) * per_mb
    wall = (time.perf_counter() - start) * per_mb
    taken.append((before, wall, cpu, reference()))
kept = quiet()
calm = len(kept)
if calm < {reps}:
    kept = taken
sys.stdout.write(json.dumps({{
    "ms_per_mb": [s[1] for s in kept],
    "cpu_ms_per_mb": [s[2] for s in kept],
    "taken": len(taken),
    "quiet": calm,
    "findings": len(result.findings),
}}))
"""


def analysis_ms_per_mb(sizes: list[int], reps: int, loop_ms: float | None = None) -> dict[str, Any]:
    """``promptls.analysis.analyze`` in process: median-able samples of ms per MB.

    Each text is analysed in fresh interpreters of the project venv, one per seed of
    :data:`HASH_SEEDS`, their samples pooled. Not in the bench's own process: it holds the
    other rows' results, and the garbage collector's passes over them would be billed to
    the analysis (~2 ms/MB with two million objects). One untimed warm-up call first, so
    imports and regex compilation are not billed to the text. The sizes are the mixed
    text of the other rows (keyed by size); each text kind of ``workloads.SCRIPTS`` is
    measured at 1 MB too (keyed ``1000000/<kind>``).

    This VM has spells, from a tenth of a second to seconds, in which all code runs up to
    ~1.7 times slower (another tenant of the host: no steal time is counted in the
    guest), and a row's few seconds can fall in one. A short Python loop is timed right
    before and after each sample; a sample whose loops ran over :data:`SLOW` times the
    best loop (of its interpreter, or ``loop_ms``, the run's ``reference_loop`` at its
    start, a tenth of that loop's length: a machine slow for a whole row is seen too) was
    taken in such a spell, and another is taken in its place, up to :data:`RETAKES`
    samples per wanted one (then every sample counts). ``taken`` is how many were taken
    in all and ``quiet`` how many of them were quiet; the row keeps the quiet ones, or
    all of an interpreter's when it got too few.
    """
    out: dict[str, Any] = {}
    cases = [(str(size), size, "mixed") for size in sizes]
    cases += [(f"{workloads.MB}/{k}", workloads.MB, k) for k in workloads.SCRIPTS]
    bench = str(Path(__file__).parent)
    for key, size, script in cases:
        machine_best = loop_ms / 10_000 if loop_ms else float("inf")  # seconds per 100,000
        code = _ANALYSIS_CHILD.format(
            bench=bench,
            size=size,
            script=script,
            reps=reps,
            slow=SLOW,
            retakes=RETAKES,
            machine_best=repr(machine_best),
        )
        pooled: dict[str, Any] = {
            "ms_per_mb": [],
            "cpu_ms_per_mb": [],
            "hash_seeds": HASH_SEEDS,
            "taken": 0,
            "quiet": 0,
        }
        for seed in HASH_SEEDS:
            done = subprocess.run(
                [sys.executable, "-c", code],
                capture_output=True,
                text=True,
                check=False,
                env={**os.environ, "PYTHONHASHSEED": str(seed)},
            )
            if done.returncode != 0:
                why = done.stderr.strip().splitlines()[-1:] or ["no output"]
                return {"error": f"promptls.analysis.analyze failed: {why[0]}"}
            one = json.loads(done.stdout)
            pooled["ms_per_mb"] += one["ms_per_mb"]
            pooled["cpu_ms_per_mb"] += one["cpu_ms_per_mb"]
            pooled["taken"] += one["taken"]
            pooled["quiet"] += one["quiet"]
            pooled["findings"] = one["findings"]
        out[key] = pooled
    return out


if __name__ == "__main__":
    # Manual check: lay out the corpus and time one run of each tool.
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        n = lay_out_corpus(Path(tmp))
        sys.stdout.write(f"{n} files\n{promptls_check(Path(tmp))}\n{agnix_check(Path(tmp))}\n")
