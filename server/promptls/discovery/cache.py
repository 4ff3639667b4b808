"""Memoised discovery for the language server: one result per (root, profile, home, cap).

Discovery is cheap (a stat per candidate) but the server asks for it on every analysis;
the cache answers from memory and a file event drops exactly the results that the changed
path can affect, so an edit to one AGENTS.md never re-reads the rest of the workspace.
"""

# ruff: noqa: PTH100

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Mapping

from promptls.agents.registry import DEFAULT_PROFILE, PROFILES
from promptls.discovery.api import PathArg, discover, resolve_home
from promptls.discovery.model import Discovery
from promptls.text.fsread import DEFAULT_MAX_BYTES

CacheKey = tuple[str, str, str, str, int]


def _user_dir_override(profile: str, environ: Mapping[str, str]) -> str:
    """The values of the variables that change the profile's result ($CODEX_HOME,
    $XDG_CONFIG_HOME, COPILOT_CUSTOM_INSTRUCTIONS_DIRS, the ones its hooks read), joined."""
    prof = PROFILES.get(profile)
    if prof is None:
        return ""
    names = [prof.user_dir_env, prof.user_parent_env, prof.extra_dirs_env]
    names += prof.discovery.environ
    return "\0".join(environ.get(n, "") if n else "" for n in names)


class DiscoveryCache:
    """Memoised ``discover`` results keyed by (root, profile, home, $CODEX_HOME-like override, cap).

    Bounded LRU (``maxsize``, default 256 results). ``invalidate(path)`` drops exactly
    the results that depend on ``path`` (a candidate, an import target, a ``.git``
    marker, a listed folder, or a folder above any of them). Safe to share between the
    server's event loop and its worker threads: the bookkeeping is under a lock, while
    discovery itself runs outside it (two threads may then compute the same result
    once each). A result computed while an invalidation happened is returned but not
    cached, so a file event can never be undone by a slow discovery that began before it.
    """

    def __init__(self, maxsize: int = 256) -> None:
        """An empty cache holding at most ``maxsize`` results."""
        self.maxsize = max(1, maxsize)
        self._items: OrderedDict[CacheKey, Discovery] = OrderedDict()
        self._lock = threading.Lock()
        self._generation = 0

    def __len__(self) -> int:
        """How many results are cached."""
        with self._lock:
            return len(self._items)

    def discover(
        self,
        root: PathArg,
        profile: str = DEFAULT_PROFILE,
        *,
        home: PathArg | None = None,
        environ: Mapping[str, str] | None = None,
        max_bytes: int = DEFAULT_MAX_BYTES,
    ) -> Discovery:
        """``discover`` with memoisation; the least recently used result goes first."""
        env = os.environ if environ is None else environ
        home_path, _ = resolve_home(home, environ)
        key = (
            os.path.abspath(os.fspath(root)),
            profile,
            home_path or "",
            _user_dir_override(profile, env),
            max_bytes,
        )
        with self._lock:
            hit = self._items.get(key)
            if hit is not None:
                self._items.move_to_end(key)
                return hit
            generation = self._generation
        result = discover(root, profile, home=home, environ=environ, max_bytes=max_bytes)
        with self._lock:
            if generation != self._generation:
                return result
            self._items[key] = result
            self._items.move_to_end(key)
            while len(self._items) > self.maxsize:
                self._items.popitem(last=False)
        return result

    def invalidate(self, path: PathArg) -> int:
        """Drop every cached result that ``path`` can affect; return how many."""
        target = os.path.abspath(os.fspath(path))
        with self._lock:
            self._generation += 1
            stale = [k for k, d in self._items.items() if d.depends_on(target)]
            for key in stale:
                del self._items[key]
        return len(stale)

    def clear(self) -> None:
        """Forget everything (e.g. after a settings change)."""
        with self._lock:
            self._generation += 1
            self._items.clear()
