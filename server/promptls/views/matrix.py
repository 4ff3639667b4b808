"""The coverage matrix: which agent receives which instruction file, side by side.

``promptls context --all-profiles`` (and the default run over several agents) answers
one question the per-profile sections make hard to see: do all the agents receive the
same instructions? One row per real file (a symlinked copy and its target are one row,
the link noted), one column per agent, a cell per (file, agent): what the agent does
with the file and how many bytes of it it sends. ``shapes.py`` serialises it and
``text.py`` prints it, so the CLI and the server's ``showContextFiles`` agree.
"""

# Plain str paths on purpose: discovery's paths are str, compared as they are.

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from promptls.record import Record
from promptls.text import runmemo

if TYPE_CHECKING:
    from promptls.discovery import Discovery, Entry

_SENT = ("loaded", "cut", "imported")
"""Statuses whose bytes reach the model."""
_RANK = {s: n for n, s in enumerate((*_SENT, "shadowed", "dropped", "import-error", "lazy"))}
"""Which status a cell shows when an agent met the same real file twice."""


class Cell(Record):
    """One agent's answer for one real file: its status, the bytes it sends (0 when it
    sends none) and how many times it sends it."""

    status: str
    bytes: int
    sent: int


class Row(Record):
    """One real file: ``path`` is its name (the first met that is no link), ``real``
    the file it is, ``links`` the names that are symbolic links to it."""

    path: str
    real: str
    links: tuple[str, ...]
    cells: tuple[Cell | None, ...]


class Matrix(Record):
    """Rows of real files by columns of agents, with each agent's total bytes sent."""

    agents: tuple[str, ...]
    rows: tuple[Row, ...]
    totals: tuple[int, ...]


def _real(path: str) -> str:
    """The file a path leads to (itself when it is no link or cannot be resolved).

    Through the run's memo: the matrix resolves every entry of every agent, and those
    paths share their folders (``os.path.realpath`` would ``lstat`` each folder of each
    path again, ~600 calls for a deep folder of a monorepo)."""
    try:
        return runmemo.realpath(path)
    except (OSError, ValueError):
        return path


def _is_link(path: str) -> bool:
    """Whether the name itself is a symbolic link (a copy made by ``ln -s``)."""
    try:
        return runmemo.islink(path)
    except (OSError, ValueError):
        return False


def _exists(entry: Entry) -> bool:
    """Whether a candidate is a file on disk (missing names are not rows)."""
    if entry.size is not None or str(entry.status) != "skipped":
        return True
    try:
        return runmemo.lexists(entry.path)
    except (OSError, ValueError):
        return False


def _sent_order(entry: Entry) -> int | None:
    """The index in ``files`` of the text this entry sends: its own for a file sent
    (loaded, cut, imported), the first copy's for a second copy (``Entry.sent_again``);
    None when it sends nothing."""
    if str(entry.status) in _SENT:
        return entry.order
    return entry.sent_again


def _sent_bytes(found: Discovery, order: int) -> int:
    """UTF-8 bytes of what was sent of the file (after a cut)."""
    if order >= len(found.files):
        return 0
    return len(found.files[order].content.encode("utf-8", "surrogatepass"))


def _cell(found: Discovery, entries: list[Entry]) -> Cell:
    """The cell of one agent for one real file met through ``entries``: every copy it
    sends counts, a second copy (sent again by an import) as much as the first."""
    sent = [order for e in entries if (order := _sent_order(e)) is not None]
    status = min((str(e.status) for e in entries), key=lambda s: _RANK.get(s, len(_RANK)))
    return Cell(status, sum(_sent_bytes(found, order) for order in sent), len(sent))


def coverage_matrix(discoveries: Sequence[Discovery]) -> Matrix:
    """The matrix of several agents' discoveries of one folder."""
    order: dict[str, tuple[str, list[str]]] = {}
    met: dict[tuple[str, int], list[Entry]] = {}
    for column, found in enumerate(discoveries):
        for entry in found.entries:
            if not _exists(entry):
                continue
            real = _real(entry.path)
            _first, names = order.setdefault(real, (entry.path, []))
            if entry.path not in names:
                names.append(entry.path)
            met.setdefault((real, column), []).append(entry)
    rows = []
    for real, (first, names) in order.items():
        cells = tuple(
            _cell(found, met[(real, column)]) if (real, column) in met else None
            for column, found in enumerate(discoveries)
        )
        links = tuple(n for n in names if _is_link(n))
        path = next((n for n in names if n not in links), first)
        rows.append(Row(path, real, links, cells))
    totals = tuple(
        sum(cell.bytes for r in rows if (cell := r.cells[c]) is not None)
        for c in range(len(discoveries))
    )
    return Matrix(tuple(d.profile for d in discoveries), tuple(rows), totals)


def column_groups(matrix: Matrix) -> tuple[tuple[int, ...], ...]:
    """Columns whose cells are all equal, folded: each group lists the agents' column
    numbers in order, a group placed where its first agent stands. With many agents most
    of them receive the same files; one column per distinct answer keeps the matrix
    narrow enough to read and makes the agents that differ stand out."""
    groups: dict[tuple[Cell | None, ...], list[int]] = {}
    for column in range(len(matrix.agents)):
        key = tuple(row.cells[column] for row in matrix.rows)
        groups.setdefault(key, []).append(column)
    return tuple(tuple(g) for g in groups.values())


def cell_text(cell: Cell | None) -> str:
    """A compact cell: ``1.2K`` for bytes sent, ``cut 32K`` (cut by a budget), ``@308B``
    (sent as an import), ``2× 4.0K`` (sent twice), or the status."""
    if cell is None:
        return "-"
    if cell.status not in _SENT:
        return cell.status
    size = _short(cell.bytes)
    prefix = {"cut": "cut ", "imported": "@"}.get(cell.status, "")
    if cell.sent > 1:
        prefix = f"{cell.sent}× {prefix}"
    return prefix + size


def _short(n: int) -> str:
    """Bytes in at most five characters."""
    if n < 1000:
        return f"{n}B"
    if n < 100_000:
        return f"{n / 1024:.1f}K"
    return f"{n // 1024}K"
