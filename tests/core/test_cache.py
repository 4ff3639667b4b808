"""What keys a cached discovery and when a result is not kept (``discovery/cache.py``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import promptls.discovery.cache as cache_module
from promptls.context import Discovery, DiscoveryCache
from promptls.discovery.api import discover as api_discover
from tests.core.helpers import write


def names(result: Discovery) -> list[str]:
    """The loaded files, as paths."""
    return [f.path for f in result.files]


def test_codex_home_keys_the_cache(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CODEX_HOME", raising=False)
    home, ws = tree / "home", tree / "ws"
    write(tree / "a" / "AGENTS.md", "user a")
    write(tree / "b" / "AGENTS.md", "user b")
    write(home / ".codex" / "AGENTS.md", "default user")
    cache = DiscoveryCache()
    first = cache.discover(ws, "codex", home=home, environ={"CODEX_HOME": str(tree / "a")})
    second = cache.discover(ws, "codex", home=home, environ={"CODEX_HOME": str(tree / "b")})
    plain = cache.discover(ws, "codex", home=home, environ={})
    assert names(first) == [str(tree / "a" / "AGENTS.md")]
    assert names(second) == [str(tree / "b" / "AGENTS.md")]
    assert names(plain) == [str(home / ".codex" / "AGENTS.md")]


def test_codex_home_of_the_process_is_used_without_an_environ(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, ws = tree / "home", tree / "ws"
    write(tree / "a" / "AGENTS.md", "user a")
    write(tree / "b" / "AGENTS.md", "user b")
    cache = DiscoveryCache()
    monkeypatch.setenv("CODEX_HOME", str(tree / "a"))
    assert names(cache.discover(ws, "codex", home=home)) == [str(tree / "a" / "AGENTS.md")]
    monkeypatch.setenv("CODEX_HOME", str(tree / "b"))
    assert names(cache.discover(ws, "codex", home=home)) == [str(tree / "b" / "AGENTS.md")]


@pytest.mark.parametrize("variable", ["OPENCODE_CONFIG_DIR", "XDG_CONFIG_HOME"])
def test_opencode_folders_key_the_cache(tree: Path, variable: str) -> None:
    home, ws = tree / "home", tree / "ws"
    write(tree / "a" / "opencode" / "AGENTS.md", "a")
    write(tree / "a" / "AGENTS.md", "a")
    cache = DiscoveryCache()
    before = cache.discover(ws, "opencode", home=home, environ={})
    after = cache.discover(ws, "opencode", home=home, environ={variable: str(tree / "a")})
    assert names(before) == []
    assert names(after) != []


def test_the_home_keys_the_cache(tree: Path) -> None:
    ws = tree / "ws"
    write(tree / "h1" / ".codex" / "AGENTS.md", "one")
    write(tree / "h2" / ".codex" / "AGENTS.md", "two")
    cache = DiscoveryCache()
    one = cache.discover(ws, "codex", home=tree / "h1", environ={})
    two = cache.discover(ws, "codex", home=tree / "h2", environ={})
    assert names(one) == [str(tree / "h1" / ".codex" / "AGENTS.md")]
    assert names(two) == [str(tree / "h2" / ".codex" / "AGENTS.md")]
    by_env = cache.discover(ws, "codex", environ={"HOME": str(tree / "h1")})
    by_env2 = cache.discover(ws, "codex", environ={"HOME": str(tree / "h2")})
    assert names(by_env) == names(one)
    assert names(by_env2) == names(two)


def test_the_read_cap_is_passed_on_and_keys_the_cache(tree: Path) -> None:
    home, ws = tree / "home", tree / "ws"
    write(ws / "AGENTS.md", "0123456789")
    cache = DiscoveryCache()
    cut = cache.discover(ws, "or", home=home, environ={}, max_bytes=4)
    whole = cache.discover(ws, "or", home=home, environ={})
    assert [f.content for f in cut.files] == ["0123"]
    assert [f.content for f in whole.files] == ["0123456789"]


@pytest.mark.parametrize("size", [0, 1])
def test_a_cache_of_size_one_keeps_the_last_result_only(tree: Path, size: int) -> None:
    home = tree / "home"
    cache = DiscoveryCache(maxsize=size)
    first = cache.discover(tree / "ws", "or", home=home, environ={})
    cache.discover(tree, "or", home=home, environ={})
    assert len(cache) == 1
    assert cache.discover(tree / "ws", "or", home=home, environ={}) is not first


def racing(
    cache: DiscoveryCache, monkeypatch: pytest.MonkeyPatch, during: Callable[[], None]
) -> None:
    """Make the cache's next discovery run ``during`` before it returns."""
    real = api_discover

    def slow(*args: object, **kwargs: object) -> Discovery:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        during()
        monkeypatch.setattr(cache_module, "discover", real)
        return result

    monkeypatch.setattr(cache_module, "discover", slow)


@pytest.mark.parametrize("earlier", ["invalidate", "clear", "none"])
@pytest.mark.parametrize("race", ["invalidate", "clear", "invalidate+clear", "clear+invalidate"])
def test_a_result_raced_by_a_file_event_is_not_kept(
    tree: Path, monkeypatch: pytest.MonkeyPatch, earlier: str, race: str
) -> None:
    home, ws = tree / "home", tree / "ws"
    cache = DiscoveryCache()

    def invalidate() -> None:
        cache.invalidate(ws / "AGENTS.md")

    events: dict[str, Callable[[], None]] = {
        "invalidate": invalidate,
        "clear": cache.clear,
        "none": lambda: None,
    }
    events[earlier]()  # the cache's history before this discovery

    def during() -> None:
        write(ws / "AGENTS.md", "created while discovery ran")
        for name in race.split("+"):
            events[name]()

    racing(cache, monkeypatch, during)
    stale = cache.discover(ws, "or", home=home, environ={})
    assert names(stale) == []
    assert len(cache) == 0
    fresh = cache.discover(ws, "or", home=home, environ={})
    assert names(fresh) == [str(ws / "AGENTS.md")]


def test_the_default_cache_holds_256_results(tree: Path) -> None:
    home = tree / "home"
    cache = DiscoveryCache()
    for i in range(257):
        cache.discover(tree / "ws" / str(i), "or", home=home, environ={})
    assert len(cache) == 256
