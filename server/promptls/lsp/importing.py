"""What the import features (links, references, completion, rename) need about a file:
the agents that read its folder, their discoveries, and the home ``~/`` resolves in.

Kept apart so the four feature modules resolve imports from the same inputs the
analysis uses (the folder's active profiles, the server's cached discovery), without
importing one another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from pygls.uris import to_fs_path

from promptls import later

if TYPE_CHECKING:
    from promptls.discovery.links import Loaders
    from promptls.discovery.model import Discovery
    from promptls.lsp.server import PromptServer


class ImportSetup(NamedTuple):
    """The profiles answering for a file's folder, their discoveries, and the home."""

    folder: str
    profiles: tuple[str, ...]
    discoveries: dict[str, Discovery]
    home: str | None


def import_setup(server: PromptServer, path: str) -> ImportSetup:
    """The agents of ``path``'s folder as the analysis sees them; in a folder set up for
    no agent and with no profile configured, also the agents with an import syntax that
    read a file of this name (a new CLAUDE.md is Claude's before it is saved). A
    discovery that fails is left out (the links then rest on the disk alone)."""
    folder = later.discovery_api.owning_folder(path)
    configured = server.settings.for_path(path).profile
    profiles = later.discovery_setup.active_profiles(folder, configured)
    if configured is None and not later.discovery_setup.detect_setups(folder):
        owners = (
            n
            for n, p in later.agents_registry.PROFILES.items()
            if p.imports and later.discovery_api.is_instruction_path(path, [n])
        )
        profiles = tuple(dict.fromkeys((*profiles, *owners)))
    found: dict[str, Discovery] = {}
    for profile in profiles:
        try:
            found[profile] = server.discover(folder, profile)
        except Exception:  # a broken discovery must not break navigation
            continue
    home = (
        next((d.home for d in found.values()), None)
        or later.discovery_api.resolve_home(None, None)[0]
    )
    return ImportSetup(folder, profiles, found, home)


def open_texts(server: PromptServer) -> dict[str, str]:
    """Path → current text of every open document with a file path."""
    out: dict[str, str] = {}
    for doc in server.documents:
        if doc.path:
            out[doc.path] = doc.text
    return out


def path_of(uri: str) -> str | None:
    """The file-system path of a ``file:`` URI, else None."""
    return to_fs_path(uri) if uri.startswith("file:") else None


def loaders_of(server: PromptServer, path: str, profiles: tuple[str, ...] | None = None) -> Loaders:
    """Who loads ``path`` (``analysis.loaders.find_loaders``), with the open documents'
    current text and the server's cached discovery; ``profiles`` default to the
    folder's agents."""
    setup = import_setup(server, path)
    return later.analysis_loaders.find_loaders(
        path,
        setup.profiles if profiles is None else profiles,
        server.discover,
        open_texts=open_texts(server),
        home=setup.home,
    )
