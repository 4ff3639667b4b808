"""Mutation of the module-level regular expressions of discovery and analysis.

mutmut (scripts/mutation) mutates function bodies only, so a pattern written ``_NAME =
lazy(r"...")``, ``Leads(...)`` or ``re.compile(...)`` at module level is never varied,
and most of what decides which text is an import, a fence, a secret or a home path lives
in such patterns. This tool finds them with ``ast`` (never by scanning the source with a
regex), makes regex-aware variants of each (scripts/mutation_regex.py), writes each
variant into a staging copy of ``server/`` (``.cache/mutation_patterns/src``; the real
tree is never edited), and runs the tests that use that pattern against it, one pytest
process at a time under ``nice -n 19``, stopping at the first failure.

Test selection: one recording run of tests/core, tests/analysis and tests/text with
``lazyre``'s stand-ins kept in place, so every use of a lazy pattern is seen and
recorded with the test that made it; a variant runs the test files that used its
pattern (whole files: a module-scoped fixture may use a pattern for later tests), plus
any ``tests/**/test_*_patterns.py`` named after the module. A pattern no recorded test
used (compiled with ``re.compile`` at import) runs the test files that name its module.

    scripts/mutation --patterns [--report] [--reselect] [--list] [MODULE_SUBSTRING...]
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from mutation_regex import flag_variants, variants

ROOT = Path(__file__).resolve().parent.parent
STAGE = ROOT / ".cache" / "mutation_patterns"
RESULTS = STAGE / "results.json"
SELECTION = STAGE / "selection.json"
TEST_DIRS = ("tests/core", "tests/analysis", "tests/text")
PACKAGES = ("promptls/discovery", "promptls/analysis")
LEFT_OUT = ("promptls/analysis/completion.py",)  # editor completion, not a discovery/rule result
EXTRA_SOURCES = {
    # regex sources that a ``lazy_built`` function joins into one pattern
    "promptls.analysis.rules.pl008_volatile_static": (
        "_DASHED",
        "_COLON",
        "_BRACE_SLOT",
        "_DOLLAR_SLOT",
        "_POSIX_HOME",
    ),
}
PROBE_ENV = "PROMPTLS_PATTERN_PROBE"


@dataclass(frozen=True)
class Site:
    """One pattern in the source: the text span to rewrite and its value."""

    module: str
    path: Path
    name: str
    line: int
    span: tuple[int, int, int, int]  # the pattern argument: line, col, end line, end col
    flags_span: tuple[int, int, int, int] | None
    pattern: str
    flags: int


def _span(node: ast.expr) -> tuple[int, int, int, int]:
    assert node.end_lineno is not None and node.end_col_offset is not None
    return node.lineno, node.col_offset, node.end_lineno, node.end_col_offset


def _is_pattern_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call) or not node.args:
        return False
    func = node.func
    if isinstance(func, ast.Name):
        return func.id in ("lazy", "Leads")
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "compile"
        and ast.unparse(func) == "re.compile"
    )


def _calls(node: ast.AST) -> Iterator[ast.Call]:
    """Pattern calls in a module-level statement, outside any function or lambda."""
    if isinstance(node, ast.Lambda | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return
    if _is_pattern_call(node):
        assert isinstance(node, ast.Call)
        yield node
    for child in ast.iter_child_nodes(node):
        yield from _calls(child)


def sites(path: Path) -> list[Site]:
    """Every module-level pattern of one source file, with its compiled value."""
    module = ".".join(path.relative_to(ROOT / "server").with_suffix("").parts)
    module = module.removesuffix(".__init__")
    tree = ast.parse(path.read_text("utf-8"))
    space = vars(importlib.import_module(module))
    found: list[Site] = []
    for statement in tree.body:
        if not isinstance(statement, ast.Assign | ast.AnnAssign) or statement.value is None:
            continue
        target = statement.targets[0] if isinstance(statement, ast.Assign) else statement.target
        name = ast.unparse(target)
        extra = name in EXTRA_SOURCES.get(module, ())
        calls = list(_calls(statement.value))
        for n, call in enumerate(calls):
            flag_node = call.args[1] if len(call.args) > 1 else None
            flag_node = next((k.value for k in call.keywords if k.arg == "flags"), flag_node)
            pattern = eval(compile(ast.Expression(call.args[0]), str(path), "eval"), space)
            flags = eval(compile(ast.Expression(flag_node), "f", "eval"), space) if flag_node else 0
            if isinstance(pattern, str):
                label = f"{name}[{n}]" if len(calls) > 1 else name
                fspan = _span(flag_node) if flag_node else None
                found.append(
                    Site(
                        module,
                        path,
                        label,
                        call.lineno,
                        _span(call.args[0]),
                        fspan,
                        pattern,
                        int(flags),
                    )
                )
        if extra and not calls:
            found.append(
                Site(
                    module,
                    path,
                    name,
                    statement.lineno,
                    _span(statement.value),
                    None,
                    space[name],
                    0,
                )
            )
    return found


def all_sites(filters: list[str]) -> list[Site]:
    out: list[Site] = []
    for package in PACKAGES:
        for path in sorted((ROOT / "server" / package).rglob("*.py")):
            rel = str(path.relative_to(ROOT / "server"))
            if rel in LEFT_OUT:
                continue
            if not filters or any(f in rel for f in filters):
                out.extend(sites(path))
    return out


def mutated_source(site: Site, text: str, pattern: str, flags: int) -> str:
    """The module's source with the site's pattern (and flags) replaced."""
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for text_line in lines:
        offsets.append(offsets[-1] + len(text_line.encode("utf-8")))
    data = text.encode("utf-8")
    edits = [(site.span, repr(pattern))]
    if site.flags_span and flags != site.flags:
        edits.append((site.flags_span, str(flags)))
    for (first, col, last, end_col), new in sorted(edits, reverse=True):
        a, b = offsets[first - 1] + col, offsets[last - 1] + end_col
        data = data[:a] + new.encode("utf-8") + data[b:]
    return data.decode("utf-8")


def site_variants(site: Site) -> Iterator[tuple[str, int, str]]:
    """(pattern, flags, description) of each distinct variant that compiles."""
    seen = {(site.pattern, site.flags)}
    candidates = [(p, site.flags, d) for p, d in variants(site.pattern)]
    if site.flags_span:
        candidates += [(site.pattern, f, d) for f, d in flag_variants(site.flags)]
    for pattern, flags, what in candidates:
        try:
            re.compile(pattern, flags)
        except (re.error, OverflowError):
            continue
        if (pattern, flags) not in seen:
            seen.add((pattern, flags))
            yield pattern, flags, what


# --- the recording run (a pytest plugin, active only when PROBE_ENV names an output file)

_current: list[str] = ["<import>"]
_used: defaultdict[str, set[str]] = defaultdict(set)


def pytest_configure(config: pytest.Config) -> None:
    if not os.environ.get(PROBE_ENV):
        return
    from promptls.text import lazyre

    def _pattern(self: Any) -> re.Pattern[Any]:
        compiled: re.Pattern[Any] | None = self._compiled
        if compiled is None:
            compiled = self._compiled = self._build()  # left in place: every use is seen
        key = f"{self._home.get('__name__')}\0{compiled.pattern!r}\0{compiled.flags}"
        _used[key].add(_current[0])
        return compiled

    lazyre._LazyPattern._pattern = _pattern  # type: ignore[method-assign]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    _current[0] = item.nodeid
    return (yield)


def pytest_sessionfinish(session: pytest.Session) -> None:
    out = os.environ.get(PROBE_ENV)
    if out:
        Path(out).write_text(json.dumps({k: sorted(v) for k, v in _used.items()}, indent=1))


def record_selection() -> dict[str, list[str]]:
    """Which test files use which lazy pattern: one pytest run with the probe."""
    env = {**os.environ, PROBE_ENV: str(SELECTION), "PYTHONPATH": str(Path(__file__).parent)}
    command = ["nice", "-n", "19", sys.executable, "-m", "pytest", "-p", "no:cacheprovider"]
    command += ["-p", "mutation_patterns", "-q", "-m", "not long", *TEST_DIRS]
    print("recording which tests use which pattern…", flush=True)
    subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=False)
    selection: dict[str, list[str]] = json.loads(SELECTION.read_text("utf-8"))
    return selection


def selected_tests(
    site: Site, selection: dict[str, list[str]], with_corpus: bool, new_tests: bool
) -> tuple[list[str], list[str]]:
    """The tests that used the site's pattern, by test id and as whole files, without the
    tests over the real corpus unless asked (minutes per variant on 2 shared cores), and
    with the ``test_*_patterns.py`` files written against this tool's survivors only when
    survivors are run again (so the first run scores the suite without them)."""
    compiled = re.compile(site.pattern, site.flags)
    ids = set(selection.get(f"{site.module}\0{compiled.pattern!r}\0{compiled.flags}", []))
    if not ids:  # joined into another pattern (EXTRA_SOURCES): every test of the module's
        ids = {t for k, v in selection.items() if k.startswith(site.module + "\0") for t in v}
    ids.discard("<import>")
    stem = site.module.rsplit(".", 1)[1]
    short = stem.split("_")[0] if re.match(r"pl\d{3}_", stem) else stem
    if not ids:  # compiled at import: the test files that name the module
        for directory in TEST_DIRS:
            for test in (ROOT / directory).rglob("test_*.py"):
                text = test.read_text("utf-8")
                if stem in text or short.upper() in text:
                    ids.add(str(test.relative_to(ROOT)))
    for test in ROOT.glob("tests/**/test_*_patterns.py") if new_tests else ():
        if short in test.name or stem in test.name:
            ids.add(str(test.relative_to(ROOT)))
    if not with_corpus:
        ids = {t for t in ids if "corpus" not in t}
    property_files = {f for f in {t.split("::")[0] for t in ids} if _uses_hypothesis(f)}
    ordered = sorted(ids, key=lambda t: (t.split("::")[0] in property_files, t))
    return ordered, sorted({t.split("::")[0] for t in ids}, key=lambda f: f in property_files)


def _uses_hypothesis(test_file: str) -> bool:
    """Property tests run last: a variant that fails a plain test stops sooner."""
    return "hypothesis" in (ROOT / test_file).read_text("utf-8")


def run_tests(files: list[str], timeout: float) -> tuple[str, float]:
    """killed, survived, timeout or error (pytest could not run), and the seconds taken."""
    env = {**os.environ, "PYTHONPATH": str(STAGE / "src"), "PYTHONDONTWRITEBYTECODE": "1"}
    command = ["nice", "-n", "19", sys.executable, "-m", "pytest", "-p", "no:cacheprovider"]
    command += ["-x", "-q", "-m", "not long", *files]
    start = time.monotonic()
    try:
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - start
    status = {0: "survived", 1: "killed"}.get(done.returncode, "error")
    return status, time.monotonic() - start


def stage() -> None:
    if not (STAGE / "src").exists():
        shutil.copytree(
            ROOT / "server", STAGE / "src", ignore=shutil.ignore_patterns("__pycache__")
        )


def run(
    filters: list[str], reselect: bool, rerun: bool, fresh: bool, with_corpus: bool, only: list[str]
) -> None:
    """The first run (or ``fresh``) scores the suite as it stood, without the new pattern
    tests; ``rerun`` runs that run's survivors again with them."""
    STAGE.mkdir(parents=True, exist_ok=True)
    stage()
    selection = (
        record_selection()
        if reselect or not SELECTION.exists()
        else json.loads(SELECTION.read_text("utf-8"))
    )
    results: dict[str, dict[str, Any]] = (
        json.loads(RESULTS.read_text("utf-8")) if RESULTS.exists() else {}
    )
    by_module: defaultdict[str, list[Site]] = defaultdict(list)
    for site in all_sites(filters):
        by_module[site.module].append(site)
    current = {
        f"{s.module}\0{s.name}\0{p!r}\0{f}"
        for sites_of in by_module.values()
        for s in sites_of
        for p, f, _ in site_variants(s)
    }
    for key in [k for k, v in results.items() if v["module"] in by_module and k not in current]:
        del results[key]  # a pattern changed since: its old variants no longer exist
    for module, module_sites in by_module.items():
        source = module_sites[0].path
        staged = STAGE / "src" / source.relative_to(ROOT / "server")
        original = source.read_text("utf-8")
        staged.write_text(original, "utf-8")
        for site in [s for s in module_sites if not only or s.name in only]:
            ids, files = selected_tests(site, selection, with_corpus, new_tests=rerun)
            base, seconds = run_tests(ids, 600)
            whole: tuple[str, float] | None = None
            print(f"{module} {site.name}:{site.line}: {len(ids)} tests in {len(files)} files,")
            print(f"  baseline {base} {seconds:.1f}s", flush=True)
            for pattern, flags, what in site_variants(site):
                key = f"{module}\0{site.name}\0{pattern!r}\0{flags}"
                if rerun and results.get(key, {}).get("status") not in ("survived", "error"):
                    continue
                if not rerun and key in results and not fresh:
                    continue
                if base != "survived":  # the unmutated pattern fails its own tests
                    status, took = "error", 0.0
                else:
                    staged.write_text(mutated_source(site, original, pattern, flags), "utf-8")
                    status, took = run_tests(ids, max(60.0, 10 * seconds))
                    if status == "survived":  # once more against the whole files
                        staged.write_text(original, "utf-8")
                        whole = whole or run_tests(files, 900)
                        staged.write_text(mutated_source(site, original, pattern, flags), "utf-8")
                        if whole[0] == "survived":
                            status, more = run_tests(files, max(60.0, 10 * whole[1]))
                            took += more
                    staged.write_text(original, "utf-8")
                entry = {"module": module, "site": site.name, "line": site.line, "what": what}
                entry |= {"pattern": pattern, "flags": flags, "status": status}
                earlier = results.get(key, {})
                entry |= {"first": earlier.get("first", earlier.get("status")) if rerun else status}
                results[key] = entry | {"seconds": round(took, 1)}
                RESULTS.write_text(json.dumps(results, indent=1, ensure_ascii=False), "utf-8")
                print(f"  {status:8} {took:5.1f}s {what}", flush=True)


