"""The one machine-readable description of what editor clients copy from the server.

Settings (key, type, default, description, enum), the ``workspace/executeCommand`` ids
with their argument and result shapes, the server's notification, the editor actions
both clients offer, the instruction-file names and the prompt-file globs. ``promptls
api-json`` prints it (gopls' ``api-json`` is the model); ``scripts/gen-api`` writes the
VS Code ``package.json`` sections, ``editors/vscode/src/generated/api.ts``,
``editors/neovim/lua/promptls/api.lua`` and ``docs/settings.md`` from it, and a test
fails when a committed copy differs from what the generator produces.

Nothing here restates a fact another module owns: setting keys, types and defaults come
from ``promptls.analysis.settings``; names and globs from ``promptls.discovery``; the
severities from ``promptls.analysis.model``. What only this module knows is prose (the
descriptions) and the command contract (ids and shapes, which ``promptls.lsp`` serves
and ``promptls.commands.shapes`` produces). Pure data: no LSP import.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from promptls.analysis.model import Severity
from promptls.analysis.settings import DEFAULT_SETTINGS, Settings
from promptls.config import CONFIG_FILE
from promptls.discovery.api import instruction_file_names
from promptls.discovery.model import ContextScope, EntryStatus
from promptls.discovery.profiles import DEFAULT_PROFILE, PROFILES

__all__ = [
    "COMMANDS",
    "CONTEXT_CHANGED",
    "CONTEXT_REVISION",
    "DEBUG_DOCUMENT_HASH",
    "DEBUG_STATS",
    "FIX_ALL_KIND",
    "PREVIEW_FORMATS",
    "PREVIEW_PROMPT",
    "RENDER_WIRE",
    "SHOW_CONTEXT_FILES",
    "SHOW_ENVIRONMENT",
    "api_description",
    "setting_key",
]

Schema = dict[str, Any]
"""A JSON-Schema-like description of one value (type, properties, items, enum)."""

# Command ids: the strings are the LSP contract and never change.
SHOW_CONTEXT_FILES = "promptls.showContextFiles"
SHOW_ENVIRONMENT = "promptls.showEnvironment"
PREVIEW_PROMPT = "promptls.previewPrompt"
RENDER_WIRE = "promptls.renderWire"
CONTEXT_REVISION = "promptls.contextRevision"
DEBUG_DOCUMENT_HASH = "promptls.debug.documentHash"
DEBUG_STATS = "promptls.debug.stats"
CONTEXT_CHANGED = "promptls/contextChanged"
FIX_ALL_KIND = "source.fixAll.promptls"
PREVIEW_FORMATS = ("both", "blocks", "wire")
"""``previewPrompt``'s ``format``: ``blocks`` is the cache-aware view."""

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
        "Unset: the project's `[tool.promptls]` / `.promptls.toml` value, else `or`."
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


def _settings() -> list[Schema]:
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
        out.append(entry)
    return out


_INIT_ONLY = [
    {
        "key": "debug",
        "type": "boolean",
        "default": False,
        "description": (
            "initializationOptions only: register the debug commands "
            f"(`{DEBUG_DOCUMENT_HASH}`, `{DEBUG_STATS}`) used by fuzz and soak tests."
        ),
    }
]


def _t(kind: str | list[str], text: str = "", **more: Any) -> Schema:
    """A leaf schema with a description."""
    out: Schema = {"type": kind, **more}
    if text:
        out["description"] = text
    return out


def _obj(props: Mapping[str, Schema], text: str = "", *, optional: tuple[str, ...] = ()) -> Schema:
    """An object schema; every property is required unless named in ``optional``."""
    out: Schema = {
        "type": "object",
        "properties": dict(props),
        "required": [k for k in props if k not in optional],
    }
    if text:
        out["description"] = text
    return out


def _list(items: Schema, text: str = "") -> Schema:
    """An array schema."""
    return _t("array", text, items=items)


