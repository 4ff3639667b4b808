"""Who loads a file, as JSON (``promptls.showLoaders``, ``context --loaders --json``)
and as text (the CLI, and the command's ``text``): one serialiser and one formatter, so
the editor and the terminal show the same answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from promptls.discovery import PROFILES
from promptls.discovery.links import Loaders
from promptls.text.escape import safe_line

if TYPE_CHECKING:
    from promptls.apidesc.records import LoadersResult


def loaders_result(found: Loaders) -> LoadersResult:
    """The record ``apidesc.records.LoadersResult``, with the human view as ``text``."""
    return {
        "path": found.path,
        "folder": found.folder,
        "scanned": found.scanned,
        "complete": found.complete,
        "importers": [
            {
                "path": site.path,
                "line": site.link.line,
                "written": site.link.written,
                "profiles": list(site.link.profiles),
            }
            for site in found.importers
        ],
        "profiles": [
            {
                "profile": load.profile,
                "status": load.status,
                "position": load.position,
                "sent": load.sent,
                "reason": load.reason,
                "importedFrom": load.importer,
                "line": load.line,
            }
            for load in found.loads
        ],
        "text": loaders_text(found),
    }


def loaders_text(found: Loaders) -> str:
    """The human view: importers, then one line per profile."""
    lines = [f"File: {safe_line(found.path)}", f"Folder: {safe_line(found.folder)}", ""]
    if found.importers:
        lines.append(f"Imported by ({len(found.importers)}):")
        for site in found.importers:
            who = ", ".join(site.link.profiles)
            where = f"{safe_line(site.path)}:{site.link.line}"
            lines.append(f"  {where}  @{safe_line(site.link.written)}  ({who})")
    else:
        lines.append(f"Imported by: no file below {safe_line(found.scanned)}")
    if not found.complete:
        lines.append("  (the search stopped at its file cap: there may be more)")
    lines += ["", "Per profile, for this folder:"]
    for load in found.loads:
        title = PROFILES[load.profile].title if load.profile in PROFILES else load.profile
        where = f", position {load.position} of {load.sent} sent" if load.position else ""
        line = f"  {load.profile} ({safe_line(title)}): {load.status}{where}"
        if load.reason:
            line += f" — {safe_line(load.reason)}"
        lines.append(line)
    return "\n".join(lines)
