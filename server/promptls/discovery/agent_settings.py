"""The agents' own settings files, where they change what discovery loads.

An agent's loader is shaped by its configuration as much as by its code: codex reads
``project_doc_max_bytes``, ``project_doc_fallback_filenames`` and ``project_root_markers``
from ``config.toml``. promptls reads those files where the agent reads them, shows which
values shaped the result and from which file, and reports a malformed file with its path
and line while going on with the agent's defaults, as the agent itself does.

Reads are bounded (``promptls.text.fsread``) and a settings file that is not a regular
file, not UTF-8 or not valid TOML never stops discovery.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH118

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import NamedTuple

from promptls import later
from promptls.record import Record
from promptls.text import runmemo
from promptls.text.fsread import human_bytes, read_bounded

_SETTINGS_CAP = 256 * 1024
"""Agents' settings files are a few KiB; a larger one is reported and not used."""

CODEX_DEFAULT_MAX_BYTES = 32 * 1024
"""codex-rs config_toml.rs ``DEFAULT_PROJECT_DOC_MAX_BYTES`` (read 2026-12-01)."""

CODEX_DEFAULT_MARKERS = (".git",)
"""codex-config ``default_project_root_markers`` (read 2026-12-01)."""


class AgentSetting(Record):
    """One setting that shaped a discovery: its key, value as shown, and where it came from.

    ``source`` is the settings file's path, or ``"default"`` for the agent's built-in value.
    """

    key: str
    value: str
    source: str


class SettingsProblem(Record):
    """A settings file the agent would complain about; discovery used the defaults."""

    path: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        """``path:line: message``, the form editors and the CLI show."""
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"


class CodexConfig(NamedTuple):
    """The codex settings that change AGENTS.md discovery, resolved across layers."""

    max_bytes: int
    fallback_names: tuple[str, ...]
    root_markers: tuple[str, ...]
    untrusted: bool
    shown: tuple[AgentSetting, ...]
    problems: tuple[SettingsProblem, ...]


def read_settings_text(path: str, encoding: str) -> tuple[str | None, SettingsProblem | None]:
    """A settings file's text: (None, None) when absent, (None, problem) when it cannot
    be read or decoded. Bounded and non-blocking like every read of discovery."""
    result = read_bounded(path, _SETTINGS_CAP)
    if result.missing:
        return None, None
    if result.data is None:
        return None, SettingsProblem(path, f"cannot be read: {result.problem}")
    if result.truncated:  # a cut file would parse as broken, or worse, as valid but partial
        cap = human_bytes(_SETTINGS_CAP)
        return None, SettingsProblem(path, f"not read: larger than the {cap} promptls reads")
    try:
        return result.data.decode(encoding), None
    except UnicodeDecodeError as exc:
        return None, SettingsProblem(path, f"not valid UTF-8 at byte {exc.start}")


def read_toml(path: str) -> tuple[dict[str, object] | None, SettingsProblem | None]:
    """A TOML table from ``path``: (None, None) when absent, (None, problem) when broken.
    Parsed once per ``check`` run; the table is shared, so callers only read it."""
    return runmemo.remembered("toml", path, lambda: _read_toml(path))


def _read_toml(path: str) -> tuple[dict[str, object] | None, SettingsProblem | None]:
    """``read_toml`` itself."""
    text, problem = read_settings_text(path, "utf-8")
    if text is None:
        return None, problem

    try:
        return later.tomllib.loads(text), None
    except later.tomllib.TOMLDecodeError as exc:
        message, line = _toml_error(str(exc), text)
        return None, SettingsProblem(path, f"invalid TOML: {message}", line)


def _toml_error(text: str, document: str) -> tuple[str, int | None]:
    """Split tomllib's ``message (at line N, column M)`` into the message and N.

    ``(at end of document)`` becomes the document's last line, so every problem has one.
    """
    end = " (at end of document)"
    if text.endswith(end):
        return text[: -len(end)], max(1, len(document.rstrip("\n").split("\n")))
    marker = " (at line "
    at = text.rfind(marker)
    if at < 0:
        return text, None
    rest = text[at + len(marker) :]
    digits = rest.split(",", 1)[0].rstrip(")")
    return text[:at], int(digits) if digits.isdigit() else None


def _names(value: object) -> tuple[str, ...] | None:
    """A list of strings, trimmed, blanks dropped; None when the value has another shape."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None
    return tuple(v.strip() for v in value if v.strip())


def strip_comments(text: str) -> str:
    """Blank out ``//`` and ``/* */`` comments outside strings, keeping line numbers."""
    out: list[str] = []
    i, n = 0, len(text)
    in_string = False
    while i < n:
        ch = text[i]
        if in_string:
            out.append(ch)
            if ch == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
            out.append(ch)
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            stop = n if end < 0 else end + 2
            out.append("".join(c if c == "\n" else " " for c in text[i:stop]))
            i = stop
            continue
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def read_json(
    path: str, *, refuses: str = ""
) -> tuple[dict[str, object] | None, SettingsProblem | None]:
    """A JSON object (comments allowed) from ``path``: (None, None) when absent, (None,
    problem) when broken; ``refuses`` says what the agent itself does with such a file.
    Parsed once per ``check`` run; the table is shared, so callers only read it."""
    return runmemo.remembered("json", (path, refuses), lambda: _read_json(path, refuses))


