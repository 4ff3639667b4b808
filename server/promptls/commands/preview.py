"""``promptls preview [DIR]``: what each agent sends of its instruction files, and the
prompt the Or reference agent assembles.

``--profile P`` (default ``or``) shows one agent, ``--all-profiles`` every agent one
after another with a summary table first; ``--for FILE`` answers for one file below
DIR (path-scoped rules that apply to it load, as in ``promptls context --for``).

Formats:

* ``text`` (default): for ``or``, the cache-aware view (the two request blocks, static
  with ``cache_control`` and dynamic without, each with its size); for another agent,
  its framing facts (sourced or "framing not documented", where it goes, what is
  cached) and its wire text. Both end with a table of each file's position (byte offset
  on the wire), bytes and tokens: exact o200k_base counts for OpenAI-tokenized agents
  when ``promptls[tokens]`` is installed, labelled estimates otherwise.
* ``cache-aware``: the Or reference agent's assembled prompt for the profile's files
  (the doctrine from ``--system FILE`` or built in, the marker, the dynamic context),
  whatever the profile: the view a host embedding the Or framing gets.
* ``wire``: the text exactly as sent (raw UTF-8, no newline added): for ``or`` the
  marker-free prompt (like ``promptls render``), for another agent its instruction
  context. Not with ``--all-profiles``.
* ``json``: for one profile, the assembled prompt (halves, wire text, blocks, sizes,
  environment, revision, files, skills) plus ``rendering``, the agent's own wire
  rendering with every block and file measured; with ``--all-profiles``, ``renderings``
  for every agent. camelCase, the shapes ``promptls api-json`` describes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from promptls.agents.registry import agent
from promptls.assembly.agents import AgentRendering, Measured, measure_prompt
from promptls.assembly.assemble import AssembledPrompt, assemble_prompt
from promptls.assembly.diff import first_difference
from promptls.commands import UsageError
from promptls.commands._common import (
    add_home_argument,
    check_profile,
    print_json,
    read_input,
    resolve_home,
    resolve_today,
    setup_stdout,
)
from promptls.commands._preview_diff import old_rendering
from promptls.commands.context import _folder_and_target as folder_and_target
from promptls.discovery import DEFAULT_PROFILE, PROFILES
from promptls.views.diff import difference_json, difference_text
from promptls.views.shapes import agents_preview_result, preview_result
from promptls.views.text import agents_preview_text, preview_text, rendering_text

NAME = "preview"
HELP = "show what each agent sends of its instruction files, and the assembled prompt"
FORMATS = ("text", "cache-aware", "wire", "json")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """DIR, --system, --profile, --all-profiles, --for, --format and --home."""
    parser.add_argument("dir", metavar="DIR", nargs="?", default=".", help="workspace folder")
    parser.add_argument(
        "--system", metavar="FILE", help="system prompt file used as the static doctrine"
    )
    who = parser.add_mutually_exclusive_group()
    who.add_argument(
        "--profile", default=DEFAULT_PROFILE, help=f"agent profile: {', '.join(PROFILES)}"
    )
    who.add_argument("--all-profiles", action="store_true", help="every agent, one after another")
    parser.add_argument(
        "--for",
        dest="target",
        metavar="FILE",
        help="answer for one file below DIR: path-scoped rules that apply to it load",
    )
    parser.add_argument("--format", choices=FORMATS, default="text", help="output form")
    parser.add_argument(
        "--diff",
        metavar="OTHER",
        help="where the wire text first differs from OTHER's: a git revision, a folder, "
        "or a saved --format json preview (exit 1 when the cached prefix changed)",
    )
    add_home_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Render the chosen agents and print them in the chosen form."""
    folder, target = folder_and_target(args.dir, args.target)
    home = resolve_home(args)
    today = resolve_today()
    system_text = read_input(args.system) if args.system is not None else None
    system_file = _system_path(args.system)
    if args.diff is not None:
        return _run_diff(args, folder, target, system_text)
    if args.all_profiles:
        if args.format == "wire":
            raise UsageError("--format wire shows one agent: give --profile, not --all-profiles")
        measured = [
            measured_rendering(
                assemble_prompt(
                    folder,
                    profile=name,
                    system_text=system_text,
                    home=home,
                    today=today,
                    target=target,
                )
            )
            for name in PROFILES
        ]
        if args.format == "json":
            print_json(agents_preview_result(folder, target, measured))
            return 0
        setup_stdout()
        print(agents_preview_text(folder, target, measured))
        return 0
    profile = check_profile(args.profile)
    prompt = assemble_prompt(
        folder, profile=profile, system_text=system_text, home=home, today=today, target=target
    )
    one = measured_rendering(prompt)
    reference = agent(profile).reference
    if args.format == "wire":
        wire = prompt.wire if reference else one.rendering.wire
        sys.stdout.flush()
        sys.stdout.buffer.write(wire.encode("utf-8", "surrogatepass"))
        sys.stdout.buffer.flush()
        return 0
    if args.format == "json":
        print_json(preview_result(folder, profile, system_file, prompt, measured=one))
        return 0
    setup_stdout()
    if args.format == "cache-aware":
        print(preview_text(folder, profile, system_file, prompt))
    elif reference:
        print(preview_text(folder, profile, system_file, prompt, one))
    else:
        print(rendering_text(one))
    return 0


def measured_rendering(prompt: AssembledPrompt) -> Measured:
    """The profile's own wire rendering of what was discovered, measured."""
    return measure_prompt(prompt)


def _run_diff(
    args: argparse.Namespace, folder: str, target: str | None, system_text: str | None
) -> int:
    """``--diff OTHER``: the first differing byte between OTHER's rendering and DIR's."""
    if args.all_profiles or args.format not in ("text", "json"):
        raise UsageError("--diff compares one profile: give --profile and --format text or json")
    profile = check_profile(args.profile)
    home, today = resolve_home(args), resolve_today()

    def render(root: str, for_file: str | None) -> AgentRendering:
        prompt = assemble_prompt(
            root, profile=profile, system_text=system_text, home=home, today=today, target=for_file
        )
        return measured_rendering(prompt).rendering

    old = old_rendering(args.diff, folder, target, render)
    diff = first_difference(old, render(folder, target))
    if args.format == "json":
        print_json(difference_json(profile, args.diff, folder, diff))
    else:
        setup_stdout()
        print(difference_text(profile, args.diff, folder, diff))
    return 1 if diff is not None and diff.in_cached_prefix else 0


def _system_path(system: str | None) -> str | None:
    """Where the doctrine came from: an absolute path, "stdin", or None (built in)."""
    if system is None:
        return None
    return "stdin" if system == "-" else str(Path(system).absolute())
