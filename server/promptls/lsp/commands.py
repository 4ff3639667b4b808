"""``workspace/executeCommand``: JSON results editors render.

The ids and the result shapes are described in ``promptls.apidesc`` (``promptls
api-json``); every result is built by the serialiser the CLI's ``--json`` uses
(``promptls.views.shapes``), with the CLI's human view as ``text``.

Every command takes one JSON object argument. Paths (``folder``) and URIs (``uri``) are
validated: a path outside every workspace folder that is not an open document (or the
folder of one) is rejected with JSON-RPC InvalidParams, as are missing or mistyped keys.
``showContextFiles`` takes any file in the workspace as its ``uri`` and answers for that
file as the target (``promptls context --for FILE``), from the workspace folder holding it.
"""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pygls.exceptions import JsonRpcInvalidParams
from pygls.uris import to_fs_path

from promptls import later
from promptls.lsp.command_ids import (
    CONTEXT_REVISION,
    DEBUG_DOCUMENT_HASH,
    DEBUG_STATS,
    PREVIEW_DIFF,
    PREVIEW_PROMPT,
    RENDER_WIRE,
    SHOW_CONTEXT_FILES,
    SHOW_ENVIRONMENT,
    SHOW_LOADERS,
)
from promptls.lsp.importing import loaders_of, path_of
from promptls.lsp.preview_diff import preview_diff
from promptls.lsp.settings import SETTINGS_CACHE_SIZE
from promptls.lsp.workspace import assemble, assemble_with_source, profiles_for, system_source
from promptls.text.digest import sha256_hex
from promptls.text.escape import safe_line
from promptls.text.paths import within

if TYPE_CHECKING:
    from promptls.apidesc import records as rec
    from promptls.apidesc import records_preview as recp
    from promptls.lsp.server import PromptServer

from promptls.apidesc.ids import PREVIEW_FORMATS

_PREVIEW_FORMS = {
    "both": ("static", "dynamic", "wire", "blocks", "text"),
    "blocks": ("static", "dynamic", "blocks", "text"),
    "wire": ("wire",),
}
"""Which large members of a preview each ``format`` sends (see ``PREVIEW_RESULT``)."""


def invalid(message: str) -> JsonRpcInvalidParams:
    """An InvalidParams error whose message says what to fix."""
    return JsonRpcInvalidParams(message=f"Invalid Params: {message}")


def _single_object(args: tuple[Any, ...]) -> dict[str, Any]:
    """The one JSON object argument every promptls command takes."""
    if len(args) != 1 or not isinstance(args[0], dict):
        raise invalid("expected exactly one JSON object argument")
    return args[0]


def _string(obj: dict[str, Any], key: str, *, required: bool = True) -> str | None:
    """A string member, or InvalidParams naming the key."""
    value = obj.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value:
        raise invalid(f"'{key}' must be a non-empty string")
    return value


def _real(path: str) -> str:
    """Canonical path for containment checks (symlinks resolved, never raising)."""
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return str(Path(path).absolute())


def _is_dir(path: str) -> bool:
    """Whether ``path`` is an existing directory (never raising)."""
    try:
        return Path(path).is_dir()
    except (OSError, ValueError):
        return False


def _to_path(value: str) -> str:
    """A ``file:`` URI or an absolute path → an absolute path."""
    path = to_fs_path(value) if value.startswith("file:") else value
    if not path or "\x00" in path or not Path(path).is_absolute():
        raise invalid(f"not an absolute path or file URI: {value!r}")
    return os.path.normpath(path)


def allowed_folder(server: PromptServer, value: str) -> str:
    """Validate a folder argument: inside a workspace folder or an open document's folder."""
    path = _to_path(value)
    real = _real(path)
    if not _is_dir(real):
        raise invalid(f"{path} is not a folder")
    if any(within(real, _real(f)) for f in server.folders()):
        return path
    for doc in server.documents:
        if doc.path and _real(str(Path(doc.path).parent)) == real:
            return path
    raise invalid(f"{path} is outside every workspace folder and not an open document")


def allowed_document(server: PromptServer, value: str) -> str:
    """Validate a document argument: an open document, or a file in a workspace folder."""
    if server.documents.get(value) is not None:
        return value
    path = _to_path(value)
    real = _real(path)
    if any(within(real, _real(f)) for f in server.folders()):
        return value
    raise invalid(f"{value} is outside every workspace folder and not an open document")


def _profiles(server: PromptServer, folder: str, value: str | None) -> list[str]:
    """The profiles to answer for: one, or ``all`` side by side."""
    if value is None:
        return list(profiles_for(server, folder))
    if value == "all":
        return list(later.discovery.PROFILES)
    if value not in later.discovery.PROFILES:
        raise invalid(
            f"unknown profile {value!r} (known: {', '.join(later.discovery.PROFILES)}, all)"
        )
    return [value]


