"""Whether a file's text is about another project: a skill installed from elsewhere, or a
template or example kept in this repository for others.

Rules that hold a text against *this* repository (PL034 compares its commands with the
repository's manifests) are wrong about such text: a vendored skill documents the
commands of the project it came from, and a template documents the projects it will
generate. Two signals mark a skill as vendored:

- the skills installer's lock: ``npx skills add owner/repo`` (vercel-labs/skills) records
  each installed skill by folder name, with its ``source`` repository, in
  ``skills-lock.json`` at the project's root (as found in public repositories that use
  it, read 2026-12-06: ``{"version": 1, "skills": {"<name>": {"source": "owner/repo",
  …}}}``);
- a licence file in the skill's own folder (``LICENSE``, ``LICENSE.txt``): the way
  published skill collections ship each skill (anthropics/skills does), and no project
  licenses one of its own folders apart.

A template or example is a file under a folder named for it (``templates/``,
``examples/``, ``fixtures/``, ``testdata/``) below the repository's root.
"""

# Plain str paths on purpose: the path is the one the caller gave.
# ruff: noqa: PTH100, PTH118, PTH120

from __future__ import annotations

import json
import os

from promptls.analysis.frontmatter_kinds import path_parts
from promptls.discovery.git import find_git_dir
from promptls.text import runmemo
from promptls.text.fsread import read_bounded

LOCK_FILE = "skills-lock.json"
MAX_LOCK_BYTES = 256 * 1024
_LICENSES = frozenset({"license", "license.txt", "license.md", "licence", "licence.txt"})
_TEMPLATE_FOLDERS = frozenset(
    {"template", "templates", "example", "examples", "fixtures", "testdata", "__fixtures__"}
)


def _locked(folder: str) -> frozenset[str]:
    """The skill names ``folder/skills-lock.json`` lists (empty when there is none or it
    cannot be read)."""
    read = read_bounded(os.path.join(folder, LOCK_FILE), MAX_LOCK_BYTES)
    if read.data is None or read.truncated:
        return frozenset()
    try:
        data = json.loads(read.data)
    except (ValueError, RecursionError):
        return frozenset()
    skills = data.get("skills") if isinstance(data, dict) else None
    return frozenset(str(name) for name in skills) if isinstance(skills, dict) else frozenset()


def _skill_folder(parts: tuple[str, ...]) -> int | None:
    """Index of the skill's own folder in ``parts`` (``x`` in ``…/skills/x/…``), the
    file name excluded; None when the file is in no skill."""
    for i in range(len(parts) - 2, 0, -1):
        if parts[i - 1] == "skills":
            return i
    return None


def vendored_skill(path: str) -> str | None:
    """Why the skill holding ``path`` comes from another project, or None."""
    absolute = os.path.abspath(path)
    parts = path_parts(absolute)
    index = _skill_folder(parts)
    if index is None:
        return None
    folder = os.path.join(*parts[: index + 1])
    listed = runmemo.folded_listing(folder) or frozenset()
    if listed & _LICENSES:
        return "the skill ships its own licence (a published skill, copied in)"
    name = parts[index]
    top = _top(folder)
    above = os.path.dirname(os.path.dirname(folder))
    while True:
        names = runmemo.answer("skills-lock", above, _locked)
        if name in names:
            return f"{LOCK_FILE} lists it as installed from another repository"
        parent = os.path.dirname(above)
        if above == top or parent == above:
            return None
        above = parent


def _top(folder: str) -> str | None:
    """The repository's root above ``folder``; None outside a repository."""
    location = find_git_dir(folder)
    return None if location is None else os.path.abspath(location.worktree)


def template_path(path: str) -> bool:
    """Whether ``path`` is a template or example of a file, kept for other projects."""
    absolute = os.path.abspath(path)
    top = _top(os.path.dirname(absolute))
    parts = path_parts(os.path.relpath(absolute, top) if top else absolute)
    return not _TEMPLATE_FOLDERS.isdisjoint(p.lower() for p in parts[:-1])


def about_another_project(path: str) -> bool:
    """Whether the text at ``path`` documents another project (a vendored skill, a
    template or example), so this repository's manifests say nothing about it."""
    return template_path(path) or vendored_skill(path) is not None
