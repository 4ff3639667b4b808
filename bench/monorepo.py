"""A generated monorepo at scale, and the rows measured on it.

The tree (same seed, same bytes): ``FILES`` files of which ``INSTRUCTION_FILES`` are
instruction files at many depths, the way a large organisation's checkout holds them: an
``AGENTS.md`` (and often a ``CLAUDE.md`` importing it with ``@``, sometimes an import
that is missing) in packages nested up to ten folders deep; Claude rules and skills,
Cursor rules and Copilot instructions at the root and in some packages; the rest source
files, configs and docs. The text of the instruction files is the bench's generated
Markdown, ASCII for most, CJK-heavy or emoji-heavy for some.

Rows: ``promptls check`` against ``agnix`` on the tree (run in turn, sample by sample);
``promptls context --all-profiles`` for the deepest package folder, warm (after one
untimed run); and the language server's workspace diagnostics over it (the time from
``initialized`` to the full result, the server's peak memory, hover p99 meanwhile).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cli_bench
import peers
import report
import workloads
import workspace_scan

FILES = 50_000
INSTRUCTION_FILES = 2_000
MAX_DEPTH = 10
_PARTS = ("apps", "libs", "services", "tools", "packages", "platform", "web", "infra")
_SOURCE = (".ts", ".tsx", ".py", ".go", ".rs", ".json", ".yaml", ".md", ".css", ".sql")


def _instruction(rng: random.Random, n: int) -> str:
    """An instruction file's text: mostly ASCII, one in five CJK- or emoji-heavy."""
    roll = rng.random()
    script = "cjk" if roll < 0.1 else "emoji" if roll < 0.2 else "ascii"
    size = rng.choice((600, 1_500, 3_000, 6_000))
    return workloads.prompt_file(size, seed=50_000 + n, script=script).replace(
        workloads.MARKER, "the marker"
    )


def _package_dirs(rng: random.Random, count: int) -> list[Path]:
    """``count`` distinct package folders, one to ``MAX_DEPTH`` folders deep."""
    out: dict[Path, None] = {}
    while len(out) < count:
        depth = rng.randint(1, MAX_DEPTH)
        parts = [rng.choice(_PARTS)]
        parts += [f"{rng.choice(_PARTS)[:3]}{rng.randrange(40)}" for _ in range(depth - 1)]
        out[Path(*parts)] = None
    return list(out)


def make_monorepo(
    root: Path, files: int = FILES, instructions: int = INSTRUCTION_FILES
) -> dict[str, Any]:
    """Write the tree under ``root``; what it holds (counts, the deepest package)."""
    rng = random.Random(36)
    written = 0
    made = 0

    def put(path: Path, text: str) -> None:
        nonlocal written
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written += 1

    put(Path("AGENTS.md"), _instruction(rng, 0))
    put(Path("CLAUDE.md"), "# Claude\n\n@AGENTS.md\n@docs/agents/style.md\n")
    put(Path("docs/agents/style.md"), _instruction(rng, 1))
    put(Path(".github/copilot-instructions.md"), _instruction(rng, 2))
    made = 4
    for n in range(12):
        put(Path(f".claude/rules/rule-{n:02d}.md"), _instruction(rng, 10 + n))
        put(
            Path(f".cursor/rules/rule-{n:02d}.mdc"),
            "---\nalwaysApply: true\n---\n" + _instruction(rng, 30 + n),
        )
        put(
            Path(f".github/instructions/area-{n:02d}.instructions.md"),
            '---\napplyTo: "**/*.ts"\n---\n' + _instruction(rng, 50 + n),
        )
        skill = f"---\nname: skill-{n:02d}\ndescription: Does step {n} of the release.\n---\n"
        put(Path(f".claude/skills/skill-{n:02d}/SKILL.md"), skill + _instruction(rng, 70 + n))
        made += 4
    packages = _package_dirs(rng, instructions - made)
    deepest = max(packages, key=lambda p: len(p.parts))
    for n, package in enumerate(packages):
        if made >= instructions:
            break
        put(package / "AGENTS.md", _instruction(rng, 100 + n))
        made += 1
        if made < instructions and n % 2 == 0:
            missing = "@docs/missing.md\n" if n % 10 == 0 else ""
            put(package / "CLAUDE.md", f"# {package.name}\n\n@AGENTS.md\n{missing}")
            made += 1
        elif made < instructions and n % 7 == 1:
            skill = f"---\nname: {package.name}-skill\ndescription: Builds {package.name}.\n---\n"
            put(package / ".claude/skills/build/SKILL.md", skill + _instruction(rng, 9_000 + n))
            made += 1
    n = 0
    while written < files:
        package = packages[n % len(packages)]
        ext = _SOURCE[n % len(_SOURCE)]
        put(
            package / "src" / f"m{n % 23}" / f"file{n:05d}{ext}",
            f"// {n}\nexport const v{n} = {n};\n",
        )
        n += 1
    return {"files": written, "instruction_files": made, "deepest": str(deepest)}