def show_context_files(server: PromptServer, obj: dict[str, Any]) -> rec.ContextResult:
    """Which files each profile loads for a folder, in order, and what happened to the
    rest; for a file (``uri``), which of them apply to that file."""
    uri = _string(obj, "uri", required=False)
    if uri is not None:
        folder, target = _folder_and_target(server, uri)
    else:
        folder, target = allowed_folder(server, str(_string(obj, "folder"))), None
    profiles = _profiles(server, folder, _string(obj, "profile", required=False))
    env = later.assembly_environment.detect_environment(folder)
    results = []
    for profile in profiles:
        # A target's answer is not memoised: it is asked for once per command, and the
        # cache is keyed per folder (what analyses and the watcher share).
        found = (
            server.discover(folder, profile)
            if target is None
            else later.discovery.discover(folder, profile, target=target)
        )
        skills = later.discovery_skills.discover_skills(folder, profile)
        results.append(
            later.views_shapes.ProfileContext(
                found, later.assembly_render.context_revision(env, found.files), skills
            )
        )
    home, _ = later.discovery.resolve_home(None, None)
    base = _workspace_of(server, folder)
    return later.views_shapes.context_result(
        folder, env, results, home=home, base=base, target=target
    )


def _folder_and_target(server: PromptServer, value: str) -> tuple[str, str | None]:
    """The folder the agent starts in and the file it answers for, from a ``uri``.

    A file in the workspace is answered from its innermost workspace folder (where the
    agent starts; path-scoped globs are relative to it). A folder URI answers for the
    folder. An open document outside every workspace folder keeps its own folder as the
    start, since that is all the editor says about it; any other path is refused.
    """
    path = _to_path(value)
    real = _real(path)
    if _is_dir(real):
        return allowed_folder(server, value), None
    holders = [os.path.normpath(f) for f in server.folders() if within(real, _real(f))]
    if holders:
        folder = max(holders, key=lambda f: len(_real(f)))
        if within(path, folder):
            return folder, path
        # Reached through a symlink: name the file below the folder as the client does.
        return folder, str(Path(folder) / os.path.relpath(real, _real(folder)))
    if server.documents.get(value) is not None:
        return str(Path(path).parent), path
    raise invalid(
        f"{safe_line(path)} is outside every workspace folder: add its folder to the "
        "workspace to see which instructions apply to it"
    )


def _workspace_of(server: PromptServer, folder: str) -> str:
    """The innermost workspace folder holding ``folder`` (paths in views are shown
    relative to it), else ``folder`` itself."""
    real = _real(folder)
    holders = [f for f in server.folders() if within(real, _real(f))]
    return max(holders, key=len, default=folder)


def show_environment(server: PromptServer, obj: dict[str, Any]) -> rec.EnvironmentResult:
    """The environment an agent would report for the folder (read from files only)."""
    folder = allowed_folder(server, str(_string(obj, "folder")))
    return later.views_shapes.environment_result(
        folder, later.assembly_environment.detect_environment(folder)
    )


def preview_prompt(server: PromptServer, obj: dict[str, Any]) -> recp.PreviewResult:
    """Cache-aware blocks and/or marker-free wire text of the assembled prompt."""
    folder = allowed_folder(server, str(_string(obj, "folder")))
    fmt = _string(obj, "format", required=False) or "both"
    if fmt not in PREVIEW_FORMATS:
        raise invalid(f"'format' must be one of {', '.join(PREVIEW_FORMATS)}")

    chosen = _string(obj, "profile", required=False)
    target_arg = _string(obj, "for", required=False)
    if chosen is None and target_arg is None:
        system_file, prompt = assemble_with_source(server, folder)
        server.revisions[folder] = prompt.revision
    else:
        if chosen == "all":
            raise invalid("'profile' names one profile here")
        target = None if target_arg is None else _target_in(server, folder, target_arg)
        system_file, text = system_source(server, folder)
        prompt = later.assembly_assemble.assemble_prompt(
            folder,
            profile=_profiles(server, folder, chosen)[0],
            system_text=text,
            target=target,
        )
    found = prompt.discovery
    measured = later.assembly_agents.measure_prompt(prompt)
    return later.views_shapes.preview_result(
        folder,
        found.profile,
        system_file,
        prompt,
        measured,
        _PREVIEW_FORMS[fmt],
        agent_view=chosen is not None,
    )


def cache_diff(server: PromptServer, obj: dict[str, Any]) -> recp.PreviewDiff:
    """``previewDiff``: validate, then compare with the kept baseline (``preview_diff``)."""
    folder = allowed_folder(server, str(_string(obj, "folder")))
    chosen = _string(obj, "profile", required=False)
    if chosen == "all":
        raise invalid("'profile' names one profile here")
    target_arg = _string(obj, "for", required=False)
    target = None if target_arg is None else _target_in(server, folder, target_arg)
    rebase, texts = obj.get("rebase", False), obj.get("texts", False)
    if not isinstance(rebase, bool) or not isinstance(texts, bool):
        raise invalid("'rebase' and 'texts' must be booleans")
    profile = _profiles(server, folder, chosen)[0]
    base = _workspace_of(server, folder)
    return preview_diff(server, folder, profile, target, rebase=rebase, texts=texts, base=base)


