"""The assembled prompt a model would receive for a folder: doctrine, marker, context.

``assemble_prompt`` is what ``promptls preview`` and the language server's preview
command show. The prompt is ``join_system_prompt(static doctrine, dynamic)`` where

* the static doctrine is ``system_text`` when given, else ``build_system(SystemOptions())``;
* the dynamic half is the base context (environment + instruction files), followed by
  the skill listing when the profile finds skills.

When ``system_text`` already contains a boundary marker, its own static half is the
doctrine and its own dynamic half is kept, *before* the rendered context: the context is
added with ``append_dynamic_section``, exactly as a host would add per-turn state, so
the cached prefix stays byte-identical to the file's static half. Any later markers in
the file are folded into the dynamic half verbatim, as the library always does. Trailing
whitespace at the very end of ``system_text`` is dropped (an editor's final newline would
otherwise put an extra blank line before the context); everything else is used as
written.

The cache-aware view (``blocks``) follows the Anthropic Messages shape: the static half
with ``cache_control`` and the dynamic half without; an empty half is left out because
providers reject empty text blocks.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from promptls.assembly.environment import Environment, detect_environment
from promptls.assembly.render import (
    context_revision,
    render_base_context,
    render_skill_listing,
    skills_revision,
)
from promptls.assembly.system import SystemOptions, build_system
from promptls.discovery import DEFAULT_PROFILE, Discovery, discover
from promptls.discovery.skills import SkillInfo, discover_skills
from promptls.prompt import (
    append_dynamic_section,
    render_system_for_wire,
    split_system_prompt,
)
from promptls.record import Record
from promptls.tokens import estimate_tokens

if TYPE_CHECKING:
    from datetime import date


class TextSize(Record):
    """How big a text is; ``tokens`` is an estimate (see ``promptls.tokens``)."""

    bytes: int
    chars: int
    tokens: int

    @classmethod
    def of(cls, text: str) -> TextSize:
        """Measure ``text``: UTF-8 bytes, code points, estimated tokens."""
        return cls(
            bytes=len(text.encode("utf-8", "surrogatepass")),
            chars=len(text),
            tokens=estimate_tokens(text),
        )

    def as_dict(self) -> dict[str, int]:
        """JSON form; the token key says it is an estimate."""
        return {"bytes": self.bytes, "chars": self.chars, "tokens_estimate": self.tokens}


class AssembledPrompt(Record):
    """One assembled prompt, in every form a user may want to inspect.

    ``system`` is ``join_system_prompt(static, dynamic)`` (with the marker) and ``wire``
    is ``render_system_for_wire(system)`` (marker-free). ``revision`` is the context
    revision of the instruction files and environment shown; ``skills_revision`` the
    one of the skill listing (empty when there are no skills).
    """

    static: str
    dynamic: str
    system: str
    wire: str
    revision: str
    environment: Environment
    discovery: Discovery
    skills: tuple[SkillInfo, ...]
    skills_revision: str = ""

    def blocks(self) -> list[dict[str, Any]]:
        """The cache-aware request blocks: static with cache control, then dynamic."""
        blocks: list[dict[str, Any]] = []
        if self.static:
            blocks.append(
                {"type": "text", "text": self.static, "cache_control": {"type": "ephemeral"}}
            )
        if self.dynamic:
            blocks.append({"type": "text", "text": self.dynamic})
        return blocks

    def sizes(self) -> dict[str, TextSize]:
        """Sizes of the static half, the dynamic half and the wire text."""
        return {
            "static": TextSize.of(self.static),
            "dynamic": TextSize.of(self.dynamic),
            "wire": TextSize.of(self.wire),
        }


def assemble_prompt(
    root: str | os.PathLike[str],
    *,
    profile: str = DEFAULT_PROFILE,
    system_text: str | None = None,
    home: str | os.PathLike[str] | None = None,
    environ: Mapping[str, str] | None = None,
    today: date | None = None,
    target: str | os.PathLike[str] | None = None,
) -> AssembledPrompt:
    """Assemble what ``profile`` would send for ``root``; never reads the real home when
    ``home`` is given, and is deterministic once ``today`` is pinned. ``target`` is a
    file below ``root`` to answer for (its path-scoped rules load, as in ``discover``).

    Raises KeyError only for an unknown profile name (as ``discover`` does).
    """
    found = discover(root, profile, home=home, environ=environ, target=target)
    env = detect_environment(root, environ=environ, today=today)
    skills = tuple(discover_skills(root, profile, home=home, environ=environ))
    revision = context_revision(env, found.files)
    skill_rev = skills_revision(skills) if skills else ""
    doctrine = system_text.rstrip() if system_text is not None else build_system(SystemOptions())
    system = append_dynamic_section(doctrine, render_base_context(env, found.files))
    system = append_dynamic_section(system, render_skill_listing(skill_rev, skills))
    static, dynamic = split_system_prompt(system)
    return AssembledPrompt(
        static=static,
        dynamic=dynamic,
        system=system,
        wire=render_system_for_wire(system),
        revision=revision,
        environment=env,
        discovery=found,
        skills=skills,
        skills_revision=skill_rev,
    )