def _context(root: Path, folder: str) -> dict[str, Any]:
    exe = str(peers.PROJECT_VENV / "bin" / "promptls")
    result = cli_bench.timed_run([exe, "context", folder, "--all-profiles"], cwd=root)
    result["ok"] = result["exit"] == 0
    return result


InTurn = Callable[[dict[str, Callable[[], dict[str, Any]]], int, dict[str, Any]], None]
"""``run._run_in_turn``: a warm-up of each runner, then the samples in turn."""


def run(reps: int, quick: bool, in_turn: InTurn) -> dict[str, Any]:
    """Every monorepo row (``quick``: a tenth of the tree)."""
    scale = 10 if quick else 1
    out: dict[str, Any] = {"why": {}}
    home = tempfile.mkdtemp(prefix="promptls-bench-home-")
    with tempfile.TemporaryDirectory(prefix="promptls-bench-mono-") as tmp:
        root = Path(tmp)
        out["tree"] = make_monorepo(root, FILES // scale, INSTRUCTION_FILES // scale)
        deep = out["tree"]["deepest"]
        pairs = {
            "promptls_check": lambda: cli_bench.promptls_check(root),
            "agnix": lambda: cli_bench.agnix_check(root),
        }
        in_turn(pairs, reps, out)
        in_turn({"context_deep": lambda: _context(root, deep)}, reps, out)
        full, peak, during = [], [], []
        for _ in range(max(1, reps // 2)):
            scanned = workspace_scan.session(root, home, FILES * 2, 0, memory=True)
            full.append(scanned["full_s"])
            peak.append(scanned["rss_kb"])
            during += scanned["hovers"]
        out["workspace"] = {
            "full_ms": round(1000 * statistics.median(full), 1),
            "peak_rss_mib": round(statistics.median(peak) / 1024, 1),
            "hover_p99": round(report.percentile(during, 99), 2) if during else None,
            "hovers": len(during),
            "files_with_findings": scanned["files_with_findings"],
        }
    return out


def markdown(rows: dict[str, Any]) -> str:
    """The rows as a small table (appended to the bench page)."""
    tree = rows.get("tree", {})

    def c(key: str) -> str:
        return report.cell(report.summary(rows.get(key, [])), "ms", rows.get("why", {}).get(key))

    ws = rows.get("workspace", {})
    return (
        f"\n### Generated monorepo ({tree.get('files')} files, "
        f"{tree.get('instruction_files')} instruction files)\n\n"
        "| measure | promptls | agnix |\n|---|---|---|\n"
        f"| check, wall | {c('promptls_check')} | {c('agnix')} |\n"
        f"| check, CPU | {c('promptls_check_cpu')} | {c('agnix_cpu')} |\n"
        f"| `context --all-profiles` for `{tree.get('deepest')}`, warm "
        f"| {c('context_deep')} | n/a |\n"
        f"| workspace diagnostics: initialized → full result | {ws.get('full_ms')} ms "
        f"({ws.get('files_with_findings')} files with findings) | n/a |\n"
        f"| workspace diagnostics: server peak RSS | {ws.get('peak_rss_mib')} MiB | n/a |\n"
        f"| hover p99 while the scan runs ({ws.get('hovers')} hovers) "
        f"| {ws.get('hover_p99')} ms | n/a |\n"
    )


if __name__ == "__main__":
    # Manual use: write the tree to a folder and print what it holds.
    where = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp())
    sys.stdout.write(f"{where}: {make_monorepo(where)}\n")
    os.sync()
