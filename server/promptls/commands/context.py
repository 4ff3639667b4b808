"""``promptls context [DIR]``: which instruction files an agent would load, and why not
the others.

For one profile (``--profile``, default ``or``) or all of them (``--all-profiles``) it
prints the loaded files in order (scope, bytes, path), every file that was cut, dropped,
shadowed, skipped or failed to import with the reason, the skills the agent would list,
the environment, and the context revision (a short hash of exactly what the model would
see of the environment and instruction files).

Human output shows paths relative to the current folder when below it, home paths as
``~/…``, and escapes control, bidirectional and
invisible characters in paths, reasons and values, so a hostile file name cannot drive
the terminal. ``--json`` prints absolute paths and raw values::

    {"folder", "environment": {...},
     "profiles": [{"profile", "title", "project_root", "revision",
                   "files": [{"order", "path", "scope", "status", "bytes"}],
                   "entries": [{"path", "scope", "status", "reason", "size", "order",
                                "imported_from", "line"}],
                   "skills": [{"name", "description", "path"}]}]}

The shape is the same with one profile or all of them.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import asdict
from pathlib import Path
from typing import Any

from promptls.assembly.environment import Environment, detect_environment
from promptls.assembly.render import context_revision
from promptls.commands._common import (
    add_home_argument,
    check_profile,
    print_json,
    resolve_dir,
    resolve_home,
    resolve_today,
    setup_stdout,
)
from promptls.discovery import PROFILES, Discovery, Entry, discover
from promptls.discovery.skills import SkillInfo, discover_skills
from promptls.text.escape import safe_line

Result = tuple["Discovery", str, "list[SkillInfo]"]
"""One profile's discovery, its context revision and its skills."""

NAME = "context"
HELP = "show the instruction files each agent would load for a folder, and why"

_IN_FILES = ("loaded", "cut", "imported")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """DIR, the profile choice, --json and --home."""
    parser.add_argument("dir", metavar="DIR", nargs="?", default=".", help="workspace folder")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--profile", default="or", help="agent profile: or, claude, codex, gemini")
    group.add_argument("--all-profiles", action="store_true", help="show every profile")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_home_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Discover per profile, then print text or JSON."""
    folder = resolve_dir(args.dir)
    home = resolve_home(args)
    today = resolve_today()
    names = list(PROFILES) if args.all_profiles else [check_profile(args.profile)]
    env = detect_environment(folder, today=today)
    results: list[Result] = []
    for name in names:
        found = discover(folder, name, home=home)
        skills = discover_skills(folder, name, home=home)
        results.append((found, context_revision(env, found.files), skills))
    if args.json:
        print_json(to_json(folder, env, results))
        return 0
    setup_stdout()
    print(to_text(folder, env, results, home))
    return 0


def environment_json(env: Environment) -> dict[str, Any]:
    """The environment as plain JSON values."""
    return asdict(env)


def to_json(folder: str, env: Environment, results: list[Result]) -> dict[str, Any]:
    """Everything discovery found, with absolute paths and raw reasons."""
    profiles = []
    for found, revision, skills in results:
        files = [
            {
                "order": e.order,
                "path": e.path,
                "scope": str(e.scope),
                "status": str(e.status),
                "bytes": _content_bytes(found, e),
            }
            for e in _loaded(found)
        ]
        profiles.append(
            {
                "profile": found.profile,
                "title": PROFILES[found.profile].title,
                "project_root": found.project_root,
                "revision": revision,
                "files": files,
                "entries": [_entry_json(e) for e in found.entries],
                "skills": [asdict(s) for s in skills],
            }
        )
    return {"folder": folder, "environment": environment_json(env), "profiles": profiles}


def _entry_json(entry: Entry) -> dict[str, Any]:
    """One entry with enum values as their strings."""
    data = asdict(entry)
    data["scope"] = str(entry.scope)
    data["status"] = str(entry.status)
    return data


def _loaded(found: Discovery) -> list[Entry]:
    """Entries that made it into ``files``, in load order."""
    entries = [e for e in found.entries if e.order is not None and str(e.status) in _IN_FILES]
    return sorted(entries, key=lambda e: e.order if e.order is not None else -1)


def _content_bytes(found: Discovery, entry: Entry) -> int:
    """UTF-8 size of what was loaded (after any cut), not the size on disk."""
    if entry.order is None or entry.order >= len(found.files):
        return 0
    return len(found.files[entry.order].content.encode("utf-8", "surrogatepass"))


_NOTE_SEPARATOR = "; "
"""Discovery appends notes (invalid UTF-8, looks binary) to a loaded file's reason."""


