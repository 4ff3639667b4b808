"""Render the environment, instruction files and skills as model-visible context.

Everything here is pure and deterministic: the same inputs give the same bytes, with no
dependence on time, dict order or the machine. The framing is tag based::

    <environment>
    cwd: /work/app
    ...
    </environment>

    <instructions path="/work/app/AGENTS.md" scope="project">
    ...file content...
    </instructions>

Framing cannot be forged by the text inside it:

* Attribute values (paths, scopes, revisions) are entity-escaped (``&``, ``<``, ``>``,
  ``"``) and every control or line-separator character becomes ``&#xN;``, so a path with
  a quote or a newline cannot close its attribute or its tag.
* In file content, environment values and skill text, a ``<`` that opens one of our own
  tag names (``environment``, ``instructions``, ``context…``, ``skills…``; any case,
  with or without ``/``, spaces or invisible characters in between) becomes ``&lt;``.
  Every other ``<`` stays as written: instruction files are full of HTML, JSX and
  generics, and escaping all of them would change what the model reads for no gain.
* Environment values and skill names/descriptions are kept on one line, so they cannot
  add lines that look like other fields or skills.

Files whose content is blank render nothing: an empty file tells the model nothing, and
leaving it out keeps the revision unchanged when one is created or emptied.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from typing import Protocol

from promptls.text.digest import sha256_hex

__all__ = [
    "REVISION_LENGTH",
    "ContextFileLike",
    "EnvironmentLike",
    "SkillLike",
    "SkillsDeltaLike",
    "context_revision",
    "escape_attribute",
    "escape_content",
    "render_base_context",
    "render_context_update",
    "render_skill_listing",
    "render_skills_update",
    "skills_revision",
]

REVISION_LENGTH = 12
"""Hex digits of SHA-256 kept in a revision: short to read, long enough to never clash."""

_TAG_NAMES = r"(?:environment|instructions|context|skills)"
_INVISIBLE = "\u200b\u200c\u200d\u2060\ufeff\u00ad"
_FORGED_TAG = re.compile(rf"<(?=[\s{_INVISIBLE}]*/?[\s{_INVISIBLE}]*{_TAG_NAMES}\b)", re.I)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029]")
_LINE_BREAKING = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_ATTRIBUTE_SPECIAL = re.compile(r"[&<>\"\x00-\x1f\x7f-\x9f\u2028\u2029]")
_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}
_WHITESPACE = re.compile(r"\s+")

_INSTRUCTIONS_INTRO = (
    "Instruction files follow, broadest first; where they disagree, the later, more "
    "specific file wins."
)
_NO_INSTRUCTIONS = "No instruction files apply now."
_CONTEXT_SUPERSEDES = (
    "This update carries the complete current environment and instruction files. It "
    "supersedes the base context and every earlier context update."
)
_SKILLS_INTRO = "Skills you can load with the skill tool, one per line as name: when to use it."
_SKILLS_SUPERSEDES = (
    "This update carries the complete current skill listing. It supersedes every earlier "
    "skill listing and skills update."
)


class EnvironmentLike(Protocol):
    """What rendering reads from ``promptls.assembly.environment.Environment``."""

    @property
    def cwd(self) -> str | os.PathLike[str]: ...
    @property
    def os(self) -> str: ...
    @property
    def arch(self) -> str: ...
    @property
    def shell(self) -> str: ...
    @property
    def date(self) -> str: ...
    @property
    def git_repo(self) -> bool: ...
    @property
    def git_branch(self) -> str: ...


class ContextFileLike(Protocol):
    """What rendering reads from ``promptls.discovery.ContextFile``."""

    @property
    def path(self) -> str | os.PathLike[str]: ...
    @property
    def content(self) -> str: ...
    @property
    def scope(self) -> str: ...


class SkillLike(Protocol):
    """What rendering reads from ``promptls.discovery.skills.SkillInfo``."""

    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def path(self) -> str | os.PathLike[str]: ...


class SkillsDeltaLike(Protocol):
    """What rendering reads from ``promptls.discovery.skills.SkillsDelta``.

    Each field holds skills (anything with a ``name``) or plain names.
    """

    @property
    def added(self) -> Sequence[SkillLike | str]: ...
    @property
    def removed(self) -> Sequence[SkillLike | str]: ...
    @property
    def changed(self) -> Sequence[SkillLike | str]: ...


def escape_attribute(value: str) -> str:
    """Make ``value`` safe inside a double-quoted attribute, whatever it contains."""
    return _ATTRIBUTE_SPECIAL.sub(_attribute_entity, value)


def _attribute_entity(match: re.Match[str]) -> str:
    """Named entity for markup characters, numeric for control characters."""
    char = match.group()
    return _ENTITIES.get(char) or f"&#x{ord(char):X};"


def escape_content(text: str) -> str:
    """Neutralise anything in free text that could open or close one of our blocks.

    Control characters other than tab, newline and carriage return (CRLF files) are
    shown as ``&#xN;``: a stray
    carriage return or escape sequence should not hide text from a human reviewer.
    """
    text = _FORGED_TAG.sub("&lt;", text)
    return _CONTROL.sub(_attribute_entity, text)


def _one_line(text: str) -> str:
    """Escape free text and fold it onto one line so it cannot fake a field or bullet."""
    text = _LINE_BREAKING.sub(" ", text)
    return escape_content(_WHITESPACE.sub(" ", text).strip())


def _render_environment(env: EnvironmentLike) -> str:
    """Render what the agent must know about the machine; unknowns are said to be so."""
    lines = [
        f"cwd: {_one_line(os.fspath(env.cwd))}",
        f"os: {_one_line(env.os) or 'unknown'}",
        f"arch: {_one_line(env.arch) or 'unknown'}",
        f"shell: {_one_line(env.shell) or 'unknown'}",
        f"date: {_one_line(env.date) or 'unknown'}",
        f"git repository: {'yes' if env.git_repo else 'no'}",
    ]
    if env.git_repo:
        lines.append(f"git branch: {_one_line(env.git_branch) or 'unknown'}")
    return "<environment>\n" + "\n".join(lines) + "\n</environment>"


def _render_file(file: ContextFileLike) -> str:
    """One instruction block; path and scope are attributes, content is the body."""
    path = escape_attribute(os.fspath(file.path))
    scope = escape_attribute(str(file.scope))
    body = escape_content(file.content.rstrip())
    return f'<instructions path="{path}" scope="{scope}">\n{body}\n</instructions>'


def _visible_files(files: Iterable[ContextFileLike]) -> list[ContextFileLike]:
    """Files that show up in the context: every one with non-blank content, in order."""
    return [f for f in files if f.content.strip()]


def _render_body(env: EnvironmentLike, files: Iterable[ContextFileLike], *, update: bool) -> str:
    """Environment then instruction files; an update also says when there are none."""
    parts = [_render_environment(env)]
    visible = _visible_files(files)
    if visible:
        parts.append(_INSTRUCTIONS_INTRO)
        parts.extend(_render_file(f) for f in visible)
    elif update:
        parts.append(_NO_INSTRUCTIONS)
    return "\n\n".join(parts)


def render_base_context(env: EnvironmentLike, files: Iterable[ContextFileLike]) -> str:
    """The session's first context: environment, then instruction files broadest first.

    Files must arrive in precedence order (as discovery returns them); the order is kept
    because the model is told later files win.
    """
    return _render_body(env, files, update=False)


def context_revision(env: EnvironmentLike, files: Iterable[ContextFileLike]) -> str:
    """Fingerprint exactly what ``render_base_context`` shows, so callers refresh only on
    a visible change (and always on one)."""
    text = render_base_context(env, files)
    return _digest(text)


def _digest(text: str) -> str:
    """Short SHA-256 of text; lone surrogates (from lenient decoding) must not raise."""
    data = text.encode("utf-8", "surrogatepass")
    return sha256_hex(data)[:REVISION_LENGTH]


def render_context_update(
    revision: str, env: EnvironmentLike, files: Iterable[ContextFileLike]
) -> str:
    """A self-contained refresh: complete current state that replaces all earlier blocks.

    Carrying the whole state (and saying so) means the model never has to replay a
    history of deltas, and an update with no files says that none apply any more.
    """
    body = _render_body(env, files, update=True)
    return (
        f'<context-update revision="{escape_attribute(revision)}">\n'
        f"{_CONTEXT_SUPERSEDES}\n\n{body}\n</context-update>"
    )


def skills_revision(skills: Iterable[SkillLike]) -> str:
    """Fingerprint of what a skill listing shows, for callers that need a revision."""
    return _digest("\n".join(_skill_lines(skills)))


def _sorted_skills(skills: Iterable[SkillLike]) -> list[SkillLike]:
    """Name order (then path), so the listing does not depend on directory order."""
    return sorted(skills, key=lambda s: (s.name, os.fspath(s.path)))


def _skill_lines(skills: Iterable[SkillLike]) -> list[str]:
    """One bullet per skill; the description is what tells the model when to load it."""
    lines = []
    for skill in _sorted_skills(skills):
        name = _one_line(skill.name) or "(unnamed)"
        description = _one_line(skill.description)
        lines.append(f"- {name}: {description}" if description else f"- {name}")
    return lines


def render_skill_listing(revision: str, skills: Iterable[SkillLike]) -> str:
    """The first skill listing; no skills means no listing at all (empty string)."""
    lines = _skill_lines(skills)
    if not lines:
        return ""
    listing = "\n".join(lines)
    opening = f'<skills revision="{escape_attribute(revision)}">'
    return f"{opening}\n{_SKILLS_INTRO}\n{listing}\n</skills>"


def _names(items: Iterable[SkillLike | str]) -> str:
    """Sorted, escaped, comma-separated names of skills given as objects or names."""
    names = sorted(_one_line(item if isinstance(item, str) else item.name) for item in items)
    return ", ".join(names)


def render_skills_update(
    revision: str, current: Iterable[SkillLike], delta: SkillsDeltaLike
) -> str:
    """A refresh naming what changed and carrying the complete current listing.

    Always rendered (even when everything was removed) so the model learns the old
    listing is gone.
    """
    changes = [
        f"{label}: {names}"
        for label, names in (
            ("Added", _names(delta.added)),
            ("Removed", _names(delta.removed)),
            ("Changed", _names(delta.changed)),
        )
        if names
    ]
    if not changes:
        changes = ["No skills were added, removed or changed."]
    lines = _skill_lines(current)
    listing = f"{_SKILLS_INTRO}\n" + "\n".join(lines) if lines else "No skills are available now."
    return (
        f'<skills-update revision="{escape_attribute(revision)}">\n'
        f"{_SKILLS_SUPERSEDES}\n" + "\n".join(changes) + f"\n\n{listing}\n</skills-update>"
    )
