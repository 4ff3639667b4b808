"""The dependency contract: which part of promptls may import which, read from the code.

Every module is parsed (``ast``), and every import counts: top-level, inside functions
(deferred), under ``if TYPE_CHECKING`` and through a start-up seam (``later.yaml``) alike,
since each is a dependency a reader has to follow. The layering it keeps true: the pure
core never reaches the LSP stack, the analysis never reads config files, the LSP
features talk through shared modules rather than each other, and an import waits for its
first use only at a seam of ``promptls.later``, used only by the modules the seam names,
where the generic code asks the registry for every agent's part of one kind
(``home_parts("framing")``: each agent home's ``framing`` module, counted as imported by
the caller and belonging to the unit ``HOME_PARTS`` gives it), or where a profile names
its discovery hooks' module (``Profile(hooks=...)``, counted as imported by its home).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from promptls.later import SEAMS, When

PACKAGE = Path(__file__).resolve().parents[2] / "server" / "promptls"

SHIMS = frozenset({"context", "skills", "render", "system", "environment"})
"""Documented public modules that only re-export; nothing inside promptls uses them."""

ALLOWED: dict[str, frozenset[str]] = {
    "record": frozenset(),
    "later": frozenset(),
    "text": frozenset(),
    "prompt": frozenset(),
    "tokens": frozenset(),
    "agents": frozenset({"text", "prompt", "discovery"}),
    "discovery": frozenset({"text", "prompt", "agents"}),
    "assembly": frozenset({"agents", "discovery", "text", "prompt", "tokens"}),
    "analysis": frozenset({"text", "prompt", "tokens", "agents", "discovery"}),
    "config": frozenset({"analysis", "agents", "discovery", "prompt"}),
    "views": frozenset({"text", "prompt", "tokens", "agents", "discovery", "assembly", "apidesc"}),
    "apidesc": frozenset({"analysis", "config", "agents", "discovery", "prompt"}),
    "commands": frozenset(
        {"text", "prompt", "tokens", "agents", "discovery", "assembly", "analysis", "config"}
        | {"views", "apidesc"}
    ),
    "lsp": frozenset(
        {"text", "prompt", "tokens", "agents", "discovery", "assembly", "analysis", "config"}
        | {"views", "apidesc"}
    ),
    "mcp": frozenset(
        {"text", "prompt", "tokens", "agents", "discovery", "assembly", "analysis", "config"}
        | {"views", "apidesc"}
    ),
    "oracle": frozenset({"text", "prompt", "tokens", "agents", "discovery", "assembly"}),
    "cli": frozenset({"commands"}),
}
"""Unit → the other units it may import. The package root (``__version__``) and ``record``
(the base of every record type) are open to all."""

OPEN_TO_ALL = frozenset({"promptls", "record", "later"})

HOME_PARTS: dict[str, str] = {"framing": "assembly", "oracle": "oracle"}
"""A module of an agent's home (``promptls/agents/<home>/<part>.py``) → the unit it
belongs to. The home's ``__init__`` (its profile) is pure core (unit ``agents``); its
framing is assembly and its oracle adapter is the oracle harness, so each imports what
that unit may and only that unit's callers reach it, through ``home_parts``."""

HOME_PARTS_CALL = "home_parts"
"""``agents.registry.home_parts("framing")`` imports every home's ``framing`` module:
counted as an import of each, by the module that calls it."""

MODULE_EXCEPTIONS: dict[str, frozenset[str]] = {
    "promptls.commands.serve": frozenset({"lsp"}),
    "promptls.commands.observe": frozenset({"oracle"}),
    "promptls.commands.mcp": frozenset({"mcp"}),
    "promptls.mcp.answers": frozenset({"commands"}),
}
"""The commands that start the language server and the MCP server, and the one that runs
the user's agent (docs/observe.md); and the MCP answers, which return what ``check``,
``explain``, ``rule`` and ``rules`` print through those commands' own serialisers
(``commands._check_output``, ``explain``, ``rules``) rather than a copy."""

THIRD_PARTY_MCP = frozenset({"mcp", "pydantic"})
"""Only ``mcp/server.py`` may import the MCP SDK (an optional extra): the rest of the
package, ``promptls mcp --print-config`` included, works without it."""

THIRD_PARTY_LSP = frozenset({"pygls", "lsprotocol"})
"""Only ``lsp`` may import these: everything else is usable without the LSP stack."""


