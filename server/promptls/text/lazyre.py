"""Regular expressions compiled on first use instead of at import.

A fresh language server imports the analysis, every rule and discovery for the first
file a user opens, and most of the ~40 patterns those modules define are never used
for that file (an ``AGENTS.md`` needs 3 of them, a prompt file about 11): compiling all
of them at import was ~2 ms of the first diagnostics. A module writes
``_NAME = lazy(r"...")`` where it wrote ``_NAME = re.compile(r"...")`` and uses
``_NAME`` exactly as before; a pattern built by a function is ``lazy_built(function)``.

On first use the stand-in compiles the pattern and puts it in its place: every module
global that held the stand-in now holds the compiled pattern, so later uses cost
exactly what a pattern compiled at import costs. A reference taken before that (a
pattern inside a tuple, an import into another module) keeps working through the
stand-in, which forwards to the compiled pattern. It is typed as ``re.Pattern`` for
callers, but until that first use it is not one: do not pass it to ``re.sub(pattern, …)``
and friends (call ``_NAME.sub(…)``) or to ``isinstance``. Two threads using it at once
may both compile; both get an equal pattern.

Such a pattern is one of promptls' own constants, never text from a workspace, so its
compiled program may be kept between starts (the language server's code cache,
``lsp/reprograms.py``): its compile runs inside :func:`constants`, which a module also
uses around a constant pattern it compiles another way (``Leads``, the default marker's
searches). A pattern built from settings (a configured marker, globs) never does.
"""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Callable, Iterator, MutableMapping
from contextlib import contextmanager
from typing import Any, AnyStr, cast

_state = threading.local()


@contextmanager
def constants() -> Iterator[None]:
    """Inside: the patterns this thread compiles are promptls' own constants, made only
    from its source (a module-level pattern), so a cache may keep their programs."""
    outer = getattr(_state, "constant", False)
    _state.constant = True
    try:
        yield
    finally:
        _state.constant = outer


def constant(pattern: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """``re.compile`` of one of promptls' own constant patterns, inside :func:`constants`
    (for a pattern compiled on first use by a cached function rather than ``lazy``)."""
    with constants():
        return re.compile(pattern, flags)


def compiling_constants() -> bool:
    """Whether this thread is compiling inside :func:`constants`."""
    return getattr(_state, "constant", False)


class _LazyPattern:
    """Stands in for a compiled pattern until something uses it."""

    def __init__(self, build: Callable[[], re.Pattern[Any]], home: MutableMapping[str, Any]):
        """``build`` makes the pattern; ``home`` is the defining module's globals."""
        self._build = build
        self._home = home
        self._compiled: re.Pattern[Any] | None = None

    def _pattern(self) -> re.Pattern[Any]:
        """The compiled pattern, compiled (and put in the stand-in's place) on first use."""
        compiled = self._compiled
        if compiled is None:
            with constants():
                compiled = self._compiled = self._build()
            for name, value in list(self._home.items()):
                if value is self:
                    self._home[name] = compiled
        return compiled

    def __getattr__(self, name: str) -> Any:
        """Reached only for attributes the stand-in lacks: the pattern's own."""
        if name in ("_build", "_home", "_compiled"):  # not set up (a copy): nothing to ask
            raise AttributeError(name)
        return getattr(self._pattern(), name)

    def __repr__(self) -> str:
        """The compiled pattern's repr, so logs and test output read as before."""
        return repr(self._pattern())


def lazy(pattern: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """``re.compile(pattern, flags)``, done the first time the result is used."""
    home = sys._getframe(1).f_globals
    return cast("re.Pattern[AnyStr]", _LazyPattern(lambda: re.compile(pattern, flags), home))


def lazy_built(build: Callable[[], re.Pattern[AnyStr]]) -> re.Pattern[AnyStr]:
    """``build()``, called the first time the result is used (a generated pattern)."""
    home = sys._getframe(1).f_globals
    return cast("re.Pattern[AnyStr]", _LazyPattern(build, home))
