"""The argument and result shapes of the ``workspace/executeCommand`` commands.

A small JSON-Schema subset (type, properties, required, items, enum): enough for the
generated TypeScript types, the reference page and the tests that check both the CLI's
``--json`` and the server's answers against it. The serialisers are in
``promptls.views.shapes``; a field added there and not here fails those tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from promptls.apidesc.ids import (
    CONTEXT_CHANGED,
    CONTEXT_REVISION,
    PREVIEW_DIFF,
    PREVIEW_FORMATS,
    PREVIEW_PROMPT,
    RENDER_WIRE,
    SHOW_CONTEXT_FILES,
    SHOW_ENVIRONMENT,
    SHOW_LOADERS,
)
from promptls.discovery.model import ContextScope, EntryStatus
from promptls.discovery.profiles import PROFILES

Schema = dict[str, Any]


def _t(kind: str | list[str], text: str = "", **more: Any) -> Schema:
    """A leaf schema with a description."""
    out: Schema = {"type": kind, **more}
    if text:
        out["description"] = text
    return out


def _obj(
    props: Mapping[str, Schema],
    text: str = "",
    *,
    optional: tuple[str, ...] = (),
    title: str = "",
) -> Schema:
    """An object schema; every property is required unless named in ``optional``. A
    ``title`` names a shape used in several results (generated clients declare it once)."""
    out: Schema = {"title": title} if title else {}
    out |= {
        "type": "object",
        "properties": dict(props),
        "required": [k for k in props if k not in optional],
    }
    if text:
        out["description"] = text
    return out


def _nullable(schema: Schema) -> Schema:
    """``schema`` or null."""
    return {**schema, "type": [schema["type"], "null"]}


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
    title="TextSize",
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
    title="Environment",
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
        "badByte": _t(["integer", "null"], "First byte that is not valid UTF-8, if any."),
        "cutAt": _t(
            ["integer", "null"],
            "For a cut file, the first byte the agent does not read (where check's "
            "PL014 range starts).",
        ),
    },
    "One candidate file discovery looked at.",
    title="DiscoveryEntry",
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
_SETTING = _obj(
    {
        "key": _t("string", "The agent's own setting name."),
        "value": _t("string", "Its value, as the agent's settings file spells it."),
        "source": _t("string", "The settings file it came from, or default."),
    },
    "An agent setting that shaped the discovery.",
    title="AgentSetting",
)
_PROBLEM = _obj(
    {
        "path": _PATH,
        "line": _t(["integer", "null"], "1-based line, when known."),
        "message": _t("string"),
    },
    "An agent settings file that could not be used; the agent's defaults apply.",
    title="SettingsProblem",
)
_SKILL = _obj(
    {"name": _t("string"), "description": _t("string"), "path": _PATH},
    "A skill the agent would list.",
    title="Skill",
)
_COVERAGE = _obj(
    {
        "agents": _list(_t("string"), "The profiles, as the columns."),
        "rows": _list(
            _obj(
                {
                    "path": _PATH,
                    "realPath": _t("string", "The file the path leads to (links resolved)."),
                    "links": _list(_PATH, "Names that are symbolic links to this file."),
                    "cells": _list(
                        _obj(
                            {
                                "profile": _t("string"),
                                "status": _t("string", "What the agent does with the file."),
                                "bytes": _t("integer", "UTF-8 bytes sent (0: none)."),
                                "sent": _t("integer", "How many times it is sent."),
                            }
                        ),
                        "One per agent that met the file; an agent missing never looked.",
                    ),
                }
            ),
            "One per real instruction file any agent met.",
        ),
        "totals": _list(_t("integer"), "Bytes each agent sends, in the agents' order."),
    },
    "Which agent receives which file, side by side; only when several profiles answer.",
    title="CoverageMatrix",
)
CONTEXT_RESULT = _obj(
    {
        "folder": _PATH,
        "target": _t(["string", "null"], "The file the answer is for; null for the folder."),
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
                    "settings": _list(_SETTING, "The agent settings that shaped it."),
                    "problems": _list(_PROBLEM, "Agent settings files that were unusable."),
                    "skills": _list(_SKILL, "Skills the agent would list."),
                }
            )
        ),
        "coverage": _COVERAGE,
        "text": _TEXT,
    },
    "Which instruction files each profile loads for a folder, and why not the others; "
    "for a target file, which of them apply to it.",
    optional=("coverage",),
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
_MEASURED = {
    "position": _t("integer", "UTF-8 byte offset in the rendering's wire text."),
    "bytes": _t("integer", "UTF-8 bytes."),
    "tokens": _t("integer", "Tokens, counted as the rendering's `tokenizer` says."),
    "cachedPrefix": _t("boolean", "Whether it sits in the prefix the provider caches."),
}
RENDERING = _obj(
    {
        "profile": _t("string"),
        "title": _t("string", "The agent's name."),
        "framing": _t(
            "string",
            "`sourced`: framing strings from the agent's code or docs (docs/profiles.md); "
            "`not documented`: content only.",
            enum=["sourced", "not documented"],
        ),
        "placement": _t("string", "Where on the request the agent puts this text."),
        "source": _t("string", "The upstream code or page followed, with its date."),
        "notes": _list(_t("string"), "What is approximated or not modelled."),
        "cacheNote": _t("string", "What is known about caching of this text."),
        "tokenizer": _t("string", "`o200k_base` for exact counts, `estimate` for the heuristic."),
        "tokensExact": _t("boolean", "Whether the token counts are tokenizer counts."),
        "bytes": _t("integer", "UTF-8 bytes of the wire text."),
        "tokens": _t("integer", "Tokens of the whole wire text."),
        "wire": _t("string", "The instruction context exactly as the agent sends it."),
        "blocks": _list(
            _obj(
                {
                    "kind": _t("string", enum=["framing", "file", "static", "dynamic"]),
                    "path": _t(["string", "null"], "The file shown; null for framing."),
                    **_MEASURED,
                }
            ),
            "The wire text in order: framing and file content, each measured.",
        ),
        "files": _list(
            _obj({"path": _PATH, **_MEASURED}),
            "Each file's content on the wire (from its first block, summed).",
        ),
    },
    "One agent's instruction context as it goes on the wire.",
    optional=("wire",),
    title="AgentRendering",
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
        "rendering": RENDERING,
        "text": _TEXT,
    },
    "The assembled prompt of a folder, and `rendering`: what the profile's agent sends "
    "of its instruction files. The LSP command leaves out the forms its `format` does "
    "not ask for (`system`; `wire` for blocks; `blocks`, `static`, `dynamic` and `text` "
    "for wire). For a profile other than `or`, `text` shows the agent's rendering.",
    optional=("static", "dynamic", "system", "wire", "blocks", "text"),
)
AGENTS_PREVIEW_RESULT = _obj(
    {
        "folder": _PATH,
        "target": _t(["string", "null"], "The file answered for (`--for`), else null."),
        "renderings": _list(RENDERING, "Every profile, in the profile table's order."),
        "text": _TEXT,
    },
    "`promptls preview --all-profiles --format json`: every agent's rendering.",
)
_DIFF_SIDE = _obj(
    {
        "kind": _t(
            ["string", "null"],
            "The piece holding the byte; null past the end of the text.",
            enum=["framing", "file", "static", "dynamic", None],
        ),
        "path": _t(
            ["string", "null"], "The file whose content holds it, or that the framing opens."
        ),
        "cachedPrefix": _t("boolean", "Whether that piece is in the cached prefix."),
        "cachedPrefixBytes": _t("integer", "Bytes of this rendering's cached prefix."),
        "excerpt": _t("string", "Text from the difference on, to the end of its line."),
    }
)
DIFF_RESULT = _obj(
    {
        "profile": _t("string"),
        "old": _t("string", "What the old rendering is (a revision, a folder, `saved`)."),
        "new": _t("string", "What the new rendering is (the folder)."),
        "difference": _nullable(
            _obj(
                {
                    "offset": _t("integer", "Code points before the difference."),
                    "byte": _t(
                        "integer", "UTF-8 bytes before the difference: what caches compare."
                    ),
                    "line": _t("integer", "0-based line in the wire text."),
                    "column": _t("integer", "0-based column, in code points."),
                    "inCachedPrefix": _t(
                        "boolean", "The cache misses from this byte on (it is in a cached prefix)."
                    ),
                    "changedFiles": _list(_PATH, "Files added, edited or removed."),
                    "old": _DIFF_SIDE,
                    "new": _DIFF_SIDE,
                },
                "Null when both wire texts are identical.",
            )
        ),
        "text": _TEXT,
    },
    "Where the new rendering's wire text first departs from the old one's.",
    title="PreviewDiff",
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
_INT_OR_NULL = _t(["integer", "null"])
LOADERS_RESULT = _obj(
    {
        "path": _PATH,
        "folder": _t("string", "The folder whose discovery decides the file's fate."),
        "scanned": _t("string", "The folder searched for importers (the repository)."),
        "complete": _t("boolean", "False when the search stopped at its file cap."),
        "importers": _list(
            _obj({"path": _PATH, "line": _t("integer", "1-based line of the `@path`."),
                  "written": _t("string", "The path as written."),
                  "profiles": _list(_t("string"), "The profiles that follow it.")})
        ),
        "profiles": _list(
            _obj({"profile": _t("string"),
                  "status": _t("string", "The discovery status, or `not-loaded`.",
                               enum=[*(str(s) for s in EntryStatus), "not-loaded"]),
                  "position": _t(["integer", "null"], "1-based position among the files sent."),
                  "sent": _t("integer", "Files the profile sends at launch for the folder."),
                  "reason": _t("string"), "importedFrom": _t(["string", "null"]),
                  "line": _INT_OR_NULL})
        ),
        "text": _TEXT,
    },
    "The files that import a file and what each profile does with it for its folder.",
)  # fmt: skip
REVISION_RESULT = _obj({"folder": _PATH, "profile": _t("string"), "revision": _t("string")})
_FOLDER_ARG = _t("string", "Workspace folder (or an open document's folder): URI or absolute path.")
_PROFILE_ARG = _t("string", "A profile name or `all`.", enum=[*PROFILES, "all"])

COMMANDS: list[Schema] = [
    {
        "id": SHOW_CONTEXT_FILES,
        "description": "Instruction files each profile loads for a folder, in order; for a "
        "file, which instructions apply to it.",
        "arguments": _obj(
            {
                "folder": _FOLDER_ARG,
                "uri": _t(
                    "string",
                    "Any file in the workspace (URI or absolute path), instruction file or "
                    "not: the answer is for that file, from the workspace folder holding it.",
                ),
                "profile": _PROFILE_ARG,
            },
            "`folder` or `uri`; `profile` defaults to the folder's setting.",
            optional=("folder", "uri", "profile"),
        ),
        "result": CONTEXT_RESULT,
        "cli": "promptls context --json [--for FILE]",
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
        "description": "The assembled prompt (cache-aware blocks and/or marker-free wire "
        "text) and what the profile's agent sends of its instruction files, with each "
        "file's position, bytes and tokens.",
        "arguments": _obj(
            {
                "folder": _FOLDER_ARG,
                "format": _t("string", enum=list(PREVIEW_FORMATS)),
                "profile": _t(
                    "string",
                    "The agent to render; defaults to the folder's setting.",
                    enum=list(PROFILES),
                ),
                "for": _t(
                    "string",
                    "A file below the folder (URI or absolute path): path-scoped rules "
                    "that apply to it load.",
                ),
            },
            optional=("format", "profile", "for"),
        ),
        "result": PREVIEW_RESULT,
        "cli": "promptls preview --format json [--profile P] [--for FILE]",
    },
    {
        "id": PREVIEW_DIFF,
        "description": "Where the folder's rendering first differs from the baseline the "
        "server kept (the rendering at the first call for this folder, profile and file, "
        "or at the last call with `rebase`): the byte, line and file that decide a cache hit.",
        "arguments": _obj(
            {
                "folder": _FOLDER_ARG,
                "profile": _t(
                    "string",
                    "The agent to render; defaults to the folder's setting.",
                    enum=list(PROFILES),
                ),
                "for": _t("string", "A file below the folder (URI or absolute path)."),
                "rebase": _t(
                    "boolean", "Keep the current rendering as the new baseline after comparing."
                ),
            },
            optional=("profile", "for", "rebase"),
        ),
        "result": DIFF_RESULT,
        "cli": "promptls preview --diff OTHER --format json [--profile P] [--for FILE]",
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
    {
        "id": SHOW_LOADERS,
        "description": "Who loads a file: the files that import it (the same as "
        "`textDocument/references`) and, per profile, its status and position for its folder.",
        "arguments": _obj(
            {"uri": _t("string", "The file (URI or absolute path)."), "profile": _PROFILE_ARG},
            "`profile` defaults to the folder's setting.",
            optional=("profile",),
        ),
        "result": LOADERS_RESULT,
        "cli": "promptls context --loaders FILE --json",
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
