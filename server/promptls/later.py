"""Imports that wait for their first use: the start-up seams, in one list.

A language server is judged by how soon it answers ``initialize`` and how soon the first
file's diagnostics arrive, and the CLI by how soon a small ``check`` ends; a module that
is imported but not needed yet costs both. So the few modules the budgets in
``docs/performance.md`` cannot pay for at start-up are named here, in ``SEAMS``, and
reached as attributes of this module: ``later.yaml.safe_load(...)`` imports YAML the
first time it runs and is a plain attribute read after that (the module ``__getattr__``
of PEP 562, as in the Scientific Python lazy-loading convention, SPEC 1). Everywhere else
imports go at the top of the module: ``tests/core/test_contract.py`` fails on an import
inside a function, on a seam used by a module its ``users`` do not name, and on a
``TYPE_CHECKING`` block below that does not match ``SEAMS`` (``scripts/gen-api`` writes it).

``when`` says who loads a seam ahead of need, so a user never waits for it either: the
code cache installs the ``BEFORE_LSPROTOCOL`` ones, the server's warm-up thread imports
the ``AFTER_INITIALIZE`` ones once ``initialize`` is answered and the ``AFTER_DIAGNOSTICS``
ones in quiet moments after the first diagnostics (``lsp/warmup.py``); the server's own
modules import the ``WITH_THE_SERVER`` ones at its start, so only the other commands
wait for them; ``ON_REQUEST`` ones load only for the command that uses them.
"""

from __future__ import annotations

import importlib
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple


class When(Enum):
    """Who imports a seam before it is needed (see the module docstring)."""

    BEFORE_LSPROTOCOL = "before lsprotocol"
    AFTER_INITIALIZE = "after initialize"
    AFTER_DIAGNOSTICS = "after the first diagnostics"
    WITH_THE_SERVER = "with the server"
    ON_REQUEST = "on request"


class Seam(NamedTuple):
    """One deferred import: the module, the modules that may use it (prefixes), why."""

    module: str
    users: tuple[str, ...]
    when: When
    why: str


_LSP = ("promptls.lsp.",)
_SERVER_AND_CLI = ("promptls.lsp.", "promptls.commands.", "promptls.cli")
_FEATURE = (
    "a feature the client asks for (completion, a rename, a code action, the workspace's"
    " diagnostics), not the analysis: the first diagnostics do not wait for it"
)