_TEXT = _t(
    "string", "The same human text the CLI prints, ready to show (control characters escaped)."
)
_PATH = _t("string", "Absolute path.")
_SIZE = _obj(
    {
        "bytes": _t("integer", "UTF-8 bytes."),
        "chars": _t("integer", "Code points."),
        "tokensEstimate": _t("integer", "Estimated tokens (not a tokenizer count)."),
    },
    "Size of one text.",
)
ENVIRONMENT = _obj(
    {
        "cwd": _PATH,
        "os": _t("string", "Go runtime name: linux, darwin, windows."),
        "arch": _t("string", "Go runtime name: amd64, arm64, …"),
        "shell": _t("string", "From $SHELL; empty when unknown."),
        "date": _t("string", "Local date, YYYY-MM-DD."),
        "gitRepo": _t("boolean", "Inside a git repository (read from files)."),
        "gitBranch": _t("string", "Branch, a short commit when detached, or empty."),
    },
    "What the agent reports about its host.",
)
_ENTRY = _obj(
    {
        "path": _PATH,
        "scope": _t("string", enum=[s.value for s in ContextScope]),
        "status": _t(
            "string",
            "What discovery did with the file.",
            enum=[s.value for s in EntryStatus],
        ),
        "reason": _t("string", "Why, for people."),
        "size": _t(["integer", "null"], "Bytes on disk, when known."),
        "order": _t(["integer", "null"], "Index in load order, for loaded files."),
        "importedFrom": _t(["string", "null"], "The importing file, for @imports."),
        "line": _t(["integer", "null"], "1-based line of the @import in importedFrom."),
    },
    "One candidate file discovery looked at.",
)
_LOADED = _obj(
    {
        "order": _t("integer", "0-based load order, broadest first."),
        "path": _PATH,
        "scope": _t("string"),
        "status": _t("string", "loaded, cut or imported."),
        "bytes": _t("integer", "UTF-8 bytes the model receives (after any cut)."),
    }
)
_SKILL = _obj({"name": _t("string"), "description": _t("string"), "path": _PATH})
CONTEXT_RESULT = _obj(
    {
        "folder": _PATH,
        "environment": ENVIRONMENT,
        "profiles": _list(
            _obj(
                {
                    "profile": _t("string"),
                    "title": _t("string"),
                    "projectRoot": _t(["string", "null"], "Where the per-folder walk started."),
                    "revision": _t("string", "Context revision of this profile."),
                    "files": _list(_LOADED, "The files the model receives, in order."),
                    "entries": _list(_ENTRY, "Every candidate, with what happened to it."),
                    "skills": _list(_SKILL, "Skills the agent would list."),
                }
            )
        ),
        "text": _TEXT,
    },
    "Which instruction files each profile loads for a folder, and why not the others.",
)
ENVIRONMENT_RESULT = _obj({"folder": _PATH, "environment": ENVIRONMENT, "text": _TEXT})
_BLOCK = _obj(
    {
        "type": _t("string", "Always text."),
        "text": _t("string"),
        "cache_control": _obj({"type": _t("string")}, "Anthropic's field, spelled as sent."),
    },
    "One request block, exactly as a cache-aware provider receives it.",
    optional=("cache_control",),
)
PREVIEW_RESULT = _obj(
    {
        "folder": _PATH,
        "profile": _t("string"),
        "systemFile": _t(["string", "null"], "The doctrine file; null for the built-in one."),
        "revision": _t("string"),
        "skillsRevision": _t("string", "Revision of the skill listing; empty without skills."),
        "static": _t("string", "Static half (cached)."),
        "dynamic": _t("string", "Dynamic half (per turn)."),
        "system": _t("string", "Both halves joined with the marker."),
        "wire": _t("string", "Marker-free text as sent without cache control."),
        "blocks": _list(_BLOCK),
        "sizes": _obj({"static": _SIZE, "dynamic": _SIZE, "system": _SIZE, "wire": _SIZE}),
        "environment": ENVIRONMENT,
        "files": _list(_obj({"path": _PATH, "scope": _t("string"), "bytes": _t("integer")})),
        "skills": _list(_SKILL),
        "text": _TEXT,
    },
    "The assembled prompt of a folder. The LSP command leaves out the forms its `format` "
    "does not ask for (`system`; `wire` for blocks; `blocks`, `static`, `dynamic` and "
    "`text` for wire).",
    optional=("static", "dynamic", "system", "wire", "blocks", "text"),
)
WIRE_RESULT = _obj(
    {
        "uri": _t("string"),
        "version": _t("integer"),
        "markers": _t("integer", "Exact markers in the document."),
        "static": _t("string"),
        "dynamic": _t("string"),
        "wire": _t("string"),
        "sizes": _obj({"static": _SIZE, "dynamic": _SIZE, "wire": _SIZE}),
        "text": _TEXT,
    },
    "Halves and wire text of one open document, as the hover shows them.",
)
REVISION_RESULT = _obj({"folder": _PATH, "profile": _t("string"), "revision": _t("string")})
_FOLDER_ARG = _t("string", "Workspace folder (or an open document's folder): URI or absolute path.")
_PROFILE_ARG = _t("string", "A profile name or `all`.", enum=[*PROFILES, "all"])

