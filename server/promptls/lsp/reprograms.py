"""Compiled regular-expression programs of promptls' own patterns, kept between starts.

A new server's first analysis compiles about thirty of promptls' patterns (the marker
scanner's character classes, the rules' ``Leads``, the fence and import searches):
~4 ms of the first ``didOpen`` of a large prompt, most of it CPython's regex compiler
building the tables of character classes that hold invisible characters. The pattern
texts are constants of promptls' source, so the programs are the same at every start;
the code cache (``codecache.py``) keeps them beside the code it keeps, and this module
stands in front of ``re``'s compiler to hand them back.

What it keeps: only a pattern compiled inside ``lazyre.constants`` (a module's lazily
compiled pattern, a ``Leads`` alternative, the default marker's searches), never one
built from a workspace's settings (a configured marker, globs), which compile as
before. An entry is found by the exact pattern and flags, and it holds what
``re``'s compiler would have handed to ``_sre.compile`` (which checks the program it
is given). That hand-over is CPython's private interface, the same from 3.11 to 3.13
(``SUPPORTED``); on any other interpreter nothing is kept and every pattern compiles
as usual.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]
import re
import sys
from array import array
from collections.abc import Callable
from re import _compiler, _parser  # type: ignore[attr-defined]
from typing import Any

from promptls.text import lazyre

SUPPORTED = ((3, 11), (3, 13))
"""CPython versions, first and last, whose ``re._compiler.compile`` hands the program to
``_sre.compile`` as this module does (checked by the tests on each)."""

Key = tuple[str | bytes, int]
"""An entry's key: the pattern and the flags it was compiled with."""

Program = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]
"""What ``_sre.compile`` takes besides the pattern: the final flags, the code (as
native unsigned ints), the group count less one, the group index both ways."""

_DEBUG = int(re.DEBUG)


def supported() -> bool:
    """Whether this interpreter compiles patterns the way :func:`program` repeats."""
    version = sys.version_info[:2]
    return (
        sys.implementation.name == "cpython"
        and SUPPORTED[0] <= version <= SUPPORTED[1]
        and array("I").itemsize == _sre.CODESIZE
    )


def program(pattern: str | bytes, flags: int) -> Program:
    """What ``re._compiler.compile`` would pass to ``_sre.compile`` for ``pattern``."""
    parsed = _parser.parse(pattern, flags)
    code = _compiler._code(parsed, flags)
    state = parsed.state
    indexgroup: list[str | None] = [None] * state.groups
    for name, index in state.groupdict.items():
        indexgroup[index] = name
    return (
        int(flags | state.flags),
        array("I", code).tobytes(),
        state.groups - 1,
        dict(state.groupdict),
        tuple(indexgroup),
    )


def build(pattern: str | bytes, kept: Program) -> re.Pattern[Any]:
    """The compiled pattern from a kept program."""
    flags, code, groups, groupindex, indexgroup = kept
    compiled: re.Pattern[Any] = _sre.compile(
        pattern, flags, array("I", code).tolist(), groups, dict(groupindex), indexgroup
    )
    return compiled


def is_entry(key: object, value: object) -> bool:
    """Whether a table entry read from a file has the shape this module writes."""
    if not (type(key) is tuple and len(key) == 2 and type(key[1]) is int):
        return False
    if type(key[0]) not in (str, bytes) or type(value) is not tuple or len(value) != 5:
        return False
    flags, code, groups, groupindex, indexgroup = value
    return (
        type(flags) is int
        and type(code) is bytes
        and type(groups) is int
        and type(groupindex) is dict
        and type(indexgroup) is tuple
    )


class Programs:
    """The kept programs, and the stand-in for ``re``'s compiler that uses them."""

    def __init__(self, known: dict[Key, Program]) -> None:
        """Start from the programs a cache file held."""
        self.known = known
        self.fresh: dict[Key, Program] = {}
        """Programs compiled this session (not saved yet)."""
        self.reused = 0
        self._original: Callable[[Any, int], re.Pattern[Any]] = _compiler.compile

    def compile(self, pattern: Any, flags: int = 0) -> re.Pattern[Any]:
        """``re._compiler.compile``: a constant pattern from its kept program (compiled
        and kept when new); anything else by the compiler it replaced."""
        if (
            not lazyre.compiling_constants()
            or type(pattern) not in (str, bytes)
            or int(flags) & _DEBUG
        ):
            return self._original(pattern, flags)
        key = (pattern, int(flags))
        kept = self.known.get(key)
        if kept is None:
            kept = self.known[key] = self.fresh[key] = program(pattern, int(flags))
        else:
            self.reused += 1
        return build(pattern, kept)

    def install(self) -> bool:
        """Stand in front of ``re``'s compiler; False (nothing done) where unsupported."""
        if not supported():
            return False
        self._original = _compiler.compile
        _compiler.compile = self.compile
        return True