def _size_text(found: Discovery, entry: Entry) -> str:
    """Size on disk; for a cut file, how much of it was loaded.

    Only a cut compares loaded and disk sizes: a file decoded with replacement characters
    grows when re-encoded, and "19 of 15 B" would read as nonsense.
    """
    if str(entry.status) == "cut" and entry.size is not None:
        return f"{_content_bytes(found, entry)} of {entry.size} B"
    size = entry.size if entry.size is not None else _content_bytes(found, entry)
    return f"{size} B"


def _show_path(path: str, home: str | None) -> str:
    """Terminal-safe path, short: relative below the current folder, ``~/…`` below the
    home folder, else absolute."""
    try:
        cwd = str(Path.cwd())
    except OSError:
        cwd = ""
    for base, prefix in ((cwd, ""), (home or "", "~" + os.sep)):
        base = base.rstrip(os.sep)
        if base and path.startswith(base + os.sep):
            return safe_line(prefix + path[len(base) + 1 :])
    return safe_line(path)


def environment_lines(env: Environment) -> list[str]:
    """The environment as aligned ``key: value`` lines for a terminal."""
    git = "no"
    if env.git_repo:
        git = f"yes, branch {safe_line(env.git_branch) or 'unknown'}"
    return [
        f"  cwd:   {safe_line(env.cwd)}",
        f"  os:    {safe_line(env.os) or 'unknown'}/{safe_line(env.arch) or 'unknown'}",
        f"  shell: {safe_line(env.shell) or 'unknown'}",
        f"  date:  {safe_line(env.date)}",
        f"  git:   {git}",
    ]


def to_text(folder: str, env: Environment, results: list[Result], home: str | None) -> str:
    """Folder and environment once, then one section per profile."""
    lines = [f"Folder: {safe_line(folder)}", "", "Environment:", *environment_lines(env)]
    for found, revision, skills in results:
        lines += ["", *_profile_lines(found, revision, home)]
        lines += _skill_lines(skills, home)
    return "\n".join(lines)


def _profile_lines(found: Discovery, revision: str, home: str | None) -> list[str]:
    """One profile: loaded files in order, then everything else with its reason."""
    title = PROFILES[found.profile].title
    lines = [f"Profile {found.profile}: {safe_line(title)}", f"  revision: {revision}"]
    if found.project_root and found.project_root != found.root:
        lines.append(f"  project root: {_show_path(found.project_root, home)}")
    loaded = _loaded(found)
    if loaded:
        lines.append("  loaded, broadest first:")
        for e in loaded:
            lines.append(
                f"  {(e.order or 0) + 1:>4}. {safe_line(str(e.scope)):<8} "
                f"{_size_text(found, e):>16}  {_show_path(e.path, home)}"
            )
            if str(e.status) != "loaded" or _NOTE_SEPARATOR in e.reason:
                lines.append(f"          {safe_line(e.reason)}")
    else:
        lines.append("  loaded: no instruction files")
    others = [e for e in found.entries if e not in loaded]
    if others:
        lines.append("  not loaded:")
        for e in others:
            lines.append(
                f"    {safe_line(str(e.status)):<14}{safe_line(str(e.scope)):<8}"
                f"{_show_path(e.path, home)}"
            )
            lines.append(f"          {safe_line(e.reason)}")
    return lines


def _skill_lines(skills: list[SkillInfo], home: str | None) -> list[str]:
    """The skills the agent would list, by name, with where each was found."""
    if not skills:
        return ["  skills: none"]
    lines = ["  skills:"]
    for skill in skills:
        lines.append(f"    {safe_line(skill.name):<20}{_show_path(skill.path, home)}")
    return lines
