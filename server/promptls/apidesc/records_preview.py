"""The records of an agent's rendering, the assembled preview and the cache diff
(``preview --format json``, ``promptls.previewPrompt``, ``promptls.previewDiff``); see
``records`` for what a record is and who reads it."""

from typing import Annotated, NotRequired, TypedDict

from promptls.apidesc.records import (
    AbsPath,
    Bytes,
    Environment,
    Skill,
    Text,
    TextSize,
    Verified,
)
from promptls.apidesc.schema import OneOf, Shared


class CacheControl(TypedDict):
    """Anthropic's field, spelled as sent."""

    type: str


class RequestBlock(TypedDict):
    """One request block, exactly as a cache-aware provider receives it."""

    type: Annotated[str, "Always text."]
    text: str
    cache_control: NotRequired[CacheControl]


Position = Annotated[int, "UTF-8 byte offset in the rendering's wire text."]
Tokens = Annotated[int, "Tokens, counted as the rendering's `tokenizer` says."]
Cached = Annotated[bool, "Whether it sits in the prefix the provider caches."]


class RenderedBlock(TypedDict):
    kind: Annotated[str, OneOf(["framing", "file", "static", "dynamic"])]
    path: Annotated[str | None, "The file shown; null for framing."]
    position: Position
    bytes: Bytes
    tokens: Tokens
    cachedPrefix: Cached


class RenderedFile(TypedDict):
    path: AbsPath
    position: Position
    bytes: Bytes
    tokens: Tokens
    cachedPrefix: Cached


class _Rendering(TypedDict):
    """One agent's instruction context as it goes on the wire."""

    profile: str
    title: Annotated[str, "The agent's name."]
    verifiedBy: Annotated[Verified | None, "How this profile was verified; null: not stated."]
    framing: Annotated[
        str,
        "`sourced`: framing strings from the agent's code or docs (docs/profiles.md); "
        "`not documented`: content only.",
        OneOf(["sourced", "not documented"]),
    ]
    placement: Annotated[str, "Where on the request the agent puts this text."]
    source: Annotated[str, "The upstream code or page followed, with its date."]
    notes: Annotated[list[str], "What is approximated or not modelled."]
    cacheNote: Annotated[str, "What is known about caching of this text."]
    tokenizer: Annotated[str, "`o200k_base` for exact counts, `estimate` for the heuristic."]
    tokensExact: Annotated[bool, "Whether the token counts are tokenizer counts."]
    bytes: Annotated[int, "UTF-8 bytes of the wire text."]
    tokens: Annotated[int, "Tokens of the whole wire text."]
    wire: NotRequired[Annotated[str, "The instruction context exactly as the agent sends it."]]
    blocks: Annotated[
        list[RenderedBlock], "The wire text in order: framing and file content, each measured."
    ]
    files: Annotated[
        list[RenderedFile], "Each file's content on the wire (from its first block, summed)."
    ]


AgentRendering = Annotated[_Rendering, Shared("AgentRendering")]


class PreviewFile(TypedDict):
    path: AbsPath
    scope: str
    bytes: int


class PreviewSizes(TypedDict):
    static: TextSize
    dynamic: TextSize
    system: TextSize
    wire: TextSize


class PreviewResult(TypedDict):
    """The assembled prompt of a folder, and `rendering`: what the profile's agent sends
    of its instruction files. The LSP command leaves out the forms its `format` does not
    ask for (`system`; `wire` for blocks; `blocks`, `static`, `dynamic` and `text` for
    wire). For a profile other than `or`, `text` shows the agent's rendering."""

    folder: AbsPath
    profile: str
    systemFile: Annotated[str | None, "The doctrine file; null for the built-in one."]
    revision: str
    skillsRevision: Annotated[str, "Revision of the skill listing; empty without skills."]
    static: NotRequired[Annotated[str, "Static half (cached)."]]
    dynamic: NotRequired[Annotated[str, "Dynamic half (per turn)."]]
    system: NotRequired[Annotated[str, "Both halves joined with the marker."]]
    wire: NotRequired[Annotated[str, "Marker-free text as sent without cache control."]]
    blocks: NotRequired[list[RequestBlock]]
    sizes: PreviewSizes
    environment: Environment
    files: list[PreviewFile]
    skills: list[Skill]
    rendering: AgentRendering
    text: NotRequired[Text]


class AgentsPreviewResult(TypedDict):
    """`promptls preview --all-profiles --format json`: every agent's rendering."""

    folder: AbsPath
    target: Annotated[str | None, "The file answered for (`--for`), else null."]
    renderings: Annotated[list[AgentRendering], "Every profile, in the profile table's order."]
    text: Text


class DiffSide(TypedDict):
    kind: Annotated[
        str | None,
        "The piece holding the byte; null past the end of the text.",
        OneOf(["framing", "file", "static", "dynamic"]),
    ]
    path: Annotated[str | None, "The file whose content holds it, or that the framing opens."]
    cachedPrefix: Annotated[bool, "Whether that piece is in the cached prefix."]
    cachedPrefixBytes: Annotated[int, "Bytes of this rendering's cached prefix."]
    excerpt: Annotated[str, "Text from the difference on, to the end of its line."]


class Difference(TypedDict):
    """Null when both wire texts are identical."""

    offset: Annotated[int, "Code points before the difference."]
    byte: Annotated[int, "UTF-8 bytes before the difference: what caches compare."]
    line: Annotated[int, "0-based line in the wire text."]
    column: Annotated[int, "0-based column, in code points."]
    inCachedPrefix: Annotated[
        bool, "The cache misses from this byte on (it is in a cached prefix)."
    ]
    changedFiles: Annotated[list[AbsPath], "Files added, edited or removed."]
    old: DiffSide
    new: DiffSide


class _PreviewDiff(TypedDict):
    """Where the new rendering's wire text first departs from the old one's."""

    profile: str
    old: Annotated[str, "What the old rendering is (a revision, a folder, `saved`)."]
    new: Annotated[str, "What the new rendering is (the folder)."]
    difference: Difference | None
    summary: Annotated[
        str,
        "One line: the agent, the first differing byte and the file holding it, and "
        "whether the cached prefix survives (paths shortened as in `text`).",
    ]
    oldWire: NotRequired[Annotated[str, "The old wire text (only when asked for with `texts`)."]]
    newWire: NotRequired[Annotated[str, "The new wire text (only when asked for with `texts`)."]]
    text: Text


PreviewDiff = Annotated[_PreviewDiff, Shared("PreviewDiff")]