def _target_in(server: PromptServer, folder: str, value: str) -> str:
    """``for``: a file answered from ``folder`` (its own folder must be that one)."""
    start, target = _folder_and_target(server, value)
    if target is None or os.path.normpath(start) != os.path.normpath(folder):
        raise invalid(f"'for' must name a file inside {folder}")
    return target


async def render_wire(server: PromptServer, obj: dict[str, Any]) -> rec.WireResult:
    """Halves and wire text of an open document, as the hover shows them."""
    uri = str(_string(obj, "uri"))
    if server.documents.get(uri) is None:
        allowed_document(server, uri)
        raise invalid(f"{uri} is not an open document")
    snapshot = await server.snapshot(uri)
    if snapshot is None:
        raise invalid(f"{uri} is not an open document")
    exact = snapshot.analysis.exact_markers
    doc = server.documents.get(uri)
    marker = exact[0].marker if exact else server.settings_for(doc).markers[0] if doc else ""

    m = snapshot.wire(marker)
    measured = [(p.size.bytes, p.size.tokens) for p in (m.static, m.dynamic, m.wire)]
    parts = later.wire.full_parts(snapshot.text, marker)
    return later.views_shapes.wire_result(uri, snapshot.version, len(exact), parts, measured)


def context_revision(server: PromptServer, obj: dict[str, Any]) -> rec.RevisionResult:
    """The context revision for a folder (changes when what the model sees changes)."""
    folder = allowed_folder(server, str(_string(obj, "folder")))
    revision = assemble(server, folder).revision
    server.revisions[folder] = revision
    return later.views_shapes.revision_result(folder, profiles_for(server, folder)[0], revision)


def document_hash(server: PromptServer, obj: dict[str, Any]) -> dict[str, Any]:
    """sha256 of the server's copy of a document (debug: lets fuzzers check sync)."""
    uri = str(_string(obj, "uri"))
    doc = server.documents.get(uri)
    if doc is None:
        raise invalid(f"{uri} is not an open document")

    digest = sha256_hex(doc.text.encode("utf-8", "surrogatepass"))
    return {"uri": uri, "version": doc.version, "sha256": digest}


async def debug_stats(server: PromptServer) -> dict[str, Any]:
    """Live tasks, threads and cache sizes (debug: lets soak tests catch leaks)."""
    return {
        "tasks": len(asyncio.all_tasks()),
        "threads": threading.active_count(),
        "documents": sum(1 for _ in server.documents),
        "discoveryCache": {"size": len(server.discovery), "max": server.discovery.maxsize},
        "settingsCache": {"size": len(server.settings._cache), "max": SETTINGS_CACHE_SIZE},
        "revisions": len(server.revisions),
    }


def show_loaders(server: PromptServer, obj: dict[str, Any]) -> rec.LoadersResult:
    """The files that import a file and each profile's verdict on it (``references``)."""
    uri = allowed_document(server, str(_string(obj, "uri")))
    path = path_of(uri) or _to_path(uri)
    chosen = _string(obj, "profile", required=False)
    names = None if chosen is None else tuple(_profiles(server, str(Path(path).parent), chosen))
    found = loaders_of(server, path, names)
    return later.views_loaders.loaders_result(found)


def register(server: PromptServer) -> None:
    """Register the public commands. pygls reads the handlers' annotations at run time,
    where the result records (imported for type checking only) are not defined: the
    handlers return ``object`` and the functions they call carry the record types."""

    @server.command(SHOW_LOADERS)
    def _show_loaders(*args: Any) -> object:
        """See :func:`show_loaders`."""
        return show_loaders(server, _single_object(args))

    @server.command(SHOW_CONTEXT_FILES)
    def _show_context_files(*args: Any) -> object:
        """See :func:`show_context_files`."""
        return show_context_files(server, _single_object(args))

    @server.command(SHOW_ENVIRONMENT)
    def _show_environment(*args: Any) -> object:
        """See :func:`show_environment`."""
        return show_environment(server, _single_object(args))

    @server.command(PREVIEW_PROMPT)
    def _preview_prompt(*args: Any) -> object:
        """See :func:`preview_prompt`."""
        return preview_prompt(server, _single_object(args))

    @server.command(PREVIEW_DIFF)
    def _preview_diff(*args: Any) -> object:
        """See :func:`cache_diff`."""
        return cache_diff(server, _single_object(args))

    @server.command(RENDER_WIRE)
    async def _render_wire(*args: Any) -> object:
        """See :func:`render_wire`."""
        return await render_wire(server, _single_object(args))

    @server.command(CONTEXT_REVISION)
    def _context_revision(*args: Any) -> object:
        """See :func:`context_revision`."""
        return context_revision(server, _single_object(args))


def register_debug(server: PromptServer) -> None:
    """Register the debug-only command (``debug: true`` in initializationOptions)."""

    @server.command(DEBUG_DOCUMENT_HASH)
    def _document_hash(*args: Any) -> dict[str, Any]:
        """See :func:`document_hash`."""
        return document_hash(server, _single_object(args))

    @server.command(DEBUG_STATS)
    async def _stats(*args: Any) -> dict[str, Any]:
        """See :func:`debug_stats`."""
        return await debug_stats(server)