@dataclass(frozen=True)
class Import:
    """One import statement: who imports what, where, and how."""

    module: str
    target: str
    line: int
    deferred: bool
    type_only: bool
    reason: bool
    """A comment on the import's line or the line above it."""
    seam: str | None = None
    """The ``promptls.later`` seam it goes through (``later.yaml``), if any."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports_of(path: Path) -> list[Import]:
    module = _module_name(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[Import] = []

    def visit(node: ast.AST, deferred: bool, type_only: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                visit(child, True, type_only)
            elif isinstance(child, ast.If) and _is_type_checking(child):
                visit(child, deferred, True)
            elif isinstance(child, ast.Import | ast.ImportFrom):
                for target in _targets(child, module, path.name == "__init__.py"):
                    here = lines[child.lineno - 1]
                    above = lines[child.lineno - 2].strip() if child.lineno > 1 else ""
                    reason = "#" in here or above.startswith("#")
                    found.append(Import(module, target, child.lineno, deferred, type_only, reason))
            else:
                visit(child, deferred, type_only)

    tree = ast.parse("\n".join(lines))
    visit(tree, False, False)
    found += _home_part_imports(module, tree)
    found += _hooks_imports(module, tree)
    if module == LATER:
        return []  # its imports are the seams' own, counted where each seam is used
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "later"
        ):
            target = SEAMS[node.attr].module if node.attr in SEAMS else f"{LATER}.{node.attr}"
            found.append(Import(module, target, node.lineno, True, False, True, node.attr))
    return found


LATER = "promptls.later"


def _home_part_imports(module: str, tree: ast.Module) -> list[Import]:
    """What a ``home_parts("<part>")`` call imports: every home's ``<part>`` module."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        part = node.args[0]
        if name != HOME_PARTS_CALL:
            continue
        assert isinstance(part, ast.Constant) and isinstance(part.value, str), (
            f"{module}:{node.lineno}: home_parts takes the part's name as a literal"
        )
        for path in sorted((PACKAGE / "agents").glob(f"*/{part.value}.py")):
            target = _module_name(path)
            found.append(Import(module, target, node.lineno, True, False, True, HOME_PARTS_CALL))
    return found


HOOKS_FIELD = "hooks"
"""``Profile(hooks="promptls.agents.<home>.discovery")``: the module the profile's
discovery imports on first use (``Profile.discovery``), counted as an import of the home
that names it."""


def _hooks_imports(module: str, tree: ast.Module) -> list[Import]:
    """What a profile's ``hooks=`` names: its hooks module, imported when discovery runs."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or getattr(node.func, "id", None) != "Profile":
            continue
        for keyword in node.keywords:
            if keyword.arg != HOOKS_FIELD:
                continue
            value = keyword.value
            assert isinstance(value, ast.Constant) and _is_module(str(value.value)), (
                f"{module}:{node.lineno}: hooks= names a module of promptls as a literal"
            )
            found.append(Import(module, value.value, value.lineno, True, False, True, HOOKS_FIELD))
    return found


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """Imported module names; ``from pkg import sub`` names ``pkg.sub`` when it is one."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parent = module.split(".")[: len(module.split(".")) - node.level + is_package]
        base = ".".join([*parent, base] if base else parent)
    out = []
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        out.append(sub if _is_module(sub) else base)
    return out


def _is_module(name: str) -> bool:
    parts = name.split(".")
    if parts[0] != "promptls":
        return False
    path = PACKAGE.parent.joinpath(*parts)
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _unit(module: str) -> str:
    parts = module.split(".")
    if parts == ["promptls"]:
        return "promptls"
    if parts[1] == "agents" and len(parts) == 4 and parts[3] in HOME_PARTS:
        return HOME_PARTS[parts[3]]
    return "cli" if parts[1] == "__main__" else parts[1]


@cache
def _all_imports() -> tuple[Import, ...]:
    """Every import in the package, parsed once for all the tests below (read-only)."""
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 50, "the package was not found"
    return tuple(imp for path in modules for imp in _imports_of(path))


def test_every_unit_is_in_the_table() -> None:
    units = {_unit(_module_name(p)) for p in PACKAGE.rglob("*.py")}
    assert units - {"promptls"} - SHIMS == set(ALLOWED)


def test_units_import_only_what_the_table_allows() -> None:
    broken = []
    for imp in _all_imports():
        if not imp.target.startswith("promptls"):
            continue
        mine, theirs = _unit(imp.module), _unit(imp.target)
        if theirs == mine or theirs in OPEN_TO_ALL or mine in SHIMS:
            continue
        allowed = ALLOWED[mine] | MODULE_EXCEPTIONS.get(imp.module, frozenset())
        if theirs not in allowed:
            broken.append(f"{imp.module}:{imp.line} imports {imp.target}")
    assert broken == []


def test_the_lsp_libraries_stay_inside_lsp() -> None:
    broken = [
        f"{imp.module}:{imp.line} imports {imp.target}"
        for imp in _all_imports()
        if imp.target.split(".")[0] in THIRD_PARTY_LSP and _unit(imp.module) != "lsp"
    ]
    assert broken == []


