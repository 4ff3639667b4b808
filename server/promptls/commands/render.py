"""``promptls render FILE|-``: the marker-free text a prompt file puts on the wire.

``--halves`` prints JSON instead: ``{"static", "dynamic", "markers": [...]}`` where
``static``/``dynamic`` are ``split_system_prompt`` of the file and each marker is
``{"offset", "line", "column"}``: ``offset`` in code points from the start of the file,
``line`` and ``column`` 1-based, the column counted in code points. Lines end at ``\\n``,
``\\r\\n`` or a lone ``\\r``, as in LSP.

The file is read as bytes and decoded as strict UTF-8 (a decoding error is a usage
error, exit 2); no newline translation happens, so the output has the file's bytes.
Only the configured zidane marker counts here.
"""

from __future__ import annotations

import argparse
import json
import sys

from promptls.commands._common import read_input
from promptls.prompt import SYSTEM_PROMPT_BOUNDARY, render_system_for_wire, split_system_prompt
from promptls.text.mapper import Mapper

NAME = "render"
HELP = "print the marker-free wire text of a prompt file (or its halves as JSON)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """FILE (or - for stdin) and the --halves switch."""
    parser.add_argument("file", metavar="FILE", help="prompt file to render, or - for stdin")
    parser.add_argument(
        "--halves",
        action="store_true",
        help='print JSON {"static", "dynamic", "markers": [{"offset", "line", "column"}]}',
    )


def marker_positions(text: str, marker: str) -> list[dict[str, int]]:
    """Where every marker starts, as offset and 1-based line and code-point column.

    The mapper converts offsets in text order by counting line breaks from the previous
    one, so this stays one pass even for a 10 MB file full of markers.
    """
    mapper = Mapper(text, "utf-32")
    positions: list[dict[str, int]] = []
    index = text.find(marker)
    while index >= 0:
        line, column = mapper.offset_to_position(index)
        positions.append({"offset": index, "line": line + 1, "column": column + 1})
        index = text.find(marker, index + len(marker))
    return positions


def run(args: argparse.Namespace) -> int:
    """Print wire text or halves; bytes go straight to stdout, UTF-8, unchanged."""
    text = read_input(args.file)
    if args.halves:
        static, dynamic = split_system_prompt(text)
        data = {
            "static": static,
            "dynamic": dynamic,
            "markers": marker_positions(text, SYSTEM_PROMPT_BOUNDARY),
        }
        out = json.dumps(data, ensure_ascii=False) + "\n"
    else:
        out = render_system_for_wire(text)
    sys.stdout.flush()
    sys.stdout.buffer.write(out.encode("utf-8"))
    sys.stdout.buffer.flush()
    return 0
