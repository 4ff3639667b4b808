"""The human text of each result: what ``promptls preview`` prints, and what the editors
show in their views (``promptls context``'s sections are in ``context_text``, which
builds on the helpers here).

One formatter per result type, used by the CLI and (through ``promptls.views.shapes``,
as the ``text`` field) by the language server's commands, so VS Code and Neovim display
this text instead of re-implementing it. Every path, reason and value from disk goes
through ``safe_line``/``safe_block``: a hostile file name cannot drive a terminal, and
an invisible character is shown, not hidden. Pure: no LSP import.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from promptls.discovery import PROFILES
from promptls.record import Record
from promptls.text.escape import safe_block, safe_line
from promptls.text.paths import within

if TYPE_CHECKING:
    from promptls.assembly.agents import Measured
    from promptls.assembly.assemble import AssembledPrompt, TextSize
    from promptls.assembly.environment import Environment
    from promptls.discovery import Discovery, Entry
    from promptls.discovery.skills import SkillInfo

_IN_FILES = ("loaded", "cut", "imported")
_RULE = "─" * 72


class ProfileContext(Record):
    """One profile's answer for a folder: discovery, its context revision, its skills."""

    discovery: Discovery
    revision: str
    skills: Sequence[SkillInfo]


def loaded_entries(found: Discovery) -> list[Entry]:
    """Entries that made it into ``files``, in load order."""
    entries = [e for e in found.entries if e.order is not None and str(e.status) in _IN_FILES]
    return sorted(entries, key=lambda e: e.order if e.order is not None else -1)


def content_bytes(found: Discovery, entry: Entry) -> int:
    """UTF-8 size of what was loaded (after any cut), not the size on disk."""
    if entry.order is None or entry.order >= len(found.files):
        return 0
    return len(found.files[entry.order].content.encode("utf-8", "surrogatepass"))


def show_path(path: str, home: str | None, base: str | None) -> str:
    """Terminal-safe path, short: relative below ``base``, ``~/…`` below the home
    folder, else absolute."""
    for root, prefix in ((base or "", ""), (home or "", "~" + os.sep)):
        top = os.path.dirname(root) == root  # noqa: PTH120 (the root (a home of /) shortens nothing)
        if not top and within(path, root, strict=True):
            return safe_line(prefix + os.path.relpath(path, root))
    return safe_line(path)


def environment_lines(env: Environment) -> list[str]:
    """The environment as aligned ``key: value`` lines."""
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


def environment_text(env: Environment) -> str:
    """The environment view."""
    return "\n".join(["Environment:", *environment_lines(env)])


def size_line(bytes_: int, chars: int, tokens: int) -> str:
    """Human size; the token figure is labelled as an estimate."""
    return f"{bytes_:,} bytes, {chars:,} chars, ~{tokens:,} tokens (estimate)"


def _text_size_line(size: TextSize) -> str:
    return size_line(size.bytes, size.chars, size.tokens)


def preview_text(
    folder: str,
    profile: str,
    system_file: str | None,
    prompt: AssembledPrompt,
    measured: Measured | None = None,
) -> str:
    """The cache-aware view: header, then each block framed by rules with its size; with
    ``measured``, where each instruction file sits on the wire and its tokens."""
    sizes = prompt.sizes()
    doctrine = safe_line(system_file or "") or "built-in preamble (build_system)"
    lines = [
        f"Folder:   {safe_line(folder)}",
        f"Profile:  {profile}",
        f"Doctrine: {doctrine}",
        f"Revision: {prompt.revision}"
        + (f" (skills {prompt.skills_revision})" if prompt.skills_revision else ""),
        f"Loaded:   {len(prompt.discovery.files)} instruction file(s), "
        f"{len(prompt.skills)} skill(s)",
    ]
    blocks = prompt.blocks()
    for number, block in enumerate(blocks, 1):
        cached = "cache_control" in block
        name = "static" if cached else "dynamic"
        label = "cache_control: ephemeral" if cached else "not cached"
        lines += [
            "",
            f"Block {number} of {len(blocks)}: {name} ({label}), {_text_size_line(sizes[name])}",
            _RULE,
            safe_block(block["text"]),
            _RULE,
        ]
    lines += ["", f"Wire (marker-free): {_text_size_line(sizes['wire'])}"]
    if measured is not None:
        lines += ["", *_file_table(measured)]
    return "\n".join(lines)