def test_the_mcp_sdk_stays_inside_the_mcp_server_module() -> None:
    broken = [
        f"{imp.module}:{imp.line} imports {imp.target}"
        for imp in _all_imports()
        if imp.target.split(".")[0] in THIRD_PARTY_MCP and imp.module != "promptls.mcp.server"
    ]
    assert broken == []


def test_lsp_feature_modules_do_not_import_each_other() -> None:
    """Features (modules with ``register(server)``) share ``workspace``/``command_ids``;
    only the server factory imports them, and they see the server type only for typing."""
    features = set()
    for path in (PACKAGE / "lsp").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.FunctionDef) and n.name == "register" for n in tree.body):
            features.add(_module_name(path))
    assert {"promptls.lsp.sync", "promptls.lsp.commands"} <= features
    broken = [
        f"{imp.module}:{imp.line} imports {imp.target}"
        for imp in _all_imports()
        if imp.module in features
        and not imp.type_only
        and (imp.target in features or imp.target == "promptls.lsp.server")
    ]
    assert broken == []


def test_nothing_inside_promptls_uses_the_re_export_modules() -> None:
    broken = [
        f"{imp.module}:{imp.line} imports {imp.target}"
        for imp in _all_imports()
        if imp.target.startswith("promptls.") and _unit(imp.target) in SHIMS
    ]
    assert broken == []


def test_no_import_waits_inside_a_function() -> None:
    """Imports go at the top of a module; one that must wait goes through a seam."""
    broken = [
        f"{imp.module}:{imp.line} imports {imp.target} inside a function"
        for imp in _all_imports()
        if imp.deferred and imp.seam is None
    ]
    assert broken == []


def test_each_seam_is_used_only_by_the_modules_it_names() -> None:
    broken = []
    for imp in _all_imports():
        if imp.seam is None or imp.seam in ("names", "load", "When", HOME_PARTS_CALL, HOOKS_FIELD):
            continue
        seam = SEAMS.get(imp.seam)
        if seam is None:
            broken.append(f"{imp.module}:{imp.line} uses later.{imp.seam}, which is no seam")
        elif not any(imp.module.startswith(user) for user in seam.users):
            broken.append(f"{imp.module}:{imp.line} uses later.{imp.seam} ({seam.users})")
    assert broken == []


def test_every_seam_is_used_or_loaded_ahead() -> None:
    used = {imp.seam for imp in _all_imports() if imp.seam is not None}
    ahead = {name for name, seam in SEAMS.items() if seam.when is When.AFTER_INITIALIZE}
    assert set(SEAMS) - used - ahead == set()


def test_the_package_declares_its_types() -> None:
    assert (PACKAGE / "py.typed").is_file()


RUNS_PROGRAMS = "promptls.oracle"
"""The oracle starts agents (``oracle/runner.py``); the pure layers never reach it."""


def test_the_pure_layers_never_import_the_oracle_runner() -> None:
    """The oracle harness and the agents' oracle adapters (their unit is ``oracle``)."""
    pure = {"lsp", "analysis", "discovery", "assembly", "text", "prompt", "tokens", "config"}
    pure |= {"agents", "views", "apidesc", "mcp"}
    broken = [
        f"{imp.module}:{imp.line} imports {imp.target}"
        for imp in _all_imports()
        if _unit(imp.module) in pure
        and imp.target.startswith("promptls")
        and (imp.target.startswith(RUNS_PROGRAMS) or _unit(imp.target) == "oracle")
    ]
    assert broken == []


def test_importing_every_agent_home_loads_no_framing_and_no_oracle() -> None:
    """The pure core reads the profiles (the registry imports every home); an agent's
    framing and oracle adapter wait for the assembly and the oracle to ask for them."""
    script = (
        "import sys, promptls.agents.registry\n"
        "print('\\n'.join(m for m in sys.modules if m.startswith('promptls.')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout.split()
    assert "promptls.agents.claude" in loaded
    assert [m for m in loaded if _unit(m) not in {"agents", *ALLOWED["agents"], *OPEN_TO_ALL}] == []


AGENT_BASE = frozenset(
    {
        "promptls.agents",
        "promptls.agents.model",
        "promptls.agents.frontmatter",
        "promptls.agents.registry",
    }
)
"""What the generic code may import of ``agents``: the record types (the profile, the
front-matter schema) and the registry."""


def test_generic_discovery_and_analysis_reach_an_agent_only_through_its_profile() -> None:
    """The walker, the cache, the glob code and the rules call the hooks and read the
    data a profile carries; importing an agent's home directly would let them branch on
    one agent again."""
    broken = [
        f"{imp.module}:{imp.line} imports {imp.target}"
        for imp in _all_imports()
        if _unit(imp.module) in ("discovery", "analysis")
        and imp.target.startswith("promptls.agents")
        and imp.target not in AGENT_BASE
    ]
    assert broken == []