COMMANDS: list[Schema] = [
    {
        "id": SHOW_CONTEXT_FILES,
        "description": "Instruction files each profile loads for a folder, in order.",
        "arguments": _obj(
            {
                "folder": _FOLDER_ARG,
                "uri": _t("string", "An open document; its folder is used."),
                "profile": _PROFILE_ARG,
            },
            "`folder` or `uri`; `profile` defaults to the folder's setting.",
            optional=("folder", "uri", "profile"),
        ),
        "result": CONTEXT_RESULT,
        "cli": "promptls context --json",
    },
    {
        "id": SHOW_ENVIRONMENT,
        "description": "The environment an agent would report for a folder.",
        "arguments": _obj({"folder": _FOLDER_ARG}),
        "result": ENVIRONMENT_RESULT,
        "cli": None,
    },
    {
        "id": PREVIEW_PROMPT,
        "description": "The assembled prompt: cache-aware blocks and/or marker-free wire text.",
        "arguments": _obj(
            {"folder": _FOLDER_ARG, "format": _t("string", enum=list(PREVIEW_FORMATS))},
            optional=("format",),
        ),
        "result": PREVIEW_RESULT,
        "cli": "promptls preview --format json",
    },
    {
        "id": RENDER_WIRE,
        "description": "Halves and wire text of an open document.",
        "arguments": _obj({"uri": _t("string", "An open document.")}),
        "result": WIRE_RESULT,
        "cli": None,
    },
    {
        "id": CONTEXT_REVISION,
        "description": "The context revision of a folder (changes when what the model sees does).",
        "arguments": _obj({"folder": _FOLDER_ARG}),
        "result": REVISION_RESULT,
        "cli": None,
    },
]
"""The public commands. Debug commands (``initializationOptions.debug``) are not listed."""

NOTIFICATIONS: list[Schema] = [
    {
        "method": CONTEXT_CHANGED,
        "description": "Sent when what the model would see for a folder changed.",
        "params": _obj({"folder": _PATH, "revision": _t("string")}),
    }
]

ACTIONS: list[Schema] = [
    {"name": "showContextFiles", "title": "Show Context Files", "command": SHOW_CONTEXT_FILES,
     "description": "discovered instruction files, per profile, in load order"},
    {"name": "showEnvironment", "title": "Show Environment", "command": SHOW_ENVIRONMENT,
     "description": "the environment the agent would see"},
    {"name": "previewPrompt", "title": "Preview Prompt", "command": PREVIEW_PROMPT,
     "description": "the assembled prompt as cache-aware blocks"},
    {"name": "previewPromptWire", "title": "Preview Prompt as Wire Text",
     "command": PREVIEW_PROMPT, "description": "the assembled prompt as marker-free wire text"},
    {"name": "renderWire", "title": "Render Wire Text", "command": RENDER_WIRE,
     "description": "halves and wire text of the current file"},
    {"name": "fixAll", "title": "Fix All", "command": None, "codeActionKind": FIX_ALL_KIND,
     "description": "apply every safe fix in the current file"},
]  # fmt: skip
"""User-facing actions both editor clients offer (VS Code palette, Neovim commands)."""


def _instruction_globs() -> list[str]:
    """Workspace globs of every file a profile loads by name (``**/`` + relative path)."""
    globs: dict[str, None] = {}
    for profile in PROFILES.values():
        for rel in (*profile.project_files, *profile.local_files):
            globs[f"**/{rel}"] = None
        if profile.user_rules_dir:
            globs[f"**/{profile.user_dir}/{profile.user_rules_dir}/*.md"] = None
    return list(globs)


def api_description() -> dict[str, Any]:
    """Everything above as one JSON-able dict (the output of ``promptls api-json``)."""
    return {
        "settings": _settings(),
        "initializationOptions": _INIT_ONLY,
        "settingsSection": "promptls",
        "commands": COMMANDS,
        "notifications": NOTIFICATIONS,
        "actions": ACTIONS,
        "profiles": [
            {"name": p.name, "title": p.title, "default": p.name == DEFAULT_PROFILE}
            for p in PROFILES.values()
        ],
        "instructionFiles": {
            "names": sorted(instruction_file_names()),
            "globs": _instruction_globs(),
        },
        "promptFiles": {"globs": list(DEFAULT_SETTINGS.prompt_files)},
        "configFiles": list(CONFIG_FILES),
    }
