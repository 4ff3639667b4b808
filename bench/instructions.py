"""Instructions one in-process analysis of 1 MB costs, per text kind, under callgrind.

On a shared machine wall and CPU times swing with the load; the count of instructions
does not (the same text, the same interpreter: the same count within a fraction of a
percent), so it shows what a change to the analysis saved while the timed rows cannot.
Each kind is run twice under ``valgrind --tool=callgrind``, once analysing the text once
and once twice (after the same warm-up); the difference is one analysis, start-up and
imports cancelled out. The C functions that differ most say where it goes: the regex
engine's scan (``sre_search``), ``bytes.translate``, the UTF-8 encoder, ``bytes.lower``.

    .venv/bin/python bench/instructions.py [ascii cjk emoji mixed] [--top N]

Needs ``valgrind`` and ``callgrind_annotate`` on PATH; takes a minute or more per kind.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import workloads

_CHILD = """
import sys
sys.path.insert(0, {bench!r})
import workloads
from promptls.analysis import analyze
text = workloads.prompt_file(workloads.MB, seed=7, script={kind!r})
analyze(workloads.prompt_file(10_000), path="warm.prompt.md")
for _ in range({times}):
    analyze(text, path="bench.prompt.md")
"""


def _run(kind: str, times: int, out: Path) -> dict[str, int]:
    """Instructions per C function of a process that analyses ``kind`` ``times`` times."""
    bench = str(Path(__file__).parent)
    code = _CHILD.format(bench=bench, kind=kind, times=times)
    # Byte code written first: compiling a module in one run and not the other would count.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    warm = _CHILD.format(bench=bench, kind=kind, times=1)
    subprocess.run([sys.executable, "-c", warm], env=env, check=True)
    subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", code],
        env=env,
        check=True,
        capture_output=True,
    )
    annotated = subprocess.run(
        ["callgrind_annotate", "--threshold=100", "--auto=no", str(out)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    counts: dict[str, int] = {}
    for line in annotated.splitlines():
        found = re.match(r"\s*([\d,]+) \([^)]*\)\s+(\S.*)", line)
        if found is None:
            continue
        name = found.group(2).split(" [")[0].rsplit("/", 1)[-1]
        counts[name] = counts.get(name, 0) + int(found.group(1).replace(",", ""))
    return counts


def one_analysis(kind: str) -> dict[str, int]:
    """Instructions per C function of one analysis of 1 MB of ``kind`` (total included,
    as ``PROGRAM TOTALS``)."""
    with tempfile.TemporaryDirectory() as tmp:
        once = _run(kind, 1, Path(tmp) / "once.out")
        twice = _run(kind, 2, Path(tmp) / "twice.out")
    return {name: twice.get(name, 0) - once.get(name, 0) for name in set(once) | set(twice)}


def main(argv: list[str]) -> int:
    """Print each kind's total and its costliest C functions."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kinds", nargs="*", default=[*workloads.SCRIPTS])
    parser.add_argument("--top", type=int, default=8, help="C functions listed per kind")
    args = parser.parse_args(argv)
    for kind in args.kinds:
        counts = one_analysis(kind)
        total = counts.pop("PROGRAM TOTALS", 0)
        sys.stdout.write(f"{kind}: {total / 1e6:.1f} M instructions per 1 MB analysis\n")
        for name, count in sorted(counts.items(), key=lambda kv: -kv[1])[: args.top]:
            sys.stdout.write(f"  {count / 1e6:7.2f} M  {name}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