def token_label(measured: Measured) -> str:
    """How the counts were made: the tokenizer, or that they are estimates."""
    if measured.tokens.exact:
        return f"exact {measured.tokens.method} counts (OpenAI tokenizer)"
    if measured.rendering.encoding:
        return (
            "estimate (o200k_base tokenizer not installed: pip install 'promptls[tokens]'; "
            "method: promptls.tokens)"
        )
    return "estimate (no public tokenizer for this model family; method: promptls.tokens)"


def _tokens(count: int, measured: Measured) -> str:
    return f"{count:,}" if measured.tokens.exact else f"~{count:,}"


def _file_table(measured: Measured) -> list[str]:
    """Per-file position (byte offset on the wire), bytes, tokens and cache side."""
    if not measured.files:
        return ["Files on the wire: none"]
    lines = [
        f"Files on the wire ({len(measured.files)}), tokens {token_label(measured)}:",
        f"  {'position':>9} {'bytes':>8} {'tokens':>8}  {'cached':<6}  path",
    ]
    for span in measured.files:
        cached = "yes" if span.cached else "no"
        lines.append(
            f"  {span.position:>9,} {span.bytes:>8,} {_tokens(span.tokens.count, measured):>8}"
            f"  {cached:<6}  {safe_line(span.path)}"
        )
    return lines


def docs_sourced_lines(profile: str) -> list[str]:
    """``docs-sourced: why``, for a profile the oracle cannot check against the agent
    (``Profile.docs_sourced``); nothing for the others."""
    prof = PROFILES.get(profile)
    return [f"docs-sourced: {prof.docs_sourced}"] if prof is not None and prof.docs_sourced else []


def rendering_text(measured: Measured) -> str:
    """One agent's instruction context as it goes on the wire, with its facts first."""
    r = measured.rendering
    lines = [
        f"Profile:   {r.profile} ({r.title})",
        f"Framing:   {r.framing}" + ("" if r.framing == "sourced" else " (content only)"),
        f"Source:    {safe_line(r.source)}",
        f"Placement: {safe_line(r.placement)}",
        f"Cache:     {safe_line(r.cache_note) or 'not documented'}",
        f"Wire:      {measured.bytes:,} bytes, {_tokens(measured.tokens.count, measured)} "
        f"tokens ({token_label(measured)})",
    ]
    lines += [f"Note:      {safe_line(note)}" for note in r.notes]
    lines += [f"Verified:  {safe_line(line)}" for line in docs_sourced_lines(r.profile)]
    lines += ["", *_file_table(measured), "", "Wire text:", _RULE]
    lines += [
        safe_block(r.wire) if r.wire else "(nothing: this agent loads no instruction file here)"
    ]
    lines.append(_RULE)
    return "\n".join(lines)


def agents_preview_text(folder: str, target: str | None, measured: Sequence[Measured]) -> str:
    """Every agent side by side: a summary table, then each agent's rendering."""
    lines = [f"Folder: {safe_line(folder)}"]
    if target is not None:
        lines.append(f"For:    {safe_line(target)}")
    lines += [
        "",
        f"  {'profile':<9} {'files':>5} {'bytes':>8} {'tokens':>8}  {'counted':<10} framing",
    ]
    for m in measured:
        counted = m.tokens.method if m.tokens.exact else "estimate"
        lines.append(
            f"  {m.rendering.profile:<9} {len(m.files):>5} {m.bytes:>8,} "
            f"{_tokens(m.tokens.count, m):>8}  {counted:<10} {m.rendering.framing}"
        )
    for m in measured:
        lines += ["", f"== {m.rendering.profile} ".ljust(72, "="), rendering_text(m)]
    return "\n".join(lines)


def wire_text(markers: int, parts: tuple[str, str, str], sizes: Mapping[str, Any]) -> str:
    """One document's halves and wire text, each framed by rules with its size."""
    titles = ("Static half (cached)", "Dynamic half (per turn)", "Wire text (marker-free)")
    lines = [f"Markers: {markers}"]
    for title, name, text in zip(titles, ("static", "dynamic", "wire"), parts, strict=True):
        size = sizes[name]
        lines += [
            "",
            f"{title}: {size_line(size['bytes'], size['chars'], size['tokensEstimate'])}",
            _RULE,
            safe_block(text),
            _RULE,
        ]
    return "\n".join(lines)
