"""One copy of each primitive, read from the code: where a Markdown text's code is
(``promptls.text.markdown``: fences, code spans, indented code, per CommonMark) and
whether a path lies in a folder (``promptls.text.paths.within``).

Copies drift: two fence finders once disagreed on a closing run followed by a form feed,
and four containment helpers on trailing separators and ``..``. So no other module may
write a fence or backtick-run pattern, count backticks to guess at a code span, or test
containment by string prefix, ``commonpath``, ``Path.parents`` or ``is_relative_to``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "server" / "promptls"
MARKDOWN = "text/markdown/"
PATHS = "text/paths.py"

_CODE_PATTERN = re.compile(r"[`~]\{\d|`\+|```\||~~~\|")
"""A regex for a fence run (```` `{3,} ````, ``~{3,}``), a backtick run (`` `+ ``) or the
two fence leads as alternatives."""
_PATH_ARGS = frozenset({"path", "folder", "root", "parent", "directory", "base"})
_CONTAINMENT_NAMES = frozenset({"inside", "_inside", "within", "_within", "is_inside"})


def _mentions_sep(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Attribute) and n.attr in {"sep", "altsep"} for n in ast.walk(node))


_REGEX_CALLS = frozenset(
    {"lazy", "Leads", "compile", "search", "match", "fullmatch", "findall", "finditer", "sub"}
)
"""The calls a pattern is handed to (``promptls.text.lazyre.lazy``, ``Leads``, ``re``)."""


def _name(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def code_copies(source: str) -> list[str]:
    """What in ``source`` finds Markdown code by itself: a fence or backtick-run pattern
    handed to a regex, or a count of backticks."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        first = node.args[0]
        if _name(node.func) in _REGEX_CALLS:
            for part in ast.walk(first):
                if (
                    isinstance(part, ast.Constant)
                    and isinstance(part.value, str)
                    and _CODE_PATTERN.search(part.value)
                ):
                    found.append(f"line {node.lineno}: pattern {part.value!r}")
        elif _name(node.func) == "count" and isinstance(first, ast.Constant) and first.value == "`":
            found.append(f"line {node.lineno}: counts backticks")
    return found


def containment_copies(source: str) -> list[str]:
    """What in ``source`` decides by itself whether a path is in a folder."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name == "startswith" and any(_mentions_sep(a) for a in node.args):
                found.append(f"line {node.lineno}: startswith(... os.sep)")
            elif name in {"commonpath", "is_relative_to"}:
                found.append(f"line {node.lineno}: {name}")
        elif (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Add)
            and _mentions_sep(node.right)
            and isinstance(node.left, ast.Call)
            and _name(node.left.func) == "rstrip"
        ):
            found.append(f"line {node.lineno}: a folder prefix (….rstrip(os.sep) + os.sep)")
        elif isinstance(node, ast.Compare) and any(
            isinstance(op, ast.In | ast.NotIn) for op in node.ops
        ):
            if any(isinstance(c, ast.Attribute) and c.attr == "parents" for c in node.comparators):
                found.append(f"line {node.lineno}: in ….parents")
        elif (
            isinstance(node, ast.FunctionDef)
            and node.name in _CONTAINMENT_NAMES
            and {a.arg for a in node.args.args} & _PATH_ARGS
        ):
            found.append(f"line {node.lineno}: def {node.name}")
    return found


def _modules() -> list[tuple[str, str]]:
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 50, "the package was not found"
    return [(p.relative_to(PACKAGE).as_posix(), p.read_text(encoding="utf-8")) for p in modules]


def test_only_the_markdown_module_finds_code() -> None:
    copies = {
        name: found
        for name, source in _modules()
        if not name.startswith(MARKDOWN) and (found := code_copies(source))
    }
    assert copies == {}


def test_only_the_paths_module_decides_containment() -> None:
    copies = {
        name: found
        for name, source in _modules()
        if name != PATHS and (found := containment_copies(source))
    }
    assert copies == {}


@pytest.mark.parametrize(
    "source",
    [
        '_FENCE = lazy(r"^ {0,3}(`{3,}|~{3,})")',
        '_BACKTICKS = lazy(r"`+")',
        '_RUN = Leads(r"```|~~~")',
        "odd = text.count('`', start, end) % 2 == 1",
    ],
)
def test_a_copy_of_the_code_finder_is_seen(source: str) -> None:
    assert code_copies(source) != []


@pytest.mark.parametrize(
    "source",
    [
        "ok = path.startswith(root.rstrip(os.sep) + os.sep)",
        "prefix = path.rstrip(os.sep) + os.sep",
        "ok = os.path.commonpath([path, folder]) == folder",
        "ok = p == f or f in p.parents",
        "ok = Path(path).is_relative_to(folder)",
        "def inside(path, folder):\n    return True",
    ],
)
def test_a_copy_of_the_containment_test_is_seen(source: str) -> None:
    assert containment_copies(source) != []


def test_prose_may_show_a_fence() -> None:
    assert code_copies('HELP = "Wrap it in ```` ``` ```` or `` `+ ``."\n') == []
