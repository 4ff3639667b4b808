"""The result records of the commands, the CLI's ``--json`` and the MCP tools: one
``TypedDict`` per JSON object, each field typed and described. This module holds the
fields several records share and the discovery answers (context, environment, loaders,
wire text, revision); ``records_preview`` the renderings, previews and diffs;
``records_check`` the findings and rules.

These records are the command contract, written once. The serialisers
(``promptls.views``, ``commands.rules``, ``commands._check_output``) are typed to return
them, so strict mypy rejects a missing, extra or mistyped field, and ``results`` derives
from them the schemas ``promptls api-json`` prints, from which the editor clients,
``docs/settings.md`` and the MCP tools' output schemas are generated. Keys are declared in
the order the reference pages list them.

No ``from __future__ import annotations``: the schema is read from the annotations at
run time. Only the modules that describe the API import the records at run time; the
serialisers import them for type checking only, so the server starts without them.
"""

from typing import Annotated, NotRequired, TypedDict

from promptls.agents.model import Verification
from promptls.apidesc.schema import OneOf, Shared
from promptls.discovery.model import ContextScope, EntryStatus

Text = Annotated[
    str, "The same human text the CLI prints, ready to show (control characters escaped)."
]
AbsPath = Annotated[str, "Absolute path."]
Bytes = Annotated[int, "UTF-8 bytes."]
_OptInt = int | None


class _TextSize(TypedDict):
    """Size of one text."""

    bytes: Bytes
    chars: Annotated[int, "Code points."]
    tokensEstimate: Annotated[int, "Estimated tokens (not a tokenizer count)."]


TextSize = Annotated[_TextSize, Shared("TextSize")]


class _Environment(TypedDict):
    """What the agent reports about its host."""

    cwd: AbsPath
    os: Annotated[str, "Go runtime name: linux, darwin, windows."]
    arch: Annotated[str, "Go runtime name: amd64, arm64, …"]
    shell: Annotated[str, "From $SHELL; empty when unknown."]
    date: Annotated[str, "Local date, YYYY-MM-DD."]
    gitRepo: Annotated[bool, "Inside a git repository (read from files)."]
    gitBranch: Annotated[str, "Branch, a short commit when detached, or empty."]


Environment = Annotated[_Environment, Shared("Environment")]


class _Entry(TypedDict):
    """One candidate file discovery looked at."""

    path: AbsPath
    scope: Annotated[str, OneOf([s.value for s in ContextScope])]
    status: Annotated[
        str, "What discovery did with the file.", OneOf([s.value for s in EntryStatus])
    ]
    reason: Annotated[str, "Why, for people."]
    size: Annotated[_OptInt, "Bytes on disk, when known."]
    order: Annotated[_OptInt, "Index in load order, for loaded files."]
    importedFrom: Annotated[str | None, "The importing file, for @imports."]
    line: Annotated[_OptInt, "1-based line of the @import in importedFrom."]
    badByte: Annotated[_OptInt, "First byte that is not valid UTF-8, if any."]
    cutAt: Annotated[
        _OptInt,
        "For a cut file, the first byte the agent does not read (where check's PL014 "
        "range starts).",
    ]
    sentAgain: Annotated[
        _OptInt,
        "For a second copy (a skipped import the agent inlines again at this place), the "
        "index in load order of the text it sends again.",
    ]


DiscoveryEntry = Annotated[_Entry, Shared("DiscoveryEntry")]


class LoadedFile(TypedDict):
    order: Annotated[int, "0-based load order, broadest first."]
    path: AbsPath
    scope: str
    status: Annotated[str, "loaded, cut or imported."]
    bytes: Annotated[int, "UTF-8 bytes the model receives (after any cut)."]
    tokensEstimate: Annotated[
        int, "Estimated tokens of what the model receives (not a tokenizer count)."
    ]


class _Setting(TypedDict):
    """An agent setting that shaped the discovery."""

    key: Annotated[str, "The agent's own setting name."]
    value: Annotated[str, "Its value, as the agent's settings file spells it."]
    source: Annotated[str, "The settings file it came from, or default."]


AgentSetting = Annotated[_Setting, Shared("AgentSetting")]


class _Problem(TypedDict):
    """An agent settings file that could not be used; the agent's defaults apply."""

    path: AbsPath
    line: Annotated[_OptInt, "1-based line, when known."]
    message: str


SettingsProblem = Annotated[_Problem, Shared("SettingsProblem")]


class _Skill(TypedDict):
    """A skill the agent would list."""

    name: str
    description: str
    path: AbsPath


