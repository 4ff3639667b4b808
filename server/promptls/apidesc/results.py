"""The argument and result shapes of the ``workspace/executeCommand`` commands.

A small JSON-Schema subset (type, properties, required, items, enum): enough for the
generated TypeScript types, the reference page and the tests that check both the CLI's
``--json`` and the server's answers against it. The serialisers are in
``promptls.views.shapes``; a field added there and not here fails those tests.
"""

from __future__ import annotations

from promptls.analysis.model import Severity
from promptls.apidesc.schema import leaf, list_of, nullable, obj
from promptls.discovery.model import ContextScope, EntryStatus

_TEXT = leaf(
    "string", "The same human text the CLI prints, ready to show (control characters escaped)."
)
PATH = leaf("string", "Absolute path.")
_SIZE = obj(
    {
        "bytes": leaf("integer", "UTF-8 bytes."),
        "chars": leaf("integer", "Code points."),
        "tokensEstimate": leaf("integer", "Estimated tokens (not a tokenizer count)."),
    },
    "Size of one text.",
    title="TextSize",
)
ENVIRONMENT = obj(
    {
        "cwd": PATH,
        "os": leaf("string", "Go runtime name: linux, darwin, windows."),
        "arch": leaf("string", "Go runtime name: amd64, arm64, …"),
        "shell": leaf("string", "From $SHELL; empty when unknown."),
        "date": leaf("string", "Local date, YYYY-MM-DD."),
        "gitRepo": leaf("boolean", "Inside a git repository (read from files)."),
        "gitBranch": leaf("string", "Branch, a short commit when detached, or empty."),
    },
    "What the agent reports about its host.",
    title="Environment",
)
_ENTRY = obj(
    {
        "path": PATH,
        "scope": leaf("string", enum=[s.value for s in ContextScope]),
        "status": leaf(
            "string",
            "What discovery did with the file.",
            enum=[s.value for s in EntryStatus],
        ),
        "reason": leaf("string", "Why, for people."),
        "size": leaf(["integer", "null"], "Bytes on disk, when known."),
        "order": leaf(["integer", "null"], "Index in load order, for loaded files."),
        "importedFrom": leaf(["string", "null"], "The importing file, for @imports."),
        "line": leaf(["integer", "null"], "1-based line of the @import in importedFrom."),
        "badByte": leaf(["integer", "null"], "First byte that is not valid UTF-8, if any."),
        "cutAt": leaf(
            ["integer", "null"],
            "For a cut file, the first byte the agent does not read (where check's "
            "PL014 range starts).",
        ),
    },
    "One candidate file discovery looked at.",
    title="DiscoveryEntry",
)
_LOADED = obj(
    {
        "order": leaf("integer", "0-based load order, broadest first."),
        "path": PATH,
        "scope": leaf("string"),
        "status": leaf("string", "loaded, cut or imported."),
        "bytes": leaf("integer", "UTF-8 bytes the model receives (after any cut)."),
        "tokensEstimate": leaf(
            "integer", "Estimated tokens of what the model receives (not a tokenizer count)."
        ),
    }
)
_SETTING = obj(
    {
        "key": leaf("string", "The agent's own setting name."),
        "value": leaf("string", "Its value, as the agent's settings file spells it."),
        "source": leaf("string", "The settings file it came from, or default."),
    },
    "An agent setting that shaped the discovery.",
    title="AgentSetting",
)
_PROBLEM = obj(
    {
        "path": PATH,
        "line": leaf(["integer", "null"], "1-based line, when known."),
        "message": leaf("string"),
    },
    "An agent settings file that could not be used; the agent's defaults apply.",
    title="SettingsProblem",
)
_SKILL = obj(
    {"name": leaf("string"), "description": leaf("string"), "path": PATH},
    "A skill the agent would list.",
    title="Skill",
)
_COVERAGE = obj(
    {
        "agents": list_of(leaf("string"), "The profiles, as the columns."),
        "rows": list_of(
            obj(
                {
                    "path": PATH,
                    "realPath": leaf("string", "The file the path leads to (links resolved)."),
                    "links": list_of(PATH, "Names that are symbolic links to this file."),
                    "cells": list_of(
                        obj(
                            {
                                "profile": leaf("string"),
                                "status": leaf("string", "What the agent does with the file."),
                                "bytes": leaf("integer", "UTF-8 bytes sent (0: none)."),
                                "sent": leaf("integer", "How many times it is sent."),
                            }
                        ),
                        "One per agent that met the file; an agent missing never looked.",
                    ),
                }
            ),
            "One per real instruction file any agent met.",
        ),
        "totals": list_of(leaf("integer"), "Bytes each agent sends, in the agents' order."),
    },
    "Which agent receives which file, side by side; only when several profiles answer.",
    title="CoverageMatrix",
)
CONTEXT_RESULT = obj(
    {
        "folder": PATH,
        "target": leaf(["string", "null"], "The file the answer is for; null for the folder."),
        "environment": ENVIRONMENT,
        "profiles": list_of(
            obj(
                {
                    "profile": leaf("string"),
                    "title": leaf("string"),
                    "projectRoot": leaf(["string", "null"], "Where the per-folder walk started."),
                    "revision": leaf("string", "Context revision of this profile."),
                    "files": list_of(_LOADED, "The files the model receives, in order."),
                    "entries": list_of(_ENTRY, "Every candidate, with what happened to it."),
                    "settings": list_of(_SETTING, "The agent settings that shaped it."),
                    "problems": list_of(_PROBLEM, "Agent settings files that were unusable."),
                    "skills": list_of(_SKILL, "Skills the agent would list."),
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
ENVIRONMENT_RESULT = obj({"folder": PATH, "environment": ENVIRONMENT, "text": _TEXT})
_BLOCK = obj(
    {
        "type": leaf("string", "Always text."),
        "text": leaf("string"),
        "cache_control": obj({"type": leaf("string")}, "Anthropic's field, spelled as sent."),
    },
    "One request block, exactly as a cache-aware provider receives it.",
    optional=("cache_control",),
)
_MEASURED = {
    "position": leaf("integer", "UTF-8 byte offset in the rendering's wire text."),
    "bytes": leaf("integer", "UTF-8 bytes."),
    "tokens": leaf("integer", "Tokens, counted as the rendering's `tokenizer` says."),
    "cachedPrefix": leaf("boolean", "Whether it sits in the prefix the provider caches."),
}
RENDERING = obj(
    {
        "profile": leaf("string"),
        "title": leaf("string", "The agent's name."),
        "framing": leaf(
            "string",
            "`sourced`: framing strings from the agent's code or docs (docs/profiles.md); "
            "`not documented`: content only.",
            enum=["sourced", "not documented"],
        ),
        "placement": leaf("string", "Where on the request the agent puts this text."),
        "source": leaf("string", "The upstream code or page followed, with its date."),
        "notes": list_of(leaf("string"), "What is approximated or not modelled."),
        "cacheNote": leaf("string", "What is known about caching of this text."),
        "tokenizer": leaf("string", "`o200k_base` for exact counts, `estimate` for the heuristic."),
        "tokensExact": leaf("boolean", "Whether the token counts are tokenizer counts."),
        "bytes": leaf("integer", "UTF-8 bytes of the wire text."),
        "tokens": leaf("integer", "Tokens of the whole wire text."),
        "wire": leaf("string", "The instruction context exactly as the agent sends it."),
        "blocks": list_of(
            obj(
                {
                    "kind": leaf("string", enum=["framing", "file", "static", "dynamic"]),
                    "path": leaf(["string", "null"], "The file shown; null for framing."),
                    **_MEASURED,
                }
            ),
            "The wire text in order: framing and file content, each measured.",
        ),
        "files": list_of(
            obj({"path": PATH, **_MEASURED}),
            "Each file's content on the wire (from its first block, summed).",
        ),
    },
    "One agent's instruction context as it goes on the wire.",
    optional=("wire",),
    title="AgentRendering",
)
PREVIEW_RESULT = obj(
    {
        "folder": PATH,
        "profile": leaf("string"),
        "systemFile": leaf(["string", "null"], "The doctrine file; null for the built-in one."),
        "revision": leaf("string"),
        "skillsRevision": leaf("string", "Revision of the skill listing; empty without skills."),
        "static": leaf("string", "Static half (cached)."),
        "dynamic": leaf("string", "Dynamic half (per turn)."),
        "system": leaf("string", "Both halves joined with the marker."),
        "wire": leaf("string", "Marker-free text as sent without cache control."),
        "blocks": list_of(_BLOCK),
        "sizes": obj({"static": _SIZE, "dynamic": _SIZE, "system": _SIZE, "wire": _SIZE}),
        "environment": ENVIRONMENT,
        "files": list_of(obj({"path": PATH, "scope": leaf("string"), "bytes": leaf("integer")})),
        "skills": list_of(_SKILL),
        "rendering": RENDERING,
        "text": _TEXT,
    },
    "The assembled prompt of a folder, and `rendering`: what the profile's agent sends "
    "of its instruction files. The LSP command leaves out the forms its `format` does "
    "not ask for (`system`; `wire` for blocks; `blocks`, `static`, `dynamic` and `text` "
    "for wire). For a profile other than `or`, `text` shows the agent's rendering.",
    optional=("static", "dynamic", "system", "wire", "blocks", "text"),
)
AGENTS_PREVIEW_RESULT = obj(
    {
        "folder": PATH,
        "target": leaf(["string", "null"], "The file answered for (`--for`), else null."),
        "renderings": list_of(RENDERING, "Every profile, in the profile table's order."),
        "text": _TEXT,
    },
    "`promptls preview --all-profiles --format json`: every agent's rendering.",
)
_DIFF_SIDE = obj(
    {
        "kind": leaf(
            ["string", "null"],
            "The piece holding the byte; null past the end of the text.",
            enum=["framing", "file", "static", "dynamic", None],
        ),
        "path": leaf(
            ["string", "null"], "The file whose content holds it, or that the framing opens."
        ),
        "cachedPrefix": leaf("boolean", "Whether that piece is in the cached prefix."),
        "cachedPrefixBytes": leaf("integer", "Bytes of this rendering's cached prefix."),
        "excerpt": leaf("string", "Text from the difference on, to the end of its line."),
    }
)
DIFF_RESULT = obj(
    {
        "profile": leaf("string"),
        "old": leaf("string", "What the old rendering is (a revision, a folder, `saved`)."),
        "new": leaf("string", "What the new rendering is (the folder)."),
        "difference": nullable(
            obj(
                {
                    "offset": leaf("integer", "Code points before the difference."),
                    "byte": leaf(
                        "integer", "UTF-8 bytes before the difference: what caches compare."
                    ),
                    "line": leaf("integer", "0-based line in the wire text."),
                    "column": leaf("integer", "0-based column, in code points."),
                    "inCachedPrefix": leaf(
                        "boolean", "The cache misses from this byte on (it is in a cached prefix)."
                    ),
                    "changedFiles": list_of(PATH, "Files added, edited or removed."),
                    "old": _DIFF_SIDE,
                    "new": _DIFF_SIDE,
                },
                "Null when both wire texts are identical.",
            )
        ),
        "summary": leaf(
            "string",
            "One line: the agent, the first differing byte and the file holding it, and "
            "whether the cached prefix survives (paths shortened as in `text`).",
        ),
        "oldWire": leaf("string", "The old wire text (only when asked for with `texts`)."),
        "newWire": leaf("string", "The new wire text (only when asked for with `texts`)."),
        "text": _TEXT,
    },
    "Where the new rendering's wire text first departs from the old one's.",
    optional=("oldWire", "newWire"),
    title="PreviewDiff",
)
WIRE_RESULT = obj(
    {
        "uri": leaf("string"),
        "version": leaf("integer"),
        "markers": leaf("integer", "Exact markers in the document."),
        "static": leaf("string"),
        "dynamic": leaf("string"),
        "wire": leaf("string"),
        "sizes": obj({"static": _SIZE, "dynamic": _SIZE, "wire": _SIZE}),
        "text": _TEXT,
    },
    "Halves and wire text of one open document, as the hover shows them.",
)
_INT_OR_NULL = leaf(["integer", "null"])
LOADERS_RESULT = obj(
    {
        "path": PATH,
        "folder": leaf("string", "The folder whose discovery decides the file's fate."),
        "scanned": leaf("string", "The folder searched for importers (the repository)."),
        "complete": leaf("boolean", "False when the search stopped at its file cap."),
        "importers": list_of(
            obj({"path": PATH, "line": leaf("integer", "1-based line of the `@path`."),
                  "written": leaf("string", "The path as written."),
                  "profiles": list_of(leaf("string"), "The profiles that follow it.")})
        ),
        "profiles": list_of(
            obj({"profile": leaf("string"),
                  "status": leaf("string", "The discovery status, or `not-loaded`.",
                               enum=[*(str(s) for s in EntryStatus), "not-loaded"]),
                  "position": leaf(["integer", "null"], "1-based position among the files sent."),
                  "sent": leaf("integer", "Files the profile sends at launch for the folder."),
                  "reason": leaf("string"), "importedFrom": leaf(["string", "null"]),
                  "line": _INT_OR_NULL})
        ),
        "text": _TEXT,
    },
    "The files that import a file and what each profile does with it for its folder.",
)  # fmt: skip
REVISION_RESULT = obj({"folder": PATH, "profile": leaf("string"), "revision": leaf("string")})
_OFFSET = leaf("integer", "Code points from the start of the file.")
_SEVERITIES = [s.value for s in Severity]
FINDING = obj(
    {
        "path": leaf("string", "The file, as given or as the walk found it."),
        "code": leaf("string", "The rule code, PL001…"),
        "name": leaf("string", "The rule's name."),
        "severity": leaf("string", enum=_SEVERITIES),
        "message": leaf("string"),
        "line": leaf("integer", "1-based line."),
        "column": leaf("integer", "1-based column, in code points."),
        "end_line": leaf("integer"),
        "end_column": leaf("integer"),
        "start": _OFFSET,
        "end": _OFFSET,
        "fixable": leaf("boolean", "Whether `check --fix` applies a fix."),
        "fix": nullable(
            obj(
                {
                    "title": leaf("string"),
                    "edits": list_of(
                        obj({"start": _OFFSET, "end": _OFFSET, "new_text": leaf("string")})
                    ),
                },
                "The safe fix; null when there is none.",
            )
        ),
        "related": list_of(
            obj(
                {
                    "start": _OFFSET,
                    "end": _OFFSET,
                    "message": leaf("string"),
                    "path": leaf("string", "Another file, when the span is not in this one."),
                },
                optional=("path",),
            )
        ),
        "agents": list_of(leaf("string"), "The agents it applies to; empty: every agent."),
    },
    "One finding of `promptls check --format json` (snake_case, as that format has it).",
    title="Finding",
)
RULE_ROW = obj(
    {
        "code": leaf("string"),
        "name": leaf("string"),
        "severity": leaf("string", "Default severity.", enum=_SEVERITIES),
        "fixable": leaf("boolean"),
        "summary": leaf("string"),
    },
    "One rule of `promptls rules --format json`.",
    title="Rule",
)
