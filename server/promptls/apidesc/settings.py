"""Settings, profiles and file patterns for ``promptls.apidesc``: derived from the
modules that own them (``analysis.settings``, ``discovery``, ``config``), plus the one
thing only this module knows, a description per setting."""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from promptls.agents.registry import AUTO_PROFILE, DEFAULT_PROFILE, PROFILES
from promptls.analysis.loaded_paths import LOADED_GLOBS
from promptls.analysis.model import Severity
from promptls.analysis.settings import DEFAULT_SETTINGS, Settings
from promptls.apidesc.ids import DEBUG_DOCUMENT_HASH, DEBUG_STATS, MAX_WORKSPACE_FILES
from promptls.config import CONFIG_FILE
from promptls.discovery.api import instruction_file_names, workspace_globs

Schema = dict[str, Any]

SECTION = "promptls"
"""The ``workspace/configuration`` section (and VS Code's settings prefix)."""

CONFIG_FILES = (CONFIG_FILE, "pyproject.toml")
"""Project config files (``[tool.promptls]`` in pyproject.toml); ``config.find_config``
reads ``.promptls.toml`` first in each folder."""

_SETTING_TEXT: Mapping[str, str] = {
    "select": "Rules to run: rule codes (e.g. `PL001`), or `ALL` for every rule.",
    "ignore": "Rule codes to skip (e.g. `PL009`).",
    "severity": (
        'Severity per rule code, overriding the rule\'s default, e.g. `{ "PL009": "warning" }`.'
    ),
    "markers": (
        "Boundary markers that split a prompt into its static (cached) and dynamic "
        "halves; the first is the canonical one used by fixes."
    ),
    "profile": (
        "Which agent's loader to model when discovering instruction files (drives "
        "context previews, hovers in instruction files and the file-level rules). "
        "Unset: the project's `[tool.promptls]` / `.promptls.toml` value, else every "
        "agent the repository is set up for (its folder, settings or own instruction "
        "file: `.claude/`, `.gemini/`, `.qwen/`, `.cursor/`, `.codex/`, `opencode.json`, "
        "`.github/copilot-instructions.md`, `CLAUDE.md`, `GEMINI.md`, `QWEN.md`, "
        "`AGENTS.override.md`, `AGENTS.md` for codex, …), else `or`; a finding only some "
        "agents see names them."
    ),
    "model": (
        "Model the prompt is sent to, for the minimum-cacheable-prefix rule (PL009) and "
        "token estimates, e.g. `claude-sonnet-4-5`."
    ),
    "prompt_files": (
        "Glob patterns of system-prompt templates (checked with the marker rules). "
        "Editors attach to these files; changing the setting restarts the VS Code "
        "client so it attaches to the new files too."
    ),
    "instruction_files": (
        "Extra instruction-file globs, besides the names the profiles load "
        "(`AGENTS.md`, `CLAUDE.md`, `GEMINI.md`, …)."
    ),
    "exclude": "Glob patterns of files promptls must not check.",
    "system_prompt_file": (
        "A prompt file to use as the static doctrine in the prompt preview instead of "
        "the built-in one (relative to the workspace folder)."
    ),
}
"""One sentence or two per ``Settings`` field; a test fails when a field has none."""

_ENUMS: Mapping[str, tuple[str, ...]] = {"profile": tuple(PROFILES)}
_UNSET: Mapping[str, str] = {
    "profile": "Every agent the repository is set up for, else the reference agent "
    "(the same as leaving the setting unset)."
}


def setting_key(field_name: str) -> str:
    """``system_prompt_file`` → ``systemPromptFile``: the editors' spelling."""
    head, *rest = field_name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def _schema_of(hint: object) -> Schema:
    """JSON type of a ``Settings`` field from its annotation."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is str:
        return {"type": "string"}
    if origin is tuple and args[:1] == (str,):
        return {"type": "array", "items": {"type": "string"}}
    if origin in (Mapping, dict) and args == (str, Severity):
        values = [s.value for s in Severity]
        return {"type": "object", "additionalProperties": {"type": "string", "enum": values}}
    if origin is types.UnionType and type(None) in args:
        (inner,) = [a for a in args if a is not type(None)]
        schema = _schema_of(inner)
        return {**schema, "type": [schema["type"], "null"]}
    raise TypeError(f"no JSON type for Settings annotation {hint!r}")


def _json_value(value: object) -> object:
    """A default as plain JSON (tuples become lists, mappings objects)."""
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _json_value(v) for k, v in value.items()}
    return value


def settings() -> list[Schema]:
    """Every analysis setting, in ``Settings`` field order."""
    hints = typing.get_type_hints(Settings)
    out = []
    for f in fields(Settings):
        entry: Schema = {
            "key": setting_key(f.name),
            "configKey": f.name.replace("_", "-"),
            **_schema_of(hints[f.name]),
            "default": _json_value(getattr(DEFAULT_SETTINGS, f.name)),
            "description": _SETTING_TEXT[f.name],
        }
        if f.name in _ENUMS:
            entry["enum"] = list(_ENUMS[f.name])
            entry["enumDescriptions"] = [
                f"{p.title}: {p.notes[0]}" if p.notes else p.title
                for p in (PROFILES[name] for name in _ENUMS[f.name])
            ]
            if f.name in _UNSET:
                entry["enum"].append(AUTO_PROFILE)
                entry["enumDescriptions"].append(_UNSET[f.name])
        out.append(entry)
    return out


INIT_ONLY = [
    {
        "key": "debug",
        "type": "boolean",
        "default": False,
        "description": (
            "initializationOptions only: register the debug commands "
            f"(`{DEBUG_DOCUMENT_HASH}`, `{DEBUG_STATS}`) used by fuzz and soak tests."
        ),
    },
    {
        "key": "workspaceDiagnosticsMaxFiles",
        "type": "integer",
        "default": MAX_WORKSPACE_FILES,
        "description": (
            "initializationOptions only: the most files of the workspace folders the server "
            "checks in the background for workspace diagnostics (the files `promptls check` "
            "would check, in its order); past it a message names the cap. 0 turns workspace "
            "diagnostics off."
        ),
    },
]


def profiles() -> list[Schema]:
    """The discovery profiles; ``default`` marks the one used when the repository is
    set up for no agent, ``reference`` the reference agent (no product anyone runs, so
    no picker of installed agents offers it), ``setupMarkers`` the paths that say the
    repository is set up for one, ``verifiedBy`` how it was verified (``oracle``,
    ``docs-sourced`` with ``verifiedDate``, the day its docs were read, or ``reference``)."""
    return [
        {
            "name": p.name,
            "title": p.title,
            "default": p.name == DEFAULT_PROFILE,
            "reference": p.reference,
            "setupMarkers": list(p.setup_markers),
            "verifiedBy": str(p.verified_by.method) if p.verified_by else None,
            "verifiedDate": p.verified_by.date if p.verified_by else "",
        }
        for p in PROFILES.values()
    ]


def instruction_names() -> list[str]:
    """Base names any profile loads."""
    return sorted(instruction_file_names())


def instruction_globs() -> list[str]:
    """Workspace globs of every instruction file: what discovery reads, then the skills,
    commands and custom agents the model reads when they are used (``loaded_paths``)."""
    return list(dict.fromkeys([*workspace_globs(settings=False), *LOADED_GLOBS]))


def prompt_globs() -> list[str]:
    """The default ``prompt-files`` globs."""
    return list(DEFAULT_SETTINGS.prompt_files)
