"""``@path`` imports, whatever the agent: finding them (each agent's own parser) and
where a token points.

Claude Code and gemini-cli both inline ``@path`` references from their memory files, but
they parse them differently, and the difference decides what the model sees: a token one
agent imports is plain text to the other, and gemini-cli replaces a token it cannot
import with an HTML comment, so the words vanish from the model's view. Each agent's
parser lives in its home (``promptls/agents/<home>/imports.py``, named by
``Profile.imports``), which says where it reads code differently from CommonMark. This
module scans through them and does path arithmetic only; following the imports on disk
(reading, confinement, depth, cycles) is ``promptls.discovery.follow``'s job.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH117, PTH118, PTH120

from __future__ import annotations

import os

from promptls.agents.model import ImportRef, ImportStyle
from promptls.agents.registry import PROFILES
from promptls.text import runmemo
from promptls.text.lazyre import lazy

_STYLES = {p.imports.name: p.imports for p in PROFILES.values() if p.imports is not None}
"""Every dialect an agent's home declares, by name."""


def import_style(style: ImportStyle | str) -> ImportStyle:
    """The dialect itself, or the one of that name (``claude``, ``gemini``); a name no
    agent declares is a ``KeyError`` naming the known ones, never another agent's."""
    if isinstance(style, ImportStyle):
        return style
    found = _STYLES.get(style)
    if found is None:
        raise KeyError(f"no agent parses imports as {style!r} (known: {', '.join(_STYLES)})")
    return found


def find_imports(text: str, style: ImportStyle | str) -> list[ImportRef]:
    """List the imports of one file in order of appearance, code left out as the agent
    leaves it out (scanned once per text in a ``check`` run: a parent folder's file is
    read by every walk below it)."""
    dialect = import_style(style)
    if dialect.lead not in text:  # no token at all (most files): cheaper than the memo
        return []
    return list(runmemo.remembered("imports", (dialect.name, text), lambda: dialect.parse(text)))


# -- where a token points --------------------------------------------------------------

_DOC_SUFFIXES = (".md", ".mdx", ".markdown", ".txt", ".rst")
TRAILING_PUNCTUATION = ".,;:!?)]}'\""
"""Sentence punctuation a writer may put after a path; both agents read it as part of
the path, so a path that is explicit without it is still worth reporting."""
_URL = lazy(r"(?:file|https?)://")


def is_explicit_import(target: str) -> bool:
    """Whether a token is unmistakably a file path, so a miss is worth reporting.

    ``./x``, ``../x``, ``~/x``, ``/x``, a document (``.md``, ``.txt``…), or a folder plus
    an extension (``.github/workflows/ci.yml``). ``@scope/package`` and
    ``@pytest.fixture`` are only imports when such a file happens to exist. Sentence
    punctuation after the path is not looked at (``@a.md,`` is explicit: it names the
    missing ``a.md,``).
    """
    target = target.rstrip(TRAILING_PUNCTUATION) or target
    if target.startswith(("./", "../", "~/", "/")):
        return True
    if target.lower().endswith(_DOC_SUFFIXES):
        return True
    base = target.rsplit("/", 1)[-1]
    return "/" in target and "." in base.strip(".")


def is_url(target: str) -> bool:
    """gemini-cli refuses ``file://``, ``http://`` and ``https://`` tokens outright."""
    return _URL.match(target) is not None


def resolve_import(
    target: str, importer: str, home: str | None, root: str | None = None
) -> str | None:
    """Absolute path an import points at, or None when it needs a home we do not have.

    ``~/x`` is the home folder's ``x``; a ``~`` followed by anything else is an
    ordinary relative name. A relative target is resolved against ``root`` when given
    (a dialect whose paths are relative to the workspace, ``ImportStyle.from_root``),
    else against the importing file's folder.
    """
    if target == "~" or target.startswith("~/"):
        if home is None:
            return None
        return os.path.normpath(os.path.join(home, target[2:]))
    if os.path.isabs(target):
        return os.path.normpath(target)
    return os.path.normpath(os.path.join(root or os.path.dirname(importer), target))
