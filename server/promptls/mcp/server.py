"""``promptls mcp``: the MCP server on the official SDK, which only translates.

Each tool validates its arguments (types by the SDK from the signatures below; paths,
agents and rule codes by ``roots`` and ``answers``, with a sentence saying what to send
instead), asks the client for its roots, and returns what ``answers`` computed: the
CLI's JSON as structured content and the CLI's human text as text content. A refused
argument is a tool error (``isError``) whose text the model reads. Nothing is written,
nothing is run, and nothing but the roots' files (and the agents' own user-level files
that discovery reads, as the agents do) is opened.

Roots are asked for on every call (``roots/list``; clients may change them), through
the SDK's resolver, which speaks both the handshake-era protocol (a request during the
call) and 2026-07-28's (an input-required round). A client without the roots capability
gets the server's working folder (``roots.roots_from``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from mcp.server import MCPServer
from mcp.server.mcpserver import Context, ListRoots, Resolve
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.mcpserver.tools import Tool
from mcp.types import CallToolResult, ListRootsResult, TextContent, ToolAnnotations
from pydantic import Field, WithJsonSchema

from promptls import __version__
from promptls.discovery import PROFILES
from promptls.mcp import answers
from promptls.mcp.roots import InputError, Roots, roots_from
from promptls.mcp.schemas import output_schema

INSTRUCTIONS = (
    "promptls answers which instruction files (AGENTS.md, CLAUDE.md, GEMINI.md, rules, "
    "skills) a coding agent loads for a file or folder, in what order, and why not the "
    "rest; what the agent sends of them, in tokens; and what is wrong in them. Paths "
    "must lie inside the workspace roots; relative paths start at the first root."
)

_READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)


def _ask_roots(ctx: Context) -> ListRoots | None:
    """Ask for the client's roots when it can list them; None when it cannot."""
    capabilities = ctx.client_capabilities
    return ListRoots() if capabilities is not None and capabilities.roots is not None else None


ClientRoots = Annotated[ListRootsResult | None, Resolve(_ask_roots)]
"""A tool parameter the SDK fills with the client's roots (never part of the schema)."""

_Path = Annotated[
    str,
    Field(
        description="A file or folder inside the workspace roots: absolute, relative to the "
        "first root, or a file: URI. A file need not exist yet."
    ),
]
_Agent = Annotated[
    str,
    WithJsonSchema(
        {
            "type": "string",
            "enum": list(PROFILES),
            "description": "The agent (profile) to answer for.",
        }
    ),
]


def _roots(found: ListRootsResult | None) -> Roots:
    """The roots the client listed, else the server's working folder."""
    uris = None if found is None else [str(root.uri) for root in found.roots]
    return roots_from(uris)


def _result(compute: Callable[[], answers.Answer]) -> CallToolResult:
    """Structured content and its text; a refused argument becomes a tool error."""
    try:
        data, text = compute()
    except InputError as exc:
        raise ToolError(str(exc)) from None
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)


def instructions_for(
    path: _Path,
    agent: Annotated[
        str | None,
        WithJsonSchema(
            {
                "type": "string",
                "enum": list(PROFILES),
                "description": "The agent to answer for; left out, every agent side by side, "
                "with the coverage matrix.",
            }
        ),
    ] = None,
    roots: ClientRoots = None,
) -> CallToolResult:
    """Which instruction files an agent loads for PATH (a file it is about to edit, or a
    folder it starts in), in order, and why not the others: each file's status (loaded,
    cut, dropped, shadowed, skipped, lazy, conditional, on-request, ...), the reason,
    bytes, and tokens as the agent sends it. Without `agent`, every agent, with the
    coverage matrix of which agent receives which file."""
    return _result(lambda: answers.instructions_for(path, agent, _roots(roots)))


def preview(
    agent: _Agent,
    path: Annotated[
        str | None,
        WithJsonSchema(
            {
                "type": "string",
                "description": "A file or folder to answer for (path-scoped rules that apply "
                "to the file load); left out, the first workspace root.",
            }
        ),
    ] = None,
    roots: ClientRoots = None,
) -> CallToolResult:
    """The text AGENT sends of its instruction files, exactly as it goes on the wire
    (framing included where the agent's framing is public), with each file's position,
    bytes and token count."""
    return _result(lambda: answers.preview(agent, path, _roots(roots)))


def check(
    paths: Annotated[
        list[str],
        Field(
            description="Files or folders inside the workspace roots (folders are walked "
            "as `promptls check` walks them).",
            min_length=1,
            max_length=answers.MAX_PATHS,
        ),
    ],
    select: Annotated[
        list[str] | None,
        WithJsonSchema(
            {
                "type": "array",
                "items": {"type": "string"},
                "description": "Rule codes to run (PL001, ..., or ALL); left out, the "
                "project's promptls config decides.",
            }
        ),
    ] = None,
    roots: ClientRoots = None,
) -> CallToolResult:
    """Lint prompt and instruction files as `promptls check --format json` does: every
    finding with its rule code, severity, message, line and column, and its fix when one
    is safe. Nothing is changed on disk."""
    return _result(lambda: answers.check(paths, select, _roots(roots)))


def explain(
    code: Annotated[str, Field(description="A rule code (PL001) or rule name.")],
) -> CallToolResult:
    """One rule in full: what it reports, why it matters, a bad and a good example."""
    return _result(lambda: answers.explain(code))


TOOLS = (instructions_for, preview, check, explain)
"""The tools, in the order they are listed."""


def _tool(fn: Callable[..., CallToolResult]) -> Tool:
    """A read-only tool whose output schema is the CLI's JSON shape."""
    tool = Tool.from_function(fn, annotations=_READ_ONLY, structured_output=False)
    # Published with the tool; the SDK's client validates every result against it.
    tool.fn_metadata.output_schema = output_schema(tool.name)
    return tool


def tools() -> list[Tool]:
    """The tools as the server lists them (input schemas from the signatures above)."""
    return [_tool(fn) for fn in TOOLS]


def _rules() -> list[dict[str, object]]:
    """``promptls rules --format json``."""
    return answers.rules()


def _coverage() -> dict[str, Any]:
    """The coverage matrix of the server's folder, and its text. A resource read cannot
    ask for roots on the 2026-07-28 protocol (only tools carry input-required rounds),
    so it answers for the folder the client started the server in."""
    data, text = answers.coverage(roots_from(None))
    return data | {"text": text}


RESOURCES: dict[str, tuple[str, str, Callable[[], object]]] = {
    "promptls://rules": (
        "rules",
        "Every rule: code, name, default severity, whether it has a fix, summary "
        "(`promptls rules --format json`).",
        _rules,
    ),
    "promptls://coverage": (
        "coverage",
        "The coverage matrix of the project the server was started in: which agent "
        "receives which instruction file, and how many bytes of it "
        "(`promptls context --all-profiles --json`'s `coverage`).",
        _coverage,
    ),
}
"""URI → (name, description, reader); each read returns JSON."""


def create_server() -> MCPServer:
    """The server with its tools and resources."""
    server: MCPServer = MCPServer(
        "promptls",
        version=__version__,
        instructions=INSTRUCTIONS,
        tools=tools(),
        log_level="WARNING",
    )
    for uri, (name, description, read) in RESOURCES.items():
        server.resource(uri, name=name, description=description, mime_type="application/json")(read)
    return server


def run_stdio() -> int:
    """Serve MCP on stdin/stdout until the client closes them."""
    create_server().run("stdio")
    return 0