def report(filters: list[str]) -> int:
    """Per module: variants, and killed/timeout/survived of the first run → after reruns."""
    if not RESULTS.exists():
        print("no results: run scripts/mutation --patterns first", file=sys.stderr)
        return 1
    rows: defaultdict[str, Counter[str]] = defaultdict(Counter)
    survivors: list[str] = []
    for result in json.loads(RESULTS.read_text("utf-8")).values():
        if filters and not any(f.replace("/", ".") in result["module"] for f in filters):
            continue
        first, last = result.get("first", result["status"]), result["status"]
        rows[result["module"]].update(["variants", f"{first} before", f"{last} after"])
        if last != "killed":
            where = f"{result['module'].removeprefix('promptls.')}:{result['line']}"
            shown = repr(result["pattern"])
            shown = shown if len(shown) <= 70 else shown[:67] + "…"
            survivors.append(f"{last:8} {where} {result['site']}: {result['what']}: {shown}")
    if not rows:
        print("no results for these modules", file=sys.stderr)
        return 1
    width = max(len(m) for m in rows) - len("promptls.")
    head = "variants   killed  timeout   survived  error     score"
    print(f"{'module':{width}}  {head}")
    for module, c in sorted(rows.items()):
        cells = [f"{c['variants']:8}", f"{c['killed before']:4}→{c['killed after']:<4}"]
        cells += [f"{c['timeout after']:7}", f"{c['survived before']:4}→{c['survived after']:<4}"]
        cells += [f"{c['error after']:5}", f"{_score(c, 'before')} → {_score(c, 'after')}"]
        print(f"{module.removeprefix('promptls.'):{width}}  " + "  ".join(cells))
    print("\n".join(["", *survivors]) if survivors else "\nno surviving variants")
    return 0


