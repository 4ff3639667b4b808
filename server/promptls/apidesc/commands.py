"""The ``workspace/executeCommand`` commands and the server's notifications, described once:
each command's id, arguments, result shape (``results.py``) and the CLI that gives the
same answer. ``promptls api-json``, the generated TypeScript types, docs/settings.md and
the conformance tests all read this list.
"""

from __future__ import annotations

from promptls.agents.registry import PROFILES
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
from promptls.apidesc.results import (
    CONTEXT_RESULT,
    DIFF_RESULT,
    ENVIRONMENT_RESULT,
    LOADERS_RESULT,
    PATH,
    PREVIEW_RESULT,
    REVISION_RESULT,
    WIRE_RESULT,
)
from promptls.apidesc.schema import Schema, leaf, obj

_FOLDER_ARG = leaf(
    "string", "Workspace folder (or an open document's folder): URI or absolute path."
)
_PROFILE_ARG = leaf("string", "A profile name or `all`.", enum=[*PROFILES, "all"])

COMMANDS: list[Schema] = [
    {
        "id": SHOW_CONTEXT_FILES,
        "description": "Instruction files each profile loads for a folder, in order; for a "
        "file, which instructions apply to it.",
        "arguments": obj(
            {
                "folder": _FOLDER_ARG,
                "uri": leaf(
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
        "arguments": obj({"folder": _FOLDER_ARG}),
        "result": ENVIRONMENT_RESULT,
        "cli": None,
    },
    {
        "id": PREVIEW_PROMPT,
        "description": "The assembled prompt (cache-aware blocks and/or marker-free wire "
        "text) and what the profile's agent sends of its instruction files, with each "
        "file's position, bytes and tokens.",
        "arguments": obj(
            {
                "folder": _FOLDER_ARG,
                "format": leaf("string", enum=list(PREVIEW_FORMATS)),
                "profile": leaf(
                    "string",
                    "The agent to render; defaults to the folder's setting.",
                    enum=list(PROFILES),
                ),
                "for": leaf(
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
        "arguments": obj(
            {
                "folder": _FOLDER_ARG,
                "profile": leaf(
                    "string",
                    "The agent to render; defaults to the folder's setting.",
                    enum=list(PROFILES),
                ),
                "for": leaf("string", "A file below the folder (URI or absolute path)."),
                "rebase": leaf(
                    "boolean", "Keep the current rendering as the new baseline after comparing."
                ),
                "texts": leaf(
                    "boolean",
                    "Also return both wire texts (`oldWire`, `newWire`), for a side-by-side diff.",
                ),
            },
            optional=("profile", "for", "rebase", "texts"),
        ),
        "result": DIFF_RESULT,
        "cli": "promptls preview --diff OTHER --format json [--profile P] [--for FILE]",
    },
    {
        "id": RENDER_WIRE,
        "description": "Halves and wire text of an open document.",
        "arguments": obj({"uri": leaf("string", "An open document.")}),
        "result": WIRE_RESULT,
        "cli": None,
    },
    {
        "id": CONTEXT_REVISION,
        "description": "The context revision of a folder (changes when what the model sees does).",
        "arguments": obj({"folder": _FOLDER_ARG}),
        "result": REVISION_RESULT,
        "cli": None,
    },
    {
        "id": SHOW_LOADERS,
        "description": "Who loads a file: the files that import it (the same as "
        "`textDocument/references`) and, per profile, its status and position for its folder.",
        "arguments": obj(
            {"uri": leaf("string", "The file (URI or absolute path)."), "profile": _PROFILE_ARG},
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
        "params": obj({"folder": PATH, "revision": leaf("string")}),
    }
]
