"""No literal agent name decides anything outside that agent's home.

What an agent does lives in ``promptls/agents/<home>/``; the generic code asks the
profile (its fields and hooks) and never compares a profile's name with ``"codex"``.
So every module of the package outside the homes is parsed (``ast``) for a literal
agent name in a comparison (``==``, ``!=``, ``in``/``not in`` either way), in a
``match`` case, or as a key of a dict literal (a dispatch table by name); and the
editor clients (hand-written and generated, tests aside) are searched for the same
comparisons in TypeScript, Lua and Emacs Lisp. Naming an agent in prose, in a default
(``DEFAULT_PROFILE``) or in a list of every profile is not deciding by name.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from promptls.agents.registry import PROFILES

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "server" / "promptls"
HOMES = PACKAGE / "agents"
EDITORS = ROOT / "editors"
EDITOR_SUFFIXES = (".ts", ".mjs", ".js", ".lua", ".el")

NAMES = frozenset(PROFILES)


def _named(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and node.value in NAMES


def _collection_names(node: ast.AST) -> bool:
    return isinstance(node, ast.Tuple | ast.List | ast.Set) and any(map(_named, node.elts))


def name_decisions(source: str) -> Iterator[tuple[int, str]]:
    """(line, code) of each place ``source`` decides by a literal agent name."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for op, left, right in zip(node.ops, sides, sides[1:], strict=False):
                membership = isinstance(op, ast.In | ast.NotIn)
                if _named(left) or _named(right) or (membership and _collection_names(right)):
                    yield node.lineno, ast.unparse(node)
                    break
        elif isinstance(node, ast.match_case):
            values = [m.value for m in ast.walk(node.pattern) if isinstance(m, ast.MatchValue)]
            if any(map(_named, values)):
                yield node.pattern.lineno, f"case {ast.unparse(node.pattern)}"
        elif isinstance(node, ast.Dict) and any(map(_named, node.keys)):
            keys = ", ".join(repr(k.value) for k in node.keys if isinstance(k, ast.Constant))
            yield node.lineno, f"a dict keyed by {keys}"


def _outside_homes() -> list[Path]:
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 50, "the package was not found"
    in_a_home = [p for p in modules if p.is_relative_to(HOMES) and p.parent != HOMES]
    assert in_a_home, "no agent home was found"
    return [p for p in modules if p not in in_a_home]


def test_no_module_outside_an_agents_home_decides_by_its_name() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{line}: {code}"
        for path in _outside_homes()
        for line, code in name_decisions(path.read_text(encoding="utf-8"))
    ]
    assert found == []


_QUOTED = r"[\"'`](?:{names})[\"'`]"
_EDITOR_SHAPES = (
    r"(?:===|!==|==|!=|~=)\s*{quoted}",  # TS, Lua: x === "codex", p ~= "or"
    r"{quoted}\s*(?:===|!==|==|!=|~=)",  # "codex" === x
    r"\bcase\s+{quoted}\s*:",  # TS switch
    # elisp: (string= profile "or"), (member p '("codex"))
    r"\(\s*(?:string=|string-equal|equal|eq|member|assoc|pcase)(?=\s)[^()]*\"(?:{names})\"",
    r"\(\s*\"(?:{names})\"\s",  # an elisp pcase/cond clause on the name
    r"\[\s*{quoted}\s*\]\s*=(?!=)",  # a Lua table keyed by the name
    r"^\s*{quoted}\s*:\s*(?:function\b|\(|async\b)",  # a TS dispatch object's handler
)


def editor_decisions(text: str) -> Iterator[tuple[int, str]]:
    """(line, text) of each line of an editor client that decides by an agent name."""
    names = "|".join(re.escape(n) for n in sorted(NAMES))
    quoted = _QUOTED.format(names=names)
    shapes = [re.compile(s.format(quoted=quoted, names=names)) for s in _EDITOR_SHAPES]
    for number, line in enumerate(text.splitlines(), 1):
        if any(shape.search(line) for shape in shapes):
            yield number, line.strip()


def _editor_sources() -> list[Path]:
    files = [
        p
        for p in sorted(EDITORS.rglob("*"))
        if p.suffix in EDITOR_SUFFIXES
        and "node_modules" not in p.parts
        and "test" not in p.parts
        and "out" not in p.parts
        and "dist" not in p.parts
    ]
    assert any(p.name == "api.ts" for p in files) and any(p.name == "api.lua" for p in files)
    return files


def test_no_editor_client_decides_by_an_agent_name() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {code}"
        for path in _editor_sources()
        for line, code in editor_decisions(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_search_sees_each_way_of_deciding_by_name() -> None:
    """The two searches above, on the shapes they look for (and on what is no decision)."""
    python = """
if profile == "or": pass
if "codex" != name: pass
if p.name in ("gemini", "x"): pass
if "cursor" in names: pass
match profile:
    case "copilot": pass
RENDERERS = {"claude": render}
"""
    assert [line for line, _ in name_decisions(python)] == [2, 3, 4, 5, 7, 8]
    quiet = 'DEFAULT_PROFILE = "or"\nORDER = ("or", "claude")\nok = kind == "prose"\n'
    assert list(name_decisions(quiet)) == []
    editors = """
const items = PROFILES.filter((p) => p !== "or");
return p ~= "or"
if ("codex" === x) {}
case 'gemini':
(when (string= profile "claude") t)
local by = { ["cursor"] = 1 }
  "opencode": (found) => found,
profile = "codex",
export const PROFILES = ["or", "claude"] as const;
"""
    assert [line for line, _ in editor_decisions(editors)] == [2, 3, 4, 5, 6, 7, 8]