def _score(counts: Counter[str], when: str) -> str:
    alive = counts[f"survived {when}"]
    ran = counts[f"killed {when}"] + counts[f"timeout {when}"] + alive
    return f"{100 * (ran - alive) / ran:5.1f}%" if ran else "    -"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("filters", nargs="*", help="only modules whose path holds one of these")
    parser.add_argument("--report", action="store_true", help="the table of recorded results")
    parser.add_argument("--list", action="store_true", help="the variants, without running")
    parser.add_argument("--reselect", action="store_true", help="record the test selection again")
    parser.add_argument("--with-corpus", action="store_true", help="also the corpus tests")
    parser.add_argument("--rerun", action="store_true", help="survivors again, with new tests")
    parser.add_argument("--site", action="append", default=[], help="only this pattern name")
    parser.add_argument("--fresh", action="store_true", help="run recorded variants again")
    args = parser.parse_args()
    if args.list:
        for site in all_sites(args.filters):
            for pattern, flags, what in site_variants(site):
                print(f"{site.module}:{site.line} {site.name}: {what}: {pattern!r} {flags}")
        return 0
    if not args.report:
        run(args.filters, args.reselect, args.rerun, args.fresh, args.with_corpus, args.site)
    return report(args.filters)


if __name__ == "__main__":
    sys.exit(main())
