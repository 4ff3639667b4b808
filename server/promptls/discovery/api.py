"""Instruction-file discovery: which files an agent would load for a folder, and why.

``discover(root, profile)`` follows one agent's loader (see ``promptls.agents.registry`` and
``docs/profiles.md``) and returns the files broadest first, most specific last, plus an
``Entry`` for every candidate it looked at: loaded, cut, dropped, shadowed, skipped,
imported, or a broken import, each with a reason a user understands. Nothing here ever
raises on what it finds on disk, runs a program, or walks a tree.

``promptls.discovery.cache`` memoises these results for the language server.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH100, PTH112, PTH118, PTH119

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from promptls import later
from promptls.agents.registry import DEFAULT_PROFILE, PROFILES, Profile, agent
from promptls.discovery.model import ContextFile, Discovery
from promptls.text import runmemo
from promptls.text.fsread import DEFAULT_MAX_BYTES

if TYPE_CHECKING:
    from pathlib import PurePath

__all__ = [
    "discover",
    "get_profile",
    "instruction_file_names",
    "is_instruction_path",
    "load_context_files",
    "owning_folder",
    "resolve_home",
    "rule_file_endings",
    "skill_bundle",
    "workspace_globs",
]

PathArg = str | os.PathLike[str]


def get_profile(name: str) -> Profile:
    """Look a profile up by name; ``UnknownAgentError`` (a KeyError) lists the valid names."""
    return agent(name)


def resolve_home(home: PathArg | None, environ: Mapping[str, str] | None) -> tuple[str | None, str]:
    """Find the home folder without raising: the path (or None) and a problem sentence.

    ``home`` wins; else ``$HOME`` from ``environ`` when one is given (so tests and
    callers control it fully); else ``Path.home()``. A home that is not a folder is
    returned with a problem, so user-level files are reported instead of guessed.
    Asked once per ``check`` run (``runmemo``), not once per discovery.
    """
    given = None if home is None else os.fspath(home)
    told = None if environ is None else environ.get("HOME", "")
    key = (given, environ is None, told)
    return runmemo.remembered("home", key, lambda: _resolve_home(given, environ))


def _pure_path(*parts: str) -> PurePath:
    """``PurePath(*parts)``, pathlib loaded on first use: only a rules, skill or nested
    file's path is taken apart, and a ``context`` of a folder takes none (pathlib and
    the modules it imports cost ~5 ms of every start)."""
    return later.pathlib.PurePath(*parts)


def _home_dir() -> str:
    """``str(Path.home())``: ``~`` expanded, in pathlib's normal form. A normalised home
    (the usual ``$HOME``) is already that form, so pathlib (~5 ms with the modules it
    imports) loads only for another."""
    home = os.path.expanduser("~")  # noqa: PTH111 (what Path.home() expands)
    if not home.startswith("~") and os.path.normpath(home) == home:
        return home
    return str(later.pathlib.Path.home())


def _resolve_home(home: str | None, environ: Mapping[str, str] | None) -> tuple[str | None, str]:
    """``resolve_home`` itself, always from the file system."""
    if home is not None:
        path = os.path.abspath(os.fspath(home))
    elif environ is not None:
        value = environ.get("HOME", "")
        if not value:
            return None, "HOME is not set"
        path = os.path.abspath(value)
    else:
        try:
            path = _home_dir()
        except (RuntimeError, KeyError, OSError):
            return None, "the home directory cannot be determined (HOME is not set)"
    try:
        if not os.path.isdir(path):
            return path, f"the home directory {path} does not exist"
    except ValueError:
        return path, "the home directory path is invalid"
    return path, ""


def _user_dir(
    profile: Profile, home: str | None, problem: str, environ: Mapping[str, str]
) -> tuple[str | None, str]:
    """The profile's user folder and any problem finding it.

    ``Profile.user_dir_env`` (codex: ``$CODEX_HOME``) replaces ``~/<user_dir>`` when set.
    """
    if profile.user_dir_env:
        override = environ.get(profile.user_dir_env, "")
        if override:
            folder = os.path.abspath(override)
            if not runmemo.isdir(folder):
                return folder, f"{profile.user_dir_env} {folder} does not exist"
            return folder, ""
    parent = environ.get(profile.user_parent_env, "") if profile.user_parent_env else ""
    if parent:
        # $XDG_CONFIG_HOME replaces ~/.config (opencode) or holds .copilot (copilot).
        child = profile.user_dir.removeprefix(".config/")
        return os.path.join(os.path.abspath(parent), child), ""
    if home is None:
        return None, problem
    return os.path.join(home, profile.user_dir), problem


def discover(
    root: PathArg,
    profile: str = DEFAULT_PROFILE,
    *,
    home: PathArg | None = None,
    environ: Mapping[str, str] | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    system_root: PathArg = "/",
    target: PathArg | None = None,
) -> Discovery:
    """Everything ``profile`` would load for ``root``, and what it left out and why.

    ``home`` defaults to ``$HOME`` of ``environ`` when given, else ``Path.home()``;
    ``environ`` (default ``os.environ``) supplies ``CODEX_HOME``; ``max_bytes`` caps
    each read; ``system_root`` prefixes machine-wide paths such as Claude's
    ``/etc/claude-code`` (tests point it at a temporary folder). ``target`` asks for one
    file below ``root``: path-scoped rules matching it load, nested files on its way are
    ``lazy`` entries. Raises KeyError only
    for an unknown profile name.
    """
    prof = get_profile(profile)
    env = os.environ if environ is None else environ
    home_path, problem = resolve_home(home, environ)
    user_dir, problem = _user_dir(prof, home_path, problem, env)
    root_path = os.path.abspath(os.fspath(root))
    walker = later.discovery_walk.Walker(
        prof,
        root_path,
        home_path,
        problem,
        user_dir,
        max(0, max_bytes),
        os.path.abspath(os.fspath(system_root)),
        None if target is None else os.path.abspath(os.fspath(target)),
        env,
    )
    return walker.run()


def load_context_files(
    root: PathArg, profile: str = DEFAULT_PROFILE, *, home: PathArg | None = None
) -> list[ContextFile]:
    """The instruction files in precedence order; unreadable ones are skipped."""
    return list(discover(root, profile, home=home).files)


def instruction_file_names(profiles: Iterable[str] | None = None) -> frozenset[str]:
    """Base names the given profiles (default: all) load, to classify and watch files."""
    return _names(None if profiles is None else tuple(profiles))


@lru_cache(maxsize=32)
def _names(profiles: tuple[str, ...] | None) -> frozenset[str]:
    """``instruction_file_names`` for a hashable selection (profiles are constants)."""
    names: set[str] = set()
    for name in PROFILES if profiles is None else profiles:
        prof = PROFILES.get(name)
        if prof is None:
            continue
        files = (*prof.user_files, *prof.project_files, *prof.local_files, *prof.legacy_files)
        names.update(os.path.basename(rel) for rel in (*files, *prof.fallback_files))
        names.update(os.path.basename(p) for p in prof.managed_files)
    return frozenset(names)


@lru_cache(maxsize=32)
def _rules_folders(
    profiles: tuple[str, ...] | None,
) -> tuple[tuple[tuple[str, ...], str], ...]:
    """The rules folders of the profiles as path parts (``(".claude", "rules")``), each
    with the file name ending of its rule files (``.md``, ``.mdc``, ``.instructions.md``)
    or, for a rule that is a subfolder, ``/`` and the file that makes it one (``/RULE.md``)."""
    found: set[tuple[tuple[str, ...], str]] = set()
    for name in PROFILES if profiles is None else profiles:
        prof = PROFILES.get(name)
        if prof is None:
            continue
        for folder in (prof.project_rules_dir, prof.nested_rules, *prof.more_rules_dirs):
            if folder:
                found.add((tuple(folder.split("/")), prof.rules_suffix))
                if prof.rules_folder_file:
                    found.add((tuple(folder.split("/")), f"/{prof.rules_folder_file}"))
        if prof.user_rules_dir:
            found.add(((prof.user_dir, *prof.user_rules_dir.split("/")), prof.rules_suffix))
    return tuple(sorted(found))


def rule_file_endings() -> frozenset[str]:
    """How every profile's rule files end (``.md``, ``.mdc``, ``.instructions.md``), or,
    for a rule that is a subfolder, ``/`` and the file that makes it one (``/RULE.md``):
    a name ending otherwise is no rule file in any rules folder."""
    return frozenset(suffix for _, suffix in _rules_folders(None))


def is_instruction_path(path: PathArg, profiles: Iterable[str] | None = None) -> bool:
    """Whether a path is an instruction file: a name a profile loads, or a rule file
    anywhere below a profile's rules folder (``.claude/rules/**/*.md``,
    ``.cursor/rules/**/*.mdc``, ``.github/instructions/**/*.instructions.md``)."""
    wanted = None if profiles is None else tuple(profiles)
    text = os.fspath(path).replace("\\", "/")
    name = text.rpartition("/")[2]
    if name not in ("", ".") and _rules_heads(wanted).isdisjoint(text.split("/")):
        # No rules folder on the way (each part of the path is one of these pieces), and
        # the last piece is the file's name: only the name can tell.
        return name in _names(wanted)
    parts = _pure_path(text).parts
    if not parts:
        return False
    if parts[-1] in _names(wanted):
        return True
    folders = parts[:-1]
    for marker, suffix in _rules_folders(wanted):
        if not f"/{parts[-1]}".endswith(suffix):
            continue
        size = len(marker)
        # a folder rule's file sits in a subfolder of the rules folder, not in it
        below = 1 if suffix.startswith("/") else 0
        last = len(folders) - size - below
        if any(folders[i : i + size] == marker for i in range(last + 1)):
            return True
    return False


@lru_cache(maxsize=32)
def _rules_heads(profiles: tuple[str, ...] | None) -> frozenset[str]:
    """The first part of every rules folder of the profiles (``.claude``, ``.clinerules``)."""
    return frozenset(marker[0] for marker, _ in _rules_folders(profiles))


def workspace_globs(*, settings: bool = True) -> list[str]:
    """Globs (``**/`` + relative path) of every file discovery reads inside a workspace:
    instruction files by name, rules folders at any depth and (with ``settings``) the
    agents' settings files. The server asks editors to watch all of them; ``api-json``
    publishes the instruction ones (the files the editors attach the server to)."""
    globs: dict[str, None] = {}
    for prof in PROFILES.values():
        for rel in (
            *prof.project_files,
            *prof.local_files,
            *prof.fallback_files,
            *prof.legacy_files,
        ):
            globs[f"**/{rel}"] = None
        for folder, suffix in _rules_folders((prof.name,)):
            globs[f"**/{'/'.join(folder)}/**/*{suffix}"] = None
        for rel in (*prof.settings_files, *prof.setup_markers) if settings else ():
            globs[f"**/{rel}"] = None  # set-up markers choose the default agents
    # A user file whose name no workspace glob covers (Windsurf's global_rules.md) by its
    # place under the agent's user folder, so an editor opening it attaches too.
    tails = {g.rsplit("/", 1)[-1] for g in globs}
    for prof in PROFILES.values():
        for rel in prof.user_files:
            if os.path.basename(rel) not in tails:
                globs[f"**/{prof.user_dir}/{rel}"] = None
    return list(globs)


def owning_folder(path: PathArg) -> str:
    """The folder whose discovery decides what happens to ``path``: the folder holding a
    profile's rules folder for a rule file (``X`` for ``X/.claude/rules/a/b.md``), the
    folder holding the skills folder for a file in a skill bundle (``X`` for
    ``X/.agents/skills/s/AGENTS.md``: nobody starts an agent inside a bundle, so its
    AGENTS.md is not the instructions of a working folder), else the file's own folder.
    The editor and ``check`` ask discovery from there.

    Memoised (a pure function of the path, and of the working folder for a relative
    one): ``check`` and every analysis ask it several times per file."""
    text = os.fspath(path)
    return _owning_folder(text, "" if os.path.isabs(text) else os.getcwd())  # noqa: PTH109, PTH117


@lru_cache(maxsize=4096)
def _owning_folder(text: str, cwd: str) -> str:
    """``owning_folder`` of ``text`` while ``cwd`` is the working folder."""
    absolute_text = os.path.abspath(text)
    if _marker_heads().isdisjoint(f"{text}/{absolute_text}".replace("\\", "/").split("/")):
        # no rules, skills or nested marker on it: its folder (on POSIX the dirname of a
        # normalised absolute path is PurePath's parent; Windows paths ask PurePath)
        if os.sep == "/":
            return os.path.dirname(absolute_text)  # noqa: PTH120
        return str(_pure_path(absolute_text).parent)
    parts = _pure_path(text).parts
    folders = parts[:-1]
    for marker, suffix in _rules_folders(None) if parts else ():
        if not parts[-1].endswith(suffix):
            continue
        size = len(marker)
        for i in range(len(folders) - size, -1, -1):
            if folders[i : i + size] == marker:
                return str(_pure_path(*folders[:i])) if i else "."
    bundle = skill_bundle(text)
    if bundle is not None:
        return bundle[0]
    absolute = _pure_path(absolute_text)
    for rel in _nested_names():
        if absolute.parts[-len(rel) :] == rel and len(absolute.parts) > len(rel):
            return str(_pure_path(*absolute.parts[: -len(rel)]))
    return str(absolute.parent)


@lru_cache(maxsize=1)
def _marker_heads() -> frozenset[str]:
    """The first parts of every marker ``_owning_folder`` looks for (rules folders, skill
    folders, nested project files): a path holding none of them belongs to its folder."""
    markers = (*(m for m, _ in _rules_folders(None)), *_skill_folders(), *_nested_names())
    return frozenset(m[0] for m in markers if m)


@lru_cache(maxsize=1)
def owned_subfolders() -> frozenset[str]:
    """The names (case-folded) of the subfolders whose files ``owning_folder`` gives to
    the folder above them (``.claude`` for ``.claude/rules/…``, ``.github`` for
    ``.github/copilot-instructions.md``): every other file belongs to its own folder."""
    return frozenset(head.split("/")[0].casefold() for head in _marker_heads())


def skill_bundle(path: PathArg) -> tuple[str, str] | None:
    """For a file inside a skill bundle (``X/.claude/skills/NAME/…``, any profile's
    project skills folder), the folder holding the skills folder and the bundle's
    folder; None for any other path."""
    parts = _pure_path(os.fspath(path)).parts
    folders = parts[:-1]
    for marker in _skill_folders() if parts else ():
        size = len(marker)
        for i in range(len(folders) - size - 1, -1, -1):
            if folders[i : i + size] == marker:
                owner = str(_pure_path(*folders[:i])) if i else "."
                return owner, str(_pure_path(*folders[: i + size + 1]))
    return None


@lru_cache(maxsize=1)
def _skill_folders() -> tuple[tuple[str, ...], ...]:
    """The profiles' project skill folders as path parts (``(".claude", "skills")``)."""
    found = {tuple(rel.split("/")) for prof in PROFILES.values() for rel in prof.project_skill_dirs}
    return tuple(sorted(found))


@lru_cache(maxsize=1)
def _nested_names() -> tuple[tuple[str, ...], ...]:
    """Project files that sit in a subfolder of the folder they belong to
    (``.github/copilot-instructions.md``, ``.claude/CLAUDE.md``), as path parts."""
    found = {
        tuple(rel.split("/"))
        for prof in PROFILES.values()
        for rel in prof.project_files
        if "/" in rel
    }
    return tuple(sorted(found))
