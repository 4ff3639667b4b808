"""The mutation score per target file, from the result files of the last mutmut run.

mutmut's own summary is one line for the whole run; the issue asks for the score of each
target, and for the surviving mutants by name so each can be killed or argued equivalent
(docs/mutation.md). Run from the staging tree scripts/mutation builds.
"""

from __future__ import annotations

import fnmatch
import json
import sys
import tomllib
from collections import Counter
from pathlib import Path

# mutmut's exit-code vocabulary (mutmut/stats.py), folded into the columns reported here.
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped"}
STATUS |= {36: "timeout", 24: "timeout", -24: "timeout", 152: "timeout", 255: "timeout"}
STATUS |= {37: "killed"}  # caught by the type check
COLUMNS = ("mutants", "killed", "survived", "timeout", "no tests", "unchecked", "other")


def main() -> int:
    config = tomllib.loads(Path("pyproject.toml").read_text("utf-8"))["tool"]["mutmut"]
    patterns: list[str] = config["only_mutate"]
    metas = sorted(Path("mutants/src").rglob("*.py.meta"))
    rows: list[tuple[str, Counter[str]]] = []
    survivors: list[str] = []
    for meta in metas:
        source = str(meta.relative_to("mutants"))[: -len(".meta")]
        if not any(fnmatch.fnmatch(source, p) for p in patterns):
            continue
        codes: dict[str, int | None] = json.loads(meta.read_text("utf-8"))["exit_code_by_key"]
        if not codes:
            continue
        counts: Counter[str] = Counter(mutants=len(codes))
        for name, code in sorted(codes.items()):
            status = STATUS.get(code, "other") if code is not None else "unchecked"
            counts[status] += 1
            if status not in ("killed", "unchecked"):
                survivors.append(f"{status:9} {name}")
        rows.append((source.removeprefix("src/promptls/"), counts))
    if not rows:
        print("no mutation results: run scripts/mutation first", file=sys.stderr)
        return 1
    total: Counter[str] = Counter()
    width = max(len(name) for name, _ in rows)
    print(f"{'target':{width}}  " + "  ".join(f"{c:>8}" for c in COLUMNS) + "     score")
    for name, counts in [*rows, ("total", total)]:
        if name != "total":
            total.update(counts)
        # Score over the mutants tests were run against (killed or timed out / checked).
        tested = counts["killed"] + counts["survived"] + counts["timeout"] + counts["other"]
        score = 100 * (counts["killed"] + counts["timeout"]) / tested if tested else 0.0
        cells = "  ".join(f"{counts[c]:>8}" for c in COLUMNS)
        shown = f"{score:7.1f}%" if tested else "      -"
        print(f"{name:{width}}  {cells}  {shown}")
    if total["unchecked"]:
        print(f"\n{total['unchecked']} mutants not checked (run interrupted or filtered)")
    if survivors:
        print(f"\nnot killed ({len(survivors)}); docs/mutation.md argues the equivalent ones:")
        print("\n".join(f"  {line}" for line in survivors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
