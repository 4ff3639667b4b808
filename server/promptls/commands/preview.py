"""``promptls preview [DIR]``: the assembled prompt a model would receive for a folder.

The prompt is the static doctrine (``--system FILE``, else the built-in preamble), the
boundary marker, then the dynamic context: environment, instruction files (for
``--profile``, default ``or``) and the skill listing. See ``promptls.assembly.assemble`` for how a
``--system`` file that already contains a marker is combined.

Formats:

* ``cache-aware`` (default): the two request blocks (static with ``cache_control``,
  dynamic without), each headed by its size in bytes, characters and *estimated* tokens.
  File content is shown with control, bidirectional and invisible characters escaped.
* ``wire``: the marker-free text exactly as sent to a provider without cache control
  (raw UTF-8 bytes, no newline added, like ``promptls render``).
* ``json``: everything: halves, joined prompt, wire text, blocks, sizes, environment,
  revision, loaded files and skills.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from promptls.assembly.assemble import AssembledPrompt, TextSize, assemble_prompt
from promptls.commands._common import (
    add_home_argument,
    check_profile,
    print_json,
    read_input,
    resolve_dir,
    resolve_home,
    resolve_today,
    setup_stdout,
)
from promptls.text.escape import safe_block, safe_line

NAME = "preview"
HELP = "show the assembled prompt (doctrine + marker + context) for a folder"
FORMATS = ("cache-aware", "wire", "json")
_RULE = "─" * 72


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """DIR, --system, --profile, --format and --home."""
    parser.add_argument("dir", metavar="DIR", nargs="?", default=".", help="workspace folder")
    parser.add_argument(
        "--system", metavar="FILE", help="system prompt file used as the static doctrine"
    )
    parser.add_argument("--profile", default="or", help="agent profile: or, claude, codex, gemini")
    parser.add_argument("--format", choices=FORMATS, default="cache-aware", help="output form")
    add_home_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Assemble the prompt and print it in the chosen form."""
    folder = resolve_dir(args.dir)
    profile = check_profile(args.profile)
    home = resolve_home(args)
    today = resolve_today()
    system_text = read_input(args.system) if args.system is not None else None
    prompt = assemble_prompt(
        folder, profile=profile, system_text=system_text, home=home, today=today
    )
    if args.format == "wire":
        sys.stdout.flush()
        sys.stdout.buffer.write(prompt.wire.encode("utf-8", "surrogatepass"))
        sys.stdout.buffer.flush()
        return 0
    if args.format == "json":
        print_json(to_json(folder, profile, args.system, prompt))
        return 0
    setup_stdout()
    print(to_text(folder, profile, args.system, prompt))
    return 0


def _system_path(system: str | None) -> str | None:
    """Where the doctrine came from: an absolute path, "stdin", or None (built in)."""
    if system is None:
        return None
    return "stdin" if system == "-" else str(Path(system).absolute())


def _size_text(size: TextSize) -> str:
    """Human size line; the token figure is labelled as an estimate."""
    return f"{size.bytes:,} bytes, {size.chars:,} chars, ~{size.tokens:,} tokens (estimate)"


def to_text(folder: str, profile: str, system: str | None, prompt: AssembledPrompt) -> str:
    """The cache-aware view: header, then each block framed by rules with its size."""
    sizes = prompt.sizes()
    doctrine = safe_line(_system_path(system) or "") or "built-in preamble (build_system)"
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
            f"Block {number} of {len(blocks)}: {name} ({label}), {_size_text(sizes[name])}",
            _RULE,
            safe_block(block["text"]),
            _RULE,
        ]
    lines += ["", f"Wire (marker-free): {_size_text(sizes['wire'])}"]
    return "\n".join(lines)


def to_json(
    folder: str, profile: str, system: str | None, prompt: AssembledPrompt
) -> dict[str, Any]:
    """Every form of the prompt plus what went into it."""

    return {
        "folder": folder,
        "profile": profile,
        "system_file": _system_path(system),
        "revision": prompt.revision,
        "skills_revision": prompt.skills_revision,
        "static": prompt.static,
        "dynamic": prompt.dynamic,
        "system": prompt.system,
        "wire": prompt.wire,
        "blocks": prompt.blocks(),
        "sizes": {name: size.as_dict() for name, size in prompt.sizes().items()},
        "environment": asdict(prompt.environment),
        "files": [
            {"path": f.path, "scope": str(f.scope), "bytes": TextSize.of(f.content).bytes}
            for f in prompt.discovery.files
        ],
        "skills": [
            {"name": s.name, "description": s.description, "path": s.path} for s in prompt.skills
        ],
    }
