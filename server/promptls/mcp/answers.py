"""What each MCP tool and resource answers: the library's discovery, assembly and check,
shown through the serialisers ``--json`` uses.

Every answer is a pair: the structured content (the JSON the CLI prints, camelCase as
``promptls api-json`` describes it, without its ``text``) and that ``text``, the human
view the CLI prints, which becomes the tool's text content for clients that show text
only. Nothing here imports the MCP SDK (``server.py`` translates), nothing writes and
nothing runs a program: discovery reads files, ``check`` analyses them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from promptls.analysis.check_files import Discoveries, check_file, walk
from promptls.analysis.rules import RULES, rule_doc_url
from promptls.assembly.agents import measure_prompt
from promptls.assembly.assemble import assemble_prompt
from promptls.commands._check_output import Report, findings_json, format_text
from promptls.commands.explain import explain_text, find_rule
from promptls.commands.rule import rule_page
from promptls.commands.rules import rule_row
from promptls.config import ConfigError, load_config
from promptls.discovery import PROFILES, discover, resolve_home
from promptls.mcp.roots import InputError, Roots, contains, is_dir, resolve
from promptls.record import replace
from promptls.text import runmemo
from promptls.text.escape import safe_line
from promptls.views.context_text import matrix_lines
from promptls.views.matrix import coverage_matrix
from promptls.views.shapes import (
    ProfileContext,
    agents_preview_result,
    context_result,
    matrix_json,
    rendering_json,
)

Json = dict[str, Any]
Answer = tuple[Json, str]
"""Structured content and the text shown beside it."""

MAX_PATHS = 100
"""``check`` takes at most this many paths in one call (folders count once)."""


def _home() -> str | None:
    """The home discovery reads user-level files from (``$HOME``), as the server's is."""
    return resolve_home(None, None)[0]


def _agents(agent: str | None) -> list[str]:
    """The profile named, or every profile; an unknown name lists the known ones."""
    if agent is None:
        return list(PROFILES)
    if agent not in PROFILES:
        raise InputError(f"unknown agent {safe_line(agent)!r}; choose from {', '.join(PROFILES)}")
    return [agent]


def _start(path: str, roots: Roots) -> tuple[str, str | None]:
    """The folder an agent asked about ``path`` runs in, and the file answered for: a
    folder answers for itself; a file (existing or about to be made) is answered from
    the innermost root holding it, where the agent was started."""
    root, absolute = resolve(path, roots)
    return (absolute, None) if is_dir(absolute) else (root, absolute)


def instructions_for(path: str, agent: str | None, roots: Roots) -> Answer:
    """``promptls context --for PATH --json`` for one agent or all of them (then with
    ``coverage``), each profile with ``rendering``: the files as the agent sends them,
    each with its position, bytes and tokens (``promptls preview``'s measurement)."""
    folder, target = _start(path, roots)
    prompts = [assemble_prompt(folder, profile=n, target=target) for n in _agents(agent)]
    results = [ProfileContext(p.discovery, p.revision, p.skills) for p in prompts]
    env = prompts[0].environment
    data: dict[str, Any] = {
        **context_result(folder, env, results, home=_home(), base=folder, target=target)
    }
    text = data.pop("text")
    for profile, prompt in zip(data["profiles"], prompts, strict=True):
        profile["rendering"] = rendering_json(measure_prompt(prompt), with_wire=False)
    return data, text


def preview(agent: str, path: str | None, roots: Roots) -> Answer:
    """``promptls preview --profile AGENT [--for PATH] --format json``'s rendering: the
    wire text the agent sends of its instruction files, each file measured."""
    (name,) = _agents(agent)
    folder, target = (roots.folders[0], None) if path is None else _start(path, roots)
    measured = measure_prompt(assemble_prompt(folder, profile=name, target=target))
    data: dict[str, Any] = {**agents_preview_result(folder, target, [measured])}
    return data, data.pop("text")


def _select(codes: list[str] | None) -> tuple[str, ...] | None:
    """``select`` as rule codes (or ``ALL``); an unknown code lists the known ones."""
    if codes is None:
        return None
    wanted = tuple(c.strip().upper() for c in codes)
    unknown = [c for c in wanted if c not in RULES and c != "ALL"]
    if unknown or not wanted:
        shown = ", ".join(safe_line(c) for c in unknown) or "none"
        raise InputError(f"select: unknown rule code(s): {shown}; known: ALL, {', '.join(RULES)}")
    return wanted


def _files(path: str, roots: Roots, settings: Any) -> list[Path]:
    """A file as given, a folder walked as ``check`` walks it (files that lead outside
    the roots through a link left out)."""
    given = Path(path)
    if is_dir(path):
        return [f for f in walk(given, settings, None) if contains(roots, str(f))]
    if given.is_file():
        return [given]
    what = "not a regular file or folder" if given.exists() else "no such file or folder"
    raise InputError(f"{what}: {safe_line(path)}")


def check(paths: list[str], select: list[str] | None, roots: Roots) -> Answer:
    """``promptls check --format json PATH...``: every finding, each file with the
    settings of the promptls config nearest to it, ``select`` replacing its selection."""
    if not paths:
        raise InputError("paths must name at least one file or folder")
    if len(paths) > MAX_PATHS:
        raise InputError(f"paths names {len(paths)} paths; at most {MAX_PATHS} in one call")
    codes = _select(select)
    absolute = [resolve(p, roots)[1] for p in paths]
    discoveries = Discoveries(_home())
    reports: list[Report] = []
    seen: set[Path] = set()
    with runmemo.run_memo():  # one call's discoveries share their file-system answers
        for path in absolute:
            start = path if is_dir(path) else str(Path(path).parent)
            try:
                settings = load_config(start).settings
            except ConfigError as exc:
                raise InputError(f"invalid promptls config: {safe_line(str(exc))}") from None
            if codes is not None:
                settings = replace(settings, select=codes)
            for file in _files(path, roots, settings):
                if file in seen:
                    continue
                seen.add(file)
                analysis = check_file(file, settings, discoveries)
                if analysis is not None:
                    reports.append(Report(str(file), analysis))
    return {"files": len(reports), "findings": findings_json(reports)}, format_text(reports)


def explain(code: str) -> Answer:
    """``promptls explain CODE``: the rule's row, its explanation and examples."""
    rule = find_rule(code)
    if rule is None:
        raise InputError(f"unknown rule {safe_line(code)!r}; valid codes: {', '.join(RULES)}")
    data: Json = {
        **rule_row(rule),
        "explanation": rule.explanation,
        "badExample": rule.bad_example,
        "goodExample": rule.good_example,
        "page": rule_page(rule),
    }
    url = rule_doc_url(rule.code)
    if url is not None:
        data["url"] = url
    return data, explain_text(rule)


def rules() -> list[dict[str, object]]:
    """``promptls rules --format json`` (plain dicts: the MCP SDK reads this signature)."""
    return [{**rule_row(r)} for r in RULES.values()]


def coverage(roots: Roots) -> Answer:
    """The coverage matrix of the first root: every agent's discovery side by side, as
    ``promptls context --all-profiles`` shows it first."""
    folder = roots.folders[0]
    home = _home()
    matrix = coverage_matrix([discover(folder, name, home=home) for name in PROFILES])
    data = {"folder": folder, "coverage": matrix_json(matrix)}
    return data, "\n".join(matrix_lines(matrix, home, folder))