def _read_json(path: str, refuses: str) -> tuple[dict[str, object] | None, SettingsProblem | None]:
    """``read_json`` itself."""
    text, problem = read_settings_text(path, "utf-8-sig")
    if text is None:
        return None, problem
    try:
        data = json.loads(strip_comments(text))
    except json.JSONDecodeError as exc:
        note = f" ({refuses})" if refuses else ""
        return None, SettingsProblem(path, f"invalid JSON: {exc.msg}{note}", exc.lineno)
    if not isinstance(data, dict):
        note = f" ({refuses})" if refuses else ""
        return None, SettingsProblem(path, f"not a JSON object{note}")
    return data, None


def codex_user_config(codex_home: str | None) -> tuple[dict[str, object], list[SettingsProblem]]:
    """``$CODEX_HOME/config.toml`` as a table (empty when absent or broken)."""
    if codex_home is None:
        return {}, []
    path = os.path.join(codex_home, "config.toml")
    table, problem = read_toml(path)
    return ({} if table is None else table), ([] if problem is None else [problem])


def codex_config(
    codex_home: str | None,
    user_table: dict[str, object],
    user_problems: Sequence[SettingsProblem],
    project_layers: Sequence[str],
    project_root: str,
    cwd: str,
) -> CodexConfig:
    """Resolve codex's discovery settings from the user layer and the project layers.

    ``project_layers`` are the folders, project root first, whose ``.codex/config.toml``
    codex reads as project layers; the nearest to the working folder wins. They apply
    only to a project the user config marks ``trust_level = "trusted"`` (oracle scenario
    "codex: project config before the project is trusted", Codex CLI 0.171.0); an ignored
    one is listed in ``shown`` with the reason. Project layers
    may set the budget and fallback names but never the root markers (codex-rs
    agents_md.rs skips project layers for ``project_root_markers``), which is why the
    markers come from ``user_table`` alone and the caller resolves them first.
    """
    user_path = os.path.join(codex_home, "config.toml") if codex_home else "default"
    problems = list(user_problems)
    layers: list[tuple[str, dict[str, object]]] = [(user_path, user_table)]
    trust = _trust(user_table, (project_root, cwd))
    ignored: list[str] = []
    for folder in project_layers:
        path = os.path.join(folder, ".codex", "config.toml")
        if trust != "trusted":
            if runmemo.isfile(path):
                ignored.append(path)
            continue
        table, problem = read_toml(path)
        if problem is not None:
            problems.append(problem)
        if table:
            layers.append((path, table))
    shown: list[AgentSetting] = []
    max_bytes, source = CODEX_DEFAULT_MAX_BYTES, "default"
    names: tuple[str, ...] = ()
    names_source = "default"
    for path, table in layers:
        raw = table.get("project_doc_max_bytes")
        if raw is not None:
            if isinstance(raw, int) and not isinstance(raw, bool) and raw >= 0:
                max_bytes, source = raw, path
            else:
                message = "project_doc_max_bytes must be a non-negative integer"
                problems.append(SettingsProblem(path, message))
        raw = table.get("project_doc_fallback_filenames")
        if raw is not None:
            parsed = _names(raw)
            if parsed is None:
                message = "project_doc_fallback_filenames must be an array of strings"
                problems.append(SettingsProblem(path, message))
            else:
                names, names_source = parsed, path
    markers, markers_source = root_markers(user_table, user_path, problems)
    shown.append(AgentSetting("project_doc_max_bytes", str(max_bytes), source))
    shown.append(AgentSetting("project_doc_fallback_filenames", _show(names), names_source))
    shown.append(AgentSetting("project_root_markers", _show(markers), markers_source))
    untrusted = trust == "untrusted"
    if untrusted:
        shown.append(AgentSetting("trust_level", "untrusted", user_path))
    for path in ignored:
        why = 'not applied: the project is not trusted (no trust_level = "trusted")'
        shown.append(AgentSetting("project config", why, path))
    return CodexConfig(max_bytes, names, markers, untrusted, tuple(shown), tuple(problems))


def root_markers(
    user_table: dict[str, object], user_path: str, problems: list[SettingsProblem] | None = None
) -> tuple[tuple[str, ...], str]:
    """``project_root_markers`` from the user layer; an invalid value keeps the default."""
    raw = user_table.get("project_root_markers")
    if raw is None:
        return CODEX_DEFAULT_MARKERS, "default"
    if not isinstance(raw, list) or not all(isinstance(v, str) for v in raw):
        if problems is not None:
            message = "project_root_markers must be an array of strings (codex uses .git)"
            problems.append(SettingsProblem(user_path, message))
        return CODEX_DEFAULT_MARKERS, "default"
    return tuple(raw), user_path


def _trust(table: dict[str, object], folders: Sequence[str]) -> str | None:
    """The ``[projects."<path>"] trust_level`` the user config gives one of ``folders``."""
    projects = table.get("projects")
    if not isinstance(projects, dict):
        return None
    for folder in folders:
        entry = projects.get(folder)
        if isinstance(entry, dict) and isinstance(entry.get("trust_level"), str):
            return str(entry["trust_level"])
    return None


def _show(values: Sequence[str]) -> str:
    """A list as TOML would spell it, for the settings table users read."""
    return "[" + ", ".join(f'"{v}"' for v in values) + "]"