SEAMS: dict[str, Seam] = {
    # The generators the code cache stands in front of (lsp/codecache.py).
    "attr_make": Seam(
        "attr._make",
        ("promptls.lsp.codecache",),
        When.BEFORE_LSPROTOCOL,
        "attrs' method generator: the code cache stands in front of its compile",
    ),
    "cattrs_gen": Seam(
        "cattrs.gen",
        ("promptls.lsp.codecache",),
        When.BEFORE_LSPROTOCOL,
        "cattrs' converter generator: as above",
    ),
    "dataclasses": Seam(
        "dataclasses",
        ("promptls.lsp.codecache", "promptls.record"),
        When.BEFORE_LSPROTOCOL,
        "dataclasses' method generator: as above; records (``record.py``) need it only"
        " when the standard library's dataclass functions are used on them (~10 ms of"
        " every command's start with ``inspect``)",
    ),
    "lazymethods": Seam(
        "promptls.lsp.lazymethods",
        ("promptls.lsp.codecache",),
        When.ON_REQUEST,
        "only a class the code cache does not hold yet needs it",
    ),
    # The language server: promptls serve only; initialize waits for none of the analysis.
    "codecache": Seam(
        "promptls.lsp.codecache",
        ("promptls.commands.serve",),
        When.ON_REQUEST,
        "promptls serve only",
    ),
    "lsp_server": Seam(
        "promptls.lsp.server",
        ("promptls.commands.serve",),
        When.ON_REQUEST,
        "promptls serve only: the other commands never load pygls",
    ),
    "analysis_rules": Seam(
        "promptls.analysis.rules",
        (*_LSP, "promptls.config"),
        When.AFTER_INITIALIZE,
        "as above; and a config reads rule codes only when it names some",
    ),
    "analysis_agents": Seam("promptls.analysis.agents", _LSP, When.AFTER_INITIALIZE, "as above"),
    "analysis_loaders": Seam(
        "promptls.analysis.loaders",
        (*_LSP, "promptls.commands.context"),
        When.AFTER_DIAGNOSTICS,
        f"{_FEATURE}; and promptls context only with --loaders",
    ),
    "analysis_check_files": Seam(
        "promptls.analysis.check_files", _LSP, When.AFTER_DIAGNOSTICS, _FEATURE
    ),
    "analysis_completion": Seam(
        "promptls.analysis.completion", _LSP, When.AFTER_DIAGNOSTICS, _FEATURE
    ),
    "analysis_drift": Seam(
        "promptls.analysis.drift",
        _LSP,
        When.ON_REQUEST,
        "the copies' diff in a hover; an instruction file's first analysis loads it with PL027",
    ),
    "analysis_engine": Seam("promptls.analysis.engine", _LSP, When.AFTER_INITIALIZE, "as above"),
    "analysis_shim": Seam("promptls.analysis.shim", _LSP, When.AFTER_DIAGNOSTICS, _FEATURE),
    "frontmatter_check": Seam(
        "promptls.analysis.frontmatter_check", _LSP, When.AFTER_INITIALIZE, "as above"
    ),
    "frontmatter_kinds": Seam(
        "promptls.analysis.frontmatter_kinds", _LSP, When.AFTER_INITIALIZE, "as above"
    ),
    "pl029_skill_template_trap": Seam(
        "promptls.analysis.rules.pl029_skill_template_trap", _LSP, When.AFTER_INITIALIZE, "as above"
    ),
    "pl030_unclosed_fence": Seam(
        "promptls.analysis.rules.pl030_unclosed_fence", _LSP, When.AFTER_INITIALIZE, "as above"
    ),
    "config": Seam(
        "promptls.config",
        (*_LSP, "promptls.commands.context"),
        When.AFTER_INITIALIZE,
        "the settings' reader: as above; and promptls context only when no --profile or"
        " --all-profiles names the agents",
    ),
    "discovery": Seam(
        "promptls.discovery",
        ("promptls.lsp.", "promptls.commands._common"),
        When.AFTER_INITIALIZE,
        "instruction-file discovery: as above, and promptls render never needs it",
    ),
    "discovery_api": Seam("promptls.discovery.api", _LSP, When.AFTER_INITIALIZE, "as above"),
    "discovery_walk": Seam(
        "promptls.discovery.walk",
        ("promptls.discovery.api",),
        When.AFTER_DIAGNOSTICS,
        "the walker: a prompt's analysis asks discovery which paths are instruction files"
        " and never walks (~3 ms)",
    ),
    "discovery_setup": Seam("promptls.discovery.setup", _LSP, When.AFTER_INITIALIZE, "as above"),
    "discovery_links": Seam("promptls.discovery.links", _LSP, When.AFTER_DIAGNOSTICS, _FEATURE),
    "discovery_skills": Seam("promptls.discovery.skills", _LSP, When.AFTER_INITIALIZE, "as above"),
    "agents_registry": Seam("promptls.agents.registry", _LSP, When.AFTER_INITIALIZE, "as above"),
    "discovery_gitignore": Seam(
        "promptls.discovery.gitignore",
        _LSP,
        When.ON_REQUEST,
        "Git's ignore rules: the local-file code action; an instruction file's first analysis"
        " loads them with PL026 and PL032",
    ),
    # What only a command asks for: loaded when it runs.
    "assembly_agents": Seam(
        "promptls.assembly.agents",
        _LSP,
        When.ON_REQUEST,
        "the agents' framing: previews and hovers only",
    ),
    "assembly_assemble": Seam("promptls.assembly.assemble", _LSP, When.ON_REQUEST, "as above"),
    "assembly_render": Seam("promptls.assembly.render", _LSP, When.ON_REQUEST, "as above"),
    "assembly_diff": Seam("promptls.assembly.diff", _LSP, When.ON_REQUEST, "as above"),
    "assembly_environment": Seam(
        "promptls.assembly.environment", _LSP, When.ON_REQUEST, "as above"
    ),
    "views_shapes": Seam(
        "promptls.views.shapes",
        (*_LSP, "promptls.commands.context"),
        When.ON_REQUEST,
        "command results: only when a command runs; and promptls context only with --json",
    ),
    "views_loaders": Seam(
        "promptls.views.loaders", (*_LSP, "promptls.commands.context"), When.ON_REQUEST, "as above"
    ),
    "views_load_line": Seam("promptls.views.load_line", _LSP, When.ON_REQUEST, "as above"),
    "views_diff": Seam("promptls.views.diff", _LSP, When.ON_REQUEST, "as above"),
    "wire": Seam(
        "promptls.lsp.wire",
        _LSP,
        When.ON_REQUEST,
        "the wire text: hovers and previews only (~4 ms)",
    ),
    "tokens": Seam("promptls.tokens", _LSP, When.ON_REQUEST, "token counters: hovers only"),
    "mcp_server": Seam(
        "promptls.mcp.server",
        ("promptls.commands.mcp",),
        When.ON_REQUEST,
        "the MCP SDK is an optional extra",
    ),
    "oracle_observe": Seam(
        "promptls.oracle.observe",
        ("promptls.commands.observe",),
        When.ON_REQUEST,
        "promptls observe only: it runs the user's agent",
    ),
    "oracle_report": Seam(
        "promptls.oracle.report", ("promptls.commands.observe",), When.ON_REQUEST, "as above"
    ),
    # Libraries that only some files need; the server loads them after the first diagnostics.
    "yaml": Seam(
        "yaml",
        ("promptls.analysis.frontmatter_nodes", "promptls.discovery.frontmatter"),
        When.AFTER_DIAGNOSTICS,
        "front matter that is not plain key: value lines (~15 ms)",
    ),
    "wcmatch_glob": Seam(
        "wcmatch.glob",
        ("promptls.analysis.", "promptls.discovery.", "promptls.agents."),
        When.AFTER_DIAGNOSTICS,
        "globs: only path-scoped rules and settings (~10 ms)",
    ),
    "wcmatch_wcparse": Seam(
        "wcmatch._wcparse", ("promptls.discovery.globs",), When.AFTER_DIAGNOSTICS, "as above"
    ),
    "pathspec": Seam(
        "pathspec",
        ("promptls.discovery.gitignore",),
        When.AFTER_DIAGNOSTICS,
        "Git's ignore rules: only local files",
    ),
    "tomllib": Seam(
        "tomllib",
        ("promptls.config", "promptls.discovery."),
        When.AFTER_DIAGNOSTICS,
        "only a workspace with a TOML settings file",
    ),
    "shlex": Seam(
        "shlex",
        ("promptls.analysis.",),
        When.AFTER_DIAGNOSTICS,
        "only skill templates with shell commands",
    ),
    "difflib": Seam(
        "difflib",
        ("promptls.analysis.", "promptls.commands._check_fix"),
        When.AFTER_DIAGNOSTICS,
        "only an unknown front-matter key or value (did you mean), copies alike (PL027)"
        " and check --diff",
    ),
    "pickle": Seam(
        "pickle",
        ("promptls.commands._check_jobs",),
        When.ON_REQUEST,
        "only a check that runs in several processes",
    ),
    "tempfile": Seam(
        "tempfile",
        ("promptls.lsp.codecache", "promptls.commands._check_fix"),
        When.ON_REQUEST,
        "only when the code cache is saved or check --fix writes a file",
    ),
    "commands_revision": Seam(
        "promptls.commands._revision",
        ("promptls.commands._check_since",),
        When.ON_REQUEST,
        "only check --since: it brings subprocess and tarfile (~5 ms of every check)",
    ),
    "argparse": Seam(
        "argparse",
        ("promptls.cli",),
        When.ON_REQUEST,
        "only a command line that is not the language server's fast path",
    ),
    "datetime": Seam(
        "datetime",
        ("promptls.commands._common",),
        When.ON_REQUEST,
        "only $PROMPTLS_TODAY, a fixed date: the environment block's own date needs no"
        " ``datetime`` (~1.5 ms of every context)",
    ),
    "pathlib": Seam(
        "pathlib",
        ("promptls.config", "promptls.discovery.api", "promptls.commands."),
        When.WITH_THE_SERVER,
        "paths that are not the usual existing folder, a config file, the owner of a"
        " rules file: pathlib brings urllib.parse and ipaddress (~5 ms of every context)",
    ),
    "urllib_parse": Seam(
        "urllib.parse",
        ("promptls.discovery.follow",),
        When.WITH_THE_SERVER,
        "only an import target with a %-escape (gemini-cli decodes it)",
    ),
    "importlib_metadata": Seam(
        "importlib.metadata", _SERVER_AND_CLI, When.ON_REQUEST, "package versions: --version only"
    ),
}


