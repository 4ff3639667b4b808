"""The stable system prompt: the doctrine that opens every request and rides the cache.

``build_system`` is deliberately narrow. Environment, instruction files and skill
listings change during a session; putting any of them here would change the cached
prefix on every refresh. They are rendered separately (``promptls.assembly.render``) and travel
in the dynamic half, after the boundary marker.

Decisions where the design is silent:

* A blank or whitespace-only ``instructions`` means "use the default preamble"; other
  instructions are used with surrounding whitespace stripped, so a trailing newline in a
  template file does not change the prompt's bytes.
* Each guideline is one bullet. Surrounding whitespace is stripped, blank guidelines are
  dropped, and a guideline spanning several lines keeps its extra lines indented under
  its bullet so it cannot start a new section of the prompt.
* A bullet stated word for word by two tools appears once, at its first position: the
  section holds cross-tool rules and repeating one adds nothing but tokens.
"""

from __future__ import annotations

from collections.abc import Iterable

from promptls.record import Record

__all__ = [
    "DEFAULT_INSTRUCTIONS",
    "TOOL_GUIDELINES_HEADING",
    "SystemOptions",
    "ToolInfo",
    "build_system",
]

DEFAULT_INSTRUCTIONS = (
    "You are a coding agent working inside the user's project. "
    "Read the relevant code before you change it, keep each change small and on task, "
    "and check your work by running the project's own tests or tools when you can. "
    "When you finish, say briefly what you changed and anything you could not verify."
)
"""The preamble ``build_system`` uses when ``SystemOptions.instructions`` is blank."""

TOOL_GUIDELINES_HEADING = "# Tool guidelines"
"""Heading of the section that collects the tools' bullets."""


class ToolInfo(Record):
    """A tool's contribution to the system prompt.

    The tool's own description travels in its schema; only rules that no single schema
    can state (how tools relate to each other) belong in ``guidelines``.
    """

    name: str
    guidelines: tuple[str, ...] = ()


class SystemOptions(Record):
    """The stable inputs of ``build_system``, captured once per session."""

    instructions: str = ""
    tools: tuple[ToolInfo, ...] = ()


def build_system(opts: SystemOptions) -> str:
    """Assemble the static doctrine; equal options always give byte-identical text.

    Byte stability is the point: a provider's prompt cache keys on the exact prefix, so
    nothing here may depend on time, dict order or the machine.
    """
    preamble = opts.instructions.strip() or DEFAULT_INSTRUCTIONS
    bullets = _guideline_bullets(opts.tools)
    if not bullets:
        return preamble
    return "\n\n".join((preamble, TOOL_GUIDELINES_HEADING, "\n".join(bullets)))


def _guideline_bullets(tools: Iterable[ToolInfo]) -> list[str]:
    """Turn every tool's guidelines into bullets, in advertise order, once each.

    Continuation lines are indented so a multi-line guideline stays inside its bullet.
    """
    seen: set[str] = set()
    bullets: list[str] = []
    for tool in tools:
        for guideline in tool.guidelines:
            text = guideline.strip()
            if not text or text in seen:
                continue
            seen.add(text)
            lines = [line.rstrip() for line in text.splitlines()]
            first, rest = lines[0], lines[1:]
            bullets.append("\n".join([f"- {first}", *(f"  {ln}" if ln else "" for ln in rest)]))
    return bullets
