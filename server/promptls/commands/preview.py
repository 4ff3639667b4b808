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
  revision, loaded files, skills and the cache-aware view as ``text``; camelCase, the
  shape the language server's ``promptls.previewPrompt`` returns (one serialiser,
  ``promptls.views.shapes``; described in ``promptls api-json``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from promptls.assembly.assemble import assemble_prompt
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
from promptls.views.shapes import preview_result
from promptls.views.text import preview_text

NAME = "preview"
HELP = "show the assembled prompt (doctrine + marker + context) for a folder"
FORMATS = ("cache-aware", "wire", "json")


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
        print_json(preview_result(folder, profile, _system_path(args.system), prompt))
        return 0
    setup_stdout()
    print(preview_text(folder, profile, _system_path(args.system), prompt))
    return 0


def _system_path(system: str | None) -> str | None:
    """Where the doctrine came from: an absolute path, "stdin", or None (built in)."""
    if system is None:
        return None
    return "stdin" if system == "-" else str(Path(system).absolute())