def names(when: When) -> tuple[str, ...]:
    """The seams a loader imports ahead of need, in the order listed."""
    return tuple(name for name, seam in SEAMS.items() if seam.when is when)


def load(name: str) -> Any:
    """Import one seam now (the warm-up's way; anything else reads the attribute)."""
    return __getattr__(name)


def __getattr__(name: str) -> Any:
    """Import a seam's module on first use and keep it as this module's attribute."""
    seam = SEAMS.get(name)
    if seam is None:
        raise AttributeError(f"module {__name__!r} has no seam {name!r}")
    module = importlib.import_module(seam.module)
    globals()[name] = module
    return module


if TYPE_CHECKING:
    # Written by scripts/gen-api from SEAMS, so type checkers see each seam's module.
    import argparse
    import dataclasses
    import datetime
    import difflib
    import importlib.metadata as importlib_metadata
    import pathlib
    import pickle
    import shlex
    import tempfile
    import tomllib
    import urllib.parse as urllib_parse

    import attr._make as attr_make
    import cattrs.gen as cattrs_gen
    import pathspec
    import wcmatch._wcparse as wcmatch_wcparse
    import wcmatch.glob as wcmatch_glob
    import yaml

    import promptls.agents.registry as agents_registry
    import promptls.analysis.agents as analysis_agents
    import promptls.analysis.check_files as analysis_check_files
    import promptls.analysis.completion as analysis_completion
    import promptls.analysis.drift as analysis_drift
    import promptls.analysis.engine as analysis_engine
    import promptls.analysis.frontmatter_check as frontmatter_check
    import promptls.analysis.frontmatter_kinds as frontmatter_kinds
    import promptls.analysis.loaders as analysis_loaders
    import promptls.analysis.rules as analysis_rules
    import promptls.analysis.rules.pl029_skill_template_trap as pl029_skill_template_trap
    import promptls.analysis.rules.pl030_unclosed_fence as pl030_unclosed_fence
    import promptls.analysis.shim as analysis_shim
    import promptls.assembly.agents as assembly_agents
    import promptls.assembly.assemble as assembly_assemble
    import promptls.assembly.diff as assembly_diff
    import promptls.assembly.environment as assembly_environment
    import promptls.assembly.render as assembly_render
    import promptls.commands._revision as commands_revision
    import promptls.config as config
    import promptls.discovery as discovery
    import promptls.discovery.api as discovery_api
    import promptls.discovery.gitignore as discovery_gitignore
    import promptls.discovery.links as discovery_links
    import promptls.discovery.setup as discovery_setup
    import promptls.discovery.skills as discovery_skills
    import promptls.discovery.walk as discovery_walk
    import promptls.lsp.codecache as codecache
    import promptls.lsp.lazymethods as lazymethods
    import promptls.lsp.server as lsp_server
    import promptls.lsp.wire as wire
    import promptls.mcp.server as mcp_server
    import promptls.oracle.observe as oracle_observe
    import promptls.oracle.report as oracle_report
    import promptls.tokens as tokens
    import promptls.views.diff as views_diff
    import promptls.views.load_line as views_load_line
    import promptls.views.loaders as views_loaders
    import promptls.views.shapes as views_shapes

    __all__ = [
        "agents_registry",
        "analysis_agents",
        "analysis_check_files",
        "analysis_completion",
        "analysis_drift",
        "analysis_engine",
        "analysis_loaders",
        "analysis_rules",
        "analysis_shim",
        "argparse",
        "assembly_agents",
        "assembly_assemble",
        "assembly_diff",
        "assembly_environment",
        "assembly_render",
        "attr_make",
        "cattrs_gen",
        "codecache",
        "commands_revision",
        "config",
        "dataclasses",
        "datetime",
        "difflib",
        "discovery",
        "discovery_api",
        "discovery_gitignore",
        "discovery_links",
        "discovery_setup",
        "discovery_skills",
        "discovery_walk",
        "frontmatter_check",
        "frontmatter_kinds",
        "importlib_metadata",
        "lazymethods",
        "lsp_server",
        "mcp_server",
        "oracle_observe",
        "oracle_report",
        "pathlib",
        "pathspec",
        "pickle",
        "pl029_skill_template_trap",
        "pl030_unclosed_fence",
        "shlex",
        "tempfile",
        "tokens",
        "tomllib",
        "urllib_parse",
        "views_diff",
        "views_load_line",
        "views_loaders",
        "views_shapes",
        "wcmatch_glob",
        "wcmatch_wcparse",
        "wire",
        "yaml",
    ]