Skill = Annotated[_Skill, Shared("Skill")]


class CoverageCell(TypedDict):
    profile: str
    status: Annotated[str, "What the agent does with the file."]
    bytes: Annotated[int, "UTF-8 bytes sent (0: none)."]
    sent: Annotated[int, "How many times it is sent."]


class CoverageRow(TypedDict):
    path: AbsPath
    realPath: Annotated[str, "The file the path leads to (links resolved)."]
    links: Annotated[list[AbsPath], "Names that are symbolic links to this file."]
    cells: Annotated[
        list[CoverageCell], "One per agent that met the file; an agent missing never looked."
    ]


class _Coverage(TypedDict):
    """Which agent receives which file, side by side; only when several profiles answer."""

    agents: Annotated[list[str], "The profiles, as the columns."]
    rows: Annotated[list[CoverageRow], "One per real instruction file any agent met."]
    totals: Annotated[list[int], "Bytes each agent sends, in the agents' order."]


CoverageMatrix = Annotated[_Coverage, Shared("CoverageMatrix")]


class _Verified(TypedDict):
    """How a profile's behaviour was verified (``Profile.verified_by``)."""

    method: Annotated[
        str,
        "`oracle`: checked against the agent's pinned release; `docs-sourced`: read from "
        "the agent's documentation only, not observed; `reference`: the reference agent.",
        OneOf([v.value for v in Verification]),
    ]
    date: Annotated[str, "The day the documentation was read; empty for the others."]
    sources: Annotated[str, "The sources, in a few words; empty when none are named."]


Verified = Annotated[_Verified, Shared("Verified")]


class ProfileAnswer(TypedDict):
    profile: str
    title: str
    verifiedBy: Annotated[Verified | None, "How this profile was verified; null: not stated."]
    projectRoot: Annotated[str | None, "Where the per-folder walk started."]
    revision: Annotated[str, "Context revision of this profile."]
    files: Annotated[list[LoadedFile], "The files the model receives, in order."]
    entries: Annotated[list[DiscoveryEntry], "Every candidate, with what happened to it."]
    settings: Annotated[list[AgentSetting], "The agent settings that shaped it."]
    problems: Annotated[list[SettingsProblem], "Agent settings files that were unusable."]
    skills: Annotated[list[Skill], "Skills the agent would list."]


class ContextResult(TypedDict):
    """Which instruction files each profile loads for a folder, and why not the others;
    for a target file, which of them apply to it."""

    folder: AbsPath
    target: Annotated[str | None, "The file the answer is for; null for the folder."]
    environment: Environment
    profiles: list[ProfileAnswer]
    groups: Annotated[
        list[list[str]],
        "The profiles whose files and statuses are the same (paths, statuses, reasons, "
        "positions, sizes), each group in the order of its first profile: the nodes of an "
        "editor's agent tree.",
    ]
    coverage: NotRequired[CoverageMatrix]
    text: Text


class EnvironmentResult(TypedDict):
    folder: AbsPath
    environment: Environment
    text: Text


class WireSizes(TypedDict):
    static: TextSize
    dynamic: TextSize
    wire: TextSize


class WireResult(TypedDict):
    """Halves and wire text of one open document, as the hover shows them."""

    uri: str
    version: int
    markers: Annotated[int, "Exact markers in the document."]
    static: str
    dynamic: str
    wire: str
    sizes: WireSizes
    text: Text


class Importer(TypedDict):
    path: AbsPath
    line: Annotated[int, "1-based line of the `@path`."]
    written: Annotated[str, "The path as written."]
    profiles: Annotated[list[str], "The profiles that follow it."]


class ProfileLoad(TypedDict):
    profile: str
    status: Annotated[
        str,
        "The discovery status, or `not-loaded`.",
        OneOf([*(str(s) for s in EntryStatus), "not-loaded"]),
    ]
    position: Annotated[_OptInt, "1-based position among the files sent."]
    sent: Annotated[int, "Files the profile sends at launch for the folder."]
    reason: str
    importedFrom: str | None
    line: _OptInt


class LoadersResult(TypedDict):
    """The files that import a file and what each profile does with it for its folder."""

    path: AbsPath
    folder: Annotated[str, "The folder whose discovery decides the file's fate."]
    scanned: Annotated[str, "The folder searched for importers (the repository)."]
    complete: Annotated[bool, "False when the search stopped at its file cap."]
    importers: list[Importer]
    profiles: list[ProfileLoad]
    text: Text


class RevisionResult(TypedDict):
    folder: AbsPath
    profile: str
    revision: str
