"""The boundary-marker API: split a system prompt into a cacheable static half and a
per-turn dynamic half, join them back, and render marker-free wire text.

This is a port of the zidane ``prompt`` module. Every function is pure and returns the
input object itself when there is nothing to do, so callers that never opt in to the
marker pay nothing.
"""

from __future__ import annotations

from typing import NamedTuple

SYSTEM_PROMPT_BOUNDARY = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"
"""Literal marker between cacheable doctrine and per-turn content.

Underscored on both sides so that a stray instance in prose is implausible. Sessions carry
it inside cached prompts, so changing the value needs a migration.
"""

_BLANK = "\n\n"


class SystemPromptParts(NamedTuple):
    """The two halves of a system prompt; ``dynamic`` is empty when there is no marker."""

    static: str
    dynamic: str


def split_system_prompt(system: str) -> SystemPromptParts:
    """Split around the FIRST marker, trimming one blank line on each side of it.

    Later markers are folded into the dynamic half verbatim, so callers may append more
    marker-separated blocks without each one opening a new cache layer. Only the single
    blank line adjacent to the marker is trimmed: spacing beyond it is the caller's
    intent and survives. Without a marker the input object itself is the static half.
    """
    index = system.find(SYSTEM_PROMPT_BOUNDARY)
    if index < 0:
        return SystemPromptParts(system, "")
    static = system[:index]
    dynamic = system[index + len(SYSTEM_PROMPT_BOUNDARY) :]
    if static.endswith(_BLANK):
        static = static[: -len(_BLANK)]
    if dynamic.startswith(_BLANK):
        dynamic = dynamic[len(_BLANK) :]
    return SystemPromptParts(static, dynamic)


def join_system_prompt(static: str, dynamic: str) -> str:
    """Compose a prompt, inserting the marker only when there is a dynamic half.

    Single-block prompts stay marker-free so providers fall back to whole-string caching.
    The blank line on each side lets doctrine fragments read cleanly around the marker.
    """
    if not dynamic:
        return static
    return f"{static}{_BLANK}{SYSTEM_PROMPT_BOUNDARY}{_BLANK}{dynamic}"


def render_system_for_wire(system: str) -> str:
    """Collapse every marker into a single blank line so no marker reaches the wire.

    Used for providers that cannot honour cache control. Each marker, with the one blank
    line adjacent on each side, becomes one blank line between the non-empty segments;
    empty segments vanish. Without a marker the input itself is returned.
    """
    if SYSTEM_PROMPT_BOUNDARY not in system:
        return system
    segments = system.split(SYSTEM_PROMPT_BOUNDARY)
    last = len(segments) - 1
    kept: list[str] = []
    for i, segment in enumerate(segments):
        if i > 0 and segment.startswith(_BLANK):
            segment = segment[len(_BLANK) :]
        if i < last and segment.endswith(_BLANK):
            segment = segment[: -len(_BLANK)]
        if segment:
            kept.append(segment)
    return _BLANK.join(kept)


def append_dynamic_section(system: str, extra: str) -> str:
    """Append ``extra`` to the dynamic half, inserting the marker if there was none.

    Hosts use this for per-turn state (cwd, selection) without knowing the marker
    format; the static half stays byte-stable and keeps riding the cache.
    """
    if not extra:
        return system
    static, dynamic = split_system_prompt(system)
    return join_system_prompt(static, f"{dynamic}{_BLANK}{extra}" if dynamic else extra)


def append_static_section(system: str, extra: str) -> str:
    """Append ``extra`` to the static half, keeping any dynamic suffix.

    For run-stable content (skill or tool catalogues) that belongs in the cached prefix.
    A prompt without a marker stays without one.
    """
    if not extra:
        return system
    static, dynamic = split_system_prompt(system)
    return join_system_prompt(f"{static}{_BLANK}{extra}" if static else extra, dynamic)


def replace_dynamic_section(system: str, next_dynamic: str) -> str:
    """Replace the whole dynamic half; an empty replacement drops it and the marker.

    Used by rewriters that regenerate the per-turn section rather than append to it.
    """
    static, _ = split_system_prompt(system)
    return join_system_prompt(static, next_dynamic)
