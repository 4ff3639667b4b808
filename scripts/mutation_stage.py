"""Copy server/ into the mutation staging tree with the decorators of the mutation
targets' functions taken off (memos) or applied after the definition (``property``,
``contextmanager``), so that mutmut mutates the functions they decorate.

mutmut 3 leaves every decorated function alone (only a lone ``@staticmethod`` or
``@classmethod`` is allowed), so a function under ``@lru_cache``, ``@cache`` or
``@cached_property`` got no mutant at all. A memo changes only how often a function
runs, never its answer (the memoised functions are pure and their results are not
modified by callers), so the staging copy computes every answer every time:

- ``@lru_cache``/``@cache`` on a module-level function: the decorator line becomes a
  comment, and a no-op ``cache_clear`` is attached at the end of the file (tests clear
  the memo to start cold; there is none to clear).
- ``@cached_property``: the decorator line becomes a comment and
  ``Class.name = property(Class.name)`` goes at the end of the file (a ``@property``
  decorator would be skipped by mutmut too); the attribute reads as before, recomputed
  on each read.
- ``@property`` and ``@contextmanager``, which change no answer, are applied again the
  same way (``Class.name = property(Class.name)``, ``f = contextmanager(f)``) at the end
  of the file; a property with a setter or deleter is left as it is.

Every line keeps its number. mypy cannot follow the rebinding (it still sees a method),
so the staged copy is checked by running the tests on it (mutmut's clean run), not by
mypy; the server's own files stay strict-mypy clean.

Stripping the memo also keeps a mutant from hiding behind an answer memoised before
the fork: mutmut runs each mutant in a child of a process that has already run tests.

Only files matched by ``only_mutate`` in the staging tree's ``pyproject.toml`` are
changed; every other file is copied as it is.

Usage: ``python scripts/mutation_stage.py SERVER_DIR STAGE_DIR``; it writes
``STAGE_DIR/src`` and prints one line per function it changed.
"""

from __future__ import annotations

import ast
import fnmatch
import shutil
import sys
import tomllib
from pathlib import Path

MEMOS = {"cache", "lru_cache", "cached_property"}
REAPPLIED = {"property", "contextmanager"}
"""Decorators that change no answer either: applied again after the class or module is
built (``Class.name = property(Class.name)``), so that mutmut sees a plain function."""


def _name(decorator: ast.expr) -> str | None:
    """``lru_cache`` for ``@lru_cache``, ``@functools.lru_cache(maxsize=1)`` and the like,
    when it is one of ``MEMOS`` or ``REAPPLIED``."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", None)
    return name if name in MEMOS | REAPPLIED else None


def _accessors(body: list[ast.stmt]) -> set[str]:
    """Properties with a setter, deleter or getter (``@x.setter``): not taken apart."""
    return {
        d.value.id
        for node in body
        if isinstance(node, ast.FunctionDef)
        for d in node.decorator_list
        if isinstance(d, ast.Attribute) and isinstance(d.value, ast.Name)
    }


def strip(source: str) -> tuple[str, list[str]]:
    """``source`` without its memo decorators, and the ``Class.function`` names stripped.
    Each decorator line becomes a comment and the rebinding lines go at the end of the
    file, so every line keeps its number (``mutmut show`` and docs/mutation.md cite them)."""
    lines = source.splitlines(keepends=True)
    tail: list[str] = []
    stripped: list[str] = []

    def visit(body: list[ast.stmt], owner: str) -> None:
        kept = _accessors(body)
        for node in body:
            if isinstance(node, ast.ClassDef):
                visit(node.body, f"{owner}{node.name}.")
            if not isinstance(node, ast.FunctionDef) or node.name in kept:
                continue
            found = [(d, name) for d in node.decorator_list if (name := _name(d))]
            if not found:
                continue
            if len(node.decorator_list) > 1:
                sys.exit(f"mutation_stage: {owner}{node.name}: two decorators")
            decorator, name = found[0]
            for index in range(decorator.lineno - 1, decorator.end_lineno or decorator.lineno):
                indent = lines[index][: len(lines[index]) - len(lines[index].lstrip())]
                lines[index] = f"{indent}# decorator taken off by scripts/mutation_stage.py\n"
            qualified = f"{owner}{node.name}"
            if name in ("cached_property", "property"):
                tail.append(f"{qualified} = property({qualified})  # type: ignore\n")
            elif name == "contextmanager":
                wrap = ast.unparse(decorator)
                tail.append(f"{qualified} = {wrap}({qualified})  # type: ignore\n")
            elif owner:
                sys.exit(f"mutation_stage: {qualified}: a memoised method is not handled")
            else:
                tail.append(f"{qualified}.cache_clear = lambda: None  # type: ignore\n")
            stripped.append(qualified)

    visit(ast.parse(source).body, "")
    if not tail:
        return source, []
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return "".join([*lines, "\n", *tail]), stripped


def main(server: Path, stage: Path) -> None:
    config = tomllib.loads((stage / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["mutmut"]["only_mutate"]
    src = stage / "src"
    shutil.rmtree(src, ignore_errors=True)
    shutil.copytree(server, src, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for path in sorted(src.rglob("*.py")):
        relative = path.relative_to(stage).as_posix()
        if not any(fnmatch.fnmatch(relative, p) for p in patterns):
            continue
        text, stripped = strip(path.read_text(encoding="utf-8"))
        if stripped:
            path.write_text(text, encoding="utf-8")
            print(f"decorator taken off: {relative}: {', '.join(stripped)}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: mutation_stage.py SERVER_DIR STAGE_DIR")
    main(Path(sys.argv[1]), Path(sys.argv[2]))
